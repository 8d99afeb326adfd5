//! hyperlink 21.0.0's own rules (src/hyperlink/_url.py), written from its source, for its
//! adapter's catalogue (`adapters/python/hyperlink/known-differences.yaml`).
//!
//! `URL.from_text` splits the text with `_URL_RE` (RFC 3986 Appendix B's expression, a scheme
//! of one character at least) and the authority with `_AUTHORITY_RE`:
//!
//! ```text
//! ^(?:(?P<userinfo>[^@/?#]*)@)?
//! (?P<host>(?:\[(?P<ipv6_host>[^[\]/?#]*)\])|(?P<plain_host>[^:/?#[\]]*)|(?P<bad_host>.*?))?
//! (?::(?P<port>.*))?$
//! ```
//!
//! so the userinfo ends at the authority's first "@", an IP literal is whatever stands between
//! "[" and "]" (checked by `parse_host` only when it holds a ":", with `socket.inet_pton`), and
//! the port is everything after the ":" that follows the host, read by Python's `int()`.
//! `URL.__init__` checks a scheme with `_SCHEME_RE = re.compile(r"^[a-zA-Z0-9+-.]*$")`.

use icu_properties::CodePointMapData;
use icu_properties::props::GeneralCategory;

use crate::model::Outcome;
use crate::protocol::Request;
use crate::reference;

/// One rule of the library.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Rule {
    /// `from_text`: `port = int(port)`, so a port is whatever Python's `int()` reads: white
    /// space around it, a sign, "_" between digits, any Unicode decimal digit; the rest is
    /// refused ("expected integer for port").
    PortInt,
    /// `_AUTHORITY_RE`'s `\[(?P<ipv6_host>[^[\]/?#]*)\]` and `parse_host`: a literal that holds
    /// a ":" must be one `inet_pton(AF_INET6, ...)` reads (glibc: no zone, no IPvFuture);
    /// one without is not checked, and its brackets are lost (`host` is what stood between
    /// them: `//[v1.x]` has the host `v1.x`, written back `//v1.x`).
    IpLiteral,
    /// `_SCHEME_RE`: a scheme is any run of ASCII letters, digits, "+", ",", "-" and "."
    /// (the class `+-.` is the range "+" to "."), its first character unchecked, and one line
    /// feed may end it (Python's "$" matches before a final line feed too).
    SchemeCharacters,
    /// `URL.to_text(with_password=False)` (`authority`: `userinfo[: userinfo.index(":") + 1]`):
    /// a resolution's target and a normalization are written without the password.
    PasswordHidden,
    /// `URL.click`: `replace(scheme=..., host=clicked.host or self.host, port=..., path=...,
    /// query=..., fragment=...)` passes no userinfo, so a reference with an authority of its
    /// own keeps the base's userinfo.
    ClickKeepsBaseUserinfo,
    /// `URL.__init__`: `if host and query and not path: path = (u"",)` ("per RFC 3986 6.2.3"):
    /// a parse with a host and a query that are not empty and an empty path answers the path
    /// "/" (`from_text` holds an empty query as no query pairs).
    QueryPathSlash,
    /// `URL.click`: "if clicked.scheme and not clicked.rooted: raise NotImplementedError(
    /// "absolute URI with rootless path: %r" % (href,))", where `clicked` is the reference, or
    /// the base for an empty reference, and a reference with a scheme and a host is returned
    /// before: a scheme with an empty or rootless path and no authority text is refused
    /// ("" against "a:", "a:" against "x:/").
    ClickRootlessRefused,
    /// `_URL_RE`'s `(#(?P<fragment>.*))?$`: Python's "." takes no line feed and "$" matches
    /// before a final one too, so a fragment's final line feed is dropped ("#a\n" has the
    /// fragment "a") and a fragment with a line feed before its end is refused ("could not
    /// parse url").
    FragmentFinalLineFeed,
    /// `URL.click`: "if clicked.absolute: return clicked", where `absolute` is "bool(self.scheme
    /// and self.host)": a reference with a scheme and a host that is not empty is the target
    /// as it is, its path's dot-segments kept.
    ClickAbsoluteAsIs,
    /// `URL.click` builds the target with `self.replace(...)`, which passes no `rooted`: the
    /// target is rooted as the base is (`URL.__init__` then roots it where a host stands or
    /// where its first segment is empty). So against a base without a host whose path is
    /// empty or rootless, a target path is written without its first "/" ("/a" against "a:"
    /// is "a:a", "/" is "a:", "/.///" is "a://"), and an empty authority goes where the path
    /// left is rootless and not empty ("/x" against "a://" is "a:x").
    ClickKeepsBaseRooted,
    /// `URL.to_text`: "if authority: _add("//") ... elif scheme and path[:2] != "//" and
    /// self.uses_netloc: _add("//")": an empty authority is written only after a scheme and
    /// before a path that does not start with "//" (and then as `uses_netloc` says): without a
    /// scheme ("//" normalizes to "") or before such a path ("a:////" is "a://") it is dropped.
    EmptyAuthorityDropped,
    /// `URL.normalize`: "if self.path: ... else: kw["path"] = (u"",)" ("Ensure an ending slash
    /// on URLs with an empty path"), which `URL.__init__` keeps as "/" only where the URL is
    /// rooted: `from_text` roots an empty path where the authority text is not empty.
    NormalizeEmptyPathSlash,
    /// The port held as an `int` (`from_text`: "port = int(port)") and written by
    /// `URL.authority` as "Text(self.port)" only "if self.port != SCHEME_PORT_MAP.get(
    /// self.scheme)": a resolution's target and a normalization write it without leading zeros
    /// and drop the scheme's default port.
    PortWrittenAsInt,
    /// `URL.replace`: "if scheme is not _UNSET and scheme != self.scheme: uses_netloc = None",
    /// so a normalization that lowercases the scheme writes an empty authority's "//" as the
    /// scheme's registration says (`scheme_uses_netloc`: `SCHEME_PORT_MAP`, the part after
    /// the last "+", `NO_NETLOC_SCHEMES`), not as the text had it: "HTTP:" is "http://",
    /// "A://" is "a:".
    NormalizeSchemeNetloc,
}

/// hyperlink's `SCHEME_PORT_MAP` (src/hyperlink/_url.py): each registered scheme that uses
/// a netloc, with its default port.
const SCHEME_PORT_MAP: [(&str, Option<i128>); 45] = [
    ("acap", Some(674)),
    ("afp", Some(548)),
    ("dict", Some(2628)),
    ("dns", Some(53)),
    ("file", None),
    ("ftp", Some(21)),
    ("git", Some(9418)),
    ("gopher", Some(70)),
    ("http", Some(80)),
    ("https", Some(443)),
    ("imap", Some(143)),
    ("ipp", Some(631)),
    ("ipps", Some(631)),
    ("irc", Some(194)),
    ("ircs", Some(6697)),
    ("ldap", Some(389)),
    ("ldaps", Some(636)),
    ("mms", Some(1755)),
    ("msrp", Some(2855)),
    ("msrps", None),
    ("mtqp", Some(1038)),
    ("nfs", Some(111)),
    ("nntp", Some(119)),
    ("nntps", Some(563)),
    ("pop", Some(110)),
    ("prospero", Some(1525)),
    ("redis", Some(6379)),
    ("rsync", Some(873)),
    ("rtsp", Some(554)),
    ("rtsps", Some(322)),
    ("rtspu", Some(5005)),
    ("sftp", Some(22)),
    ("smb", Some(445)),
    ("snmp", Some(161)),
    ("ssh", Some(22)),
    ("steam", None),
    ("svn", Some(3690)),
    ("telnet", Some(23)),
    ("ventrilo", Some(3784)),
    ("vnc", Some(5900)),
    ("wais", Some(210)),
    ("ws", Some(80)),
    ("wss", Some(443)),
    ("xmpp", None),
    // Not in the map: stands for "no default" of `SCHEME_PORT_MAP.get`.
    ("", None),
];

/// `SCHEME_PORT_MAP.get(scheme)`: `Some(default)` for a registered scheme (its default may
/// be none), `None` for another.
fn scheme_port(scheme: &str) -> Option<Option<i128>> {
    SCHEME_PORT_MAP
        .iter()
        .find(|(s, _)| !s.is_empty() && *s == scheme)
        .map(|(_, p)| *p)
}

/// `scheme_uses_netloc(scheme)` (lowercased): registered, or its part after the last "+"
/// registered; `NO_NETLOC_SCHEMES` and unknown schemes do not (the default `None`).
fn scheme_uses_netloc(scheme: &str) -> bool {
    let scheme = scheme.to_ascii_lowercase();
    scheme_port(&scheme).is_some()
        || scheme
            .rsplit('+')
            .next()
            .is_some_and(|last| scheme_port(last).is_some())
}

/// Whether `URL.from_text(text)` is rooted: its path starts with "/", or it is empty and the
/// authority text is not; `URL.__init__` roots it where it has a host too (or a port that is
/// not its scheme's default, which `from_text` reads only beside a host here).
fn rooted(text: &str) -> bool {
    let split = reference::split(text);
    let authority = split.authority.unwrap_or("");
    let host = authority
        .is_empty()
        .then_some(false)
        .or_else(|| read(authority).map(|r| !r.host.is_empty()))
        .unwrap_or(false);
    host || split.path.starts_with('/') || (split.path.is_empty() && !authority.is_empty())
}

/// Whether §5.2.2's target of `input` against `base` has an authority: the reference's, or the
/// base's for a reference without a scheme. (A target without one whose path starts with "//"
/// is written the way one with an authority is.)
fn target_has_authority(base: &str, input: &str) -> bool {
    let (r, b) = (reference::split(input), reference::split(base));
    r.authority.is_some() || (r.scheme.is_none() && b.authority.is_some())
}

/// Whether `URL.from_text(text).absolute`: a scheme and a host that is not empty.
fn absolute(text: &str) -> bool {
    let split = reference::split(text);
    split.scheme.is_some_and(|s| !s.is_empty())
        && split
            .authority
            .and_then(read)
            .is_some_and(|r| !r.host.is_empty())
}

/// The authority `_URL_RE` reads in `input`, and where it starts.
fn authority(input: &str) -> Option<(usize, &str)> {
    let split = reference::split(input);
    let authority = split.authority?;
    let start = split.scheme.map_or(0, |s| s.len() + 1) + 2;
    Some((start, authority))
}

/// What `_AUTHORITY_RE` reads in an authority: the userinfo's end (after its "@"), the host's
/// span, and the port's span (after its ":"), in bytes from the authority's start; `None`
/// where it matches `bad_host`, which `from_text` refuses ("invalid host").
struct Read {
    host: std::ops::Range<usize>,
    /// Whether the host is `ipv6_host`: the text between "[" and "]".
    bracketed: bool,
    port: Option<std::ops::Range<usize>>,
}

fn read(authority: &str) -> Option<Read> {
    // `[^@/?#]*@`: the userinfo ends at the first "@" (the authority holds no "/", "?", "#").
    let start = authority.find('@').map_or(0, |at| at + 1);
    let rest = &authority[start..];
    // The port: ":" and anything, or nothing.
    let port_after = |end: usize| -> Option<Option<std::ops::Range<usize>>> {
        match rest[end..].chars().next() {
            None => Some(None),
            Some(':') => Some(Some(start + end + 1..authority.len())),
            Some(_) => None,
        }
    };
    if let Some(inner) = rest.strip_prefix('[') {
        let close = inner.find(['[', ']'])?;
        if !inner[close..].starts_with(']') {
            return None;
        }
        let port = port_after(close + 2)?;
        return Some(Read {
            host: start + 1..start + 1 + close,
            bracketed: true,
            port,
        });
    }
    let end = rest.find([':', '[', ']']).unwrap_or(rest.len());
    let port = port_after(end)?;
    Some(Read {
        host: start..start + end,
        bracketed: false,
        port,
    })
}

/// Python's `str.isspace()` (`Py_UNICODE_ISSPACE`), which `int()` strips around a number.
fn is_python_space(c: char) -> bool {
    matches!(
        c,
        '\t'..='\r'
            | '\u{1c}'..='\u{20}'
            | '\u{85}'
            | '\u{a0}'
            | '\u{1680}'
            | '\u{2000}'..='\u{200a}'
            | '\u{2028}'
            | '\u{2029}'
            | '\u{202f}'
            | '\u{205f}'
            | '\u{3000}'
    )
}

/// The value of a decimal digit (Unicode category Nd, which comes in runs of ten from a zero).
fn decimal_value(c: char) -> Option<u32> {
    let nd = |c: char| {
        CodePointMapData::<GeneralCategory>::new().get(c) == GeneralCategory::DecimalNumber
    };
    if !nd(c) {
        return None;
    }
    let mut zero = u32::from(c);
    while zero > 0 && char::from_u32(zero - 1).is_some_and(nd) {
        zero -= 1;
    }
    Some((u32::from(c) - zero) % 10)
}

/// What Python's `int(text)` reads in `text` (base 10): white space around, an optional sign,
/// then decimal digits (Unicode category Nd) with single "_" between them; `None` where it
/// raises ValueError.
pub(super) fn python_int(text: &str) -> Option<i128> {
    let text = text.trim_matches(is_python_space);
    let (negative, digits) = match text.strip_prefix('-') {
        Some(rest) => (true, rest),
        None => (false, text.strip_prefix('+').unwrap_or(text)),
    };
    let mut after_digit = false;
    let mut value: i128 = 0;
    for c in digits.chars() {
        if let Some(d) = decimal_value(c) {
            after_digit = true;
            value = value.saturating_mul(10).saturating_add(i128::from(d));
        } else if c == '_' && after_digit {
            after_digit = false;
        } else {
            return None;
        }
    }
    after_digit.then_some(if negative { -value } else { value })
}

/// Whether Python's `int(text)` reads `text`.
pub(super) fn python_int_reads(text: &str) -> bool {
    python_int(text).is_some()
}

/// `port` written one character for one as digits the RFC reads (the answer's port is then
/// the number `int()` reads): every digit as its ASCII digit, every other character a "0".
fn port_stood_in(port: &str) -> String {
    port.chars()
        .map(|c| {
            decimal_value(c)
                .and_then(|d| char::from_digit(d, 10))
                .unwrap_or('0')
        })
        .collect()
}

/// glibc's `inet_pton6` (resolv/inet_pton.c), which Python's `socket.inet_pton(AF_INET6, ...)`
/// calls: eight groups of one to four hexadecimal digits, one "::" at most, a dotted IPv4
/// address (no leading zeros) in place of the last two; nothing else (no zone).
pub(super) fn inet_pton6(text: &str) -> bool {
    let src = text.as_bytes();
    let mut i = 0;
    if src.is_empty() {
        return false;
    }
    if src[0] == b':' {
        i = 1;
        if src.get(1) != Some(&b':') {
            return false;
        }
    }
    let mut tp = 0usize;
    let mut colonp: Option<usize> = None;
    let mut curtok = i;
    let mut xdigits = 0;
    while i < src.len() {
        let ch = src[i];
        i += 1;
        if ch.is_ascii_hexdigit() {
            if xdigits == 4 {
                return false;
            }
            xdigits += 1;
            continue;
        }
        if ch == b':' {
            curtok = i;
            if xdigits == 0 {
                if colonp.is_some() {
                    return false;
                }
                colonp = Some(tp);
                continue;
            } else if i == src.len() {
                return false;
            }
            if tp + 2 > 16 {
                return false;
            }
            tp += 2;
            xdigits = 0;
            continue;
        }
        if ch == b'.' && tp + 4 <= 16 && inet_pton4(&src[curtok..]) {
            tp += 4;
            xdigits = 0;
            break;
        }
        return false;
    }
    if xdigits > 0 {
        if tp + 2 > 16 {
            return false;
        }
        tp += 2;
    }
    if colonp.is_some() {
        // "::" would stand for no group at all.
        if tp == 16 {
            return false;
        }
        tp = 16;
    }
    tp == 16
}

/// glibc's `inet_pton4`: four decimal octets, none above 255, none with a leading zero.
fn inet_pton4(src: &[u8]) -> bool {
    let mut octets = 0;
    let mut saw_digit = false;
    let mut value: u32 = 0;
    for &ch in src {
        if ch.is_ascii_digit() {
            if saw_digit && value == 0 {
                return false;
            }
            value = value * 10 + u32::from(ch - b'0');
            if value > 255 {
                return false;
            }
            if !saw_digit {
                octets += 1;
                if octets > 4 {
                    return false;
                }
                saw_digit = true;
            }
        } else if ch == b'.' && saw_digit {
            if octets == 4 {
                return false;
            }
            value = 0;
            saw_digit = false;
        } else {
            return false;
        }
    }
    octets >= 4
}

/// `text` with the characters of `range` replaced by `by`, one character for one (the
/// departures give components back by their characters' places).
fn stood_in(text: &str, range: std::ops::Range<usize>, by: char) -> String {
    let mut out = String::with_capacity(text.len());
    out.push_str(&text[..range.start]);
    out.extend(std::iter::repeat_n(by, text[range.clone()].chars().count()));
    out.push_str(&text[range.end..]);
    out
}

/// The scheme `from_text` reads: before the first ":", when something stands before it and
/// no "/", "?" or "#" does.
fn scheme(input: &str) -> Option<&str> {
    reference::split(input).scheme
}

/// Whether `_SCHEME_RE` takes `scheme`: its "$" also matches before a final line feed, so
/// one line feed may end it ("a\n", "\n").
fn scheme_taken(scheme: &str) -> bool {
    scheme
        .strip_suffix('\n')
        .unwrap_or(scheme)
        .bytes()
        .all(|b| b.is_ascii_alphanumeric() || (b'+'..=b'.').contains(&b))
}

/// The case as hyperlink reads it, when the rule changes it: `original` as given, `case` as
/// the steps before rewrote it.
pub(super) fn rewrite(rule: Rule, original: &Request, case: &Request) -> Option<Request> {
    if let (
        Rule::ClickKeepsBaseUserinfo,
        Request::Resolve {
            base,
            input,
            strict,
        },
    ) = (rule, case)
    {
        let r = reference::parse(input).ok()?;
        let b = reference::parse(base).ok()?;
        // A reference without a scheme and without an authority takes the base's anyway
        // (§5.2.2); one with a scheme takes it too here, where the RFC gives it none.
        if absolute(input) || (r.scheme.is_none() && !r.has_authority()) {
            return None;
        }
        // "host=clicked.host or self.host, port=clicked.port or self.port": an empty host, and
        // a port that is none or 0, are the base's.
        let host = match r.host {
            Some("") | None => b.host.or(r.host),
            host => host,
        };
        // `self.port` is the base's "default port of the scheme, if it is known" where it has
        // none written (`URL.__init__`: "port = SCHEME_PORT_MAP.get(scheme)", the scheme as
        // written): "a:///" against "ftp:" gives "a://:21/".
        let default = b
            .scheme
            .and_then(scheme_port)
            .flatten()
            .map(|n| n.to_string());
        let port = match r.port {
            Some(p) if python_int(p).is_some_and(|n| n != 0) => Some(p),
            _ => b.port.filter(|p| !p.is_empty()).or(default.as_deref()),
        };
        // hyperlink's host is text, never none: a port taken goes with the empty host
        // ("a:/.//" against "ftp:" gives "a://:21//").
        let host = if port.is_some() {
            host.or(Some(""))
        } else {
            host
        };
        if r.userinfo == b.userinfo && host == r.host && port == r.port {
            return None;
        }
        let rewritten = reference::recompose(&reference::Components {
            userinfo: b.userinfo,
            host,
            port,
            ..r
        });
        return Some(Request::Resolve {
            base: base.clone(),
            input: rewritten,
            strict: *strict,
        });
    }
    let Request::Parse {
        input,
        rule: parse_rule,
        zone_id,
    } = case
    else {
        return None;
    };
    let rewritten = match rule {
        Rule::PortInt => {
            let (start, authority) = authority(input)?;
            let port = read(authority)?.port?;
            if !python_int_reads(&authority[port.clone()]) {
                return None;
            }
            let port = start + port.start..start + port.end;
            let written = port_stood_in(&input[port.clone()]);
            if written == input[port.clone()] {
                return None;
            }
            let mut out = input.to_owned();
            out.replace_range(port, &written);
            out
        }
        Rule::IpLiteral => {
            let (start, authority) = authority(input)?;
            let read = read(authority)?;
            if !read.bracketed {
                return None;
            }
            let literal = &authority[read.host.clone()];
            if literal.contains(':') && !inet_pton6(literal) {
                return None;
            }
            // The brackets and what stands between them, read as a registered name.
            stood_in(
                input,
                start + read.host.start - 1..start + read.host.end + 1,
                'a',
            )
        }
        Rule::SchemeCharacters => {
            let scheme = scheme(input)?;
            if !scheme_taken(scheme) || reference::parse_absolute_uri(&format!("{scheme}:")).is_ok()
            {
                return None;
            }
            stood_in(input, 0..scheme.len(), 'a')
        }
        Rule::PasswordHidden
        | Rule::ClickKeepsBaseUserinfo
        | Rule::QueryPathSlash
        | Rule::ClickRootlessRefused
        | Rule::ClickAbsoluteAsIs
        | Rule::ClickKeepsBaseRooted
        | Rule::EmptyAuthorityDropped
        | Rule::NormalizeEmptyPathSlash
        | Rule::PortWrittenAsInt
        | Rule::NormalizeSchemeNetloc => {
            return None;
        }
        Rule::FragmentFinalLineFeed => {
            // Read in the text as given: a step before may have stood in for the line feed,
            // one character for one, which this rule drops wherever it stands now.
            let Request::Parse { input: given, .. } = original else {
                return None;
            };
            let (_, fragment) = given.split_once('#')?;
            let rest = fragment.strip_suffix('\n')?;
            if rest.contains('\n') || given.chars().count() != input.chars().count() {
                return None;
            }
            let last = input.char_indices().last()?.0;
            input[..last].to_owned()
        }
    };
    Some(Request::Parse {
        input: rewritten,
        rule: parse_rule.clone(),
        zone_id: *zone_id,
    })
}

/// `URL.replace` with another scheme: "reset the explicit uses_netloc preference to honor the
/// new scheme", so `to_text` writes the "//" of an empty authority where `scheme_uses_netloc`
/// says and the path is empty or rooted (and does not start with "//", which it never
/// prefixes), and drops it elsewhere.
fn netloc_as_scheme_says(text: String) -> String {
    let Ok(c) = reference::parse(&text) else {
        return text;
    };
    let empty = |c: Option<&str>| c.is_none_or(str::is_empty);
    if !(empty(c.host) && empty(c.userinfo) && empty(c.port)) {
        return text;
    }
    let netloc = c.scheme.is_some_and(scheme_uses_netloc)
        && !c.path.starts_with("//")
        && (c.path.is_empty() || c.path.starts_with('/'));
    reference::recompose(&reference::Components {
        userinfo: None,
        host: netloc.then_some(""),
        port: None,
        host_kind: None,
        ..c
    })
}

/// The answer as hyperlink gives it: `original` is the case as given.
pub(super) fn apply(rule: Rule, original: &Request, answer: Outcome) -> Outcome {
    match (rule, original, answer) {
        (Rule::PortInt, Request::Parse { input, .. }, answer) => {
            // A port `int()` does not read is refused; one it reads is the number it reads.
            let port = authority(input)
                .and_then(|(_, a)| Some((a, read(a)?.port?)))
                .map(|(a, port)| python_int(&a[port]));
            match (port, answer) {
                (Some(None), answer) if answer.is_valid() => {
                    Outcome::invalid("ValueError: the port is not an integer".into())
                }
                (
                    Some(Some(number)),
                    Outcome::Parsed {
                        mut components,
                        host_kind,
                    },
                ) if components.port.is_some() => {
                    components.port = Some(number.to_string());
                    Outcome::Parsed {
                        components,
                        host_kind,
                    }
                }
                (_, answer) => answer,
            }
        }
        (Rule::IpLiteral, Request::Parse { input, .. }, answer) => {
            let Some((_, authority)) = authority(input) else {
                return answer;
            };
            let Some(read) = read(authority).filter(|r| r.bracketed) else {
                return answer;
            };
            let literal = &authority[read.host];
            if literal.contains(':') && !inet_pton6(literal) {
                return if answer.is_valid() {
                    Outcome::invalid("URLParseError: invalid IPv6 host".into())
                } else {
                    answer
                };
            }
            match answer {
                Outcome::Parsed {
                    mut components,
                    host_kind,
                } => {
                    components.host = Some(if literal.contains(':') {
                        format!("[{literal}]")
                    } else {
                        literal.to_owned()
                    });
                    Outcome::Parsed {
                        components,
                        host_kind,
                    }
                }
                other => other,
            }
        }
        (Rule::SchemeCharacters, Request::Parse { input, .. }, answer) => match answer {
            Outcome::Parsed {
                mut components,
                host_kind,
            } if scheme(input).is_some_and(scheme_taken) => {
                components.scheme = scheme(input).map(str::to_owned);
                Outcome::Parsed {
                    components,
                    host_kind,
                }
            }
            other => other,
        },
        (Rule::PasswordHidden, Request::Resolve { .. } | Request::Normalize { .. }, answer) => {
            match answer {
                Outcome::Resolved(text) => Outcome::Resolved(password_hidden(&text)),
                Outcome::Normalized(text) => Outcome::Normalized(password_hidden(&text)),
                other => other,
            }
        }
        (Rule::ClickRootlessRefused, Request::Resolve { base, input, .. }, answer) => {
            let clicked = if input.is_empty() { base } else { input };
            let split = reference::split(clicked);
            let authority = split.authority.filter(|a| !a.is_empty());
            let host = authority.and_then(read).is_some_and(|r| !r.host.is_empty());
            let absolute = !input.is_empty() && split.scheme.is_some() && host;
            let rooted = split.path.starts_with('/') || authority.is_some();
            if split.scheme.is_some() && !absolute && !rooted && answer.is_valid() {
                return Outcome::invalid(
                    "NotImplementedError: absolute URI with rootless path".into(),
                );
            }
            answer
        }
        (Rule::FragmentFinalLineFeed, Request::Parse { input, .. }, answer) => {
            let refused = input.split_once('#').is_some_and(|(_, fragment)| {
                let rest = fragment.strip_suffix('\n').unwrap_or(fragment);
                rest.contains('\n')
            });
            if refused && answer.is_valid() {
                return Outcome::invalid("URLParseError: could not parse url".into());
            }
            answer
        }
        (Rule::ClickAbsoluteAsIs, Request::Resolve { input, .. }, Outcome::Resolved(text))
            if absolute(input) =>
        {
            // The target as the RFC gives it, with the reference's path as written.
            let Ok(c) = reference::parse(&text) else {
                return Outcome::Resolved(text);
            };
            let path = reference::split(input).path;
            Outcome::Resolved(reference::recompose(&reference::Components { path, ..c }))
        }
        (
            Rule::ClickKeepsBaseRooted,
            Request::Resolve { base, input, .. },
            Outcome::Resolved(text),
        ) if !input.is_empty() && !absolute(input) && !rooted(base) => {
            // A target without an authority whose path starts with "//" reads back with one:
            // take its path as written after the scheme.
            if !target_has_authority(base, input) {
                let Some((scheme, rest)) = text.split_once(':') else {
                    return Outcome::Resolved(text);
                };
                let end = rest.find(['?', '#']).unwrap_or(rest.len());
                return match rest[..end].strip_prefix('/') {
                    Some(path) => Outcome::Resolved(format!("{scheme}:{path}{}", &rest[end..])),
                    None => Outcome::Resolved(text),
                };
            }
            let Ok(c) = reference::parse(&text) else {
                return Outcome::Resolved(text);
            };
            let hosted = c.host.is_some_and(|h| !h.is_empty());
            match c.path.strip_prefix('/') {
                // A path left rootless uses no netloc ("if not will_have_authority and
                // self._path and not self._rooted: self._uses_netloc = False"): an empty
                // authority goes with its "//".
                Some(path) if !hosted && !path.is_empty() && !path.starts_with('/') => {
                    Outcome::Resolved(reference::recompose(&reference::Components {
                        path,
                        userinfo: None,
                        host: None,
                        port: None,
                        host_kind: None,
                        ..c
                    }))
                }
                Some(path) if !hosted => {
                    Outcome::Resolved(reference::recompose(&reference::Components { path, ..c }))
                }
                _ => Outcome::Resolved(text),
            }
        }
        (
            Rule::EmptyAuthorityDropped,
            Request::Resolve { .. } | Request::Normalize { .. },
            answer,
        ) => {
            let dropped = |text: String| {
                let Ok(c) = reference::parse(&text) else {
                    return text;
                };
                let empty = |c: Option<&str>| c.is_none_or(str::is_empty);
                let authority_empty = c.host == Some("") && empty(c.userinfo) && empty(c.port);
                if authority_empty && (c.scheme.is_none() || c.path.starts_with("//")) {
                    return reference::recompose(&reference::Components {
                        userinfo: None,
                        host: None,
                        port: None,
                        host_kind: None,
                        ..c
                    });
                }
                text
            };
            match answer {
                Outcome::Resolved(text) => Outcome::Resolved(dropped(text)),
                Outcome::Normalized(text) => Outcome::Normalized(dropped(text)),
                other => other,
            }
        }
        (
            Rule::NormalizeEmptyPathSlash,
            Request::Normalize { input, .. },
            Outcome::Normalized(text),
        ) if reference::split(input)
            .authority
            .is_some_and(|a| !a.is_empty()) =>
        {
            match reference::parse(&text) {
                Ok(c) if c.path.is_empty() => {
                    Outcome::Normalized(reference::recompose(&reference::Components {
                        path: "/",
                        ..c
                    }))
                }
                _ => Outcome::Normalized(text),
            }
        }
        (Rule::PortWrittenAsInt, Request::Resolve { .. } | Request::Normalize { .. }, answer) => {
            let written = |text: String| {
                let Ok(c) = reference::parse(&text) else {
                    return text;
                };
                let Some(number) = c.port.and_then(python_int) else {
                    return text;
                };
                let default = c.scheme.and_then(scheme_port).flatten();
                let port = (default != Some(number)).then(|| number.to_string());
                reference::recompose(&reference::Components {
                    port: port.as_deref(),
                    ..c
                })
            };
            match answer {
                Outcome::Resolved(text) => Outcome::Resolved(written(text)),
                Outcome::Normalized(text) => Outcome::Normalized(written(text)),
                other => other,
            }
        }
        (
            Rule::NormalizeSchemeNetloc,
            Request::Normalize { input, .. },
            Outcome::Normalized(text),
        ) if reference::split(input)
            .scheme
            .is_some_and(|s| s.bytes().any(|b| b.is_ascii_uppercase())) =>
        {
            Outcome::Normalized(netloc_as_scheme_says(text))
        }
        // `URL.click` ends with `self.replace(scheme=clicked.scheme or self.scheme, ...)` on
        // the base: a reference with another scheme (and no host, or it is returned as it is,
        // `clicked.absolute`) resets `uses_netloc` as a normalization does.
        (
            Rule::NormalizeSchemeNetloc,
            Request::Resolve { base, input, .. },
            Outcome::Resolved(text),
        ) if reference::parse(input).is_ok_and(|r| {
            r.scheme.is_some()
                && r.scheme != reference::split(base).scheme
                && r.host.is_none_or(str::is_empty)
        }) =>
        {
            Outcome::Resolved(netloc_as_scheme_says(text))
        }
        (Rule::QueryPathSlash, Request::Resolve { base, input, .. }, Outcome::Resolved(text))
            if target_has_authority(base, input) =>
        {
            // `URL.click` builds the target with `replace`, through `URL.__init__` too.
            let Ok(c) = reference::parse(&text) else {
                return Outcome::Resolved(text);
            };
            let slashed = c.host.is_some_and(|h| !h.is_empty())
                && c.query.is_some_and(|q| !q.is_empty())
                && c.path.is_empty();
            if slashed {
                return Outcome::Resolved(reference::recompose(&reference::Components {
                    path: "/",
                    ..c
                }));
            }
            Outcome::Resolved(text)
        }
        (Rule::QueryPathSlash, Request::Parse { .. }, answer) => match answer {
            Outcome::Parsed {
                mut components,
                host_kind,
            } => {
                let slashed = components.host.as_deref().is_some_and(|h| !h.is_empty())
                    && components.query.as_deref().is_some_and(|q| !q.is_empty())
                    && components.path.is_empty();
                if slashed {
                    components.path = "/".into();
                }
                Outcome::Parsed {
                    components,
                    host_kind,
                }
            }
            other => other,
        },
        (_, _, answer) => answer,
    }
}

/// `text` with its userinfo cut after its first ":", as `URL.authority()` writes it.
fn password_hidden(text: &str) -> String {
    let Ok(c) = reference::parse(text) else {
        return text.to_owned();
    };
    let Some(userinfo) = c.userinfo else {
        return text.to_owned();
    };
    let Some(colon) = userinfo.find(':') else {
        return text.to_owned();
    };
    reference::recompose(&reference::Components {
        userinfo: Some(&userinfo[..=colon]),
        ..c
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn int_reads_what_python_reads() {
        for yes in [
            "0",
            " 0",
            "0\t",
            "+1",
            "-0",
            "1_000",
            "\u{663}",
            "\u{3000}8\u{85}",
        ] {
            assert!(python_int_reads(yes), "{yes:?}");
        }
        for no in [
            "", " ", "_1", "1_", "1__0", "1:2", "a", "0x1", "+", "1 2", "\0",
        ] {
            assert!(!python_int_reads(no), "{no:?}");
        }
        assert_eq!(python_int(" +1_0\t"), Some(10));
        assert_eq!(python_int("\u{663}\u{1d7d9}"), Some(31));
        assert_eq!(port_stood_in(" +1_\u{663}"), "00103");
    }

    #[test]
    fn inet_pton6_is_glibcs() {
        for yes in [
            "::",
            "::1",
            "1:2:3:4:5:6:7:8",
            "1:2:3:4:5:6:7::",
            "::1.2.3.4",
            "a::b",
        ] {
            assert!(inet_pton6(yes), "{yes:?}");
        }
        for no in [
            "",
            ":",
            ":::",
            "::1.2.3.04",
            "1:2:3:4:5:6:7:8:9",
            "::%250",
            "v1.a:b",
            "12345::",
            "1:2:3:4:5:6:7:8::",
            "\u{e9}:",
        ] {
            assert!(!inet_pton6(no), "{no:?}");
        }
    }

    #[test]
    fn the_authority_is_read_as_its_expression_reads_it() {
        let r = read("u@[v1.x]:8").unwrap();
        assert_eq!((r.host, r.bracketed, r.port), (3..7, true, Some(9..10)));
        let r = read("h: 0").unwrap();
        assert_eq!((r.host, r.bracketed, r.port), (0..1, false, Some(2..4)));
        assert!(read("[::]a").is_none());
        assert!(read("a]").is_none());
        assert!(read("[[]").is_none());
    }

    #[test]
    fn the_scheme_expression_takes_a_final_line_feed() {
        for yes in ["a", "0+,-.", "\n", "a\n"] {
            assert!(scheme_taken(yes), "{yes:?}");
        }
        for no in ["a_b", "\na", "a\n\n", "a\t"] {
            assert!(!scheme_taken(no), "{no:?}");
        }
    }
}
