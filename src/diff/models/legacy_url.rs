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
    if host.is_empty() {
        return Some(String::new());
    }
    let ip_literal = host.starts_with('[') && host.ends_with(']');
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
        Rule::UserinfoDecoded => None,
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
        Rule::HostnameEndsAtColon => {}
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
}
