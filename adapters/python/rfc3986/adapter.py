#!/usr/bin/env python3
"""An implementation adapter in Python for uri-conformance: the rfc3986 package (PyPI), 2.0.0.

Protocol version 2 of `uri-conformance serve` (see docs/protocol.md), through the loop all Python
adapters share (../protocol.py): one request a line on stdin, one answer a line on stdout with the
request's "id" echoed, flushed when no more input is waiting.

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
- resolve: `rfc3986.uri_reference(input)`, validated as parse validates a `URI-reference`,
  then `.resolve_with(base, strict=strict).unsplit()`; the library has both modes
  (`strict=False` drops a scheme equal to the base's, RFC 3986 §5.2.2). `resolve_with` checks
  the base itself (`base_uri.is_valid(require_scheme=True)`, else `ResolutionError`) but not
  the reference, and `normalize` checks nothing: validation is the library's separate
  `Validator` ("There's a far better and more comprehensive way of doing validations",
  python-hyper/rfc3986#30), which the adapter asks first, as a caller that wants RFC 3986's
  references would. Without it, `resolve_with` and `normalize_uri` rewrite any text (an
  authority they cannot split is dropped from a normalization: `//a b` gives ``).
- normalize: the input validated as parse validates a `URI-reference`, then
  `rfc3986.normalize_uri(s)` (§6.2.2: case of scheme, host and percent-encoding triplets,
  dot-segments); level "scheme" (§6.2.3) has no counterpart: unsupported.
- serialize: the input validated as for normalize, then `rfc3986.uri_reference(s).unsplit()`.

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
import warnings

import protocol
import rfc3986
from rfc3986 import validators

# resolve_with calls the deprecated URIReference.is_valid, which warns on every call.
warnings.simplefilter("ignore")

ABOUT = protocol.about(
    library="rfc3986",
    version=importlib.metadata.version("rfc3986"),
    spec="RFC 3986",
    operations=["parse", "resolve", "normalize", "serialize"],
    rules=["URI-reference", "URI", "absolute-URI"],
    blind_spots=[
        ("host", "empty-is-undefined",
         "URIReference keeps `authority or None`: the empty authority of http:///x is no authority, so its empty host is None"),
        ("port", "empty-is-undefined",
         "authority_info() matches the port as `:?([0-9]{1,5})?`: an empty port (http://a:/) is None"),
        ("host_kind", "hidden",
         "rfc3986 does not say whether a host is a reg-name or an IP address"),
    ],
    # What a report's "reproduce alone" program runs (docs/protocol.md, about.reproduce).
    reproduce={
        "parse": """\
import rfc3986
from rfc3986 import validators
ref = rfc3986.uri_reference({input})
print(ref)
print("authority_info", ref.authority_info() if ref.authority else None)
validators.Validator().check_validity_of("scheme", "userinfo", "host", "port", "path", "query", "fragment").validate(ref)
print("valid")""",
        "resolve": """\
import rfc3986
from rfc3986 import validators
ref = rfc3986.uri_reference({input})
validators.Validator().check_validity_of("scheme", "userinfo", "host", "port", "path", "query", "fragment").validate(ref)
print(ref.resolve_with({base}, strict={strict}).unsplit())""",
        "normalize": """\
import rfc3986
from rfc3986 import validators
validators.Validator().check_validity_of("scheme", "userinfo", "host", "port", "path", "query", "fragment").validate(rfc3986.uri_reference({input}))
print(rfc3986.normalize_uri({input}))""",
    },
)

COMPONENTS = ("scheme", "userinfo", "host", "port", "path", "query", "fragment")


def validated(text, rule="URI-reference"):
    """`text` parsed, and checked by the library's `Validator` (which raises when it fails)."""
    ref = rfc3986.uri_reference(text)
    validator = validators.Validator().check_validity_of(*COMPONENTS)
    if rule in ("URI", "absolute-URI"):
        validator = validator.require_presence_of("scheme")
    validator.validate(ref)
    return ref


def parse(text, rule):
    ref = validated(text, rule)
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


def resolve(base, text, strict):
    return {
        "valid": True,
        "target": validated(text).resolve_with(base, strict=strict).unsplit(),
    }


def normalize(text, level):
    if level != "syntax":
        return {"unsupported": True}
    validated(text)
    return {"valid": True, "normalized": rfc3986.normalize_uri(text)}


def serialize(text):
    return {"valid": True, "serialized": validated(text).unsplit()}


OPERATIONS = {"parse": parse, "resolve": resolve, "normalize": normalize, "serialize": serialize}


if __name__ == "__main__":
    protocol.serve(ABOUT, OPERATIONS)
