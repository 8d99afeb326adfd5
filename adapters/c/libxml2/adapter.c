/*
 * An implementation adapter in C for uri-conformance: libxml2's URI module (Debian's
 * libxml2-dev), speaking protocol version 2 through ../protocol.h.
 *
 *     adapters/c/libxml2/setup      # apt-get install libxml2-dev; make
 *     uri-conformance diff --impl-cmd adapters/c/libxml2/run 'http://a/b'
 *
 * The API (https://gnome.pages.gitlab.gnome.org/libxml2/devhelp/libxml2-uri.html):
 * xmlParseURIRaw(str, 1) (parse, without unescaping the components), xmlBuildURI (resolve),
 * xmlParseURI with xmlSaveUri (serialize). What it follows: its parse functions are documented
 * as "Parse an URI based on RFC 3986" (and uri.c cites RFCs 3986, 2732 and 2373), while the
 * summary in libxml/uri.h still reads "Implements RFC 2396": `spec` is "RFC 3986". The documented
 * departure: xmlBuildURI is documented as "processed according to section 5.2 of the RFC 2396",
 * whose step 6 removes dot segments only from a merged relative path (an absolute-path or
 * network-path reference's "/./g/.." is kept).
 *
 * Components (struct xmlURI):
 *   scheme, user (the userinfo), path, query_raw (the query as written; `query` is the
 *   deprecated unescaped copy), fragment: as libxml2 holds them, raw since raw=1; NULL is null.
 *   A missing path (NULL) is "".
 *   host: `server`, an IP literal with its brackets. libxml2 stores an empty host ("//",
 *     "file:///x") as no server: host is empty-is-undefined. host_kind: "ipvfuture" for
 *     "[v...", "ipv6" for another bracketed host, "ipv4" for an RFC 3986 IPv4address, else
 *     "reg-name"; null without a server.
 *   port: an int, 0 (or -1) when there is none: "080" is reported "80" and ":0" as no port; an
 *     empty port is refused by libxml2 itself. Reported as the decimal of a port above 0.
 *   (`opaque` and `authority`, from libxml2's RFC 2396 model, stay NULL with the RFC 3986 parser.)
 * Resolve: xmlBuildURI(reference, base); NULL is {"valid":false}. libxml2 has no non-strict
 *   mode (strict=false is unsupported).
 * Serialize: xmlParseURI (which unescapes the path, userinfo and fragment) then xmlSaveUri
 *   (which escapes them again): the pair libxml2 uses itself (xmlBuildURI), so "%2F" in a path
 *   comes back as "/". (xmlSaveUri after xmlParseURIRaw escapes "%" again: "%41" is "%2541".)
 * Normalize: unsupported (xmlNormalizeURIPath removes dot segments from a path only).
 * Errors: libxml2's generic and structured error handlers are set to functions that print
 *   nothing, so nothing of libxml2 reaches standard output.
 * NUL: every call takes a NUL-terminated string, so an input or base holding "\u0000" is
 *   answered {"unsupported":true}.
 */

#include <libxml/parser.h>
#include <libxml/uri.h>
#include <libxml/xmlerror.h>
#include <libxml/xmlversion.h>

#include "../protocol.h"

static void silent(void *context, const char *message, ...) {
	(void)context;
	(void)message;
}

static void silent_structured(void *context, xmlErrorPtr error) {
	(void)context;
	(void)error;
}

static void answer_parse(const request *r) {
	xmlURIPtr uri = xmlParseURIRaw(r->input.data, 1);
	if (!uri) {
		answer_invalid(r, "xmlParseURIRaw refused the URI-reference");
		return;
	}
	begin_parsed(r);
	emit_opt(uri->scheme);
	emits(",\"userinfo\":");
	emit_opt(uri->user);
	emits(",\"host\":");
	emit_opt(uri->server);
	emits(",\"port\":");
	emit_port_number(uri->port > 0, uri->port);
	emits(",\"path\":");
	emit_jsons(uri->path ? uri->path : "");
	emits(",\"query\":");
	emit_opt(uri->query_raw);
	emits(",\"fragment\":");
	emit_opt(uri->fragment);
	const char *host = uri->server;
	end_parsed(!host		 ? "null"
	      : host[0] == '[' ? (host[1] == 'v' || host[1] == 'V' ? "\"ipvfuture\"" : "\"ipv6\"")
	      : is_ipv4address(host) ? "\"ipv4\""
				     : "\"reg-name\"");
	xmlFreeURI(uri);
}

static void answer_resolve(const request *r) {
	if (!r->strict) {
		answer_unsupported(r);
		return;
	}
	xmlChar *target = xmlBuildURI((const xmlChar *)r->input.data, (const xmlChar *)r->base.data);
	if (!target) {
		answer_invalid(r, "xmlBuildURI refused the reference or the base");
		return;
	}
	answer_string(r, "target", (const char *)target, strlen((const char *)target));
	xmlFree(target);
}

static void answer_serialize(const request *r) {
	xmlURIPtr uri = xmlParseURI(r->input.data);
	if (!uri) {
		answer_invalid(r, "xmlParseURI refused the URI-reference");
		return;
	}
	xmlChar *saved = xmlSaveUri(uri);
	if (!saved) {
		answer_invalid(r, "xmlSaveUri failed");
	} else {
		answer_string(r, "serialized", (const char *)saved, strlen((const char *)saved));
		xmlFree(saved);
	}
	xmlFreeURI(uri);
}

/* The programs a report shows under "Reproduce with ... alone", against the library only
 * (docs/protocol.md, about.reproduce); each placeholder becomes a C string literal. */
static const char REPRODUCE_PARSE[] =
	"// cc prog.c $(pkg-config --cflags --libs libxml-2.0)\n"
	"#include <stdio.h>\n"
	"#include <libxml/uri.h>\n"
	"\n"
	REPRODUCE_C_SHOW
	"\n"
	"int main(void) {\n"
	"    xmlURIPtr uri = xmlParseURIRaw({input}, 1);\n"
	"    if (!uri) {\n"
	"        printf(\"xmlParseURIRaw: NULL (refused)\\n\");\n"
	"        return 0;\n"
	"    }\n"
	"    show(\"scheme\", uri->scheme);\n"
	"    show(\"user\", uri->user);\n"
	"    show(\"server\", uri->server);\n"
	"    printf(\"port: %d\\n\", uri->port);\n"
	"    show(\"path\", uri->path);\n"
	"    show(\"query_raw\", uri->query_raw);\n"
	"    show(\"fragment\", uri->fragment);\n"
	"    xmlFreeURI(uri);\n"
	"    return 0;\n"
	"}\n";

static const char REPRODUCE_RESOLVE[] =
	"// cc prog.c $(pkg-config --cflags --libs libxml-2.0)\n"
	"#include <stdio.h>\n"
	"#include <libxml/uri.h>\n"
	"\n"
	"int main(void) {\n"
	"    xmlChar *target = xmlBuildURI((const xmlChar *){input}, (const xmlChar *){base});\n"
	"    if (!target) {\n"
	"        printf(\"xmlBuildURI: NULL (refused)\\n\");\n"
	"        return 0;\n"
	"    }\n"
	"    printf(\"%s\\n\", (const char *)target);\n"
	"    xmlFree(target);\n"
	"    return 0;\n"
	"}\n";

static void answer_about(const request *r) {
	begin(r);
	emits("\"protocol\":2,\"name\":\"c-libxml2\",\"language\":\"C\",\"library\":\"libxml2\","
	      "\"version\":\"" LIBXML_DOTTED_VERSION "\",\"spec\":\"RFC 3986\","
	      "\"operations\":[\"parse\",\"resolve\",\"serialize\"],\"rules\":[\"URI-reference\"],"
	      "\"blind_spots\":[{\"field\":\"host\",\"how\":\"empty-is-undefined\",\"reason\":"
	      "\"libxml2 stores an empty host as no server (NULL)\"},{\"field\":\"port\",\"how\":"
	      "\"empty-is-undefined\",\"reason\":\"xmlURI.port is an int, 0 for no port\"}]");
	emit_reproduce("c", REPRODUCE_PARSE, REPRODUCE_RESOLVE, NULL);
}

/* about, parse, resolve, normalize, serialize; the rules; refuses_nul; guard */
static const adapter ANSWERS = {
	answer_about, answer_parse, answer_resolve, NULL, answer_serialize,
	"URI-reference", 1, NULL,
};

int main(void) {
	xmlInitParser();
	xmlSetGenericErrorFunc(NULL, silent);
	xmlSetStructuredErrorFunc(NULL, silent_structured);
	return protocol_serve(&ANSWERS);
}
