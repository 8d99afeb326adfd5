//! libcurl 7.88.1's URL API (lib/urlapi.c), its own rules, for its adapter's catalogue
//! (`adapters/c/curl/known-differences.yaml`).

use std::net::Ipv6Addr;

use crate::model::Outcome;
use crate::protocol::Request;
use crate::reference::{self, Components, HostKind};

/// A resolution's target as curl_url_get(CURLUPART_URL) writes it: the query only "if
/// (u->query && u->query[0])", so an empty query is not written ("a://a/b?" is "a://a/b").
pub(super) fn empty_query_not_written(case: &Request, answer: Outcome) -> Outcome {
    let (Request::Resolve { .. }, Outcome::Resolved(target)) = (case, &answer) else {
        return answer;
    };
    let Ok(c) = reference::parse(target) else {
        return answer;
    };
    if c.query != Some("") {
        return answer;
    }
    Outcome::Resolved(reference::recompose(&Components { query: None, ..c }))
}

/// The host as parse_authority reads it once the userinfo and the port are split off:
/// `ipv4_normalize` first, on the host as written ("Handle partial IPv4 numerical addresses
/// and different bases, like '16843009', '0x7f', '0x7f.1' '0177.1.1.1' etc. ... Output the
/// "normalized" version of that input string in plain quad decimal integers"); otherwise
/// `decode_host` ("only decode if not an ipv6 numerical": `Curl_urldecode` with
/// `REJECT_CTRL`) and `hostname_check`, which takes an IPv6 literal of "0123456789abcdefABCDEF:."
/// with a zone id of one to fifteen characters after "%" (a "25" after it skipped), checked by
/// `inet_pton` and written as `inet_ntop` writes it "if it can be done shorter", and refuses a
/// name holding one of " \r\n\t/:#?!@{}[]\\$'\"^`*<>=;,+&()". `None` where curl refuses the host.
pub(super) fn read_host(host: &str) -> Option<String> {
    if let Some(quad) = ipv4_normalize(host) {
        return Some(quad);
    }
    if host.starts_with('[') {
        return ip_literal(host);
    }
    let decoded = urldecode_reject_ctrl(host.as_bytes())?;
    const REFUSED: &[u8] = b" \r\n\t/:#?!@{}[]\\$'\"^`*<>=;,+&()";
    if decoded.is_empty() || decoded.iter().any(|b| REFUSED.contains(b)) {
        return None;
    }
    Some(String::from_utf8_lossy(&decoded).into_owned())
}

/// `Curl_urldecode(..., REJECT_CTRL)`: "%" and two hexadecimal digits decoded, every other
/// byte kept; a byte below 0x20, decoded or not, refused.
fn urldecode_reject_ctrl(text: &[u8]) -> Option<Vec<u8>> {
    let mut out = Vec::with_capacity(text.len());
    let mut i = 0;
    while i < text.len() {
        let byte = match (text[i], text.get(i + 1), text.get(i + 2)) {
            (b'%', Some(&h), Some(&l)) if h.is_ascii_hexdigit() && l.is_ascii_hexdigit() => {
                i += 3;
                let digit = |c: u8| (c as char).to_digit(16).unwrap_or(0) as u8;
                (digit(h) << 4) | digit(l)
            }
            (b, _, _) => {
                i += 1;
                b
            }
        };
        if byte < 0x20 {
            return None;
        }
        out.push(byte);
    }
    Some(out)
}

/// hostname_check's IP literal: `[` address, optionally `%` zone id, `]`.
fn ip_literal(host: &str) -> Option<String> {
    // "'[::]' is the shortest possible valid string"
    if host.len() < 4 || !host.ends_with(']') {
        return None;
    }
    let inner = &host[1..host.len() - 1];
    let len = inner
        .bytes()
        .take_while(|b| b.is_ascii_hexdigit() || *b == b':' || *b == b'.')
        .count();
    let address = &inner[..len];
    let zone = if len == inner.len() {
        None
    } else if inner.as_bytes()[len] == b'%' {
        let mut zone = &inner[len + 1..];
        // "pass '25' if present and is a url encoded percent sign"
        if zone.len() > 2 && zone.starts_with("25") {
            zone = &zone[2..];
        }
        if zone.is_empty() || zone.len() > 15 {
            return None;
        }
        Some(zone)
    } else {
        return None;
    };
    let parsed: Ipv6Addr = address.parse().ok()?;
    let written = inet_ntop6(&parsed);
    let address = if written.len() < address.len() {
        written
    } else {
        address.to_owned()
    };
    Some(match zone {
        Some(zone) => format!("[{address}%25{zone}]"),
        None => format!("[{address}]"),
    })
}

/// glibc's `inet_ntop` for IPv6 (BIND's `inet_ntop6`): the first longest run of two or more
/// zero words written "::", lowercase hexadecimal, and the last 32 bits as a dotted quad
/// after six zero words or five and "ffff".
fn inet_ntop6(address: &Ipv6Addr) -> String {
    let words = address.segments();
    // A run of zero words: where it starts, and how many.
    type Run = Option<(usize, usize)>;
    let (mut best, mut cur): (Run, Run) = (None, None);
    for (i, &w) in words.iter().enumerate() {
        if w == 0 {
            cur = Some(cur.map_or((i, 1), |(b, l)| (b, l + 1)));
        } else if let Some(c) = cur.take()
            && best.is_none_or(|b| c.1 > b.1)
        {
            best = Some(c);
        }
    }
    if let Some(c) = cur
        && best.is_none_or(|b| c.1 > b.1)
    {
        best = Some(c);
    }
    let best = best.filter(|b| b.1 >= 2);
    let mut out = String::new();
    let mut i = 0;
    while i < 8 {
        if let Some((base, len)) = best
            && (base..base + len).contains(&i)
        {
            if i == base {
                out.push(':');
            }
            i += 1;
            continue;
        }
        if i != 0 {
            out.push(':');
        }
        if i == 6
            && best.is_some_and(|(base, len)| {
                base == 0 && (len == 6 || (len == 5 && words[5] == 0xffff))
            })
        {
            let [a, b] = words[6].to_be_bytes();
            let [c, d] = words[7].to_be_bytes();
            out.push_str(&format!("{a}.{b}.{c}.{d}"));
            break;
        }
        out.push_str(&format!("{:x}", words[i]));
        i += 1;
    }
    if best.is_some_and(|(base, len)| base + len == 8) {
        out.push(':');
    }
    out
}

/// `ipv4_normalize`: one to four numbers separated by ".", each read by `strtoul(c, &endp,
/// 0)` (decimal, "0x" hexadecimal, "0" octal) and starting with a digit, each but the last
/// below 256 and the last filling the bits left; the address in plain quad decimal.
fn ipv4_normalize(host: &str) -> Option<String> {
    let bytes = host.as_bytes();
    let mut parts: Vec<u64> = Vec::with_capacity(4);
    let mut c = 0;
    loop {
        if !bytes.get(c).is_some_and(u8::is_ascii_digit) {
            return None;
        }
        let (value, end) = strtoul0(&bytes[c..]);
        let value = value?;
        if value > u64::from(u32::MAX) {
            return None;
        }
        parts.push(value);
        c += end;
        match bytes.get(c) {
            Some(b'.') if parts.len() < 4 => c += 1,
            None => break,
            _ => return None,
        }
    }
    let n = parts.len();
    let (head, last) = parts.split_at(n - 1);
    if head.iter().any(|&p| p > 0xff) || last[0] >= 1u64 << (8 * (5 - n)) && n > 1 {
        return None;
    }
    let mut address = last[0];
    for (i, &p) in head.iter().enumerate() {
        address |= p << (8 * (3 - i));
    }
    let [a, b, c, d] = (address as u32).to_be_bytes();
    Some(format!("{a}.{b}.{c}.{d}"))
}

/// C's `strtoul(text, &end, 0)` on text that starts with a digit: the value (`None` past
/// 64 bits) and how many bytes it read.
fn strtoul0(text: &[u8]) -> (Option<u64>, usize) {
    let (radix, start) = match text {
        [b'0', b'x' | b'X', d, ..] if d.is_ascii_hexdigit() => (16, 2),
        [b'0', ..] => (8, 0),
        _ => (10, 0),
    };
    let digits = text[start..]
        .iter()
        .take_while(|b| (**b as char).is_digit(radix))
        .count();
    let mut value: Option<u64> = Some(0);
    for &d in &text[start..start + digits] {
        let digit = u64::from((d as char).to_digit(radix).unwrap_or(0));
        value = value
            .and_then(|v| v.checked_mul(u64::from(radix)))
            .and_then(|v| v.checked_add(digit));
    }
    (value, start + digits)
}

/// `Curl_is_absolute_url` without scheme guessing: one to forty of ALPHA, DIGIT, "+", "-",
/// "." and then ":".
fn is_absolute_url(url: &str) -> bool {
    let name = url
        .bytes()
        .take(40)
        .take_while(|b| b.is_ascii_alphanumeric() || matches!(b, b'+' | b'-' | b'.'))
        .count();
    name > 0 && url.as_bytes().get(name) == Some(&b':')
}

/// The base as curl_url_get(CURLUPART_URL) writes it after curl_url_set read it without
/// CURLU_PATH_AS_IS: the scheme lowercased, the host read (`read_host`), the path with its
/// dot-segments removed ("remove ../ and ./ sequences according to RFC3986"), "/" for an
/// empty one, the port as a number (a scheme's default port kept), an empty query and an
/// empty fragment not written. `None` where curl has no such base, or its writing is not
/// modelled (file URLs).
fn written_base(base: &str) -> Option<String> {
    let c = reference::parse_uri(base).ok()?;
    let scheme = c.scheme?.to_ascii_lowercase();
    let host = c.host.filter(|h| !h.is_empty())?;
    if scheme == "file" {
        return None;
    }
    let host = read_host(host)?;
    let mut written = format!("{scheme}://");
    if let Some(userinfo) = c.userinfo {
        written.push_str(userinfo);
        written.push('@');
    }
    written.push_str(&host);
    if let Some(port) = c.port.filter(|p| !p.is_empty()) {
        let digits = port.trim_start_matches('0');
        written.push(':');
        written.push_str(if digits.is_empty() { "0" } else { digits });
    }
    let path = reference::remove_dot_segments(c.path);
    written.push_str(if path.is_empty() { "/" } else { &path });
    if let Some(query) = c.query.filter(|q| !q.is_empty()) {
        written.push('?');
        written.push_str(query);
    }
    if let Some(fragment) = c.fragment.filter(|f| !f.is_empty()) {
        written.push('#');
        written.push_str(fragment);
    }
    Some(written)
}

/// `concat_url(base, relurl)`, lib/urlapi.c's "Concatenate a relative URL to a base URL making
/// it absolute": a reference that does not start with "/" replaces what follows the base's
/// last "/" (and the base's query), its query alone being appended after the base's path
/// and query cut at "?"; its leading "./" and "../" are read once; a reference that starts
/// with "//" keeps the base's scheme, one that starts with "/" the base up to its path; a
/// space is written "%20" ("+" after a "?") and a byte above 0x7e "%xx", lowercase.
fn concat_url(base: &str, relurl: &str) -> String {
    let mut base = base.to_owned();
    // protsep: where the host starts.
    let mut protsep = base.find("//").map_or(0, |i| i + 2);
    let mut useurl = relurl;
    let mut host_changed = false;
    if !relurl.starts_with('/') {
        let mut level = 0;
        if let Some(q) = base[protsep..].find('?') {
            base.truncate(protsep + q);
        }
        if !useurl.starts_with('?')
            && let Some(s) = base[protsep..].rfind('/')
        {
            base.truncate(protsep + s);
        }
        let rest: Option<usize> = base[protsep..].find('/').map(|s| protsep + s + 1);
        if let Some(stripped) = useurl.strip_prefix("./") {
            useurl = stripped;
        }
        while let Some(stripped) = useurl.strip_prefix("../") {
            level += 1;
            useurl = stripped;
        }
        match rest {
            Some(start) => {
                protsep = start;
                for _ in 0..level {
                    match base[protsep..].rfind('/') {
                        Some(s) => base.truncate(protsep + s),
                        None => {
                            base.truncate(protsep);
                            break;
                        }
                    }
                }
            }
            None => {
                protsep = usize::MAX;
            }
        }
    } else if let Some(after) = relurl.strip_prefix("//") {
        base.truncate(protsep);
        useurl = after;
        host_changed = true;
    } else {
        let slash = base[protsep..].find('/');
        let question = base[protsep..].find('?');
        let cut = match (slash, question) {
            (Some(s), Some(q)) if q < s => Some(q),
            (Some(s), _) => Some(s),
            (None, q) => q,
        };
        if let Some(cut) = cut {
            base.truncate(protsep + cut);
        }
    }
    let mut written = base;
    // "check if we need to append a slash"
    let ends_at_protsep = protsep != usize::MAX && written.len() == protsep;
    if !(useurl.starts_with('/') || ends_at_protsep || useurl.starts_with('?')) {
        written.push('/');
    }
    // urlencode_str(..., !host_changed, FALSE): a relative piece encoded from its start, a
    // new host's kept up to find_host_sep's first "/" or "?".
    let from = if host_changed {
        useurl.find(['/', '?']).unwrap_or(useurl.len())
    } else {
        0
    };
    written.push_str(&useurl[..from]);
    let mut left = true;
    for &b in &useurl.as_bytes()[from..] {
        match b {
            b' ' if left => written.push_str("%20"),
            b' ' => written.push('+'),
            b'?' => {
                left = false;
                written.push('?');
            }
            0x80..=0xff => written.push_str(&format!("%{b:02x}")),
            _ => written.push(b as char),
        }
    }
    written
}

/// A resolution as curl_url_set(CURLUPART_URL) makes it of a relative reference on a handle
/// that holds the base: the URL it writes of the base, the reference appended by
/// `concat_url`, and the string this gives read again as an absolute URL (its dot-segments
/// removed, the other readings of curl's parser applied by the entries after this one). A
/// reference that `Curl_is_absolute_url` takes for absolute is read alone, as the RFC reads
/// a reference with a scheme.
pub(super) fn concat_rewrite(case: &Request) -> Option<Request> {
    let Request::Resolve {
        base,
        input,
        strict,
    } = case
    else {
        return None;
    };
    if is_absolute_url(input) {
        return None;
    }
    let written = written_base(base)?;
    Some(Request::Resolve {
        base: base.clone(),
        input: concat_url(&written, input),
        strict: *strict,
    })
}

/// junkscan: "scan for byte values < 31 or 127", a space too (without CURLU_ALLOW_SPACE).
fn junk(part: &str) -> bool {
    part.bytes().any(|b| b < 0x20 || b == 0x7f)
}

/// `STARTS_WITH_URL_DRIVE_PREFIX`: a letter, ":" or "|", then "/", "\" or the end.
fn drive_prefix(text: &[u8]) -> bool {
    text.first().is_some_and(u8::is_ascii_alphabetic)
        && matches!(text.get(1), Some(b':' | b'|'))
        && matches!(text.get(2), None | Some(b'/' | b'\\'))
}

/// parseurl's branch for the file scheme ("handle the file: scheme"), outside Windows: what
/// follows "file:" is the path, its query and its fragment, without a host; after "//" the
/// host must be empty, "localhost/" or "127.0.0.1/" (case-insensitively), and a drive letter
/// is refused; "file:/" and shorter are refused. The path, query and fragment are split at
/// the first "#" and the first "?" before it; an empty fragment is none, an empty query ""; a
/// path of one byte or none is "/"; a control or a space is refused (junkscan). `None` where
/// the text's scheme (as `Curl_is_absolute_url` reads it) is not "file".
pub(super) fn file_url(original: &Request) -> Option<Outcome> {
    let Request::Parse { input, .. } = original else {
        return None;
    };
    if !input
        .as_bytes()
        .get(..5)
        .is_some_and(|b| b.eq_ignore_ascii_case(b"file:"))
    {
        return None;
    }
    let refused = |why: &str| Some(Outcome::invalid(format!("{why} (file: URL)")));
    if input.len() <= 6 {
        return refused("file:/ is not enough");
    }
    let mut path = &input[5..];
    if let Some(after) = path.strip_prefix("//") {
        path = after;
        if !after.starts_with('/') && !drive_prefix(after.as_bytes()) {
            let host = after.get(..10).unwrap_or("");
            if host.eq_ignore_ascii_case("localhost/") || host.eq_ignore_ascii_case("127.0.0.1/") {
                path = &after[9..];
            } else {
                return refused("a host other than localhost or 127.0.0.1");
            }
        }
    }
    let bytes = path.as_bytes();
    if (bytes.first() == Some(&b'/') && drive_prefix(&bytes[1..])) || drive_prefix(bytes) {
        return refused("a drive letter");
    }
    let (rest, fragment) = match path.split_once('#') {
        Some((rest, fragment)) => (rest, Some(fragment).filter(|f| !f.is_empty())),
        None => (path, None),
    };
    let (path, query) = match rest.split_once('?') {
        Some((path, query)) => (path, Some(query)),
        None => (rest, None),
    };
    if [path, query.unwrap_or(""), fragment.unwrap_or("")]
        .iter()
        .any(|part| junk(part) || part.contains(' '))
    {
        return refused("a control or a space");
    }
    let components = crate::model::Components {
        scheme: Some("file".into()),
        userinfo: None,
        host: None,
        port: None,
        path: if path.len() <= 1 {
            "/".into()
        } else {
            path.into()
        },
        query: query.map(Into::into),
        fragment: fragment.map(Into::into),
    };
    Some(Outcome::Parsed {
        components,
        host_kind: None,
    })
}

/// The scheme as `Curl_is_absolute_url` reads it: one to forty of ALPHA, DIGIT, "+", "-" and
/// "." before the ":", its first character unchecked ("0:", "-:"); a longer one is none, and
/// curl then refuses the text ("CURLUE_BAD_SCHEME"). The parse's case with a scheme that
/// starts otherwise than with a letter read with letters in its place (`scheme_applied`
/// gives it back).
pub(super) fn scheme_rewrite(case: &Request) -> Option<Request> {
    let Request::Parse {
        input,
        rule,
        zone_id,
    } = case
    else {
        return None;
    };
    let name = input.find(':')?;
    let scheme = &input[..name];
    if scheme.is_empty()
        || scheme.len() > 40
        || scheme.starts_with(|c: char| c.is_ascii_alphabetic())
        || !scheme
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || matches!(b, b'+' | b'-' | b'.'))
    {
        return None;
    }
    Some(Request::Parse {
        input: format!("{}{}", "a".repeat(name), &input[name..]),
        rule: rule.clone(),
        zone_id: *zone_id,
    })
}

/// The answer to the case `scheme_rewrite` read, with the scheme as written; a scheme of more
/// than forty characters refused.
pub(super) fn scheme_applied(original: &Request, answer: Outcome) -> Outcome {
    let Request::Parse { input, .. } = original else {
        return answer;
    };
    let Some(name) = input.find(':') else {
        return answer;
    };
    match answer {
        Outcome::Parsed {
            mut components,
            host_kind,
        } if components.scheme.as_deref().map(str::len) == Some(name) => {
            if name > 40 {
                return Outcome::invalid(
                    "a scheme of more than 40 characters (CURLUE_BAD_SCHEME)".into(),
                );
            }
            components.scheme = Some(input[..name].to_owned());
            Outcome::Parsed {
                components,
                host_kind,
            }
        }
        other => other,
    }
}

/// Whether parseurl refuses the slashes after the scheme of `url` (a scheme other than file,
/// as `Curl_is_absolute_url` reads it): "less than one or more than three slashes".
fn slashes_refused(url: &str) -> bool {
    if !is_absolute_url(url) {
        return false;
    }
    let name = url.find(':').unwrap_or(0);
    if url[..name].eq_ignore_ascii_case("file") {
        return false;
    }
    let slashes = url[name + 1..]
        .bytes()
        .take(4)
        .take_while(|&b| b == b'/')
        .count();
    !(1..=3).contains(&slashes)
}

/// The answer refused where parseurl counts no slash or more than three after the scheme
/// (CURLUE_BAD_SLASHES): the parse's text, a resolution's base, or its reference where curl
/// reads it as an absolute URL.
pub(super) fn slashes_counted(original: &Request, answer: Outcome) -> Outcome {
    let refused = match original {
        Request::Parse { input, .. } => slashes_refused(input),
        Request::Resolve { base, input, .. } => slashes_refused(base) || slashes_refused(input),
        _ => false,
    };
    if refused {
        Outcome::invalid(
            "Unsupported number of slashes following scheme (CURLUE_BAD_SLASHES)".into(),
        )
    } else {
        answer
    }
}

/// The answer with its host read as curl reads it (`read_host`): a parse's host and host
/// kind (the adapter's: "ipv6" for a bracketed host, "ipv4" for an RFC 3986 `IPv4address`),
/// a resolution's target host; refused where curl refuses it. A parse's empty host is left to
/// its own rule (`empty-host-refused`); a target's is refused here.
pub(super) fn host_read(answer: Outcome) -> Outcome {
    match answer {
        Outcome::Parsed {
            mut components,
            host_kind,
        } => {
            let Some(host) = components.host.as_deref().filter(|h| !h.is_empty()) else {
                return Outcome::Parsed {
                    components,
                    host_kind,
                };
            };
            let Some(read) = read_host(host) else {
                return Outcome::invalid(format!("host {host}: refused (hostname_check)"));
            };
            let kind = if read.starts_with('[') {
                HostKind::Ipv6
            } else if reference::host::is_ipv4address(read.as_bytes()) {
                HostKind::Ipv4
            } else {
                HostKind::RegName
            };
            components.host = Some(read);
            Outcome::Parsed {
                components,
                host_kind: Some(kind),
            }
        }
        Outcome::Resolved(target) => {
            let Ok(c) = reference::parse(&target) else {
                return Outcome::Resolved(target);
            };
            let Some(host) = c.host else {
                return Outcome::Resolved(target);
            };
            // hostname_check: "if(!hostname[0]) return CURLUE_NO_HOST" (a file URL has no
            // host to check).
            if host.is_empty() {
                if c.scheme.is_some_and(|s| s.eq_ignore_ascii_case("file")) {
                    return Outcome::Resolved(target);
                }
                return Outcome::invalid("No host part in the URL (hostname_check)".into());
            }
            match read_host(host) {
                Some(read) => Outcome::Resolved(reference::recompose(&Components {
                    host: Some(&read),
                    ..c
                })),
                None => Outcome::invalid(format!("host {host}: refused (hostname_check)")),
            }
        }
        other => other,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn written(base: &str, target: &str) -> Outcome {
        let case = Request::Resolve {
            base: base.into(),
            input: "?".into(),
            strict: true,
        };
        empty_query_not_written(&case, Outcome::Resolved(target.into()))
    }

    #[test]
    fn an_empty_query_is_not_written() {
        assert_eq!(
            written("a://a/b?q", "a://a/b?"),
            Outcome::Resolved("a://a/b".into())
        );
        assert_eq!(
            written("a://a/b?q", "a://a/b?#f"),
            Outcome::Resolved("a://a/b#f".into())
        );
        assert_eq!(
            written("a://a", "a://a/?x"),
            Outcome::Resolved("a://a/?x".into())
        );
    }

    #[test]
    fn the_host_is_read_as_curl_reads_it() {
        let read = |h: &str| read_host(h);
        assert_eq!(read("0").as_deref(), Some("0.0.0.0"));
        assert_eq!(read("0x7f.1").as_deref(), Some("127.0.0.1"));
        assert_eq!(read("0177.1.1.1").as_deref(), Some("127.1.1.1"));
        assert_eq!(read("16843009").as_deref(), Some("1.1.1.1"));
        assert_eq!(read("1.256").as_deref(), Some("1.0.1.0"));
        assert_eq!(read("1.2.3.256").as_deref(), Some("1.2.3.256"));
        assert_eq!(read("08").as_deref(), Some("08"));
        assert_eq!(read("1.2.3.4.5").as_deref(), Some("1.2.3.4.5"));
        assert_eq!(read("4294967296").as_deref(), Some("4294967296"));
        assert_eq!(read("%41").as_deref(), Some("A"));
        assert_eq!(read("%30").as_deref(), Some("0"));
        assert_eq!(read("|").as_deref(), Some("|"));
        assert_eq!(read("a%zz").as_deref(), Some("a%zz"));
        assert_eq!(read("%21"), None);
        assert_eq!(read("!"), None);
        assert_eq!(read("%00"), None);
        assert_eq!(read("[::%a]").as_deref(), Some("[::%25a]"));
        assert_eq!(read("[::%25a]").as_deref(), Some("[::%25a]"));
        assert_eq!(read("[::%25]").as_deref(), Some("[::%2525]"));
        assert_eq!(read("[::0:0.0.0.0]").as_deref(), Some("[::]"));
        assert_eq!(read("[::01:0:a]").as_deref(), Some("[::1:0:a]"));
        assert_eq!(read("[::ffff:0:0]").as_deref(), Some("[::ffff:0:0]"));
        assert_eq!(read("[0:0:0:0:0:1:0:0]").as_deref(), Some("[::1:0:0]"));
        assert_eq!(
            read("[0:0:0:0:0:0:0102:0304]").as_deref(),
            Some("[::1.2.3.4]")
        );
        assert_eq!(read("[v0.a]"), None);
        assert_eq!(read("[::%]"), None);
        assert_eq!(read("[::%0123456789abcdef]"), None);
    }

    #[test]
    fn a_relative_reference_is_concatenated_to_the_base() {
        let concat = |base: &str, rel: &str| concat_url(&written_base(base).unwrap(), rel);
        assert_eq!(concat("a://a/a", ""), "a://a/");
        assert_eq!(concat("a://a/./a", ""), "a://a/");
        assert_eq!(concat("a://a/b/c?q", "#f"), "a://a/b/#f");
        assert_eq!(concat("a://a/b/c?q", "?x"), "a://a/b/c?x");
        assert_eq!(concat("a://a/b/c", "../d"), "a://a/d");
        assert_eq!(concat("a://a/b/c", "../../../d"), "a://a/d");
        assert_eq!(concat("a://a/b/c", "/d"), "a://a/d");
        assert_eq!(concat("a://a/b/c", "//h/d"), "a://h/d");
        assert_eq!(concat("a://a/b", " "), "a://a/%20");
        assert_eq!(concat("a://a/b", "? x"), "a://a/b?+x");
        assert_eq!(concat("a://./", "?\u{ff03}"), "a://./?%ef%bc%83");
        assert_eq!(concat("a://0", ":"), "a://0.0.0.0/:");
        assert!(is_absolute_url("0:"));
        assert!(!is_absolute_url(":"));
    }
}
