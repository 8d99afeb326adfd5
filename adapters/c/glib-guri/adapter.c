/*
 * An implementation adapter in C for uri-conformance: GLib's GUri (Debian's libglib2.0-dev),
 * speaking protocol version 2 through ../protocol.h.
 *
 *     adapters/c/glib-guri/setup      # apt-get install libglib2.0-dev; make
 *     uri-conformance diff --impl-cmd adapters/c/glib-guri/run 'http://a/b'
 *
 * The API (https://docs.gtk.org/glib/struct.Uri.html): g_uri_split (parse a URI-reference),
 * g_uri_parse with the g_uri_get_* accessors (parse an absolute URI), g_uri_resolve_relative
 * (resolve), g_uri_join (write the split components back). GLib documents that GUri follows
 * RFC 3986 ("GUri scope is to help manipulate URIs in various applications, following RFC
 * 3986 ... doesn't implement the WHATWG URL standard"); without G_URI_FLAGS_PARSE_RELAXED, which
 * this adapter does not pass, it parses by RFC 3986's grammar. So `spec` is "RFC 3986".
 *
 * Flags: G_URI_FLAGS_ENCODED (userinfo, path, query and fragment stay percent-encoded) and
 * G_URI_FLAGS_NON_DNS (the host is not taken for a DNS name: no IDNA). What GLib still does to
 * what it reports, each a blind spot in about:
 *   scheme: lowercased (case-folded).
 *   userinfo, path, query, fragment: "encoded" is normalized, not raw: GLib decodes the
 *     percent-encodings of unreserved characters ("%41" is "A"), uppercases the others ("%aF"
 *     is "%AF") and percent-encodes what is outside the grammar (" " is "%20", "é" is "%C3%A9")
 *     rather than refusing it (re-encoded).
 *   host: unreserved percent-encodings decoded and the others uppercased ("%41%2f" is "A%2F"),
 *     non-ASCII percent-encoded, an IPv6 zone id's "%25" decoded to "%" (re-encoded); an IP
 *     literal's brackets removed: the adapter puts them back around a host holding ":" (GLib
 *     refuses IPvFuture, so such a host is an IPv6 literal).
 *   port: an int, -1 when absent: an empty port is no port (empty-is-undefined), and "080" is
 *     reported "80" (GLib's value, written in decimal: number).
 * host_kind: "ipv6" for a bracketed host, "ipv4" for a host that is an RFC 3986 IPv4address
 * and that GLib's DNS mode (no G_URI_FLAGS_NON_DNS) takes as written (it refuses a
 * percent-encoded IP address), else "reg-name"; null without a host.
 *
 * Rules: "URI-reference" with g_uri_split; "URI" with g_uri_parse, which refuses a relative
 * reference and (GLib's doing, as in resolution) removes dot segments from the path.
 * Resolve: g_uri_resolve_relative(base, reference); GLib has no non-strict mode (strict=false
 *   is unsupported).
 * Serialize: g_uri_split, then g_uri_join of its components with the same flags.
 * Normalize: unsupported (G_URI_FLAGS_SCHEME_NORMALIZE is scheme-specific only).
 * NUL: every call takes a NUL-terminated string, so an input or base holding "\u0000" is
 *   answered {"unsupported":true}.
 */

#include <glib.h>

#include "../protocol.h"

#define FLAGS (G_URI_FLAGS_ENCODED | G_URI_FLAGS_NON_DNS)

static void answer_gerror(const request *r, GError *error) {
	answer_invalid(r, error ? error->message : "refused");
	if (error) {
		g_error_free(error);
	}
}

/* Whether a host GLib reports as an IPv4 address was written as one. With G_URI_FLAGS_NON_DNS
 * GLib normalizes a registered name ("%30.0.0.0" is "0.0.0.0") and gives an IP address as it
 * is, so the two look alike; without it, parse_host refuses the first ("You're not allowed to
 * %-encode an IP address, so if it wasn't one before, it better not be one now": "Illegal
 * encoded IP address"), and that is the question asked. */
static int written_as_ipv4(const request *r, const char *host) {
	if (!is_ipv4address(host)) {
		return 0;
	}
	char *dns_host = NULL;
	int ok = g_uri_split(r->input.data, G_URI_FLAGS_ENCODED, NULL, NULL, &dns_host, NULL, NULL,
			     NULL, NULL, NULL);
	g_free(dns_host);
	return ok;
}

static void emit_components(const request *r, const char *scheme, const char *userinfo,
			    const char *host, int port, const char *path, const char *query,
			    const char *fragment) {
	begin_parsed(r);
	emit_opt(scheme);
	emits(",\"userinfo\":");
	emit_opt(userinfo);
	emits(",\"host\":");
	const char *kind = "null";
	if (host) {
		if (strchr(host, ':')) {
			emit_bracketed(host, strlen(host));
			kind = "\"ipv6\"";
		} else {
			emit_jsons(host);
			kind = written_as_ipv4(r, host) ? "\"ipv4\"" : "\"reg-name\"";
		}
	} else {
		emits("null");
	}
	emits(",\"port\":");
	emit_port_number(port >= 0, port);
	emits(",\"path\":");
	emit_jsons(path ? path : "");
	emits(",\"query\":");
	emit_opt(query);
	emits(",\"fragment\":");
	emit_opt(fragment);
	end_parsed(kind);
}

static void answer_parse(const request *r) {
	GError *error = NULL;
	if (r->rule.set && is(&r->rule, "URI")) {
		GUri *uri = g_uri_parse(r->input.data, FLAGS, &error);
		if (!uri) {
			answer_gerror(r, error);
			return;
		}
		emit_components(r, g_uri_get_scheme(uri), g_uri_get_userinfo(uri), g_uri_get_host(uri),
				g_uri_get_port(uri), g_uri_get_path(uri), g_uri_get_query(uri),
				g_uri_get_fragment(uri));
		g_uri_unref(uri);
		return;
	}
	char *scheme = NULL, *userinfo = NULL, *host = NULL, *path = NULL, *query = NULL;
	char *fragment = NULL;
	int port = -1;
	if (!g_uri_split(r->input.data, FLAGS, &scheme, &userinfo, &host, &port, &path, &query,
			 &fragment, &error)) {
		answer_gerror(r, error);
		return;
	}
	emit_components(r, scheme, userinfo, host, port, path, query, fragment);
	g_free(scheme), g_free(userinfo), g_free(host), g_free(path), g_free(query), g_free(fragment);
}

static void answer_resolve(const request *r) {
	if (!r->strict) {
		answer_unsupported(r);
		return;
	}
	GError *error = NULL;
	char *target = g_uri_resolve_relative(r->base.data, r->input.data, FLAGS, &error);
	if (!target) {
		answer_gerror(r, error);
		return;
	}
	answer_string(r, "target", target, strlen(target));
	g_free(target);
}

static void answer_serialize(const request *r) {
	char *scheme = NULL, *userinfo = NULL, *host = NULL, *path = NULL, *query = NULL;
	char *fragment = NULL;
	int port = -1;
	GError *error = NULL;
	if (!g_uri_split(r->input.data, FLAGS, &scheme, &userinfo, &host, &port, &path, &query,
			 &fragment, &error)) {
		answer_gerror(r, error);
		return;
	}
	char *joined = g_uri_join(FLAGS, scheme, userinfo, host, port, path, query, fragment);
	answer_string(r, "serialized", joined, strlen(joined));
	g_free(joined);
	g_free(scheme), g_free(userinfo), g_free(host), g_free(path), g_free(query), g_free(fragment);
}

#define REENCODED(field)                                                                            \
	"{\"field\":\"" field "\",\"how\":\"re-encoded\",\"reason\":\"G_URI_FLAGS_ENCODED normalizes "    \
	"percent-encodings: unreserved ones decoded, others uppercased, other characters encoded\"},"

/* The programs a report shows under "Reproduce with ... alone", against the library only
 * (docs/protocol.md, about.reproduce); each placeholder becomes a C string literal. */
static const char REPRODUCE_PARSE[] =
	"// cc prog.c $(pkg-config --cflags --libs glib-2.0)\n"
	"#include <stdio.h>\n"
	"#include <string.h>\n"
	"#include <glib.h>\n"
	"\n"
	REPRODUCE_C_SHOW
	"\n"
	"int main(void) {\n"
	"    const char *input = {input}, *rule = {rule};\n"
	"    GUriFlags flags = G_URI_FLAGS_ENCODED | G_URI_FLAGS_NON_DNS;\n"
	"    GError *error = NULL;\n"
	"    if (strcmp(rule, \"URI\") == 0) {\n"
	"        GUri *uri = g_uri_parse(input, flags, &error);\n"
	"        if (!uri) {\n"
	"            printf(\"g_uri_parse: %s\\n\", error->message);\n"
	"            return 0;\n"
	"        }\n"
	"        show(\"scheme\", g_uri_get_scheme(uri));\n"
	"        show(\"userinfo\", g_uri_get_userinfo(uri));\n"
	"        show(\"host\", g_uri_get_host(uri));\n"
	"        printf(\"port: %d\\n\", g_uri_get_port(uri));\n"
	"        show(\"path\", g_uri_get_path(uri));\n"
	"        show(\"query\", g_uri_get_query(uri));\n"
	"        show(\"fragment\", g_uri_get_fragment(uri));\n"
	"        g_uri_unref(uri);\n"
	"        return 0;\n"
	"    }\n"
	"    char *scheme, *userinfo, *host, *path, *query, *fragment;\n"
	"    int port;\n"
	"    if (!g_uri_split(input, flags, &scheme, &userinfo, &host, &port, &path, &query, &fragment, &error)) {\n"
	"        printf(\"g_uri_split: %s\\n\", error->message);\n"
	"        return 0;\n"
	"    }\n"
	"    show(\"scheme\", scheme);\n"
	"    show(\"userinfo\", userinfo);\n"
	"    show(\"host\", host);\n"
	"    printf(\"port: %d\\n\", port);\n"
	"    show(\"path\", path);\n"
	"    show(\"query\", query);\n"
	"    show(\"fragment\", fragment);\n"
	"    return 0;\n"
	"}\n";

static const char REPRODUCE_RESOLVE[] =
	"// cc prog.c $(pkg-config --cflags --libs glib-2.0)\n"
	"#include <stdio.h>\n"
	"#include <glib.h>\n"
	"\n"
	"int main(void) {\n"
	"    GError *error = NULL;\n"
	"    char *target = g_uri_resolve_relative({base}, {input}, G_URI_FLAGS_ENCODED | G_URI_FLAGS_NON_DNS, &error);\n"
	"    if (!target) {\n"
	"        printf(\"g_uri_resolve_relative: %s\\n\", error->message);\n"
	"        return 0;\n"
	"    }\n"
	"    printf(\"%s\\n\", target);\n"
	"    g_free(target);\n"
	"    return 0;\n"
	"}\n";

static void answer_about(const request *r) {
	char version[64];
	snprintf(version, sizeof version, "%u.%u.%u", glib_major_version, glib_minor_version,
		 glib_micro_version);
	begin(r);
	emits("\"protocol\":2,\"name\":\"c-glib-guri\",\"language\":\"C\",\"library\":\"GLib GUri\","
	      "\"version\":");
	emit_jsons(version);
	emits(",\"spec\":\"RFC 3986\",\"operations\":[\"parse\",\"resolve\",\"serialize\"],"
	      "\"rules\":[\"URI-reference\",\"URI\"],\"blind_spots\":["
	      "{\"field\":\"scheme\",\"how\":\"case-folded\",\"reason\":\"GUri lowercases the scheme\"},"
	      REENCODED("userinfo") REENCODED("path") REENCODED("query") REENCODED("fragment")
	      "{\"field\":\"host\",\"how\":\"re-encoded\",\"reason\":\"GUri decodes the host's unreserved "
	      "percent-encodings (and an IPv6 zone id's %25) and uppercases the others\"},"
	      "{\"field\":\"port\",\"how\":\"empty-is-undefined\",\"reason\":\"GUri's port is an int, "
	      "-1 for an absent or empty port\"},"
	      "{\"field\":\"port\",\"how\":\"number\",\"reason\":\"GUri's port is an int: \\\"080\\\" "
	      "is 80\"}]");
	emit_reproduce("c", REPRODUCE_PARSE, REPRODUCE_RESOLVE, NULL);
}

SERVE(answer_about, answer_parse, answer_resolve, NULL, answer_serialize,
      "URI-reference URI", 1, NULL)
