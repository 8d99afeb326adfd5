#!/usr/bin/env node
// An implementation adapter in JavaScript for uri-conformance: Node.js's built-in WHATWG `URL`
// class (https://nodejs.org/docs/latest-v20.x/api/url.html#the-whatwg-url-api), which follows
// the WHATWG URL Standard (https://url.spec.whatwg.org/); Node 20 implements it with the ada
// library (process.versions.ada). `spec` is "WHATWG URL", so the harness judges it by the URL
// Standard model, as it judges the Rust url crate.
//
// Protocol version 2 of `uri-conformance serve` (see docs/protocol.md): one request a line on stdin,
// one answer a line on stdout with the request's "id" echoed, written when every line read so
// far is answered.
//
// Calls:
// - parse: `new URL(input)` (throws a TypeError, ERR_INVALID_URL, on failure). Rules `URI` and
//   `URI-reference` only: the constructor parses an absolute URL and allows a fragment; it has
//   no way to refuse a fragment (absolute-URI) or parse a relative reference alone
//   (relative-ref): unsupported. A failure by URI-reference of an input without a scheme (by
//   the Standard's scheme state) is unsupported too: without a base the Standard fails on any
//   such reference, as the Rust url adapter says (src/impls/url_adapter.rs).
// - resolve: `new URL(input, base).href`, the base parsed alone first with `new URL(base)`.
//   Non-strict for special schemes and strict for the others, with no switch: `strict: true`
//   only, as for the Rust url crate.
// - serialize: `new URL(input).href` (the URL Standard's serializer).
// - normalize: no such API (the href is the serialization of the parsed record, not RFC 3986
//   §6.2.2 normalization): unsupported.
//
// The URL Standard is not RFC 3986: parsing lowercases, percent-encodes, IDNA-maps hosts,
// rewrites IPv4 and IPv6 addresses, drops default ports and removes dot-segments; the answers
// are the getters' values, which are those of the serialized URL, as the model expects.
//
// Components, from the getters, mapped as the Rust url adapter maps its crate (the shared
// UrlView of src/whatwg/view.rs):
// - scheme: `protocol` without its ":".
// - userinfo: from `username` and `password`, undefined when both are "". The record has no
//   other way to say "no userinfo" (`http://@a/` and `http://u:@a/` lose the "@" and ":"):
//   blind spot empty-is-undefined, as for url.
// - host: `hostname` (an IPv6 address in brackets) when the URL's host is not null, which is
//   exactly when the href has "//" right after the scheme's ":" (the serializer writes "//"
//   then, and "/." before a path starting with "//" otherwise); `hostname` is "" both for a
//   null host and for the empty one (`file:///x`), so the href tells them apart. Undefined
//   otherwise.
// - host_kind: the API has no host type; the serialized host shows it: brackets are an IPv6
//   address; for a special scheme (whose IPv4 addresses are always serialized as four decimal
//   numbers, and whose domains cannot end in a number) four dotted decimal numbers are an IPv4
//   address; anything else (a domain, an opaque host, the empty host) is reg-name.
// - port: `port`, "" when null (a default port is dropped while parsing): an empty port and no
//   port are both null (blind spot empty-is-undefined, as for url).
// - path: `pathname` (an opaque path as it is; without the serializer's "/." prefix).
// - query: `search` without "?", null when the href has no "?" before its first "#"; fragment:
//   `hash` without "#", null when the href has no "#". `search` and `hash` are "" both for a
//   null and for an empty query or fragment; the href tells them apart, since the serializer
//   percent-encodes "?" and "#" in every earlier component and writes "?" and "#" exactly when
//   the query and fragment are not null.

const { about, serve } = require("../protocol.js");
const { parseOutcome, resolveOutcome, serializeOutcome, viewOutcome } = require("../whatwg.js");

"use strict";

const ABOUT = about({
  name: "url",
  library: "URL (Node.js built-in)",
  version: `node ${process.versions.node} (ada ${process.versions.ada})`,
  spec: "WHATWG URL",
  operations: ["parse", "resolve", "serialize"],
  rules: ["URI-reference", "URI"],
  blindSpots: [
    [
      "userinfo",
      "empty-is-undefined",
      "URL username and password are \"\" both without a userinfo and for an empty one (http://@a/), and for an empty password (http://u:@a/)",
    ],
    [
      "port",
      "empty-is-undefined",
      "URL port is \"\" both without a port and for an empty one (http://a:/)",
    ],
  ],
  // What a report's "reproduce alone" program runs (docs/protocol.md, about.reproduce).
  reproduce: {
    parse: `const url = new URL({input});
console.log(url.href, url);`,
    resolve: `console.log(new URL({input}, {base}).href);`,
  },
});

const SPECIAL = new Set(["http:", "https:", "ws:", "wss:", "ftp:", "file:"]);

function view(url) {
  const href = url.href;
  const afterScheme = href.slice(url.protocol.length);
  const hasHost = afterScheme.startsWith("//");
  const hash = href.indexOf("#");
  const beforeFragment = hash === -1 ? href : href.slice(0, hash);
  const hostname = url.hostname;
  let hostKind = "reg-name";
  if (hostname.startsWith("[")) hostKind = "ipv6";
  else if (SPECIAL.has(url.protocol) && /^\d+\.\d+\.\d+\.\d+$/.test(hostname)) hostKind = "ipv4";
  return {
    scheme: url.protocol.slice(0, -1),
    username: url.username,
    password: url.password,
    host: hasHost ? hostname : null,
    hostKind,
    port: url.port === "" ? null : url.port,
    path: url.pathname,
    query: beforeFragment.includes("?") ? url.search.slice(1) : null,
    fragment: hash === -1 ? null : url.hash.slice(1),
  };
}

const OPERATIONS = {
  parse: (input, rule, zoneId) =>
    parseOutcome(rule, input, () => viewOutcome(view(new URL(input))), zoneId),
  resolve: (base, input, strict) =>
    resolveOutcome(
      strict,
      () => new URL(base),
      (parsed) => new URL(input, parsed).href,
    ),
  normalize: null,
  serialize: (input) => serializeOutcome(input, () => new URL(input).href),
};

serve(ABOUT, OPERATIONS);
