#!/usr/bin/env node
// An implementation adapter in JavaScript for uri-conformance: url-parse (npm), 1.5.10
// (https://github.com/unshiftio/url-parse#readme), "a full Regular Expression solution" that
// exposes the interfaces of Node's legacy `url` and of the browser's `URL`. Its README names no
// specification (and recommends the WHATWG URL API instead), so `spec` says so in free text and
// the harness judges it by RFC 3986.
//
// Protocol version 2 of `uri-conformance serve` (see docs/protocol.md): one request a line on stdin,
// one answer a line on stdout with the request's "id" echoed, written when every line read so
// far is answered.
//
// Calls (README, "Usage"):
// - parse: `new Url(input, {})` (the empty location object the README gives "to parse an input
//   independently of the browser's current URL"), then its properties `protocol`, `slashes`,
//   `auth`, `hostname`, `port`, `pathname`, `query` (the text, the `parser` argument being
//   false), `hash`. It never throws. Only `URI-reference` is asked: the constructor has no
//   rules.
// - resolve: `new Url(input, base).href` (`baseURL`: "the base URL to use in case url is a
//   relative URL"). It has no strict and non-strict modes (`http:g` against an http base gives
//   `http://g/`, neither reading of RFC 3986 §5.2.2): asked with `strict: true` only, the
//   protocol's default.
// - serialize: `new Url(input, {}).href`.
// - normalize: none: unsupported.
//
// How the properties are mapped, and what the library changes while parsing (README and code):
// - scheme: `protocol` without its ":", null when ""; lowercased (blind spot case-folded).
// - host: `hostname` when `slashes` is true (the input had "//" after the scheme), null
//   otherwise; lowercased (case-folded); an IPv6 address keeps its brackets. For a special
//   scheme url-parse skips any number of slashes (`http:///a` has the host `a`), and without a
//   scheme it does not look for an authority at all (`//a` is the path `//a` and `slashes` is
//   true with the host ""): reported as the library gives them.
// - userinfo: `auth`, "" both without a userinfo and for an empty one (empty-is-undefined).
// - port: `port`, "" both without a port and for an empty one (empty-is-undefined); a scheme's
//   default port is dropped while parsing.
// - path: `pathname`. query: `query` without its "?", null when "" (a lone "?" is kept as
//   "?", so an empty query is told apart). fragment: `hash` the same way.
// - url-parse does not say what kind a host is: host_kind is hidden.

"use strict";

const Url = require("url-parse");

const { about } = require("../protocol.js");

const ABOUT = about({
  library: "url-parse",
  version: require("url-parse/package.json").version,
  spec: "url-parse (no specification; Node's legacy url and the browser URL interfaces)",
  operations: ["parse", "resolve", "serialize"],
  rules: ["URI-reference"],
  blindSpots: [
    ["scheme", "case-folded", "url-parse lowercases `protocol`"],
    ["host", "case-folded", "url-parse lowercases `hostname`"],
    [
      "userinfo",
      "empty-is-undefined",
      "`auth` is \"\" both without a userinfo and for an empty one (http://@a/)",
    ],
    [
      "port",
      "empty-is-undefined",
      "`port` is \"\" both without a port and for an empty one (http://a:/)",
    ],
    ["host_kind", "hidden", "url-parse does not say whether a host is a reg-name or an IP address"],
  ],
  // What a report's "reproduce alone" program runs (docs/protocol.md, about.reproduce).
  reproduce: {
    parse: `const Url = require("url-parse");
console.log(new Url({input}, {}));`,
    resolve: `const Url = require("url-parse");
console.log(new Url({input}, {base}).href);`,
  },
});

const OPERATIONS = {
  parse: (input) => {
    const url = new Url(input, {});
    return {
      valid: true,
      components: {
        scheme: url.protocol ? url.protocol.replace(/:$/, "") : null,
        userinfo: url.auth ? url.auth : null,
        host: url.slashes ? url.hostname : null,
        port: url.port ? String(url.port) : null,
        path: url.pathname,
        query: url.query ? String(url.query).replace(/^\?/, "") : null,
        fragment: url.hash ? url.hash.replace(/^#/, "") : null,
      },
    };
  },
  resolve: (base, input, strict) =>
    strict ? { valid: true, target: new Url(input, base).href } : { unsupported: true },
  normalize: null,
  serialize: (input) => ({ valid: true, serialized: new Url(input, {}).href }),
};

require("../protocol.js").serve(ABOUT, OPERATIONS);
