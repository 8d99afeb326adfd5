#!/usr/bin/env python3
"""An implementation adapter in Python for uri-conformance: Python's urllib.parse.

It speaks the JSON-lines protocol of `uri-conformance serve` (see the README): one request a
line on stdin, one response a line on stdout, flushed after each line.

    uri-conformance matrix --impl-cmd "urllib=python3 examples/python_urllib_adapter.py"
    uri-conformance diff --impl-cmd "urllib=python3 examples/python_urllib_adapter.py" 'http://a/b'

urllib.parse.urlsplit follows RFC 3986 loosely and never rejects input; it returns "" both for
an absent and for an empty component, so this adapter looks at the delimiters in the input to
tell them apart (a "?" before any "#" defines the query, a "#" the fragment, "//" after the
scheme the authority). It does not report host kinds beyond what the host text shows.
"""

import json
import sys
import urllib.parse


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


def answer(request):
    op = request.get("op")
    if op == "parse":
        if request.get("rule", "URI-reference") != "URI-reference":
            return {"unsupported": True}
        try:
            return parse(request["input"])
        except ValueError as error:
            return {"valid": False, "error": str(error)}
    if op == "resolve":
        if not request.get("strict", True):
            return {"unsupported": True}
        try:
            return {"valid": True, "target": urllib.parse.urljoin(request["base"], request["input"])}
        except ValueError as error:
            return {"valid": False, "error": str(error)}
    if op == "normalize":
        return {"unsupported": True}
    return {"error": "unknown op %r" % (op,)}


def main():
    for line in sys.stdin:
        if not line.strip():
            continue
        try:
            response = answer(json.loads(line))
        except (ValueError, KeyError, TypeError) as error:
            response = {"error": "not a valid request: %s" % error}
        sys.stdout.write(json.dumps(response) + "\n")
        sys.stdout.flush()


if __name__ == "__main__":
    main()
