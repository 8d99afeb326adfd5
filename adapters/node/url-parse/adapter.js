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

const ABOUT = {
  protocol: 2,
  name: "node-url-parse",
  language: "JavaScript",
  library: "url-parse",
  version: require("url-parse/package.json").version,
  spec: "url-parse (no specification; Node's legacy url and the browser URL interfaces)",
  operations: ["parse", "resolve", "serialize"],
  rules: ["URI-reference"],
  blind_spots: [
    { field: "scheme", how: "case-folded", reason: "url-parse lowercases `protocol`" },
    { field: "host", how: "case-folded", reason: "url-parse lowercases `hostname`" },
    {
      field: "userinfo",
      how: "empty-is-undefined",
      reason: '`auth` is "" both without a userinfo and for an empty one (http://@a/)',
    },
    {
      field: "port",
      how: "empty-is-undefined",
      reason: '`port` is "" both without a port and for an empty one (http://a:/)',
    },
    {
      field: "host_kind",
      how: "hidden",
      reason: "url-parse does not say whether a host is a reg-name or an IP address",
    },
  ],
};

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

// ---- The protocol loop (the same in every Node adapter of this folder's siblings) ----

const URI_RULES = ["URI-reference", "URI", "absolute-URI", "relative-ref"];
const IRI_RULES = ["IRI-reference", "IRI", "absolute-IRI", "irelative-ref"];

class BadRequest extends Error {}

// What the library throws is its refusal of the input (an exception it does not document too:
// the harness reports it).
function library(call) {
  try {
    return call();
  } catch (error) {
    return { valid: false, error: describe(error) };
  }
}

function describe(error) {
  if (error instanceof Error) return `${error.name}: ${error.message}`;
  return String(error);
}

// The answer to one request; a BadRequest for a line this adapter does not understand.
function answer(request) {
  const op = request.op;
  if (op === "about") return ABOUT;
  if (!["parse", "resolve", "normalize", "serialize"].includes(op)) {
    throw new BadRequest(`unknown op ${JSON.stringify(op)}`);
  }
  const input = request.input;
  if (typeof input !== "string") throw new BadRequest("input is not a string");
  if (request.iri !== undefined && request.iri !== false) {
    throw new BadRequest("IRI requests are not understood");
  }
  if (op === "parse") {
    const rule = request.rule === undefined ? "URI-reference" : request.rule;
    if (IRI_RULES.includes(rule)) throw new BadRequest("IRI rules are not understood");
    if (!URI_RULES.includes(rule)) throw new BadRequest(`unknown rule ${JSON.stringify(rule)}`);
    if (!ABOUT.rules.includes(rule)) return { unsupported: true };
    return library(() => OPERATIONS.parse(input, rule));
  }
  if (op === "resolve") {
    const base = request.base;
    const strict = request.strict === undefined ? true : request.strict;
    if (typeof base !== "string" || typeof strict !== "boolean") {
      throw new BadRequest("a resolve needs a string base and a boolean strict");
    }
    if (!OPERATIONS.resolve) return { unsupported: true };
    return library(() => OPERATIONS.resolve(base, input, strict));
  }
  if (op === "normalize") {
    const level = request.level === undefined ? "syntax" : request.level;
    if (level !== "syntax" && level !== "scheme") {
      throw new BadRequest(`unknown level ${JSON.stringify(level)}`);
    }
    if (!OPERATIONS.normalize) return { unsupported: true };
    return library(() => OPERATIONS.normalize(input, level));
  }
  if (!OPERATIONS.serialize) return { unsupported: true };
  return library(() => OPERATIONS.serialize(input));
}

function respond(line) {
  let id;
  let response;
  try {
    const text = decoder.decode(line);
    const request = JSON.parse(text);
    if (request === null || typeof request !== "object" || Array.isArray(request)) {
      throw new BadRequest("a request is a JSON object");
    }
    id = request.id;
    response = answer(request);
  } catch (error) {
    response = { error: `not a valid request: ${describe(error)}` };
  }
  if (id !== undefined && id !== null) response = { ...response, id };
  return JSON.stringify(response) + "\n";
}

// Lines are split on the byte \n and decoded strictly (a line that is not UTF-8 is answered
// with an error); the answers to every line of one chunk are written at once, so output is
// flushed exactly when all input that has arrived is answered.
const decoder = new TextDecoder("utf-8", { fatal: true });
let pending = [];

process.stdin.on("data", (chunk) => {
  let out = "";
  let start = 0;
  let newline;
  while ((newline = chunk.indexOf(10, start)) !== -1) {
    pending.push(chunk.subarray(start, newline));
    const line = Buffer.concat(pending);
    pending = [];
    start = newline + 1;
    if (line.toString("latin1").trim() === "") continue;
    out += respond(line);
  }
  if (start < chunk.length) pending.push(chunk.subarray(start));
  if (out) process.stdout.write(out);
});

process.stdin.on("end", () => {
  const line = Buffer.concat(pending);
  pending = [];
  if (line.toString("latin1").trim() !== "") process.stdout.write(respond(line));
});

// A reader that went away is no reason to print a stack trace.
process.stdout.on("error", () => process.exit(0));
