#!/usr/bin/env python3
"""An implementation adapter in Python for uri-conformance: hyperlink (PyPI), 21.0.0.

Protocol version 2 of `uri-conformance serve` (see docs/protocol.md), through the loop all Python
adapters share (../protocol.py): one request a line on stdin, one answer a line on stdout with the
request's "id" echoed, flushed when no more input is waiting.

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
import protocol

from hyperlink import URL

ABOUT = protocol.about(
    library="hyperlink",
    version=importlib.metadata.version("hyperlink"),
    spec="RFC 3986 and RFC 3987",
    operations=["parse", "resolve", "normalize", "serialize"],
    rules=["URI-reference"],
    blind_spots=[
        ("userinfo", "empty-is-undefined",
         "URL.userinfo is \"\" both without a userinfo and for an empty one"),
        ("port", "hidden",
         "URL.port is the scheme's default port when the text has none, so the port as written is not reported"),
        ("query", "empty-is-undefined",
         "URL.query is () both without a query and for an empty one"),
        ("fragment", "empty-is-undefined",
         "URL.fragment is \"\" both without a fragment and for an empty one"),
        ("host_kind", "hidden",
         "hyperlink does not say whether a host is a reg-name or an IP address"),
    ],
    # What a report's "reproduce alone" program runs (docs/protocol.md, about.reproduce).
    reproduce={
        "parse": """\
from hyperlink import URL
url = URL.from_text({input})
print(repr(url))
print(url.scheme, url.userinfo, url.host, url.port, url.path, url.query, url.fragment)""",
        "resolve": """\
from hyperlink import URL
print(URL.from_text({base}).click({input}).to_text())""",
        "normalize": """\
from hyperlink import URL
print(URL.from_text({input}).normalize().to_text())""",
    },
)


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


# parse_host checks a literal with a ":" by socket.inet_pton(AF_INET6, ...), which takes no "%":
# hyperlink knows no RFC 6874 zone, so a request that allows one is not asked of it.
OPERATIONS = {
    "parse": parse,
    ("parse", "zone_id"): None,
    "resolve": resolve,
    "normalize": normalize,
    "serialize": serialize,
}


if __name__ == "__main__":
    protocol.serve(ABOUT, OPERATIONS)
