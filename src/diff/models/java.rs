//! java.net.URI (Java 17), written from its source (src/java.base/share/classes/java/net/URI.java):
//! how it reads an authority, an opaque part, "[" and "]" and an empty authority, and how it
//! writes the URI `resolve` builds (`super::Transform::JavaRegistryAuthority`,
//! `super::Transform::JavaUricBrackets`, `super::Transform::JavaOpaquePart`,
//! `super::Transform::JavaEmptyAuthorityAloneRefused`,
//! `super::Transform::JavaResolvedWrittenFromComponents`,
//! `super::Transform::JavaOpaqueBaseUnresolved`, `super::Transform::JavaIpv6ScopeId`,
//! `super::Transform::JavaMergeEmptySegmentsDropped`,
//! `super::Transform::JavaEmptyAuthorityUndefined`).
//!
//! `Parser.parseAuthority` reads an authority as a server (`[userinfo@]host[:port]`, RFC 2396
//! §3.2.2 with RFC 2732's IPv6 literal) when its characters allow it, and falls back to a
//! registry-based authority (RFC 2396 §3.2.1, `reg_name`) when that fails and its characters
//! are a `reg_name`'s: "If the complete authority did not parse as a server then we try to
//! parse it as a registry name." A registry-based authority has no userinfo, host or port
//! (`getHost()` is null); the adapter answers it as the host, whole.
//!
//! `resolve(URI, URI)` returns the reference itself when either URI is opaque, and the base
//! itself for a lone fragment equal to the base's; otherwise it builds a new URI from
//! components, which `defineString` writes: `if (port != -1) { sb.append(':');
//! sb.append(port); }`, the port an `int` (-1 for none, so an empty port is not written).

use crate::model::{Components, Outcome};
use crate::protocol::Request;
use crate::reference::{self, HostKind};

/// RFC 2396's `mark`, which with `alphanum` is `unreserved`.
const MARK: &str = "-_.!~*'()";

/// `Character.isSpaceChar`: the Unicode space separators (Zs), line (Zl) and paragraph (Zp)
/// separators.
fn is_space_char(c: char) -> bool {
    matches!(
        c,
        '\u{20}' | '\u{a0}' | '\u{1680}' | '\u{2000}'
            ..='\u{200a}' | '\u{2028}' | '\u{2029}' | '\u{202f}' | '\u{205f}' | '\u{3000}'
    )
}

/// `Character.isISOControl`.
fn is_iso_control(c: char) -> bool {
    c <= '\u{1f}' || ('\u{7f}'..='\u{9f}').contains(&c)
}

/// A character of the *other* category, which `scanEscape` takes where escapes are allowed:
/// `(c > 128) && !Character.isSpaceChar(c) && !Character.isISOControl(c)`.
fn is_other(c: char) -> bool {
    u32::from(c) > 128 && !is_space_char(c) && !is_iso_control(c)
}

fn unreserved(c: char) -> bool {
    c.is_ascii_alphanumeric() || MARK.contains(c)
}

/// `L_USERINFO`: `unreserved | escaped | ";:&=+$,"`.
fn userinfo_char(c: char) -> bool {
    unreserved(c) || ";:&=+$,".contains(c)
}

/// `L_REG_NAME`: `unreserved | escaped | "$,;:@&=+"`.
fn reg_name_char(c: char) -> bool {
    unreserved(c) || "$,;:@&=+".contains(c)
}

/// `L_SERVER`: `L_USERINFO | L_ALPHANUM | L_DASH | ".:@[]"`, and "%" where the authority
/// holds a "]" (`L_SERVER_PERCENT`).
fn server_char(c: char, percent: bool) -> bool {
    userinfo_char(c) || ".:@[]".contains(c) || (percent && c == '%')
}

/// Java's `scan(start, n, mask)` over `chars[start..]`: the end of the run the class takes,
/// escapes ("%" and two hexadecimal digits) and *other* characters included where `escaped`;
/// `Err` for a "%" that two hexadecimal digits do not follow there ("Malformed escape pair").
fn scan(
    chars: &[char],
    start: usize,
    class: impl Fn(char) -> bool,
    escaped: bool,
) -> Result<usize, ()> {
    let mut p = start;
    while p < chars.len() {
        let c = chars[p];
        if class(c) {
            p += 1;
        } else if escaped && c == '%' {
            if chars.len() >= p + 3
                && chars[p + 1].is_ascii_hexdigit()
                && chars[p + 2].is_ascii_hexdigit()
            {
                p += 3;
            } else {
                return Err(());
            }
        } else if escaped && is_other(c) {
            p += 1;
        } else {
            break;
        }
    }
    Ok(p)
}

/// What `parseAuthority` makes of an authority (the text between "//" and the next "/", "?"
/// or "#", not empty).
#[derive(Debug, PartialEq, Eq)]
enum Authority {
    /// Server-based: the port as the `int` Java holds (`None` for -1: none, or empty).
    Server { port: Option<u32> },
    /// Registry-based: no userinfo, host or port.
    Registry,
    /// Refused (URISyntaxException).
    Refused,
}

fn authority(text: &str) -> Authority {
    let chars: Vec<char> = text.chars().collect();
    let n = chars.len();
    let percent = chars.contains(&']');
    let server_chars = scan(&chars, 0, |c| server_char(c, percent), true) == Ok(n);
    let reg_chars = match scan(&chars, 0, reg_name_char, true) {
        Ok(end) => end == n,
        // A malformed escape pair throws from the scan itself.
        Err(()) => return Authority::Refused,
    };
    if reg_chars && !server_chars {
        return Authority::Registry;
    }
    match server_chars.then(|| server(&chars)).flatten() {
        Some(port) => Authority::Server { port },
        None if reg_chars => Authority::Registry,
        None => Authority::Refused,
    }
}

/// `parseServer` over the whole authority: the port (`None` for none), or `None` when it
/// fails or leaves characters unread.
#[allow(clippy::option_option)]
fn server(chars: &[char]) -> Option<Option<u32>> {
    let n = chars.len();
    let mut p = 0;
    // userinfo: up to the first "@", if any, checked as L_USERINFO.
    if let Some(at) = chars.iter().position(|&c| c == '@') {
        if scan(chars, 0, userinfo_char, true).ok()? != at {
            return None;
        }
        p = at + 1;
    }
    if chars.get(p) == Some(&'[') {
        // RFC 2732's literal: read here as RFC 3986 reads an IPv6 literal (Java's own IPv6
        // grammar is not modelled but for its IPv4 part's octets, `ipv4_part_read`), its
        // scope id after "%" read as `scoped_literal` reads it.
        let close = p + chars[p..].iter().position(|&c| c == ']')?;
        let mut literal: String = chars[p..=close].iter().collect();
        if literal.contains('%') {
            scoped_literal(&format!("//{literal}"))?;
            literal = format!("{}]", &literal[..literal.find('%')?]);
        }
        let literal = match ipv4_part_read(&literal[1..literal.len() - 1], true) {
            Some(read) => format!("[{read}]"),
            None => literal,
        };
        match reference::parse_host(&literal) {
            Ok(c) if c.host_kind == Some(HostKind::Ipv6) => {}
            _ => return None,
        }
        p = close + 1;
    } else {
        p = match ipv4(chars, p) {
            Some(q) => q,
            None => hostname(chars, p)?,
        };
    }
    let mut port = None;
    if chars.get(p) == Some(&':') {
        p += 1;
        let digits: String = chars[p..].iter().collect();
        if !digits.is_empty() {
            if !digits.bytes().all(|b| b.is_ascii_digit()) {
                return None;
            }
            // Integer.parseInt: a number above Integer.MAX_VALUE is "Malformed port number".
            let value: i32 = digits.parse().ok()?;
            port = Some(u32::try_from(value).ok()?);
            p = n;
        }
    }
    (p == n).then_some(port)
}

/// `parseIPv4Address`: four dec-octets of digits whose value fits in a byte, followed by
/// nothing or ":"; the position after it.
fn ipv4(chars: &[char], start: usize) -> Option<usize> {
    let m = start
        + chars[start..]
            .iter()
            .take_while(|c| c.is_ascii_digit() || **c == '.')
            .count();
    if m <= start {
        return None;
    }
    let mut p = start;
    for i in 0..4 {
        if i > 0 {
            if chars.get(p) != Some(&'.') || p >= m {
                return None;
            }
            p += 1;
        }
        let q = p + chars[p..m]
            .iter()
            .take_while(|c| c.is_ascii_digit())
            .count();
        let text: String = chars[p..q].iter().collect();
        if q <= p || text.parse::<u64>().map_or(true, |v| v > 255) {
            return None;
        }
        p = q;
    }
    if p < m {
        return None;
    }
    (p == chars.len() || chars[p] == ':').then_some(p)
}

/// `parseHostname`: labels of alphanumerics and dashes (not ending with one) separated by
/// dots, the last one starting with a letter where there are several; the position after it,
/// which must be the end or ":".
fn hostname(chars: &[char], start: usize) -> Option<usize> {
    let n = chars.len();
    let mut p = start;
    let mut last = None;
    loop {
        let q = p + chars[p..]
            .iter()
            .take_while(|c| c.is_ascii_alphanumeric())
            .count();
        if q <= p {
            break;
        }
        last = Some(p);
        p = q;
        let q = p + chars[p..]
            .iter()
            .take_while(|c| c.is_ascii_alphanumeric() || **c == '-')
            .count();
        if q > p {
            if chars[q - 1] == '-' {
                return None;
            }
            p = q;
        }
        if chars.get(p) != Some(&'.') {
            break;
        }
        p += 1;
        if p >= n {
            break;
        }
    }
    if p < n && chars[p] != ':' {
        return None;
    }
    let last = last?;
    if last > start && !chars[last].is_ascii_alphabetic() {
        return None;
    }
    Some(p)
}

/// The authority of `input` as Appendix B splits it, with its byte range.
fn authority_range(input: &str) -> Option<std::ops::Range<usize>> {
    let text = reference::split(input).authority?;
    let start = text.as_ptr() as usize - input.as_ptr() as usize;
    Some(start..start + text.len())
}

/// The case with a registry-based authority stood in for by a registered name of its length,
/// which the reference reads as the host (`apply` gives the authority back, whole).
pub(super) fn registry_rewrite(original: &Request, case: &Request) -> Option<Request> {
    let (
        Request::Parse { input: own, .. },
        Request::Parse {
            input,
            rule,
            zone_id,
        },
    ) = (original, case)
    else {
        return None;
    };
    let range = authority_range(own)?;
    if range.is_empty() || authority(&own[range.clone()]) != Authority::Registry {
        return None;
    }
    // The case as the steps before left it has the authority at the same place, its length
    // in characters kept.
    let at = authority_range(input)?;
    let mut out = input.clone();
    out.replace_range(at, &"a".repeat(own[range].chars().count()));
    Some(Request::Parse {
        input: out,
        rule: rule.clone(),
        zone_id: *zone_id,
    })
}

/// A registry-based authority answered as the host, whole, with no userinfo or port; an
/// authority Java refuses refused.
pub(super) fn registry_applied(original: &Request, answer: Outcome) -> Outcome {
    let Request::Parse { input, .. } = original else {
        return answer;
    };
    let Some(range) = authority_range(input).filter(|r| !r.is_empty()) else {
        return answer;
    };
    match authority(&input[range.clone()]) {
        Authority::Registry => match answer {
            Outcome::Parsed { components, .. } => Outcome::Parsed {
                components: Components {
                    userinfo: None,
                    host: Some(input[range].to_owned()),
                    port: None,
                    ..components
                },
                host_kind: Some(HostKind::RegName),
            },
            other => other,
        },
        Authority::Refused if answer.is_valid() => {
            Outcome::invalid("authority: refused by parseAuthority (java model)".into())
        }
        Authority::Server { .. } | Authority::Refused => answer,
    }
}

/// Whether Java reads `text` as an opaque URI: a scheme, and no "/" after its ":".
fn is_opaque(text: &str) -> bool {
    let split = reference::split(text);
    split.scheme.is_some() && split.authority.is_none() && !split.path.starts_with('/')
}

/// `resolve` against an opaque base: the reference itself, as given (`original`: what the
/// steps before rewrote is not Java's).
pub(super) fn opaque_base_unresolved(original: &Request, answer: Outcome) -> Outcome {
    match (original, &answer) {
        (Request::Resolve { base, input, .. }, Outcome::Resolved(_)) if is_opaque(base) => {
            Outcome::Resolved(input.clone())
        }
        _ => answer,
    }
}

/// A target `resolve` builds from components, as `defineString` writes it: a server-based
/// authority's port as the `int` Java holds (leading zeros gone, an empty port not written),
/// and no "//" for an empty authority, which Java holds as none (the path of a merge, which
/// `normalize` leaves without empty segments, is `merge_empty_segments_rewrite`'s). A reference with a scheme and a lone fragment equal to the base's are
/// returned as given (`original`: what the steps before rewrote is not Java's); an opaque
/// base is `opaque_base_unresolved`'s.
pub(super) fn written_from_components(original: &Request, answer: Outcome) -> Outcome {
    let (Request::Resolve { base, input, .. }, Outcome::Resolved(target)) = (original, &answer)
    else {
        return answer;
    };
    let reference_split = reference::split(input);
    if is_opaque(base) {
        return answer;
    }
    if reference_split.scheme.is_some() {
        return Outcome::Resolved(input.clone());
    }
    let lone_fragment = reference_split.authority.is_none()
        && reference_split.path.is_empty()
        && reference_split.query.is_none()
        && reference_split.fragment.is_some();
    if lone_fragment && reference::split(base).fragment == reference_split.fragment {
        return Outcome::Resolved(base.clone());
    }
    // The authority RFC 3986's resolution writes: the reference's, else the base's. Without
    // one, the target has none, and a "//" after its scheme is its path's (RFC 3986 would
    // write "/." before it; Java writes it as is); an empty one is undefined in Java (the
    // URI(String) deviation), so its "//" is not written either.
    let base_split = reference::split(base);
    let written = reference_split.authority.or(base_split.authority);
    // Java's: an empty authority is undefined, and the base's is taken for it.
    let effective = reference_split
        .authority
        .filter(|a| !a.is_empty())
        .or_else(|| base_split.authority.filter(|a| !a.is_empty()));
    if effective.is_none() {
        let Some(colon) = target.find(':') else {
            return answer;
        };
        let mut rest = &target[colon + 1..];
        if written == Some("") {
            rest = rest.strip_prefix("//").unwrap_or(rest);
        }
        let end = rest.find(['?', '#']).unwrap_or(rest.len());
        let path = &rest[..end];
        return Outcome::Resolved(format!("{}{path}{}", &target[..=colon], &rest[end..]));
    }
    let Ok(parsed) = reference::parse(target) else {
        return answer;
    };
    let path = parsed.path.to_owned();
    let port = match authority_range(target).filter(|r| !r.is_empty()) {
        Some(range) => match authority(&target[range]) {
            Authority::Server { port } => port.map(|p| p.to_string()),
            _ => parsed.port.map(str::to_owned),
        },
        None => parsed.port.map(str::to_owned),
    };
    Outcome::Resolved(reference::recompose(&reference::Components {
        port: port.as_deref(),
        path: &path,
        ..parsed
    }))
}

/// The char range of `part` (a slice of `input`) in `input`.
fn char_range(input: &str, part: &str) -> std::ops::Range<usize> {
    let start = part.as_ptr() as usize - input.as_ptr() as usize;
    let from = input[..start].chars().count();
    from..from + part.chars().count()
}

/// `input` with the characters at the char positions in `ranges` that `replaced` takes
/// stood in for by "a".
fn stand_in(
    input: &str,
    ranges: &[std::ops::Range<usize>],
    replaced: impl Fn(char) -> bool,
) -> String {
    input
        .chars()
        .enumerate()
        .map(|(i, c)| {
            if replaced(c) && ranges.iter().any(|r| r.contains(&i)) {
                'a'
            } else {
                c
            }
        })
        .collect()
}

/// An opaque URI's scheme-specific part: what follows the scheme's ":" up to "#", when no
/// "/" starts it (`Parser.parse`: `if (at(p, n, '/')) ... else { // opaque`).
fn opaque_part(input: &str) -> Option<&str> {
    let split = reference::split(input);
    split.scheme?;
    if split.authority.is_some() || split.path.starts_with('/') {
        return None;
    }
    let colon = input.find(':')?;
    let rest = &input[colon + 1..];
    Some(&rest[..rest.find('#').unwrap_or(rest.len())])
}

/// The parse with "[" and "]" in the query, the fragment and an opaque part stood in for
/// (RFC 2732's `reserved`, which `uric` holds).
pub(super) fn brackets_rewrite(original: &Request, case: &Request) -> Option<Request> {
    let (
        Request::Parse { input: own, .. },
        Request::Parse {
            input,
            rule,
            zone_id,
        },
    ) = (original, case)
    else {
        return None;
    };
    let split = reference::split(own);
    let ranges: Vec<_> = [split.query, split.fragment, opaque_part(own)]
        .into_iter()
        .flatten()
        .map(|part| char_range(own, part))
        .collect();
    let rewritten = stand_in(input, &ranges, |c| c == '[' || c == ']');
    (rewritten != *input).then(|| Request::Parse {
        input: rewritten,
        rule: rule.clone(),
        zone_id: *zone_id,
    })
}

/// The query and the fragment as written (what `brackets_rewrite` stood in for given back).
pub(super) fn brackets_applied(original: &Request, answer: Outcome) -> Outcome {
    let (
        Request::Parse { input, .. },
        Outcome::Parsed {
            mut components,
            host_kind,
        },
    ) = (original, answer.clone())
    else {
        return answer;
    };
    let split = reference::split(input);
    if components.query.is_some() {
        components.query = split.query.map(str::to_owned);
    }
    if components.fragment.is_some() {
        components.fragment = split.fragment.map(str::to_owned);
    }
    Outcome::Parsed {
        components,
        host_kind,
    }
}

/// The parse of an opaque URI with the "?" of its scheme-specific part stood in for: RFC
/// 2396's `opaque_part` has no query.
pub(super) fn opaque_rewrite(original: &Request, case: &Request) -> Option<Request> {
    let (
        Request::Parse { input: own, .. },
        Request::Parse {
            input,
            rule,
            zone_id,
        },
    ) = (original, case)
    else {
        return None;
    };
    let part = opaque_part(own)?;
    let rewritten = stand_in(input, &[char_range(own, part)], |c| c == '?');
    (rewritten != *input).then(|| Request::Parse {
        input: rewritten,
        rule: rule.clone(),
        zone_id: *zone_id,
    })
}

/// An opaque URI's scheme-specific part as its path, whole, with no query; an empty one
/// refused ("Expected scheme-specific part").
pub(super) fn opaque_applied(original: &Request, answer: Outcome) -> Outcome {
    let Request::Parse { input, .. } = original else {
        return answer;
    };
    let Some(part) = opaque_part(input) else {
        return answer;
    };
    if part.is_empty() {
        return Outcome::invalid("Expected scheme-specific part (java model)".into());
    }
    match answer {
        Outcome::Parsed {
            mut components,
            host_kind,
        } => {
            components.path = part.to_owned();
            components.query = None;
            Outcome::Parsed {
                components,
                host_kind,
            }
        }
        other => other,
    }
}

/// A parse whose empty authority ends the text refused: `parseHierarchical` allows an empty
/// authority only "prior to non-empty path, query component or fragment identifier"
/// (`failExpecting("authority", p)`).
pub(super) fn empty_authority_alone_refused(original: &Request, answer: Outcome) -> Outcome {
    let Request::Parse { input, .. } = original else {
        return answer;
    };
    let split = reference::split(input);
    let alone = split.authority == Some("")
        && split.path.is_empty()
        && split.query.is_none()
        && split.fragment.is_none();
    if answer.is_valid() && alone {
        return Outcome::invalid("Expected authority (java model)".into());
    }
    answer
}

/// `normalize`'s "Skip redundant slashes": every run of "/" one.
fn collapse_slashes(path: &mut String) {
    while path.contains("//") {
        *path = path.replace("//", "/");
    }
}

/// The IPv6 literal `[inner]` of the case's authority, its IPv4 part's octets written as
/// numbers: `Parser.scanIPv4Address` reads each with `scanByte`, which scans every decimal
/// digit there is (`scan(p, n, L_DIGIT, H_DIGIT)`) and refuses only a value above 255
/// (`Integer.parseInt(input, p, q, 10) > 255`), so "00" and "0000" are the octet 0. Without
/// `any_digits`, only the octets of RFC 2373's `1*3DIGIT`.
fn ipv4_part_read(inner: &str, any_digits: bool) -> Option<String> {
    let colon = inner.rfind(':')?;
    let (hex, quad) = inner.split_at(colon + 1);
    let octets: Vec<&str> = quad.split('.').collect();
    if octets.len() != 4 {
        return None;
    }
    let values = octets
        .iter()
        .map(|o| {
            (!o.is_empty() && o.bytes().all(|b| b.is_ascii_digit()) && (any_digits || o.len() <= 3))
                .then(|| o.trim_start_matches('0'))
                .filter(|t| t.len() <= 3)
                .and_then(|t| {
                    if t.is_empty() {
                        Some(0)
                    } else {
                        t.parse::<u16>().ok()
                    }
                })
                .filter(|&v| v <= 255)
        })
        .collect::<Option<Vec<u16>>>()?;
    let written = format!(
        "{hex}{}",
        values
            .iter()
            .map(u16::to_string)
            .collect::<Vec<_>>()
            .join(".")
    );
    (written != inner).then_some(written)
}

/// The case's IP literal and the one `ipv4_part_read` writes for it.
fn ipv4_literal(input: &str, any_digits: bool) -> Option<(String, String)> {
    let authority = reference::split(input).authority?;
    let open = authority.find('[')?;
    let close = open + authority[open..].find(']')?;
    let inner = &authority[open + 1..close];
    let read = ipv4_part_read(inner, any_digits)?;
    Some((format!("[{inner}]"), format!("[{read}]")))
}

/// Parse (`super::Transform::JavaIpv4PartRfc2373` without `any_digits`,
/// `super::Transform::JavaIpv4PartAnyDigits` with it; the rewrite): the case with its IPv6
/// literal's IPv4 octets written as the numbers `scanByte` reads.
pub(super) fn ipv4_part_rewrite(case: &Request, any_digits: bool) -> Option<Request> {
    let Request::Parse {
        input,
        rule,
        zone_id,
    } = case
    else {
        return None;
    };
    let (own, read) = ipv4_literal(input, any_digits)?;
    Some(Request::Parse {
        input: input.replacen(&own, &read, 1),
        rule: rule.clone(),
        zone_id: *zone_id,
    })
}

/// The literal as written given back (what `ipv4_part_rewrite` wrote otherwise).
pub(super) fn ipv4_part_applied(original: &Request, answer: Outcome, any_digits: bool) -> Outcome {
    let (
        Request::Parse { input, .. },
        Outcome::Parsed {
            mut components,
            host_kind,
        },
    ) = (original, answer.clone())
    else {
        return answer;
    };
    let Some((own, read)) = ipv4_literal(input, any_digits) else {
        return answer;
    };
    if components.host.as_deref() == Some(read.as_str()) {
        components.host = Some(own);
    }
    Outcome::Parsed {
        components,
        host_kind,
    }
}

/// The byte range of `part` (a slice of `input`) in `input`.
fn byte_range(input: &str, part: &str) -> std::ops::Range<usize> {
    let start = part.as_ptr() as usize - input.as_ptr() as usize;
    start..start + part.len()
}

/// `Parser.parseServer`'s IPv6 literal with a scope id: `int r = scan (p, q, "%"); if (r >
/// p) { parseIPv6Reference(p, r); if (r+1 == q) { fail ("scope id expected"); } checkChars
/// (r+1, q, L_SCOPE_ID, H_SCOPE_ID, "scope id"); }`, where `scope_id = alpha | digit | "_" |
/// "."` (`L_SCOPE_ID`): the literal `[address%scope]` of the case's authority (the text
/// from its "[" to its first "]") and the literal without its scope, `[address]`, which
/// `parseIPv6Reference` reads as the address (its stand-in, `scope_id_rewrite`'s, is an
/// `IPvFuture` of the literal's length, so that every character after it stays in place for
/// the steps that read them). `None` where the literal has no "%", or the
/// address before it is empty, or the scope is empty or has another character (Java
/// refuses those: "scope id expected", "Illegal character in scope id").
fn scoped_literal(input: &str) -> Option<(String, String)> {
    let authority = reference::split(input).authority?;
    let open = authority.find('[')?;
    let close = open + authority[open..].find(']')?;
    let inner = &authority[open + 1..close];
    let percent = inner.find('%')?;
    let (address, scope) = (&inner[..percent], &inner[percent + 1..]);
    let scope_id = |c: char| c.is_ascii_alphanumeric() || c == '_' || c == '.';
    (!address.is_empty() && !scope.is_empty() && scope.chars().all(scope_id)).then(|| {
        (
            format!("[{inner}]"),
            format!("[v1.{}]", "a".repeat(inner.len().saturating_sub(3))),
        )
    })
}

/// Parse (`super::Transform::JavaIpv6ScopeId`, the rewrite): the case with its scoped IPv6
/// literal stood in for by an IP literal of its length that RFC 3986 reads (the address is
/// read as RFC 3986 reads one by `server`, which `registry_applied` answers from).
pub(super) fn scope_id_rewrite(case: &Request) -> Option<Request> {
    let Request::Parse {
        input,
        rule,
        zone_id,
    } = case
    else {
        return None;
    };
    let (own, address) = scoped_literal(input)?;
    Some(Request::Parse {
        input: input.replacen(&own, &address, 1),
        rule: rule.clone(),
        zone_id: *zone_id,
    })
}

/// The literal given back with its scope id, as Java answers the host (`host =
/// input.substring(p-1, q+1)`: from "[" to "]", whole).
pub(super) fn scope_id_applied(original: &Request, answer: Outcome) -> Outcome {
    let (
        Request::Parse { input, .. },
        Outcome::Parsed {
            mut components,
            host_kind,
        },
    ) = (original, answer.clone())
    else {
        return answer;
    };
    let Some((own, stand_in)) = scoped_literal(input) else {
        return answer;
    };
    // The stand-in, or the literal a departure read about it gave back in its place.
    if components.host.as_deref() != Some(stand_in.as_str())
        && components.host.as_deref() != Some(own.as_str())
    {
        return Outcome::Parsed {
            components,
            host_kind,
        };
    }
    // The address must be one Java reads (`parseIPv6Reference`), as `server` checks it.
    if server(&own.chars().collect::<Vec<char>>()).is_none() {
        return Outcome::invalid("host: malformed IPv6 address (java model)".into());
    }
    components.host = Some(own);
    Outcome::Parsed {
        components,
        host_kind: Some(HostKind::Ipv6),
    }
}

/// Whether `resolve(URI, URI)` merges the reference's path with the base's (`resolvePath`,
/// RFC 2396 §5.2 step 6): neither URI opaque, the reference without scheme, with no
/// authority (an empty one is none: `parseHierarchical` defines none for it) and a path that
/// does not start with "/", and no lone fragment (step 2: no authority, an empty path, no
/// query, a fragment).
fn merges(base: &str, input: &str) -> bool {
    let reference_split = reference::split(input);
    let lone_fragment = reference_split.authority.is_none()
        && reference_split.path.is_empty()
        && reference_split.query.is_none()
        && reference_split.fragment.is_some();
    !is_opaque(base)
        && !is_opaque(input)
        && reference_split.scheme.is_none()
        && reference_split.authority.is_none_or(str::is_empty)
        && !reference_split.path.starts_with('/')
        && !lone_fragment
}

/// `text` with every run of "/" in its path one.
fn path_slashes_collapsed(text: &str) -> String {
    let split = reference::split(text);
    let range = byte_range(text, split.path);
    let mut path = split.path.to_owned();
    collapse_slashes(&mut path);
    format!("{}{path}{}", &text[..range.start], &text[range.end..])
}

/// Resolution (`super::Transform::JavaMergeEmptySegmentsDropped`, the rewrite): a merge's
/// paths with their empty segments dropped before the dot-segments are removed, as
/// `normalize` reads the merged path: `split` ("Skip redundant slashes": a run of "/" ends
/// one segment) then `removeDots` and `join`, which writes one "/" between segments
/// ("A normal path string has no empty segments (i.e., occurrences of "//")"). The base's
/// path and the reference's, each with every run of "/" one, merge into the merged path
/// with its runs of "/" one (the base's last segment, which the merge drops, has no "/"),
/// so RFC 2396's step 6 then removes the dot-segments `removeDots` removes: ".//.." against
/// "a:/a/" is "a:/", "a:/a/./.." read.
pub(super) fn merge_empty_segments_rewrite(original: &Request, case: &Request) -> Option<Request> {
    let (
        Request::Resolve {
            base: own_base,
            input: own_input,
            ..
        },
        Request::Resolve {
            base,
            input,
            strict,
        },
    ) = (original, case)
    else {
        return None;
    };
    if !merges(own_base, own_input) {
        return None;
    }
    let (new_base, new_input) = (path_slashes_collapsed(base), path_slashes_collapsed(input));
    (new_base != *base || new_input != *input).then_some(Request::Resolve {
        base: new_base,
        input: new_input,
        strict: *strict,
    })
}

/// Resolution (`super::Transform::JavaEmptyAuthorityUndefined`, the rewrite): an empty
/// authority is undefined (URI(String): "If the authority component is empty then the
/// user-information, host, and port components are undefined"; `parseHierarchical` leaves
/// `authority` null for it), so `resolve` reads a reference with one as a reference without
/// authority (step 4, `if (child.authority == null)`: the base's authority, the reference's
/// path as it is when it starts with "/", else merged). The reference is written so: the
/// "//" of its empty authority left out ("///" is "/", "//?" is "?"); where the path after
/// it starts with "//" (which would read as an authority), the base's authority written in
/// the empty one's place ("////" against "a://a" is "a://a//"), or, against a base without
/// one, the reference left to `written_from_components`, which does not write the "//" of
/// an empty authority. A base's empty authority is none too (`base_empty_authority_dropped`).
pub(super) fn empty_authority_undefined_rewrite(
    original: &Request,
    case: &Request,
) -> Option<Request> {
    let (
        Request::Resolve {
            base: own_base,
            input: own_input,
            ..
        },
        Request::Resolve {
            base,
            input,
            strict,
        },
    ) = (original, case)
    else {
        return None;
    };
    if is_opaque(own_base) || reference::split(own_input).scheme.is_some() {
        return None;
    }
    let split = reference::split(input);
    let new_input = split
        .authority
        .filter(|a| a.is_empty() && split.scheme.is_none())
        .and_then(|authority| {
            let at = byte_range(input, authority).start;
            if split.path.starts_with("//") {
                let base_authority = reference::split(base).authority.filter(|a| !a.is_empty())?;
                Some(format!("{}{base_authority}{}", &input[..at], &input[at..]))
            } else {
                Some(format!("{}{}", &input[..at - 2], &input[at..]))
            }
        });
    let reference_path = new_input
        .as_deref()
        .map_or(split.path, |i| reference::split(i).path)
        .to_owned();
    let new_base = base_empty_authority_dropped(base, &reference_path);
    (new_input.is_some() || new_base.is_some()).then(|| Request::Resolve {
        base: new_base.unwrap_or_else(|| base.clone()),
        input: new_input.unwrap_or_else(|| input.clone()),
        strict: *strict,
    })
}

/// Resolution (`super::Transform::JavaEmptyAuthorityUndefined`, the base's rewrite): a base's
/// empty authority is none too, so the target has none ("" against "a:///" is "a:/"): the
/// "//" of the base's empty authority left out where a path that does not start with "//"
/// follows it (one that does is left to `written_from_components`). An empty path is merged
/// by `resolvePath` as Java's absolute base without "/" is, `path = "/".concat(child)` for a
/// reference with a path and "" for one without (`if (cn == 0) { if (i >= 0) ... }`): the
/// base's path is "/" for the first ("%7e" against "http://?/?" is "http:/%7e"), "" for the
/// second ("" against "a://?" is "a:").
fn base_empty_authority_dropped(base: &str, reference_path: &str) -> Option<String> {
    let split = reference::split(base);
    let authority = split.authority.filter(|a| a.is_empty())?;
    if split.path.starts_with("//") {
        return None;
    }
    let at = byte_range(base, authority).start;
    let root = if split.path.is_empty() && !reference_path.is_empty() {
        "/"
    } else {
        ""
    };
    Some(format!("{}{root}{}", &base[..at - 2], &base[at..]))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_authority_is_a_server_else_a_registry() {
        assert_eq!(authority("h"), Authority::Server { port: None });
        assert_eq!(authority("u@h:080"), Authority::Server { port: Some(80) });
        assert_eq!(authority("0.0.0.0:00"), Authority::Server { port: Some(0) });
        assert_eq!(authority("h:"), Authority::Server { port: None });
        assert_eq!(authority("[::1]:1"), Authority::Server { port: Some(1) });
        // An empty host, a port of other characters, a "_" in a hostname, a last label
        // starting with a digit, a second "@": registry-based.
        assert_eq!(authority(":"), Authority::Registry);
        assert_eq!(authority("@"), Authority::Registry);
        assert_eq!(authority(":-"), Authority::Registry);
        assert_eq!(authority("a_b"), Authority::Registry);
        assert_eq!(authority("a.0"), Authority::Registry);
        assert_eq!(authority("@@"), Authority::Registry);
        assert_eq!(authority("\u{4e2d}@"), Authority::Registry);
        assert_eq!(authority("h:9000000000"), Authority::Registry);
        // Neither: refused.
        assert_eq!(authority("[::1]:9000000000"), Authority::Refused);
        assert_eq!(authority("[v1.a]"), Authority::Refused);
        assert_eq!(authority("a b"), Authority::Refused);
        assert_eq!(authority("%zz"), Authority::Refused);
    }

    #[test]
    fn a_registry_authority_is_the_host() {
        let case = Request::Parse {
            input: "//@:@".into(),
            rule: None,
            zone_id: false,
        };
        let rewritten = registry_rewrite(&case, &case).unwrap();
        let answer =
            crate::impls::Implementation::answer(&crate::impls::reference::Reference, &rewritten);
        match registry_applied(&case, answer) {
            Outcome::Parsed {
                components,
                host_kind,
            } => {
                assert_eq!(components.host.as_deref(), Some("@:@"));
                assert_eq!(components.userinfo, None);
                assert_eq!(host_kind, Some(HostKind::RegName));
            }
            other => panic!("{other:?}"),
        }
    }

    #[test]
    fn an_opaque_part_is_the_path_and_brackets_are_uric() {
        let parse = |input: &str| Request::Parse {
            input: input.into(),
            rule: None,
            zone_id: false,
        };
        let answer = |input: &str| {
            let case = parse(input);
            let rewritten = brackets_rewrite(&case, &case).unwrap_or(case.clone());
            let rewritten = opaque_rewrite(&case, &rewritten).unwrap_or(rewritten);
            let reference = crate::impls::Implementation::answer(
                &crate::impls::reference::Reference,
                &rewritten,
            );
            opaque_applied(&case, brackets_applied(&case, reference))
        };
        let components = |outcome: Outcome| match outcome {
            Outcome::Parsed { components, .. } => {
                Some((components.path, components.query, components.fragment))
            }
            _ => None,
        };
        assert_eq!(components(answer("a:?")), Some(("?".into(), None, None)));
        assert_eq!(components(answer("a:[")), Some(("[".into(), None, None)));
        assert_eq!(
            components(answer("?[#]")),
            Some((String::new(), Some("[".into()), Some("]".into())))
        );
        assert_eq!(components(answer("a:")), None);
        assert_eq!(components(answer("a:#f")), None);
        assert_eq!(components(answer("/[")), None);
    }

    #[test]
    fn a_scope_id_is_alpha_digit_underscore_or_dot() {
        let parse = |input: &str| Request::Parse {
            input: input.into(),
            rule: None,
            zone_id: false,
        };
        let rewritten = |input: &str| match scope_id_rewrite(&parse(input)) {
            Some(Request::Parse { input, .. }) => Some(input),
            _ => None,
        };
        assert_eq!(rewritten("//[::%a]"), Some("//[v1.a]".into()));
        assert_eq!(
            rewritten("//u@[::1%eth0.1_x]:80/p"),
            Some("//u@[v1.aaaaaaaaa]:80/p".into())
        );
        assert_eq!(rewritten("//[::%25a]"), Some("//[v1.aaa]".into()));
        // "scope id expected", "Illegal character in scope id", no address before it.
        assert_eq!(rewritten("//[::%]"), None);
        assert_eq!(rewritten("//[::%a-b]"), None);
        assert_eq!(rewritten("//[::%~]"), None);
        assert_eq!(rewritten("//[%a]"), None);
        assert_eq!(rewritten("//[::]"), None);
        assert_eq!(authority("[::%a]"), Authority::Server { port: None });
        assert_eq!(
            authority("u@[::1%0]:1"),
            Authority::Server { port: Some(1) }
        );
        assert_eq!(authority("[::%a-b]"), Authority::Refused);
        let answer = |host: &str| Outcome::Parsed {
            components: Components {
                scheme: None,
                userinfo: None,
                host: Some(host.into()),
                port: None,
                path: String::new(),
                query: None,
                fragment: None,
            },
            host_kind: Some(HostKind::IpvFuture),
        };
        let Outcome::Parsed {
            components,
            host_kind,
        } = scope_id_applied(&parse("//[::%a]"), answer("[v1.a]"))
        else {
            panic!("a parse");
        };
        assert_eq!(components.host.as_deref(), Some("[::%a]"));
        assert_eq!(host_kind, Some(HostKind::Ipv6));
        // The address is Java's to read: "[1:2%a]" is no IPv6 address.
        assert!(matches!(
            scope_id_applied(&parse("//[1:2%a]"), answer("[v1.aa]")),
            Outcome::Invalid(_)
        ));
    }

    #[test]
    fn a_merge_drops_its_empty_segments_first() {
        let case = |base: &str, input: &str| Request::Resolve {
            base: base.into(),
            input: input.into(),
            strict: true,
        };
        let rewritten = |base: &str, input: &str| {
            merge_empty_segments_rewrite(&case(base, input), &case(base, input)).map(|r| match r {
                Request::Resolve { base, input, .. } => (base, input),
                _ => unreachable!(),
            })
        };
        assert_eq!(
            rewritten("a:/a/", ".//.."),
            Some(("a:/a/".into(), "./..".into()))
        );
        assert_eq!(
            rewritten("a://0//", ".."),
            Some(("a://0/".into(), "..".into()))
        );
        assert_eq!(
            rewritten("a:/.//?q", "?"),
            Some(("a:/./?q".into(), "?".into()))
        );
        // No merge: an absolute path, an authority, a scheme, an opaque base, a lone fragment.
        assert_eq!(rewritten("a://h//x/", "/b//c"), None);
        assert_eq!(rewritten("a:/x//", "//h/b//c"), None);
        assert_eq!(rewritten("a:/x//", "b:c//d"), None);
        assert_eq!(rewritten("a:b//", "c//d"), None);
        assert_eq!(rewritten("a:/x//y", "#f"), None);
        // An empty authority is none: the reference merges.
        assert_eq!(
            rewritten("a:/.//", "//?"),
            Some(("a:/./".into(), "//?".into()))
        );
    }

    #[test]
    fn an_empty_authority_is_none_and_the_base_one_is_taken() {
        let case = |base: &str, input: &str| Request::Resolve {
            base: base.into(),
            input: input.into(),
            strict: true,
        };
        let rewritten = |base: &str, input: &str| {
            empty_authority_undefined_rewrite(&case(base, input), &case(base, input)).map(|r| {
                match r {
                    Request::Resolve { input, .. } => input,
                    _ => unreachable!(),
                }
            })
        };
        assert_eq!(rewritten("a://a", "////"), Some("//a//".into()));
        assert_eq!(
            rewritten("a://a:00/x", "////b?q"),
            Some("//a:00//b?q".into())
        );
        assert_eq!(rewritten("a:/", "///"), Some("/".into()));
        assert_eq!(rewritten("a:/.//", "//?"), Some("?".into()));
        assert_eq!(rewritten("a://h", "//#f"), Some("#f".into()));
        // Against a base without authority, a "//" path is left to the writer.
        assert_eq!(rewritten("a:/", "////"), None);
        assert_eq!(rewritten("a:///x", "////"), Some("////".into()));
        // A defined authority, a scheme, an opaque base.
        assert_eq!(rewritten("a://a", "//h/p"), None);
        assert_eq!(rewritten("a://a", "b:///p"), None);
        assert_eq!(rewritten("a:b", "///p"), None);
        let both = |base: &str, input: &str| {
            empty_authority_undefined_rewrite(&case(base, input), &case(base, input)).map(|r| {
                match r {
                    Request::Resolve { base, input, .. } => (base, input),
                    _ => unreachable!(),
                }
            })
        };
        assert_eq!(both("a:///", ""), Some(("a:/".into(), "".into())));
        assert_eq!(both("a:///x", "///"), Some(("a:/x".into(), "/".into())));
        // An empty path: "/" merged under a reference's path, none without one.
        assert_eq!(both("a://?q", "b"), Some(("a:/?q".into(), "b".into())));
        assert_eq!(both("a://?q", "?r"), Some(("a:?q".into(), "?r".into())));
        assert_eq!(both("a://?q", "//?r"), Some(("a:?q".into(), "?r".into())));
        // A path that starts with "//" is the writer's.
        assert_eq!(both("a:////x", "b"), None);
    }

    #[test]
    fn a_resolved_port_is_an_int() {
        let case = |base: &str, input: &str| Request::Resolve {
            base: base.into(),
            input: input.into(),
            strict: true,
        };
        let target = |base: &str, input: &str, t: &str| {
            written_from_components(&case(base, input), Outcome::Resolved(t.into()))
        };
        assert_eq!(
            target("a:/", "//0.0.0.0:00", "a://0.0.0.0:00"),
            Outcome::Resolved("a://0.0.0.0:0".into())
        );
        assert_eq!(
            target("a:/", "//a:", "a://a:"),
            Outcome::Resolved("a://a".into())
        );
        assert_eq!(
            target("a:/", "b://h:00", "b://h:00"),
            Outcome::Resolved("b://h:00".into())
        );
        assert_eq!(
            target("a://0.0.0.0://", "a", "a://0.0.0.0:/a"),
            Outcome::Resolved("a://0.0.0.0/a".into())
        );
        assert_eq!(
            target("a:///x", "////", "a:////"),
            Outcome::Resolved("a://".into())
        );
        assert_eq!(
            target("a:/", "/b//c", "a:/b//c"),
            Outcome::Resolved("a:/b//c".into())
        );
        assert_eq!(
            opaque_base_unresolved(&case("a:a", "b"), Outcome::Resolved("a:b".into())),
            Outcome::Resolved("b".into())
        );
    }

    #[test]
    fn an_ipv4_part_read_as_scan_byte_does() {
        let read = super::ipv4_part_read;
        assert_eq!(read("::00.0.0.0", false).as_deref(), Some("::0.0.0.0"));
        assert_eq!(read("::1.2.3.0004", true).as_deref(), Some("::1.2.3.4"));
        assert_eq!(read("::1.2.3.0004", false), None);
        assert_eq!(read("::1.2.3.4", true), None);
        assert_eq!(read("::1.2.3.256", true), None);
        assert_eq!(read("::1:2", true), None);
        assert_eq!(
            super::authority("[::0000.0.0.0]"),
            super::authority("[::0.0.0.0]")
        );
    }
}
