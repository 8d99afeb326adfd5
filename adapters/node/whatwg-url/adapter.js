#!/usr/bin/env node
// An implementation adapter in JavaScript for uri-conformance: whatwg-url (npm), 16.0.1, "a full
// implementation of the WHATWG URL Standard" and its reference implementation
// (https://github.com/jsdom/whatwg-url#readme). `spec` is "WHATWG URL", so the harness judges it
// by the URL Standard model, as it judges the Rust url crate. (16.0.1 is the newest release
// that runs on Node 20; 17 needs Node 22.)
//
// Protocol version 2 of `uri-conformance serve` (see docs/protocol.md): one request a line on stdin,
// one answer a line on stdout with the request's "id" echoed, written when every line read so
// far is answered.
//
// Calls: the "low-level URL Standard API" of the README, which works on URL records:
// - parse: `parseURL(input)` (the API URL parser: a URL record, or null for failure; the
//   answer's error is then "failure"). Rules `URI` and `URI-reference` only, as for the Rust
//   url crate: the parser takes an absolute URL and allows a fragment, with no way to refuse a
//   fragment (absolute-URI) or to parse a relative reference alone (relative-ref):
//   unsupported. A failure by URI-reference of an input without a scheme (by the Standard's
//   scheme state) is unsupported too (src/impls/url_adapter.rs, src/whatwg/view.rs).
// - resolve: `serializeURL(parseURL(input, { baseURL: parseURL(base) }))`. Non-strict for
//   special schemes and strict for the others, with no switch: `strict: true` only.
// - serialize: `serializeURL(parseURL(input))`.
// - normalize: none in the Standard: unsupported.
//
// Components, from the URL record, mapped as the Rust url adapter maps its crate (the shared
// UrlView of src/whatwg/view.rs):
// - scheme: `scheme`.
// - userinfo: from `username` and `password`, undefined when both are "" (the record has no
//   other way to say "no userinfo"; `http://@a/` and `http://u:@a/` lose the "@" and ":"):
//   blind spot empty-is-undefined, as for url.
// - host: `serializeHost(host)` when `host` is not null (an IPv6 address in brackets, the empty
//   host ""); host_kind from the record's host type: a number is an IPv4 address, an array of
//   eight numbers an IPv6 address, a string (a domain, an opaque host, the empty host) reg-name.
// - port: `port` (null or a number) in decimal. The record has no empty port (`http://a:/`
//   has port null): blind spot empty-is-undefined, as for url.
// - path: `serializePath(record)` (an opaque path as it is; a list of segments each after "/",
//   without the serializer's "/." prefix).
// - query, fragment: `query`, `fragment` (null when null, "" when empty).

"use strict";

const whatwgUrl = require("whatwg-url");
const { about, serve } = require("../protocol.js");
const { parseOutcome, resolveOutcome, serializeOutcome, viewOutcome } = require("../whatwg.js");

const ABOUT = about({
  library: "whatwg-url",
  version: require("whatwg-url/package.json").version,
  spec: "WHATWG URL",
  operations: ["parse", "resolve", "serialize"],
  rules: ["URI-reference", "URI"],
  blindSpots: [
    [
      "userinfo",
      "empty-is-undefined",
      "the URL record's username and password are \"\" both without a userinfo and for an empty one (http://@a/), and for an empty password (http://u:@a/)",
    ],
    [
      "port",
      "empty-is-undefined",
      "the URL record's port is null both without a port and for an empty one (http://a:/)",
    ],
  ],
  // What a report's "reproduce alone" program runs (docs/protocol.md, about.reproduce).
  reproduce: {
    parse: `const whatwgUrl = require("whatwg-url");
console.log(whatwgUrl.parseURL({input}));`,
    resolve: `const whatwgUrl = require("whatwg-url");
const base = whatwgUrl.parseURL({base});
console.log(base && whatwgUrl.serializeURL(whatwgUrl.parseURL({input}, { baseURL: base })));`,
  },
});

class Failure extends Error {
  constructor() {
    super("failure");
    this.name = "parseURL";
  }
}

function parse(input, options) {
  const record = whatwgUrl.parseURL(input, options);
  if (record === null) throw new Failure();
  return record;
}

function view(record) {
  let hostKind = "reg-name";
  if (typeof record.host === "number") hostKind = "ipv4";
  else if (Array.isArray(record.host)) hostKind = "ipv6";
  return {
    scheme: record.scheme,
    username: record.username,
    password: record.password,
    host: record.host === null ? null : whatwgUrl.serializeHost(record.host),
    hostKind,
    port: record.port,
    path: whatwgUrl.serializePath(record),
    query: record.query,
    fragment: record.fragment,
  };
}

const OPERATIONS = {
  parse: (input, rule, zoneId) =>
    parseOutcome(rule, input, () => viewOutcome(view(parse(input))), zoneId),
  resolve: (base, input, strict) =>
    resolveOutcome(
      strict,
      () => parse(base),
      (baseURL) => whatwgUrl.serializeURL(parse(input, { baseURL })),
    ),
  normalize: null,
  serialize: (input) => serializeOutcome(input, () => whatwgUrl.serializeURL(parse(input))),
};

serve(ABOUT, OPERATIONS);
