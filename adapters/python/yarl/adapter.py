#!/usr/bin/env python3
"""An implementation adapter in Python for uri-conformance: yarl (PyPI), 1.25.1.

Protocol version 2 of `uri-conformance serve` (see docs/protocol.md): one request a line on stdin, one
answer a line on stdout with the request's "id" echoed, flushed when no more input is waiting.

Library: https://yarl.aio-libs.org/ ("Yet another URL library", aiohttp's URL type). Its grammar
and host checks cite RFC 3986 (yarl/_url.py), so `spec` says RFC 3986; it has rules of its own
on top (below), which the comparison reports.

Calls (https://yarl.aio-libs.org/en/latest/api/):

- parse: `yarl.URL(s)` (the constructor with `encoded=False`, the default), then the raw
  accessors: `scheme`, `raw_user`, `raw_password`, `host_subcomponent` ("the host subcomponent
  part of URL ... IPv6 addresses in brackets"), `explicit_port` ("without scheme-based
  fallback"), `raw_path`, `raw_query_string`, `raw_fragment`. Only `URI-reference` is asked:
  the constructor has no rules.
- resolve: `yarl.URL(base).join(yarl.URL(reference))` ("Construct a full (absolute) URL by
  combining a base URL (self) with another URL (url)"), written with `str()`. `join` drops a
  scheme equal to the base's (the non-strict reading of RFC 3986 §5.2.2), so only
  `strict: false` is asked; `strict: true` is unsupported. Like `urllib.parse.urljoin`, it
  returns the reference unchanged when the scheme is not in its list of relative schemes.
- serialize: `str(yarl.URL(s))`.
- normalize: no function of its own (the constructor normalizes while parsing; `serialize`
  shows it): unsupported.

What the library does that RFC 3986 does not (its docs and code):

- The constructor re-quotes: it percent-encodes what a component may not hold, decodes
  triplets of unreserved characters (`%7e` becomes `~`) and uppercases the others; it removes
  dot-segments from the path of a URL with an authority, and writes "/" as the path of an
  authority without one. It lowercases the scheme and the host and IDNA-encodes a non-ASCII
  host (blind spots `case-folded` on scheme and host; the IDNA and percent-encoding changes
  remain differences).
- `raw_user`, `raw_password`: None for an empty userinfo (`http://@a/`): `empty-is-undefined`.
- `explicit_port` is an int or None: an empty port (`http://a:/`) is None
  (`empty-is-undefined`) and leading zeros are lost.
- `raw_query_string` and `raw_fragment` are "" both when absent and when empty
  (`empty-is-undefined`).
- `host_subcomponent` is None for an empty authority (`http:///x`): `empty-is-undefined` on the
  host. yarl does not say what kind a host is: `host_kind` is hidden.
"""

import json
import select
import sys

import yarl

ABOUT = {
    "protocol": 2,
    "name": "python-yarl",
    "language": "Python",
    "library": "yarl",
    "version": yarl.__version__,
    "spec": "RFC 3986 (with yarl's own re-quoting and normalization)",
    "operations": ["parse", "resolve", "serialize"],
    "rules": ["URI-reference"],
    "blind_spots": [
        {"field": "scheme", "how": "case-folded",
         "reason": "yarl.URL lowercases the scheme while parsing"},
        {"field": "host", "how": "case-folded",
         "reason": "yarl.URL lowercases (and IDNA-encodes) the host while parsing"},
        {"field": "host", "how": "empty-is-undefined",
         "reason": "URL.host_subcomponent is None for the empty authority of http:///x"},
        {"field": "userinfo", "how": "empty-is-undefined",
         "reason": "URL.raw_user and URL.raw_password are None for http://@a/"},
        {"field": "port", "how": "empty-is-undefined",
         "reason": "URL.explicit_port is an int or None: http://a:/ has None"},
        {"field": "query", "how": "empty-is-undefined",
         "reason": "URL.raw_query_string is \"\" both without a query and for an empty one"},
        {"field": "fragment", "how": "empty-is-undefined",
         "reason": "URL.raw_fragment is \"\" both without a fragment and for an empty one"},
        {"field": "host_kind", "how": "hidden",
         "reason": "yarl does not say whether a host is a reg-name or an IP address"},
    ],
}


def parse(text, rule):
    url = yarl.URL(text)
    user, password = url.raw_user, url.raw_password
    if user is None and password is None:
        userinfo = None
    elif password is None:
        userinfo = user
    else:
        userinfo = "%s:%s" % (user or "", password)
    port = url.explicit_port
    return {
        "valid": True,
        "components": {
            "scheme": url.scheme or None,
            "userinfo": userinfo,
            "host": url.host_subcomponent,
            "port": None if port is None else str(port),
            "path": url.raw_path,
            "query": url.raw_query_string,
            "fragment": url.raw_fragment,
        },
    }


def resolve(base, text, strict):
    if strict:
        return {"unsupported": True}
    return {"valid": True, "target": str(yarl.URL(base).join(yarl.URL(text)))}


def serialize(text):
    return {"valid": True, "serialized": str(yarl.URL(text))}


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
