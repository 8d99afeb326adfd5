#!/usr/bin/env python3
"""An implementation adapter in Python for uri-conformance: Python's urllib.parse.

It speaks protocol version 2 of `uri-conformance serve` (see docs/protocol.md) through the loop
all Python adapters share (../protocol.py): one request a line on stdin, one response a line on
stdout with the request's "id" echoed, and an answer to {"op":"about"} saying what it is, what
it does and how it reports components. It flushes only when no more input is waiting, so that
the harness can keep many requests in flight.

    uri-conformance matrix --impl-cmd adapters/python/urllib/run
    uri-conformance diff --impl-cmd adapters/python/urllib/run 'http://a/b'

urllib.parse.urlsplit follows RFC 3986 loosely and rejects little; it returns "" both for
an absent and for an empty component, so this adapter looks at the delimiters in the text
urlsplit reads (the input less what urlsplit documents that it removes first: leading C0
controls and spaces, and every tab and line break) to tell them apart (a "?" before any "#"
defines the query, a "#" the fragment, "//" after the scheme the authority). It does not report
host kinds beyond what the host text shows.

The authority is read by the library's own accessors of the SplitResult
(https://docs.python.org/3/library/urllib.parse.html#urllib.parse.urlsplit): `username` and
`password` (the userinfo, up to the netloc's last "@"), `hostname` (lowercased, an IP
literal's brackets taken off, which the adapter puts back) and `port` (an int, which raises
ValueError for a port that is not a number from 0 to 65535: the library refuses it, and so does
the answer; an empty port is None). So the host is case-folded and the port a number, empty
when undefined: blind spots. urlsplit lowercases the scheme: a blind spot too.
"""

import platform
import urllib.parse

import protocol

ABOUT = protocol.about(
    name="urllib",
    library="urllib.parse",
    version=platform.python_version(),
    spec="RFC 3986 (loosely; urlsplit never rejects)",
    operations=["parse", "resolve"],
    rules=["URI-reference"],
    blind_spots=[
        ("scheme", "case-folded", "urlsplit lowercases the scheme"),
        ("host", "case-folded", "SplitResult.hostname is lowercased"),
        ("port", "number", "SplitResult.port is an int"),
        ("port", "empty-is-undefined", "SplitResult.port is None for an empty port (http://a:/)"),
    ],
    # What a report's "reproduce alone" program runs (docs/protocol.md, about.reproduce).
    reproduce={
        "parse": """\
import urllib.parse
parts = urllib.parse.urlsplit({input})
print(parts)
print("hostname", repr(parts.hostname))
print("port", parts.port)""",
        "resolve": """\
import urllib.parse
print(urllib.parse.urljoin({base}, {input}))""",
    },
)

# What urlsplit removes before it reads the text (its documentation: "ASCII newline and tab
# characters are stripped from the URL", "Leading WHATWG C0 control and space characters are
# stripped from the URL"), so that the delimiters are looked for where urlsplit found them.
_LEADING = "".join(chr(c) for c in range(0x21))
_REMOVED = ("\t", "\r", "\n")


def read_as_urlsplit(text):
    text = text.lstrip(_LEADING)
    for c in _REMOVED:
        text = text.replace(c, "")
    return text


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
    read = read_as_urlsplit(text)
    before_fragment = read.split("#", 1)[0]
    rest = read[len(parts.scheme) + 1:] if parts.scheme else read
    has_authority = rest.startswith("//")
    userinfo = host = port = None
    if has_authority:
        if parts.username is not None:
            userinfo = parts.username
            if parts.password is not None:
                userinfo += ":" + parts.password
        host = parts.hostname or ""
        if "[" in parts.netloc.rpartition("@")[2]:
            host = "[" + host + "]"
        port = parts.port
        if port is not None:
            port = str(port)
    return {
        "valid": True,
        "components": {
            "scheme": parts.scheme if parts.scheme else None,
            "userinfo": userinfo,
            "host": host,
            "port": port,
            "path": parts.path,
            "query": parts.query if "?" in before_fragment else None,
            "fragment": parts.fragment if "#" in read else None,
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
