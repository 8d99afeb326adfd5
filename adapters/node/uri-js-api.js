"use strict";
// What the adapters of uri-js and of fast-uri ("a replacement for uri-js with the same API")
// share: the protocol's operations through that API (`parse`, `resolve`, `normalize`,
// `serialize`), for the library each adapter requires.

function operations(LIB) {
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

  return {
    parse: (input, rule) =>
      components(LIB.parse(input, rule === "absolute-URI" ? { reference: "absolute" } : {})),
    resolve: (base, input, strict) => ({
      valid: true,
      target: LIB.resolve(base, input, { tolerant: !strict }),
    }),
    normalize: (input, level) =>
      level === "syntax"
        ? { valid: true, normalized: LIB.normalize(input) }
        : { unsupported: true },
    serialize: (input) => {
      const parsed = LIB.parse(input);
      if (parsed.error !== undefined) return { valid: false, error: parsed.error };
      return { valid: true, serialized: LIB.serialize(parsed) };
    },
  };
}

module.exports = { operations };
