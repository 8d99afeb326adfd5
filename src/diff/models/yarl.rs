//! yarl 1.25.1's own rules (yarl/_parse.py, yarl/_url.py), written from its source, for its
//! adapter's catalogue (`adapters/python/yarl/known-differences.yaml`).
//!
//! `split_url` is urllib.parse.urlsplit adapted (a scheme's first character any of
//! `scheme_chars`, a backslash and a bracket outside a literal in the netloc refused), and
//! `split_netloc` reads a netloc that holds ":", "@" or "[": the userinfo up to its last "@",
//! the host up to the next ":" (or a literal's "]"), and the port after it with Python's
//! `int()`, refused outside 0 to 65535. `encode_url` refuses a host `split_netloc` finds empty
//! for a scheme of `SCHEME_REQUIRES_HOST`.

use super::hyperlink::python_int;
use crate::model::Outcome;
use crate::protocol::Request;

/// One rule of the library.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Rule {
    /// `split_netloc`: `port = int(port_str)`, then `if not (0 <= port <= 65535): raise`.
    PortInt,
    /// `encode_url`: `if host is None: if scheme in SCHEME_REQUIRES_HOST: raise ValueError(
    /// "Invalid URL: host is required for absolute urls with the ... scheme")`.
    SchemeRequiresHost,
    /// `split_url`: "if i > 0 and url[0] in scheme_chars": a scheme is any run of ASCII
    /// letters, digits, "+", "-" and ".", its first character unchecked ("0:", "+:").
    SchemeFirstCharacterUnchecked,
    /// `encode_url`'s requoters (yarl/_quoters.py, `_Quoter` with `requote=True`): a triplet
    /// whose character is in the requoter's safe set and not in its protected one is decoded,
    /// every other triplet uppercased; and the password's ":" (outside `REQUOTER`'s safe set)
    /// is percent-encoded.
    Requote,
    /// `encode_url`: "if netloc and "." in path: path = normalize_path(path)" (yarl/_path.py):
    /// the dot-segments of the path of a URL with an authority that is not empty are removed,
    /// after the requoting (so "%2e" is a dot too).
    PathDotSegmentsRemoved,
    /// `URL.join`: "scheme = url._scheme or self._scheme; if scheme != self._scheme or scheme
    /// not in USES_RELATIVE: return url": the reference is the target as it is, unresolved,
    /// where its scheme is not the base's or the base's is not in urllib's `uses_relative`.
    JoinReturnsReference,
    /// `unsplit_result` (`URL.__str__`): "if netloc or (scheme and scheme in USES_AUTHORITY)
    /// or url[:2] == "//"": "//" is written for a scheme of urllib's `uses_netloc` even
    /// without an authority (a rootless path then after a "/"), and an empty authority is
    /// dropped after another scheme unless the path starts with "//".
    UnsplitAuthority,
    /// `URL.__str__`: "if (port := self.explicit_port) is not None and port ==
    /// DEFAULT_PORTS.get(self._scheme)": the netloc is written without the scheme's default
    /// port.
    DefaultPortDropped,
    /// `split_url`'s check of a bracketed host ("if bracketed_host and bracketed_host[0] ==
    /// "v": if not re.match(r"\Av[a-fA-F0-9]+\..+\Z", bracketed_host): raise", "elif ":" not
    /// in bracketed_host: raise"), then `_encode_host(host, validate_host=False)`: an
    /// `ip_address` written `ip.compressed` in brackets, any other text lowercased without
    /// them; `host_subcomponent` puts brackets around a host with a ":" alone.
    IpLiteralRead,
    /// `encode_url`: 'cache["raw_path"] = "/" if not path and netloc else path', the netloc
    /// being what `make_netloc` writes: not empty where the host, the port, the user or a
    /// password is.
    EmptyPathAsSlash,
    /// `split_netloc`: "userinfo, _, hostinfo = netloc.rpartition("@")": the userinfo is the
    /// netloc up to its last "@", whose other "@"s REQUOTER then writes "%40" (outside its
    /// safe set).
    UserinfoToLastAt,
    /// `encode_url`: "query = QUERY_REQUOTER(query)", `_Quoter(safe="?/:@",
    /// protected="=+&;", qs=True)`, whose `__call__` writes "if self._qs and ch == ord(" "):
    /// ret.append(ord("+"))": a space in the query is written "+" (the form encoding), where
    /// every other refused character is written as its UTF-8 triplets.
    QuerySpaceAsPlus,
    /// `_idna_encode`: "try: return idna.encode(host, uts46=True).decode("ascii") except
    /// UnicodeError: return host.encode("idna").decode("ascii")": where the idna package's IDNA
    /// 2008 encoding refuses a host that is not ASCII, Python's IDNA 2003 codec writes it
    /// (`crate::idna::idna2003`: Nameprep, then ToASCII), or refuses it too.
    HostIdna2003Fallback,
}

/// `DEFAULT_PORTS`.
const DEFAULT_PORTS: [(&str, i128); 5] = [
    ("http", 80),
    ("https", 443),
    ("ws", 80),
    ("wss", 443),
    ("ftp", 21),
];

/// A resolution's target with its components requoted as `Rule::Requote` says (yarl.URL read
/// both the base and the reference so, and a merge makes no triplet), where that changes it.
fn requoted_target(target: &str) -> Option<String> {
    use crate::model::Field;
    let c = crate::reference::parse(target).ok()?;
    let decoded = decoded_by_requoter(Field::Userinfo);
    let userinfo = c.userinfo.map(|u| match u.split_once(':') {
        Some((user, password)) => format!(
            "{}:{}",
            requoted(user, decoded),
            requoted(password, decoded).replace(':', "%3A")
        ),
        None => requoted(u, decoded),
    });
    let path = requoted(c.path, decoded_by_requoter(Field::Path));
    let query = c
        .query
        .map(|q| requoted(q, decoded_by_requoter(Field::Query)));
    let fragment = c
        .fragment
        .map(|f| requoted(f, decoded_by_requoter(Field::Fragment)));
    let out = crate::reference::recompose(&crate::reference::Components {
        userinfo: userinfo.as_deref(),
        path: &path,
        query: query.as_deref(),
        fragment: fragment.as_deref(),
        ..c
    });
    (out != target).then_some(out)
}

/// The resolution's target as `rule` writes it, where it changes it.
fn resolved(rule: Rule, base: &str, input: &str, target: &str) -> Option<String> {
    use super::urllib::{USES_NETLOC, USES_RELATIVE};
    match rule {
        Rule::JoinReturnsReference => {
            let (base_scheme, _) = netloc_span(&cleaned(base));
            let (own, _) = netloc_span(&cleaned(input));
            let base_scheme = base_scheme.unwrap_or_default();
            let scheme = own.clone().unwrap_or_else(|| base_scheme.clone());
            if scheme == base_scheme && USES_RELATIVE.contains(&scheme.as_str()) {
                return None;
            }
            // The reference as given, its scheme lowercased (split_url's `scheme.lower()`),
            // then as yarl.URL read it: requoted, and its dot-segments removed under an
            // authority that is not empty; and as its writer writes it.
            let input = cleaned(input);
            let input = match own {
                Some(own) => format!("{own}{}", &input[own.len()..]),
                None => input,
            };
            let requoted_input = requoted_target(&input).unwrap_or(input);
            let Ok(c) = crate::reference::parse(&requoted_input) else {
                return Some(requoted_input);
            };
            // Then written by URL.__str__ (unsplit_result): "if query: url =
            // f"{url}?{query}"" and "return f"{url}#{fragment}" if fragment else url": an empty
            // query and an empty fragment are left out ("#" is written "").
            let c = crate::reference::Components {
                query: c.query.filter(|q| !q.is_empty()),
                fragment: c.fragment.filter(|f| !f.is_empty()),
                ..c
            };
            let netloc = [c.host, c.port, c.userinfo]
                .iter()
                .any(|c| c.is_some_and(|c| !c.is_empty()));
            // URL.__str__: "if not self._path and self._netloc and (self._query or
            // self._fragment): path = "/"".
            let slash = netloc
                && c.path.is_empty()
                && [c.query, c.fragment]
                    .iter()
                    .any(|c| c.is_some_and(|c| !c.is_empty()));
            if !slash && (!netloc || !c.path.contains('.')) {
                return Some(crate::reference::recompose(&c));
            }
            let path = if slash {
                "/".to_owned()
            } else {
                crate::reference::remove_dot_segments(c.path)
            };
            Some(crate::reference::recompose(&crate::reference::Components {
                path: &path,
                ..c
            }))
        }
        Rule::Requote => requoted_target(target),
        Rule::UnsplitAuthority => {
            let c = crate::reference::parse(target).ok()?;
            // "scheme and scheme in USES_AUTHORITY": no scheme is none of them.
            let scheme = c.scheme.unwrap_or("").to_ascii_lowercase();
            let authority_scheme = !scheme.is_empty() && USES_NETLOC.contains(&scheme.as_str());
            let empty = |c: Option<&str>| c.is_none_or(str::is_empty);
            let authority_empty = empty(c.host) && empty(c.userinfo) && empty(c.port);
            let slash_path;
            let components = if !c.has_authority() && authority_scheme {
                slash_path = if c.path.is_empty() || c.path.starts_with('/') {
                    c.path.to_owned()
                } else {
                    format!("/{}", c.path)
                };
                crate::reference::Components {
                    host: Some(""),
                    path: &slash_path,
                    ..c
                }
            } else if c.has_authority()
                && authority_empty
                && !authority_scheme
                && !c.path.starts_with("//")
            {
                crate::reference::Components {
                    userinfo: None,
                    host: None,
                    port: None,
                    host_kind: None,
                    ..c
                }
            } else {
                return None;
            };
            Some(crate::reference::recompose(&components))
        }
        Rule::DefaultPortDropped => {
            let c = crate::reference::parse(target).ok()?;
            let scheme = c.scheme?.to_ascii_lowercase();
            let number = python_int(c.port?)?;
            let default = DEFAULT_PORTS.iter().find(|(s, _)| *s == scheme)?.1;
            (number == default).then(|| {
                crate::reference::recompose(&crate::reference::Components { port: None, ..c })
            })
        }
        _ => None,
    }
}

/// `ALLOWED` (unreserved and "!$'()*,") and `QS` ("+&=;") of yarl/_quoting_py.py.
const ALLOWED_AND_QS: &str = "!$'()*,+&=;";

/// The characters whose triplets a requoter decodes in `field` (the ASCII ones beside the
/// unreserved: its `safe` with `ALLOWED`, `QS` unless `qs`, less its `protected`).
fn decoded_by_requoter(field: crate::model::Field) -> &'static str {
    use crate::model::Field;
    match field {
        // REQUOTER: safe "", protected "".
        Field::Userinfo => ALLOWED_AND_QS,
        // PATH_REQUOTER: safe "@:", protected "/+".
        Field::Path => "!$'()*,&=;@:",
        // QUERY_REQUOTER: safe "?/:@", protected "=+&;", qs.
        Field::Query => "!$'()*,?/:@",
        // FRAGMENT_REQUOTER: safe "?/:@".
        Field::Fragment => "!$'()*,+&=;?/:@",
        _ => "",
    }
}

/// `text` as a requoter that decodes the triplets of `decoded` (and of unreserved characters)
/// leaves it: those triplets decoded, every other triplet uppercased.
fn requoted(text: &str, decoded: &str) -> String {
    let bytes = text.as_bytes();
    let mut out = String::with_capacity(text.len());
    let mut i = 0;
    while i < bytes.len() {
        if bytes[i] == b'%'
            && i + 2 < bytes.len()
            && bytes[i + 1].is_ascii_hexdigit()
            && bytes[i + 2].is_ascii_hexdigit()
        {
            let hex = &text[i + 1..i + 3];
            let value = u8::from_str_radix(hex, 16).unwrap_or(0);
            let c = char::from(value);
            if value < 0x80
                && (c.is_ascii_alphanumeric() || "-._~".contains(c) || decoded.contains(c))
            {
                out.push(c);
            } else {
                out.push('%');
                out.push_str(&hex.to_ascii_uppercase());
            }
            i += 3;
            continue;
        }
        let c = text[i..].chars().next().unwrap_or_default();
        out.push(c);
        i += c.len_utf8();
    }
    out
}

/// The query `split_url` reads in `url` (as cleaned): after the first "?" that stands
/// before the first "#".
fn query_of(url: &str) -> Option<&str> {
    let url = url.split_once('#').map_or(url, |(before, _)| before);
    url.split_once('?').map(|(_, query)| query)
}

/// `QUERY_REQUOTER(query)`: yarl/_quoting_py.py's `_Quoter.__call__` with safe "?/:@",
/// protected "=+&;", qs and requote. A "%" and the two characters after it (letters
/// uppercased) are a triplet where both are `[A-Z0-9]` and hexadecimal: kept where its
/// character is protected, decoded where it is safe, kept otherwise; a "%" that starts none is
/// written "%25" and the characters after it read again. A space is written "+", a safe or
/// protected byte as it is, every other byte of the text's UTF-8 as "%XX".
fn query_requoted(query: &str) -> String {
    const PROTECTED: &[u8] = b"=+&;";
    let safe = |b: u8| {
        b.is_ascii_alphanumeric() || b"-._~!$'()*,?/:@".contains(&b) || PROTECTED.contains(&b)
    };
    let bytes = query.as_bytes();
    let mut out = String::with_capacity(query.len());
    let mut i = 0;
    while i < bytes.len() {
        let b = bytes[i];
        if b == b'%' {
            // "%" last, or a single character after it: "%25", and that character read again.
            if i + 2 >= bytes.len() {
                out.push_str("%25");
                i += 1;
                continue;
            }
            let upper = [
                bytes[i + 1].to_ascii_uppercase(),
                bytes[i + 2].to_ascii_uppercase(),
            ];
            if !upper.iter().all(u8::is_ascii_hexdigit) {
                out.push_str("%25");
                i += 1;
                continue;
            }
            let value =
                u8::from_str_radix(std::str::from_utf8(&upper).unwrap_or("00"), 16).unwrap_or(0);
            if value < 0x80 && !PROTECTED.contains(&value) && safe(value) {
                out.push(char::from(value));
            } else {
                out.push('%');
                out.push(char::from(upper[0]));
                out.push(char::from(upper[1]));
            }
            i += 3;
            continue;
        }
        if b == b' ' {
            out.push('+');
        } else if safe(b) {
            out.push(char::from(b));
        } else {
            out.push_str(&format!("%{b:02X}"));
        }
        i += 1;
    }
    out
}

/// `SCHEME_REQUIRES_HOST`.
const SCHEME_REQUIRES_HOST: [&str; 5] = ["http", "https", "ws", "wss", "ftp"];

/// The scheme `split_url` reads (lowercased) and where its netloc stands in `url` (as
/// cleaned: the preprocessing steps come first).
fn netloc_span(url: &str) -> (Option<String>, Option<std::ops::Range<usize>>) {
    let scheme_char = |c: char| c.is_ascii_alphanumeric() || matches!(c, '+' | '-' | '.');
    let scheme_end = url
        .find(':')
        .filter(|&i| i > 0 && url[..i].chars().all(scheme_char));
    let scheme = scheme_end.map(|i| url[..i].to_ascii_lowercase());
    let start = scheme_end.map_or(0, |i| i + 1);
    if !url[start..].starts_with("//") {
        return (scheme, None);
    }
    let start = start + 2;
    let end = url[start..]
        .find(['/', '?', '#'])
        .map_or(url.len(), |i| start + i);
    (scheme, Some(start..end))
}

/// What `split_netloc` reads in a netloc that holds ":", "@" or "[": the hostname's span and
/// the port's (after its ":"), in bytes from the netloc's start.
fn split_netloc(netloc: &str) -> Option<(std::ops::Range<usize>, Option<std::ops::Range<usize>>)> {
    if !netloc.contains([':', '@', '[']) {
        return None;
    }
    let at = netloc.rfind('@').map_or(0, |i| i + 1);
    let hostinfo = &netloc[at..];
    if let Some(rest) = hostinfo.strip_prefix('[') {
        let close = rest.find(']')?;
        let after = at + 1 + close + 1;
        let port = netloc[after..]
            .strip_prefix(':')
            .map(|_| after + 1..netloc.len());
        return Some((at..after, port));
    }
    match hostinfo.find(':') {
        Some(colon) => Some((at..at + colon, Some(at + colon + 1..netloc.len()))),
        None => Some((at..netloc.len(), None)),
    }
}

/// The port's span in `input`, where `split_netloc` reads one that is not empty.
fn port_span(input: &str) -> Option<std::ops::Range<usize>> {
    let (_, netloc) = netloc_span(input);
    let netloc = netloc?;
    let (_, port) = split_netloc(&input[netloc.clone()])?;
    let port = port?;
    (!port.is_empty()).then(|| netloc.start + port.start..netloc.start + port.end)
}

/// The text as split_url reads it: leading C0 controls and spaces stripped, tabs and line
/// breaks removed.
fn cleaned(text: &str) -> String {
    text.trim_start_matches(|c: char| c <= ' ')
        .chars()
        .filter(|c| !matches!(c, '\t' | '\r' | '\n'))
        .collect()
}

/// The case as yarl reads it, when the rule changes it: a port `int()` reads written as ASCII
/// digits, one character for one.
/// `original` is the case as given, `case` as the steps before rewrote it.
pub(super) fn rewrite(rule: Rule, original: &Request, case: &Request) -> Option<Request> {
    let Request::Parse {
        input,
        rule: parse_rule,
        zone_id,
    } = case
    else {
        return None;
    };
    if rule == Rule::SchemeFirstCharacterUnchecked {
        // The scheme as split_url reads the text as given: the steps before may have read it
        // as a path (a ":" stood in for), which this rule reads otherwise.
        let Request::Parse { input: given, .. } = original else {
            return None;
        };
        let (Some(scheme), _) = netloc_span(&cleaned(given)) else {
            return None;
        };
        if scheme.starts_with(|c: char| c.is_ascii_alphabetic())
            || !input.is_char_boundary(scheme.len())
            || input.len() <= scheme.len()
        {
            return None;
        }
        let mut out = input.to_owned();
        out.replace_range(..=scheme.len(), &format!("{}:", "a".repeat(scheme.len())));
        return Some(Request::Parse {
            input: out,
            rule: parse_rule.clone(),
            zone_id: *zone_id,
        });
    }
    if rule == Rule::IpLiteralRead {
        // The literal yarl takes, brackets and all, stood in for by a reg-name of its length
        // (one character for one: the text is as split_url reads it, the preprocessing steps
        // come first); its host is given back by `apply`.
        let Request::Parse { input: given, .. } = original else {
            return None;
        };
        let Some(Ok(_)) = literal_read_otherwise(given) else {
            return None;
        };
        let span = hostinfo_span(input)?;
        let close = input[span.clone()].find(']')?;
        let literal = span.start..span.start + close + 1;
        let mut out = input.to_owned();
        out.replace_range(literal.clone(), &"a".repeat(input[literal].chars().count()));
        return Some(Request::Parse {
            input: out,
            rule: parse_rule.clone(),
            zone_id: *zone_id,
        });
    }
    if rule == Rule::UserinfoToLastAt {
        // The case as yarl reads it: every "@" of the netloc but its last written as REQUOTER
        // writes it in the userinfo.
        let (_, netloc) = netloc_span(input);
        let netloc = netloc?;
        let last = input[netloc.clone()].rfind('@')?;
        let userinfo = &input[netloc.start..netloc.start + last];
        if !userinfo.contains('@') {
            return None;
        }
        let mut out = input.to_owned();
        out.replace_range(
            netloc.start..netloc.start + last,
            &userinfo.replace('@', "%40"),
        );
        return Some(Request::Parse {
            input: out,
            rule: parse_rule.clone(),
            zone_id: *zone_id,
        });
    }
    if rule == Rule::QuerySpaceAsPlus {
        // Each space of the query written "+", one character for one; `apply` gives the
        // query as QUERY_REQUOTER writes it.
        let end = input.find('#').unwrap_or(input.len());
        let start = input[..end].find('?')? + 1;
        if !input[start..end].contains(' ') {
            return None;
        }
        let mut out = input.to_owned();
        out.replace_range(start..end, &input[start..end].replace(' ', "+"));
        return Some(Request::Parse {
            input: out,
            rule: parse_rule.clone(),
            zone_id: *zone_id,
        });
    }
    if rule == Rule::HostIdna2003Fallback {
        // The host the codec writes, stood in for by a reg-name of its length (one character
        // for one, as the steps before left the text); `apply` gives it back as written.
        let Request::Parse { input: given, .. } = original else {
            return None;
        };
        // Only where the codec writes a host (its text is the rule's to give back below).
        let _written = idna_2003_host(given)?;
        // A bracketed host with its brackets: RFC 3986 reads the stand-in as a reg-name.
        let mut span = idna_host_span(input)?;
        if input[..span.start].ends_with('[') {
            span = span.start - 1..span.end + 1;
        }
        let mut out = input.to_owned();
        out.replace_range(span.clone(), &"a".repeat(input[span].chars().count()));
        return Some(Request::Parse {
            input: out,
            rule: parse_rule.clone(),
            zone_id: *zone_id,
        });
    }
    if rule != Rule::PortInt {
        return None;
    }
    let port = port_span(input)?;
    let text = &input[port.clone()];
    let number = python_int(text)?;
    if number < 0 || text.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    let digits = number.to_string();
    let width = text.chars().count();
    if digits.len() > width {
        return None;
    }
    let mut out = input.to_owned();
    out.replace_range(
        port,
        &format!("{}{digits}", "0".repeat(width - digits.len())),
    );
    Some(Request::Parse {
        input: out,
        rule: parse_rule.clone(),
        zone_id: *zone_id,
    })
}

/// Python's `IPv6Address.compressed` (3.11: no dotted form for an IPv4-mapped address): the
/// eight hextets in lowercase without leading zeros, the first longest run of two zero
/// hextets or more written "::".
fn compressed(address: std::net::Ipv6Addr) -> String {
    let hextets = address.segments();
    let (mut best, mut best_len, mut start, mut len) = (0, 0, 0, 0);
    for (i, &h) in hextets.iter().enumerate() {
        if h == 0 {
            if len == 0 {
                start = i;
            }
            len += 1;
            if len > best_len {
                best = start;
                best_len = len;
            }
        } else {
            len = 0;
        }
    }
    let hex = |hs: &[u16]| {
        hs.iter()
            .map(|h| format!("{h:x}"))
            .collect::<Vec<_>>()
            .join(":")
    };
    if best_len > 1 {
        format!(
            "{}::{}",
            hex(&hextets[..best]),
            hex(&hextets[best + best_len..])
        )
    } else {
        hex(&hextets)
    }
}

/// What yarl makes of the netloc's `hostinfo` (after its last "@") when it holds a bracketed
/// host: `Err` where split_url refuses it, else the host `host_subcomponent` reports; `None`
/// where the text is out of this model (no literal alone, non-ASCII text, a "%" in the
/// address part that Python's `ip_address` would read as a scope).
fn bracketed_host(hostinfo: &str) -> Option<Result<String, &'static str>> {
    let rest = hostinfo.strip_prefix('[')?;
    if !hostinfo.is_ascii() || hostinfo.matches('[').count() > 1 || rest.matches(']').count() != 1 {
        return None;
    }
    let (inside, after) = rest.split_once(']')?;
    if !(after.is_empty() || after.starts_with(':')) {
        return None;
    }
    if let Some(version) = inside.strip_prefix('v') {
        // re.match(r"\Av[a-fA-F0-9]+\..+\Z", bracketed_host)
        let hex = version.bytes().take_while(u8::is_ascii_hexdigit).count();
        let tail = &version[hex..];
        if hex == 0 || !tail.starts_with('.') || tail.len() < 2 {
            return Some(Err("ValueError: IPvFuture address is invalid"));
        }
    } else if !inside.contains(':') {
        return Some(Err(
            "ValueError: The IPv6 content between brackets is not valid",
        ));
    }
    // _encode_host: "if host and (host[-1].isdigit() or ":" in host)": an address tried.
    let mut host = None;
    if inside.ends_with(|c: char| c.is_ascii_digit()) || inside.contains(':') {
        let part = if inside.contains("%25") { "%25" } else { "%" };
        let (raw, zone) = match inside.split_once(part) {
            Some((raw, zone)) => (raw, Some(zone)),
            None => (inside, None),
        };
        if raw.contains('%') {
            return None;
        }
        if let Ok(address) = raw.parse::<std::net::Ipv6Addr>() {
            let zone = zone.map(|z| format!("{part}{z}")).unwrap_or_default();
            host = Some(format!("{}{zone}", compressed(address)));
        }
    }
    // Any other text lowercased; the brackets _encode_host wrote removed (raw_host), and
    // written again by host_subcomponent where the host holds a ":".
    let raw = host.unwrap_or_else(|| inside.to_ascii_lowercase());
    Some(Ok(if raw.contains(':') {
        format!("[{raw}]")
    } else {
        raw
    }))
}

/// The netloc of `input` (cleaned) after its last "@", where split_url reads one.
fn hostinfo_span(input: &str) -> Option<std::ops::Range<usize>> {
    let (_, netloc) = netloc_span(input);
    let netloc = netloc?;
    let at = input[netloc.clone()].rfind('@').map_or(0, |i| i + 1);
    Some(netloc.start + at..netloc.end)
}

/// The span of the host `_encode_host` encodes in `input` (cleaned as split_url cleans it):
/// the netloc's text after its last "@", up to the ":" before the port or, bracketed, the
/// text between the brackets.
fn idna_host_span(input: &str) -> Option<std::ops::Range<usize>> {
    let span = hostinfo_span(input)?;
    let hostinfo = &input[span.clone()];
    if let Some(rest) = hostinfo.strip_prefix('[') {
        let close = rest.find(']')?;
        return Some(span.start + 1..span.start + 1 + close);
    }
    let end = hostinfo.find(':').unwrap_or(hostinfo.len());
    Some(span.start..span.start + end)
}

/// `_DEFAULT_IGNORABLE_RE` (yarl/_url.py): the code points `_encode_host` refuses in a host
/// that is not ASCII before it encodes it.
fn default_ignorable(c: char) -> bool {
    matches!(c,
        '\u{AD}' | '\u{34F}' | '\u{61C}' | '\u{115F}'..='\u{1160}' | '\u{17B4}'..='\u{17B5}'
        | '\u{1806}' | '\u{180B}'..='\u{180F}' | '\u{200B}'..='\u{200F}'
        | '\u{202A}'..='\u{202E}' | '\u{2060}'..='\u{206F}' | '\u{3164}'
        | '\u{FE00}'..='\u{FE0F}' | '\u{FEFF}' | '\u{FFA0}' | '\u{FFF0}'..='\u{FFF8}'
        | '\u{1BCA0}'..='\u{1BCA3}' | '\u{1D173}'..='\u{1D17A}' | '\u{E0000}'..='\u{E0FFF}')
}

/// Whether `idna.encode(host, uts46=True)` (the idna package, 3.20) raises: its `uts46_remap`
/// (UTS #46's mapping, `crate::idna::process`) and then, on each label, `alabel` and
/// `check_label`: the label not empty and at most 63 octets once encoded, in NFC, without
/// "--" in positions 3 and 4 nor a hyphen first or last, not starting with a combining mark,
/// each code point PVALID, CONTEXTJ or CONTEXTO (`crate::idna::rfc5892`), the joiners in
/// their contexts and, in a label that holds an R, AL or AN character, RFC 5893's Bidi Rule
/// (its `check_bidi`, per label). A label "xn--..." is decoded and checked so too (`ulabel`).
/// The context rules of CONTEXTO (the middle dot, the Greek keraia, the Hebrew gereshes, the
/// katakana middle dot, the Arabic-Indic digits) are not checked here.
fn idna_2008_refuses(host: &str) -> bool {
    let flags = crate::idna::Flags {
        check_hyphens: true,
        check_bidi: true,
        check_joiners: true,
        use_std3_ascii_rules: false,
        verify_dns_length: false,
        ignore_invalid_punycode: false,
        bidi_rule_per_label: true,
        bidi_rule_as_ada_2_9: false,
    };
    let (processed, errors) = crate::idna::process(host, flags);
    if !errors.is_empty() {
        return true;
    }
    // `encode`: "if labels[-1] == "": del labels[-1]; trailing_dot = True".
    let mut labels: Vec<&str> = processed.split('.').collect();
    if labels.len() > 1 && labels.last() == Some(&"") {
        labels.pop();
    }
    labels.iter().any(|label| {
        label.is_empty()
            || !label.chars().all(crate::idna::rfc5892::allowed)
            || (!label.is_ascii()
                && crate::idna::punycode::encode(label).map_or(true, |p| p.len() + 4 > 63))
            || (label.is_ascii() && label.len() > 63)
    })
}

/// The host yarl writes for the case as given (its `host_subcomponent`) where its host is not
/// ASCII and `_idna_encode` falls back to Python's IDNA 2003 codec: `Ok` with the codec's
/// text (in brackets where it holds a ":"), `Err` where the codec refuses it too. `None`
/// where the rule does not read the host: ASCII, a default-ignorable code point (refused
/// before any encoding), a bracketed text split_url refuses, or a host the idna package
/// encodes itself ([`idna_2008_refuses`]), whose host is the departure
/// `host-idna-to-ascii`'s.
fn idna_2003_host(given: &str) -> Option<Result<String, crate::idna::idna2003::Idna2003Error>> {
    let input = cleaned(given);
    let span = idna_host_span(&input)?;
    let host = &input[span.clone()];
    if host.is_ascii() || host.chars().any(default_ignorable) || !idna_2008_refuses(host) {
        return None;
    }
    if input[..span.start].ends_with('[') {
        // split_url: "if bracketed_host[0] == "v": if not re.match(r"\Av[a-fA-F0-9]+\..+\Z",
        // bracketed_host): raise", "elif ":" not in bracketed_host: raise".
        let valid = match host.strip_prefix('v') {
            Some(version) => {
                let hex = version.bytes().take_while(u8::is_ascii_hexdigit).count();
                hex > 0 && version[hex..].starts_with('.') && version.len() > hex + 1
            }
            None => host.contains(':'),
        };
        if !valid {
            return None;
        }
    }
    Some(crate::idna::idna2003::to_ascii(host).map(|ascii| {
        if ascii.contains(':') {
            format!("[{ascii}]")
        } else {
            ascii
        }
    }))
}

/// yarl's host for the case as given, where it reads a bracketed host otherwise than RFC
/// 3986 does (case aside): refused, or another text.
fn literal_read_otherwise(original: &str) -> Option<Result<String, &'static str>> {
    let input = cleaned(original);
    let span = hostinfo_span(&input)?;
    let hostinfo = &input[span];
    let read = bracketed_host(hostinfo)?;
    let literal = &hostinfo[..=hostinfo.find(']')?];
    match &read {
        Ok(host)
            if crate::reference::parse_host(literal).is_ok()
                && host.eq_ignore_ascii_case(literal) =>
        {
            None
        }
        _ => Some(read),
    }
}

/// The answer as yarl gives it; `original` is the case as given.
pub(super) fn apply(rule: Rule, original: &Request, answer: Outcome) -> Outcome {
    if let (Request::Resolve { base, input, .. }, Outcome::Resolved(target)) = (original, &answer) {
        return match resolved(rule, base, input, target) {
            Some(target) => Outcome::Resolved(target),
            None => answer,
        };
    }
    let Request::Parse { input, .. } = original else {
        return answer;
    };
    let given = input;
    let input = cleaned(input);
    match rule {
        Rule::JoinReturnsReference
        | Rule::UnsplitAuthority
        | Rule::DefaultPortDropped
        | Rule::UserinfoToLastAt => answer,
        Rule::QuerySpaceAsPlus => match (query_of(&input), answer) {
            (
                Some(query),
                Outcome::Parsed {
                    mut components,
                    host_kind,
                },
            ) if query.contains(' ') && components.query.is_some() => {
                components.query = Some(query_requoted(query));
                Outcome::Parsed {
                    components,
                    host_kind,
                }
            }
            (_, answer) => answer,
        },
        Rule::IpLiteralRead => match (literal_read_otherwise(given), answer) {
            (Some(Err(error)), answer) if answer.is_valid() => Outcome::invalid(error.into()),
            (
                Some(Ok(host)),
                Outcome::Parsed {
                    mut components,
                    host_kind,
                },
            ) if components.host.is_some() => {
                components.host = Some(host);
                Outcome::Parsed {
                    components,
                    host_kind,
                }
            }
            (_, answer) => answer,
        },
        Rule::HostIdna2003Fallback => match (idna_2003_host(given), answer) {
            (Some(Err(error)), answer) if answer.is_valid() => {
                Outcome::invalid(format!("UnicodeError: {error:?}"))
            }
            (
                Some(Ok(host)),
                Outcome::Parsed {
                    mut components,
                    host_kind,
                },
            ) if components.host.is_some() => {
                components.host = Some(host);
                Outcome::Parsed {
                    components,
                    host_kind,
                }
            }
            (_, answer) => answer,
        },
        Rule::EmptyPathAsSlash => match answer {
            Outcome::Parsed {
                mut components,
                host_kind,
            } if components.path.is_empty()
                && [&components.host, &components.port, &components.userinfo]
                    .iter()
                    .any(|c| c.as_deref().is_some_and(|c| !c.is_empty())) =>
            {
                components.path = "/".to_owned();
                Outcome::Parsed {
                    components,
                    host_kind,
                }
            }
            other => other,
        },
        Rule::Requote => match answer {
            Outcome::Parsed {
                mut components,
                host_kind,
            } => {
                use crate::model::Field;
                components.userinfo = components.userinfo.map(|u| {
                    let decoded = decoded_by_requoter(Field::Userinfo);
                    match u.split_once(':') {
                        Some((user, password)) => format!(
                            "{}:{}",
                            requoted(user, decoded),
                            requoted(password, decoded).replace(':', "%3A")
                        ),
                        None => requoted(&u, decoded),
                    }
                });
                components.path = requoted(&components.path, decoded_by_requoter(Field::Path));
                components.query = components
                    .query
                    .map(|q| requoted(&q, decoded_by_requoter(Field::Query)));
                components.fragment = components
                    .fragment
                    .map(|f| requoted(&f, decoded_by_requoter(Field::Fragment)));
                Outcome::Parsed {
                    components,
                    host_kind,
                }
            }
            other => other,
        },
        Rule::PathDotSegmentsRemoved => match answer {
            // The netloc make_netloc writes is not empty: a host, a port, or a user or
            // password that is not empty.
            Outcome::Parsed {
                mut components,
                host_kind,
            } if [&components.host, &components.port, &components.userinfo]
                .iter()
                .any(|c| c.as_deref().is_some_and(|c| !c.is_empty()))
                && components.path.contains('.') =>
            {
                components.path = crate::reference::remove_dot_segments(&components.path);
                Outcome::Parsed {
                    components,
                    host_kind,
                }
            }
            other => other,
        },
        Rule::SchemeFirstCharacterUnchecked => match (netloc_span(&input), answer) {
            (
                (Some(scheme), _),
                Outcome::Parsed {
                    mut components,
                    host_kind,
                },
            ) if !scheme.starts_with(|c: char| c.is_ascii_alphabetic()) => {
                components.scheme = Some(scheme);
                Outcome::Parsed {
                    components,
                    host_kind,
                }
            }
            (_, answer) => answer,
        },
        Rule::PortInt => {
            let Some(port) = port_span(&input) else {
                return answer;
            };
            match (python_int(&input[port]), answer) {
                (None, answer) | (Some(..0), answer) if answer.is_valid() => {
                    Outcome::invalid("ValueError: Invalid URL: port".into())
                }
                (
                    Some(number),
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
        Rule::SchemeRequiresHost => {
            let (scheme, netloc) = netloc_span(&input);
            let required = scheme.is_some_and(|s| SCHEME_REQUIRES_HOST.contains(&s.as_str()));
            let empty_host = netloc
                .and_then(|n| split_netloc(&input[n.clone()]).map(|(host, _)| (n, host)))
                .is_some_and(|(n, host)| host.is_empty() && !n.is_empty());
            if required && empty_host && answer.is_valid() {
                Outcome::invalid("ValueError: Invalid URL: host is required".into())
            } else {
                answer
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_netloc_is_split_as_split_netloc_splits_it() {
        assert_eq!(split_netloc("u@h:1"), Some((2..3, Some(4..5))));
        assert_eq!(split_netloc("a@b@[::1]:8"), Some((4..9, Some(10..11))));
        assert_eq!(split_netloc("h"), None);
        assert_eq!(port_span("//h: 8/p"), Some(4..6));
        assert_eq!(port_span("a://u@h:/p"), None);
    }

    #[test]
    fn a_space_in_the_query_is_written_plus() {
        assert_eq!(query_of("a:b?c d#e?f"), Some("c d"));
        assert_eq!(query_of("a:b#e?f"), None);
        assert_eq!(query_requoted(" "), "+");
        assert_eq!(
            query_requoted("a b+c%2b%3d%3A%7e\u{e9}<"),
            "a+b+c%2B%3D:~%C3%A9%3C"
        );
        // A "%" that starts no triplet, whatever follows it.
        assert_eq!(query_requoted("%"), "%25");
        assert_eq!(query_requoted("%4"), "%254");
        assert_eq!(query_requoted("%zz %41"), "%25zz+A");
        let parse = |input: &str| Request::Parse {
            input: input.to_owned(),
            rule: None,
            zone_id: false,
        };
        let parsed = |query: &str| Outcome::Parsed {
            components: crate::model::Components {
                scheme: None,
                userinfo: None,
                host: None,
                port: None,
                path: String::new(),
                query: Some(query.to_owned()),
                fragment: Some(String::new()),
            },
            host_kind: None,
        };
        let query = |outcome: Outcome| match outcome {
            Outcome::Parsed { components, .. } => components.query,
            _ => None,
        };
        let answered = |input: &str, answer: &str| {
            query(apply(Rule::QuerySpaceAsPlus, &parse(input), parsed(answer)))
        };
        assert_eq!(answered("? a%", "%20a%25").as_deref(), Some("+a%25"));
        assert_eq!(answered("?\ta b", "a%20b").as_deref(), Some("a+b"));
        // No space: the answer as it is.
        assert_eq!(answered("?a%20", "a%20").as_deref(), Some("a%20"));
        let read = |input: &str| match rewrite(Rule::QuerySpaceAsPlus, &parse(input), &parse(input))
        {
            Some(Request::Parse { input, .. }) => Some(input),
            _ => None,
        };
        assert_eq!(read("a b? c d#e f").as_deref(), Some("a b?+c+d#e f"));
        assert_eq!(read("a b#? c"), None);
    }

    #[test]
    fn the_userinfo_ends_at_the_last_at_sign() {
        let parse = |input: &str| Request::Parse {
            input: input.to_owned(),
            rule: None,
            zone_id: false,
        };
        let read = |input: &str| match rewrite(Rule::UserinfoToLastAt, &parse(input), &parse(input))
        {
            Some(Request::Parse { input, .. }) => Some(input),
            _ => None,
        };
        assert_eq!(read("//a@b@h/p@q").as_deref(), Some("//a%40b@h/p@q"));
        assert_eq!(read("a://@:@").as_deref(), Some("a://%40:@"));
        assert_eq!(read("//u@h"), None);
        assert_eq!(read("a:b@c@d"), None);
    }

    #[test]
    fn a_bracketed_host_is_read_as_split_url_and_encode_host_read_it() {
        let read = |h: &str| bracketed_host(h);
        assert_eq!(read("[v0.A]"), Some(Ok("v0.a".to_owned())));
        assert_eq!(read("[v0.a:b]:80"), Some(Ok("[v0.a:b]".to_owned())));
        assert!(matches!(read("[V0.a]"), Some(Err(_))));
        assert!(matches!(read("[v.a]"), Some(Err(_))));
        assert!(matches!(read("[v0.]"), Some(Err(_))));
        assert!(matches!(read("[]"), Some(Err(_))));
        assert!(matches!(read("[abc]"), Some(Err(_))));
        assert_eq!(read("[::0.0.0.0]"), Some(Ok("[::]".to_owned())));
        assert_eq!(
            read("[::ffff:1.2.3.4]"),
            Some(Ok("[::ffff:102:304]".to_owned()))
        );
        assert_eq!(
            read("[0:0:1:0:0:1:0:0]"),
            Some(Ok("[::1:0:0:1:0:0]".to_owned()))
        );
        assert_eq!(read("[1:0:2::]"), Some(Ok("[1:0:2::]".to_owned())));
        assert_eq!(read("[::1%Eth0]"), Some(Ok("[::1%Eth0]".to_owned())));
        assert_eq!(read("[A B:C]"), Some(Ok("[a b:c]".to_owned())));
        assert_eq!(read("[:]"), Some(Ok("[:]".to_owned())));
        assert_eq!(read("[::1]x"), None);
        assert_eq!(read("h"), None);
        assert_eq!(literal_read_otherwise("//[::1]"), None);
        assert_eq!(literal_read_otherwise("//[::A]"), None);
        assert_eq!(
            literal_read_otherwise("//u@[0::]:1/p"),
            Some(Ok("[::]".to_owned()))
        );
        assert_eq!(
            literal_read_otherwise("//[\nv0.a]"),
            Some(Ok("v0.a".to_owned()))
        );
    }

    #[test]
    fn the_requoters_decode_their_safe_characters() {
        use crate::model::Field;
        let path = decoded_by_requoter(Field::Path);
        assert_eq!(requoted("%7e%3a%2f%2b%aa%25", path), "~:%2F%2B%AA%25");
        let query = decoded_by_requoter(Field::Query);
        assert_eq!(requoted("%3f%2F%3d%26%2b%3b%21", query), "?/%3D%26%2B%3B!");
        let fragment = decoded_by_requoter(Field::Fragment);
        assert_eq!(requoted("%3d%2b%23%0a", fragment), "=+%23%0A");
        assert_eq!(requoted("%e9%", fragment), "%E9%");
    }
}
