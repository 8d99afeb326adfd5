"use strict";
// What the two adapters of a URL Standard parser (url: Node's built-in URL; whatwg-url) share:
// which inputs the Standard cannot parse without a base, the components of a parsed URL in
// uri-conformance's terms, and the answers to parse, resolve and serialize built from them, so
// that both map their parser as the Rust url adapter maps its crate.

const { describe } = require("./protocol.js");

// Whether the input has a scheme by the URL Standard's scheme start and scheme states (leading
// and trailing C0 controls and spaces stripped, tabs and newlines removed): without one, the
// parser fails without a base (missing-scheme-non-relative-URL), whatever the reference is, so
// a failed parse of such an input by URI-reference is "unsupported", as for the Rust url crate
// (uri-conformance's src/whatwg/mod.rs has_scheme and view.rs parse_outcome).
function hasScheme(input) {
  const chars = [...input.replace(/^[\u0000-\u0020]+|[\u0000-\u0020]+$/g, "")].filter(
    (c) => c !== "\t" && c !== "\n" && c !== "\r",
  );
  if (chars.length === 0 || !/^[A-Za-z]$/.test(chars[0])) return false;
  for (const c of chars.slice(1)) {
    if (c === ":") return true;
    if (!/^[A-Za-z0-9+.-]$/.test(c)) return false;
  }
  return false;
}

// The components of a URL as the URL Standard's API shows it, mapped as uri-conformance maps the
// Rust url crate (src/whatwg/view.rs UrlView::outcome): userinfo undefined when the username and
// the password are both "", else the username, then ":" and the password when it is not "";
// the host and its kind when the host is not null; the port in decimal; path, query and
// fragment as they are (null when null).
function viewOutcome(view) {
  let userinfo = null;
  if (view.username !== "" || view.password !== "") {
    userinfo = view.password === "" ? view.username : `${view.username}:${view.password}`;
  }
  return {
    valid: true,
    components: {
      scheme: view.scheme,
      userinfo,
      host: view.host,
      port: view.port === null ? null : String(view.port),
      path: view.path,
      query: view.query,
      fragment: view.fragment,
    },
    host_kind: view.host === null ? null : view.hostKind,
  };
}

// A parse request: URI and URI-reference only (the parser takes an absolute URL with an
// optional fragment); a failure by URI-reference of an input without a scheme is unsupported.
// An RFC 6874 zone identifier is asked of a parser that has none (the URL Standard's IPv6
// parser takes no "%"): unsupported, as for the Rust url crate (src/whatwg/expected.rs).
function parseOutcome(rule, input, parse, zoneId = false) {
  if (zoneId) return { unsupported: true };
  try {
    return parse();
  } catch (error) {
    if (rule === "URI-reference" && !hasScheme(input)) return { unsupported: true };
    return { valid: false, error: describe(error) };
  }
}

// A resolve request: strict only (these parsers are non-strict for special schemes and strict
// for the others, with no switch); the base parsed alone first ("base: " before its error).
function resolveOutcome(strict, parseBase, join) {
  if (!strict) return { unsupported: true };
  let base;
  try {
    base = parseBase();
  } catch (error) {
    return { valid: false, error: `base: ${describe(error)}` };
  }
  return { valid: true, target: join(base) };
}

// A serialize request: the href, unsupported when the input has no scheme and fails.
function serializeOutcome(input, serialize) {
  try {
    return { valid: true, serialized: serialize() };
  } catch (error) {
    if (!hasScheme(input)) return { unsupported: true };
    return { valid: false, error: describe(error) };
  }
}


module.exports = { hasScheme, viewOutcome, parseOutcome, resolveOutcome, serializeOutcome };
