//! Node.js's legacy `url.parse` (node 20.20.2, lib/url.js) own rules, written from its source,
//! for its adapter's catalogue (`adapters/node/legacy-url-parse/known-differences.yaml`).
//!
//! `Url.prototype.parse` reads a scheme with `protocolPattern` (`/^[a-z0-9.+-]+:/i`), then an
//! authority where "//" follows it, or where the scheme as written is not one of
//! `slashedProtocol`'s names (lib/internal/url.js: `http:`, `https:`, `ftp:`, `gopher:`,
//! `file:`, `ws:`, `wss:`, compared as written, so "HTTP:" is none of them) and is not
//! `javascript:` (`hostlessProtocol`, compared lowercased). The rules here are those two
//! readings; the authority's own departures (its last "@", its end at a character "never ever
//! allowed in a hostname") are the library of departures'.

use crate::model::Outcome;
use crate::protocol::Request;

/// One rule of the library.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Rule {
    /// lib/url.js lines 280-295: `if (!hostlessProtocol.has(lowerProto) && (slashes || (proto
    /// && !slashedProtocol.has(proto))))` reads a host from what follows the scheme's ":"
    /// without "//": "a:b" has the host "b", "a:" the empty host, "HTTP:b" the host "b".
    AuthorityWithoutSlashes,
    /// lib/url.js lines 484-487: `if (slashedProtocol.has(lowerProto) && this.hostname &&
    /// !this.pathname) this.pathname = '/'`: after a non-empty host, the empty path of an http,
    /// https, ftp, gopher, file, ws or wss URL is "/".
    SlashedProtocolPathSlash,
    /// lib/url.js lines 280-292: without a scheme, "//" starts an authority only where
    /// `hostPattern` (`/^\/\/[^@/]+@[^@/]+/`) matches, a userinfo and its "@" (the documented
    /// `slashesDenoteHost` is false): otherwise the text up to "?" or "#" is the path ("//a/b"
    /// has the path "//a/b").
    NetworkPathUnlessUserinfo,
    /// lib/url.js lines 425-432: where the host is an IP literal (`ipv6Hostname`: "[" first
    /// and "]" last), "strip [ and ] from the hostname" and `if (rest[0] !== '/') rest = '/' +
    /// rest`: the empty path after it is "/", and a path that the end of the host at a
    /// character "never ever allowed in a hostname" left without one gets its "/".
    IpLiteralPathSlash,
    /// lib/url.js lines 182-245: the loop that finds "the first and last non-whitespace
    /// characters for trimming" (`code < 33`, U+00A0, U+FEFF) reads the text
    /// between them: what stands before the first and after the last is dropped.
    Trimmed,
    /// lib/url.js lines 173-174 and 203-219: "Copy chrome, IE, opera backslash-handling
    /// behavior. Back slashes before the query string get converted to forward slashes": every
    /// "\\" before the first "?" or "#" is a "/".
    BackslashAsSlash,
    /// lib/url.js lines 436-443 and 529-570 (`autoEscapeStr`): "Automatically escape all
    /// delimiters and unwise characters from RFC 2396. Also escape single quotes in case of an
    /// XSS attack": after the host, each of tab, line feed, carriage return, space, '"', "'",
    /// "<", ">", "\\", "^", "`", "{", "|", "}" is percent-encoded, every other character kept.
    /// Not after a `javascript:` scheme (`unsafeProtocol`), nor where the text takes the fast
    /// path of lines 249-268 (no "#", no "@" before the first "?" or "#", and
    /// `simplePathPattern`, `/^(\/\/?(?!\/)[^?\s]*)(\?[^\s]*)?$/`, matches: the path and
    /// query are kept as written).
    AutoEscape,
    /// lib/url.js lines 388-419: a host longer than 255 (`hostnameMaxLen`) is emptied; an IP
    /// literal (`isIpv6Hostname`) holding one of `forbiddenHostCharsIpv6` throws; any other
    /// host goes through `toASCII` (the UTS #46 ToASCII of the URL Standard's domain to ASCII,
    /// beStrict false: "IDNA Support: Returns a punycoded representation of "domain""), which
    /// throws `ERR_INVALID_URL` where it fails (it gives "") or leaves one of
    /// `forbiddenHostChars` ("throw an exception to convey the severity of this issue").
    HostToAscii,
    /// lib/url.js lines 296-362: the scan of the authority removes tab, line feed and carriage
    /// return ("WHATWG URL removes tabs, newlines, and carriage returns. Let's do that too."),
    /// ends at the first "/", "?" or "#", takes the userinfo to its last "@", and ends the host
    /// at the first of the "Characters that are never ever allowed in a hostname from RFC
    /// 2396" after it (space, '"', "%", "'", ";", "<", ">", "\\", "^", "`", "{", "|", "}"): what
    /// follows, that character first, is the path ("a://h;x" has the host "h" and the path
    /// ";x"), whether RFC 3986 allows the character in a host ("%41", ";", "'") or not.
    HostEndsAtNonHost,
    /// lib/url.js lines 364-381 and 502-525 (`parseHost`, `getHostname`): the port is the
    /// digits after the host's last ":" (`portPattern`, `/:[0-9]*$/`, line 90); in what is
    /// left, unless it is an IP literal, the first ":" ends the hostname and what follows it
    /// goes to the path with a "/" before it (`return '/' + hostname.slice(i) + rest`: "If
    /// leftover starts with :, then it represents an invalid port. But url.parse() is lenient
    /// about it for now."): "a://h:x/p" has the host "h" and the path "/:x/p", "a://h:1:2" the
    /// host "h", the port "2" and the path "/:1".
    HostnameEndsAtColon,
    /// lib/url.js line 358: `this.auth = decodeURIComponent(rest.slice(0, atSign))`, which
    /// throws a `URIError` where the userinfo's escapes are no UTF-8 or a "%" starts none
    /// (the documentation: "A URIError is thrown if the auth property is present but cannot
    /// be decoded").
    UserinfoDecoded,
    /// `url.resolve(from, to)` (lines 722-999): both strings read by `Url.prototype.parse`
    /// with `slashesDenoteHost` true, `resolveObject`'s own algorithm (RFC 1808's, with a
    /// scheme `slashedProtocol` does not name holding its host as the first path segment),
    /// and the target written by `Url.prototype.format`: ported whole ([`resolved`]).
    Resolver,
}

/// What `getHostname` moves to the path in the text as `HostEndsAtNonHost` left it: the text
/// with the moved part (a "/", then the hostname from its first ":") after the port, and the
/// length of that part; `None` where it moves nothing.
fn hostname_colon(text: &str) -> Option<(String, usize)> {
    let start = authority_start(text)?;
    let end = text[start..]
        .find(['/', '?', '#'])
        .map_or(text.len(), |e| start + e);
    let host_start = text[start..end]
        .rfind('@')
        .map_or(start, |at| start + at + 1);
    let hostport = &text[host_start..end];
    // `portPattern`: the last ":" with only digits after it.
    let port_at = hostport
        .rfind(':')
        .filter(|&c| hostport[c + 1..].bytes().all(|b| b.is_ascii_digit()))
        .unwrap_or(hostport.len());
    let hostname = &hostport[..port_at];
    if hostname.starts_with('[') && hostname.ends_with(']') {
        return None;
    }
    let colon = hostname.find(':')?;
    let moved = format!("/{}", &hostname[colon..]);
    let read = format!(
        "{}{}{}{moved}{}",
        &text[..host_start],
        &hostname[..colon],
        &hostport[port_at..],
        &text[end..]
    );
    Some((read, moved.len()))
}

/// Whether `decodeURIComponent` decodes the text: every "%" starts a triplet, and the octets
/// they give are UTF-8.
fn decodes(text: &str) -> bool {
    let bytes = text.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut at = 0;
    while at < bytes.len() {
        if bytes[at] == b'%' {
            let hex = |b: u8| char::from(b).to_digit(16);
            match (
                bytes.get(at + 1).copied().and_then(hex),
                bytes.get(at + 2).copied().and_then(hex),
            ) {
                (Some(high), Some(low)) => out.push((high * 16 + low) as u8),
                _ => return false,
            }
            at += 3;
        } else {
            out.push(bytes[at]);
            at += 1;
        }
    }
    String::from_utf8(out).is_ok()
}

/// What `HostEndsAtNonHost`'s scan reads: the text with the authority's tabs and line breaks
/// removed, and the character that ends the host with its position there, if one does.
fn non_host(text: &str) -> Option<(String, Option<(usize, char)>)> {
    let start = authority_start(text)?;
    let mut out = text[..start].to_owned();
    let mut ended = None;
    let mut rest_at = text.len();
    for (i, c) in text[start..].char_indices() {
        match c {
            '\t' | '\n' | '\r' => continue,
            ' ' | '"' | '%' | '\'' | ';' | '<' | '>' | '\\' | '^' | '`' | '{' | '|' | '}'
                if ended.is_none() =>
            {
                ended = Some((out.len(), c));
            }
            '#' | '/' | '?' => {
                rest_at = start + i;
                break;
            }
            '@' => ended = None,
            _ => {}
        }
        out.push(c);
    }
    out.push_str(&text[rest_at..]);
    Some((out, ended))
}

/// Where the authority starts in the text as read, where lib/url.js reads one with "//"
/// (lines 271-295): after a `protocolPattern` scheme but `javascript:` and its "//", or,
/// without a scheme, where `hostPattern` (`/^\/\/[^@/]+@[^@/]+/`) matches and the text does
/// not take the fast path of lines 249-268.
fn authority_start(text: &str) -> Option<usize> {
    let proto = text.find(':').filter(|&colon| {
        colon > 0
            && text[..colon]
                .bytes()
                .all(|b| b.is_ascii_alphanumeric() || matches!(b, b'.' | b'+' | b'-'))
    });
    match proto {
        Some(colon) => (!text[..colon].eq_ignore_ascii_case("javascript")
            && text[colon + 1..].starts_with("//"))
        .then_some(colon + 3),
        None => {
            let rest = text.strip_prefix("//")?;
            let first = rest.find(['@', '/']).unwrap_or(rest.len());
            let host_pattern = first > 0
                && rest[first..].starts_with('@')
                && rest[first + 1..]
                    .chars()
                    .next()
                    .is_some_and(|c| c != '@' && c != '/');
            // The fast path is taken before `hostPattern` is tried.
            (host_pattern && !simple_path(text)).then_some(2)
        }
    }
}

/// The text as the rules that read it before `HostEndsAtNonHost` leave it: trimmed, its
/// backslashes read, an authority after a scheme `slashedProtocol` does not name.
fn read_before_non_host(input: &str) -> String {
    let read = backslashes_as_slashes(trim(input));
    let case = Request::parse(&read);
    match rewrite(Rule::AuthorityWithoutSlashes, &case, &case) {
        Some(Request::Parse { input, .. }) => input,
        _ => read,
    }
}

/// `autoEscapeStr`'s table (lib/url.js lines 529-543, `escapedCodes`): the characters it escapes.
fn auto_escaped(c: char) -> Option<&'static str> {
    Some(match c {
        '\t' => "%09",
        '\n' => "%0A",
        '\r' => "%0D",
        ' ' => "%20",
        '"' => "%22",
        '\'' => "%27",
        '<' => "%3C",
        '>' => "%3E",
        '\\' => "%5C",
        '^' => "%5E",
        '`' => "%60",
        '{' => "%7B",
        '|' => "%7C",
        '}' => "%7D",
        _ => return None,
    })
}

/// `autoEscapeStr`: every character of its table escaped, the others kept.
fn auto_escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match auto_escaped(c) {
            Some(escaped) => out.push_str(escaped),
            None => out.push(c),
        }
    }
    out
}

/// lines 186-188: what the trimming loop counts as whitespace.
fn trimmed_away(c: char) -> bool {
    (c as u32) < 33 || c == '\u{a0}' || c == '\u{feff}'
}

/// The text trimmed as lines 182-245 trim it.
fn trim(input: &str) -> &str {
    input.trim_matches(trimmed_away)
}

/// The text with every "\\" before the first "?" or "#" read as "/" (lines 203-219).
fn backslashes_as_slashes(input: &str) -> String {
    let split = input.find(['?', '#']).unwrap_or(input.len());
    let mut out = input[..split].replace('\\', "/");
    out.push_str(&input[split..]);
    out
}

/// JavaScript's `\s` (ECMA-262 WhiteSpace and LineTerminator).
fn js_space(c: char) -> bool {
    matches!(
        c,
        '\t' | '\n' | '\u{b}' | '\u{c}' | '\r' | ' ' | '\u{a0}' | '\u{1680}' | '\u{2000}'
            ..='\u{200a}'
                | '\u{2028}'
                | '\u{2029}'
                | '\u{202f}'
                | '\u{205f}'
                | '\u{3000}'
                | '\u{feff}'
    )
}

/// Whether the text as read (trimmed, its backslashes read) takes the fast path of lines
/// 249-268: no "#" anywhere, no "@" before the first "?" or "#", and `simplePathPattern`
/// (`/^(\/\/?(?!\/)[^?\s]*)(\?[^\s]*)?$/`) matches.
fn simple_path(read: &str) -> bool {
    let split = read.find(['?', '#']).unwrap_or(read.len());
    if read.contains('#') || read[..split].contains('@') || !read.starts_with('/') {
        return false;
    }
    let start = if read[1..].starts_with('/') { 2 } else { 1 };
    if read[start..].starts_with('/') {
        return false;
    }
    let query = read.find('?').unwrap_or(read.len());
    !read[start..query].chars().any(js_space) && !read[query..].chars().any(js_space)
}

/// `forbiddenHostChars` (line 166) and, for an IP literal, `forbiddenHostCharsIpv6` (line 168).
fn forbidden_in_host(c: char, ip_literal: bool) -> bool {
    matches!(
        c,
        '\0' | '\t'
            | '\n'
            | '\r'
            | ' '
            | '#'
            | '%'
            | '/'
            | '<'
            | '>'
            | '?'
            | '@'
            | '\\'
            | '^'
            | '|'
    ) || (!ip_literal && matches!(c, ':' | '[' | ']'))
}

/// The host as lines 388-419 leave it: `None` where they throw.
fn host_to_ascii(host: &str) -> Option<String> {
    host_to_ascii_as(host, host.starts_with('[') && host.ends_with(']'))
}

/// The host as lines 388-419 leave it, read as an IP literal or not as `ipv6Hostname` was
/// computed before `getHostname` (line 378): `None` where they throw.
fn host_to_ascii_as(host: &str, ip_literal: bool) -> Option<String> {
    if host.is_empty() {
        return Some(String::new());
    }
    if host.encode_utf16().count() > 255 {
        return Some(String::new());
    }
    let lower = host.to_lowercase();
    if ip_literal {
        return (!lower.chars().any(|c| forbidden_in_host(c, true))).then_some(lower);
    }
    // Node 20's toASCII is ada 2.9.2's, which applies the Bidi Rule its own way.
    let flags = crate::idna::Flags {
        bidi_rule_as_ada_2_9: true,
        ..crate::idna::Flags::URL
    };
    let ascii = crate::idna::to_ascii(&lower, flags).ok()?;
    (!ascii.is_empty() && !ascii.chars().any(|c| forbidden_in_host(c, false))).then_some(ascii)
}

/// `slashedProtocol`'s names (lib/internal/url.js), without their ":".
const SLASHED: [&str; 7] = ["http", "https", "ftp", "gopher", "file", "ws", "wss"];

/// The scheme as written and where what follows its ":" starts, where `protocolPattern`
/// (`/^[a-z0-9.+-]+:/i`, line 89) reads one: its first character may be a digit, "+", "-" or
/// "." (which RFC 3986's `scheme` refuses: the departure scheme-first-character-unchecked).
fn protocol(input: &str) -> Option<(&str, usize)> {
    let colon = input.find(':')?;
    let scheme = &input[..colon];
    (!scheme.is_empty()
        && scheme
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || matches!(b, b'.' | b'+' | b'-')))
    .then_some((scheme, colon + 1))
}

/// The case as the rule reads it, when it reads it otherwise.
pub(super) fn rewrite(rule: Rule, original: &Request, case: &Request) -> Option<Request> {
    let Request::Parse {
        input,
        rule: grammar,
        zone_id,
    } = case
    else {
        return None;
    };
    match rule {
        Rule::AuthorityWithoutSlashes => {
            let (scheme, after) = protocol(input)?;
            if SLASHED.contains(&scheme) || scheme.eq_ignore_ascii_case("javascript") {
                return None;
            }
            // Every "\" before the first "?" or "#" is a "/" to the parser (lines 213-219):
            // where "//" follows the scheme so read, the authority is the usual one.
            let rest = &input[after..];
            let split = rest.find(['?', '#']).unwrap_or(rest.len());
            let slashes: String = rest[..split]
                .chars()
                .take(2)
                .map(|c| if c == '\\' { '/' } else { c })
                .collect();
            if slashes == "//" {
                return None;
            }
            Some(Request::Parse {
                input: format!("{}//{rest}", &input[..after]),
                rule: grammar.clone(),
                zone_id: *zone_id,
            })
        }
        Rule::SlashedProtocolPathSlash
        | Rule::IpLiteralPathSlash
        | Rule::AutoEscape
        | Rule::HostToAscii => None,
        Rule::HostnameEndsAtColon => {
            let (read, _) = hostname_colon(input)?;
            Some(Request::Parse {
                input: read,
                rule: grammar.clone(),
                zone_id: *zone_id,
            })
        }
        Rule::UserinfoDecoded | Rule::Resolver => None,
        Rule::HostEndsAtNonHost => {
            // The character that ends the host stood in for by "/", the path's start;
            // [`apply`] gives it back.
            let (mut read, ended) = non_host(input)?;
            if let Some((at, c)) = ended {
                read.replace_range(at..at + c.len_utf8(), "/");
            }
            (read != *input).then(|| Request::Parse {
                input: read,
                rule: grammar.clone(),
                zone_id: *zone_id,
            })
        }
        Rule::Trimmed => {
            let read = trim(input);
            (read.len() != input.len()).then(|| Request::Parse {
                input: read.to_owned(),
                rule: grammar.clone(),
                zone_id: *zone_id,
            })
        }
        Rule::BackslashAsSlash => {
            let read = backslashes_as_slashes(input);
            (read != *input).then(|| Request::Parse {
                input: read,
                rule: grammar.clone(),
                zone_id: *zone_id,
            })
        }
        Rule::NetworkPathUnlessUserinfo => {
            // `hostPattern` reads the text as given (trimmed), before the host's end at a
            // character never allowed in it hands the path its "/".
            let given = match original {
                Request::Parse { input, .. } => trim(input),
                _ => input,
            };
            if !read_as_path(given) || !read_as_path(input) {
                return None;
            }
            // Its second "/" stood in for: the path `/a...` the reference reads, the same
            // length; [`apply`] gives the "/" back.
            let mut read = input.clone();
            read.replace_range(1..2, "a");
            Some(Request::Parse {
                input: read,
                rule: grammar.clone(),
                zone_id: *zone_id,
            })
        }
    }
}

/// Whether "//" starts a path: where `hostPattern` does not read a userinfo and a host after
/// it, or where the text takes the fast path of lines 249-268 before `hostPattern` is tried
/// ("//?@a": the path "//" and the query "@a").
fn read_as_path(text: &str) -> bool {
    let read = backslashes_as_slashes(text);
    read.starts_with("//") && (network_path(&read) || simple_path(&read))
}

/// Whether the text starts with "//" that `hostPattern` does not read as the start of a
/// userinfo and a host (every "\" before the first "?" or "#" read as "/", lines 213-219).
fn network_path(input: &str) -> bool {
    if !input.starts_with("//") {
        return false;
    }
    let split = input.find(['?', '#']).unwrap_or(input.len());
    let read: String = input
        .char_indices()
        .map(|(i, c)| if c == '\\' && i < split { '/' } else { c })
        .collect();
    // `[^@/]+@[^@/]+` after the "//".
    let rest = &read[2..];
    let first = rest.find(['@', '/']).unwrap_or(rest.len());
    let user_and_host = first > 0
        && rest[first..].starts_with('@')
        && rest[first + 1..]
            .chars()
            .next()
            .is_some_and(|c| c != '@' && c != '/');
    !user_and_host
}

/// The library's answer from the answer so far; `original` is the case as given.
pub(super) fn apply(rule: Rule, original: &Request, answer: Outcome) -> Outcome {
    if let (Rule::Resolver, Request::Resolve { base, input, .. }) = (rule, original) {
        return resolved(base, input);
    }
    let Outcome::Parsed {
        mut components,
        host_kind,
    } = answer
    else {
        return answer;
    };
    match rule {
        Rule::AuthorityWithoutSlashes | Rule::Trimmed | Rule::BackslashAsSlash => {}
        Rule::HostEndsAtNonHost => {
            // Its "/" stands after what `getHostname` moved before it, if anything.
            if let Request::Parse { input, .. } = original
                && let Some((mut left, Some((at, c)))) = non_host(&read_before_non_host(input))
                && components.host.is_some()
            {
                left.replace_range(at..at + c.len_utf8(), "/");
                let offset = hostname_colon(&left).map_or(0, |(_, moved)| moved);
                if components.path.get(offset..=offset) == Some("/") {
                    components
                        .path
                        .replace_range(offset..=offset, c.encode_utf8(&mut [0; 4]));
                }
            }
        }
        Rule::HostnameEndsAtColon | Rule::Resolver => {}
        Rule::UserinfoDecoded => {
            if components.userinfo.as_deref().is_some_and(|u| !decodes(u)) {
                return Outcome::invalid("URIError: URI malformed".to_owned());
            }
        }
        Rule::AutoEscape => {
            let javascript = components
                .scheme
                .as_deref()
                .is_some_and(|s| s.eq_ignore_ascii_case("javascript"));
            let fast = match original {
                Request::Parse { input, .. } => simple_path(&backslashes_as_slashes(trim(input))),
                _ => false,
            };
            if !javascript && !fast {
                components.path = auto_escape(&components.path);
                components.query = components.query.as_deref().map(auto_escape);
                components.fragment = components.fragment.as_deref().map(auto_escape);
            }
        }
        Rule::HostToAscii => {
            if let Some(host) = components.host.as_deref() {
                match host_to_ascii(host) {
                    Some(ascii) => components.host = Some(ascii),
                    None => return Outcome::invalid("TypeError: Invalid URL".to_owned()),
                }
            }
        }
        Rule::IpLiteralPathSlash => {
            if components
                .host
                .as_deref()
                .is_some_and(|h| h.starts_with('[') && h.ends_with(']'))
                && !components.path.starts_with('/')
            {
                components.path.insert(0, '/');
            }
        }
        Rule::NetworkPathUnlessUserinfo => {
            if let Request::Parse { input, .. } = original
                && read_as_path(trim(input))
                && components.scheme.is_none()
                && components.host.is_none()
                && components.path.get(1..2) == Some("a")
            {
                components.path.replace_range(1..2, "/");
            }
        }
        Rule::SlashedProtocolPathSlash => {
            let slashed = components
                .scheme
                .as_deref()
                .is_some_and(|s| SLASHED.iter().any(|n| n.eq_ignore_ascii_case(s)));
            if slashed
                && components.host.as_deref().is_some_and(|h| !h.is_empty())
                && components.path.is_empty()
            {
                components.path.push('/');
            }
        }
    }
    Outcome::Parsed {
        components,
        host_kind,
    }
}

/// `url.resolve(base, input)` (line 722: `urlParse(source, false, true).resolve(relative)`),
/// as the adapter asks it: `Outcome::Invalid` where `url.parse` throws (a userinfo
/// `decodeURIComponent` refuses, a host `toASCII` refuses).
pub(super) fn resolved(base: &str, input: &str) -> Outcome {
    match Url::parse(base).and_then(|base| Ok(base.resolve_object(Url::parse(input)?))) {
        Ok(target) => Outcome::Resolved(target.format()),
        Err(message) => Outcome::invalid(message.to_owned()),
    }
}

/// JavaScript's truthiness of a string property: neither null nor "".
fn truthy(value: &Option<String>) -> bool {
    value.as_deref().is_some_and(|v| !v.is_empty())
}

/// `slashedProtocol.has(value)` (lib/internal/url.js: each name with and without its ":").
fn slashed_protocol(value: Option<&str>) -> bool {
    value.is_some_and(|v| SLASHED.contains(&v.strip_suffix(':').unwrap_or(v)))
}

/// `hostlessProtocol.has(value)` and `unsafeProtocol.has(value)`: "javascript", with or
/// without its ":".
fn javascript(value: Option<&str>) -> bool {
    matches!(value, Some("javascript" | "javascript:"))
}

/// `isIpv6Hostname` (lines 141-146): "[" first and "]" last.
fn ipv6_hostname(hostname: &str) -> bool {
    hostname.starts_with('[') && hostname.ends_with(']') && hostname.len() > 1
}

/// `encodeStr(auth, noEscapeAuth, hexTable)` (url.format, lines 633-637): every character
/// but those of `noEscapeAuth` (letters, digits, "!", "'", "(", ")", "*", "-", ".", ":",
/// "_", "~") percent-encoded as UTF-8, in uppercase.
fn encode_auth(auth: &str) -> String {
    let mut out = String::with_capacity(auth.len());
    for c in auth.chars() {
        if c.is_ascii_alphanumeric() || "!'()*-.:_~".contains(c) {
            out.push(c);
        } else {
            let mut buffer = [0; 4];
            for byte in c.encode_utf8(&mut buffer).bytes() {
                out.push_str(&format!("%{byte:02X}"));
            }
        }
    }
    out
}

/// The properties of a legacy `Url` that `resolveObject` and `format` read (`query` is the
/// search without its "?", never parsed: `parseQueryString` is false; `path` is read by
/// neither). `None` is JavaScript's null (or undefined).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
struct Url {
    protocol: Option<String>,
    slashes: bool,
    auth: Option<String>,
    host: Option<String>,
    port: Option<String>,
    hostname: Option<String>,
    hash: Option<String>,
    search: Option<String>,
    pathname: Option<String>,
    href: String,
}

impl Url {
    /// `Url.prototype.parse(url, false, true)` (lines 170-499); `Err` with the message of
    /// what it throws.
    fn parse(url: &str) -> Result<Url, &'static str> {
        let mut this = Url::default();
        // Lines 182-245: trimmed, every "\\" before the first "?" or "#" a "/".
        let mut rest = backslashes_as_slashes(trim(url));
        // `slashesDenoteHost` is true: no fast path (lines 247-268).
        let mut proto = None;
        let mut lower_proto = None;
        if let Some((scheme, after)) = protocol(&rest) {
            proto = Some(format!("{scheme}:"));
            lower_proto = Some(format!("{}:", scheme.to_lowercase()));
            this.protocol.clone_from(&lower_proto);
            rest = rest[after..].to_owned();
        }
        let slashes = rest.starts_with("//");
        if slashes && !(proto.is_some() && javascript(lower_proto.as_deref())) {
            rest = rest[2..].to_owned();
            this.slashes = true;
        }
        if !javascript(lower_proto.as_deref())
            && (slashes || (proto.is_some() && !slashed_protocol(proto.as_deref())))
        {
            // Lines 296-353: the scan of the authority.
            let mut chars: Vec<char> = rest.chars().collect();
            let (mut host_end, mut at_sign, mut non_host) = (None, None, None);
            let mut i = 0;
            while i < chars.len() {
                match chars[i] {
                    '\t' | '\n' | '\r' => {
                        chars.remove(i);
                        continue;
                    }
                    ' ' | '"' | '%' | '\'' | ';' | '<' | '>' | '\\' | '^' | '`' | '{' | '|'
                    | '}' => {
                        non_host.get_or_insert(i);
                    }
                    '#' | '/' | '?' => {
                        non_host.get_or_insert(i);
                        host_end = Some(i);
                    }
                    '@' => {
                        at_sign = Some(i);
                        non_host = None;
                    }
                    _ => {}
                }
                if host_end.is_some() {
                    break;
                }
                i += 1;
            }
            let mut start = 0;
            if let Some(at) = at_sign {
                let auth: String = chars[..at].iter().collect();
                if !decodes(&auth) {
                    return Err("URIError: URI malformed");
                }
                this.auth = Some(decode(&auth));
                start = at + 1;
            }
            let host: String;
            match non_host {
                None => {
                    host = chars[start..].iter().collect();
                    rest = String::new();
                }
                Some(end) => {
                    host = chars[start..end.max(start)].iter().collect();
                    rest = chars[end..].iter().collect();
                }
            }
            // `parseHost` (lines 1004-1015): `portPattern`, `/:[0-9]*$/`.
            let mut hostname = host.as_str();
            if let Some(colon) = host.rfind(':')
                && host[colon + 1..].bytes().all(|b| b.is_ascii_digit())
            {
                if colon + 1 < host.len() {
                    this.port = Some(host[colon + 1..].to_owned());
                }
                hostname = &host[..colon];
            }
            let mut hostname = hostname.to_owned();
            let ipv6 = ipv6_hostname(&hostname);
            if !ipv6 {
                // `getHostname` (lines 502-525): only a ":" can still stand in it.
                if let Some(i) = hostname.find(['/', '\\', '#', '?', ':']) {
                    rest = format!("/{}{rest}", &hostname[i..]);
                    hostname.truncate(i);
                }
            }
            let hostname = host_to_ascii_as(&hostname, ipv6).ok_or("TypeError: Invalid URL")?;
            let port = this
                .port
                .as_deref()
                .map_or(String::new(), |p| format!(":{p}"));
            this.host = Some(format!("{hostname}{port}"));
            // "strip [ and ] from the hostname; the host field still retains them, though"
            if ipv6 {
                let inner = hostname.get(1..hostname.len().saturating_sub(1));
                this.hostname = Some(inner.unwrap_or_default().to_owned());
                if !rest.starts_with('/') {
                    rest.insert(0, '/');
                }
            } else {
                this.hostname = Some(hostname);
            }
        }
        if !javascript(lower_proto.as_deref()) {
            rest = auto_escape(&rest);
        }
        // Lines 448-483: the fragment from the first "#", the query from the first "?"
        // before it, the path before both (null where empty).
        let hash_at = rest.find('#');
        if let Some(at) = hash_at {
            this.hash = Some(rest[at..].to_owned());
        }
        let before_hash = &rest[..hash_at.unwrap_or(rest.len())];
        let question = before_hash.find('?');
        if let Some(at) = question {
            this.search = Some(before_hash[at..].to_owned());
        }
        let first = question.or(hash_at).unwrap_or(rest.len());
        if first > 0 {
            this.pathname = Some(rest[..first].to_owned());
        }
        if slashed_protocol(lower_proto.as_deref())
            && truthy(&this.hostname)
            && !truthy(&this.pathname)
        {
            this.pathname = Some("/".to_owned());
        }
        this.href = this.format();
        Ok(this)
    }

    /// `Url.prototype.format` (lines 632-716).
    fn format(&self) -> String {
        let mut auth = self.auth.clone().unwrap_or_default();
        if !auth.is_empty() {
            auth = encode_auth(&auth);
            auth.push('@');
        }
        let mut protocol = self.protocol.clone().unwrap_or_default();
        let mut host = String::new();
        if let Some(h) = self.host.as_deref().filter(|h| !h.is_empty()) {
            host = format!("{auth}{h}");
        } else if let Some(h) = self.hostname.as_deref().filter(|h| !h.is_empty()) {
            host = if h.contains(':') && !ipv6_hostname(h) {
                format!("{auth}[{h}]")
            } else {
                format!("{auth}{h}")
            };
            if let Some(port) = self.port.as_deref().filter(|p| !p.is_empty()) {
                host.push(':');
                host.push_str(port);
            }
        }
        if !protocol.is_empty() && !protocol.ends_with(':') {
            protocol.push(':');
        }
        let mut pathname = self
            .pathname
            .as_deref()
            .unwrap_or_default()
            .replace('#', "%23")
            .replace('?', "%3F");
        if self.slashes || slashed_protocol(Some(&protocol)) {
            if self.slashes || !host.is_empty() {
                if !pathname.is_empty() && !pathname.starts_with('/') {
                    pathname.insert(0, '/');
                }
                host.insert_str(0, "//");
            } else if protocol.starts_with("file") {
                host = "//".to_owned();
            }
        }
        let mut search = self
            .search
            .as_deref()
            .unwrap_or_default()
            .replace('#', "%23");
        let mut hash = self.hash.clone().unwrap_or_default();
        if !hash.is_empty() && !hash.starts_with('#') {
            hash.insert(0, '#');
        }
        if !search.is_empty() && !search.starts_with('?') {
            search.insert(0, '?');
        }
        format!("{protocol}{host}{pathname}{search}{hash}")
    }

    /// `Url.prototype.resolveObject` (lines 734-999).
    fn resolve_object(&self, mut relative: Url) -> Url {
        let mut result = self.clone();
        // "Hash is always overridden, no matter what."
        result.hash.clone_from(&relative.hash);
        if relative.href.is_empty() {
            return result;
        }
        // "Hrefs like //foo/bar always cut to the protocol."
        if relative.slashes && !truthy(&relative.protocol) {
            let protocol = result.protocol.take();
            result = Url {
                protocol,
                ..relative
            };
            if slashed_protocol(result.protocol.as_deref())
                && truthy(&result.hostname)
                && !truthy(&result.pathname)
            {
                result.pathname = Some("/".to_owned());
            }
            return result;
        }
        if truthy(&relative.protocol) && relative.protocol != result.protocol {
            if !slashed_protocol(relative.protocol.as_deref()) {
                return relative;
            }
            result.protocol.clone_from(&relative.protocol);
            let file = matches!(relative.protocol.as_deref(), Some("file" | "file:"));
            if !truthy(&relative.host) && !file && !javascript(relative.protocol.as_deref()) {
                // The first non-empty segment of the path made the host.
                let path = relative.pathname.clone().unwrap_or_default();
                let mut rel_path: Vec<&str> = path.split('/').collect();
                let mut host = None;
                while !rel_path.is_empty() {
                    let segment = rel_path.remove(0);
                    if !segment.is_empty() {
                        host = Some(segment.to_owned());
                        break;
                    }
                }
                relative.host = Some(host.unwrap_or_default());
                if !truthy(&relative.hostname) {
                    relative.hostname = Some(String::new());
                }
                if rel_path.first() != Some(&"") {
                    rel_path.insert(0, "");
                }
                if rel_path.len() < 2 {
                    rel_path.insert(0, "");
                }
                result.pathname = Some(rel_path.join("/"));
            } else {
                result.pathname.clone_from(&relative.pathname);
            }
            result.search.clone_from(&relative.search);
            result.host = Some(relative.host.clone().unwrap_or_default());
            result.auth.clone_from(&relative.auth);
            result.hostname = if truthy(&relative.hostname) {
                relative.hostname.clone()
            } else {
                relative.host.clone()
            };
            result.port.clone_from(&relative.port);
            result.slashes = result.slashes || relative.slashes;
            return result;
        }
        let starts_slash =
            |p: &Option<String>| truthy(p) && p.as_deref().is_some_and(|p| p.starts_with('/'));
        let is_source_abs = starts_slash(&result.pathname);
        let is_rel_abs = truthy(&relative.host) || starts_slash(&relative.pathname);
        let mut must_end_abs =
            is_rel_abs || is_source_abs || (truthy(&result.host) && truthy(&relative.pathname));
        let remove_all_dots = must_end_abs;
        let split = |p: &Option<String>| -> Vec<String> {
            match p.as_deref() {
                Some(p) if !p.is_empty() => p.split('/').map(str::to_owned).collect(),
                _ => Vec::new(),
            }
        };
        let mut src_path = split(&result.pathname);
        let mut rel_path = split(&relative.pathname);
        let no_leading_slashes =
            truthy(&result.protocol) && !slashed_protocol(result.protocol.as_deref());
        // "If the url is a non-slashed url, then relative links like ../.. should be able to
        // crawl up to the hostname, as well. This is strange."
        if no_leading_slashes {
            result.hostname = Some(String::new());
            result.port = None;
            if let Some(host) = result.host.clone().filter(|h| !h.is_empty()) {
                if src_path.first().is_some_and(String::is_empty) {
                    src_path[0] = host;
                } else {
                    src_path.insert(0, host);
                }
            }
            result.host = Some(String::new());
            if truthy(&relative.protocol) {
                relative.hostname = None;
                relative.port = None;
                result.auth = None;
                if let Some(host) = relative.host.clone().filter(|h| !h.is_empty()) {
                    if rel_path.first().is_some_and(String::is_empty) {
                        rel_path[0] = host;
                    } else {
                        rel_path.insert(0, host);
                    }
                }
                relative.host = None;
            }
            must_end_abs = must_end_abs
                && (rel_path.first().is_some_and(String::is_empty)
                    || src_path.first().is_some_and(String::is_empty));
        }
        if is_rel_abs {
            if relative.host.is_some() {
                if result.host != relative.host {
                    result.auth = None;
                }
                result.host.clone_from(&relative.host);
                result.port.clone_from(&relative.port);
            }
            if relative.hostname.is_some() {
                if result.hostname != relative.hostname {
                    result.auth = None;
                }
                result.hostname.clone_from(&relative.hostname);
            }
            result.search.clone_from(&relative.search);
            src_path = rel_path;
        } else if !rel_path.is_empty() {
            src_path.pop();
            src_path.extend(rel_path);
            result.search.clone_from(&relative.search);
        } else if relative.search.is_some() {
            if no_leading_slashes {
                let host = (!src_path.is_empty()).then(|| src_path.remove(0));
                result.hostname.clone_from(&host);
                result.host = host;
                take_auth_in_host(&mut result);
            }
            result.search.clone_from(&relative.search);
            return result;
        }
        if src_path.is_empty() {
            result.pathname = None;
            return result;
        }
        // "If a url ENDs in . or .., then it must get a trailing slash."
        let last = src_path[src_path.len() - 1].clone();
        let has_trailing_slash =
            ((truthy(&result.host) || truthy(&relative.host) || src_path.len() > 1)
                && (last == "." || last == ".."))
                || last.is_empty();
        let mut up = 0;
        let mut i = src_path.len();
        while i > 0 {
            i -= 1;
            if src_path[i] == "." {
                src_path.remove(i);
            } else if src_path[i] == ".." {
                src_path.remove(i);
                up += 1;
            } else if up > 0 {
                src_path.remove(i);
                up -= 1;
            }
        }
        if !must_end_abs && !remove_all_dots {
            for _ in 0..up {
                src_path.insert(0, "..".to_owned());
            }
        }
        if must_end_abs
            && src_path.first().is_none_or(|s| !s.starts_with('/'))
            && src_path.first().is_none_or(|s| !s.is_empty())
        {
            src_path.insert(0, String::new());
        }
        if has_trailing_slash && !src_path.join("/").ends_with('/') {
            src_path.push(String::new());
        }
        let is_absolute = src_path
            .first()
            .is_some_and(|s| s.is_empty() || s.starts_with('/'));
        // "put the host back"
        if no_leading_slashes {
            let host = if is_absolute || src_path.is_empty() {
                String::new()
            } else {
                src_path.remove(0)
            };
            result.hostname = Some(host.clone());
            result.host = Some(host);
            take_auth_in_host(&mut result);
        }
        must_end_abs = must_end_abs || (truthy(&result.host) && !src_path.is_empty());
        if must_end_abs && !is_absolute {
            src_path.insert(0, String::new());
        }
        result.pathname = (!src_path.is_empty()).then(|| src_path.join("/"));
        if truthy(&relative.auth) {
            result.auth.clone_from(&relative.auth);
        }
        result.slashes = result.slashes || relative.slashes;
        result
    }
}

/// "Occasionally the auth can get stuck only in host" (lines 912-919 and 980-988): a host
/// with an "@" after its first character is split at its "@"s, the first part the userinfo
/// and the second the host (any further part lost).
fn take_auth_in_host(result: &mut Url) {
    let Some(host) = result.host.clone() else {
        return;
    };
    if host.find('@').is_some_and(|at| at > 0) {
        let mut parts = host.split('@');
        result.auth = parts.next().map(str::to_owned);
        let host = parts.next().map(str::to_owned);
        result.hostname.clone_from(&host);
        result.host = host;
    }
}

/// `decodeURIComponent` of a text [`decodes`] accepts.
fn decode(text: &str) -> String {
    let bytes = text.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut at = 0;
    while at < bytes.len() {
        if bytes[at] == b'%'
            && let Some(octet) = text
                .get(at + 1..at + 3)
                .and_then(|h| u8::from_str_radix(h, 16).ok())
        {
            out.push(octet);
            at += 3;
        } else {
            out.push(bytes[at]);
            at += 1;
        }
    }
    String::from_utf8_lossy(&out).into_owned()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn read(input: &str) -> Option<String> {
        let case = Request::parse(input);
        match rewrite(Rule::AuthorityWithoutSlashes, &case, &case)? {
            Request::Parse { input, .. } => Some(input),
            _ => None,
        }
    }

    #[test]
    fn an_authority_follows_a_scheme_slashed_protocol_does_not_name() {
        assert_eq!(read("a:b").as_deref(), Some("a://b"));
        assert_eq!(read("a:").as_deref(), Some("a://"));
        assert_eq!(read("HTTP:b").as_deref(), Some("HTTP://b"));
        assert_eq!(read("a:/b?c").as_deref(), Some("a:///b?c"));
        assert_eq!(read("http:b"), None);
        assert_eq!(read("JavaScript:b"), None);
        assert_eq!(read("a://b"), None);
        assert_eq!(read("a:\\\\b"), None);
        assert_eq!(read("0a:b").as_deref(), Some("0a://b"));
        assert_eq!(read("@:b"), None);
        assert_eq!(read("/a:b"), None);
    }

    #[test]
    fn a_network_path_is_a_path_unless_host_pattern_matches() {
        assert!(network_path("//a/b"));
        assert!(network_path("//@@"));
        assert!(network_path("//a@"));
        assert!(network_path("//@a"));
        assert!(!network_path("//u@h/p"));
        assert!(!network_path("//u@h"));
        assert!(network_path("//u\\@h"));
        assert!(!network_path("/a"));
        assert!(!network_path("a//b"));
        assert!(read_as_path("//?@a"));
        assert!(read_as_path("\\/"));
        assert!(!read_as_path("//?@a#"));
        assert!(!read_as_path("//u@h"));
    }

    fn parsed(path: &str, query: Option<&str>) -> Outcome {
        Outcome::Parsed {
            components: crate::model::Components {
                scheme: None,
                userinfo: None,
                host: None,
                port: None,
                path: path.to_owned(),
                query: query.map(str::to_owned),
                fragment: None,
            },
            host_kind: None,
        }
    }

    #[test]
    fn the_text_is_trimmed_and_its_backslashes_read_before_the_query() {
        assert_eq!(trim(" \u{feff}\u{a0}a:b\t\u{1}"), "a:b");
        assert_eq!(trim("\u{2003}a"), "\u{2003}a");
        assert_eq!(backslashes_as_slashes("\\a\\b?c\\d#e\\"), "/a/b?c\\d#e\\");
        assert_eq!(backslashes_as_slashes("a#\\?\\"), "a#\\?\\");
    }

    #[test]
    fn the_fast_path_is_simple_path_pattern() {
        assert!(simple_path("/a<b"));
        assert!(simple_path("//a'b?c>d"));
        assert!(simple_path("/"));
        assert!(!simple_path("///a"));
        assert!(!simple_path("/a b"));
        assert!(!simple_path("/a?b c"));
        assert!(!simple_path("/a#b"));
        assert!(!simple_path("/a@b"));
        assert!(simple_path("/a?@b"));
        assert!(!simple_path("'"));
        assert!(!simple_path("?'"));
    }

    #[test]
    fn auto_escape_encodes_its_table_after_the_host() {
        let escaped = apply(
            Rule::AutoEscape,
            &Request::parse("'<a>"),
            parsed("'<a>", Some("{|}`^\"")),
        );
        assert_eq!(escaped, parsed("%27%3Ca%3E", Some("%7B%7C%7D%60%5E%22")));
        // The fast path keeps the text as written.
        let kept = apply(
            Rule::AutoEscape,
            &Request::parse("/'<a>"),
            parsed("/'<a>", None),
        );
        assert_eq!(kept, parsed("/'<a>", None));
        // Nothing else: a "[", a "%", a letter outside US-ASCII.
        let other = apply(
            Rule::AutoEscape,
            &Request::parse("a[%é"),
            parsed("a[%é", None),
        );
        assert_eq!(other, parsed("a[%é", None));
    }

    #[test]
    fn the_host_goes_through_to_ascii() {
        assert_eq!(host_to_ascii("א").as_deref(), Some("xn--4db"));
        assert_eq!(host_to_ascii("ß").as_deref(), Some("xn--zca"));
        assert_eq!(host_to_ascii("ＡＢ").as_deref(), Some("ab"));
        assert_eq!(host_to_ascii("a!b*c").as_deref(), Some("a!b*c"));
        assert_eq!(host_to_ascii("a..b").as_deref(), Some("a..b"));
        assert_eq!(host_to_ascii("").as_deref(), Some(""));
        assert_eq!(host_to_ascii("[v]").as_deref(), Some("[v]"));
        assert_eq!(host_to_ascii(&"a".repeat(256)).as_deref(), Some(""));
        assert_eq!(host_to_ascii("0\u{5D0}").as_deref(), Some("xn--0-0hc"));
        assert_eq!(host_to_ascii("xn--"), None);
        assert_eq!(host_to_ascii("xn--a"), None);
        assert_eq!(host_to_ascii("a\u{200d}"), None);
        assert_eq!(host_to_ascii("[va."), None);
        assert_eq!(host_to_ascii("[::1%25a]"), None);
    }

    fn read_non_host(input: &str) -> Option<String> {
        let case = Request::parse(input);
        match rewrite(Rule::HostEndsAtNonHost, &case, &case)? {
            Request::Parse { input, .. } => Some(input),
            _ => None,
        }
    }

    #[test]
    fn the_host_ends_at_a_character_never_allowed_in_a_hostname() {
        assert_eq!(read_non_host("a://h;x/y").as_deref(), Some("a://h/x/y"));
        assert_eq!(read_non_host("a://%41").as_deref(), Some("a:///41"));
        assert_eq!(read_non_host("a://u;v@h'").as_deref(), Some("a://u;v@h/"));
        assert_eq!(read_non_host("a://h\tk/\t").as_deref(), Some("a://hk/\t"));
        assert_eq!(read_non_host("//u@h%"), Some("//u@h/".to_owned()));
        assert_eq!(read_non_host("a://u;v@h"), None);
        assert_eq!(read_non_host("a://h/;x"), None);
        assert_eq!(read_non_host("//h;x"), None);
        assert_eq!(read_non_host("a:h;x"), None);
        assert_eq!(read_non_host("javascript://h;x"), None);
        assert_eq!(
            non_host(&read_before_non_host(" a:h;x")).and_then(|(_, e)| e),
            Some((5, ';'))
        );
    }

    #[test]
    fn the_hostname_ends_at_its_first_colon_after_the_port() {
        let read = hostname_colon;
        assert_eq!(read("a://h:x/p"), Some(("a://h/:x/p".to_owned(), 3)));
        assert_eq!(read("a://h:1:2"), Some(("a://h:2/:1".to_owned(), 3)));
        assert_eq!(read("a://:."), Some(("a:///:.".to_owned(), 3)));
        assert_eq!(read("a://::"), Some(("a://:/:".to_owned(), 2)));
        assert_eq!(read("a://u:v@h:1"), None);
        assert_eq!(read("a://[::1]:1"), None);
        assert_eq!(read("a:h:x"), None);
        assert_eq!(read("//::?@%"), None);
    }

    #[test]
    fn the_userinfo_decodes_as_decode_uri_component() {
        assert!(decodes("a%C3%A9"));
        assert!(!decodes("%aa"));
        assert!(!decodes("%"));
        assert!(!decodes("%zz"));
        assert!(!decodes("%ED%A0%80"));
    }

    #[test]
    fn url_resolve_is_lib_url_js_own_algorithm() {
        let target = |base: &str, input: &str| match resolved(base, input) {
            Outcome::Resolved(t) => t,
            Outcome::Invalid(_) => "invalid".to_owned(),
            other => format!("{other:?}"),
        };
        // Node's documentation of url.resolve.
        assert_eq!(target("/one/two/three", "four"), "/one/two/four");
        assert_eq!(
            target("http://example.com/", "/one"),
            "http://example.com/one"
        );
        assert_eq!(
            target("http://example.com/one", "/two"),
            "http://example.com/two"
        );
        // RFC 3986 §5.4.1 where lib/url.js agrees.
        assert_eq!(target("http://a/b/c/d;p?q", "g"), "http://a/b/c/g");
        assert_eq!(target("http://a/b/c/d;p?q", "../../../g"), "http://a/g");
        assert_eq!(target("http://a/b/c/d;p?q", "?y"), "http://a/b/c/d;p?y");
        // "Hrefs like //foo/bar always cut to the protocol", the empty userinfo not written.
        assert_eq!(target("a:", "//:@"), "a://");
        assert_eq!(target("a://[::]", "//@"), "a://");
        assert_eq!(target("a://[::0.0.0.0]", "//$@0"), "a://%24@0");
        // Another `slashedProtocol` scheme "MUST have a host": its first segment.
        assert_eq!(target("a:", "ws:a"), "ws://a/");
        assert_eq!(target("a:", "ws:///0"), "ws://0/");
        // A scheme `slashedProtocol` does not name: the host is the path's first segment.
        assert_eq!(target("a://0", "/"), "a:///");
        assert_eq!(target("a:b/c", "../../d"), "a:d");
        assert_eq!(target("a:", "./"), "a:/");
        assert_eq!(target("a://", "a"), "a://a");
        assert_eq!(
            target("mailto:local1@domain1", "local2@domain2"),
            "mailto:local2@domain2"
        );
        assert_eq!(target("a:u@h@i", "?x"), "a:u%40h@i?x");
        // ".." above the root kept where no path is absolute; "." and ".." end with "/".
        assert_eq!(target("b/c", "../../../d"), "../../d");
        assert_eq!(target("a:", ".///."), "a:/");
        assert_eq!(target("https:", "../%2E%2E/g/@/a"), "https:../%2E%2E/g/@/a");
        // The parse's readings: the host lowercased, "file:" written with "//".
        assert_eq!(target("a:A", ""), "a:a");
        assert_eq!(target("file:", ""), "file://");
        assert_eq!(target("a::/.", "#"), "a:/#");
        assert_eq!(target("a:", "a::"), "a:");
        // A host toASCII refuses, a userinfo decodeURIComponent refuses: url.parse throws.
        assert_eq!(target("a://[::]", "//xn--"), "invalid");
        assert_eq!(target("a://%aa@h", ""), "invalid");
    }
}
