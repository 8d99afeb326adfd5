#!/usr/bin/env node
// An implementation adapter in JavaScript for uri-conformance: uri-js (npm), 4.4.1, "an RFC 3986
// compliant, scheme extendable URI/IRI parsing/validating/resolving library"
// (https://github.com/garycourt/uri-js#readme). `spec` is "RFC 3986". The package is marked
// deprecated on npm, and is still a dependency of many (ajv among them).
//
// Protocol version 2 of `uri-conformance serve` (see docs/protocol.md): one request a line on stdin,
// one answer a line on stdout with the request's "id" echoed, written when every line read so
// far is answered.
//
// Calls (the README's API section), with the default options unless said:
// - parse: `URI.parse(input)`, an object with `scheme`, `userinfo`, `host`, `port`, `path`,
//   `query`, `fragment` (undefined when absent, "" when empty) and `error` when the library
//   finds the input malformed (the answer is then invalid with that message). Rule
//   `absolute-URI` passes `{ reference: "absolute" }` (the library sets `error` when the
//   reference is not "absolute": a scheme and no fragment). The other rules have no
//   counterpart (its `reference` "uri" needs a fragment, "relative" excludes
//   "same-document"): unsupported.
// - resolve: `URI.resolve(base, input, { tolerant: !strict })` (`tolerant` is the library's
//   non-strict mode, which ignores the reference's scheme whatever it is).
// - normalize: `URI.normalize(input)`, at the "syntax" level only.
// - serialize: `URI.serialize(URI.parse(input))`.
//
// What the library does on top of RFC 3986 (README, "Scheme Extendable", and its code):
// - parsing normalizes: the scheme and the host are lowercased (blind spots case-folded), a
//   non-ASCII host is IDNA-encoded, triplets of unreserved characters are decoded and the
//   others uppercased, and the scheme handlers of http, https, ws, wss, mailto, urn and
//   urn:uuid apply their own rules (mailto: and urn: URIs have no `path` but `to`, `nid`,
//   `nss`...; the path is then reported as "").
// - an IPv6 host comes without its brackets and with its zone identifier decoded; the adapter
//   writes it back as `URI.serialize` does: in brackets, the zone's "%" as "%25".
// - `port` is a number when digits and the text otherwise ("" for `http://a:/`).
// - the library does not say what kind a host is: host_kind is hidden.

"use strict";

const LIB = require("uri-js");

const { about } = require("../protocol.js");

const ABOUT = about({
  library: "uri-js",
  version: require("uri-js/package.json").version,
  spec: "RFC 3986",
  operations: ["parse", "resolve", "normalize", "serialize"],
  rules: ["URI-reference", "absolute-URI"],
  blindSpots: [
    ["scheme", "case-folded", "URI.parse lowercases the scheme"],
    ["host", "case-folded", "URI.parse lowercases the host"],
    ["host_kind", "hidden", "uri-js does not say whether a host is a reg-name or an IP address"],
  ],
  // What a report's "reproduce alone" program runs (docs/protocol.md, about.reproduce).
  reproduce: {
    parse: `const URI = require("uri-js");
console.log(URI.parse({input}));`,
    resolve: `const URI = require("uri-js");
console.log(URI.resolve({base}, {input}, { tolerant: !{strict} }));`,
    normalize: `const URI = require("uri-js");
console.log(URI.normalize({input}));`,
  },
});

require("../protocol.js").serve(ABOUT, require("../uri-js-api.js").operations(LIB));
