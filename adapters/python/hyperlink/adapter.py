#!/usr/bin/env python3
"""An implementation adapter in Python for uri-conformance: hyperlink (PyPI), 21.0.0.

Protocol version 2 of `uri-conformance serve` (see docs/protocol.md): one request a line on stdin, one
answer a line on stdout with the request's "id" echoed, flushed when no more input is waiting.

Library: https://hyperlink.readthedocs.io/ ("Based on RFC 3986 and 3987, the Hyperlink URL makes
working with both URIs and IRIs easy"), so `spec` is "RFC 3986 and RFC 3987".

Calls (https://hyperlink.readthedocs.io/en/latest/api.html), all on `hyperlink.URL` (the
percent-encoded URL, not `DecodedURL`):

- parse: `URL.from_text(s)`, then its attributes `scheme`, `userinfo`, `host`, `port`, `path`
  (a tuple of segments), `rooted`, `query` (a tuple of (key, value or None) pairs), `fragment`,
  `uses_netloc`. Only `URI-reference` is asked: `from_text` has no rules.
- resolve: `URL.from_text(base).click(reference).to_text()` ("Resolve the given URL relative
  to this URL ... see RFC 3986 section 5"). `click` returns an absolute reference (scheme and
  host) as it is and raises NotImplementedError for a reference with a scheme and a rootless
  path (`http:g`): the strict reading; `strict: false` is unsupported.
- normalize: `URL.from_text(s).normalize().to_text()` (RFC 3986 §6.2.2: decodes unreserved
  characters, uppercases the other triplets, lowercases scheme and host, removes
  dot-segments, and "ensures an ending slash on URLs with an empty path", §6.2.3): asked at
  the "syntax" level; "scheme" is unsupported, as the library has one normalization only.
- serialize: `URL.from_text(s).to_text()`.

How the components are mapped, and what the library hides (its API reference):

- scheme: "" means none (None here). host: the `host` attribute when `uses_netloc` is true
  (the text had "//"), in brackets when it holds a ":" (an IPv6 address, as `to_text()`
  writes it); undefined otherwise. The brackets of an IPvFuture literal are lost by the
  library (`http://[v1.x]/` has the host `v1.x`, and `to_text()` writes `http://v1.x/`).
- userinfo: "" both for none and for an empty one (`empty-is-undefined`).
- port: `URL.port` is "the default port of the scheme, if it is known" when the text has no
  port, and the parser refuses an empty port: the port as written is not reported (`hidden`).
- path: the segments joined with "/", after a "/" when `rooted`.
- query: the pairs joined with "&" (`key` or `key=value`); () both for no query and for "?"
  (`empty-is-undefined`). fragment: "" both for none and an empty one (`empty-is-undefined`).
- host_kind: not reported by the library (`hidden`).
"""

import importlib.metadata
import json
import select
import sys

from hyperlink import URL

ABOUT = {
    "protocol": 2,
    "name": "python-hyperlink",
    "language": "Python",
    "library": "hyperlink",
    "version": importlib.metadata.version("hyperlink"),
    "spec": "RFC 3986 and RFC 3987",
    "operations": ["parse", "resolve", "normalize", "serialize"],
    "rules": ["URI-reference"],
    "blind_spots": [
        {"field": "userinfo", "how": "empty-is-undefined",
         "reason": "URL.userinfo is \"\" both without a userinfo and for an empty one"},
        {"field": "port", "how": "hidden",
         "reason": "URL.port is the scheme's default port when the text has none, so the "
                   "port as written is not reported"},
        {"field": "query", "how": "empty-is-undefined",
         "reason": "URL.query is () both without a query and for an empty one"},
        {"field": "fragment", "how": "empty-is-undefined",
         "reason": "URL.fragment is \"\" both without a fragment and for an empty one"},
        {"field": "host_kind", "how": "hidden",
         "reason": "hyperlink does not say whether a host is a reg-name or an IP address"},
    ],
}


def parse(text, rule):
    url = URL.from_text(text)
    host = None
    if url.uses_netloc:
        host = "[%s]" % url.host if ":" in url.host else url.host
    path = "/".join(url.path)
    if url.rooted and url.path:
        path = "/" + path
    query = "&".join(key if value is None else "%s=%s" % (key, value) for key, value in url.query)
    return {
        "valid": True,
        "components": {
            "scheme": url.scheme or None,
            "userinfo": url.userinfo or None,
            "host": host,
            "port": None,
            "path": path,
            "query": query or None,
            "fragment": url.fragment or None,
        },
    }


def resolve(base, text, strict):
    if not strict:
        return {"unsupported": True}
    return {"valid": True, "target": URL.from_text(base).click(text).to_text()}


def normalize(text, level):
    if level != "syntax":
        return {"unsupported": True}
    return {"valid": True, "normalized": URL.from_text(text).normalize().to_text()}


def serialize(text):
    return {"valid": True, "serialized": URL.from_text(text).to_text()}


OPERATIONS = {"parse": parse, "resolve": resolve, "normalize": normalize, "serialize": serialize}

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
