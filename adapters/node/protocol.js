// The protocol loop every Node adapter of adapters/node/ runs (docs/protocol.md): an adapter
// defines its ABOUT answer (`about`) and its OPERATIONS (parse, resolve, normalize, serialize; null for
// what the library does not do) and calls `serve(ABOUT, OPERATIONS)`. `parse(input, rule,
// zoneId)` is told whether an RFC 6874 zone identifier is asked ("zone_id": true).

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
function answer(about, operations, request) {
  const op = request.op;
  if (op === "about") return about;
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
    if (!about.rules.includes(rule)) return { unsupported: true };
    return library(() => operations.parse(input, rule, request.zone_id === true));
  }
  if (op === "resolve") {
    const base = request.base;
    const strict = request.strict === undefined ? true : request.strict;
    if (typeof base !== "string" || typeof strict !== "boolean") {
      throw new BadRequest("a resolve needs a string base and a boolean strict");
    }
    if (!operations.resolve) return { unsupported: true };
    return library(() => operations.resolve(base, input, strict));
  }
  if (op === "normalize") {
    const level = request.level === undefined ? "syntax" : request.level;
    if (level !== "syntax" && level !== "scheme") {
      throw new BadRequest(`unknown level ${JSON.stringify(level)}`);
    }
    if (!operations.normalize) return { unsupported: true };
    return library(() => operations.normalize(input, level));
  }
  if (!operations.serialize) return { unsupported: true };
  return library(() => operations.serialize(input));
}

function respond(about, operations, line) {
  let id;
  let response;
  try {
    const text = decoder.decode(line);
    const request = JSON.parse(text);
    if (request === null || typeof request !== "object" || Array.isArray(request)) {
      throw new BadRequest("a request is a JSON object");
    }
    id = request.id;
    response = answer(about, operations, request);
  } catch (error) {
    response = { error: `not a valid request: ${describe(error)}` };
  }
  if (id !== undefined && id !== null) response = { ...response, id };
  return JSON.stringify(response) + "\n";
}

const decoder = new TextDecoder("utf-8", { fatal: true });

// Lines are split on the byte \n and decoded strictly (a line that is not UTF-8 is answered
// with an error); the answers to every line of one chunk are written at once, so output is
// flushed exactly when all input that has arrived is answered.
function serve(about, operations) {
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
      out += respond(about, operations, line);
    }
    if (start < chunk.length) pending.push(chunk.subarray(start));
    if (out) process.stdout.write(out);
  });

  process.stdin.on("end", () => {
    const line = Buffer.concat(pending);
    pending = [];
    if (line.toString("latin1").trim() !== "") process.stdout.write(respond(about, operations, line));
  });

  // A reader that went away is no reason to print a stack trace.
  process.stdout.on("error", () => process.exit(0));
}

// An adapter's answer to "about" (docs/protocol.md): protocol 2, named `node-` and its name (the
// library's by default), its blind spots as [field, how, reason] triples and its "reproduce
// alone" programs by operation (about.reproduce), in JavaScript.
function about({ name, library, version, spec, operations, rules, blindSpots, reproduce }) {
  return {
    protocol: 2,
    name: `node-${name || library}`,
    language: "JavaScript",
    library,
    version,
    spec,
    operations,
    rules,
    blind_spots: blindSpots.map(([field, how, reason]) => ({ field, how, reason })),
    reproduce: { language: "javascript", ...reproduce },
  };
}

module.exports = { serve, describe, about };
