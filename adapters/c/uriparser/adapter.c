/*
 * An implementation adapter in C for uri-conformance: liburiparser (Debian's liburiparser-dev),
 * speaking protocol version 2 (see docs/protocol.md): one JSON request a line on stdin, one answer a
 * line on stdout with the request's "id" echoed, and an answer to {"op":"about"}.
 *
 *     adapters/c/uriparser/setup      # apt-get install liburiparser-dev; make
 *     uri-conformance diff --impl-cmd adapters/c/uriparser/run 'http://a/b'
 *
 * It answers every complete line it has read before it flushes, so that the harness can keep
 * many requests in flight (--impl-batch) and a batch costs one pipe round trip.
 *
 * Strings are byte strings with a length: a request's "\u0000" escape is a NUL byte in the
 * input, which uriparser gets as part of the text (uriParseSingleUriExA takes a range).
 *
 * The API used: uriParseSingleUriExA (parse, URI-reference), uriAddBaseUriExA with
 * URI_RESOLVE_STRICTLY or URI_RESOLVE_IDENTICAL_SCHEME_COMPAT (resolve), uriNormalizeSyntaxA
 * (normalize at the syntax level), uriToStringA.
 */

#include <uriparser/Uri.h>

#include "../protocol.h"

static void emit_range(const UriTextRangeA *r) {
	if (r->first == NULL) {
		emits("null");
	} else {
		emit_json(r->first, (size_t)(r->afterLast - r->first));
	}
}

/* {"valid":false,...}: uriparser refused `input` at `at`. */
static void answer_refused(const request *r, const char *what, const char *input, const char *at) {
	char message[128];
	snprintf(message, sizeof message, "%s: uriparser error at byte %ld", what,
		 at ? (long)(at - input) : -1L);
	answer_invalid(r, message);
}

static void emit_uri_string(const UriUriA *uri) {
	int chars = 0;
	if (uriToStringCharsRequiredA(uri, &chars) != URI_SUCCESS) {
		emits("null");
		return;
	}
	char *s = malloc((size_t)chars + 1);
	if (!s || uriToStringA(s, uri, chars + 1, NULL) != URI_SUCCESS) {
		free(s);
		emits("null");
		return;
	}
	emit_json(s, strlen(s));
	free(s);
}

static void answer_parse(const request *r) {
	const char *first = r->input.data, *end = r->input.data + r->input.len, *error = NULL;
	UriUriA uri;
	if (uriParseSingleUriExA(&uri, first, end, &error) != URI_SUCCESS) {
		answer_refused(r, "URI-reference", first, error);
		return;
	}
	/* The path is the text between the authority (or the scheme) and the query or fragment:
	 * uriparser keeps it as a list of segments, which loses where it starts. */
	const char *path = first, *path_end = end;
	if (uri.scheme.first) {
		path = uri.scheme.afterLast + 1;
	}
	if (uri.hostText.first) {
		/* An empty host's range is not in the input: ParseAuthority points it at a static
		 * empty string (URI_FUNC(SafeToPointTo), src/UriParse.c), so the path then starts
		 * after the userinfo's "@", or after the "//". */
		int host_in_input = uri.hostText.first >= first && uri.hostText.afterLast <= end;
		const char *after_host = uri.hostText.afterLast;
		if (!host_in_input) {
			after_host = uri.userInfo.first ? uri.userInfo.afterLast + 1 : path + 2;
		} else if (after_host < end && *after_host == ']') {
			after_host++;
		}
		path = uri.portText.first ? uri.portText.afterLast : after_host;
	}
	if (uri.query.first) {
		path_end = uri.query.first - 1;
	} else if (uri.fragment.first) {
		path_end = uri.fragment.first - 1;
	}
	if (path_end < path) {
		path_end = path;
	}
	begin_parsed(r);
	emit_range(&uri.scheme);
	emits(",\"userinfo\":");
	emit_range(&uri.userInfo);
	emits(",\"host\":");
	const char *kind = "null";
	if (uri.hostText.first) {
		int bracketed = uri.hostData.ip6 || uri.hostData.ipFuture.first;
		size_t len = (size_t)(uri.hostText.afterLast - uri.hostText.first);
		if (bracketed) {
			emit_bracketed(uri.hostText.first, len);
		} else {
			emit_json(uri.hostText.first, len);
		}
		kind = uri.hostData.ip4		      ? "\"ipv4\""
		       : uri.hostData.ip6	      ? "\"ipv6\""
		       : uri.hostData.ipFuture.first ? "\"ipvfuture\""
						      : "\"reg-name\"";
	} else {
		emits("null");
	}
	emits(",\"port\":");
	emit_range(&uri.portText);
	emits(",\"path\":");
	emit_json(path, (size_t)(path_end - path));
	emits(",\"query\":");
	emit_range(&uri.query);
	emits(",\"fragment\":");
	emit_range(&uri.fragment);
	end_parsed(kind);
	uriFreeUriMembersA(&uri);
}

static void answer_resolve(const request *r) {
	UriUriA base, reference, target;
	const char *error = NULL;
	if (uriParseSingleUriExA(&base, r->base.data, r->base.data + r->base.len, &error) != URI_SUCCESS) {
		answer_refused(r, "base", r->base.data, error);
		return;
	}
	if (uriParseSingleUriExA(&reference, r->input.data, r->input.data + r->input.len, &error) !=
	    URI_SUCCESS) {
		answer_refused(r, "URI-reference", r->input.data, error);
		uriFreeUriMembersA(&base);
		return;
	}
	UriResolutionOptions options = r->strict ? URI_RESOLVE_STRICTLY : URI_RESOLVE_IDENTICAL_SCHEME_COMPAT;
	int rc = uriAddBaseUriExA(&target, &reference, &base, options);
	if (rc != URI_SUCCESS) {
		answer_invalid(r, "base: uriAddBaseUriExA refused the base");
	} else {
		begin(r);
		emits("\"valid\":true,\"target\":");
		emit_uri_string(&target);
		emits("}\n");
		uriFreeUriMembersA(&target);
	}
	uriFreeUriMembersA(&reference);
	uriFreeUriMembersA(&base);
}

static void answer_normalize(const request *r) {
	UriUriA uri;
	const char *error = NULL;
	if (uriParseSingleUriExA(&uri, r->input.data, r->input.data + r->input.len, &error) != URI_SUCCESS) {
		answer_refused(r, "URI-reference", r->input.data, error);
		return;
	}
	if (uriNormalizeSyntaxA(&uri) != URI_SUCCESS) {
		answer_invalid(r, "uriNormalizeSyntaxA failed");
	} else {
		begin(r);
		emits("\"valid\":true,\"normalized\":");
		emit_uri_string(&uri);
		emits("}\n");
	}
	uriFreeUriMembersA(&uri);
}

/* The programs a report shows under "Reproduce with ... alone", against the library only
 * (docs/protocol.md, about.reproduce); each placeholder becomes a C string literal. */
/* The start of the parse and normalize programs' main: the input parsed, or where it is refused. */
#define PROGRAM_PARSE_INPUT \
	"\n" \
	"int main(void) {\n" \
	"    static const char input[] = {input};\n" \
	"    const char *error = NULL;\n" \
	"    UriUriA uri;\n" \
	"    if (uriParseSingleUriExA(&uri, input, input + sizeof input - 1, &error) != URI_SUCCESS) {\n" \
	"        printf(\"uriParseSingleUriExA: error at byte %ld\\n\", error ? (long)(error - input) : -1L);\n" \
	"        return 0;\n" \
	"    }\n"

static const char REPRODUCE_PARSE[] =
	"// cc prog.c -luriparser\n"
	"#include <stdio.h>\n"
	"#include <uriparser/Uri.h>\n"
	"\n"
	"static void show(const char *name, UriTextRangeA range) {\n"
	"    if (range.first) {\n"
	"        printf(\"%s: \\\"\", name);\n"
	"        fwrite(range.first, 1, (size_t)(range.afterLast - range.first), stdout);\n"
	"        printf(\"\\\"\\n\");\n"
	"    } else {\n"
	"        printf(\"%s: NULL\\n\", name);\n"
	"    }\n"
	"}\n"
	PROGRAM_PARSE_INPUT
	"    show(\"scheme\", uri.scheme);\n"
	"    show(\"userInfo\", uri.userInfo);\n"
	"    show(\"hostText\", uri.hostText);\n"
	"    printf(\"hostData: ip4=%s ip6=%s\\n\", uri.hostData.ip4 ? \"yes\" : \"NULL\", uri.hostData.ip6 ? \"yes\" : \"NULL\");\n"
	"    show(\"hostData.ipFuture\", uri.hostData.ipFuture);\n"
	"    show(\"portText\", uri.portText);\n"
	"    printf(\"absolutePath: %d\\n\", (int)uri.absolutePath);\n"
	"    for (UriPathSegmentA *segment = uri.pathHead; segment; segment = segment->next) {\n"
	"        show(\"path segment\", segment->text);\n"
	"    }\n"
	"    show(\"query\", uri.query);\n"
	"    show(\"fragment\", uri.fragment);\n"
	"    uriFreeUriMembersA(&uri);\n"
	"    return 0;\n"
	"}\n";

static const char REPRODUCE_RESOLVE[] =
	"// cc prog.c -luriparser\n"
	"#include <stdio.h>\n"
	"#include <stdlib.h>\n"
	"#include <uriparser/Uri.h>\n"
	"\n"
	"static int parse(UriUriA *uri, const char *what, const char *text, size_t len) {\n"
	"    const char *error = NULL;\n"
	"    if (uriParseSingleUriExA(uri, text, text + len, &error) != URI_SUCCESS) {\n"
	"        printf(\"%s: uriParseSingleUriExA: error at byte %ld\\n\", what, error ? (long)(error - text) : -1L);\n"
	"        return 0;\n"
	"    }\n"
	"    return 1;\n"
	"}\n"
	"\n"
	"int main(void) {\n"
	"    static const char base_text[] = {base}, input[] = {input};\n"
	"    int strict = {strict};\n"
	"    UriUriA base, reference, target;\n"
	"    if (!parse(&base, \"base\", base_text, sizeof base_text - 1) || !parse(&reference, \"reference\", input, sizeof input - 1)) {\n"
	"        return 0;\n"
	"    }\n"
	"    int rc = uriAddBaseUriExA(&target, &reference, &base, strict ? URI_RESOLVE_STRICTLY : URI_RESOLVE_IDENTICAL_SCHEME_COMPAT);\n"
	"    if (rc != URI_SUCCESS) {\n"
	"        printf(\"uriAddBaseUriExA: error %d\\n\", rc);\n"
	"        return 0;\n"
	"    }\n"
	"    int chars = 0;\n"
	"    uriToStringCharsRequiredA(&target, &chars);\n"
	"    char *s = malloc((size_t)chars + 1);\n"
	"    uriToStringA(s, &target, chars + 1, NULL);\n"
	"    fwrite(s, 1, (size_t)chars, stdout);\n"
	"    printf(\"\\n\");\n"
	"    return 0;\n"
	"}\n";

static const char REPRODUCE_NORMALIZE[] =
	"// cc prog.c -luriparser\n"
	"#include <stdio.h>\n"
	"#include <stdlib.h>\n"
	"#include <uriparser/Uri.h>\n"
	PROGRAM_PARSE_INPUT
	"    if (uriNormalizeSyntaxA(&uri) != URI_SUCCESS) {\n"
	"        printf(\"uriNormalizeSyntaxA failed\\n\");\n"
	"        return 0;\n"
	"    }\n"
	"    int chars = 0;\n"
	"    uriToStringCharsRequiredA(&uri, &chars);\n"
	"    char *s = malloc((size_t)chars + 1);\n"
	"    uriToStringA(s, &uri, chars + 1, NULL);\n"
	"    fwrite(s, 1, (size_t)chars, stdout);\n"
	"    printf(\"\\n\");\n"
	"    return 0;\n"
	"}\n";

static void answer_about(const request *r) {
	begin(r);
	emits("\"protocol\":2,\"name\":\"c-uriparser\",\"language\":\"C\","
	      "\"library\":\"uriparser\",\"version\":\"" URI_VER_ANSI
	      "\",\"spec\":\"RFC 3986\",\"operations\":[\"parse\",\"resolve\",\"normalize\"],"
	      "\"rules\":[\"URI-reference\"],\"blind_spots\":[]");
	emit_reproduce("c", REPRODUCE_PARSE, REPRODUCE_RESOLVE, REPRODUCE_NORMALIZE);
}

SERVE(answer_about, answer_parse, answer_resolve, answer_normalize, NULL,
      "URI-reference", 0, NULL)
