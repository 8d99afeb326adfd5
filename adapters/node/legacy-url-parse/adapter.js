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
//   ASCII: case-folded); an IPv6 address comes without brackets and is written back in
//   brackets as `url.format` writes it.
// - port: `port`, null both without a port and for an empty one (empty-is-undefined).
// - path: `pathname`, "" when null. query: `search` without its "?"; fragment: `hash` without
//   its "#" (null when null; a lone "?" or "#" is kept, so empty is told from absent).
// - `url.parse` reads an authority after any scheme's ":" even without "//" (`a:b` has the host
//   `b`, `mailto:x@y` the userinfo `x`): reported as it gives them.
// - the library does not say what kind a host is: host_kind is hidden.

"use strict";

const url = require("node:url");

const ABOUT = {
  protocol: 2,
  name: "node-legacy-url-parse",
  language: "JavaScript",
  library: "url.parse (Node.js legacy URL API)",
  version: `node ${process.versions.node}`,
  spec: "Node legacy url.parse (no specification)",
  operations: ["parse", "resolve", "serialize"],
  rules: ["URI-reference"],
  blind_spots: [
    { field: "scheme", how: "case-folded", reason: "urlObject.protocol is lower-cased" },
    { field: "host", how: "case-folded", reason: "urlObject.hostname is lower-cased" },
    { field: "userinfo", how: "decoded", reason: "urlObject.auth is percent-decoded" },
    {
      field: "port",
      how: "empty-is-undefined",
      reason: "urlObject.port is null both without a port and for an empty one (http://a:/)",
    },
    {
      field: "host_kind",
      how: "hidden",
      reason: "url.parse does not say whether a host is a reg-name or an IP address",
    },
  ],
};

const OPERATIONS = {
  parse: (input) => {
    const parsed = url.parse(input);
    let host = null;
    if (parsed.host !== null && parsed.hostname !== null) {
      host = parsed.hostname.includes(":") ? `[${parsed.hostname}]` : parsed.hostname;
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
