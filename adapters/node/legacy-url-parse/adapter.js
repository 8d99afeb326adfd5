#!/usr/bin/env node
// An implementation adapter in JavaScript for uri-conformance: Node.js's legacy `url.parse`,
// `url.resolve` and `url.format` (https://nodejs.org/docs/latest-v20.x/api/url.html#legacy-url-api),
// built in. Node documents them as legacy, using "a lenient, non-standard algorithm for parsing
// URL strings" and deprecated (DEP0116, DEP0169) in favour of the WHATWG URL API: no
// specification, said in free text, so the harness judges it by RFC 3986.
//
// Protocol version 2 of `uri-conformance serve` (see docs/protocol.md): one request a line on stdin,
// one answer a line on stdout with the request's "id" echoed, written when every line read so
// far is answered. Node's deprecation warnings go to standard error.
//
// Calls:
// - parse: `url.parse(input)` (no query-string parsing, `slashesDenoteHost` false), then the
//   urlObject's `protocol`, `auth`, `host`, `hostname`, `port`, `pathname`, `search`, `hash`
//   (null when absent). It throws (ERR_INVALID_URL...) on some hosts: invalid with the
//   message. Only `URI-reference` is asked: it has no rules.
// - resolve: `url.resolve(base, input)` ("resolves a target URL relative to a base URL in a
//   manner similar to that of a web browser"): a reference with the base's scheme is relative
//   (`http:g` against an http base gives `http://a/b/c/g`), the non-strict reading of RFC 3986
//   §5.2.2; only `strict: false` is asked.
// - serialize: `url.format(url.parse(input))`.
// - normalize: none: unsupported.
//
// How the urlObject is mapped, and what the library changes (Node's documentation of the
// urlObject):
// - scheme: `protocol` without its ":" ("lower-cased": blind spot case-folded).
// - userinfo: `auth`, percent-decoded (blind spot decoded); "" for an empty one.
// - host: `hostname` when `host` is not null ("lower-cased", and punycode-encoded when not
//   ASCII: case-folded); an IP literal (a `host` that starts with "[": lib/url.js takes
//   whatever stands between the brackets) comes without its brackets in `hostname` and is
//   written back in them, as `host` keeps them.
// - port: `port`, null both without a port and for an empty one (empty-is-undefined).
// - path: `pathname`, "" when null. query: `search` without its "?"; fragment: `hash` without
//   its "#" (null when null; a lone "?" or "#" is kept, so empty is told from absent).
// - `url.parse` reads an authority after any scheme's ":" even without "//" (`a:b` has the host
//   `b`, `mailto:x@y` the userinfo `x`): reported as it gives them.
// - the library does not say what kind a host is: host_kind is hidden.

"use strict";

const url = require("node:url");

const { about } = require("../protocol.js");

const ABOUT = about({
  name: "legacy-url-parse",
  library: "url.parse (Node.js legacy URL API)",
  version: `node ${process.versions.node}`,
  spec: "Node legacy url.parse (no specification)",
  operations: ["parse", "resolve", "serialize"],
  rules: ["URI-reference"],
  blindSpots: [
    ["scheme", "case-folded", "urlObject.protocol is lower-cased"],
    ["host", "case-folded", "urlObject.hostname is lower-cased"],
    ["userinfo", "decoded", "urlObject.auth is percent-decoded"],
    [
      "port",
      "empty-is-undefined",
      "urlObject.port is null both without a port and for an empty one (http://a:/)",
    ],
    ["host_kind", "hidden", "url.parse does not say whether a host is a reg-name or an IP address"],
  ],
  // What a report's "reproduce alone" program runs (docs/protocol.md, about.reproduce).
  reproduce: {
    parse: `const url = require("node:url");
console.log(url.parse({input}));`,
    resolve: `const url = require("node:url");
console.log(url.resolve({base}, {input}));`,
  },
});

const OPERATIONS = {
  parse: (input) => {
    const parsed = url.parse(input);
    let host = null;
    if (parsed.host !== null && parsed.hostname !== null) {
      // `host` keeps the brackets that `hostname` loses ("the host field still retains them",
      // lib/url.js): an IP literal is one whatever it holds ("[v]" too).
      host = parsed.host.startsWith("[") ? `[${parsed.hostname}]` : parsed.hostname;
    }
    const strip = (value) => (value === null ? null : value.slice(1));
    return {
      valid: true,
      components: {
        scheme: parsed.protocol === null ? null : parsed.protocol.replace(/:$/, ""),
        userinfo: parsed.auth,
        host,
        port: parsed.port,
        path: parsed.pathname === null ? "" : parsed.pathname,
        query: strip(parsed.search),
        fragment: strip(parsed.hash),
      },
    };
  },
  resolve: (base, input, strict) =>
    strict ? { unsupported: true } : { valid: true, target: url.resolve(base, input) },
  normalize: null,
  serialize: (input) => ({ valid: true, serialized: url.format(url.parse(input)) }),
};

require("../protocol.js").serve(ABOUT, OPERATIONS);
