/*
 * An implementation adapter in C++ for uri-conformance: rhymu8354/Uri
 * (https://github.com/rhymu8354/Uri, MIT), its C++ half, speaking protocol version 2 through
 * ../../c/protocol.h. The library's sources are not in this repository: ./setup compiles them
 * in place from RHYMU8354_URI_DIR and RHYMU8354_STRINGEXTENSIONS_DIR (by default
 * ../shared/vendor/rhymu8354-Uri and ../shared/vendor/rhymu8354-StringExtensions next to the
 * repository) together with this file into .build/.
 *
 *     adapters/cpp/rhymu8354-uri/setup
 *     uri-conformance diff --impl-cmd adapters/cpp/rhymu8354-uri/run 'http://a/b'
 *
 * The API (include/Uri/Uri.hpp): Uri::Uri::ParseFromString, GetScheme, GetUserInfo, GetHost,
 * HasPort/GetPort, GetPath (a vector of segments), HasQuery/GetQuery, HasFragment/GetFragment,
 * Resolve, NormalizePath, GenerateString. Its README: "This is a library which implements IETF
 * RFC 3986": `spec` is "RFC 3986"; it documents no departure.
 *
 * Its component model, and how it maps onto the protocol's:
 *   scheme: GetScheme(), lowercased by the parser (case-folded); "" is null (the library says
 *     "" is returned "if there is no scheme element").
 *   userinfo: GetUserInfo(), percent-decoded (decoded); "" is null (empty-is-undefined).
 *   host: GetHost(): a reg-name percent-decoded and lowercased (decoded, case-folded); an IP
 *     literal without its brackets, which the adapter puts back around a host holding ":" (an
 *     IPv6 address, or an IPvFuture with ":" in it). An IPvFuture without ":" ("[v1.x]" is
 *     "v1.x") cannot be told from a reg-name: reported unbracketed, as GenerateString writes it.
 *     "" is null (empty-is-undefined): the library has no empty host, and writes an authority
 *     ("//") only when the host or userinfo is not empty or there is a port (so "//" and
 *     "file:///x" lose it). host_kind: hidden, since the library says nothing of a host's
 *     kind and its host is decoded ("%30.0.0.0" is "0.0.0.0"): what is written is the
 *     adapter's guess from the decoded text ("ipvfuture" for a bracketed host starting with
 *     "v", "ipv6" for another bracketed one, "ipv4" for an RFC 3986 IPv4address, else
 *     "reg-name"; null without a host).
 *   port: HasPort() and GetPort(), a uint16_t: an empty port is no port (empty-is-undefined),
 *     "080" is "80".
 *   path: GetPath(), segments, each percent-decoded (decoded), joined with "/": ["", "a"] is
 *     "/a", ["a", ""] is "a/", and [""] alone is "/" (the library's note: "If the first segment
 *     of the path is an empty string, then the URI has an absolute path"). The parser gives an
 *     authority with an empty path the path [""] ("/"), so "http://a" has the path "/".
 *   query, fragment: HasQuery()/GetQuery(), HasFragment()/GetFragment(), percent-decoded
 *     (decoded).
 * Rule: "URI-reference" (ParseFromString takes relative references).
 * Resolve: base.Resolve(reference), then GenerateString(). No non-strict mode (strict=false is
 *   unsupported).
 * Normalize (level "syntax"): ParseFromString, NormalizePath() (dot segments), GenerateString(),
 *   with the lowercasing and percent-decoding the parser does and the encoding GenerateString
 *   does.
 * Serialize: ParseFromString, then GenerateString().
 * NUL: ParseFromString takes a std::string, so a "\u0000" in the input reaches the library.
 */

#include <Uri/Uri.hpp>

#include <exception>
#include <string>
#include <vector>

#include "../../c/protocol.h"

#ifndef RHYMU8354_URI_VERSION
#define RHYMU8354_URI_VERSION "unknown"
#endif

static bool parse_into(Uri::Uri &u, const text &t) { return u.ParseFromString(str(t)); }

static std::string joined_path(const std::vector<std::string> &segments) {
	if (segments.size() == 1 && segments[0].empty()) {
		return "/";
	}
	std::string path;
	for (size_t i = 0; i < segments.size(); i++) {
		if (i > 0) {
			path += '/';
		}
		path += segments[i];
	}
	return path;
}

static void answer_parse(const request *r) {
	Uri::Uri u;
	if (!parse_into(u, r->input)) {
		answer_invalid(r, "ParseFromString returned false");
		return;
	}
	std::string host = u.GetHost();
	bool bracketed = host.find(':') != std::string::npos;
	begin_parsed(r);
	emit_nonempty(u.GetScheme());
	emits(",\"userinfo\":");
	emit_nonempty(u.GetUserInfo());
	emits(",\"host\":");
	emit_nonempty(bracketed ? "[" + host + "]" : host);
	emits(",\"port\":");
	emit_port_number(u.HasPort(), u.GetPort());
	emits(",\"path\":");
	emit_s(joined_path(u.GetPath()));
	emits(",\"query\":");
	if (u.HasQuery()) emit_s(u.GetQuery()); else emits("null");
	emits(",\"fragment\":");
	if (u.HasFragment()) emit_s(u.GetFragment()); else emits("null");
	end_parsed(host.empty()			  ? "null"
	      : bracketed			  ? (host[0] == 'v' ? "\"ipvfuture\"" : "\"ipv6\"")
	      : is_ipv4address(host.c_str()) ? "\"ipv4\""
					  : "\"reg-name\"");
}

static void answer_generated(const request *r, const char *key, const Uri::Uri &u) {
	std::string s = u.GenerateString();
	answer_string(r, key, s.data(), s.size());
}

static void answer_resolve(const request *r) {
	if (!r->strict) {
		answer_unsupported(r);
		return;
	}
	Uri::Uri base, reference;
	if (!parse_into(base, r->base)) {
		answer_invalid(r, "base: ParseFromString returned false");
	} else if (!parse_into(reference, r->input)) {
		answer_invalid(r, "URI-reference: ParseFromString returned false");
	} else {
		answer_generated(r, "target", base.Resolve(reference));
	}
}

static void answer_normalize(const request *r) {
	Uri::Uri u;
	if (!parse_into(u, r->input)) {
		answer_invalid(r, "ParseFromString returned false");
		return;
	}
	u.NormalizePath();
	answer_generated(r, "normalized", u);
}

static void answer_serialize(const request *r) {
	Uri::Uri u;
	if (!parse_into(u, r->input)) {
		answer_invalid(r, "ParseFromString returned false");
		return;
	}
	answer_generated(r, "serialized", u);
}


/* The programs a report shows under "Reproduce with ... alone", against the library only
 * (docs/protocol.md, about.reproduce); each placeholder becomes a C string literal. */
/* What every program below starts with. */
static const std::string PROGRAM_HEAD = R"cpp(// git clone https://github.com/rhymu8354/Uri && git clone https://github.com/rhymu8354/StringExtensions
// c++ -std=c++17 -IUri/include -IStringExtensions/include prog.cpp Uri/src/*.cpp StringExtensions/src/StringExtensions.cpp
#include <Uri/Uri.hpp>
#include <iostream>
#include <string>
)cpp";

/* A program: PROGRAM_HEAD, then `body` (main up to its last line), then main's `return 0;`
 * and its closing brace. */
static std::string program(const char *body) {
	return PROGRAM_HEAD + body + "    return 0;\n}\n";
}

static const std::string REPRODUCE_PARSE = program(R"cpp(#include <vector>

int main() {
    static const char input[] = {input};
    Uri::Uri u;
    if (!u.ParseFromString(std::string(input, sizeof input - 1))) {
        std::cout << "ParseFromString returned false\n";
        return 0;
    }
    std::cout << "GetScheme: \"" << u.GetScheme() << "\"\n"
        << "GetUserInfo: \"" << u.GetUserInfo() << "\"\n"
        << "GetHost: \"" << u.GetHost() << "\"\n"
        << "HasPort: " << u.HasPort() << ", GetPort: " << u.GetPort() << "\n"
        << "GetPath: [";
    const std::vector<std::string> path = u.GetPath();
    for (size_t i = 0; i < path.size(); i++) {
        std::cout << (i > 0 ? ", \"" : "\"") << path[i] << "\"";
    }
    std::cout << "]\nHasQuery: " << u.HasQuery() << ", GetQuery: \"" << u.GetQuery() << "\"\n"
        << "HasFragment: " << u.HasFragment() << ", GetFragment: \"" << u.GetFragment() << "\"\n";
)cpp");

static const std::string REPRODUCE_RESOLVE = program(R"cpp(
int main() {
    static const char base_text[] = {base}, input[] = {input};
    Uri::Uri base, reference;
    if (!base.ParseFromString(std::string(base_text, sizeof base_text - 1))) {
        std::cout << "base: ParseFromString returned false\n";
    } else if (!reference.ParseFromString(std::string(input, sizeof input - 1))) {
        std::cout << "reference: ParseFromString returned false\n";
    } else {
        std::cout << base.Resolve(reference).GenerateString() << "\n";
    }
)cpp");

static const std::string REPRODUCE_NORMALIZE = program(R"cpp(
int main() {
    static const char input[] = {input};
    Uri::Uri u;
    if (!u.ParseFromString(std::string(input, sizeof input - 1))) {
        std::cout << "ParseFromString returned false\n";
        return 0;
    }
    u.NormalizePath();
    std::cout << u.GenerateString() << "\n";
)cpp");

static void answer_about(const request *r) {
	begin(r);
	emits("\"protocol\":2,\"name\":\"cpp-rhymu8354-uri\",\"language\":\"C++\",\"library\":"
	      "\"rhymu8354/Uri\",\"version\":");
	emit_jsons(RHYMU8354_URI_VERSION);
	emits(",\"spec\":\"RFC 3986\",\"operations\":[\"parse\",\"resolve\",\"normalize\",\"serialize\"],"
	      "\"rules\":[\"URI-reference\"],\"blind_spots\":["
	      BLIND("scheme", "case-folded", "the parser lowercases the scheme") ","
	      BLIND("userinfo", "decoded", "the parser percent-decodes the userinfo") ","
	      BLIND("userinfo", "empty-is-undefined", "GetUserInfo() is \\\"\\\" when there is none") ","
	      BLIND("host", "decoded", "the parser percent-decodes a reg-name") ","
	      BLIND("host", "case-folded", "the parser lowercases a reg-name") ","
	      BLIND("host", "empty-is-undefined", "GetHost() is \\\"\\\" when there is none") ","
	      BLIND("host_kind", "hidden", "the library does not say whether a host is a reg-name or an IP address") ","
	      BLIND("port", "empty-is-undefined", "HasPort() is false for an empty port") ","
	      BLIND("path", "decoded", "GetPath() gives percent-decoded segments") ","
	      BLIND("query", "decoded", "GetQuery() is percent-decoded") ","
	      BLIND("fragment", "decoded", "GetFragment() is percent-decoded") "]");
	emit_reproduce("cpp", REPRODUCE_PARSE.c_str(), REPRODUCE_RESOLVE.c_str(), REPRODUCE_NORMALIZE.c_str());
}

/* What the library throws (it documents no exception), answered as a refusal of the input. */
static void guard(request_handler operation, const request *r) {
	try {
		operation(r);
	} catch (const std::exception &e) {
		answer_thrown(r, "undocumented exception: ", e);
	}
}

SERVE(answer_about, answer_parse, answer_resolve, answer_normalize, answer_serialize,
      "URI-reference", 0, guard)
