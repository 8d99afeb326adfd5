#!/usr/bin/env python3
"""An implementation adapter in Python for uri-conformance: yarl (PyPI), 1.25.1.

Protocol version 2 of `uri-conformance serve` (see docs/protocol.md), through the loop all Python
adapters share (../protocol.py): one request a line on stdin, one answer a line on stdout with the
request's "id" echoed, flushed when no more input is waiting.

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

import protocol

import yarl

ABOUT = protocol.about(
    library="yarl",
    version=yarl.__version__,
    spec="RFC 3986 (with yarl's own re-quoting and normalization)",
    operations=["parse", "resolve", "serialize"],
    rules=["URI-reference"],
    blind_spots=[
        ("scheme", "case-folded", "yarl.URL lowercases the scheme while parsing"),
        ("host", "case-folded", "yarl.URL lowercases (and IDNA-encodes) the host while parsing"),
        ("host", "empty-is-undefined",
         "URL.host_subcomponent is None for the empty authority of http:///x"),
        ("userinfo", "empty-is-undefined",
         "URL.raw_user and URL.raw_password are None for http://@a/"),
        ("port", "empty-is-undefined", "URL.explicit_port is an int or None: http://a:/ has None"),
        ("port", "number", "URL.explicit_port is an int: http://a:080/ has 80"),
        ("query", "empty-is-undefined",
         "URL.raw_query_string is \"\" both without a query and for an empty one"),
        ("fragment", "empty-is-undefined",
         "URL.raw_fragment is \"\" both without a fragment and for an empty one"),
        ("host_kind", "hidden", "yarl does not say whether a host is a reg-name or an IP address"),
    ],
    # What a report's "reproduce alone" program runs (docs/protocol.md, about.reproduce).
    reproduce={
        "parse": """\
import yarl
url = yarl.URL({input})
print(repr(url))
print(url.scheme, url.raw_user, url.raw_password, url.host_subcomponent, url.explicit_port, url.raw_path, url.raw_query_string, url.raw_fragment)""",
        "resolve": """\
import yarl
print(str(yarl.URL({base}).join(yarl.URL({input}))))""",
    },
)


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


if __name__ == "__main__":
    protocol.serve(ABOUT, OPERATIONS)
