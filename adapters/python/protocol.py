"""The protocol loop every Python adapter of adapters/python/ runs (docs/protocol.md), as
adapters/node/protocol.js is for Node: an adapter defines its ABOUT answer (`protocol.about`)
and its OPERATIONS and calls `protocol.serve(ABOUT, OPERATIONS)`.

OPERATIONS maps an operation to the function that answers it with the library:
"parse": f(text, rule), "resolve": f(base, text, strict), "normalize": f(text, level),
"serialize": f(text); an operation the library does not do is left out (answered unsupported),
and a function may answer {"unsupported": True} for an option it cannot express (a
non-strict resolution, a normalization level). A parse by a rule ABOUT["rules"] does not list
is answered unsupported without asking the library. IRI requests are understood only where
OPERATIONS has ("resolve", "iri") or ("normalize", "iri").

The loop reads one request a line (bytes: json.loads decodes UTF-8 itself and refuses what is
not), writes exactly one answer a line with the request's "id" echoed, answers a line it does
not understand with {"error": ...}, and flushes only when no more input is waiting, so that
the harness can keep many requests in flight. The run scripts put this folder on PYTHONPATH.
"""

import json
import select
import sys

URI_RULES = ("URI-reference", "URI", "absolute-URI", "relative-ref")
IRI_RULES = ("IRI-reference", "IRI", "absolute-IRI", "irelative-ref")
OPS = ("parse", "resolve", "normalize", "serialize")


def library(call):
    """The library's answer; whatever it raises is its refusal of the input (an exception it
    does not document too: the harness reports it)."""
    try:
        return call()
    except Exception as error:  # noqa: BLE001
        return {"valid": False, "error": "%s: %s" % (type(error).__name__, error)}


def answer(about, operations, request):
    """The answer to one request; a ValueError for a request this adapter does not understand
    (an unknown op or rule, a missing or mistyped field)."""
    op = request.get("op")
    if op == "about":
        return about
    if op not in OPS:
        raise ValueError("unknown op %r" % (op,))
    text = request["input"]
    if not isinstance(text, str):
        raise ValueError("input is not a string")
    if op == "parse":
        rule = request.get("rule", "URI-reference")
        if rule not in URI_RULES + IRI_RULES:
            raise ValueError("unknown rule %r" % (rule,))
        if rule not in about.get("rules", URI_RULES) or "parse" not in operations:
            return {"unsupported": True}
        parse = operations["parse"]
        # An RFC 6874 zone asked of a library that has its own answer for it (None: it knows
        # no zones, so the request is not one it can be asked).
        if request.get("zone_id", False) is True and ("parse", "zone_id") in operations:
            parse = operations[("parse", "zone_id")]
            if parse is None:
                return {"unsupported": True}
        return library(lambda: parse(text, rule))
    iri = request.get("iri", False)
    if iri is not False and (op, "iri") not in operations:
        raise ValueError("IRI requests are not understood")
    function = operations.get((op, "iri") if iri else op)
    if op == "resolve":
        base, strict = request["base"], request.get("strict", True)
        if not isinstance(base, str) or not isinstance(strict, bool):
            raise ValueError("a resolve needs a string base and a boolean strict")
        if function is None:
            return {"unsupported": True}
        return library(lambda: function(base, text, strict))
    if op == "normalize":
        level = request.get("level", "syntax")
        if level not in ("syntax", "scheme"):
            raise ValueError("unknown level %r" % (level,))
        if function is None:
            return {"unsupported": True}
        return library(lambda: function(text, level))
    if function is None:
        return {"unsupported": True}
    return library(lambda: function(text))


def more_input_waiting():
    return bool(select.select([sys.stdin], [], [], 0)[0])


def serve(about, operations):
    """Answers every request of standard input on standard output, until its end."""
    for line in sys.stdin.buffer:
        if not line.strip():
            continue
        request_id = None
        try:
            request = json.loads(line)
            if not isinstance(request, dict):
                raise ValueError("a request is a JSON object")
            request_id = request.get("id")
            response = answer(about, operations, request)
        except Exception as error:  # noqa: BLE001: any line it does not understand
            response = {"error": "not a valid request: %s" % (error,)}
        if request_id is not None:
            response = dict(response, id=request_id)
        sys.stdout.write(json.dumps(response) + "\n")
        # The line iterator may hold the next requests already: flush when nothing waits on
        # the pipe either.
        if not more_input_waiting():
            sys.stdout.flush()
    sys.stdout.flush()


def about(library, version, spec, operations, rules, blind_spots, reproduce, name=None):
    """An adapter's answer to "about" (docs/protocol.md): protocol 2, named `python-` and its
    name (the library's by default), with its blind spots as (field, how, reason) triples and
    its "reproduce alone" programs by operation (about.reproduce), in Python."""
    return {
        "protocol": 2,
        "name": "python-%s" % (name or library,),
        "language": "Python",
        "library": library,
        "version": version,
        "spec": spec,
        "operations": operations,
        "rules": rules,
        "blind_spots": [
            {"field": field, "how": how, "reason": reason} for field, how, reason in blind_spots
        ],
        "reproduce": dict({"language": "python"}, **reproduce),
    }
