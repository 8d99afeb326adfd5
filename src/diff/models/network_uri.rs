//! network-uri 2.6.4.1's normalization (`haskell-network-uri`), written from Network/URI.hs:
//! the adapter answers `normalizeCase (normalizeEscape (normalizePathSegments s))`, each a
//! function from string to string (`super::Transform::NetworkUri*`).
//!
//! - `normalizePathSegments` removes dot-segments only from what `parseURI` accepts, a URI
//!   with a scheme (`normstr Nothing = uristr`), and writes it with `show`, whose
//!   `defaultUserInfoMap` writes a password as "...": "u:p@" is "u:...@".
//! - `normalizeEscape` decodes a triplet of an unreserved character; `normalizeCase`
//!   uppercases the others' hexadecimal digits and lowercases the scheme, and nothing else:
//!   "NOTE: authority case normalization is not performed".
//! - `normalizeCase`'s scan of the scheme, `ncScheme (c:cs) | isSchemeChar c = toLower
//!   c:ncScheme cs`, ends without a ":" at `ncScheme _ = ncEscape uristr`, which writes the
//!   whole string again after the scheme characters it has written.

use crate::model::Outcome;
use crate::reference::{self, Components};

/// Which of the functions' rules.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Rule {
    /// The host's letters keep their case.
    HostCaseKept,
    /// A reference without a scheme keeps its dot-segments.
    RelativeReferencePathKept,
    /// A URI's dot-segments are removed before its percent-encodings are normalized.
    DotSegmentsBeforeDecoding,
    /// A password is written "...".
    PasswordHidden,
    /// A string without a scheme starts with its scheme characters twice.
    SchemeScanRestarts,
}

/// The normalization's answer under `rule`, for the input `input`.
pub(super) fn apply(rule: Rule, input: &str, answer: Outcome) -> Outcome {
    match answer {
        Outcome::Normalized(normalized) => {
            Outcome::Normalized(rewritten(rule, input, &normalized).unwrap_or(normalized))
        }
        other => other,
    }
}

fn rewritten(rule: Rule, input: &str, normalized: &str) -> Option<String> {
    let given = reference::parse(input).ok()?;
    let c = reference::parse(normalized).ok()?;
    match rule {
        Rule::HostCaseKept => {
            let host = escapes_normalized(given.host?);
            Some(reference::recompose(&Components {
                host: Some(&host),
                ..c
            }))
        }
        Rule::RelativeReferencePathKept if given.scheme.is_none() => {
            let path = escapes_normalized(given.path);
            Some(reference::recompose(&Components { path: &path, ..c }))
        }
        Rule::DotSegmentsBeforeDecoding if given.scheme.is_some() => {
            let path = escapes_normalized(&remove_dot_segments(given.path));
            Some(reference::recompose(&Components { path: &path, ..c }))
        }
        Rule::PasswordHidden if given.scheme.is_some() => {
            // defaultUserInfoMap: `(user,pass) = break (==':') uinf`, kept where pass is "@"
            // or ":@" (no password, or an empty one).
            let (user, password) = c.userinfo?.split_once(':')?;
            if password.is_empty() {
                return None;
            }
            let userinfo = format!("{user}:...");
            Some(reference::recompose(&Components {
                userinfo: Some(&userinfo),
                ..c
            }))
        }
        Rule::SchemeScanRestarts if c.scheme.is_none() => {
            let scanned = normalized
                .bytes()
                .take_while(|b| b.is_ascii_alphanumeric() || b"+-.".contains(b))
                .count();
            Some(format!(
                "{}{normalized}",
                normalized[..scanned].to_ascii_lowercase()
            ))
        }
        _ => None,
    }
}

/// Network/URI.hs's `removeDotSegments`: "Remove dot segments, but protect leading '/'
/// character", `elimDots` keeping each segment with the "/" after it and dropping one for
/// "..", so that a rootless path stays rootless ("b/../c" is "c").
fn remove_dot_segments(path: &str) -> String {
    let (root, mut rest) = match path.strip_prefix('/') {
        Some(rest) => ("/", rest),
        None => ("", path),
    };
    let mut kept: Vec<&str> = Vec::new();
    while !rest.is_empty() {
        if let Some(after) = rest.strip_prefix("./") {
            rest = after;
        } else if rest == "." {
            rest = "";
        } else if let Some(after) = rest.strip_prefix("../") {
            kept.pop();
            rest = after;
        } else if rest == ".." {
            kept.pop();
            rest = "";
        } else {
            let end = rest.find('/').map_or(rest.len(), |slash| slash + 1);
            kept.push(&rest[..end]);
            rest = &rest[end..];
        }
    }
    format!("{root}{}", kept.concat())
}

/// `normalizeEscape` then `ncEscape`: a triplet of an unreserved character decoded, the
/// others' hexadecimal digits in uppercase, every other character as it is.
fn escapes_normalized(text: &str) -> String {
    let bytes = text.as_bytes();
    let mut out = String::with_capacity(text.len());
    let mut i = 0;
    while i < bytes.len() {
        if bytes[i] == b'%' && i + 2 < bytes.len() {
            let (h1, h2) = (bytes[i + 1], bytes[i + 2]);
            if h1.is_ascii_hexdigit() && h2.is_ascii_hexdigit() {
                let value = u8::from_str_radix(&text[i + 1..i + 3], 16).unwrap_or(0);
                if value.is_ascii_alphanumeric() || b"-._~".contains(&value) {
                    out.push(char::from(value));
                } else {
                    out.push('%');
                    out.push(char::from(h1.to_ascii_uppercase()));
                    out.push(char::from(h2.to_ascii_uppercase()));
                }
                i += 3;
                continue;
            }
        }
        let ch = text[i..].chars().next().unwrap_or('\u{FFFD}');
        out.push(ch);
        i += ch.len_utf8();
    }
    out
}

/// Parse (`super::Transform::NetworkUriZoneIdRead`, a rewrite): `ipLiteral` reads `ipv6addrz
/// <|> ipvFuture`, and `ipv6addrz = (++) <$> ipv6address <*> option "" (try $ (++) <$> string
/// "%25" <*> zoneid)` (RFC 6874 §2): the case read with zone identifiers, asked or not.
pub(super) fn zone_id_read(case: &crate::protocol::Request) -> Option<crate::protocol::Request> {
    match case {
        crate::protocol::Request::Parse {
            input,
            rule,
            zone_id: false,
        } => Some(crate::protocol::Request::Parse {
            input: input.clone(),
            rule: rule.clone(),
            zone_id: true,
        }),
        _ => None,
    }
}

/// The address and the zone of an IP literal `[address%25zone]`, the zone `None` without one.
fn literal(host: &str) -> Option<(&str, Option<&str>)> {
    let inner = host.strip_prefix('[')?.strip_suffix(']')?;
    Some(match inner.split_once("%25") {
        Some((address, zone)) => (address, Some(zone)),
        None => (inner, None),
    })
}

/// Parse (`super::Transform::NetworkUriZoneAfterIpv4Refused`): `ipv4address` ends with
/// `notFollowedBy nameChar`, and `nameChar` takes a pct-encoded triplet, so the IPv4 tail of
/// an IPv6 literal followed by a zone's "%25" fails, and no other branch of `ipv6address`
/// reads a ".": the literal, and the reference, refused.
pub(super) fn zone_after_ipv4_refused(answer: Outcome) -> Outcome {
    match &answer {
        Outcome::Parsed { components, .. }
            if components
                .host
                .as_deref()
                .and_then(literal)
                .is_some_and(|(address, zone)| zone.is_some() && address.contains('.')) =>
        {
            Outcome::invalid("ipv4address: notFollowedBy nameChar".to_owned())
        }
        _ => answer,
    }
}

/// Parse (`super::Transform::NetworkUriIpvFutureNarrowed`): `ipvFuture` is `char 'v'`, one
/// `hexDigitChar`, `char '.'` and `many1 (satisfy isIpvFutureChar)`, where `isIpvFutureChar c
/// = isUnreserved c || isSubDelims c || (c==';')`: a version of two hex digits or more, or a
/// ":" after the ".", refused.
pub(super) fn ipvfuture_narrowed(answer: Outcome) -> Outcome {
    let refused = |host: &str| {
        let Some((address, None)) = literal(host) else {
            return false;
        };
        let Some(rest) = address.strip_prefix(['v', 'V']) else {
            return false;
        };
        let Some((version, tail)) = rest.split_once('.') else {
            return false;
        };
        version.len() > 1 || tail.contains(':')
    };
    match &answer {
        Outcome::Parsed { components, .. } if components.host.as_deref().is_some_and(refused) => {
            Outcome::invalid("ipvFuture: one hex digit, no \":\"".to_owned())
        }
        _ => answer,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn at(rule: Rule, input: &str, normalized: &str) -> String {
        match apply(rule, input, Outcome::Normalized(normalized.to_owned())) {
            Outcome::Normalized(n) => n,
            other => panic!("{other:?}"),
        }
    }

    #[test]
    fn the_hosts_letters_keep_their_case() {
        assert_eq!(at(Rule::HostCaseKept, "//X", "//x"), "//X");
        assert_eq!(
            at(Rule::HostCaseKept, "a://%41b%2f/p", "a://ab%2F/p"),
            "a://Ab%2F/p"
        );
        assert_eq!(at(Rule::HostCaseKept, "a:b", "a:b"), "a:b");
    }

    #[test]
    fn a_reference_without_a_scheme_keeps_its_dot_segments() {
        let kept = Rule::RelativeReferencePathKept;
        assert_eq!(at(kept, "/a/../%7e", "/~"), "/a/../~");
        assert_eq!(at(kept, "a:/b/../c", "a:/c"), "a:/c");
    }

    #[test]
    fn dot_segments_are_removed_before_the_percent_encodings_are_normalized() {
        let before = Rule::DotSegmentsBeforeDecoding;
        assert_eq!(at(before, "a:/%2E", "a:/"), "a:/.");
        assert_eq!(at(before, "a:/b/%2e%2E/c/./d", "a:/c/d"), "a:/b/../c/d");
        assert_eq!(at(before, "a:b/../c", "a:/c"), "a:c");
        assert_eq!(at(before, "a:/.//b", "a:/.//b"), "a://b");
        assert_eq!(remove_dot_segments("/a/.."), "/");
        assert_eq!(remove_dot_segments("a/b/.."), "a/");
    }

    #[test]
    fn a_password_is_written_as_dots() {
        let hidden = Rule::PasswordHidden;
        assert_eq!(at(hidden, "a://u:p@h/", "a://u:p@h/"), "a://u:...@h/");
        assert_eq!(at(hidden, "a://::@h", "a://::@h"), "a://:...@h");
        // No password, an empty one, or no scheme (normalizePathSegments not applied).
        assert_eq!(at(hidden, "a://u@h", "a://u@h"), "a://u@h");
        assert_eq!(at(hidden, "a://u:@h", "a://u:@h"), "a://u:@h");
        assert_eq!(at(hidden, "//u:p@h", "//u:p@h"), "//u:p@h");
    }

    #[test]
    fn a_string_without_a_scheme_starts_with_its_scheme_characters_twice() {
        let restarts = Rule::SchemeScanRestarts;
        assert_eq!(at(restarts, "a", "a"), "aa");
        assert_eq!(at(restarts, "Ab/c", "Ab/c"), "abAb/c");
        assert_eq!(at(restarts, "//X", "//X"), "//X");
        assert_eq!(at(restarts, "A:b", "a:b"), "a:b");
    }
}
