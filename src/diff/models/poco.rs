//! Poco::URI 1.11.0's own rules (Foundation/src/URI.cpp, Foundation/include/Poco/NumericString.h),
//! written from its source, for its adapter's catalogue (`adapters/cpp/poco-uri/known-differences.yaml`).
//!
//! `URI::parse` reads a scheme where the text does not start with "/", ".", "?" or "#" and a
//! ":" comes before any "/", "?" or "#"; an authority only after that ":" and "//".
//! `parseAuthority` takes the authority up to "/", "?" or "#", the host and port after its last
//! "@", and `parseHostAndPort` the port after the host's ":" (after an IP literal's "]").

use crate::model::Outcome;
use crate::protocol::Request;
use crate::reference;

/// One rule of the library.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Rule {
    /// `parseHostAndPort`: a port that is not empty is read by `NumberParser::tryParse` (C's
    /// `isspace` white space skipped first, a "+" taken, "," skipped as the thousands separator,
    /// any other character refused) and refused unless `nport > 0 && nport < 65536`: "08" is 8,
    /// " +1,0" is 10, "0", "00" and "65536" are refused ("bad or invalid port number").
    PortNumberParser,
    /// `URI::parse`: `if (it == end) throw URISyntaxException("URI scheme must be followed by
    /// authority or path", uri)`: a scheme's ":" that ends the text is refused ("a:").
    SchemeAloneRefused,
    /// `parseAuthority`: each "@" stores the part read so far as the userinfo and starts the
    /// part again (`userInfo = part; part.clear();`), so the userinfo is what stands between
    /// the authority's last two "@" and what comes before is dropped ("a://x@y@z" has the
    /// userinfo "y" and the host "z").
    UserinfoRestartsAtEachAt,
    /// `URI::parse`: a reference that starts with ":" reads the empty scheme before it
    /// (`setScheme("")`), which is no scheme (`isRelative()` is `_scheme.empty()`), and then
    /// what follows as after a scheme: an authority after "//", else a path ("://h" has the
    /// host "h", ":a" the path "a").
    EmptySchemeAsNone,
    /// `parseHostAndPort`: an IP literal runs from "[" to the first "]", what follows that
    /// "]" is skipped unless it starts with ":" (the port), and the host is stored without
    /// its brackets, which `getAuthority` writes back only around a host holding ":"
    /// ("a://[::1]x" has the host "[::1]", "a://[v1.x]" the registered name "v1.x", "a://[]"
    /// no host).
    IpLiteralBracketsRead,
    /// `getAuthority` writes the port only `if (_port && !isWellKnownPort())`: a port equal to
    /// the scheme's well-known one (`getWellKnownPort`: ftp 21, ssh 22, telnet 23, http and ws
    /// 80, nntp 119, ldap 389, https and wss 443, rtsp 554, sip 5060, sips 5061, xmpp 5222) is
    /// not written.
    WellKnownPortOmitted,
    /// `toString` writes the path and the fragment, which `URI::parse` stored decoded, with
    /// `URI::encode`: every octet but the unreserved characters and "&", "+", ":", ";", "=",
    /// "@", "/" (and "?" in the fragment) percent-encoded (`ILLEGAL` is
    /// `%<>{}|\\\"^`!*'()$,[]`, the path's `RESERVED_PATH` "?#"), so "%41" is written "A",
    /// "%2F" "/", "," "%2C".
    PathAndFragmentReencoded,
    /// `toString`: `else if (!_query.empty() || !_fragment.empty()) uri += '/';`: a URI with a
    /// scheme whose path is empty is written with the path "/" before a query or a fragment
    /// ("a:?q" is "a:/?q").
    EmptyPathSlashBeforeQueryOrFragment,
    /// `toString`: `if (!auth.empty() || _scheme == "file") uri.append("//");`: a file URI is
    /// written with "//" whether it has an authority or not ("file:/a" is "file:///a",
    /// "file:a" is "file://a").
    FileSlashesAlwaysWritten,
    /// `toString`: `if (isRelative()) encode(_path, RESERVED_PATH, uri);`: a reference without
    /// a scheme is written without its authority ("//h/p" read after the empty scheme of
    /// "://h/p" is "/p").
    RelativeAuthorityNotWritten,
    /// `URI::normalize` is `removeDotSegments(!isRelative())` and nothing else: the scheme
    /// and the host are lowercased (as the parse always does), the path's dot-segments
    /// removed, and the userinfo, port, query and fragment written as they were read (no
    /// case or percent-encoding normalization).
    NormalizeDotSegmentsOnly,
    /// `removeDotSegments`, on the decoded path: its segments are the path's non-empty
    /// pieces between "/" (`getPathSegments`), "." dropped, ".." popping the last (kept as
    /// ".." above the root of a relative reference's path, dropped for a URI), and `buildPath`
    /// writes "/" before the first only where the path started with one and after the last
    /// only where it ended with one (and "./" before a first segment with ":" in a relative
    /// reference): empty segments are lost, and "/a/.." is "/a"'s parent "" without its "/".
    /// Normalization, and a resolution whose reference has a scheme, a host or an absolute path.
    RemoveDotSegments,
    /// `URI::parse`: `if (*it != '/' && *it != '.' && *it != '?' && *it != '#') { ... } else
    /// parsePathEtc(it, end);`: a text that starts with "." is read as a path, query and
    /// fragment alone, with no scheme, so a ":" in its first segment is the path's (".:" is the
    /// path ".:", ".a:b" the path ".a:b"), where the reference reads no relative reference
    /// (`path-noscheme`) and no scheme (it starts with an ALPHA).
    DotStartIsPath,
    /// `mergePath`, on the decoded paths: the base's segments (`getPathSegments`, empty ones
    /// dropped) without its last unless it ends with "/", then the reference's; "." and ".."
    /// (popping, never above the root) make the path end with "/", another segment not; a "/"
    /// before the first segment only where the base's path starts with one.
    MergePath,
}

/// Where Poco reads `text`'s port, and the port's text: after "scheme://", the authority up to
/// "/", "?" or "#", its part after the last "@", and in it what follows the ":" after the host
/// (an IP literal's "]" first, when the part starts with "[").
fn port_span(text: &str) -> Option<std::ops::Range<usize>> {
    let authority = authority_span(text)?;
    let part_start = text[authority.clone()]
        .rfind('@')
        .map_or(authority.start, |at| authority.start + at + 1);
    let part = &text[part_start..authority.end];
    let colon = if part.starts_with('[') {
        let close = part.find(']')?;
        (part[close + 1..].starts_with(':')).then_some(close + 1)?
    } else {
        part.find(':')?
    };
    Some(part_start + colon + 1..authority.end)
}

/// The authority `URI::parse` reads in `text`, if any: after a scheme's ":" and "//", up to
/// "/", "?" or "#".
fn authority_span(text: &str) -> Option<std::ops::Range<usize>> {
    let colon = scheme_colon(text)?;
    let rest = &text[colon + 1..];
    if !rest.starts_with("//") {
        return None;
    }
    let start = colon + 3;
    let end = text[start..]
        .find(['/', '?', '#'])
        .map_or(text.len(), |at| start + at);
    Some(start..end)
}

/// The ":" that ends the scheme `URI::parse` reads, if any: the text does not start with "/",
/// ".", "?" or "#", and a ":" comes before any "/", "?" or "#".
fn scheme_colon(text: &str) -> Option<usize> {
    if text.is_empty() || text.starts_with(['/', '.', '?', '#']) {
        return None;
    }
    let end = text.find([':', '?', '#', '/'])?;
    text[end..].starts_with(':').then_some(end)
}

/// `NumberParser::tryParse(port, nport) && nport > 0 && nport < 65536`, as strToInt reads a
/// `std::string`'s `c_str()` in base 10 with "," as the thousands separator: the port, or
/// `None` where Poco refuses it.
fn port_number(port: &str) -> Option<u32> {
    // c_str() ends at the first NUL.
    let port = port.split('\0').next().unwrap_or("");
    // std::isspace in the C locale: space, \t, \n, \v, \f, \r.
    let port = port.trim_start_matches([' ', '\t', '\n', '\u{b}', '\u{c}', '\r']);
    if port.is_empty() || port.starts_with('-') {
        // Nothing to read, or a negative number (never above 0).
        return None;
    }
    let digits = port.strip_prefix('+').unwrap_or(port);
    let mut value: u64 = 0;
    for b in digits.bytes() {
        match b {
            b'0'..=b'9' => {
                value = value * 10 + u64::from(b - b'0');
                if value > i32::MAX as u64 {
                    return None;
                }
            }
            b',' => {}
            _ => return None,
        }
    }
    (value > 0 && value < 65536).then_some(value as u32)
}

/// `text` with the port Poco reads written as its number, or `None` where Poco reads it as
/// written (no port, an empty one, or one that is already the number's digits).
fn with_port_read(text: &str) -> Option<String> {
    let span = port_span(text)?;
    let port = &text[span.clone()];
    if port.is_empty() {
        return None;
    }
    // The number written with as many digits as the port has characters, so that every
    // other component stays where it was written (the departures composed with this rule
    // read their text one character for one); `apply` writes the number itself.
    let number = format!(
        "{:0>width$}",
        port_number(port)?,
        width = port.chars().count()
    );
    if number == port {
        return None;
    }
    let mut out = text.to_owned();
    out.replace_range(span, &number);
    Some(out)
}

/// Whether Poco refuses the port of `text`.
fn port_refused(text: &str) -> bool {
    port_span(text)
        .is_some_and(|span| !text[span.clone()].is_empty() && port_number(&text[span]).is_none())
}

/// Whether `URI::parse` refuses `text` for a scheme that nothing follows.
fn scheme_alone(text: &str) -> bool {
    scheme_colon(text).is_some_and(|colon| colon + 1 == text.len())
}

/// The texts of the case that Poco parses (a resolution parses the base and the reference).
fn texts(case: &Request) -> Vec<&str> {
    match case {
        Request::Parse { input, .. } | Request::Normalize { input, .. } => vec![input.as_str()],
        Request::Resolve { base, input, .. } => vec![base.as_str(), input.as_str()],
    }
}

/// `case` with each text Poco parses (the base and the reference of a resolution) read by
/// `read`, when it reads one of them otherwise.
fn rewrite_texts(case: &Request, read: impl Fn(&str) -> Option<String>) -> Option<Request> {
    match case {
        Request::Parse {
            input,
            rule,
            zone_id,
        } => Some(Request::Parse {
            input: read(input)?,
            rule: rule.clone(),
            zone_id: *zone_id,
        }),
        Request::Normalize { input, level } => Some(Request::Normalize {
            input: read(input)?,
            level: *level,
        }),
        Request::Resolve {
            base,
            input,
            strict,
        } => {
            let (new_base, new_input) = (read(base), read(input));
            if new_base.is_none() && new_input.is_none() {
                return None;
            }
            Some(Request::Resolve {
                base: new_base.unwrap_or_else(|| base.clone()),
                input: new_input.unwrap_or_else(|| input.clone()),
                strict: *strict,
            })
        }
    }
}

/// Where `parseAuthority` reads `text`'s userinfo when the authority holds two "@" or more:
/// the authority's span, and the spans of the userinfo it keeps (between the last two "@")
/// and of what it drops (the authority's start up to the second-to-last "@", that one
/// included).
fn restarted_userinfo(
    text: &str,
) -> Option<(
    std::ops::Range<usize>,
    std::ops::Range<usize>,
    std::ops::Range<usize>,
)> {
    let authority = authority_span(text)?;
    let ats: Vec<usize> = text[authority.clone()]
        .match_indices('@')
        .map(|(at, _)| authority.start + at)
        .collect();
    let (&second_last, &last) = (ats.get(ats.len().checked_sub(2)?)?, ats.last()?);
    Some((
        authority.clone(),
        second_last + 1..last,
        authority.start..second_last + 1,
    ))
}

/// `text` as `parseAuthority` reads its userinfo: what comes before the authority's
/// second-to-last "@" dropped, or `None` where it holds fewer than two. With `keep_length`
/// (a parse, whose answer `apply` gives the userinfo back), every character before the last
/// "@" is stood in for by "a" instead, so that the other components stay where they were
/// written.
fn with_userinfo_restarted(text: &str, keep_length: bool) -> Option<String> {
    let (authority, _, dropped) = restarted_userinfo(text)?;
    let last = text[authority].rfind('@')? + dropped.start;
    Some(if keep_length {
        let stood_in = "a".repeat(text[dropped.start..last].chars().count());
        format!("{}{stood_in}{}", &text[..dropped.start], &text[last..])
    } else {
        format!("{}{}", &text[..dropped.start], &text[dropped.end..])
    })
}

/// `text` without the ":" of its empty scheme, where what follows reads the same without it:
/// `None` where `text` does not start with ":" or where nothing follows (refused:
/// `Rule::SchemeAloneRefused`). Where what follows is not "//" and its first segment holds a
/// ":" (":a:b", "::"), Poco reads it as the path (`parsePathEtc`, no scheme looked for after
/// the empty one), which no reference without a scheme can hold: in a parse, those ":" are
/// stood in for by "a" (`apply` gives the path back as written, `empty_scheme_path`); in a
/// resolution or a normalization, which would write the stood-in path, `None`.
fn without_empty_scheme(text: &str, parse: bool) -> Option<String> {
    let rest = text.strip_prefix(':')?;
    if rest.is_empty() {
        return None;
    }
    match empty_scheme_first_segment(text) {
        Some(end) if parse => Some(format!("{}{}", rest[..end].replace(':', "a"), &rest[end..])),
        Some(_) => None,
        None => Some(rest.to_owned()),
    }
}

/// Where `text` starts with ":" and what follows is not "//" and has a ":" in its first
/// segment (up to "/", "?" or "#"): the end of that segment in what follows the ":".
fn empty_scheme_first_segment(text: &str) -> Option<usize> {
    let rest = text.strip_prefix(':')?;
    if rest.starts_with("//") {
        return None;
    }
    let end = rest.find(['/', '?', '#']).unwrap_or(rest.len());
    rest[..end].contains(':').then_some(end)
}

/// The path `URI::parse` reads in `text` after its empty scheme where the first segment holds
/// a ":": everything after the ":" up to "?" or "#".
fn empty_scheme_path(text: &str) -> Option<&str> {
    empty_scheme_first_segment(text)?;
    let rest = &text[1..];
    Some(&rest[..rest.find(['?', '#']).unwrap_or(rest.len())])
}

/// Where `parseHostAndPort` reads an IP literal in `text`: the span of the literal with its
/// brackets, the text between them, and the span of what it skips after the "]" (empty
/// where a ":" or nothing follows).
fn ip_literal(text: &str) -> Option<(std::ops::Range<usize>, &str, std::ops::Range<usize>)> {
    let authority = authority_span(text)?;
    let part_start = text[authority.clone()]
        .rfind('@')
        .map_or(authority.start, |at| authority.start + at + 1);
    if !text[part_start..authority.end].starts_with('[') {
        return None;
    }
    let close = part_start + text[part_start..authority.end].find(']')?;
    let skipped = if text[close + 1..authority.end].starts_with(':') {
        close + 1..close + 1
    } else {
        close + 1..authority.end
    };
    Some((part_start..close + 1, &text[part_start + 1..close], skipped))
}

/// `text` with its IP literal as `parseHostAndPort` reads it: what follows its "]" dropped
/// unless it starts with ":", and its brackets dropped where it holds no ":". With
/// `keep_length` (a parse, whose answer `apply` gives the host back and rids of the port),
/// a literal without ":" is stood in for by "a"s and what is skipped by ":" and "0"s
/// instead, so that the other components stay where they were written.
fn with_brackets_read(text: &str, keep_length: bool) -> Option<String> {
    let (literal, inner, skipped) = ip_literal(text)?;
    let bracketed = inner.contains(':');
    if bracketed && skipped.is_empty() {
        return None;
    }
    let host = match (bracketed, keep_length) {
        (true, _) => text[literal.clone()].to_owned(),
        (false, true) => "a".repeat(text[literal.clone()].chars().count()),
        (false, false) => inner.to_owned(),
    };
    let rest = match (skipped.is_empty(), keep_length) {
        (true, _) => String::new(),
        (false, true) => format!(":{}", "0".repeat(text[skipped.clone()].chars().count() - 1)),
        (false, false) => String::new(),
    };
    Some(format!(
        "{}{host}{rest}{}",
        &text[..literal.start],
        &text[skipped.end..]
    ))
}

/// Where `URI::parse` reads `text` as a path because it starts with ".", and a ":" stands in
/// its first segment (up to "/", "?" or "#"): the end of that segment.
fn dot_start_first_segment(text: &str) -> Option<usize> {
    if !text.starts_with('.') {
        return None;
    }
    let end = text.find(['/', '?', '#']).unwrap_or(text.len());
    text[..end].contains(':').then_some(end)
}

/// `text` with the ":" of its first segment stood in for by "a", where `URI::parse` reads it
/// as a path because it starts with "." (`apply` gives the path back as written).
fn with_dot_start_read(text: &str) -> Option<String> {
    let end = dot_start_first_segment(text)?;
    Some(format!("{}{}", text[..end].replace(':', "a"), &text[end..]))
}

/// The path `URI::parse` reads in `text` where it starts with "." and its first segment holds
/// a ":": everything up to "?" or "#".
fn dot_start_path(text: &str) -> Option<&str> {
    dot_start_first_segment(text)?;
    Some(&text[..text.find(['?', '#']).unwrap_or(text.len())])
}

/// The case as the rule reads it, when it reads it otherwise.
pub(super) fn rewrite(rule: Rule, case: &Request) -> Option<Request> {
    match rule {
        Rule::PortNumberParser => rewrite_texts(case, with_port_read),
        Rule::UserinfoRestartsAtEachAt => {
            let parse = matches!(case, Request::Parse { .. });
            rewrite_texts(case, |t| with_userinfo_restarted(t, parse))
        }
        Rule::EmptySchemeAsNone => {
            let parse = matches!(case, Request::Parse { .. });
            rewrite_texts(case, |t| without_empty_scheme(t, parse))
        }
        // Only a parse: a resolution or a normalization would write the stood-in path.
        Rule::DotStartIsPath => match case {
            Request::Parse { .. } => rewrite_texts(case, with_dot_start_read),
            _ => None,
        },
        Rule::IpLiteralBracketsRead => {
            let parse = matches!(case, Request::Parse { .. });
            rewrite_texts(case, |t| with_brackets_read(t, parse))
        }
        _ => None,
    }
}

/// `getWellKnownPort`: the port Poco takes for a scheme it knows, lowercased.
fn well_known_port(scheme: &str) -> Option<u32> {
    Some(match scheme.to_ascii_lowercase().as_str() {
        "ftp" => 21,
        "ssh" => 22,
        "telnet" => 23,
        "http" | "ws" => 80,
        "nntp" => 119,
        "ldap" => 389,
        "https" | "wss" => 443,
        "rtsp" => 554,
        "sip" => 5060,
        "sips" => 5061,
        "xmpp" => 5222,
        _ => return None,
    })
}

/// Whether `URI::encode` writes the octet `b` as it is: the unreserved characters, and the
/// others that are neither `ILLEGAL` (`%<>{}|\"^`!*'()$,[]`), nor in `reserved`, nor a
/// control, a space or outside ASCII.
fn written_as_is(b: u8, reserved: &[u8]) -> bool {
    const ILLEGAL: &[u8] = b"%<>{}|\\\"^`!*'()$,[]";
    b.is_ascii_alphanumeric()
        || matches!(b, b'-' | b'_' | b'.' | b'~')
        || (b > 0x20 && b < 0x7f && !ILLEGAL.contains(&b) && !reserved.contains(&b))
}

/// `text` percent-decoded (`URI::decode`, which the parse did) and written by `URI::encode`
/// with `reserved`.
fn reencoded(text: &str, reserved: &[u8]) -> String {
    encoded(&decoded(text), reserved)
}

/// The components of a written URI, owned, to be edited and written again.
struct Written {
    scheme: Option<String>,
    userinfo: Option<String>,
    host: Option<String>,
    port: Option<String>,
    path: String,
    query: Option<String>,
    fragment: Option<String>,
}

impl Written {
    fn of(text: &str) -> Option<Written> {
        let c = reference::parse(text).ok()?;
        let owned = |s: Option<&str>| s.map(str::to_owned);
        Some(Written {
            scheme: owned(c.scheme),
            userinfo: owned(c.userinfo),
            host: owned(c.host),
            port: owned(c.port),
            path: c.path.to_owned(),
            query: owned(c.query),
            fragment: owned(c.fragment),
        })
    }

    /// §5.3's recomposition of the components, as `toString` concatenates them.
    fn text(&self) -> String {
        reference::recompose(&reference::Components {
            scheme: self.scheme.as_deref(),
            userinfo: self.userinfo.as_deref(),
            host: self.host.as_deref(),
            port: self.port.as_deref(),
            path: &self.path,
            query: self.query.as_deref(),
            fragment: self.fragment.as_deref(),
            host_kind: None,
        })
    }
}

/// A written answer (a resolution's target, a normalization) with its components edited
/// by `edit` and written again.
fn edit_written(answer: Outcome, edit: impl FnOnce(&mut Written)) -> Outcome {
    let (text, resolved) = match &answer {
        Outcome::Resolved(text) => (text, true),
        Outcome::Normalized(text) => (text, false),
        _ => return answer,
    };
    let Some(mut written) = Written::of(text) else {
        return answer;
    };
    edit(&mut written);
    let text = written.text();
    if resolved {
        Outcome::Resolved(text)
    } else {
        Outcome::Normalized(text)
    }
}

/// The library's answer from the answer so far; `original` is the case as given, which Poco
/// reads (a departure before the rule may have rewritten it).
pub(super) fn apply(rule: Rule, original: &Request, case: &Request, answer: Outcome) -> Outcome {
    let texts = texts(original);
    if matches!(
        rule,
        Rule::NormalizeDotSegmentsOnly | Rule::RemoveDotSegments | Rule::MergePath
    ) {
        return path_rule_applied(rule, original, case, answer);
    }
    match rule {
        Rule::PortNumberParser if texts.iter().any(|t| port_refused(t)) => {
            Outcome::invalid("bad or invalid port number".into())
        }
        // The port is a number: written without its leading zeros.
        Rule::PortNumberParser => match answer {
            Outcome::Parsed {
                mut components,
                host_kind,
            } => {
                components.port = components.port.map(|p| as_number(&p));
                Outcome::Parsed {
                    components,
                    host_kind,
                }
            }
            answer => edit_written(answer, |w| w.port = w.port.as_deref().map(as_number)),
        },
        Rule::SchemeAloneRefused if texts.iter().any(|t| scheme_alone(t)) => {
            Outcome::invalid("URI scheme must be followed by authority or path".into())
        }
        // A parse's userinfo and host, which the rewrite stood in for, given back.
        Rule::UserinfoRestartsAtEachAt => match (answer, texts.first()) {
            (
                Outcome::Parsed {
                    mut components,
                    host_kind,
                },
                Some(text),
            ) if matches!(original, Request::Parse { .. }) => {
                if let Some((_, kept, _)) = restarted_userinfo(text) {
                    components.userinfo = Some(text[kept].to_owned());
                }
                Outcome::Parsed {
                    components,
                    host_kind,
                }
            }
            (answer, _) => answer,
        },
        Rule::IpLiteralBracketsRead => match (answer, texts.first()) {
            (
                Outcome::Parsed {
                    mut components,
                    host_kind,
                },
                Some(text),
            ) if matches!(original, Request::Parse { .. }) => match ip_literal(text) {
                Some((_, inner, skipped)) => {
                    if !inner.contains(':') {
                        components.host = Some(inner.to_owned());
                    }
                    if !skipped.is_empty() {
                        components.port = None;
                    }
                    Outcome::Parsed {
                        components,
                        host_kind,
                    }
                }
                None => Outcome::Parsed {
                    components,
                    host_kind,
                },
            },
            (answer, _) => answer,
        },
        // A parse's path after the empty scheme, whose ":" the rewrite stood in for, given
        // back as written.
        Rule::EmptySchemeAsNone => match (answer, texts.first()) {
            (
                Outcome::Parsed {
                    mut components,
                    host_kind,
                },
                Some(text),
            ) if matches!(original, Request::Parse { .. }) => {
                if let Some(path) = empty_scheme_path(text) {
                    components.path = path.to_owned();
                }
                Outcome::Parsed {
                    components,
                    host_kind,
                }
            }
            (answer, _) => answer,
        },
        // A parse's path, whose ":" the rewrite stood in for, given back as written.
        Rule::DotStartIsPath => match (answer, texts.first()) {
            (
                Outcome::Parsed {
                    mut components,
                    host_kind,
                },
                Some(text),
            ) if matches!(original, Request::Parse { .. }) => {
                if let Some(path) = dot_start_path(text) {
                    components.path = path.to_owned();
                }
                Outcome::Parsed {
                    components,
                    host_kind,
                }
            }
            (answer, _) => answer,
        },
        Rule::WellKnownPortOmitted => edit_written(answer, |w| {
            let known = w.scheme.as_deref().and_then(well_known_port);
            if known.is_some() && w.port.as_deref().and_then(|p| p.parse().ok()) == known {
                w.port = None;
            }
        }),
        Rule::PathAndFragmentReencoded => edit_written(answer, |w| {
            w.path = reencoded(&w.path, b"?#");
            w.fragment = w.fragment.as_deref().map(|f| reencoded(f, b""));
        }),
        Rule::EmptyPathSlashBeforeQueryOrFragment => edit_written(answer, |w| {
            let nonempty = |s: &Option<String>| s.as_deref().is_some_and(|s| !s.is_empty());
            if w.scheme.is_some()
                && w.path.is_empty()
                && (nonempty(&w.query) || nonempty(&w.fragment))
            {
                w.path = "/".to_owned();
            }
        }),
        // `if (!auth.empty() || _scheme == "file") uri.append("//")`: "//" for a file URI
        // whatever its authority, and none for an empty authority otherwise.
        Rule::FileSlashesAlwaysWritten => edit_written(answer, |w| {
            let file = w
                .scheme
                .as_deref()
                .is_some_and(|s| s.eq_ignore_ascii_case("file"));
            let nonempty = |s: &Option<String>| s.as_deref().is_some_and(|s| !s.is_empty());
            let empty_authority =
                !nonempty(&w.userinfo) && !nonempty(&w.host) && !nonempty(&w.port);
            if file && w.host.is_none() {
                w.host = Some(String::new());
            } else if !file && w.scheme.is_some() && w.host.is_some() && empty_authority {
                w.userinfo = None;
                w.host = None;
                w.port = None;
            }
        }),
        Rule::RelativeAuthorityNotWritten => edit_written(answer, |w| {
            if w.scheme.is_none() {
                w.userinfo = None;
                w.host = None;
                w.port = None;
            }
        }),
        _ => answer,
    }
}

/// `URI::decode` of `text`: its octets, a pct-encoded triplet as the octet it stands for.
fn decoded(text: &str) -> Vec<u8> {
    crate::whatwg::encode_sets::percent_decode(text.as_bytes())
}

/// `URI::encode` of the octets `bytes` with `reserved`.
fn encoded(bytes: &[u8], reserved: &[u8]) -> String {
    let mut out = String::with_capacity(bytes.len());
    for &b in bytes {
        if written_as_is(b, reserved) {
            out.push(b as char);
        } else {
            out.push_str(&format!("%{b:02X}"));
        }
    }
    out
}

/// `getPathSegments` on the decoded path, read on the path as written: its non-empty pieces
/// between "/" or "%2F" (which decodes to "/"), each as written.
fn path_segments(path: &str) -> Vec<&str> {
    let mut segments = Vec::new();
    let (bytes, mut start, mut i) = (path.as_bytes(), 0, 0);
    while i < bytes.len() {
        let slash = if bytes[i] == b'/' {
            1
        } else if bytes[i] == b'%'
            && bytes.get(i + 1) == Some(&b'2')
            && matches!(bytes.get(i + 2), Some(b'F' | b'f'))
        {
            3
        } else {
            0
        };
        if slash > 0 {
            if i > start {
                segments.push(&path[start..i]);
            }
            i += slash;
            start = i;
        } else {
            i += 1;
        }
    }
    if start < path.len() {
        segments.push(&path[start..]);
    }
    segments
}

/// Whether the decoded `path` starts (or ends) with "/".
fn starts_with_slash(path: &str) -> bool {
    decoded(path).first() == Some(&b'/')
}

fn ends_with_slash(path: &str) -> bool {
    decoded(path).last() == Some(&b'/')
}

/// Whether a segment, decoded, is `dots` ("." or "..").
fn is(segment: &str, dots: &[u8]) -> bool {
    decoded(segment) == dots
}

/// `buildPath`: the segments joined by "/", a "/" before them where `leading`, "./" instead
/// where the URI has no scheme and the first holds ":", a "/" after them where `trailing`.
fn build_path(segments: &[&str], leading: bool, trailing: bool, relative: bool) -> String {
    let mut path = String::new();
    for (i, segment) in segments.iter().enumerate() {
        if i == 0 {
            if leading {
                path.push('/');
            } else if relative && decoded(segment).contains(&b':') {
                path.push_str("./");
            }
        } else {
            path.push('/');
        }
        path.push_str(segment);
    }
    if trailing {
        path.push('/');
    }
    path
}

/// `removeDotSegments(removeLeading)` on the path as written.
fn remove_dot_segments(path: &str, remove_leading: bool, relative: bool) -> String {
    if path.is_empty() {
        return String::new();
    }
    let (leading, trailing) = (starts_with_slash(path), ends_with_slash(path));
    let mut kept: Vec<&str> = Vec::new();
    for segment in path_segments(path) {
        if is(segment, b"..") {
            if let Some(&last) = kept.last() {
                if is(last, b"..") {
                    kept.push(segment);
                } else {
                    kept.pop();
                }
            } else if !remove_leading {
                kept.push(segment);
            }
        } else if !is(segment, b".") {
            kept.push(segment);
        }
    }
    build_path(&kept, leading, trailing, relative)
}

/// `mergePath(path)` on the paths of the base and the reference as written.
fn merge_path(base: &str, reference: &str) -> String {
    let mut segments: Vec<&str> = Vec::new();
    let mut leading = false;
    if !base.is_empty() {
        segments = path_segments(base);
        if !ends_with_slash(base) {
            segments.pop();
        }
        leading = starts_with_slash(base);
    }
    segments.extend(path_segments(reference));
    leading = leading || starts_with_slash(reference);
    let has_trailing = ends_with_slash(reference);
    let mut add_trailing = false;
    let mut kept: Vec<&str> = Vec::new();
    for segment in segments {
        if is(segment, b"..") {
            add_trailing = true;
            kept.pop();
        } else if !is(segment, b".") {
            add_trailing = false;
            kept.push(segment);
        } else {
            add_trailing = true;
        }
    }
    build_path(&kept, leading, has_trailing || add_trailing, false)
}

/// The text of `original` written where `part` (a slice of `asked`) stands in `asked`, where
/// the rewrites before left every character in its place (the departures' stand-ins, one for
/// one): what Poco read there. `part` itself otherwise.
fn as_written<'a>(original: &'a str, asked: &'a str, part: &'a str) -> &'a str {
    if part.is_empty() || original.chars().count() != asked.chars().count() {
        return part;
    }
    // `part` lies in `asked` (a parse borrows its components from its text).
    let Some(start) = (part.as_ptr() as usize)
        .checked_sub(asked.as_ptr() as usize)
        .filter(|&start| start + part.len() <= asked.len() && asked.is_char_boundary(start))
    else {
        return part;
    };
    let (from, count) = (asked[..start].chars().count(), part.chars().count());
    let byte = |n: usize| {
        original
            .char_indices()
            .nth(n)
            .map_or(original.len(), |(i, _)| i)
    };
    &original[byte(from)..byte(from + count)]
}

/// Which branch of `URI::resolve` a reference takes.
enum Branch {
    /// A scheme, a host, or an absolute path: `removeDotSegments()` on the reference's path.
    DotSegments,
    /// A relative path: `mergePath`.
    Merge,
    /// An empty path: the base's path as it is.
    BasePath,
}

/// The branch of `URI::resolve` the reference `input` takes, read as the reference reads it.
fn branch(input: &str) -> Option<Branch> {
    // URI::parse reads a text that starts with "/" as a path (`parsePathEtc`), a network-path
    // reference's "//" too: an absolute path (poco-network-path-as-path).
    if input.starts_with("//") {
        return Some(Branch::DotSegments);
    }
    let r = reference::parse(input).ok()?;
    Some(
        if r.scheme.is_some() || r.host.is_some_and(|h| !h.is_empty()) || r.path.starts_with('/') {
            Branch::DotSegments
        } else if r.path.is_empty() {
            Branch::BasePath
        } else {
            Branch::Merge
        },
    )
}

/// The components of `text` as Poco reads them: each one the text of `given` at its place
/// (`as_written`), the scheme and the host lowercased, an empty port none (`_port` is a number,
/// 0 for an empty port, and `getAuthority` writes it only `if (_port && !isWellKnownPort())`:
/// what RFC 3986 §3.2.3 asks, "should omit the port component and its ':' delimiter if port
/// is empty").
fn read_as_written(given: &str, text: &str) -> Option<Written> {
    let c = reference::parse(text).ok()?;
    let read = |s: Option<&str>| s.map(|s| as_written(given, text, s).to_owned());
    Some(Written {
        scheme: read(c.scheme).map(|s| s.to_ascii_lowercase()),
        userinfo: read(c.userinfo),
        host: read(c.host).map(|s| s.to_ascii_lowercase()),
        port: read(c.port).filter(|p| !p.is_empty()),
        path: as_written(given, text, c.path).to_owned(),
        query: read(c.query),
        fragment: read(c.fragment),
    })
}

/// The components of the reference `text` as `URI::resolve(const std::string&)` reads them
/// (`URI parsedURI(relativeURI)`): [`read_as_written`], but for a text that starts with "//",
/// which `URI::parse` hands to `parsePathEtc` (`if (*it != '/' && ...) { ... } else
/// parsePathEtc(it, end);`): a path up to "?" or "#", then the query and the fragment, no
/// authority (poco-network-path-as-path).
fn read_reference(given: &str, text: &str) -> Option<Written> {
    if !text.starts_with("//") {
        return read_as_written(given, text);
    }
    let path_end = text.find(['?', '#']).unwrap_or(text.len());
    let fragment_at = text.find('#');
    let query = text[path_end..]
        .strip_prefix('?')
        .map(|rest| &rest[..rest.find('#').unwrap_or(rest.len())]);
    let fragment = fragment_at.map(|at| &text[at + 1..]);
    let read = |s: Option<&str>| s.map(|s| as_written(given, text, s).to_owned());
    Some(Written {
        scheme: None,
        userinfo: None,
        host: None,
        port: None,
        path: as_written(given, text, &text[..path_end]).to_owned(),
        query: read(query),
        fragment: read(fragment),
    })
}

/// `answer` replaced by `written`'s text, where it is a resolution's or a normalization's.
fn written_answer(answer: Outcome, written: &Written) -> Outcome {
    match answer {
        Outcome::Resolved(_) => Outcome::Resolved(written.text()),
        Outcome::Normalized(_) => Outcome::Normalized(written.text()),
        answer => answer,
    }
}

/// The answer of the rules that read the path as `URI::normalize` and `URI::resolve` do,
/// written from the components Poco reads in the case (`case` as the rules before left it,
/// `original` as given) rather than from the reference's answer.
fn path_rule_applied(rule: Rule, original: &Request, case: &Request, answer: Outcome) -> Outcome {
    match (rule, case, original) {
        (
            Rule::NormalizeDotSegmentsOnly,
            Request::Normalize { input, .. },
            Request::Normalize { input: given, .. },
        ) => {
            // The reference's path (its dot-segments removed), the rest as read.
            let (Some(mut w), Outcome::Normalized(text)) = (read_as_written(given, input), &answer)
            else {
                return answer;
            };
            let Ok(normalized) = reference::parse(text) else {
                return answer;
            };
            w.path = normalized.path.to_owned();
            written_answer(answer, &w)
        }
        (
            Rule::RemoveDotSegments,
            Request::Normalize { input, .. },
            Request::Normalize { input: given, .. },
        ) => {
            let Some(mut w) = read_as_written(given, input) else {
                return answer;
            };
            let relative = w.scheme.is_none();
            w.path = remove_dot_segments(&w.path, !relative, relative);
            written_answer(answer, &w)
        }
        (
            Rule::RemoveDotSegments,
            Request::Resolve { base, input, .. },
            Request::Resolve {
                base: given_base,
                input: given,
                ..
            },
        ) => {
            let (Some(Branch::DotSegments), Some(b), Some(r)) = (
                branch(input),
                read_as_written(given_base, base),
                read_reference(given, input),
            ) else {
                return answer;
            };
            let path = remove_dot_segments(&r.path, true, false);
            // URI::resolve: the reference's scheme, or its host, or its absolute path.
            let w = if r.scheme.is_some() {
                Written { path, ..r }
            } else if r.host.as_deref().is_some_and(|h| !h.is_empty()) {
                Written {
                    scheme: b.scheme,
                    path,
                    ..r
                }
            } else {
                Written {
                    path,
                    query: r.query,
                    fragment: r.fragment,
                    ..b
                }
            };
            written_answer(answer, &w)
        }
        (
            Rule::MergePath,
            Request::Resolve { base, input, .. },
            Request::Resolve {
                base: given_base,
                input: given,
                ..
            },
        ) => {
            let (Some(Branch::Merge), Some(b), Some(r)) = (
                branch(input),
                read_as_written(given_base, base),
                read_as_written(given, input),
            ) else {
                return answer;
            };
            let mut path = merge_path(&b.path, &r.path);
            // toString: `if (!auth.empty() && _path[0] != '/') uri += '/';`
            let authority = b.userinfo.as_deref().is_some_and(|u| !u.is_empty())
                || b.host.as_deref().is_some_and(|h| !h.is_empty())
                || b.port.as_deref().is_some_and(|p| !p.is_empty());
            if authority && !path.is_empty() && !path.starts_with('/') {
                path.insert(0, '/');
            }
            let w = Written {
                path,
                query: r.query,
                fragment: r.fragment,
                ..b
            };
            written_answer(answer, &w)
        }
        _ => answer,
    }
}

/// A port's digits as the number Poco stores (`unsigned short`) writes them; text that is not
/// digits as it is.
fn as_number(port: &str) -> String {
    match port.parse::<u32>() {
        Ok(n) if !port.is_empty() && port.bytes().all(|b| b.is_ascii_digit()) => n.to_string(),
        _ => port.to_owned(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn after_an_empty_scheme_a_colon_stays_in_the_path() {
        assert_eq!(without_empty_scheme(":a", true).as_deref(), Some("a"));
        assert_eq!(without_empty_scheme("://h", true).as_deref(), Some("//h"));
        assert_eq!(without_empty_scheme("::", true).as_deref(), Some("a"));
        assert_eq!(
            without_empty_scheme(":a:b/c:d?e:f", true).as_deref(),
            Some("aab/c:d?e:f")
        );
        assert_eq!(empty_scheme_path(":a:b/c:d?e:f#g"), Some("a:b/c:d"));
        assert_eq!(empty_scheme_path("::/"), Some(":/"));
        // Outside a parse the stood-in path would be written: not read.
        assert_eq!(without_empty_scheme(":a:b", false), None);
        // No ":" in the first segment, or "//" first: read as the reference reads it.
        assert_eq!(empty_scheme_path(":a/b:c"), None);
        assert_eq!(empty_scheme_path("://a:1"), None);
        assert_eq!(without_empty_scheme(":", true), None);
        let rewritten = rewrite(Rule::EmptySchemeAsNone, &Request::parse("::"));
        let Some(Request::Parse { input, .. }) = rewritten else {
            panic!("rewritten");
        };
        assert_eq!(input, "a");
    }

    #[test]
    fn a_text_that_starts_with_a_dot_is_a_path() {
        assert_eq!(with_dot_start_read(".:").as_deref(), Some(".a"));
        assert_eq!(
            with_dot_start_read(".a:b/c:d?e:f").as_deref(),
            Some(".aab/c:d?e:f")
        );
        assert_eq!(dot_start_path(".a:b/c:d?e:f#g"), Some(".a:b/c:d"));
        // No ":" in the first segment, or no "." first: read as the reference reads it.
        assert_eq!(with_dot_start_read("./a:b"), None);
        assert_eq!(with_dot_start_read(".?:"), None);
        assert_eq!(with_dot_start_read("a.:b"), None);
        assert_eq!(with_dot_start_read("0:"), None);
        let rewritten = rewrite(Rule::DotStartIsPath, &Request::parse(".:"));
        let Some(Request::Parse { input, .. }) = rewritten else {
            panic!("rewritten");
        };
        assert_eq!(input, ".a");
        let normalize = Request::Normalize {
            input: ".:".to_owned(),
            level: None,
        };
        assert!(rewrite(Rule::DotStartIsPath, &normalize).is_none());
    }

    #[test]
    fn the_port_is_read_as_number_parser_reads_it() {
        assert_eq!(port_number("08"), Some(8));
        assert_eq!(port_number(" +1,0"), Some(10));
        assert_eq!(port_number("\t1"), Some(1));
        assert_eq!(port_number("0"), None);
        assert_eq!(port_number("00000"), None);
        assert_eq!(port_number("65536"), None);
        assert_eq!(port_number("65535"), Some(65535));
        assert_eq!(port_number("1 "), None);
        assert_eq!(port_number("-1"), None);
        assert_eq!(port_number("+"), None);
        assert_eq!(port_number("99999999999"), None);
    }

    #[test]
    fn the_port_is_found_where_poco_reads_it() {
        // The number is written with as many digits as the port has characters.
        assert_eq!(with_port_read("a://h:08/p"), None);
        assert_eq!(with_port_read("a://h:+8/p").as_deref(), Some("a://h:08/p"));
        assert_eq!(
            with_port_read("a://u:1@h:1,0").as_deref(),
            Some("a://u:1@h:010")
        );
        assert_eq!(
            with_port_read("a://[::1]: 8").as_deref(),
            Some("a://[::1]:08")
        );
        assert_eq!(with_port_read("a://h:80"), None);
        assert_eq!(
            with_port_read("//h:08"),
            None,
            "no authority without a scheme"
        );
        assert!(port_refused("a://h:0"));
        assert!(!port_refused("a://h:"));
        assert!(scheme_alone("a:"));
        assert!(!scheme_alone("a:b"));
        assert!(!scheme_alone("/a:"));
    }

    #[test]
    fn resolve_and_normalize_read_the_path_as_poco_does() {
        let resolve = |base: &str, input: &str, target: &str| {
            let case = Request::Resolve {
                base: base.into(),
                input: input.into(),
                strict: true,
            };
            let answer = Outcome::Resolved(target.into());
            let merged = apply(Rule::MergePath, &case, &case, answer);
            apply(Rule::RemoveDotSegments, &case, &case, merged)
        };
        assert_eq!(
            resolve("a:/", "a:////", "a:////"),
            Outcome::Resolved("a:///".into())
        );
        assert_eq!(
            apply(
                Rule::FileSlashesAlwaysWritten,
                &Request::parse("a:"),
                &Request::parse("a:"),
                Outcome::Resolved("a:///".into())
            ),
            Outcome::Resolved("a:/".into())
        );
        assert_eq!(resolve("a:/", "/.", "a:/"), Outcome::Resolved("a:".into()));
        assert_eq!(
            resolve("a:/", ".//", "a://"),
            Outcome::Resolved("a:/".into())
        );
        assert_eq!(remove_dot_segments("/a/b/..", true, false), "/a");
        assert_eq!(remove_dot_segments("/a%2Fb/%2E%2E", true, false), "/a");
        assert_eq!(remove_dot_segments("a%3Ab", false, true), "./a%3Ab");
        assert_eq!(merge_path("/a/b", "../c/."), "/c/");
    }

    #[test]
    fn resolve_reads_a_network_path_reference_as_a_path() {
        let resolve = |base: &str, input: &str, target: &str| {
            let case = Request::Resolve {
                base: base.into(),
                input: input.into(),
                strict: true,
            };
            apply(
                Rule::RemoveDotSegments,
                &case,
                &case,
                Outcome::Resolved(target.into()),
            )
        };
        // URI::parse hands "//..." to parsePathEtc, and removeDotSegments keeps no empty
        // segment: "//09:0" against "a://09" is "a://09/09:0", "//" against "a:@" is "a:/",
        // the query and the fragment the reference's ("//g?q#f" against "a://a/p?x").
        assert_eq!(
            resolve("a://09", "//09:0", "a://09:0"),
            Outcome::Resolved("a://09/09:0".into())
        );
        assert_eq!(
            resolve("a:@", "//", "a://"),
            Outcome::Resolved("a:/".into())
        );
        assert_eq!(
            resolve("a://a/p?x", "//g/h?q#f", "a://g/h?q#f"),
            Outcome::Resolved("a://a/g/h?q#f".into())
        );
        assert_eq!(
            resolve("a://a/p?x", "//g#f", "a://g#f"),
            Outcome::Resolved("a://a/g#f".into())
        );
        // A text with a scheme, or an absolute path: read as before.
        assert_eq!(
            resolve("a://a", "b://g", "b://g"),
            Outcome::Resolved("b://g".into())
        );
        assert_eq!(
            resolve("a://a", "/g//h", "a://a/g//h"),
            Outcome::Resolved("a://a/g/h".into())
        );
    }
}
