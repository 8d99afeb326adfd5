#!/usr/bin/env python3
"""An implementation adapter in Python for uri-conformance: the rfc3987 package (PyPI), 1.3.8,
with the `regex` package it uses for named groups.

Protocol version 2 of `uri-conformance serve` (see docs/protocol.md), through the loop all Python
adapters share (../protocol.py): one request a line on stdin, one answer a line on stdout with the
request's "id" echoed, flushed when no more input is waiting.

Library: https://pypi.org/project/rfc3987/ ("Parsing and validation of URIs (RFC 3986) and IRIs
(RFC 3987)": regular expressions built from both RFCs' ABNF, and utilities for composition and
relative resolution). `spec` is "RFC 3987", which covers RFC 3986's rules too.

Calls (the module's documentation, https://github.com/dgerber/rfc3987/blob/master/rfc3987.py):

- parse: `rfc3987.parse(s, rule)` with the rule `URI_reference`, `URI`, `absolute_URI` or
  `relative_ref` (and `IRI_reference`, `IRI`, `absolute_IRI`, `irelative_ref` for the IRI
  rules). It matches the whole string against the rule's regular expression and raises
  ValueError when it does not match; with `regex` installed it returns every named group of the
  match: `scheme`, `userinfo`/`iuserinfo`, `host`/`ihost`, `port`, `path`, `query`, `fragment`,
  and which host alternative matched (`IPv4address`, `IPv6address`, `IPvFuture`, `reg_name`/
  `ireg_name`), which gives `host_kind`. A group that did not take part is None, one that
  matched nothing "": undefined and empty components are told apart.
- resolve: `rfc3987.resolve(base, reference, strict=strict)` ("Resolves an URI reference
  relative to a base URI", both modes). It parses the base by `IRI` and the reference by
  `IRI_reference`, so for a URI request the adapter first checks them with
  `rfc3987.parse(base, "URI")` and `rfc3987.parse(reference, "URI_reference")`.
- serialize: `rfc3987.compose(**rfc3987.parse(s, "URI_reference"))` ("Returns an URI composed
  from named parts", §5.3).
- normalize: none in the library (its `resolve` has `#base = normalize(base)` commented out):
  unsupported.

Departures the library documents: none; its release notes list fixed bugs in its patterns
(IPv6 with an embedded IPv4, lower-case percent-encoding). Components are the exact matched
substrings: no blind spots.
"""

import protocol

import rfc3987

ABOUT = protocol.about(
    library="rfc3987",
    version=rfc3987.__version__,
    spec="RFC 3987",
    operations=["parse", "resolve", "serialize"],
    rules=[
        "URI-reference", "URI", "absolute-URI", "relative-ref",
        "IRI-reference", "IRI", "absolute-IRI", "irelative-ref",
    ],
    blind_spots=[],
    # What a report's "reproduce alone" program runs (docs/protocol.md, about.reproduce).
    reproduce={
        "parse": """\
import rfc3987
print(rfc3987.parse({input}, rule="URI_reference"))""",
        "resolve": """\
import rfc3987
print(rfc3987.resolve({base}, {input}, strict={strict}))""",
    },
)

LIBRARY_RULES = {
    "URI-reference": "URI_reference",
    "URI": "URI",
    "absolute-URI": "absolute_URI",
    "relative-ref": "relative_ref",
    "IRI-reference": "IRI_reference",
    "IRI": "IRI",
    "absolute-IRI": "absolute_IRI",
    "irelative-ref": "irelative_ref",
}


def group(parts, name):
    """A named group, from the URI rules' name or the IRI rules' `i` name."""
    value = parts.get(name)
    return value if value is not None else parts.get("i" + name)


def host_kind(parts):
    if group(parts, "host") is None:
        return None
    # An IPv6address may end in an IPv4address group of its own: IP-literal first.
    if parts.get("IPv6address") is not None:
        return "ipv6"
    if parts.get("IPvFuture") is not None:
        return "ipvfuture"
    if parts.get("IPv4address") is not None:
        return "ipv4"
    return "reg-name"


def parse(text, rule):
    parts = rfc3987.parse(text, rule=LIBRARY_RULES[rule])
    return {
        "valid": True,
        "components": {
            "scheme": parts.get("scheme"),
            "userinfo": group(parts, "userinfo"),
            "host": group(parts, "host"),
            "port": parts.get("port"),
            "path": group(parts, "path") or "",
            "query": group(parts, "query"),
            "fragment": group(parts, "fragment"),
        },
        "host_kind": host_kind(parts),
    }


def resolve(base, text, strict):
    rfc3987.parse(base, rule="URI")
    rfc3987.parse(text, rule="URI_reference")
    return {"valid": True, "target": rfc3987.resolve(base, text, strict=strict)}


def serialize(text):
    return {"valid": True, "serialized": rfc3987.compose(**rfc3987.parse(text, "URI_reference"))}


# rfc3987's IP_literal is RFC 3986's ("\\[(?:{IPv6address}|{IPvFuture})\\]"): it knows no RFC 6874
# zone, so a request that allows one is not asked of it.
OPERATIONS = {
    "parse": parse,
    ("parse", "zone_id"): None,
    "resolve": resolve,
    "serialize": serialize,
}


if __name__ == "__main__":
    protocol.serve(ABOUT, OPERATIONS)
