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

const ABOUT = {
  protocol: 2,
  name: "node-uri-js",
  language: "JavaScript",
  library: "uri-js",
  version: require("uri-js/package.json").version,
  spec: "RFC 3986",
  operations: ["parse", "resolve", "normalize", "serialize"],
  rules: ["URI-reference", "absolute-URI"],
  blind_spots: [
    { field: "scheme", how: "case-folded", reason: "URI.parse lowercases the scheme" },
    { field: "host", how: "case-folded", reason: "URI.parse lowercases the host" },
    {
      field: "host_kind",
      how: "hidden",
      reason: "uri-js does not say whether a host is a reg-name or an IP address",
    },
  ],
};

function components(parsed) {
  if (parsed.error !== undefined) return { valid: false, error: parsed.error };
  let host = parsed.host === undefined ? null : String(parsed.host);
  // An IPv6 address comes without its brackets and with its zone decoded: written back as
  // the library's serializer writes it.
  if (host !== null && host.includes(":") && !host.startsWith("[")) {
    host = `[${host.replace("%", "%25")}]`;
  }
  const text = (value) => (value === undefined ? null : String(value));
  return {
    valid: true,
    components: {
      scheme: text(parsed.scheme),
      userinfo: text(parsed.userinfo),
      host,
      port: text(parsed.port),
      path: parsed.path === undefined ? "" : String(parsed.path),
      query: text(parsed.query),
      fragment: text(parsed.fragment),
    },
  };
}

const OPERATIONS = {
  parse: (input, rule) =>
    components(LIB.parse(input, rule === "absolute-URI" ? { reference: "absolute" } : {})),
  resolve: (base, input, strict) => ({
    valid: true,
    target: LIB.resolve(base, input, { tolerant: !strict }),
  }),
  normalize: (input, level) =>
    level === "syntax" ? { valid: true, normalized: LIB.normalize(input) } : { unsupported: true },
  serialize: (input) => {
    const parsed = LIB.parse(input);
    if (parsed.error !== undefined) return { valid: false, error: parsed.error };
    return { valid: true, serialized: LIB.serialize(parsed) };
  },
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
