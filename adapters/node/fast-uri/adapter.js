#!/usr/bin/env node
// An implementation adapter in JavaScript for uri-conformance: fast-uri (npm), 4.2.3,
// "Dependency-free RFC 3986 URI toolbox" (https://github.com/fastify/fast-uri#readme), a
// replacement for uri-js with the same API. `spec` is "RFC 3986".
//
// Protocol version 2 of `uri-conformance serve` (see docs/protocol.md): one request a line on stdin,
// one answer a line on stdout with the request's "id" echoed, written when every line read so
// far is answered.
//
// Calls (the README's Options, Parse, Serialize, Resolve and Normalize sections), with the
// default options unless said:
// - parse: `uri.parse(input)`, an object with `scheme`, `userinfo`, `host`, `port`, `path`,
//   `query`, `fragment` (undefined when absent, "" when empty) and `error` when the library
//   finds the input malformed (the answer is then invalid with that message). Rule
//   `absolute-URI` passes `{ reference: "absolute" }` (the library sets `error` when the
//   reference is not "absolute": a scheme and no fragment). The other rules have no
//   counterpart: unsupported.
// - resolve: `uri.resolve(base, input, { tolerant: !strict })` ("relax URI resolving rules":
//   the reference's scheme is then ignored whatever it is). It throws on a malformed scheme
//   or host (README: "resolve() and serialize() throw"): invalid with the message.
// - normalize: `uri.normalize(input)`, at the "syntax" level only; the README says it leaves
//   malformed input unchanged rather than refusing it.
// - serialize: `uri.serialize(uri.parse(input))`.
//
// What the library does on top of RFC 3986 (README and code):
// - parsing normalizes: the scheme and the host are lowercased (blind spots case-folded),
//   triplets of unreserved characters are decoded and the others uppercased, and the scheme
//   handlers of http, https, ws, wss, mailto, urn and urn:uuid apply their own rules (an http
//   URI without a host is an error; mailto: and urn: URIs have no `path` but `to`, `nid`,
//   `nss`...; the path is then reported as "").
// - an IPv6 host comes without its brackets and with its zone identifier decoded; the adapter
//   writes it back as `uri.serialize` does: in brackets, the zone's "%" as "%25".
// - `port` is a number when digits and the text otherwise ("" for `http://a:/`).
// - the library does not say what kind a host is: host_kind is hidden.

"use strict";

const LIB = require("fast-uri");

const { about } = require("../protocol.js");

const ABOUT = about({
  library: "fast-uri",
  version: require("fast-uri/package.json").version,
  spec: "RFC 3986",
  operations: ["parse", "resolve", "normalize", "serialize"],
  rules: ["URI-reference", "absolute-URI"],
  blindSpots: [
    ["scheme", "case-folded", "uri.parse lowercases the scheme"],
    ["host", "case-folded", "uri.parse lowercases the host"],
    ["host_kind", "hidden", "fast-uri does not say whether a host is a reg-name or an IP address"],
  ],
  // What a report's "reproduce alone" program runs (docs/protocol.md, about.reproduce).
  reproduce: {
    parse: `const uri = require("fast-uri");
console.log(uri.parse({input}));`,
    resolve: `const uri = require("fast-uri");
console.log(uri.resolve({base}, {input}, { tolerant: !{strict} }));`,
    normalize: `const uri = require("fast-uri");
console.log(uri.normalize({input}));`,
  },
});

require("../protocol.js").serve(ABOUT, require("../uri-js-api.js").operations(LIB));
