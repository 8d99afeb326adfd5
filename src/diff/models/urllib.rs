//! Python's urllib.parse (CPython 3.11.7, Lib/urllib/parse.py), written from its source, for its
//! adapter's catalogue (`adapters/python/urllib/known-differences.yaml`).
//!
//! `urlsplit` strips leading C0 controls and spaces, removes tabs and line breaks, takes a
//! scheme where the text before the first ":" starts with an ASCII letter and holds only
//! `scheme_chars`, and a netloc after "//" up to "/", "?" or "#"; it refuses a netloc with one
//! bracket and not the other, and checks what stands between its first "[" and the next "]"
//! with `_check_bracketed_host` (an IPvFuture by a regular expression, else
//! `ipaddress.ip_address`, which must give an IPv6 address). `SplitResult.hostname` and `port`
//! read the netloc's part after its last "@" (`_hostinfo`). `urljoin` is its own algorithm
//! over `urlparse`'s six components and `urlunparse`, with the scheme tables `uses_relative`,
//! `uses_netloc` and `uses_params`.

use icu_normalizer::ComposingNormalizerBorrowed;

use crate::model::Outcome;
use crate::protocol::Request;
use crate::reference::HostKind;

/// One rule of the library.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Rule {
    /// `urlsplit`'s bracket checks and `_hostinfo`: the host is what stands between the first
    /// "[" and the next "]" of the part after the last "@" (what stands before the "[" and
    /// between the "]" and the ":" is dropped), checked by `_check_bracketed_host` on the
    /// netloc's first "[".
    Hostinfo,
    /// `SplitResult.hostname`: "Host name (lower case)": `str.lower()` (Unicode) but for an
    /// IPv6 zone.
    HostnameLowercased,
    /// `urljoin`, its own algorithm.
    Urljoin,
}

/// `_WHATWG_C0_CONTROL_OR_SPACE` stripped from the start, then `_UNSAFE_URL_BYTES_TO_REMOVE`
/// (tab, CR, LF) removed everywhere.
fn cleaned(url: &str) -> String {
    url.trim_start_matches(|c: char| c <= ' ')
        .chars()
        .filter(|c| !matches!(c, '\t' | '\r' | '\n'))
        .collect()
}

pub(super) const USES_RELATIVE: [&str; 20] = [
    "", "ftp", "http", "gopher", "nntp", "imap", "wais", "file", "https", "shttp", "mms",
    "prospero", "rtsp", "rtsps", "rtspu", "sftp", "svn", "svn+ssh", "ws", "wss",
];
pub(super) const USES_NETLOC: [&str; 26] = [
    "", "ftp", "http", "gopher", "nntp", "telnet", "imap", "wais", "file", "mms", "https", "shttp",
    "snews", "prospero", "rtsp", "rtsps", "rtspu", "rsync", "svn", "svn+ssh", "sftp", "nfs", "git",
    "git+ssh", "ws", "wss",
];
const USES_PARAMS: [&str; 16] = [
    "", "ftp", "hdl", "prospero", "http", "imap", "https", "shttp", "rtsp", "rtsps", "rtspu",
    "sip", "sips", "mms", "sftp", "tel",
];

/// `urlsplit`'s five components ("" for none), and whether the text had a netloc ("//").
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub(super) struct Split {
    pub scheme: String,
    pub netloc: String,
    pub has_netloc: bool,
    pub path: String,
    pub query: String,
    pub fragment: String,
}

/// `urlsplit(url, scheme)`, its refusals (`ValueError`) as `Err`.
pub(super) fn urlsplit(url: &str, default_scheme: &str) -> Result<Split, String> {
    let mut url = cleaned(url);
    let mut split = Split {
        scheme: cleaned(default_scheme),
        ..Split::default()
    };
    let scheme_end = url.find(':').filter(|&i| {
        i > 0
            && url.starts_with(|c: char| c.is_ascii_alphabetic())
            && url[..i]
                .chars()
                .all(|c| c.is_ascii_alphanumeric() || matches!(c, '+' | '-' | '.'))
    });
    if let Some(i) = scheme_end {
        split.scheme = url[..i].to_ascii_lowercase();
        url = url[i + 1..].to_owned();
    }
    if let Some(rest) = url.strip_prefix("//") {
        let end = rest.find(['/', '?', '#']).unwrap_or(rest.len());
        split.netloc = rest[..end].to_owned();
        split.has_netloc = true;
        url = rest[end..].to_owned();
        let (open, close) = (split.netloc.contains('['), split.netloc.contains(']'));
        if open != close {
            return Err("ValueError: Invalid IPv6 URL".into());
        }
        if open {
            let after = &split.netloc[split.netloc.find('[').map_or(0, |i| i + 1)..];
            let bracketed = after.split(']').next().unwrap_or("");
            check_bracketed_host(bracketed)?;
        }
    }
    if let Some((before, fragment)) = url.split_once('#') {
        split.fragment = fragment.to_owned();
        url = before.to_owned();
    }
    if let Some((before, query)) = url.split_once('?') {
        split.query = query.to_owned();
        url = before.to_owned();
    }
    check_netloc(&split.netloc)?;
    split.path = url;
    Ok(split)
}

/// `_checknetloc`: a netloc outside ASCII whose NFKC form (less "@", ":", "#", "?") holds one
/// of "/?#@:" is refused.
fn check_netloc(netloc: &str) -> Result<(), String> {
    if netloc.is_ascii() {
        return Ok(());
    }
    let n: String = netloc
        .chars()
        .filter(|c| !matches!(c, '@' | ':' | '#' | '?'))
        .collect();
    let nfkc = ComposingNormalizerBorrowed::new_nfkc().normalize(&n);
    if nfkc == n {
        return Ok(());
    }
    if nfkc.contains(['/', '?', '#', '@', ':']) {
        return Err(format!(
            "ValueError: netloc '{netloc}' contains invalid characters under NFKC normalization"
        ));
    }
    Ok(())
}

/// `_check_bracketed_host`.
fn check_bracketed_host(host: &str) -> Result<(), String> {
    if let Some(rest) = host.strip_prefix('v') {
        // r"\Av[a-fA-F0-9]+\..+\Z": "." takes any character but a line feed.
        let hex = rest.bytes().take_while(u8::is_ascii_hexdigit).count();
        let tail = rest[hex..].strip_prefix('.');
        return match tail {
            Some(tail) if hex > 0 && !tail.is_empty() && !tail.contains('\n') => Ok(()),
            _ => Err("ValueError: IPvFuture address is invalid".into()),
        };
    }
    if ipv4_address(host) {
        return Err("ValueError: An IPv4 address cannot be in brackets".into());
    }
    if ipv6_address(host) {
        Ok(())
    } else {
        Err(format!(
            "ValueError: '{host}' does not appear to be an IPv4 or IPv6 address"
        ))
    }
}

/// `ipaddress.IPv4Address(text)`: four decimal octets of ASCII digits, none longer than three,
/// none above 255, none with a leading zero.
fn ipv4_address(text: &str) -> bool {
    let octets: Vec<&str> = text.split('.').collect();
    octets.len() == 4
        && octets.iter().all(|o| {
            !o.is_empty()
                && o.len() <= 3
                && o.bytes().all(|b| b.is_ascii_digit())
                && (*o == "0" || !o.starts_with('0'))
                && o.parse::<u32>().is_ok_and(|v| v <= 255)
        })
}

/// `ipaddress.IPv6Address(text)`, a scope ("%" and anything but "%") allowed.
fn ipv6_address(text: &str) -> bool {
    if text.contains('/') {
        return false;
    }
    let address = match text.split_once('%') {
        Some((_, scope)) if scope.is_empty() || scope.contains('%') => return false,
        Some((address, _)) => address,
        None => text,
    };
    if address.is_empty() {
        return false;
    }
    let mut parts: Vec<String> = address.split(':').map(str::to_owned).collect();
    if parts.len() < 3 {
        return false;
    }
    if parts.last().is_some_and(|p| p.contains('.')) {
        let last = parts.pop().unwrap_or_default();
        if !ipv4_address(&last) {
            return false;
        }
        parts.push("0".into());
        parts.push("0".into());
    }
    if parts.len() > 9 {
        return false;
    }
    let mut skip = None;
    for (i, part) in parts.iter().enumerate().take(parts.len() - 1).skip(1) {
        if part.is_empty() {
            if skip.is_some() {
                return false;
            }
            skip = Some(i);
        }
    }
    let (hi, lo) = if let Some(skip) = skip {
        let mut hi = skip;
        let mut lo = parts.len() - skip - 1;
        if parts[0].is_empty() {
            hi -= 1;
            if hi != 0 {
                return false;
            }
        }
        if parts.last().is_some_and(String::is_empty) {
            lo -= 1;
            if lo != 0 {
                return false;
            }
        }
        if 8 < hi + lo + 1 {
            return false;
        }
        (hi, lo)
    } else {
        if parts.len() != 8 || parts[0].is_empty() || parts[7].is_empty() {
            return false;
        }
        (parts.len(), 0)
    };
    let hextet =
        |h: &String| !h.is_empty() && h.len() <= 4 && h.bytes().all(|b| b.is_ascii_hexdigit());
    parts[..hi].iter().all(hextet) && parts[parts.len() - lo..].iter().all(hextet)
}

/// `urlparse`: `urlsplit`, then the last segment's parameters split off for a scheme of
/// `uses_params`.
fn urlparse(url: &str, default_scheme: &str) -> Result<(Split, String), String> {
    let mut split = urlsplit(url, default_scheme)?;
    let mut params = String::new();
    if USES_PARAMS.contains(&split.scheme.as_str()) && split.path.contains(';') {
        let path = split.path.clone();
        let at = match path.rfind('/') {
            Some(slash) => path[slash..].find(';').map(|i| slash + i),
            None => path.find(';'),
        };
        if let Some(at) = at {
            split.path = path[..at].to_owned();
            params = path[at + 1..].to_owned();
        }
    }
    Ok((split, params))
}

/// `urlunparse`.
fn urlunparse(split: &Split, params: &str) -> String {
    let mut url = split.path.clone();
    if !params.is_empty() {
        url = format!("{url};{params}");
    }
    let scheme = split.scheme.as_str();
    if !split.netloc.is_empty()
        || (!scheme.is_empty() && USES_NETLOC.contains(&scheme) && !url.starts_with("//"))
    {
        if !url.is_empty() && !url.starts_with('/') {
            url = format!("/{url}");
        }
        url = format!("//{}{url}", split.netloc);
    }
    if !scheme.is_empty() {
        url = format!("{scheme}:{url}");
    }
    if !split.query.is_empty() {
        url = format!("{url}?{}", split.query);
    }
    if !split.fragment.is_empty() {
        url = format!("{url}#{}", split.fragment);
    }
    url
}

/// `urljoin(base, url)`.
pub(super) fn urljoin(base: &str, url: &str) -> Result<String, String> {
    if base.is_empty() {
        return Ok(url.to_owned());
    }
    if url.is_empty() {
        return Ok(base.to_owned());
    }
    let (b, bparams) = urlparse(base, "")?;
    let (mut r, mut params) = urlparse(url, &b.scheme)?;
    if r.scheme != b.scheme || !USES_RELATIVE.contains(&r.scheme.as_str()) {
        return Ok(url.to_owned());
    }
    if USES_NETLOC.contains(&r.scheme.as_str()) {
        if !r.netloc.is_empty() {
            return Ok(urlunparse(&r, &params));
        }
        r.netloc = b.netloc.clone();
    }
    if r.path.is_empty() && params.is_empty() {
        r.path = b.path.clone();
        params = bparams;
        if r.query.is_empty() {
            r.query = b.query.clone();
        }
        return Ok(urlunparse(&r, &params));
    }
    let mut base_parts: Vec<&str> = b.path.split('/').collect();
    if base_parts.last() != Some(&"") {
        base_parts.pop();
    }
    let mut segments: Vec<&str>;
    if r.path.starts_with('/') {
        segments = r.path.split('/').collect();
    } else {
        segments = base_parts;
        segments.extend(r.path.split('/'));
        if segments.len() > 2 {
            let last = segments.len() - 1;
            let middle: Vec<&str> = segments[1..last]
                .iter()
                .copied()
                .filter(|s| !s.is_empty())
                .collect();
            let tail = segments[last];
            segments.truncate(1);
            segments.extend(middle);
            segments.push(tail);
        }
    }
    let mut resolved: Vec<&str> = Vec::new();
    for &seg in &segments {
        match seg {
            ".." => {
                resolved.pop();
            }
            "." => {}
            _ => resolved.push(seg),
        }
    }
    if matches!(segments.last(), Some(&"." | &"..")) {
        resolved.push("");
    }
    let joined = resolved.join("/");
    r.path = if joined.is_empty() {
        "/".into()
    } else {
        joined
    };
    Ok(urlunparse(&r, &params))
}

/// `str.lower()` on a host, an IPv6 zone (after "%") kept as it is, as `hostname` writes it.
fn lowered(host: &str) -> String {
    match host.split_once('%') {
        Some((address, zone)) => format!("{}%{zone}", address.to_lowercase()),
        None => host.to_lowercase(),
    }
}

/// `_hostinfo` on `netloc`: the hostname, and whether it came from between brackets.
fn hostinfo(netloc: &str) -> (&str, bool) {
    let hostinfo = netloc.rsplit_once('@').map_or(netloc, |(_, h)| h);
    match hostinfo.split_once('[') {
        Some((_, bracketed)) => (bracketed.split(']').next().unwrap_or(""), true),
        None => (hostinfo.split(':').next().unwrap_or(""), false),
    }
}

/// The case as urllib reads it, when the rule changes it: a bracketed host and what
/// `_hostinfo` drops around it read as a registered name (its port kept after its ":").
pub(super) fn rewrite(rule: Rule, case: &Request) -> Option<Request> {
    let Request::Parse {
        input,
        rule: parse_rule,
        zone_id,
    } = case
    else {
        return None;
    };
    if rule != Rule::Hostinfo {
        return None;
    }
    // The text here is as urlsplit reads it (the preprocessing steps come first); the steps
    // before this one may have stood in for characters, one for one, so only the delimiters
    // are looked for.
    let netloc = netloc_span(input)?;
    let start = netloc.start;
    let netloc = &input[netloc];
    let at = netloc.rfind('@').map_or(0, |i| i + 1);
    let hostinfo = &netloc[at..];
    let open = hostinfo.find('[')?;
    let end = match hostinfo[open..].find(']') {
        Some(close) => hostinfo[open + close..]
            .find(':')
            .map_or(hostinfo.len(), |c| open + close + c),
        None => hostinfo.len(),
    };
    let from = start + at;
    let mut rewritten = String::with_capacity(input.len());
    rewritten.push_str(&input[..from]);
    rewritten.extend(std::iter::repeat_n('a', hostinfo[..end].chars().count()));
    rewritten.push_str(&input[from + end..]);
    Some(Request::Parse {
        input: rewritten,
        rule: parse_rule.clone(),
        zone_id: *zone_id,
    })
}

/// Where `urlsplit` finds the netloc in `url` (cleaned): after a scheme it takes and "//", up
/// to "/", "?" or "#".
fn netloc_span(url: &str) -> Option<std::ops::Range<usize>> {
    let scheme_end = url.find(':').filter(|&i| {
        i > 0
            && url.starts_with(|c: char| c.is_ascii_alphabetic())
            && url[..i]
                .chars()
                .all(|c| c.is_ascii_alphanumeric() || matches!(c, '+' | '-' | '.'))
    });
    let start = scheme_end.map_or(0, |i| i + 1);
    if !url[start..].starts_with("//") {
        return None;
    }
    let start = start + 2;
    let end = url[start..]
        .find(['/', '?', '#'])
        .map_or(url.len(), |i| start + i);
    Some(start..end)
}

/// The answer as urllib gives it; `original` is the case as given.
pub(super) fn apply(rule: Rule, original: &Request, answer: Outcome) -> Outcome {
    match (rule, original) {
        (
            Rule::Urljoin,
            Request::Resolve {
                base,
                input,
                strict: true,
            },
        ) => {
            if matches!(answer, Outcome::Unsupported) {
                return answer;
            }
            match urljoin(base, input) {
                Ok(target) => Outcome::Resolved(target),
                Err(error) => Outcome::invalid(error),
            }
        }
        (Rule::Hostinfo, Request::Parse { input, .. }) => {
            let split = match urlsplit(input, "") {
                Ok(split) => split,
                Err(error) => {
                    return if answer.is_valid() {
                        Outcome::invalid(error)
                    } else {
                        answer
                    };
                }
            };
            let (hostname, bracketed) = hostinfo(&split.netloc);
            match answer {
                Outcome::Parsed {
                    mut components,
                    host_kind,
                } if bracketed && components.host.is_some() => {
                    let host = format!("[{}]", lowered(hostname));
                    let kind = if host.starts_with("[v") {
                        HostKind::IpvFuture
                    } else {
                        HostKind::Ipv6
                    };
                    components.host = Some(host);
                    let _ = host_kind;
                    Outcome::Parsed {
                        components,
                        host_kind: Some(kind),
                    }
                }
                other => other,
            }
        }
        (Rule::HostnameLowercased, Request::Parse { .. }) => match answer {
            Outcome::Parsed {
                mut components,
                host_kind,
            } => {
                components.host = components.host.as_deref().map(lowered);
                Outcome::Parsed {
                    components,
                    host_kind,
                }
            }
            other => other,
        },
        _ => answer,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn urljoin_is_cpythons() {
        let cases = [
            ("http://a/b/c/d;p?q", "g", "http://a/b/c/g"),
            ("http://a/b/c/d;p?q", "../../../g", "http://a/g"),
            ("http://a/b/c/d;p?q", "?y", "http://a/b/c/d;p?y"),
            ("http://a/b/c/d;p?q", "", "http://a/b/c/d;p?q"),
            ("http://a/b/c/d;p?q#f", "", "http://a/b/c/d;p?q#f"),
            ("a:", "a", "a"),
            ("ws:", "a", "ws:///a"),
            ("ws:", "/", "ws:///"),
            ("http:", "HTTP:", "http://"),
            ("ws://", "/..//", "ws:///"),
            ("ftp:", "//0/.", "ftp://0/."),
            ("http://", ".//", "http:///"),
            ("ws:?/", "//", "ws://?/"),
            ("http://?", "#", "http://"),
            ("a:", "//[::]:~", "//[::]:~"),
            ("file:/", "/", "file:///"),
            ("", "", ""),
        ];
        for (base, reference, target) in cases {
            assert_eq!(
                urljoin(base, reference).as_deref(),
                Ok(target),
                "{base} {reference}"
            );
        }
        assert!(urljoin("http://[v]/", "a").is_err());
    }

    #[test]
    fn bracketed_hosts_are_checked_as_cpython_checks_them() {
        for yes in [
            "::",
            "::1",
            "fe80::1%eth0",
            "::%h",
            "1:2:3:4:5:6:7::",
            "::1.2.3.4",
            "v1.x",
            "v0.@[",
        ] {
            assert!(check_bracketed_host(yes).is_ok(), "{yes:?}");
        }
        for no in [
            "",
            "1.2.3.4",
            "VaF.a:b",
            "v.x",
            "v1.",
            ":::",
            "::%",
            "1:2",
            "::1.2.3.04",
            "12345::",
        ] {
            assert!(check_bracketed_host(no).is_err(), "{no:?}");
        }
    }

    #[test]
    fn hostinfo_reads_between_brackets() {
        assert_eq!(hostinfo("%[::]"), ("::", true));
        assert_eq!(hostinfo(":[v0.a]"), ("v0.a", true));
        assert_eq!(hostinfo("]@[v0.a"), ("v0.a", true));
        assert_eq!(hostinfo("u@h:1"), ("h", false));
    }
}
