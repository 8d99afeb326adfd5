#!/usr/bin/env python3
"""An implementation adapter in Python for uri-conformance: Python's urllib.parse.

It speaks protocol version 2 of `uri-conformance serve` (see docs/protocol.md) through the loop
all Python adapters share (../protocol.py): one request a line on stdin, one response a line on
stdout with the request's "id" echoed, and an answer to {"op":"about"} saying what it is, what
it does and how it reports components. It flushes only when no more input is waiting, so that
the harness can keep many requests in flight.

    uri-conformance matrix --impl-cmd adapters/python/urllib/run
    uri-conformance diff --impl-cmd adapters/python/urllib/run 'http://a/b'

urllib.parse.urlsplit follows RFC 3986 loosely and never rejects input; it returns "" both for
an absent and for an empty component, so this adapter looks at the delimiters in the input to
tell them apart (a "?" before any "#" defines the query, a "#" the fragment, "//" after the
scheme the authority). It does not report host kinds beyond what the host text shows.
"""

import platform
import urllib.parse

import protocol

ABOUT = {
    "protocol": 2,
    "name": "python-urllib",
    "language": "Python",
    "library": "urllib.parse",
    "version": platform.python_version(),
    "spec": "RFC 3986 (loosely; urlsplit never rejects)",
    "operations": ["parse", "resolve"],
    "rules": ["URI-reference"],
    # Components are exact substrings of the input (the delimiters are checked above), so
    # nothing is hidden from the comparison.
    "blind_spots": [],
    # What a report's "reproduce alone" program runs (docs/protocol.md, about.reproduce).
    "reproduce": {
        "language": "python",
        "parse": "import urllib.parse\nparts = urllib.parse.urlsplit({input})\nprint(parts)\nprint(\"hostname\", repr(parts.hostname))\nprint(\"port\", parts.port)",
        "resolve": "import urllib.parse\nprint(urllib.parse.urljoin({base}, {input}))",
    },
}


def host_kind(host):
    if host is None:
        return None
    if host.startswith("[v") or host.startswith("[V"):
        return "ipvfuture"
    if host.startswith("["):
        return "ipv6"
    parts = host.split(".")
    if len(parts) == 4 and all(
        p.isdigit() and p.isascii() and (p == "0" or not p.startswith("0")) and int(p) <= 255
        for p in parts
    ):
        return "ipv4"
    return "reg-name"


def parse(text):
    parts = urllib.parse.urlsplit(text)
    before_fragment = text.split("#", 1)[0]
    rest = text[len(parts.scheme) + 1:] if parts.scheme else text
    has_authority = rest.startswith("//")
    userinfo = host = port = None
    if has_authority:
        netloc = parts.netloc
        if "@" in netloc:
            userinfo, netloc = netloc.rsplit("@", 1)
        if netloc.startswith("["):
            close = netloc.find("]")
            host, after = netloc[: close + 1], netloc[close + 1:]
            if after.startswith(":"):
                port = after[1:]
        elif ":" in netloc:
            host, port = netloc.split(":", 1)
        else:
            host = netloc
    return {
        "valid": True,
        "components": {
            "scheme": parts.scheme if parts.scheme else None,
            "userinfo": userinfo,
            "host": host,
            "port": port,
            "path": parts.path,
            "query": parts.query if "?" in before_fragment else None,
            "fragment": parts.fragment if "#" in text else None,
        },
        "host_kind": host_kind(host),
    }


def resolve(base, text, strict):
    if not strict:
        return {"unsupported": True}
    return {"valid": True, "target": urllib.parse.urljoin(base, text)}


OPERATIONS = {"parse": lambda text, rule: parse(text), "resolve": resolve}


if __name__ == "__main__":
    protocol.serve(ABOUT, OPERATIONS)
