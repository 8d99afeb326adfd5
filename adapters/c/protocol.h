/*
 * The JSON-lines protocol (version 2, see docs/protocol.md) for the C and C++
 * adapters under adapters/c/ and adapters/cpp/: reading one request a line, writing one answer a
 * line with the request's "id" echoed, and flushing once every complete line read so far has
 * been answered. Every adapter there includes it (its Makefile names it as a prerequisite);
 * it compiles as C and as C++.
 *
 * An adapter defines a function for each operation it does, each calling one answer_* below,
 * and its answer to "about" (ending with emit_reproduce), lists them in an `adapter`, and its main
 * is `return protocol_serve(&the_adapter);`. Lines that are not a request, requests without an
 * "op" or with an unknown one, and what common_checks refuses are answered here.
 *
 * Strings are byte strings with a length: a request's "\u0000" escape is a NUL byte in the
 * input (`has_nul` tells an adapter whose library takes NUL-terminated strings).
 */
#ifndef URI_CONFORMANCE_PROTOCOL_H
#define URI_CONFORMANCE_PROTOCOL_H

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* A byte string with its length; `set` tells an absent value from an empty one. data is always
 * NUL-terminated (data[len] == 0) when set. */
typedef struct {
	char *data;
	size_t len;
	int set;
} text;

typedef struct {
	text op, input, base, rule, level, id;
	int strict, zone_id, iri;
} request;

/* The answers of one batch, written with one write(2) at the end of the batch. */
static char *out __attribute__((unused));
static size_t out_len, out_cap;

static inline void emit(const char *bytes, size_t len) {
	if (out_len + len > out_cap) {
		out_cap = (out_len + len) * 2 + 4096;
		out = (char *)realloc(out, out_cap);
		if (!out) {
			perror("adapter: realloc");
			exit(1);
		}
	}
	memcpy(out + out_len, bytes, len);
	out_len += len;
}

static inline void emits(const char *s) { emit(s, strlen(s)); }

static inline void flush_out(void) {
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

/* How many bytes of s[0..len) make one well-formed UTF-8 character, or 0 where they do not;
 * *bad is then how many bytes the ill-formed part takes, its maximal subpart (Unicode's
 * "substitution of maximal subparts", as Rust's String::from_utf8_lossy replaces them). */
static inline size_t utf8_char(const unsigned char *s, size_t len, size_t *bad) {
	unsigned char c = s[0];
	size_t need;
	unsigned char lo = 0x80, hi = 0xbf;
	if (c < 0x80) return 1;
	if (c >= 0xc2 && c <= 0xdf) {
		need = 2;
	} else if (c >= 0xe0 && c <= 0xef) {
		need = 3;
		if (c == 0xe0) lo = 0xa0;
		if (c == 0xed) hi = 0x9f;
	} else if (c >= 0xf0 && c <= 0xf4) {
		need = 4;
		if (c == 0xf0) lo = 0x90;
		if (c == 0xf4) hi = 0x8f;
	} else {
		*bad = 1;
		return 0;
	}
	for (size_t k = 1; k < need; k++) {
		unsigned char min = k == 1 ? lo : 0x80, max = k == 1 ? hi : 0xbf;
		if (k >= len || s[k] < min || s[k] > max) {
			*bad = k;
			return 0;
		}
	}
	return need;
}

/* A JSON string, escaping quotes, backslashes and control characters. A library's decoded
 * component may hold bytes that are not UTF-8 ("%aa" decoded): each ill-formed part is written
 * as U+FFFD, as the harness decodes the reference's text for a `decoded` blind spot, so that
 * the answer line stays UTF-8 (docs/protocol.md: a line that is not UTF-8 is no answer). */
static inline void emit_json(const char *s, size_t len) {
	char buf[8];
	emit("\"", 1);
	for (size_t i = 0; i < len;) {
		unsigned char c = (unsigned char)s[i];
		if (c == '"' || c == '\\') {
			buf[0] = '\\';
			buf[1] = (char)c;
			emit(buf, 2);
			i++;
		} else if (c < 0x20 || c == 0x7f) {
			snprintf(buf, sizeof buf, "\\u%04x", c);
			emit(buf, 6);
			i++;
		} else {
			size_t bad = 0;
			size_t n = utf8_char((const unsigned char *)&s[i], len - i, &bad);
			if (n > 0) {
				emit(&s[i], n);
				i += n;
			} else {
				emit("\\ufffd", 6);
				i += bad;
			}
		}
	}
	emit("\"", 1);
}

static inline void emit_jsons(const char *s) { emit_json(s, strlen(s)); }

/* A component: a JSON string, or null when s is NULL. */
static inline void emit_opt(const char *s) {
	if (s) {
		emit_jsons(s);
	} else {
		emits("null");
	}
}

/* An RFC 3986 IPv4address (dotted decimal, no leading zeros), for a host_kind where the library
 * reports the host as text only. */
static inline int is_ipv4address(const char *s) {
	int octets = 0;
	while (1) {
		int digits = 0, value = 0;
		const char *start = s;
		while (*s >= '0' && *s <= '9') {
			value = value * 10 + (*s - '0');
			digits++;
			s++;
			if (digits > 3) return 0;
		}
		if (digits == 0 || value > 255 || (digits > 1 && *start == '0')) return 0;
		octets++;
		if (*s == 0) return octets == 4;
		if (*s != '.' || octets == 4) return 0;
		s++;
	}
}

/* ---- a small JSON reader, enough for the protocol's requests ---- */

static inline const char *skip_space(const char *p, const char *end) {
	while (p < end && (*p == ' ' || *p == '\t' || *p == '\r' || *p == '\n')) {
		p++;
	}
	return p;
}

static inline void put_utf8(text *t, unsigned long c) {
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

static inline int hex4(const char *p, const char *end, unsigned long *value) {
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
static inline const char *read_string(const char *p, const char *end, text *t) {
	p++;
	t->data = (char *)malloc((size_t)(end - p) + 4);
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
	t->data[t->len] = 0;
	return p < end ? p + 1 : NULL;
}

/* Reads a number or a literal (true, false, null) as its text. */
static inline const char *read_bare(const char *p, const char *end, text *t) {
	const char *start = p;
	while (p < end && *p != ',' && *p != '}' && *p != ' ' && *p != '\t') {
		p++;
	}
	t->data = (char *)malloc((size_t)(p - start) + 1);
	if (!t->data) {
		return NULL;
	}
	memcpy(t->data, start, (size_t)(p - start));
	t->len = (size_t)(p - start);
	t->data[t->len] = 0;
	t->set = 1;
	return p > start ? p : NULL;
}

static inline void free_text(text *t) {
	free(t->data);
	t->data = NULL;
	t->len = 0;
	t->set = 0;
}

static inline int is(const text *t, const char *s) {
	return t->set && t->len == strlen(s) && memcmp(t->data, s, t->len) == 0;
}

/* A NUL byte inside t: what a library taking NUL-terminated strings cannot see. */
static inline int has_nul(const text *t) { return t->set && memchr(t->data, 0, t->len) != NULL; }

/* Parses one request line; 0 on a line that is not a JSON object of the protocol's shape. */
static inline int read_request(const char *p, const char *end, request *r) {
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
		text key = {0, 0, 0}, value = {0, 0, 0};
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
		if (is(&key, "iri")) r->iri = is(&value, "true");
		if (slot && (quoted || slot == &r->id)) {
			free_text(slot);
			*slot = value;
			if (slot == &r->id && quoted) {
				/* Echo a string id as a string. */
				text echoed = {0, 0, 0};
				size_t saved = out_len;
				emit_json(value.data, value.len);
				echoed.data = (char *)malloc(out_len - saved + 1);
				echoed.set = 1;
				memcpy(echoed.data, out + saved, out_len - saved);
				echoed.len = out_len - saved;
				echoed.data[echoed.len] = 0;
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

/* Opens an answer: "{" and the echoed id with its comma. */
static inline void begin(const request *r) {
	emits("{");
	if (r->id.set) {
		emits("\"id\":");
		emit(r->id.data, r->id.len);
		emits(",");
	}
}

/* {"error":message}: a request the adapter does not understand. */
static inline void answer_error(const request *r, const char *message) {
	begin(r);
	emits("\"error\":");
	emit_jsons(message);
	emits("}\n");
}

/* {"valid":false,"error":message}: the library refused the input (a message of len bytes,
 * which may hold a NUL when it quotes the input). */
static inline void answer_invalid_len(const request *r, const char *message, size_t len) {
	begin(r);
	emits("\"valid\":false,\"error\":");
	emit_json(message, len);
	emits("}\n");
}

static inline void answer_invalid(const request *r, const char *message) {
	answer_invalid_len(r, message, strlen(message));
}

static inline void answer_unsupported(const request *r) {
	begin(r);
	emits("\"unsupported\":true}\n");
}

/* {"valid":true,"<key>":value}: a resolve, normalize or serialize answer. */
static inline void answer_string(const request *r, const char *key, const char *value, size_t len) {
	begin(r);
	emits("\"valid\":true,\"");
	emits(key);
	emits("\":");
	emit_json(value, len);
	emits("}\n");
}

/* Opens a parse answer, up to the value of its first component:
 * {"valid":true,"components":{"scheme": */
static inline void begin_parsed(const request *r) {
	begin(r);
	emits("\"valid\":true,\"components\":{\"scheme\":");
}

/* Closes a parse answer after its last component, with its host kind (a JSON value:
 * "\"ipv6\"", or "null" without a host). */
static inline void end_parsed(const char *host_kind) {
	emits("},\"host_kind\":");
	emits(host_kind);
	emits("}\n");
}

/* A port a library holds as a number: its decimal digits as a JSON string, or null when it has
 * none (`present` false). */
static inline void emit_port_number(int present, long port) {
	char digits[32];
	if (present) {
		snprintf(digits, sizeof digits, "\"%ld\"", port);
		emits(digits);
	} else {
		emits("null");
	}
}

/* An IP literal a library holds without its brackets, written in them as a JSON string. */
static inline void emit_bracketed(const char *s, size_t len) {
	char *bracketed = (char *)malloc(len + 2);
	if (!bracketed) {
		perror("adapter: malloc");
		exit(1);
	}
	bracketed[0] = '[';
	memcpy(bracketed + 1, s, len);
	bracketed[len + 1] = ']';
	emit_json(bracketed, len + 2);
	free(bracketed);
}

/* The parse rules of RFC 3986 (and RFC 3987's, which no adapter here does): a rule the adapter
 * does not do is answered unsupported, one the protocol does not know is an error. */
static inline int known_rule(const text *rule) {
	static const char *const rules[] = {"URI-reference", "URI", "absolute-URI", "relative-ref",
					    "IRI-reference", "IRI", "absolute-IRI", "irelative-ref"};
	for (size_t i = 0; i < sizeof rules / sizeof rules[0]; i++) {
		if (is(rule, rules[i])) {
			return 1;
		}
	}
	return 0;
}

/*
 * The common checks before an adapter's own work: answers (and returns 0) a request that lacks
 * its fields, names an unknown rule or level, or asks what no adapter here does (an IRI request,
 * a zone id, a rule not in `rules`, a normalize level other than "syntax"). `rules` are the parse
 * rules the adapter does, separated by spaces ("URI-reference URI"); a request without a rule
 * asks for "URI-reference".
 */
static inline int rule_in(const text *rule, const char *rules) {
	const char *p = rules;
	while (*p) {
		const char *q = strchr(p, ' ');
		size_t n = q ? (size_t)(q - p) : strlen(p);
		if (rule->len == n && memcmp(rule->data, p, n) == 0) {
			return 1;
		}
		p += n;
		while (*p == ' ') p++;
	}
	return 0;
}

static inline int common_checks(const request *r, const char *rules) {
	static char uri_reference[] = "URI-reference";
	const text default_rule = {uri_reference, sizeof uri_reference - 1, 1};
	int parse = is(&r->op, "parse"), resolve = is(&r->op, "resolve");
	int normalize = is(&r->op, "normalize"), serialize = is(&r->op, "serialize");
	if (!r->input.set || (resolve && !r->base.set)) {
		answer_error(r, "not a valid request: a missing field");
		return 0;
	}
	if (parse && r->rule.set && !known_rule(&r->rule)) {
		answer_error(r, "not a valid request: an unknown rule");
		return 0;
	}
	if (normalize && r->level.set && !is(&r->level, "syntax") && !is(&r->level, "scheme")) {
		answer_error(r, "not a valid request: an unknown level");
		return 0;
	}
	if (r->iri || r->zone_id || (parse && !rule_in(r->rule.set ? &r->rule : &default_rule, rules)) ||
	    (normalize && r->level.set && !is(&r->level, "syntax"))) {
		answer_unsupported(r);
		return 0;
	}
	(void)serialize;
	return 1;
}

typedef void (*request_handler)(const request *r);

static inline void answer_line(const char *line, const char *end, request_handler answer) {
	request r;
	if (skip_space(line, end) == end) {
		return;
	}
	if (!read_request(line, end, &r)) {
		answer_error(&r, "not a valid request");
	} else if (!r.op.set) {
		answer_error(&r, "not a valid request: no op");
	} else {
		answer(&r);
	}
	free_text(&r.op);
	free_text(&r.input);
	free_text(&r.base);
	free_text(&r.rule);
	free_text(&r.level);
	free_text(&r.id);
}

/* The end of an answer to "about": the programs a report shows under "Reproduce with ... alone",
 * against the library only (docs/protocol.md, about.reproduce; NULL: none for that operation),
 * and the closing braces. */
static inline void emit_reproduce(const char *language, const char *parse, const char *resolve,
				  const char *normalize) {
	emits(",\"reproduce\":{\"language\":");
	emit_jsons(language);
	const char *const keys[] = {",\"parse\":", ",\"resolve\":", ",\"normalize\":"};
	const char *const programs[] = {parse, resolve, normalize};
	for (size_t i = 0; i < 3; i++) {
		if (programs[i]) {
			emits(keys[i]);
			emit_jsons(programs[i]);
		}
	}
	emits("}}\n");
}

/* For a reproduction program in C: `show(name, value)`, which prints a component the library
 * returns as a NUL-terminated string, or NULL. */
#define REPRODUCE_C_SHOW                                                                           \
	"static void show(const char *name, const char *value) {\n" \
	"    if (value) {\n" \
	"        printf(\"%s: \\\"%s\\\"\\n\", name, value);\n" \
	"    } else {\n" \
	"        printf(\"%s: NULL\\n\", name);\n" \
	"    }\n" \
	"}\n"

/* What an adapter answers: "about", and each operation of the protocol it does (NULL: answered
 * {"unsupported":true}). */
typedef struct {
	request_handler about, parse, resolve, normalize, serialize;
	/* The parse rules it does, separated by spaces, for common_checks. */
	const char *rules;
	/* Whether its library takes NUL-terminated strings: an input or base holding a NUL byte is
	 * then answered {"unsupported":true}. */
	int refuses_nul;
	/* Calls an operation's handler, for an adapter that answers what its library throws (NULL:
	 * the handler is called as it is). */
	void (*guard)(request_handler operation, const request *r);
} adapter;

static const adapter *served;

/* One request, answered by the adapter `served`. */
static inline void answer_served(const request *r) {
	if (is(&r->op, "about")) {
		served->about(r);
		return;
	}
	request_handler operation;
	if (is(&r->op, "parse")) {
		operation = served->parse;
	} else if (is(&r->op, "resolve")) {
		operation = served->resolve;
	} else if (is(&r->op, "normalize")) {
		operation = served->normalize;
	} else if (is(&r->op, "serialize")) {
		operation = served->serialize;
	} else {
		answer_error(r, "not a valid request: unknown op");
		return;
	}
	if (!common_checks(r, served->rules)) {
		return;
	}
	if (!operation || (served->refuses_nul && (has_nul(&r->input) || has_nul(&r->base)))) {
		answer_unsupported(r);
	} else if (served->guard) {
		served->guard(operation, r);
	} else {
		operation(r);
	}
}

static inline int protocol_main(request_handler answer) {
	size_t cap = 1 << 16, len = 0;
	char *buffer = (char *)malloc(cap);
	if (!buffer) {
		return 1;
	}
	for (;;) {
		if (len == cap) {
			cap *= 2;
			buffer = (char *)realloc(buffer, cap);
			if (!buffer) {
				return 1;
			}
		}
		ssize_t n = read(0, buffer + len, cap - len);
		if (n <= 0) {
			if (len > 0) {
				answer_line(buffer, buffer + len, answer);
			}
			flush_out();
			return 0;
		}
		len += (size_t)n;
		/* Answer every complete line read so far, then flush once. */
		char *start = buffer, *newline;
		while ((newline = (char *)memchr(start, '\n', (size_t)(buffer + len - start)))) {
			answer_line(start, newline, answer);
			start = newline + 1;
		}
		len = (size_t)(buffer + len - start);
		memmove(buffer, start, len);
		flush_out();
	}
}

/* Answers every request of standard input with `a`, until its end. */
static inline int protocol_serve(const adapter *a) {
	served = a;
	return protocol_main(answer_served);
}

/* An adapter's table of answers (about, parse, resolve, normalize, serialize; the rules;
 * refuses_nul; guard: the fields of `adapter`, in order) and its main, which serves them. */
#define SERVE(...)                                                                                 \
	static const adapter ANSWERS = {__VA_ARGS__};                                              \
	int main(void) { return protocol_serve(&ANSWERS); }

/* One entry of about's "blind_spots", as a string literal: BLIND("port", "number", "why"). */
#define BLIND(field, how, reason) "{\"field\":\"" field "\",\"how\":\"" how "\",\"reason\":\"" reason "\"}"

#ifdef __cplusplus
/* ---- for the C++ adapters under adapters/cpp/ ---- */
#include <exception>
#include <string>

/* A std::string as a JSON string. */
static inline void emit_s(const std::string &s) { emit_json(s.data(), s.size()); }

/* A std::string as a JSON string, or null when it is empty: for a library that has no
 * undefined component, only an empty one. */
static inline void emit_nonempty(const std::string &s) {
	if (s.empty()) {
		emits("null");
	} else {
		emit_s(s);
	}
}

static inline std::string str(const text &t) { return std::string(t.data, t.len); }

/* Answers what a library threw as a refusal of the input: `prefix` and the exception's what(). */
static inline void answer_thrown(const request *r, const char *prefix, const std::exception &e) {
	answer_invalid(r, (std::string(prefix) + e.what()).c_str());
}
#endif

#endif
