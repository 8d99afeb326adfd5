/*
 * An implementation adapter in C++ for uri-conformance: Poco::URI (POCO Foundation, Debian's
 * libpoco-dev), speaking protocol version 2 through ../../c/protocol.h.
 *
 *     adapters/cpp/poco-uri/setup      # apt-get install libpoco-dev; make
 *     uri-conformance diff --impl-cmd adapters/cpp/poco-uri/run 'http://a/b'
 *
 * The API (https://docs.pocoproject.org/current/Poco.URI.html): URI(const std::string&), which
 * throws Poco::SyntaxException; getScheme, getUserInfo, getHost, getSpecifiedPort, getPath,
 * getRawQuery, getFragment; resolve; normalize; toString. Poco::URI is documented as "A
 * Uniform Resource Identifier, as specified in RFC 3986" whose resolution follows "section 5.2
 * of RFC 3986": `spec` is "RFC 3986". Its documented departures ("The class automatically
 * performs a few normalizations on all URIs and URI parts passed to it"): the scheme is
 * lowercased, percent-encoded characters are decoded except in the query (which getRawQuery
 * gives as written), the port is a number (0 for none).
 *
 * Components, and the blind spots they make:
 *   scheme: getScheme(), lowercased (case-folded); "" is null.
 *   userinfo: getUserInfo(), as written; "" is null (empty-is-undefined).
 *   host: getHost(), lowercased (case-folded), percent-encodings as written (Poco 1.11.0 does
 *     not decode a host: "http://a%42/" has the host "a%42"); "" is null (empty-is-undefined).
 *     Poco removes an IP literal's brackets: they are put back around a host holding ":" (an
 *     IPv6 address); an IPvFuture's are lost ("[v1.x]" is "v1.x", as Poco's own toString
 *     writes it). host_kind: hidden, since Poco says nothing of a host's kind (what is written
 *     is the adapter's guess from the text: "ipv6" for a bracketed host, "ipv4" for an RFC 3986
 *     IPv4address, else "reg-name"; null without a host).
 *   port: getSpecifiedPort(), 0 for none (empty-is-undefined; "080" is "80"; ":0" is refused by
 *     Poco). (getPort() would give the scheme's well-known port when none is written.)
 *   path: getPath(), percent-decoded (decoded).
 *   query: getRawQuery(), as written; "" is null (empty-is-undefined).
 *   fragment: getFragment(), percent-decoded (decoded); "" is null (empty-is-undefined).
 * Rule: "URI-reference" (the constructor takes relative references).
 * Resolve: URI(base).resolve(input), then toString(); a SyntaxException is {"valid":false}.
 *   Poco has no non-strict mode (strict=false is unsupported).
 * Normalize (level "syntax"): URI(input).normalize() (dot segments), then toString(), with the
 *   case and percent-decoding Poco always does (which decodes reserved characters too).
 * Serialize: URI(input).toString().
 * NUL: std::string holds it, so a "\u0000" in the input reaches Poco.
 */

#include <Poco/Environment.h>
#include <Poco/Exception.h>
#include <Poco/URI.h>

#include <exception>
#include <string>

#include "../../c/protocol.h"

static void answer_parse(const request *r) {
	Poco::URI u(str(r->input));
	const std::string &host = u.getHost();
	bool bracketed = host.find(':') != std::string::npos;
	begin_parsed(r);
	emit_nonempty(u.getScheme());
	emits(",\"userinfo\":");
	emit_nonempty(u.getUserInfo());
	emits(",\"host\":");
	emit_nonempty(bracketed ? "[" + host + "]" : host);
	emits(",\"port\":");
	emit_port_number(u.getSpecifiedPort() != 0, u.getSpecifiedPort());
	emits(",\"path\":");
	emit_s(u.getPath());
	emits(",\"query\":");
	emit_nonempty(u.getRawQuery());
	emits(",\"fragment\":");
	emit_nonempty(u.getFragment());
	end_parsed(host.empty()			  ? "null"
	      : bracketed			  ? "\"ipv6\""
	      : is_ipv4address(host.c_str()) ? "\"ipv4\""
					  : "\"reg-name\"");
}

static void answer_resolve(const request *r) {
	if (!r->strict) {
		answer_unsupported(r);
		return;
	}
	Poco::URI base(str(r->base));
	base.resolve(str(r->input));
	std::string target = base.toString();
	answer_string(r, "target", target.data(), target.size());
}

static void answer_normalize(const request *r) {
	Poco::URI u(str(r->input));
	u.normalize();
	std::string normalized = u.toString();
	answer_string(r, "normalized", normalized.data(), normalized.size());
}

static void answer_serialize(const request *r) {
	std::string serialized = Poco::URI(str(r->input)).toString();
	answer_string(r, "serialized", serialized.data(), serialized.size());
}

#define EMPTY(field) BLIND(field, "empty-is-undefined", "Poco::URI keeps no undefined component")

/* The programs a report shows under "Reproduce with ... alone", against the library only
 * (docs/protocol.md, about.reproduce); each placeholder becomes a C string literal. */
/* What every program below starts with. */
static const std::string PROGRAM_HEAD = R"cpp(// c++ prog.cpp -lPocoFoundation
#include <Poco/Exception.h>
#include <Poco/URI.h>
#include <exception>
#include <iostream>
#include <string>

int main() {
)cpp";
/* What every program below ends with. */
static const std::string PROGRAM_TAIL = R"cpp(    } catch (const Poco::Exception &e) {
        std::cout << e.displayText() << "\n";
    } catch (const std::exception &e) {
        std::cout << "std::exception: " << e.what() << "\n";
    }
    return 0;
}
)cpp";

static const std::string REPRODUCE_PARSE =
	PROGRAM_HEAD +
	R"cpp(    static const char input[] = {input};
    try {
        Poco::URI u(std::string(input, sizeof input - 1));
        std::cout << "getScheme: \"" << u.getScheme() << "\"\n"
            << "getUserInfo: \"" << u.getUserInfo() << "\"\n"
            << "getHost: \"" << u.getHost() << "\"\n"
            << "getSpecifiedPort: " << u.getSpecifiedPort() << "\n"
            << "getPath: \"" << u.getPath() << "\"\n"
            << "getRawQuery: \"" << u.getRawQuery() << "\"\n"
            << "getFragment: \"" << u.getFragment() << "\"\n";
)cpp" +
	PROGRAM_TAIL;

static const std::string REPRODUCE_RESOLVE =
	PROGRAM_HEAD +
	R"cpp(    static const char base_text[] = {base}, input[] = {input};
    try {
        Poco::URI base(std::string(base_text, sizeof base_text - 1));
        base.resolve(std::string(input, sizeof input - 1));
        std::cout << base.toString() << "\n";
)cpp" +
	PROGRAM_TAIL;

static const std::string REPRODUCE_NORMALIZE =
	PROGRAM_HEAD +
	R"cpp(    static const char input[] = {input};
    try {
        Poco::URI u(std::string(input, sizeof input - 1));
        u.normalize();
        std::cout << u.toString() << "\n";
)cpp" +
	PROGRAM_TAIL;

static void answer_about(const request *r) {
	Poco::UInt32 v = Poco::Environment::libraryVersion();
	char version[32];
	snprintf(version, sizeof version, "%u.%u.%u", (unsigned)(v >> 24), (unsigned)((v >> 16) & 0xff),
		 (unsigned)((v >> 8) & 0xff));
	begin(r);
	emits("\"protocol\":2,\"name\":\"cpp-poco-uri\",\"language\":\"C++\",\"library\":\"Poco::URI\","
	      "\"version\":");
	emit_jsons(version);
	emits(",\"spec\":\"RFC 3986\",\"operations\":[\"parse\",\"resolve\",\"normalize\",\"serialize\"],"
	      "\"rules\":[\"URI-reference\"],\"blind_spots\":["
	      BLIND("scheme", "case-folded", "Poco::URI lowercases the scheme") ","
	      EMPTY("scheme") "," EMPTY("userinfo") ","
	      BLIND("host", "case-folded", "Poco::URI lowercases the host") ","
	      EMPTY("host") ","
	      BLIND("host_kind", "hidden", "Poco::URI does not say whether a host is a reg-name or an IP address") ","
	      BLIND("port", "empty-is-undefined", "Poco::URI's port is a number, 0 for none") ","
	      BLIND("path", "decoded", "Poco::URI percent-decodes the path") ","
	      EMPTY("query") ","
	      BLIND("fragment", "decoded", "Poco::URI percent-decodes the fragment") ","
	      EMPTY("fragment") "]");
	emit_reproduce("cpp", REPRODUCE_PARSE.c_str(), REPRODUCE_RESOLVE.c_str(), REPRODUCE_NORMALIZE.c_str());
}

/* What Poco throws, answered as a refusal of the input: its own exceptions by their text, any
 * other as undocumented. */
static void guard(request_handler operation, const request *r) {
	try {
		operation(r);
	} catch (const Poco::Exception &e) {
		std::string message = e.displayText();
		answer_invalid_len(r, message.data(), message.size());
	} catch (const std::exception &e) {
		answer_thrown(r, "undocumented exception: ", e);
	}
}

SERVE(answer_about, answer_parse, answer_resolve, answer_normalize, answer_serialize,
      "URI-reference", 0, guard)
