/*
 * An implementation adapter in C for uri-conformance: libcurl's URL API (CURLU, Debian's
 * libcurl4-openssl-dev), speaking protocol version 2 through ../protocol.h.
 *
 *     adapters/c/curl/setup      # apt-get install libcurl4-openssl-dev; make
 *     uri-conformance diff --impl-cmd adapters/c/curl/run 'http://a/b'
 *
 * The API (https://curl.se/libcurl/c/libcurl-url.html): curl_url, curl_url_set with
 * CURLUPART_URL, curl_url_get per part, curl_url_get(CURLUPART_URL) to write a URL back.
 *
 * What curl follows: https://curl.se/docs/url-syntax.html calls curl's syntax "RFC 3986+": RFC
 * 3986 with curl's own departures, among them: a URL needs a scheme and one to three slashes after
 * it ("foo:/x" and "http:///x" are read as "foo://x", "http://x"; "mailto:a@b" is refused); a
 * missing path is "/"; IPv4 numbers in other forms ("0x7f.1") are rewritten as dotted decimal;
 * an IPv6 zone id ("%25eth0") is accepted; the port is kept only when it has digits; spaces and
 * control characters are refused; other bytes outside RFC 3986 (non-ASCII, "<>{}|^") are taken
 * as they are. So `spec` is "RFC 3986+ (curl URL syntax)", which the harness judges by RFC 3986.
 *
 * Parse: curl_url_set(CURLUPART_URL, input, CURLU_NON_SUPPORT_SCHEME | CURLU_PATH_AS_IS), so
 * that any scheme is taken and the path is kept as written (curl removes dot segments without
 * CURLU_PATH_AS_IS). The rule is "URI": curl parses absolute URLs only. Components:
 *   scheme, host, port, path, query, fragment: curl_url_get of that part with no flags (not
 *     decoded); CURLUE_NO_* is null. curl has no undefined/empty distinction for the port ("a:"
 *     has no port): a blind spot.
 *   userinfo: CURLUPART_USER, then ":" CURLUPART_PASSWORD, then ";" CURLUPART_OPTIONS (the login
 *     options, split off only for schemes that have them: imap, pop3, smtp), in the order curl's
 *     own serializer writes them; null when curl has no user.
 *   host: curl keeps an IPv6 literal's brackets; a zone id (CURLUPART_ZONEID) is put back inside
 *     them as "%25" ZONEID. host_kind: "ipv6" for a bracketed host (curl has no IPvFuture),
 *     "ipv4" for a host that is an RFC 3986 IPv4address (curl writes every IPv4 form so), else
 *     "reg-name".
 * Resolve: curl_url_set(CURLUPART_URL, base, CURLU_NON_SUPPORT_SCHEME), then curl_url_set of the
 *   reference on the same handle (curl reads it as relative to what the handle holds), then
 *   curl_url_get(CURLUPART_URL). curl has no non-strict mode: strict=false is unsupported.
 * Serialize: parse as above, then curl_url_get(CURLUPART_URL).
 * Normalize: unsupported (curl has no RFC 3986 §6 normalization of its own).
 * NUL: curl_url_set takes a NUL-terminated string, so an input or base holding "\u0000" is
 *   answered {"unsupported":true}.
 */

#include <curl/curl.h>

#include "../protocol.h"

#define PARSE_FLAGS (CURLU_NON_SUPPORT_SCHEME | CURLU_PATH_AS_IS)

static void answer_curl_error(const request *r, const char *what, CURLUcode rc) {
	char message[256];
	snprintf(message, sizeof message, "%s: %s (CURLUcode %d)", what, curl_url_strerror(rc), (int)rc);
	answer_invalid(r, message);
}

/* A part, or NULL when curl has none; the caller frees it with curl_free. */
static char *get_part(CURLU *h, CURLUPart part) {
	char *value = NULL;
	if (curl_url_get(h, part, &value, 0) != CURLUE_OK) {
		return NULL;
	}
	return value;
}

static void answer_parse(const request *r) {
	CURLU *h = curl_url();
	CURLUcode rc = curl_url_set(h, CURLUPART_URL, r->input.data, PARSE_FLAGS);
	if (rc != CURLUE_OK) {
		answer_curl_error(r, "URI", rc);
		curl_url_cleanup(h);
		return;
	}
	char *scheme = get_part(h, CURLUPART_SCHEME), *user = get_part(h, CURLUPART_USER);
	char *password = get_part(h, CURLUPART_PASSWORD), *options = get_part(h, CURLUPART_OPTIONS);
	char *host = get_part(h, CURLUPART_HOST), *zone = get_part(h, CURLUPART_ZONEID);
	char *port = get_part(h, CURLUPART_PORT), *path = get_part(h, CURLUPART_PATH);
	char *query = get_part(h, CURLUPART_QUERY), *fragment = get_part(h, CURLUPART_FRAGMENT);
	begin_parsed(r);
	emit_opt(scheme);
	emits(",\"userinfo\":");
	if (user) {
		size_t saved = out_len;
		emits(user);
		if (password) {
			emits(":");
			emits(password);
		}
		if (options) {
			emits(";");
			emits(options);
		}
		size_t len = out_len - saved;
		char *userinfo = (char *)malloc(len);
		memcpy(userinfo, out + saved, len);
		out_len = saved;
		emit_json(userinfo, len);
		free(userinfo);
	} else {
		emits("null");
	}
	emits(",\"host\":");
	const char *kind = "null";
	if (host) {
		size_t len = strlen(host);
		if (zone && len > 0 && host[len - 1] == ']') {
			size_t zlen = strlen(zone);
			char *joined = (char *)malloc(len + zlen + 4);
			memcpy(joined, host, len - 1);
			memcpy(joined + len - 1, "%25", 3);
			memcpy(joined + len + 2, zone, zlen);
			joined[len + 2 + zlen] = ']';
			emit_json(joined, len + zlen + 3);
			free(joined);
		} else {
			emit_jsons(host);
		}
		kind = host[0] == '[' ? "\"ipv6\"" : is_ipv4address(host) ? "\"ipv4\"" : "\"reg-name\"";
	} else {
		emits("null");
	}
	emits(",\"port\":");
	emit_opt(port);
	emits(",\"path\":");
	emit_jsons(path ? path : "");
	emits(",\"query\":");
	emit_opt(query);
	emits(",\"fragment\":");
	emit_opt(fragment);
	end_parsed(kind);
	curl_free(scheme), curl_free(user), curl_free(password), curl_free(options);
	curl_free(host), curl_free(zone), curl_free(port), curl_free(path);
	curl_free(query), curl_free(fragment);
	curl_url_cleanup(h);
}

static void answer_url(const request *r, CURLU *h, const char *key) {
	char *url = NULL;
	CURLUcode rc = curl_url_get(h, CURLUPART_URL, &url, 0);
	if (rc != CURLUE_OK) {
		answer_curl_error(r, "curl_url_get", rc);
	} else {
		answer_string(r, key, url, strlen(url));
	}
	curl_free(url);
}

static void answer_resolve(const request *r) {
	if (!r->strict) {
		answer_unsupported(r);
		return;
	}
	CURLU *h = curl_url();
	CURLUcode rc = curl_url_set(h, CURLUPART_URL, r->base.data, CURLU_NON_SUPPORT_SCHEME);
	if (rc != CURLUE_OK) {
		answer_curl_error(r, "base", rc);
	} else if ((rc = curl_url_set(h, CURLUPART_URL, r->input.data, CURLU_NON_SUPPORT_SCHEME))) {
		answer_curl_error(r, "URI-reference", rc);
	} else {
		answer_url(r, h, "target");
	}
	curl_url_cleanup(h);
}

static void answer_serialize(const request *r) {
	CURLU *h = curl_url();
	CURLUcode rc = curl_url_set(h, CURLUPART_URL, r->input.data, PARSE_FLAGS);
	if (rc != CURLUE_OK) {
		answer_curl_error(r, "URI", rc);
	} else {
		answer_url(r, h, "serialized");
	}
	curl_url_cleanup(h);
}

/* The programs a report shows under "Reproduce with ... alone", against the library only
 * (docs/protocol.md, about.reproduce); each placeholder becomes a C string literal. */
/* What the parse and resolve programs start with. */
#define PROGRAM_HEAD \
	"// cc prog.c -lcurl\n" \
	"#include <stdio.h>\n" \
	"#include <curl/curl.h>\n" \
	"\n" \
	"int main(void) {\n" \
	"    CURLU *h = curl_url();\n"

static const char REPRODUCE_PARSE[] =
	PROGRAM_HEAD
	"    CURLUcode rc = curl_url_set(h, CURLUPART_URL, {input}, CURLU_NON_SUPPORT_SCHEME | CURLU_PATH_AS_IS);\n"
	"    if (rc != CURLUE_OK) {\n"
	"        printf(\"curl_url_set: %s (CURLUcode %d)\\n\", curl_url_strerror(rc), (int)rc);\n"
	"        return 0;\n"
	"    }\n"
	"    const CURLUPart parts[] = {CURLUPART_SCHEME, CURLUPART_USER, CURLUPART_PASSWORD, CURLUPART_OPTIONS,\n"
	"        CURLUPART_HOST, CURLUPART_ZONEID, CURLUPART_PORT, CURLUPART_PATH, CURLUPART_QUERY, CURLUPART_FRAGMENT};\n"
	"    const char *names[] = {\"scheme\", \"user\", \"password\", \"options\", \"host\", \"zoneid\", \"port\", \"path\", \"query\", \"fragment\"};\n"
	"    for (int i = 0; i < 10; i++) {\n"
	"        char *value = NULL;\n"
	"        rc = curl_url_get(h, parts[i], &value, 0);\n"
	"        if (rc == CURLUE_OK) {\n"
	"            printf(\"%s: \\\"%s\\\"\\n\", names[i], value);\n"
	"        } else {\n"
	"            printf(\"%s: none (%s)\\n\", names[i], curl_url_strerror(rc));\n"
	"        }\n"
	"        curl_free(value);\n"
	"    }\n"
	"    curl_url_cleanup(h);\n"
	"    return 0;\n"
	"}\n";

static const char REPRODUCE_RESOLVE[] =
	PROGRAM_HEAD
	"    CURLUcode rc = curl_url_set(h, CURLUPART_URL, {base}, CURLU_NON_SUPPORT_SCHEME);\n"
	"    if (rc != CURLUE_OK) {\n"
	"        printf(\"base: %s (CURLUcode %d)\\n\", curl_url_strerror(rc), (int)rc);\n"
	"        return 0;\n"
	"    }\n"
	"    /* A second URL set on the same handle is read relative to the first. */\n"
	"    rc = curl_url_set(h, CURLUPART_URL, {input}, CURLU_NON_SUPPORT_SCHEME);\n"
	"    if (rc != CURLUE_OK) {\n"
	"        printf(\"reference: %s (CURLUcode %d)\\n\", curl_url_strerror(rc), (int)rc);\n"
	"        return 0;\n"
	"    }\n"
	"    char *url = NULL;\n"
	"    rc = curl_url_get(h, CURLUPART_URL, &url, 0);\n"
	"    if (rc != CURLUE_OK) {\n"
	"        printf(\"curl_url_get: %s (CURLUcode %d)\\n\", curl_url_strerror(rc), (int)rc);\n"
	"    } else {\n"
	"        printf(\"%s\\n\", url);\n"
	"    }\n"
	"    curl_free(url);\n"
	"    curl_url_cleanup(h);\n"
	"    return 0;\n"
	"}\n";

static void answer_about(const request *r) {
	begin(r);
	emits("\"protocol\":2,\"name\":\"c-curl\",\"language\":\"C\",\"library\":\"libcurl\",\"version\":");
	emit_jsons(curl_version_info(CURLVERSION_NOW)->version);
	emits(",\"spec\":\"RFC 3986+ (curl URL syntax, https://curl.se/docs/url-syntax.html)\","
	      "\"operations\":[\"parse\",\"resolve\",\"serialize\"],\"rules\":[\"URI\"],"
	      "\"blind_spots\":[{\"field\":\"scheme\",\"how\":\"case-folded\","
	      "\"reason\":\"curl lowercases the scheme (Curl_is_absolute_url: Curl_raw_tolower)\"},"
	      "{\"field\":\"port\",\"how\":\"empty-is-undefined\","
	      "\"reason\":\"curl_url_get(CURLUPART_PORT) has no port for an empty one\"},"
	      "{\"field\":\"port\",\"how\":\"number\","
	      "\"reason\":\"curl writes the port again as a number: 'generate a new port number string to get rid of leading zeroes etc'\"}]");
	emit_reproduce("c", REPRODUCE_PARSE, REPRODUCE_RESOLVE, NULL);
}

SERVE(answer_about, answer_parse, answer_resolve, NULL, answer_serialize,
      "URI", 1, NULL)
