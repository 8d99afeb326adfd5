//! guzzlehttp/psr7 2.4.5's own rules (`GuzzleHttp\Psr7\Uri`, `UriResolver`), written from its
//! source, for its adapter's catalogue (`adapters/php/guzzle-psr7/known-differences.yaml`).
//!
//! `Uri::parse` percent-encodes every run of characters but ":/@?&=#" (`urlencode`), reads the
//! result with PHP's `parse_url` and decodes each part again (`urldecode`); `Uri::applyParts`
//! then filters each part (`filterUserInfoComponent`, `filterPath`, ...), and
//! `UriResolver::resolve` resolves one URI against another.

use crate::model::Outcome;
use crate::protocol::Request;
use crate::reference;
use crate::reference::chars::{SUB_DELIMS, UNRESERVED};

/// One rule of the library.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Rule {
    /// `Uri::applyParts`: the user and the password `parse_url` splits at the userinfo's first
    /// ":" each go through `filterUserInfoComponent`, which percent-encodes every character but
    /// the unreserved ones, the sub-delims and a "%" that starts a triplet; the ":" between
    /// them is written as it is.
    UserinfoEncoded,
    /// `Uri::parse`: "+" is `urlencode`d to "%2B" before `parse_url` reads the scheme, which
    /// takes no "%": a scheme holding a "+" is no scheme, and the reference is a path.
    SchemeWithPlusAsPath,
    /// `parse_url` (ext/standard/url.c, `php_url_parse_ex2`) takes as a scheme any run of
    /// letters, digits, "+", "-" and "." before the first ":", its first character whatever it
    /// is of those (`0:a` has the scheme `0`).
    SchemeFirstCharacterUnchecked,
    /// `UriResolver::resolve`: "if ((string) $rel === '') { ... return $base; }": a reference
    /// that PSR-7 writes as nothing gives the base, its fragment too.
    EmptyReferenceIsBase,
}

/// The case as the rule reads it, when it reads it otherwise.
pub(super) fn rewrite(rule: Rule, case: &Request) -> Option<Request> {
    match (rule, case) {
        (
            Rule::SchemeFirstCharacterUnchecked,
            Request::Parse {
                input,
                rule,
                zone_id,
            },
        ) => {
            let scheme = reference::split(input).scheme?;
            let first = scheme.bytes().next()?;
            let taken = |b: u8| b.is_ascii_alphanumeric() || matches!(b, b'.' | b'-');
            if first.is_ascii_alphabetic() || !scheme.bytes().all(taken) {
                return None;
            }
            Some(Request::Parse {
                input: format!("a{}", &input[1..]),
                rule: rule.clone(),
                zone_id: *zone_id,
            })
        }
        (
            Rule::SchemeWithPlusAsPath,
            Request::Parse {
                input,
                rule,
                zone_id,
            },
        ) => {
            let scheme = reference::split(input).scheme?;
            if !scheme.contains('+') {
                return None;
            }
            // The first segment's colons stood in for: it is read as a path.
            let end = input.find(['/', '?', '#']).unwrap_or(input.len());
            let mut out = input.clone();
            let stood_in: String = input[..end]
                .chars()
                .map(|c| if c == ':' { 'a' } else { c })
                .collect();
            out.replace_range(..end, &stood_in);
            Some(Request::Parse {
                input: out,
                rule: rule.clone(),
                zone_id: *zone_id,
            })
        }
        _ => None,
    }
}

/// The library's answer from the answer so far; `original` is the case as given, `case` as
/// rewritten.
pub(super) fn apply(rule: Rule, original: &Request, case: &Request, answer: Outcome) -> Outcome {
    match (rule, case) {
        (Rule::SchemeFirstCharacterUnchecked, Request::Parse { .. }) => {
            let (Request::Parse { input, .. }, Request::Parse { input: read, .. }) =
                (original, case)
            else {
                return answer;
            };
            match answer {
                Outcome::Parsed {
                    mut components,
                    host_kind,
                } if input.len() == read.len() => {
                    // The scheme's first character given back.
                    if let Some(scheme) = components.scheme.as_mut()
                        && read.starts_with(scheme.as_str())
                        && scheme.len() < input.len()
                    {
                        *scheme = input[..scheme.len()].to_owned();
                    }
                    Outcome::Parsed {
                        components,
                        host_kind,
                    }
                }
                other => other,
            }
        }
        (Rule::UserinfoEncoded, Request::Parse { .. }) => match answer {
            Outcome::Parsed {
                mut components,
                host_kind,
            } => {
                components.userinfo = components.userinfo.map(|u| userinfo_encoded(&u));
                Outcome::Parsed {
                    components,
                    host_kind,
                }
            }
            other => other,
        },
        (Rule::SchemeWithPlusAsPath, Request::Parse { .. }) => {
            let Request::Parse { input, .. } = original else {
                return answer;
            };
            match answer {
                Outcome::Parsed {
                    mut components,
                    host_kind,
                } if components.scheme.is_none()
                    && components.host.is_none()
                    && reference::split(input)
                        .scheme
                        .is_some_and(|s| s.contains('+')) =>
                {
                    // Everything up to the query is the path, as `filterPath` writes it.
                    let end = input.find(['?', '#']).unwrap_or(input.len());
                    components.path = path_filtered(&input[..end]);
                    Outcome::Parsed {
                        components,
                        host_kind,
                    }
                }
                other => other,
            }
        }
        (Rule::EmptyReferenceIsBase, Request::Resolve { base, input, .. }) => {
            let empty = reference::parse(input).is_ok_and(|r| {
                r.scheme.is_none()
                    && !r.has_authority()
                    && r.path.is_empty()
                    && r.query.is_none_or(str::is_empty)
                    && r.fragment.is_none_or(str::is_empty)
            });
            match answer {
                Outcome::Resolved(_) if empty && reference::parse_uri(base).is_ok() => {
                    Outcome::Resolved(base.clone())
                }
                other => other,
            }
        }
        _ => answer,
    }
}

/// `userinfo` as `Uri::applyParts` writes it: the user (up to the first ":") and the password
/// each through `filterUserInfoComponent`.
fn userinfo_encoded(userinfo: &str) -> String {
    match userinfo.split_once(':') {
        Some((user, password)) => format!("{}:{}", filtered(user), filtered(password)),
        None => filtered(userinfo),
    }
}

/// `filterPath`: every character but the unreserved ones, the sub-delims, ":", "@", "/" and a
/// "%" that starts a triplet, percent-encoded as UTF-8 (`rawurlencode`).
fn path_filtered(text: &str) -> String {
    encoded_but(text, |c| matches!(c, ':' | '@' | '/'))
}

/// `filterUserInfoComponent`: every character but the unreserved ones, the sub-delims and a
/// "%" that starts a triplet, percent-encoded as UTF-8 (`rawurlencode`).
fn filtered(text: &str) -> String {
    encoded_but(text, |_| false)
}

/// `text` with every character but the unreserved ones, the sub-delims, those `also` keeps and
/// a "%" that starts a triplet percent-encoded as UTF-8.
fn encoded_but(text: &str, also: impl Fn(char) -> bool) -> String {
    let bytes = text.as_bytes();
    let mut out = String::with_capacity(text.len());
    for (at, c) in text.char_indices() {
        let kept = if c == '%' {
            bytes.get(at + 1).is_some_and(u8::is_ascii_hexdigit)
                && bytes.get(at + 2).is_some_and(u8::is_ascii_hexdigit)
        } else {
            also(c)
                || (c.is_ascii() && (UNRESERVED.contains(c as u8) || SUB_DELIMS.contains(c as u8)))
        };
        if kept {
            out.push(c);
        } else {
            for byte in c.to_string().bytes() {
                out.push_str(&format!("%{byte:02X}"));
            }
        }
    }
    out
}

// ---------------------------------------------------------------------------------------------
// `new Uri($s)` whole, and its getters: `Uri::parse` on PHP's `parse_url`
// (`super::php::parse_url`), then `applyParts`, written from guzzlehttp/psr7 2.4.5 as Debian
// installs it (`assertValidHost` included).

/// A `Uri`'s fields: "" for what is not there, the port an int or null.
#[derive(Debug)]
struct Uri {
    scheme: Vec<u8>,
    user_info: Vec<u8>,
    host: Vec<u8>,
    port: Option<i64>,
    path: Vec<u8>,
    query: Vec<u8>,
    fragment: Vec<u8>,
}

/// Any exception `Uri` throws (`MalformedUriException`, `InvalidArgumentException`).
struct Malformed;

/// The library's bugs, each a switch of the model: off, the library as RFC 3986 would have it
/// at that one place.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(super) struct Bugs {
    /// `Uri::parse` runs `urlencode` over the text before `parse_url` reads it, and
    /// `urldecode` after: "+" is written "%2B" (no scheme takes it, no port is read from it), a
    /// space "+" (which `strtol` takes for a sign: "//a: 1" has the port 1), "[" and "]" "%5B"
    /// and "%5D" wherever the IPv6 branch's expression does not keep them (no IP literal is
    /// read), and a "+" the IPv6 branch's prefix keeps as written is read back as a space. Off,
    /// "+", "[" and "]" reach `parse_url` as written and a space as "%20".
    pub(super) urlencoded: bool,
    /// `UriResolver::removeDotSegments`'s array of segments, where ".." pops an empty segment
    /// too. Off, RFC 3986 §5.2.4's algorithm.
    pub(super) dot_segments_popped: bool,
    /// `UriResolver::resolve`: a reference written as nothing gives the base, its fragment too.
    /// Off, it is resolved like any other.
    pub(super) empty_reference_is_base: bool,
}

impl Bugs {
    /// Every set of switches, the smaller first.
    fn sets() -> Vec<Bugs> {
        let mut sets: Vec<Bugs> = (0..8u8)
            .map(|n| Bugs {
                urlencoded: n & 1 != 0,
                dot_segments_popped: n & 2 != 0,
                empty_reference_is_base: n & 4 != 0,
            })
            .collect();
        sets.sort_by_key(|b| {
            [
                b.urlencoded,
                b.dot_segments_popped,
                b.empty_reference_is_base,
            ]
            .iter()
            .filter(|&&on| on)
            .count()
        });
        sets
    }
}

/// `Uri::DEFAULT_PORTS`.
fn default_port(scheme: &[u8]) -> Option<i64> {
    Some(match scheme {
        b"http" => 80,
        b"https" => 443,
        b"ftp" => 21,
        b"gopher" => 70,
        b"nntp" | b"news" => 119,
        b"telnet" | b"tn3270" => 23,
        b"imap" => 143,
        b"pop" => 110,
        b"ldap" => 389,
        _ => return None,
    })
}

/// `strtr($s, 'A..Z', 'a..z')`.
fn lowered(bytes: &[u8]) -> Vec<u8> {
    bytes.to_ascii_lowercase()
}

/// `urlencode`: every byte but letters, digits and "-_." as "%XX", a space as "+"; where
/// `bugs` leaves them, "+", "[" and "]" as written and a space as "%20".
fn urlencode(bytes: &[u8], out: &mut Vec<u8>, bugs: Bugs) {
    for &b in bytes {
        if matches!(b, b'+' | b'[' | b']') && !bugs.urlencoded {
            out.push(b);
        } else if b == b' ' && bugs.urlencoded {
            out.push(b'+');
        } else if b.is_ascii_alphanumeric() || matches!(b, b'-' | b'.' | b'_') {
            out.push(b);
        } else {
            out.extend_from_slice(format!("%{b:02X}").as_bytes());
        }
    }
}

/// `urldecode`: "+" as a space (where `plus` is), every "%XX" decoded.
fn urldecode(bytes: &[u8], plus: bool) -> Vec<u8> {
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        let b = bytes[i];
        if b == b'+' && plus {
            out.push(b' ');
        } else if b == b'%'
            && i + 2 < bytes.len()
            && bytes[i + 1].is_ascii_hexdigit()
            && bytes[i + 2].is_ascii_hexdigit()
        {
            let hex = std::str::from_utf8(&bytes[i + 1..i + 3]).unwrap_or("00");
            out.push(u8::from_str_radix(hex, 16).unwrap_or(0));
            i += 2;
        } else {
            out.push(b);
        }
        i += 1;
    }
    out
}

/// The filters' `preg_replace_callback` with `rawurlencode`, byte by byte: every byte but the
/// unreserved ones, the sub-delims, those of `also` and a "%" that starts a triplet.
fn filter(bytes: &[u8], also: &[u8]) -> Vec<u8> {
    let mut out = Vec::with_capacity(bytes.len());
    for (i, &b) in bytes.iter().enumerate() {
        let kept = if b == b'%' {
            bytes.get(i + 1).is_some_and(u8::is_ascii_hexdigit)
                && bytes.get(i + 2).is_some_and(u8::is_ascii_hexdigit)
        } else {
            UNRESERVED.contains(b) || SUB_DELIMS.contains(b) || also.contains(&b)
        };
        if kept {
            out.push(b);
        } else {
            out.extend_from_slice(format!("%{b:02X}").as_bytes());
        }
    }
    out
}

/// `filterPath`.
fn filter_path(bytes: &[u8]) -> Vec<u8> {
    filter(bytes, b":@/")
}

/// `filterQueryAndFragment`.
fn filter_query(bytes: &[u8]) -> Vec<u8> {
    filter(bytes, b":@/?")
}

/// `Uri::parse`'s IPv6 branch, `preg_match('%^(.*://\[[0-9:a-f]+\])(.*?)$%', ...)`: the prefix
/// (up to the last "://[" whose hexadecimal digits and colons a "]" closes) and the rest, which
/// loses a final line feed ("$" matches before it); `None` where the expression does not match
/// ("." takes no line feed).
fn ipv6_prefix(url: &[u8]) -> Option<(&[u8], &[u8])> {
    let core = url.strip_suffix(b"\n").unwrap_or(url);
    if core.contains(&b'\n') {
        return None;
    }
    (0..core.len()).rev().find_map(|i| {
        if !core[i..].starts_with(b"://[") {
            return None;
        }
        let start = i + 4;
        let end = start
            + core[start..]
                .iter()
                .take_while(|&&b| b.is_ascii_digit() || matches!(b, b':' | b'a'..=b'f'))
                .count();
        (end > start && core.get(end) == Some(&b']')).then(|| (&core[..=end], &core[end + 1..]))
    })
}

impl Uri {
    fn empty() -> Uri {
        Uri {
            scheme: Vec::new(),
            user_info: Vec::new(),
            host: Vec::new(),
            port: None,
            path: Vec::new(),
            query: Vec::new(),
            fragment: Vec::new(),
        }
    }

    /// `new Uri($uri)`: `Uri::parse`, then `applyParts`.
    fn new(uri: &[u8], bugs: Bugs) -> Result<Uri, Malformed> {
        if uri.is_empty() {
            return Ok(Uri::empty());
        }
        let (prefix, rest) = ipv6_prefix(uri).unwrap_or((b"", uri));
        // Every run of characters but ":/@?&=#" through urlencode.
        let mut text = prefix.to_vec();
        let mut run = Vec::new();
        for &b in rest {
            if b":/@?&=#".contains(&b) {
                urlencode(&run, &mut text, bugs);
                run.clear();
                text.push(b);
            } else {
                run.push(b);
            }
        }
        urlencode(&run, &mut text, bugs);
        let parts = super::php::parse_url(&text).ok_or(Malformed)?;
        let decoded = |v: Option<Vec<u8>>| v.map(|v| urldecode(&v, bugs.urlencoded));
        let mut uri = Uri::empty();
        if let Some(scheme) = decoded(parts.scheme) {
            uri.scheme = lowered(&scheme);
        }
        if let Some(user) = decoded(parts.user) {
            uri.user_info = filter(&user, b"");
        }
        if let Some(host) = decoded(parts.host) {
            uri.host = lowered(&host);
            host_asserted(&uri.host)?;
        }
        uri.port = parts.port;
        if let Some(path) = decoded(parts.path) {
            uri.path = filter_path(&path);
        }
        if let Some(query) = decoded(parts.query) {
            uri.query = filter_query(&query);
        }
        if let Some(fragment) = decoded(parts.fragment) {
            uri.fragment = filter_query(&fragment);
        }
        if let Some(pass) = decoded(parts.pass) {
            uri.user_info.push(b':');
            uri.user_info.extend(filter(&pass, b""));
        }
        uri.remove_default_port();
        Ok(uri)
    }

    fn remove_default_port(&mut self) {
        if self.port.is_some() && self.port == default_port(&self.scheme) {
            self.port = None;
        }
    }

    fn authority(&self) -> Vec<u8> {
        let mut out = Vec::new();
        if !self.user_info.is_empty() {
            out.extend_from_slice(&self.user_info);
            out.push(b'@');
        }
        out.extend_from_slice(&self.host);
        if let Some(port) = self.port {
            out.extend_from_slice(format!(":{port}").as_bytes());
        }
        out
    }

    /// `__toString`.
    fn string(&self) -> Vec<u8> {
        compose(
            &self.scheme,
            &self.authority(),
            &self.path,
            &self.query,
            &self.fragment,
        )
    }

    /// `validateState`.
    fn validate(&mut self) -> Result<(), Malformed> {
        if self.host.is_empty() && matches!(&self.scheme[..], b"http" | b"https") {
            self.host = b"localhost".to_vec();
        }
        if self.authority().is_empty() {
            if self.path.starts_with(b"//") {
                return Err(Malformed);
            }
            let first = self.path.split(|&b| b == b'/').next().unwrap_or(b"");
            if self.scheme.is_empty() && first.contains(&b':') {
                return Err(Malformed);
            }
        }
        Ok(())
    }

    fn with_path(self, path: &[u8]) -> Result<Uri, Malformed> {
        let path = filter_path(path);
        if self.path == path {
            return Ok(self);
        }
        let mut new = Uri { path, ..self };
        new.validate()?;
        Ok(new)
    }

    fn with_query(self, query: &[u8]) -> Uri {
        Uri {
            query: filter_query(query),
            ..self
        }
    }

    fn with_host(self, host: &[u8]) -> Result<Uri, Malformed> {
        let host = lowered(host);
        host_asserted(&host)?;
        if self.host == host {
            return Ok(self);
        }
        let mut new = Uri { host, ..self };
        new.validate()?;
        Ok(new)
    }

    fn with_port(self, port: Option<i64>) -> Result<Uri, Malformed> {
        if self.port == port {
            return Ok(self);
        }
        let mut new = Uri { port, ..self };
        new.remove_default_port();
        new.validate()?;
        Ok(new)
    }
}

/// `Uri::assertValidHost`: no control character or space in a host.
fn host_asserted(host: &[u8]) -> Result<(), Malformed> {
    if host.iter().any(|&b| b <= 0x20 || b == 0x7f) {
        return Err(Malformed);
    }
    Ok(())
}

/// `Uri::composeComponents`: "//" after "file" even without an authority.
fn compose(scheme: &[u8], authority: &[u8], path: &[u8], query: &[u8], fragment: &[u8]) -> Vec<u8> {
    let mut out = Vec::new();
    if !scheme.is_empty() {
        out.extend_from_slice(scheme);
        out.push(b':');
    }
    if !authority.is_empty() || scheme == b"file" {
        out.extend_from_slice(b"//");
        out.extend_from_slice(authority);
    }
    if !authority.is_empty() && !path.is_empty() && path[0] != b'/' {
        out.push(b'/');
    }
    out.extend_from_slice(path);
    if !query.is_empty() {
        out.push(b'?');
        out.extend_from_slice(query);
    }
    if !fragment.is_empty() {
        out.push(b'#');
        out.extend_from_slice(fragment);
    }
    out
}

/// `UriResolver::removeDotSegments` where `bugs` switches it on, else RFC 3986 §5.2.4's.
fn remove_dot_segments_by(path: &[u8], bugs: Bugs) -> Vec<u8> {
    if bugs.dot_segments_popped {
        return remove_dot_segments(path);
    }
    match std::str::from_utf8(path) {
        Ok(path) => reference::remove_dot_segments(path).into_bytes(),
        Err(_) => remove_dot_segments(path),
    }
}

/// `UriResolver::removeDotSegments`: a ".." pops a segment, an empty one too, and "/" is
/// added at the end only after a last "." or "..".
fn remove_dot_segments(path: &[u8]) -> Vec<u8> {
    if path.is_empty() || path == b"/" {
        return path.to_vec();
    }
    let mut results: Vec<&[u8]> = Vec::new();
    let mut last: &[u8] = b"";
    for segment in path.split(|&b| b == b'/') {
        last = segment;
        if segment == b".." {
            results.pop();
        } else if segment != b"." {
            results.push(segment);
        }
    }
    let mut new_path = results.join(&b'/');
    if path[0] == b'/' && new_path.first() != Some(&b'/') {
        new_path.insert(0, b'/');
    } else if !new_path.is_empty() && (last == b"." || last == b"..") {
        new_path.push(b'/');
    }
    new_path
}

/// `UriResolver::resolve($base, $rel)`, the target written by `__toString`.
fn resolve(base: &Uri, rel: Uri, bugs: Bugs) -> Result<Vec<u8>, Malformed> {
    if rel.string().is_empty() && bugs.empty_reference_is_base {
        return Ok(base.string());
    }
    if !rel.scheme.is_empty() {
        let path = remove_dot_segments_by(&rel.path, bugs);
        return Ok(rel.with_path(&path)?.string());
    }
    let (authority, path, query);
    if !rel.authority().is_empty() {
        authority = rel.authority();
        path = remove_dot_segments_by(&rel.path, bugs);
        query = rel.query.clone();
    } else {
        authority = base.authority();
        if rel.path.is_empty() {
            path = base.path.clone();
            query = if rel.query.is_empty() {
                base.query.clone()
            } else {
                rel.query.clone()
            };
        } else {
            let merged = if rel.path[0] == b'/' {
                rel.path.clone()
            } else if !authority.is_empty() && base.path.is_empty() {
                [&b"/"[..], &rel.path].concat()
            } else {
                match base.path.iter().rposition(|&b| b == b'/') {
                    Some(slash) => [&base.path[..=slash], &rel.path[..]].concat(),
                    None => rel.path.clone(),
                }
            };
            path = remove_dot_segments_by(&merged, bugs);
            query = rel.query.clone();
        }
    }
    let target = compose(&base.scheme, &authority, &path, &query, &rel.fragment);
    Ok(Uri::new(&target, bugs)?.string())
}

/// `preg_replace_callback` of `$regex` over `bytes`, each triplet given by `f`.
fn triplets(bytes: &[u8], f: impl Fn(u8, u8) -> Vec<u8>) -> Vec<u8> {
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        if bytes[i] == b'%'
            && i + 2 < bytes.len()
            && bytes[i + 1].is_ascii_hexdigit()
            && bytes[i + 2].is_ascii_hexdigit()
        {
            out.extend(f(bytes[i + 1], bytes[i + 2]));
            i += 3;
        } else {
            out.push(bytes[i]);
            i += 1;
        }
    }
    out
}

/// `UriNormalizer::capitalizePercentEncoding`'s replacement.
fn capitalized(bytes: &[u8]) -> Vec<u8> {
    triplets(bytes, |a, b| {
        vec![b'%', a.to_ascii_uppercase(), b.to_ascii_uppercase()]
    })
}

/// `UriNormalizer::decodeUnreservedCharacters`'s replacement: "%2D", "%2E", "%5F", "%7E" and
/// the digits' and letters' triplets decoded.
fn unreserved_decoded(bytes: &[u8]) -> Vec<u8> {
    triplets(bytes, |a, b| {
        let hex = [a, b];
        let byte = u8::from_str_radix(std::str::from_utf8(&hex).unwrap_or("00"), 16).unwrap_or(0);
        if byte.is_ascii_alphanumeric() || matches!(byte, b'-' | b'.' | b'_' | b'~') {
            vec![byte]
        } else {
            vec![b'%', a, b]
        }
    })
}

/// `UriNormalizer::normalize($uri, $flags)` with the adapter's flags: the syntax level's three,
/// `PRESERVING_NORMALIZATIONS` at the scheme level.
fn normalize(uri: Uri, scheme_level: bool, bugs: Bugs) -> Result<Vec<u8>, Malformed> {
    let path = capitalized(&uri.path);
    let query = capitalized(&uri.query);
    let mut uri = uri.with_path(&path)?.with_query(&query);
    let path = unreserved_decoded(&uri.path);
    let query = unreserved_decoded(&uri.query);
    uri = uri.with_path(&path)?.with_query(&query);
    if scheme_level {
        if uri.path.is_empty() && matches!(&uri.scheme[..], b"http" | b"https") {
            uri = uri.with_path(b"/")?;
        }
        if uri.scheme == b"file" && uri.host == b"localhost" {
            uri = uri.with_host(b"")?;
        }
        if uri.port.is_some() && uri.port == default_port(&uri.scheme) {
            uri = uri.with_port(None)?;
        }
    }
    let relative_path =
        uri.scheme.is_empty() && uri.authority().is_empty() && uri.path.first() != Some(&b'/');
    if !relative_path {
        let path = remove_dot_segments_by(&uri.path, bugs);
        uri = uri.with_path(&path)?;
    }
    Ok(uri.string())
}

/// A bug's switch turned on in the model whole: `answer` is the model's with a set of the other
/// switches on (the smaller sets first), and the answer is that set's with `bug` on too; any other
/// answer is left as it is.
pub(super) fn switched_on(case: &Request, answer: Outcome, bug: fn(&mut Bugs)) -> Outcome {
    for mut set in Bugs::sets() {
        let mut with = set;
        bug(&mut with);
        if with == set || whole(case, set).as_ref() != Some(&answer) {
            continue;
        }
        set = with;
        return whole(case, set).unwrap_or(answer);
    }
    answer
}

/// What the adapter answers to a parse, by the model of `new Uri($s)` and its getters, with
/// `bugs` switched on.
pub(super) fn whole(case: &Request, bugs: Bugs) -> Option<Outcome> {
    let text = |v: Vec<u8>| String::from_utf8_lossy(&v).into_owned();
    let nonempty = |v: Vec<u8>| (!v.is_empty()).then(|| text(v));
    let refused = || Outcome::invalid("MalformedUriException: Unable to parse URI".into());
    Some(match case {
        Request::Parse { input, .. } => match Uri::new(input.as_bytes(), bugs) {
            Ok(uri) => Outcome::Parsed {
                components: crate::model::Components {
                    scheme: nonempty(uri.scheme),
                    userinfo: nonempty(uri.user_info),
                    host: nonempty(uri.host),
                    port: uri.port.map(|p| p.to_string()),
                    path: text(uri.path),
                    query: nonempty(uri.query),
                    fragment: nonempty(uri.fragment),
                },
                host_kind: None,
            },
            Err(Malformed) => refused(),
        },
        Request::Resolve {
            base,
            input,
            strict: true,
        } => match Uri::new(base.as_bytes(), bugs) {
            Err(Malformed) => Outcome::invalid_base("MalformedUriException".into()),
            Ok(base) => {
                match Uri::new(input.as_bytes(), bugs).and_then(|r| resolve(&base, r, bugs)) {
                    Ok(target) => Outcome::Resolved(text(target)),
                    Err(Malformed) => refused(),
                }
            }
        },
        Request::Normalize { input, .. } => {
            let scheme_level = case.checked_level().ok()? == reference::Level::Scheme;
            match Uri::new(input.as_bytes(), bugs).and_then(|u| normalize(u, scheme_level, bugs)) {
                Ok(normalized) => Outcome::Normalized(text(normalized)),
                Err(Malformed) => refused(),
            }
        }
        Request::Resolve { .. } => return None,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_userinfo_is_filtered_as_the_library_filters_it() {
        assert_eq!(userinfo_encoded("u@v"), "u%40v");
        assert_eq!(userinfo_encoded("a::b"), "a:%3Ab");
        assert_eq!(userinfo_encoded("a b%zz%41"), "a%20b%25zz%41");
        assert_eq!(userinfo_encoded(":"), ":");
    }

    #[test]
    fn the_library_whole_reads_as_guzzle_does() {
        let all = Bugs {
            urlencoded: true,
            dot_segments_popped: true,
            empty_reference_is_base: true,
        };
        let parsed = |s: &str| Uri::new(s.as_bytes(), all).ok();
        let uri = parsed("a+://[::1]").unwrap();
        assert_eq!(uri.scheme, b"a ");
        assert!(parsed("//").is_none());
        assert!(parsed("//a b").is_none());
        assert_eq!(parsed("http://a:80").unwrap().port, None);
        assert_eq!(parsed("a://[::1]x\n").unwrap().path, b"");
    }
}
