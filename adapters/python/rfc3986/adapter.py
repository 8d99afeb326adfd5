#!/usr/bin/env python3
"""An implementation adapter in Python for uri-conformance: the rfc3986 package (PyPI), 2.0.0.

Protocol version 2 of `uri-conformance serve` (see docs/protocol.md): one request a line on stdin, one
answer a line on stdout with the request's "id" echoed, flushed when no more input is waiting.

Library: https://rfc3986.readthedocs.io/en/latest/ ("A Python implementation of RFC 3986
including validation and authority parsing"), so `spec` is "RFC 3986".

Calls (https://rfc3986.readthedocs.io/en/latest/api-ref/):

- parse: `rfc3986.uri_reference(s)` (a `URIReference`: `scheme`, `authority`, `path`, `query`,
  `fragment`; `userinfo`, `host`, `port` from `authority_info()`), then
  `rfc3986.validators.Validator().check_validity_of(<every component>).validate(ref)`
  (https://rfc3986.readthedocs.io/en/latest/user/validating.html). Rule `URI` adds
  `require_presence_of("scheme")`; rule `absolute-URI` also asks `ref.is_absolute()`
  ("Determine if this URI Reference is an absolute URI. See section 4.3"). `relative-ref` has no
  counterpart in the library: unsupported.
- resolve: `rfc3986.uri_reference(input).resolve_with(base, strict=strict).unsplit()`; the
  library has both modes (`strict=False` drops a scheme equal to the base's, RFC 3986 §5.2.2).
- normalize: `rfc3986.normalize_uri(s)` (§6.2.2: case of scheme, host and percent-encoding
  triplets, dot-segments); level "scheme" (§6.2.3) has no counterpart: unsupported.
- serialize: `rfc3986.uri_reference(s).unsplit()`.

What the library does that RFC 3986 does not (from its code and docs):

- `URIReference.from_string` percent-encodes the path, the query and the fragment while parsing
  (`normalizers.encode_component`): a space becomes `%20`, a non-ASCII character its UTF-8
  triplets, and every `%` becomes `%25` when one `%` is not a triplet. The validator then sees
  the encoded text, so such inputs pass; the components are reported as the library gives them.
- `URIReference.__new__` keeps `scheme or None`, `authority or None`, `path or None`: an empty
  authority (`http:///x`) is no authority, so its empty host is reported undefined (blind spot
  `empty-is-undefined` on host); an empty path is reported as "" (the protocol's path is never
  undefined).
- `authority_info()` matches `:?(?P<port>[0-9]{1,5})?`: an empty port is `None` (blind spot
  `empty-is-undefined` on port); its userinfo pattern needs one character at least, so an
  empty userinfo (`http://@a/`) is an invalid authority, which is reported as the library
  says it (invalid).
- The library does not report what kind a host is: `host_kind` is hidden.
"""

import importlib.metadata
import json
import select
import sys
import warnings

import rfc3986
from rfc3986 import validators

# resolve_with calls the deprecated URIReference.is_valid, which warns on every call.
warnings.simplefilter("ignore")

ABOUT = {
    "protocol": 2,
    "name": "python-rfc3986",
    "language": "Python",
    "library": "rfc3986",
    "version": importlib.metadata.version("rfc3986"),
    "spec": "RFC 3986",
    "operations": ["parse", "resolve", "normalize", "serialize"],
    "rules": ["URI-reference", "URI", "absolute-URI"],
    "blind_spots": [
        {
            "field": "host",
            "how": "empty-is-undefined",
            "reason": "URIReference keeps `authority or None`: the empty authority of "
            "http:///x is no authority, so its empty host is None",
        },
        {
            "field": "port",
            "how": "empty-is-undefined",
            "reason": "authority_info() matches the port as `:?([0-9]{1,5})?`: an empty port "
            "(http://a:/) is None",
        },
        {
            "field": "host_kind",
            "how": "hidden",
            "reason": "rfc3986 does not say whether a host is a reg-name or an IP address",
        },
    ],
}

RULES = ("URI-reference", "URI", "absolute-URI", "relative-ref")
COMPONENTS = ("scheme", "userinfo", "host", "port", "path", "query", "fragment")


def parse(text, rule):
    ref = rfc3986.uri_reference(text)
    validator = validators.Validator().check_validity_of(*COMPONENTS)
    if rule in ("URI", "absolute-URI"):
        validator = validator.require_presence_of("scheme")
    validator.validate(ref)
    if rule == "absolute-URI" and not ref.is_absolute():
        return {"valid": False, "error": "URIReference.is_absolute() is False"}
    info = ref.authority_info()
    return {
        "valid": True,
        "components": {
            "scheme": ref.scheme,
            "userinfo": info["userinfo"],
            "host": info["host"],
            "port": info["port"],
            "path": ref.path or "",
            "query": ref.query,
            "fragment": ref.fragment,
        },
    }


def answer(request):
    op = request.get("op")
    if op == "about":
        return ABOUT
    if op == "parse":
        text = request["input"]
        rule = request.get("rule", "URI-reference")
        if not isinstance(text, str) or rule not in RULES:
            raise ValueError("a parse needs a string input and a rule of RFC 3986")
        if rule == "relative-ref":
            return {"unsupported": True}
        return library(lambda: parse(text, rule))
    if op == "resolve":
        base, text = request["base"], request["input"]
        strict = request.get("strict", True)
        if request.get("iri"):
            raise ValueError("IRI requests are not understood")
        if not (isinstance(base, str) and isinstance(text, str) and isinstance(strict, bool)):
            raise ValueError("a resolve needs a string base and input")
        return library(
            lambda: {
                "valid": True,
                "target": rfc3986.uri_reference(text).resolve_with(base, strict=strict).unsplit(),
            }
        )
    if op == "normalize":
        text = request["input"]
        level = request.get("level", "syntax")
        if request.get("iri") or not isinstance(text, str) or level not in ("syntax", "scheme"):
            raise ValueError("a normalize needs a string input and a level syntax or scheme")
        if level != "syntax":
            return {"unsupported": True}
        return library(lambda: {"valid": True, "normalized": rfc3986.normalize_uri(text)})
    if op == "serialize":
        text = request["input"]
        if not isinstance(text, str):
            raise ValueError("a serialize needs a string input")
        return library(
            lambda: {"valid": True, "serialized": rfc3986.uri_reference(text).unsplit()}
        )
    raise ValueError("unknown op %r" % (op,))


def library(call):
    """The library's answer; whatever it raises is its refusal of the input."""
    try:
        return call()
    except Exception as error:  # noqa: BLE001: an undocumented exception is still its answer
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
        if not more_input_waiting():
            sys.stdout.flush()
    sys.stdout.flush()


if __name__ == "__main__":
    main()
