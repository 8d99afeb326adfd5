/*
 * An implementation adapter in C++ for uri-conformance: Boost.URL (Debian's
 * libboost-url1.81-dev), speaking protocol version 2 through ../../c/protocol.h.
 *
 *     adapters/cpp/boost-url/setup      # apt-get install libboost-url1.81-dev; make
 *     uri-conformance diff --impl-cmd adapters/cpp/boost-url/run 'http://a/b'
 *
 * The API (https://www.boost.org/doc/libs/1_81_0/libs/url/doc/html/index.html):
 * parse_uri_reference, parse_uri, parse_absolute_uri, parse_relative_ref (one per RFC 3986
 * rule), the url_view accessors, resolve(base, reference, dest), url::normalize. Boost.URL
 * documents that it follows RFC 3986 ("Boost.URL is a portable C++ library which provides
 * containers and algorithms which model a "URL," more formally described using the Uniform
 * Resource Identifier (URI) specification (RFC 3986)"), with no departure documented: `spec` is
 * "RFC 3986".
 *
 * Components: every one raw, as the url_view holds it, and every one with its has_* test:
 *   scheme (has_scheme), userinfo (has_userinfo, encoded_userinfo), host (has_authority,
 *   encoded_host, an IP literal with its brackets), port (has_port, port(): the digits as
 *   written, "" for an empty one), path (encoded_path), query (has_query, encoded_query),
 *   fragment (has_fragment, encoded_fragment). host_kind is host_type(): name, ipv4, ipv6,
 *   ipvfuture (none without an authority). No blind spots.
 * Resolve: resolve(base, reference, dest) after parse_uri(base) and parse_uri_reference(input);
 *   Boost.URL has no non-strict mode (strict=false is unsupported).
 * Normalize: url::normalize() on a url made from parse_uri_reference: §6.2.2 syntax-based
 *   normalization (case, percent-encoding, dot segments); the "scheme" level is unsupported.
 * Serialize: unsupported (a url_view is its input string; there is no separate writer).
 * NUL: Boost.URL takes a string_view with its length, so a "\u0000" in the input reaches it.
 */

#include <boost/url.hpp>
#include <boost/version.hpp>

#include <exception>
#include <string>

#include "../../c/protocol.h"

namespace urls = boost::urls;

static void emit_sv(urls::string_view s) { emit_json(s.data(), s.size()); }

static urls::string_view view(const text &t) { return urls::string_view(t.data, t.len); }

static void answer_parse(const request *r) {
	urls::result<urls::url_view> parsed;
	urls::string_view input = view(r->input);
	if (!r->rule.set || is(&r->rule, "URI-reference")) {
		parsed = urls::parse_uri_reference(input);
	} else if (is(&r->rule, "URI")) {
		parsed = urls::parse_uri(input);
	} else if (is(&r->rule, "absolute-URI")) {
		parsed = urls::parse_absolute_uri(input);
	} else {
		parsed = urls::parse_relative_ref(input);
	}
	if (!parsed) {
		answer_invalid(r, parsed.error().message().c_str());
		return;
	}
	urls::url_view u = *parsed;
	begin_parsed(r);
	if (u.has_scheme()) emit_sv(u.scheme()); else emits("null");
	emits(",\"userinfo\":");
	if (u.has_userinfo()) emit_sv(u.encoded_userinfo()); else emits("null");
	emits(",\"host\":");
	if (u.has_authority()) emit_sv(u.encoded_host()); else emits("null");
	emits(",\"port\":");
	if (u.has_port()) emit_sv(u.port()); else emits("null");
	emits(",\"path\":");
	emit_sv(u.encoded_path());
	emits(",\"query\":");
	if (u.has_query()) emit_sv(u.encoded_query()); else emits("null");
	emits(",\"fragment\":");
	if (u.has_fragment()) emit_sv(u.encoded_fragment()); else emits("null");
	const char *kind;
	switch (u.host_type()) {
	case urls::host_type::name: kind = "\"reg-name\""; break;
	case urls::host_type::ipv4: kind = "\"ipv4\""; break;
	case urls::host_type::ipv6: kind = "\"ipv6\""; break;
	case urls::host_type::ipvfuture: kind = "\"ipvfuture\""; break;
	default: kind = u.has_authority() ? "\"reg-name\"" : "null"; break;
	}
	end_parsed(kind);
}

static void answer_resolve(const request *r) {
	if (!r->strict) {
		answer_unsupported(r);
		return;
	}
	auto base = urls::parse_uri(view(r->base));
	if (!base) {
		answer_invalid(r, ("base: " + base.error().message()).c_str());
		return;
	}
	auto reference = urls::parse_uri_reference(view(r->input));
	if (!reference) {
		answer_invalid(r, ("URI-reference: " + reference.error().message()).c_str());
		return;
	}
	urls::url target;
	auto done = urls::resolve(*base, *reference, target);
	if (!done) {
		answer_invalid(r, ("resolve: " + done.error().message()).c_str());
		return;
	}
	answer_string(r, "target", target.buffer().data(), target.buffer().size());
}

static void answer_normalize(const request *r) {
	auto parsed = urls::parse_uri_reference(view(r->input));
	if (!parsed) {
		answer_invalid(r, parsed.error().message().c_str());
		return;
	}
	urls::url u(*parsed);
	u.normalize();
	answer_string(r, "normalized", u.buffer().data(), u.buffer().size());
}

/* The programs a report shows under "Reproduce with ... alone", against the library only
 * (docs/protocol.md, about.reproduce); each placeholder becomes a C string literal. */
/* What every program below starts with. */
static const std::string PROGRAM_HEAD = R"cpp(// c++ -std=c++17 prog.cpp -lboost_url
#include <boost/url.hpp>
#include <iostream>
)cpp";

/* A program: PROGRAM_HEAD, then `body` (main up to its last line), then main's `return 0;`
 * and its closing brace. */
static std::string program(const char *body) {
	return PROGRAM_HEAD + body + "    return 0;\n}\n";
}

static const std::string REPRODUCE_PARSE = program(R"cpp(#include <string>

namespace urls = boost::urls;

int main() {
    static const char text[] = {input};
    urls::string_view input(text, sizeof text - 1);
    std::string rule = {rule};
    urls::result<urls::url_view> r = rule == "URI" ? urls::parse_uri(input)
        : rule == "absolute-URI" ? urls::parse_absolute_uri(input)
        : rule == "relative-ref" ? urls::parse_relative_ref(input)
        : urls::parse_uri_reference(input);
    if (!r) {
        std::cout << "error: " << r.error().message() << "\n";
        return 0;
    }
    urls::url_view u = *r;
    const char *host_types[] = {"none", "name", "ipv4", "ipv6", "ipvfuture"};
    std::cout << std::boolalpha
        << "has_scheme: " << u.has_scheme() << ", scheme: \"" << u.scheme() << "\"\n"
        << "has_authority: " << u.has_authority() << "\n"
        << "has_userinfo: " << u.has_userinfo() << ", encoded_userinfo: \"" << u.encoded_userinfo() << "\"\n"
        << "encoded_host: \"" << u.encoded_host() << "\", host_type: " << host_types[int(u.host_type())] << "\n"
        << "has_port: " << u.has_port() << ", port: \"" << u.port() << "\"\n"
        << "encoded_path: \"" << u.encoded_path() << "\"\n"
        << "has_query: " << u.has_query() << ", encoded_query: \"" << u.encoded_query() << "\"\n"
        << "has_fragment: " << u.has_fragment() << ", encoded_fragment: \"" << u.encoded_fragment() << "\"\n";
)cpp");

static const std::string REPRODUCE_RESOLVE = program(R"cpp(
namespace urls = boost::urls;

int main() {
    static const char base_text[] = {base}, input[] = {input};
    auto base = urls::parse_uri(urls::string_view(base_text, sizeof base_text - 1));
    if (!base) {
        std::cout << "base: " << base.error().message() << "\n";
        return 0;
    }
    auto reference = urls::parse_uri_reference(urls::string_view(input, sizeof input - 1));
    if (!reference) {
        std::cout << "reference: " << reference.error().message() << "\n";
        return 0;
    }
    urls::url target;
    auto done = urls::resolve(*base, *reference, target);
    if (!done) {
        std::cout << "resolve: " << done.error().message() << "\n";
        return 0;
    }
    std::cout << target.buffer() << "\n";
)cpp");

static const std::string REPRODUCE_NORMALIZE = program(R"cpp(
namespace urls = boost::urls;

int main() {
    static const char input[] = {input};
    auto parsed = urls::parse_uri_reference(urls::string_view(input, sizeof input - 1));
    if (!parsed) {
        std::cout << "error: " << parsed.error().message() << "\n";
        return 0;
    }
    urls::url u(*parsed);
    u.normalize();
    std::cout << u.buffer() << "\n";
)cpp");

static void answer_about(const request *r) {
	std::string version = BOOST_LIB_VERSION;
	for (char &c : version) {
		if (c == '_') c = '.';
	}
	begin(r);
	emits("\"protocol\":2,\"name\":\"cpp-boost-url\",\"language\":\"C++\",\"library\":\"Boost.URL\","
	      "\"version\":");
	emit_jsons(version.c_str());
	emits(",\"spec\":\"RFC 3986\",\"operations\":[\"parse\",\"resolve\",\"normalize\"],"
	      "\"rules\":[\"URI-reference\",\"URI\",\"absolute-URI\",\"relative-ref\"],"
	      "\"blind_spots\":[]");
	emit_reproduce("cpp", REPRODUCE_PARSE.c_str(), REPRODUCE_RESOLVE.c_str(), REPRODUCE_NORMALIZE.c_str());
}

/* What Boost.URL throws, answered as a refusal of the input. */
static void guard(request_handler operation, const request *r) {
	try {
		operation(r);
	} catch (const std::exception &e) {
		answer_thrown(r, "exception: ", e);
	}
}

SERVE(answer_about, answer_parse, answer_resolve, answer_normalize, NULL,
      "URI-reference URI absolute-URI relative-ref", 0, guard)
