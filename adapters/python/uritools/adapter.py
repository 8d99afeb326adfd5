#!/usr/bin/env python3
"""An implementation adapter in Python for uri-conformance: the uritools package (PyPI), 6.1.5.

Protocol version 2 of `uri-conformance serve` (see docs/protocol.md): one request a line on stdin, one
answer a line on stdout with the request's "id" echoed, flushed when no more input is waiting.

Library: https://uritools.readthedocs.io/ ("RFC 3986 compliant, scheme-agnostic replacement for
urllib.parse"), so `spec` is "RFC 3986".

Calls (https://uritools.readthedocs.io/en/stable/#uri-decomposition and #uri-resolution):

- parse: `uritools.urisplit(s)` ("Split a well-formed URI reference string into a tuple with
  five components corresponding to a URI's general structure"): the regular expression of
  RFC 3986 Appendix B, so it never refuses an input. Components are the raw attributes of the
  `SplitResult`: `scheme`, `userinfo`, `host`, `port`, `path`, `query`, `fragment` (None when
  the delimiter is absent, "" when the component is empty; not decoded). `host_kind` comes from
  `SplitResult.gethost()` ("the decoded host subcomponent of the URI authority as a string or
  an ipaddress address object"): an `IPv4Address` is ipv4, an `IPv6Address` ipv6, a string
  reg-name. When `gethost()` raises (an IP literal `ipaddress` refuses, an IPvFuture literal:
  "Address mechanism not supported", mismatched brackets, a host whose percent-decoding is not
  UTF-8), the library refuses the host and the answer is invalid with its message.
  Only `URI-reference` is asked: `urisplit` has no rules.
- resolve: `uritools.urijoin(base, reference, strict=strict)` ("Convert a URI reference relative
  to a base URI to its target URI string"; `strict=False` is the default, both are asked).
- serialize: `uritools.urisplit(s).geturi()` ("the re-combined version of the original URI
  reference", RFC 3986 §5.3).
- normalize: none in the library (its get* accessors decode and remove dot-segments, but nothing
  writes a normalized URI): unsupported.

Departures the library documents: `urisplit` does not validate ("well-formed" input is the
caller's duty); the authority is split at its last "@" and at its last ":" only when what
follows is digits (`http://a:b/` has the host `a:b` and no port); `getport()` treats an empty
port as absent (the adapter reports the raw `port`, "" for `http://a:/`).
"""

import json
import select
import sys
from ipaddress import IPv4Address, IPv6Address

import uritools

ABOUT = {
    "protocol": 2,
    "name": "python-uritools",
    "language": "Python",
    "library": "uritools",
    "version": uritools.__version__,
    "spec": "RFC 3986",
    "operations": ["parse", "resolve", "serialize"],
    "rules": ["URI-reference"],
    "blind_spots": [],
}


def parse(text, rule):
    parts = uritools.urisplit(text)
    kind = None
    if parts.host is not None:
        host = parts.gethost()
        if isinstance(host, IPv4Address):
            kind = "ipv4"
        elif isinstance(host, IPv6Address):
            kind = "ipv6"
        else:
            kind = "reg-name"
    return {
        "valid": True,
        "components": {
            "scheme": parts.scheme,
            "userinfo": parts.userinfo,
            "host": parts.host,
            "port": parts.port,
            "path": parts.path,
            "query": parts.query,
            "fragment": parts.fragment,
        },
        "host_kind": kind,
    }


def resolve(base, text, strict):
    return {"valid": True, "target": uritools.urijoin(base, text, strict=strict)}


def serialize(text):
    return {"valid": True, "serialized": uritools.urisplit(text).geturi()}


OPERATIONS = {"parse": parse, "resolve": resolve, "serialize": serialize}

URI_RULES = ("URI-reference", "URI", "absolute-URI", "relative-ref")
IRI_RULES = ("IRI-reference", "IRI", "absolute-IRI", "irelative-ref")


def answer(request):
    """The answer to one request, through the OPERATIONS above; a ValueError for a request this
    adapter does not understand (an unknown op or rule, a missing or mistyped field)."""
    op = request.get("op")
    if op == "about":
        return ABOUT
    if op not in ("parse", "resolve", "normalize", "serialize"):
        raise ValueError("unknown op %r" % (op,))
    text = request["input"]
    if not isinstance(text, str):
        raise ValueError("input is not a string")
    iri = request.get("iri", False)
    if op == "parse":
        rule = request.get("rule", "URI-reference")
        if rule not in URI_RULES + IRI_RULES:
            raise ValueError("unknown rule %r" % (rule,))
        if rule not in ABOUT["rules"]:
            return {"unsupported": True}
        return library(lambda: OPERATIONS["parse"](text, rule))
    if iri is not False and "iri" not in OPERATIONS:
        raise ValueError("IRI requests are not understood")
    function = OPERATIONS.get((op, "iri") if iri else op)
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


def library(call):
    """The library's answer; whatever it raises is its refusal of the input (an exception it
    does not document too: the harness reports it)."""
    try:
        return call()
    except Exception as error:  # noqa: BLE001
        return {"valid": False, "error": "%s: %s" % (type(error).__name__, error)}


def more_input_waiting():
    return bool(select.select([sys.stdin], [], [], 0)[0])


def main():
    # Bytes: json.loads decodes UTF-8 itself and refuses what is not (a ValueError).
    for line in sys.stdin.buffer:
        if not line.strip():
            continue
        request_id = None
        try:
            request = json.loads(line)
            if not isinstance(request, dict):
                raise ValueError("a request is a JSON object")
            request_id = request.get("id")
            response = answer(request)
        except Exception as error:  # noqa: BLE001: any line it does not understand
            response = {"error": "not a valid request: %s" % (error,)}
        if request_id is not None:
            response = dict(response, id=request_id)
        sys.stdout.write(json.dumps(response) + "\n")
        # The line iterator may hold the next requests already: flush when nothing waits on
        # the pipe.
        if not more_input_waiting():
            sys.stdout.flush()
    sys.stdout.flush()


if __name__ == "__main__":
    main()
