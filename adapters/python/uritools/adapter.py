#!/usr/bin/env python3
"""An implementation adapter in Python for uri-conformance: the uritools package (PyPI), 6.1.5.

Protocol version 2 of `uri-conformance serve` (see docs/protocol.md), through the loop all Python
adapters share (../protocol.py): one request a line on stdin, one answer a line on stdout with the
request's "id" echoed, flushed when no more input is waiting.

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

import protocol
from ipaddress import IPv4Address, IPv6Address

import uritools

ABOUT = protocol.about(
    library="uritools",
    version=uritools.__version__,
    spec="RFC 3986",
    operations=["parse", "resolve", "serialize"],
    rules=["URI-reference"],
    blind_spots=[],
    # What a report's "reproduce alone" program runs (docs/protocol.md, about.reproduce).
    reproduce={
        "parse": """\
import uritools
parts = uritools.urisplit({input})
print(parts)
print(parts.getscheme(), parts.getuserinfo(), parts.gethost(), parts.getport())""",
        "resolve": """\
import uritools
print(uritools.urijoin({base}, {input}, strict={strict}))""",
    },
)


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


if __name__ == "__main__":
    protocol.serve(ABOUT, OPERATIONS)
