// An implementation adapter in Go for uri-conformance: Go's net/url (the standard library),
// speaking protocol version 2 (see adapters/README.md): one JSON request a line on stdin, one
// answer a line on stdout with the request's "id" echoed, and an answer to {"op":"about"}.
//
//	adapters/go/net-url/setup      # go build into .build/
//	uri-conformance diff --impl-cmd adapters/go/net-url/run 'http://a/b'
//
// The library: net/url (https://pkg.go.dev/net/url). Its calls:
//
//	parse      url.Parse(s) (https://pkg.go.dev/net/url#Parse), then the URL's fields Scheme,
//	           Opaque, User (Username, Password), Host, RawPath / EscapedPath(), ForceQuery,
//	           RawQuery, RawFragment / EscapedFragment()
//	resolve    base.ResolveReference(ref).String() (https://pkg.go.dev/net/url#URL.ResolveReference)
//	serialize  url.Parse(s) then URL.String() (https://pkg.go.dev/net/url#URL.String)
//
// What it follows: the package documentation says "See RFC 3986. This package generally follows
// RFC 3986, except where it deviates for compatibility reasons." So the claim is "RFC 3986"; the
// departures its documentation names (or that its fields make visible):
//   - Scheme is lowercased by Parse; Path, Fragment, the user name and password and Host are
//     stored percent-decoded (RawPath and RawFragment keep the original text only when it differs
//     from the package's own encoding, https://pkg.go.dev/net/url#URL).
//   - "Trying to parse a hostname and path without a scheme is invalid but may not necessarily
//     return an error, due to parsing ambiguities" (Parse); a first path segment with a colon in a
//     relative reference is refused ("first path segment in URL cannot contain colon").
//   - A host may hold an IPv6 zone ("[fe80::1%25en0]", RFC 6874) and non-ASCII text; control
//     characters are refused anywhere.
//   - A URL with a scheme and no "/" after it is "opaque": Opaque holds the text up to "?".
//   - No normalization is offered (normalize is unsupported); ResolveReference is documented as
//     RFC 3986 §5.2 and is strict only (non-strict resolve is unsupported).
//
// How the answers map onto the protocol's components:
//   - scheme: Scheme (lowercased: blind spot case-folded); "" is undefined (an empty scheme is
//     refused by the package).
//   - userinfo: Username() and, when set, ":" Password(): decoded (blind spot decoded); the raw
//     text is not kept by the package.
//   - host and port: Host is "host[:port]", decoded (blind spot decoded); it is split at the
//     port's colon (after "]" for an IP literal), so "a:" gives the port "". The package tells no
//     empty host from no authority ("http:///a" and "http:/a" give the same URL): the host is
//     defined when Host is not empty or User is set (blind spot host empty-is-undefined).
//     host_kind is read from the host's text: the package does not say.
//   - path: Opaque when the URL is opaque; else RawPath when set, which the package sets to the
//     original text exactly when that differs from escaping Path; else EscapedPath(), which is
//     then that same text. So the path is the raw substring.
//   - query: RawQuery (raw), defined when not empty or ForceQuery.
//   - fragment: RawFragment when set, else EscapedFragment() (the raw text, as for the path);
//     the package tells no empty fragment from none ("a#" and "a" parse alike): blind spot
//     fragment empty-is-undefined.
//   - Only the URI-reference rule is answered: Parse takes absolute and relative references.
package main

import (
	"bufio"
	"encoding/json"
	"fmt"
	"net/url"
	"os"
	"runtime"
	"strconv"
	"strings"
	"unicode/utf8"
)

type request struct {
	Op     *string          `json:"op"`
	Input  *string          `json:"input"`
	Base   *string          `json:"base"`
	Rule   *string          `json:"rule"`
	Level  *string          `json:"level"`
	Strict *bool            `json:"strict"`
	ZoneID *bool            `json:"zone_id"`
	IRI    *bool            `json:"iri"`
	ID     *json.RawMessage `json:"id"`
}

type obj = map[string]interface{}

func about() obj {
	return obj{
		"protocol":   2,
		"name":       "go-net-url",
		"language":   "Go",
		"library":    "net/url",
		"version":    runtime.Version(),
		"spec":       "RFC 3986",
		"operations": []string{"parse", "resolve", "serialize"},
		"rules":      []string{"URI-reference"},
		"blind_spots": []obj{
			{"field": "scheme", "how": "case-folded", "reason": "url.Parse lowercases URL.Scheme"},
			{"field": "userinfo", "how": "decoded", "reason": "URL.User keeps only the decoded user name and password"},
			{"field": "host", "how": "decoded", "reason": "URL.Host is stored percent-decoded"},
			{"field": "host", "how": "empty-is-undefined", "reason": "an empty authority (http:///a) parses as none: URL.Host is empty either way"},
			{"field": "fragment", "how": "empty-is-undefined", "reason": "a#: URL.Fragment and RawFragment are empty either way"},
		},
		// What a report's "reproduce alone" program runs (docs/protocol.md, about.reproduce).
		"reproduce": obj{
			"language": "go",
			"parse":    "package main\n\nimport (\n\t\"fmt\"\n\t\"net/url\"\n)\n\nfunc main() {\n\tu, err := url.Parse({input})\n\tif err != nil {\n\t\tfmt.Println(\"error:\", err)\n\t\treturn\n\t}\n\tfmt.Printf(\"Scheme=%q Opaque=%q User=%q Host=%q Path=%q RawQuery=%q Fragment=%q\\n\", u.Scheme, u.Opaque, u.User.String(), u.Host, u.EscapedPath(), u.RawQuery, u.EscapedFragment())\n}\n",
			"resolve":  "package main\n\nimport (\n\t\"fmt\"\n\t\"net/url\"\n)\n\nfunc main() {\n\tbase, err := url.Parse({base})\n\tif err != nil {\n\t\tfmt.Println(\"base error:\", err)\n\t\treturn\n\t}\n\tref, err := url.Parse({input})\n\tif err != nil {\n\t\tfmt.Println(\"reference error:\", err)\n\t\treturn\n\t}\n\tfmt.Println(base.ResolveReference(ref).String())\n}\n",
		},
	}
}

func hostKind(host string) string {
	if strings.HasPrefix(host, "[v") || strings.HasPrefix(host, "[V") {
		return "ipvfuture"
	}
	if strings.HasPrefix(host, "[") {
		return "ipv6"
	}
	parts := strings.Split(host, ".")
	if len(parts) == 4 {
		for _, p := range parts {
			if p == "" || len(p) > 3 || (len(p) > 1 && p[0] == '0') {
				return "reg-name"
			}
			for _, c := range p {
				if c < '0' || c > '9' {
					return "reg-name"
				}
			}
			if n, _ := strconv.Atoi(p); n > 255 {
				return "reg-name"
			}
		}
		return "ipv4"
	}
	return "reg-name"
}

func nullable(s string, defined bool) interface{} {
	if defined {
		return s
	}
	return nil
}

func invalid(err error) obj {
	return obj{"valid": false, "error": err.Error()}
}

func parse(input string) obj {
	u, err := url.Parse(input)
	if err != nil {
		return invalid(err)
	}
	c := obj{"scheme": nullable(u.Scheme, u.Scheme != "")}
	var userinfo, host, port interface{}
	var kind interface{}
	if u.User != nil {
		s := u.User.Username()
		if p, ok := u.User.Password(); ok {
			s += ":" + p
		}
		userinfo = s
	}
	if u.Host != "" || u.User != nil {
		h, p := u.Host, ""
		hasPort := false
		if strings.HasPrefix(h, "[") {
			if i := strings.LastIndex(h, "]"); i >= 0 && strings.HasPrefix(h[i+1:], ":") {
				h, p, hasPort = h[:i+1], h[i+2:], true
			}
		} else if i := strings.LastIndex(h, ":"); i >= 0 {
			h, p, hasPort = h[:i], h[i+1:], true
		}
		host = h
		port = nullable(p, hasPort)
		kind = hostKind(h)
	}
	c["userinfo"], c["host"], c["port"] = userinfo, host, port
	switch {
	case u.Opaque != "":
		c["path"] = u.Opaque
	case u.RawPath != "":
		c["path"] = u.RawPath
	default:
		c["path"] = u.EscapedPath()
	}
	c["query"] = nullable(u.RawQuery, u.RawQuery != "" || u.ForceQuery)
	fragment := u.RawFragment
	if fragment == "" {
		fragment = u.EscapedFragment()
	}
	c["fragment"] = nullable(fragment, fragment != "")
	return obj{"valid": true, "components": c, "host_kind": kind}
}

func resolve(base, input string) obj {
	b, err := url.Parse(base)
	if err != nil {
		return obj{"valid": false, "error": "base: " + err.Error()}
	}
	r, err := url.Parse(input)
	if err != nil {
		return invalid(err)
	}
	return obj{"valid": true, "target": b.ResolveReference(r).String()}
}

func serialize(input string) obj {
	u, err := url.Parse(input)
	if err != nil {
		return invalid(err)
	}
	return obj{"valid": true, "serialized": u.String()}
}

var rfcRules = map[string]bool{"URI-reference": true, "URI": true, "absolute-URI": true, "relative-ref": true,
	"IRI-reference": true, "IRI": true, "absolute-IRI": true, "irelative-ref": true}

func answer(r *request) (response obj) {
	defer func() {
		// A panic in the library is its answer: it refused the input, undocumented.
		if p := recover(); p != nil {
			response = obj{"valid": false, "error": fmt.Sprintf("panic: %v", p)}
		}
	}()
	op := ""
	if r.Op != nil {
		op = *r.Op
	}
	if op == "about" {
		return about()
	}
	if r.IRI != nil && *r.IRI {
		return obj{"unsupported": true}
	}
	switch {
	case op == "parse" && r.Input != nil:
		if r.Rule != nil && *r.Rule != "URI-reference" {
			if rfcRules[*r.Rule] {
				return obj{"unsupported": true}
			}
			return obj{"error": "unknown rule"}
		}
		if r.ZoneID != nil && *r.ZoneID {
			return obj{"unsupported": true}
		}
		return parse(*r.Input)
	case op == "resolve" && r.Input != nil && r.Base != nil:
		if r.Strict != nil && !*r.Strict {
			return obj{"unsupported": true}
		}
		return resolve(*r.Base, *r.Input)
	case op == "normalize" && r.Input != nil:
		return obj{"unsupported": true}
	case op == "serialize" && r.Input != nil:
		return serialize(*r.Input)
	case op == "iri-to-uri" || op == "uri-to-iri":
		return obj{"unsupported": true}
	}
	return obj{"error": "not a valid request: unknown op or missing field"}
}

func line(text []byte, out *bufio.Writer) {
	if len(strings.TrimSpace(string(text))) == 0 {
		return
	}
	var response obj
	var r request
	if !utf8.Valid(text) {
		response = obj{"error": "not a valid request: not UTF-8"}
	} else if err := json.Unmarshal(text, &r); err != nil {
		response = obj{"error": "not a valid request: " + err.Error()}
	} else {
		response = answer(&r)
		if r.ID != nil {
			response["id"] = r.ID
		}
	}
	encoded, err := json.Marshal(response)
	if err != nil {
		encoded = []byte(`{"error":"adapter failure: cannot encode the answer"}`)
	}
	out.Write(encoded)
	out.WriteByte('\n')
}

func main() {
	in := bufio.NewReaderSize(os.Stdin, 1<<16)
	out := bufio.NewWriterSize(os.Stdout, 1<<16)
	for {
		text, err := in.ReadBytes('\n')
		if len(text) > 0 {
			line(text, out)
		}
		if err != nil {
			out.Flush()
			return
		}
		if in.Buffered() == 0 {
			if out.Flush() != nil {
				return
			}
		}
	}
}
