/*
 * An implementation adapter in C++ for uri-conformance: Qt's QUrl (Qt 6, Debian's
 * qt6-base-dev), speaking protocol version 2 through ../../c/protocol.h.
 *
 *     adapters/cpp/qt-qurl/setup      # apt-get install qt6-base-dev; make
 *     uri-conformance diff --impl-cmd adapters/cpp/qt-qurl/run 'http://a/b'
 *
 * The API (https://doc.qt.io/qt-6/qurl.html): QUrl(QString, QUrl::StrictMode) and isValid(),
 * the component accessors with QUrl::FullyEncoded, QUrl::resolved, QUrl::adjusted with
 * QUrl::NormalizePathSegments, QUrl::toString(QUrl::FullyEncoded). StrictMode, not the default
 * TolerantMode (which fixes up "common mistakes" such as spaces and lone "%"), since the harness
 * judges the library by RFC 3986: QUrl documents that it "conforms to the URI specification
 * from RFC 3986 (Uniform Resource Identifier: Generic Syntax), and includes scheme extensions
 * from RFC 1738 (Uniform Resource Locators). Case folding rules in QUrl conform to RFC 3491
 * (Nameprep: A Stringprep Profile for Internationalized Domain Names (IDN))": `spec` is
 * "RFC 3986". Its documented departures and additions: hosts are case-folded and IDNA-processed
 * (RFC 3491, "é" is "xn--9ca"); non-ASCII text is accepted and percent-encoded; an empty URL is
 * not valid (isValid: "Returns true if the URL is non-empty and valid"); the RFC 1738 file and
 * network schemes.
 *
 * Components, and what QUrl does to them (each a blind spot in about):
 *   scheme: lowercased (case-folded).
 *   userinfo, path, query, fragment: userInfo/path/query/fragment(QUrl::FullyEncoded), a null
 *     QString (isNull) or !hasQuery/!hasFragment for an undefined one; the path is never
 *     undefined (null is ""). QUrl decodes the percent-encodings of unreserved characters ("%7e"
 *     is "~"), uppercases the others' hex digits and percent-encodes non-ASCII (re-encoded).
 *   host: host(QUrl::FullyEncoded): lowercased, IDNA ACE form, IPv4 in dotted decimal
 *     ("0x7f.1" is "127.0.0.1"), IPv6 in its canonical text ("0:0::1" is "::1") (case-folded);
 *     QUrl gives no host (a null QString) for an empty one ("//", "file:///x")
 *     (empty-is-undefined). The brackets QUrl removes from an IP literal are put back when
 *     authority() shows them. host_kind: "ipvfuture" for a bracketed host starting with "v",
 *     "ipv6" for another bracketed one, "ipv4" for an RFC 3986 IPv4address, else "reg-name".
 *   port: an int, -1 for none: an empty port is no port (empty-is-undefined); "080" is "80".
 * Rule: "URI-reference" (QUrl takes relative references too).
 * Resolve: QUrl(base, StrictMode).resolved(QUrl(input, StrictMode)), each refused when
 *   !isValid() (except the empty text, which QUrl calls invalid only for being empty: not
 *   isEmpty(), which a refused reference whose parse cleared every section is too, "// "), then
 *   toString(QUrl::FullyEncoded). QUrl has no non-strict mode (strict=false is unsupported).
 * Normalize (level "syntax"): adjusted(QUrl::NormalizePathSegments).toString(FullyEncoded):
 *   dot segments removed, with the case and percent-encoding normalization QUrl always does.
 * Serialize: toString(QUrl::FullyEncoded).
 * NUL: QString holds it, so a "\u0000" in the input reaches QUrl.
 */

/* Qt's `emit` keyword macro would clash with protocol.h's emit(). */
#define QT_NO_KEYWORDS
#include <QString>
#include <QUrl>
#include <QtGlobal>

#include "../../c/protocol.h"

static void emit_q(const QString &s) {
	QByteArray bytes = s.toUtf8();
	emit_json(bytes.constData(), (size_t)bytes.size());
}

static void emit_qopt(const QString &s, bool defined) {
	if (defined) {
		emit_q(s);
	} else {
		emits("null");
	}
}

static QString qtext(const text &t) { return QString::fromUtf8(t.data, (qsizetype)t.len); }

static const QUrl::ComponentFormattingOptions ENCODED = QUrl::FullyEncoded;

static void answer_qurl_invalid(const request *r, const QUrl &u, const char *what) {
	QByteArray message = (QString::fromUtf8(what) + ": " +
			      (u.errorString().isEmpty() ? QStringLiteral("QUrl is not valid when empty") : u.errorString()))
				     .toUtf8();
	answer_invalid_len(r, message.constData(), (size_t)message.size());
}

static void answer_parse(const request *r) {
	QUrl u(qtext(r->input), QUrl::StrictMode);
	if (!u.isValid()) {
		answer_qurl_invalid(r, u, "URI-reference");
		return;
	}
	QString host = u.host(ENCODED);
	bool bracketed = !host.isNull() && u.authority(ENCODED).contains("[" + host + "]");
	begin_parsed(r);
	emit_qopt(u.scheme(), !u.scheme().isNull());
	emits(",\"userinfo\":");
	QString userinfo = u.userInfo(ENCODED);
	emit_qopt(userinfo, !userinfo.isNull());
	emits(",\"host\":");
	emit_qopt(bracketed ? "[" + host + "]" : host, !host.isNull());
	emits(",\"port\":");
	emit_port_number(u.port() >= 0, u.port());
	emits(",\"path\":");
	emit_q(u.path(ENCODED));
	emits(",\"query\":");
	emit_qopt(u.query(ENCODED), u.hasQuery());
	emits(",\"fragment\":");
	emit_qopt(u.fragment(ENCODED), u.hasFragment());
	end_parsed(host.isNull()  ? "null"
		   : bracketed    ? (host.startsWith('v') || host.startsWith('V') ? "\"ipvfuture\"" : "\"ipv6\"")
		   : is_ipv4address(host.toUtf8().constData()) ? "\"ipv4\""
							       : "\"reg-name\"");
}

static void answer_url(const request *r, const char *key, const QUrl &u) {
	QByteArray bytes = u.toString(QUrl::FullyEncoded).toUtf8();
	answer_string(r, key, bytes.constData(), (size_t)bytes.size());
}

static void answer_resolve(const request *r) {
	if (!r->strict) {
		answer_unsupported(r);
		return;
	}
	QUrl base(qtext(r->base), QUrl::StrictMode);
	if (!base.isValid()) {
		answer_qurl_invalid(r, base, "base");
		return;
	}
	QUrl reference(qtext(r->input), QUrl::StrictMode);
	if (r->input.len != 0 && !reference.isValid()) {
		answer_qurl_invalid(r, reference, "URI-reference");
		return;
	}
	// QUrl::resolved may build a URL that QUrl itself calls invalid ("a:/.//" has the path
	// "//" without an authority): its toString() is then empty, which is no target.
	QUrl target = base.resolved(reference);
	if (!target.isValid()) {
		answer_qurl_invalid(r, target, "target");
		return;
	}
	answer_url(r, "target", target);
}

static void answer_normalize(const request *r) {
	QUrl u(qtext(r->input), QUrl::StrictMode);
	if (!u.isValid()) {
		answer_qurl_invalid(r, u, "URI-reference");
		return;
	}
	// An adjusted URL that QUrl calls invalid writes as the empty string, which is no
	// normalization (an empty one, of "." say, is empty and valid by QUrl's other rule).
	QUrl normalized = u.adjusted(QUrl::NormalizePathSegments);
	if (!normalized.isEmpty() && !normalized.isValid()) {
		answer_qurl_invalid(r, normalized, "normalized");
		return;
	}
	answer_url(r, "normalized", normalized);
}

static void answer_serialize(const request *r) {
	QUrl u(qtext(r->input), QUrl::StrictMode);
	if (!u.isValid()) {
		answer_qurl_invalid(r, u, "URI-reference");
		return;
	}
	answer_url(r, "serialized", u);
}

#define REENCODED(field) \
	BLIND(field, "re-encoded", "QUrl decodes unreserved percent-encodings, uppercases the others and percent-encodes non-ASCII") ","

/* The programs a report shows under "Reproduce with ... alone", against the library only
 * (docs/protocol.md, about.reproduce); each placeholder becomes a C string literal. */
/* What every program below starts with. */
static const std::string PROGRAM_HEAD = R"cpp(// c++ -std=c++17 -fPIC prog.cpp $(pkg-config --cflags --libs Qt6Core)
#include <QUrl>
#include <cstdio>

)cpp";

/* A program: PROGRAM_HEAD, then `body` (main up to its last line), then main's `return 0;`
 * and its closing brace. */
static std::string program(const char *body) {
	return PROGRAM_HEAD + body + "    return 0;\n}\n";
}

static const std::string REPRODUCE_PARSE = program(R"cpp(static void show(const char *name, const QString &value) {
    if (value.isNull()) {
        std::printf("%s: null\n", name);
    } else {
        std::printf("%s: \"%s\"\n", name, value.toUtf8().constData());
    }
}

int main() {
    static const char input[] = {input};
    QUrl u(QString::fromUtf8(input, sizeof input - 1), QUrl::StrictMode);
    if (!u.isValid()) {
        std::printf("not valid: %s\n", u.errorString().toUtf8().constData());
        return 0;
    }
    show("scheme", u.scheme());
    show("authority", u.authority(QUrl::FullyEncoded));
    show("userInfo", u.userInfo(QUrl::FullyEncoded));
    show("host", u.host(QUrl::FullyEncoded));
    std::printf("port: %d\n", u.port());
    show("path", u.path(QUrl::FullyEncoded));
    std::printf("hasQuery: %d\n", (int)u.hasQuery());
    show("query", u.query(QUrl::FullyEncoded));
    std::printf("hasFragment: %d\n", (int)u.hasFragment());
    show("fragment", u.fragment(QUrl::FullyEncoded));
)cpp");

static const std::string REPRODUCE_RESOLVE = program(R"cpp(int main() {
    static const char base_text[] = {base}, input[] = {input};
    QUrl base(QString::fromUtf8(base_text, sizeof base_text - 1), QUrl::StrictMode);
    QUrl reference(QString::fromUtf8(input, sizeof input - 1), QUrl::StrictMode);
    if (!base.isValid()) {
        std::printf("base not valid: %s\n", base.errorString().toUtf8().constData());
        return 0;
    }
    if (sizeof input > 1 && !reference.isValid()) {
        std::printf("reference not valid: %s\n", reference.errorString().toUtf8().constData());
        return 0;
    }
    std::printf("%s\n", base.resolved(reference).toString(QUrl::FullyEncoded).toUtf8().constData());
)cpp");

static const std::string REPRODUCE_NORMALIZE = program(R"cpp(int main() {
    static const char input[] = {input};
    QUrl u(QString::fromUtf8(input, sizeof input - 1), QUrl::StrictMode);
    if (!u.isValid()) {
        std::printf("not valid: %s\n", u.errorString().toUtf8().constData());
        return 0;
    }
    std::printf("%s\n", u.adjusted(QUrl::NormalizePathSegments).toString(QUrl::FullyEncoded).toUtf8().constData());
)cpp");

static void answer_about(const request *r) {
	begin(r);
	emits("\"protocol\":2,\"name\":\"cpp-qt-qurl\",\"language\":\"C++\",\"library\":\"Qt QUrl "
	      "(StrictMode)\",\"version\":");
	emit_jsons(qVersion());
	emits(",\"spec\":\"RFC 3986\",\"operations\":[\"parse\",\"resolve\",\"normalize\",\"serialize\"],"
	      "\"rules\":[\"URI-reference\"],\"blind_spots\":["
	      BLIND("scheme", "case-folded", "QUrl lowercases the scheme") ","
	      BLIND("host", "case-folded", "QUrl lowercases (and IDNA-maps) the host") ","
	      BLIND("host", "empty-is-undefined", "QUrl::host() is null for an empty host") ","
	      BLIND("port", "empty-is-undefined", "QUrl::port() is -1 for an absent or empty port") ","
	      REENCODED("userinfo") REENCODED("path") REENCODED("query")
	      BLIND("fragment", "re-encoded", "QUrl decodes unreserved percent-encodings, uppercases the others and percent-encodes non-ASCII")
	      "]");
	emit_reproduce("cpp", REPRODUCE_PARSE.c_str(), REPRODUCE_RESOLVE.c_str(), REPRODUCE_NORMALIZE.c_str());
}

SERVE(answer_about, answer_parse, answer_resolve, answer_normalize, answer_serialize,
      "URI-reference", 0, NULL)
