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

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <uriparser/Uri.h>

/* A byte string with its length; `set` tells an absent value from an empty one. */
typedef struct {
	char *data;
	size_t len;
	int set;
} text;

typedef struct {
	text op, input, base, rule, level, id;
	int strict, zone_id;
} request;

/* The answers of one batch, written with one write(2) at the end of the batch. */
static char *out;
static size_t out_len, out_cap;

static void emit(const char *bytes, size_t len) {
	if (out_len + len > out_cap) {
		out_cap = (out_len + len) * 2 + 4096;
		out = realloc(out, out_cap);
		if (!out) {
			perror("uriparser_adapter: realloc");
			exit(1);
		}
	}
	memcpy(out + out_len, bytes, len);
	out_len += len;
}

static void emits(const char *s) { emit(s, strlen(s)); }

static void flush_out(void) {
	size_t done = 0;
	while (done < out_len) {
		ssize_t n = write(1, out + done, out_len - done);
		if (n <= 0) {
			exit(0); /* the harness is gone */
		}
		done += (size_t)n;
	}
	out_len = 0;
}

/* A JSON string, escaping quotes, backslashes and control characters. */
static void emit_json(const char *s, size_t len) {
	char buf[8];
	emit("\"", 1);
	for (size_t i = 0; i < len; i++) {
		unsigned char c = (unsigned char)s[i];
		if (c == '"' || c == '\\') {
			buf[0] = '\\';
			buf[1] = (char)c;
			emit(buf, 2);
		} else if (c < 0x20 || c == 0x7f) {
			snprintf(buf, sizeof buf, "\\u%04x", c);
			emit(buf, 6);
		} else {
			emit((const char *)&s[i], 1);
		}
	}
	emit("\"", 1);
}

static void emit_range(const UriTextRangeA *r) {
	if (r->first == NULL) {
		emits("null");
	} else {
		emit_json(r->first, (size_t)(r->afterLast - r->first));
	}
}

/* ---- a small JSON reader, enough for the protocol's requests ---- */

static const char *skip_space(const char *p, const char *end) {
	while (p < end && (*p == ' ' || *p == '\t' || *p == '\r' || *p == '\n')) {
		p++;
	}
	return p;
}

static void put_utf8(text *t, unsigned long c) {
	if (c < 0x80) {
		t->data[t->len++] = (char)c;
	} else if (c < 0x800) {
		t->data[t->len++] = (char)(0xc0 | (c >> 6));
		t->data[t->len++] = (char)(0x80 | (c & 0x3f));
	} else if (c < 0x10000) {
		t->data[t->len++] = (char)(0xe0 | (c >> 12));
		t->data[t->len++] = (char)(0x80 | ((c >> 6) & 0x3f));
		t->data[t->len++] = (char)(0x80 | (c & 0x3f));
	} else {
		t->data[t->len++] = (char)(0xf0 | (c >> 18));
		t->data[t->len++] = (char)(0x80 | ((c >> 12) & 0x3f));
		t->data[t->len++] = (char)(0x80 | ((c >> 6) & 0x3f));
		t->data[t->len++] = (char)(0x80 | (c & 0x3f));
	}
}

static int hex4(const char *p, const char *end, unsigned long *value) {
	if (end - p < 4) {
		return 0;
	}
	*value = 0;
	for (int i = 0; i < 4; i++) {
		char c = p[i];
		int d = c >= '0' && c <= '9'   ? c - '0'
			: c >= 'a' && c <= 'f' ? c - 'a' + 10
			: c >= 'A' && c <= 'F' ? c - 'A' + 10
					       : -1;
		if (d < 0) {
			return 0;
		}
		*value = *value * 16 + (unsigned long)d;
	}
	return 1;
}

/* Reads a JSON string at p (at its opening quote) into t; the position after it, or NULL. */
static const char *read_string(const char *p, const char *end, text *t) {
	p++;
	t->data = malloc((size_t)(end - p) + 4);
	t->len = 0;
	t->set = 1;
	if (!t->data) {
		return NULL;
	}
	while (p < end && *p != '"') {
		if (*p != '\\') {
			t->data[t->len++] = *p++;
			continue;
		}
		if (++p >= end) {
			return NULL;
		}
		char e = *p++;
		unsigned long c;
		switch (e) {
		case '"': case '\\': case '/': t->data[t->len++] = e; break;
		case 'b': t->data[t->len++] = '\b'; break;
		case 'f': t->data[t->len++] = '\f'; break;
		case 'n': t->data[t->len++] = '\n'; break;
		case 'r': t->data[t->len++] = '\r'; break;
		case 't': t->data[t->len++] = '\t'; break;
		case 'u':
			if (!hex4(p, end, &c)) {
				return NULL;
			}
			p += 4;
			if (c >= 0xd800 && c < 0xdc00 && end - p >= 6 && p[0] == '\\' && p[1] == 'u') {
				unsigned long low;
				if (hex4(p + 2, end, &low) && low >= 0xdc00 && low < 0xe000) {
					c = 0x10000 + ((c - 0xd800) << 10) + (low - 0xdc00);
					p += 6;
				}
			}
			put_utf8(t, c);
			break;
		default:
			return NULL;
		}
	}
	return p < end ? p + 1 : NULL;
}

/* Reads a number or a literal (true, false, null) as its text. */
static const char *read_bare(const char *p, const char *end, text *t) {
	const char *start = p;
	while (p < end && *p != ',' && *p != '}' && *p != ' ' && *p != '\t') {
		p++;
	}
	t->data = malloc((size_t)(p - start) + 1);
	if (!t->data) {
		return NULL;
	}
	memcpy(t->data, start, (size_t)(p - start));
	t->len = (size_t)(p - start);
	t->set = 1;
	return p > start ? p : NULL;
}

static void free_text(text *t) {
	free(t->data);
	t->data = NULL;
	t->len = 0;
	t->set = 0;
}

static int is(const text *t, const char *s) {
	return t->set && t->len == strlen(s) && memcmp(t->data, s, t->len) == 0;
}

/* Parses one request line; 0 on a line that is not a JSON object of the protocol's shape. */
static int read_request(const char *p, const char *end, request *r) {
	memset(r, 0, sizeof *r);
	r->strict = 1;
	p = skip_space(p, end);
	if (p >= end || *p != '{') {
		return 0;
	}
	p = skip_space(p + 1, end);
	if (p < end && *p == '}') {
		return 1;
	}
	while (p < end) {
		text key = {0}, value = {0};
		int quoted;
		if (*p != '"' || !(p = read_string(p, end, &key))) {
			free_text(&key);
			return 0;
		}
		p = skip_space(p, end);
		if (p >= end || *p != ':') {
			free_text(&key);
			return 0;
		}
		p = skip_space(p + 1, end);
		quoted = p < end && *p == '"';
		p = quoted ? read_string(p, end, &value) : read_bare(p, end, &value);
		if (!p) {
			free_text(&key);
			free_text(&value);
			return 0;
		}
		text *slot = NULL;
		if (is(&key, "op")) slot = &r->op;
		else if (is(&key, "input")) slot = &r->input;
		else if (is(&key, "base")) slot = &r->base;
		else if (is(&key, "rule")) slot = &r->rule;
		else if (is(&key, "level")) slot = &r->level;
		else if (is(&key, "id")) slot = &r->id;
		if (is(&key, "strict")) r->strict = is(&value, "true");
		if (is(&key, "zone_id")) r->zone_id = is(&value, "true");
		if (slot && (quoted || slot == &r->id)) {
			free_text(slot);
			*slot = value;
			if (slot == &r->id && quoted) {
				/* Echo a string id as a string. */
				text echoed = {0};
				echoed.data = malloc(value.len * 6 + 3);
				echoed.set = 1;
				size_t saved = out_len;
				emit_json(value.data, value.len);
				memcpy(echoed.data, out + saved, out_len - saved);
				echoed.len = out_len - saved;
				out_len = saved;
				free_text(slot);
				*slot = echoed;
			}
		} else {
			free_text(&value);
		}
		free_text(&key);
		p = skip_space(p, end);
		if (p < end && *p == ',') {
			p = skip_space(p + 1, end);
			continue;
		}
		return p < end && *p == '}';
	}
	return 0;
}

/* ---- answers ---- */

static void begin(const request *r) {
	emits("{");
	if (r->id.set) {
		emits("\"id\":");
		emit(r->id.data, r->id.len);
		emits(",");
	}
}

static void answer_error(const request *r, const char *key, const char *message) {
	begin(r);
	emits(key);
	emit_json(message, strlen(message));
	emits("}\n");
}

static void answer_invalid(const request *r, const char *what, const char *input, const char *at) {
	char message[128];
	snprintf(message, sizeof message, "%s: uriparser error at byte %ld", what,
		 at ? (long)(at - input) : -1L);
	answer_error(r, "\"valid\":false,\"error\":", message);
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
	const char *rule = r->rule.set ? "" : "URI-reference";
	if (r->rule.set && !is(&r->rule, "URI-reference")) {
		rule = NULL;
	}
	if (!rule || r->zone_id) {
		begin(r);
		emits("\"unsupported\":true}\n");
		return;
	}
	const char *first = r->input.data, *end = r->input.data + r->input.len, *error = NULL;
	UriUriA uri;
	if (uriParseSingleUriExA(&uri, first, end, &error) != URI_SUCCESS) {
		answer_invalid(r, "URI-reference", first, error);
		return;
	}
	/* The path is the text between the authority (or the scheme) and the query or fragment:
	 * uriparser keeps it as a list of segments, which loses where it starts. */
	const char *path = first, *path_end = end;
	if (uri.scheme.first) {
		path = uri.scheme.afterLast + 1;
	}
	if (uri.hostText.first) {
		const char *after_host = uri.hostText.afterLast;
		if (after_host < end && *after_host == ']') {
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
	begin(r);
	emits("\"valid\":true,\"components\":{\"scheme\":");
	emit_range(&uri.scheme);
	emits(",\"userinfo\":");
	emit_range(&uri.userInfo);
	emits(",\"host\":");
	const char *kind = "null";
	if (uri.hostText.first) {
		int bracketed = uri.hostData.ip6 || uri.hostData.ipFuture.first;
		size_t len = (size_t)(uri.hostText.afterLast - uri.hostText.first);
		if (bracketed) {
			char *host = malloc(len + 2);
			host[0] = '[';
			memcpy(host + 1, uri.hostText.first, len);
			host[len + 1] = ']';
			emit_json(host, len + 2);
			free(host);
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
	emits("},\"host_kind\":");
	emits(kind);
	emits("}\n");
	uriFreeUriMembersA(&uri);
}

static void answer_resolve(const request *r) {
	UriUriA base, reference, target;
	const char *error = NULL;
	if (uriParseSingleUriExA(&base, r->base.data, r->base.data + r->base.len, &error) != URI_SUCCESS) {
		answer_invalid(r, "base", r->base.data, error);
		return;
	}
	if (uriParseSingleUriExA(&reference, r->input.data, r->input.data + r->input.len, &error) !=
	    URI_SUCCESS) {
		answer_invalid(r, "URI-reference", r->input.data, error);
		uriFreeUriMembersA(&base);
		return;
	}
	UriResolutionOptions options = r->strict ? URI_RESOLVE_STRICTLY : URI_RESOLVE_IDENTICAL_SCHEME_COMPAT;
	int rc = uriAddBaseUriExA(&target, &reference, &base, options);
	if (rc != URI_SUCCESS) {
		answer_error(r, "\"valid\":false,\"error\":", "base: uriAddBaseUriExA refused the base");
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
	if (r->level.set && !is(&r->level, "syntax")) {
		begin(r);
		emits("\"unsupported\":true}\n");
		return;
	}
	UriUriA uri;
	const char *error = NULL;
	if (uriParseSingleUriExA(&uri, r->input.data, r->input.data + r->input.len, &error) != URI_SUCCESS) {
		answer_invalid(r, "URI-reference", r->input.data, error);
		return;
	}
	if (uriNormalizeSyntaxA(&uri) != URI_SUCCESS) {
		answer_error(r, "\"valid\":false,\"error\":", "uriNormalizeSyntaxA failed");
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
	"\n"
	"int main(void) {\n"
	"    static const char input[] = {input};\n"
	"    const char *error = NULL;\n"
	"    UriUriA uri;\n"
	"    if (uriParseSingleUriExA(&uri, input, input + sizeof input - 1, &error) != URI_SUCCESS) {\n"
	"        printf(\"uriParseSingleUriExA: error at byte %ld\\n\", error ? (long)(error - input) : -1L);\n"
	"        return 0;\n"
	"    }\n"
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
	"\n"
	"int main(void) {\n"
	"    static const char input[] = {input};\n"
	"    const char *error = NULL;\n"
	"    UriUriA uri;\n"
	"    if (uriParseSingleUriExA(&uri, input, input + sizeof input - 1, &error) != URI_SUCCESS) {\n"
	"        printf(\"uriParseSingleUriExA: error at byte %ld\\n\", error ? (long)(error - input) : -1L);\n"
	"        return 0;\n"
	"    }\n"
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
	emits(",\"reproduce\":{\"language\":\"c\"");
	emits(",\"parse\":");
	emit_json(REPRODUCE_PARSE, sizeof REPRODUCE_PARSE - 1);
	emits(",\"resolve\":");
	emit_json(REPRODUCE_RESOLVE, sizeof REPRODUCE_RESOLVE - 1);
	emits(",\"normalize\":");
	emit_json(REPRODUCE_NORMALIZE, sizeof REPRODUCE_NORMALIZE - 1);
	emits("}}\n");
}

static void answer_line(const char *line, const char *end) {
	request r;
	if (skip_space(line, end) == end) {
		return;
	}
	if (!read_request(line, end, &r)) {
		answer_error(&r, "\"error\":", "not a valid request");
	} else if (is(&r.op, "about")) {
		answer_about(&r);
	} else if (is(&r.op, "parse") && r.input.set) {
		answer_parse(&r);
	} else if (is(&r.op, "resolve") && r.input.set && r.base.set) {
		answer_resolve(&r);
	} else if (is(&r.op, "normalize") && r.input.set) {
		answer_normalize(&r);
	} else {
		answer_error(&r, "\"error\":", "not a valid request: unknown op or missing field");
	}
	free_text(&r.op);
	free_text(&r.input);
	free_text(&r.base);
	free_text(&r.rule);
	free_text(&r.level);
	free_text(&r.id);
}

int main(void) {
	size_t cap = 1 << 16, len = 0;
	char *buffer = malloc(cap);
	if (!buffer) {
		return 1;
	}
	for (;;) {
		if (len == cap) {
			cap *= 2;
			buffer = realloc(buffer, cap);
			if (!buffer) {
				return 1;
			}
		}
		ssize_t n = read(0, buffer + len, cap - len);
		if (n <= 0) {
			if (len > 0) {
				answer_line(buffer, buffer + len);
			}
			flush_out();
			return 0;
		}
		len += (size_t)n;
		/* Answer every complete line read so far, then flush once. */
		char *start = buffer, *newline;
		while ((newline = memchr(start, '\n', (size_t)(buffer + len - start)))) {
			answer_line(start, newline);
			start = newline + 1;
		}
		len = (size_t)(buffer + len - start);
		memmove(buffer, start, len);
		flush_out();
	}
}
