//! A model may forgive another spelling, never another meaning.
//!
//! A known difference's model reproduces a crate's answer exactly; this module decides whether
//! that answer still means what the RFC's does, so that no documented behaviour can forgive a
//! change of target:
//! - a normalization keeps the reference equivalent (RFC 3986 §6.1: normalization serves
//!   comparison), so the crate's output must resolve to the same target as the input against
//!   every one of [`PROBE_BASES`], targets compared as [`equivalent_targets`] does;
//! - a resolution's target may be spelled otherwise (a port without leading zeros, an IPv6
//!   address in another form, a decoded octet), but no scheme or authority may appear, vanish
//!   or change that the RFC's target (§5.2.2's components, not the reparse of their string)
//!   does not have.
//!
//! Models of another specification (the URL Standard) are exact answers of that
//! specification, where RFC 3986's meaning does not apply; the catalogue does not ask this of
//! them.
//!
//! An answer that fails these is never forgiven: a bug entry may still name it, otherwise it is
//! a candidate bug.

use std::net::Ipv6Addr;

use crate::model::Outcome;
use crate::protocol::Request;
use crate::reference::{self, Level, ResolveOptions};

/// The bases a normalization's input and output are both resolved against: the RFC's own
/// example base (§5.4), a base with an authority and an empty path, and one without authority
/// whose path ends in "/". Between them they tell apart a directory from a document ("a/."
/// from "a"), a same-document reference from any other ("" from "."), and a relative path
/// from an absolute one.
pub(crate) const PROBE_BASES: [&str; 3] = ["http://a/b/c/d;p?q", "foo://h", "foo:/x/y/"];

/// Whether `actual`, the answer a model reproduced, means what `expected` (the reference's
/// answer) means for `case`. Answers other than a normalization or a resolution target keep
/// their meaning by construction (a parse is compared component by component).
pub(crate) fn keeps_meaning(case: &Request, expected: &Outcome, actual: &Outcome) -> bool {
    match (case, actual) {
        (Request::Normalize { input, .. }, Outcome::Normalized(output)) => {
            same_targets(input, output)
        }
        (Request::Resolve { .. }, Outcome::Resolved(target)) => {
            match (expected, super::compare::letter_target(case)) {
                (Outcome::Resolved(letter), Some((rfc, _))) => {
                    let letter_text = letter.as_str();
                    // §5.2.2's components: an authority only where T.authority is defined.
                    let rfc = match &rfc.host {
                        Some(host) => {
                            let mut text = format!("{}://", rfc.scheme.as_deref().unwrap_or(""));
                            if let Some(userinfo) = &rfc.userinfo {
                                text.push_str(userinfo);
                                text.push('@');
                            }
                            text.push_str(host);
                            if let Some(port) = &rfc.port {
                                text.push(':');
                                text.push_str(port);
                            }
                            Authority::of_text(&text)
                        }
                        None => Some(Authority::of(rfc.scheme.as_deref(), None, None, None)),
                    };
                    // Where §5.2.2's path starts with "//" and it has no authority, §5.3's
                    // recomposition reads back with one (documented choice 1: the letter
                    // conforms, as "/." before the path does): the letter's own string is
                    // allowed too, and nothing else.
                    let letter = (rfc.is_none() || rfc.as_ref().is_some_and(|a| a.host.is_none()))
                        .then(|| Authority::of_text(letter))
                        .flatten();
                    match Authority::of_text(target) {
                        Some(ours) => rfc.as_ref() == Some(&ours) || letter == Some(ours),
                        // An unparseable target has no authority to compare (its own finding
                        // says so), but one written where §5.2.2's components have none
                        // appears all the same ("a://:a" for T.path "//:a"), unless it is the
                        // letter's own string.
                        None => {
                            let appears = rfc.as_ref().is_some_and(|a| a.host.is_none())
                                && reference::split(target).authority.is_some();
                            !appears || written_alike(target, letter_text)
                        }
                    }
                }
                // The RFC's target does not exist: a crate that resolves what the RFC refuses
                // is judged by its model alone.
                _ => true,
            }
        }
        _ => true,
    }
}

/// Whether `target` shows the authority that §5.3's string `letter` shows, under a scheme
/// that differs in case alone: that string, spelled otherwise (a base whose scheme was
/// lowercased first, §5.2.1).
fn written_alike(target: &str, letter: &str) -> bool {
    let (t, l) = (reference::split(target), reference::split(letter));
    t.authority == l.authority
        && t.scheme
            .zip(l.scheme)
            .is_some_and(|(t, l)| t.eq_ignore_ascii_case(l))
}

/// The parts of a URI that say where it goes, up to spelling: the scheme lowercased, the host
/// after syntax-based normalization or as an IPv6 address, the port as a number (an empty
/// port as none), the userinfo after normalization.
#[derive(Debug, PartialEq, Eq)]
pub(crate) struct Authority {
    scheme: Option<String>,
    userinfo: Option<String>,
    host: Option<String>,
    port: Option<String>,
}

impl Authority {
    fn of(
        scheme: Option<&str>,
        userinfo: Option<&str>,
        host: Option<&str>,
        port: Option<&str>,
    ) -> Self {
        let userinfo = userinfo.map(normalized_part);
        let host = host.map(normalized_part);
        Authority::of_normal(scheme, userinfo.as_deref(), host.as_deref(), port)
    }

    /// [`Authority::of`] for parts that are already normalized (§6.2.2.1, §6.2.2.2), which
    /// normalizing again leaves as they are.
    fn of_normal(
        scheme: Option<&str>,
        userinfo: Option<&str>,
        host: Option<&str>,
        port: Option<&str>,
    ) -> Self {
        let host = host.map(|h| {
            match h
                .strip_prefix('[')
                .and_then(|h| h.strip_suffix(']'))
                .and_then(|h| h.parse::<Ipv6Addr>().ok())
            {
                Some(address) => address.to_string(),
                None => h.to_ascii_lowercase(),
            }
        });
        Authority {
            scheme: scheme.map(str::to_ascii_lowercase),
            userinfo: userinfo.map(str::to_ascii_lowercase),
            host,
            port: port
                .filter(|p| !p.is_empty())
                .map(|p| p.trim_start_matches('0').to_owned()),
        }
    }

    /// The authority of a string parsed as a URI reference, after scheme-based normalization
    /// (§6.2.3 drops a scheme's default port); `None` when it does not parse.
    fn of_text(text: &str) -> Option<Self> {
        let normal = reference::normalize(text, Level::Scheme).ok()?;
        let c = reference::parse(&normal).ok()?;
        Some(Authority::of_normal(c.scheme, c.userinfo, c.host, c.port))
    }
}

/// Whether `input` and `output` resolve to equivalent targets against every probe base (both
/// failing counts as the same).
pub(crate) fn same_targets(input: &str, output: &str) -> bool {
    // Choices 2 and 10: a rootless path kept rootless is a reading of §5.2.4 as conforming as
    // the letter's, so the two resolve alike under one of the readings ("foo:a/../b" and
    // "foo:b" are one URI where rootless paths stay rootless).
    input == output
        || [false, true].into_iter().any(|rootless_kept| {
            PROBE_BASES.iter().all(|base| {
                // Choice 1's "/." before a "//" path without authority (the letter's string
                // would read back with an authority neither reference has), and choice 3's
                // reading of "%2E" segments as dot-segments, which normalization's decoding
                // of unreserved octets (§6.2.2.2) makes them.
                let options = ResolveOptions {
                    slash_dot_prefix: true,
                    percent_encoded_dots: true,
                    rootless_kept,
                    ..ResolveOptions::default()
                };
                let target = |reference: &str| reference::resolve(base, reference, options).ok();
                match (target(input), target(output)) {
                    (Some(a), Some(b)) => equivalent_targets(&a, &b),
                    (a, b) => a.is_none() && b.is_none(),
                }
            })
        })
}

/// Whether two URIs are the same up to spelling: the same [`Authority`], and the same path,
/// query and fragment after scheme-based normalization (§6.2.2, §6.2.3).
pub(crate) fn equivalent_targets(a: &str, b: &str) -> bool {
    // One normalization and one parse of each; two strings that do not parse count as the
    // same, as two unparseable authorities do.
    let read = |t: &str| {
        let n = reference::normalize(t, Level::Scheme).ok()?;
        let c = reference::parse(&n).ok()?;
        Some((
            Authority::of_normal(c.scheme, c.userinfo, c.host, c.port),
            c.path.to_owned(),
            c.query.map(str::to_owned),
            c.fragment.map(str::to_owned),
        ))
    };
    a == b || read(a) == read(b)
}

/// A host or userinfo after §6.2.2.1 and §6.2.2.2 (case of the whole, unreserved octets
/// decoded), by normalizing it as the authority of a URI.
fn normalized_part(text: &str) -> String {
    reference::normalize(&format!("x://{text}"), Level::Syntax)
        .map(|n| n.trim_start_matches("x://").to_ascii_lowercase())
        .unwrap_or_else(|_| text.to_ascii_lowercase())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn normalizations_that_keep_or_change_the_target() {
        // Spelling only.
        assert!(same_targets("a/b/../c", "a/c"));
        assert!(same_targets("%7e", "~"));
        assert!(same_targets("HTTP://A/%7e/../b", "http://a/b"));
        // A directory is not the document; "." is not the same-document reference "".
        assert!(!same_targets("a/.", "a"));
        assert!(!same_targets(".", ""));
        assert!(!same_targets("a/..?q", "?q"));
        // A relative path made absolute, a path made an authority.
        assert!(!same_targets("a/..", "/"));
        assert!(!same_targets("/.//g", "//g"));
        // A "//" path without authority is not an authority: "/.//%2e" and "/.//." are one
        // reference against a base without authority too.
        assert!(same_targets("/.//%2e", "/.//."));
        assert!(same_targets("a://h://%2E/..", "a://h/"));
        // Documented choice 10: a rootless path kept rootless (vectors/README.md: "Acceptable
        // for rootless paths: ... keeping them rootless (foo:b)"), and only that.
        assert!(same_targets("foo:a/../b", "foo:b"));
        assert!(same_targets("foo:a/../b", "foo:/b"));
        assert!(!same_targets("foo:a/../b", "foo:a/b"));
        assert!(!same_targets("../g", "g"));
    }

    fn same(a: &str, b: &str) -> bool {
        Authority::of_text(a) == Authority::of_text(b)
    }

    #[test]
    fn authorities_compared_up_to_spelling() {
        assert!(same("http://a:080/x", "HTTP://A:80/y"));
        assert!(same("a://[::0]/", "a://[0:0::0]/"));
        assert!(same("a://%41/", "a://a/"));
        assert!(same("a://h:/", "a://h/"));
        assert!(same("a:/x", "a:/y"));
        assert!(!same("a://h/", "a://i/"));
        assert!(!same("a://h/", "b://h/"));
        assert!(!same("a://u@h/", "a://h/"));
        assert!(!same("a:/x", "a://x"));
        assert!(equivalent_targets("http://a:/", "http://a/"));
        assert!(equivalent_targets("http://[::0]/", "http://[::]/"));
        assert!(!equivalent_targets("http://a/b", "http://a/b/"));
    }

    #[test]
    fn a_resolution_that_makes_an_authority_out_of_a_path() {
        // §5.2.2's target has the path "//@evil:80/x" and no authority, which §5.3 writes
        // "a://@evil:80/x?q".
        let case = Request::Resolve {
            base: "a:/..//@evil:80/x".into(),
            input: "?q".into(),
            strict: true,
        };
        let expected = Outcome::Resolved("a://@evil:80/x?q".into());
        // The letter's own string (documented choice 1) is allowed, in its own spelling.
        assert!(keeps_meaning(
            &case,
            &expected,
            &Outcome::Resolved("A://@EVIL:080/x?q".into())
        ));
        // Another authority than either reading gives is not.
        assert!(!keeps_meaning(
            &case,
            &expected,
            &Outcome::Resolved("a://evil:80/x?q".into())
        ));
        assert!(keeps_meaning(
            &case,
            &expected,
            &Outcome::Resolved("a:/.//@evil:80/x?q".into())
        ));
        // A letter no URI is (the port "a"), spelled with another scheme case: the letter.
        let case = Request::Resolve {
            base: "Z:".into(),
            input: "/.//:a".into(),
            strict: true,
        };
        let expected = Outcome::Resolved("Z://:a".into());
        assert!(keeps_meaning(
            &case,
            &expected,
            &Outcome::Resolved("z://:a".into())
        ));
        // An authority of its own is not.
        assert!(!keeps_meaning(
            &case,
            &expected,
            &Outcome::Resolved("z://x:a".into())
        ));
    }
}
