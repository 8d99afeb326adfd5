//! rocket_http 0.5.2's reading of a URI reference (`Reference::parse`, `Absolute::parse`:
//! src/parse/uri/parser.rs `reference`, `absolute`, `hier_part`, `authority`, `host`), written
//! from its source where it lets through what RFC 3986 refuses.
//!
//! Each rule names the bytes it lets through at the places rocket_http reads them (its
//! [`Reading`] of the input: where the scheme, userinfo, host, port, path, query and fragment
//! are). A model rewrites the case with those bytes replaced, one for one, by a character RFC
//! 3986 allows there ("!", a sub-delim, which is no scheme character, so no scheme appears; a
//! run of "a" for a whole IP literal), lets the reference answer the rewritten case, and puts
//! back the input's own text at the places the rewrite changed ([`put_back`]). The offsets stay
//! those of the input, so the rules compose in any order; anything else the reference refuses
//! stays refused, and a model reproduces only answers its own rule explains.

use std::ops::Range;

use super::adapter_host_kind;
use crate::model::Outcome;
use crate::reference::host::check_ip_literal;
use crate::reference::{self, ParseOptions, Rule};

/// One of rocket_http's rules that lets through what RFC 3986 refuses.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Leniency {
    /// `PCT_ENCODED` of src/parse/uri/tables.rs is the characters "%" and the hex digits one by
    /// one: a "%" that starts no triplet passes in the userinfo, a registered name, the path,
    /// the query and the fragment.
    PercentUnchecked,
    /// `QUERY_CHARS`: "{", "}", "[", "]", "\", "^", "`" and "|" in the query, and in the
    /// fragment (`fragment` reads with `is_qchar`).
    QueryCharacters,
    /// `PATH_CHARS`: "[" and "]" in the path.
    PathBrackets,
    /// `host`: an IP literal is "[" and any run of `is_host_char` (pchar but "[" and "]") up to
    /// "]", unchecked.
    IpLiteralNotChecked,
    /// `reference`: a scheme is read only when the first run of scheme characters is followed
    /// by ":"; otherwise the input is a path (`path`, `is_pchar`), whose first segment may hold
    /// a ":".
    RelativePathColon,
}

/// `SCHEME_CHAR` of src/parse/uri/tables.rs.
fn scheme_char(b: u8) -> bool {
    b.is_ascii_alphanumeric() || matches!(b, b'+' | b'-' | b'.')
}

/// `is_host_char` of src/parse/uri/tables.rs: `PATH_CHARS` ("[" and "]" aside).
fn host_char(b: u8) -> bool {
    b.is_ascii_alphanumeric() || b"-._~%!$&'()*+,;=:@/".contains(&b)
}

/// The bytes `QUERY_CHARS` adds to RFC 3986's query characters.
const QUERY_EXTRAS: &[u8] = b"{}[]\\^`|";

/// Where rocket_http reads each component of an input, as byte ranges; `None` where its
/// parser refuses the input's shape before any character is checked.
#[derive(Debug, PartialEq, Eq)]
struct Reading {
    scheme: Option<Range<usize>>,
    userinfo: Option<Range<usize>>,
    host: Option<Range<usize>>,
    port: Option<Range<usize>>,
    path: Range<usize>,
    query: Option<Range<usize>>,
    fragment: Option<Range<usize>>,
}

/// The first of `stops` at or after `from`, or the end.
fn end_of(b: &[u8], from: usize, stops: &[u8]) -> usize {
    b[from..]
        .iter()
        .position(|c| stops.contains(c))
        .map_or(b.len(), |i| from + i)
}

impl Reading {
    /// `reference`: a scheme when the first run of scheme characters is followed by ":" (and
    /// is not empty: "missing scheme"); an authority after "//" (`hier_part`); the path up to
    /// "?" or "#", the query up to "#", the fragment to the end.
    fn of(input: &str) -> Option<Self> {
        let b = input.as_bytes();
        let prefix = b.iter().take_while(|&&c| scheme_char(c)).count();
        let (scheme, mut pos) = match b.get(prefix) {
            Some(b':') if prefix == 0 => return None,
            Some(b':') => (Some(0..prefix), prefix + 1),
            _ => (None, 0),
        };
        let (mut userinfo, mut host, mut port) = (None, None, None);
        if b[pos..].starts_with(b"//") {
            let start = pos + 2;
            let end = end_of(b, start, b"/?#");
            // `authority`: "[" at the start is an IP literal without userinfo; otherwise the
            // userinfo ends at the first "@".
            let host_start = if b.get(start) == Some(&b'[') {
                start
            } else {
                match b[start..end].iter().position(|&c| c == b'@') {
                    Some(at) => {
                        userinfo = Some(start..start + at);
                        start + at + 1
                    }
                    None => start,
                }
            };
            let after_host = if b.get(host_start) == Some(&b'[') {
                // `host`: `enclosed(b'[', is_host_char, b']')`.
                let close =
                    host_start + 1 + b[host_start + 1..].iter().position(|&c| !host_char(c))?;
                if b[close] != b']' {
                    return None;
                }
                host = Some(host_start..close + 1);
                close + 1
            } else {
                let colon = end_of(b, host_start, b":/?#");
                host = Some(host_start..colon);
                colon
            };
            let authority_end = end_of(b, after_host, b"/?#");
            match b.get(after_host) {
                Some(b':') => port = Some(after_host + 1..authority_end),
                // After an IP literal, `port` or the path (`hier_part` peeks "/").
                _ if after_host != authority_end => return None,
                _ => {}
            }
            pos = authority_end;
        }
        let path_end = end_of(b, pos, b"?#");
        let path = pos..path_end;
        let (mut query, mut fragment) = (None, None);
        if b.get(path_end) == Some(&b'?') {
            let end = end_of(b, path_end + 1, b"#");
            query = Some(path_end + 1..end);
        }
        let fragment_start = end_of(b, path_end, b"#");
        if fragment_start < b.len() {
            fragment = Some(fragment_start + 1..b.len());
        }
        Some(Reading {
            scheme,
            userinfo,
            host,
            port,
            path,
            query,
            fragment,
        })
    }

    /// Whether the host is an IP literal (`host` read it between brackets).
    fn literal(&self, b: &[u8]) -> Option<Range<usize>> {
        self.host.clone().filter(|h| b.get(h.start) == Some(&b'['))
    }
}

fn is_triplet(b: &[u8], i: usize) -> bool {
    b[i] == b'%'
        && b.get(i + 1).is_some_and(u8::is_ascii_hexdigit)
        && b.get(i + 2).is_some_and(u8::is_ascii_hexdigit)
}

/// The case's input with the bytes `rule` lets through replaced, when there are any.
pub(super) fn rewritten(rule: Leniency, input: &str, zone_id: bool) -> Option<String> {
    let reading = Reading::of(input)?;
    let b = input.as_bytes();
    let mut out = b.to_vec();
    let mut replace = |range: &Range<usize>, at: &dyn Fn(usize) -> bool, with: u8| {
        for i in range.clone() {
            if at(i) {
                out[i] = with;
            }
        }
    };
    match rule {
        Leniency::PercentUnchecked => {
            let bare = |i: usize| b[i] == b'%' && !is_triplet(b, i);
            let host = reading
                .host
                .clone()
                .filter(|_| reading.literal(b).is_none());
            for range in [
                reading.userinfo.clone(),
                host,
                Some(reading.path.clone()),
                reading.query.clone(),
                reading.fragment.clone(),
            ]
            .iter()
            .flatten()
            {
                replace(range, &bare, b'!');
            }
        }
        Leniency::QueryCharacters => {
            let extra = |i: usize| QUERY_EXTRAS.contains(&b[i]);
            for range in [reading.query.clone(), reading.fragment.clone()]
                .iter()
                .flatten()
            {
                replace(range, &extra, b'!');
            }
        }
        Leniency::PathBrackets => {
            replace(&reading.path, &|i| matches!(b[i], b'[' | b']'), b'!');
        }
        Leniency::IpLiteralNotChecked => {
            let literal = reading.literal(b)?;
            let inside = &b[literal.start + 1..literal.end - 1];
            if check_ip_literal(inside, 0, zone_id).is_ok() {
                return None;
            }
            replace(&literal, &|_| true, b'a');
        }
        Leniency::RelativePathColon => {
            if reading.scheme.is_some() || reading.host.is_some() {
                return None;
            }
            let first = reading.path.start..end_of(b, reading.path.start, b"/?#");
            replace(&first, &|i| b[i] == b':', b'!');
        }
    }
    (out != b).then(|| String::from_utf8(out).expect("ASCII replaced by ASCII"))
}

/// The reference's answer to the rewritten input, with the input's own text put back where
/// the rewrite changed it (offsets are kept: every replacement is one byte for one), and the
/// host kind the adapter reads from a host put back (src/impls/rocket_http_adapter.rs).
pub(super) fn put_back(original: &str, rewritten: &str, zone_id: bool, answer: Outcome) -> Outcome {
    let Outcome::Parsed {
        mut components,
        mut host_kind,
    } = answer
    else {
        return answer;
    };
    let parsed = (original != rewritten && original.len() == rewritten.len())
        .then(|| {
            reference::parse_with(rewritten, Rule::UriReference, ParseOptions { zone_id }).ok()
        })
        .flatten();
    if let Some(parsed) = parsed {
        // The parse's components are slices of the rewritten input: the input's own text
        // lies at the same offsets.
        let at = |part: &str| {
            let start = (part.as_ptr() as usize).checked_sub(rewritten.as_ptr() as usize)?;
            let own = original.get(start..start + part.len())?;
            (own != part).then(|| own.to_owned())
        };
        let c = &mut components;
        for (field, part) in [
            (&mut c.scheme, parsed.scheme),
            (&mut c.userinfo, parsed.userinfo),
            (&mut c.port, parsed.port),
            (&mut c.query, parsed.query),
            (&mut c.fragment, parsed.fragment),
        ] {
            if let Some(own) = part.and_then(at) {
                *field = Some(own);
            }
        }
        if let Some(own) = at(parsed.path) {
            c.path = own;
        }
        if let Some(own) = parsed.host.and_then(at) {
            host_kind = Some(adapter_host_kind(&own));
            c.host = Some(own);
        }
    }
    Outcome::Parsed {
        components,
        host_kind,
    }
}

/// `Authority::port` is an `Option<u16>` read from at most five digits (`port`:
/// `take_n_while(5, ..)`; `maybe_port`: "port len is out of range", "port out of range"): the
/// reference's port as rocket_http reports it, or its refusal.
pub(super) fn port_u16(answer: Outcome) -> Outcome {
    match answer {
        Outcome::Parsed {
            mut components,
            host_kind,
        } => {
            if let Some(digits) = components.port.as_deref().filter(|p| !p.is_empty()) {
                if digits.len() > 5 {
                    return Outcome::invalid("rocket_http: port len is out of range".into());
                }
                match digits.parse::<u16>() {
                    Ok(port) => components.port = Some(port.to_string()),
                    Err(_) => return Outcome::invalid("rocket_http: port out of range".into()),
                }
            }
            Outcome::Parsed {
                components,
                host_kind,
            }
        }
        other => other,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ranges(input: &str) -> Option<Reading> {
        Reading::of(input)
    }

    #[test]
    fn reads_as_rocket_http_does() {
        let r = ranges("a://u@[x/y]:80/p?q#f").unwrap();
        assert_eq!(r.scheme, Some(0..1));
        assert_eq!(r.userinfo, Some(4..5));
        assert_eq!(r.host, Some(6..11));
        assert_eq!(r.port, Some(12..14));
        assert_eq!(r.path, 14..16);
        assert_eq!((r.query, r.fragment), (Some(17..18), Some(19..20)));
        // No scheme where the first run of scheme characters is not followed by ":".
        let r = ranges("a_b:c").unwrap();
        assert_eq!((r.scheme, r.path), (None, 0..5));
        assert!(ranges(":a").is_none());
        // An IP literal runs to its "]" over "/" and "@"; nothing but a port follows it.
        assert_eq!(ranges("//[a@b]").unwrap().userinfo, None);
        assert!(ranges("//[a?b]").is_none());
        assert!(ranges("//[::]x").is_none());
    }

    #[test]
    fn rewrites_only_what_the_rule_lets_through() {
        let rewrite = |rule, input| rewritten(rule, input, false);
        assert_eq!(
            rewrite(Leniency::PercentUnchecked, "//%@%/%41%?%#%").as_deref(),
            Some("//!@!/%41!?!#!")
        );
        assert_eq!(rewrite(Leniency::PercentUnchecked, "//[%]"), None);
        assert_eq!(
            rewrite(Leniency::QueryCharacters, "/[?{#|").as_deref(),
            Some("/[?!#!")
        );
        assert_eq!(
            rewrite(Leniency::PathBrackets, "/[?[").as_deref(),
            Some("/!?[")
        );
        assert_eq!(
            rewrite(Leniency::IpLiteralNotChecked, "//u@[x]:1").as_deref(),
            Some("//u@aaa:1")
        );
        assert_eq!(rewrite(Leniency::IpLiteralNotChecked, "//[::1]"), None);
        assert_eq!(
            rewrite(Leniency::RelativePathColon, "a_b:c/d:e").as_deref(),
            Some("a_b!c/d:e")
        );
        assert_eq!(rewrite(Leniency::RelativePathColon, "a:b"), None);
    }

    #[test]
    fn puts_back_the_input_and_reads_the_port_as_a_u16() {
        let answer = reference::parse("//aaa:080/!").map(|c| Outcome::Parsed {
            components: (&c).into(),
            host_kind: c.host_kind,
        });
        let answer = port_u16(put_back(
            "//[x]:080/[",
            "//aaa:080/!",
            false,
            answer.unwrap(),
        ));
        let Outcome::Parsed {
            components,
            host_kind,
        } = answer
        else {
            panic!("parsed")
        };
        assert_eq!(components.host.as_deref(), Some("[x]"));
        assert_eq!(components.port.as_deref(), Some("80"));
        assert_eq!(components.path, "/[");
        assert_eq!(host_kind, Some(crate::reference::HostKind::Ipv6));
    }
}
