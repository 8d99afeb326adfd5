//! sophia_iri 0.10.0's wrong rules, written from its source, for its confirmed bugs
//! (`super::Transform::Sophia*`).
//!
//! The crate has two readers of a URI reference. Its wrappers (`uri::Uri::new`,
//! `uri::UriRef::new`, `Iri::new`, `IriRef::new`) accept what the regular expressions of
//! src/_regex.rs (`IRI_REGEX_SRC`, `IRELATIVE_REF_REGEX_SRC`) match; its resolution
//! (src/resolve.rs: `Uri::resolve` through `BaseIri::resolve`) is oxiri 0.2.11's
//! `Iri::resolve` (`pub use oxiri::{Iri as Oxiri, ...}`), a streaming parser that writes the
//! target as it reads the reference (oxiri src/lib.rs `IriParser`). The rules below are one
//! wrong rule each:
//!
//! - [`Rule::Ipv6ExtraColon`]: the regular expressions' `IPv6address` writes RFC 3986's
//!   `[ *n( h16 ":" ) h16 ] "::"` as `(?:(?:h16:){0,n}:h16)?::`, a ":" too many before the
//!   last group of the prefix;
//! - [`Rule::IpvfutureLowercaseV`]: their `IPvFuture` is `v[0-9a-fA-F]+ \. ...`, a lowercase
//!   "v" only;
//! - [`Rule::AbsoluteDotSegmentsKept`]: oxiri 0.2.11 removes no dot-segment from a reference
//!   with a scheme or an authority (`parse_scheme` and `parse_path_or_authority` call
//!   `parse_path::<false>`);
//! - [`Rule::BaseSegmentsPlain`]: a merge copies the base path up to its last "/" as written
//!   (`parse_relative`: `push_str(&base.iri[..base.positions.path_end])`,
//!   `remove_last_segment`), and only the reference's segments are read as dot-segments
//!   (`parse_path::<true>` looks at the segment it has just written), so the base's "." and
//!   ".." stay, and a ".." of the reference removes a base ".." like any other segment;
//! - [`Rule::RootLostWithoutAuthority`]: a ".." that leaves no "/" in the path writes the root
//!   "/" back only when there is an authority (`remove_last_segment`: `if
//!   self.output_positions.authority_end > self.output_positions.scheme_end`), so "/.."
//!   against "a:" is "a:" where §5.2.4 gives "/".
//!
//! The resolution rules compose: each one's answer is the target oxiri's walk gives with its
//! rule added to those of the others the answer so far already shows ([`resolution`]); with
//! none of them the walk is §5.2.2 and §5.2.4 to the letter (tested below).

use crate::model::Outcome;
use crate::protocol::Request;
use crate::reference::{self, Components, HostKind};

/// One wrong rule of sophia_iri (see the module documentation).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Rule {
    /// Parsing: an IPv6 literal its regular expressions do not match is refused.
    Ipv6ExtraColon,
    /// Parsing: an IPvFuture literal that starts with "V" is refused.
    IpvfutureLowercaseV,
    /// Resolution: a reference with a scheme or an authority keeps its path as written.
    AbsoluteDotSegmentsKept,
    /// Resolution: the base's segments in a merge are never dot-segments.
    BaseSegmentsPlain,
    /// Resolution: a ".." that climbs to the root of a path without authority drops the "/".
    RootLostWithoutAuthority,
}

/// The resolution rules, in the order their flags are listed in [`Slips`].
const RESOLUTION_RULES: [Rule; 3] = [
    Rule::AbsoluteDotSegmentsKept,
    Rule::BaseSegmentsPlain,
    Rule::RootLostWithoutAuthority,
];

/// The crate's answer with `rule` added to the answer so far.
pub(super) fn apply(rule: Rule, case: &Request, answer: Outcome) -> Outcome {
    match rule {
        Rule::Ipv6ExtraColon | Rule::IpvfutureLowercaseV => refused_ip_literal(rule, case, answer),
        _ => resolution(rule, case, answer),
    }
}

/// Parsing and resolution: a parse whose host is an IP literal the rule refuses is invalid,
/// and so is a resolution whose base or reference has one (`uri::Uri::new` and
/// `uri::UriRef::new` refuse them before anything is resolved).
fn refused_ip_literal(rule: Rule, case: &Request, answer: Outcome) -> Outcome {
    let refused = |host: Option<&str>, kind: Option<HostKind>| {
        let Some(literal) = host.and_then(|h| h.strip_prefix('[')?.strip_suffix(']')) else {
            return false;
        };
        match (rule, kind) {
            (Rule::Ipv6ExtraColon, Some(HostKind::Ipv6)) => !ipv6_by_regex(literal),
            (Rule::IpvfutureLowercaseV, Some(HostKind::IpvFuture)) => literal.starts_with('V'),
            _ => false,
        }
    };
    match (case, &answer) {
        (
            Request::Parse { .. },
            Outcome::Parsed {
                components,
                host_kind,
            },
        ) if refused(components.host.as_deref(), *host_kind) => {
            Outcome::invalid("sophia_iri: IP literal not matched by its regular expression".into())
        }
        (Request::Resolve { base, input, .. }, Outcome::Resolved(_)) => {
            let by_rule =
                |text: &str| reference::parse(text).is_ok_and(|c| refused(c.host, c.host_kind));
            if by_rule(base) {
                Outcome::invalid_base("sophia_iri: IP literal not matched".into())
            } else if by_rule(input) {
                Outcome::invalid("sophia_iri: IP literal not matched".into())
            } else {
                answer
            }
        }
        _ => answer,
    }
}

/// Whether sophia_iri's `IPv6address` (src/_regex.rs, the same in both expressions) matches
/// `text` whole: nine alternatives, seven of them with the prefix `(?:(?:h16:){0,n}:h16)?`
/// where RFC 3986 §3.2.2 has `[ *n( h16 ":" ) h16 ]`. So "a::" and "1:2::" are refused
/// (only `[ h16 ] "::" 4( h16 ":" ) ls32`, the third, takes one group before "::"), and
/// ":1::" and "1::2::" are matched.
pub(super) fn ipv6_by_regex(text: &str) -> bool {
    use Pattern::{Group, H16, Literal, Ls32, Optional, Repeat};
    let prefix = |n: usize| {
        Optional(vec![
            Repeat(vec![H16, Literal(":")], 0, n),
            Literal(":"),
            H16,
        ])
    };
    let groups = |n: usize| Repeat(vec![H16, Literal(":")], n, n);
    let alternatives: [Vec<Pattern>; 9] = [
        vec![groups(6), Ls32],
        vec![Literal("::"), groups(5), Ls32],
        vec![Optional(vec![H16]), Literal("::"), groups(4), Ls32],
        vec![prefix(1), Literal("::"), groups(3), Ls32],
        vec![prefix(2), Literal("::"), groups(2), Ls32],
        vec![prefix(3), Literal("::"), H16, Literal(":"), Ls32],
        vec![prefix(4), Literal("::"), Ls32],
        vec![prefix(5), Literal("::"), H16],
        vec![prefix(6), Literal("::")],
    ];
    let bytes = text.as_bytes();
    alternatives.iter().any(|alternative| {
        Group(alternative.clone())
            .ends(bytes, 0)
            .contains(&bytes.len())
    })
}

/// A piece of a regular expression, matched by the set of places where it can end.
#[derive(Clone)]
enum Pattern {
    /// The text itself.
    Literal(&'static str),
    /// `[0-9a-fA-F]{1,4}`.
    H16,
    /// `h16:h16` or the dotted-decimal IPv4 address (`dec-octet` as in the RFC).
    Ls32,
    /// The pieces one after the other.
    Group(Vec<Pattern>),
    /// The pieces, or nothing.
    Optional(Vec<Pattern>),
    /// The pieces between `min` and `max` times.
    Repeat(Vec<Pattern>, usize, usize),
}

impl Pattern {
    /// Every place in `text` where the pattern, started at `start`, can end.
    fn ends(&self, text: &[u8], start: usize) -> Vec<usize> {
        let mut out = match self {
            Pattern::Literal(literal) => {
                if text[start..].starts_with(literal.as_bytes()) {
                    vec![start + literal.len()]
                } else {
                    Vec::new()
                }
            }
            Pattern::H16 => (1..=4)
                .take_while(|&n| text.get(start + n - 1).is_some_and(u8::is_ascii_hexdigit))
                .map(|n| start + n)
                .collect(),
            Pattern::Ls32 => {
                let mut ends =
                    Pattern::Group(vec![Pattern::H16, Pattern::Literal(":"), Pattern::H16])
                        .ends(text, start);
                ends.extend(
                    (start..=text.len())
                        .filter(|&end| reference::host::is_ipv4address(&text[start..end])),
                );
                ends
            }
            Pattern::Group(pieces) => sequence(pieces, text, vec![start]),
            Pattern::Optional(pieces) => {
                let mut ends = sequence(pieces, text, vec![start]);
                ends.push(start);
                ends
            }
            Pattern::Repeat(pieces, min, max) => {
                let mut here = vec![start];
                let mut ends = if *min == 0 { vec![start] } else { Vec::new() };
                for round in 1..=*max {
                    here = sequence(pieces, text, here);
                    if here.is_empty() {
                        break;
                    }
                    if round >= *min {
                        ends.extend(&here);
                    }
                }
                ends
            }
        };
        out.sort_unstable();
        out.dedup();
        out
    }
}

/// Where `pieces`, one after the other, can end when started at any of `starts`.
fn sequence(pieces: &[Pattern], text: &[u8], starts: Vec<usize>) -> Vec<usize> {
    pieces.iter().fold(starts, |starts, piece| {
        let mut ends: Vec<usize> = starts
            .into_iter()
            .flat_map(|start| piece.ends(text, start))
            .collect();
        ends.sort_unstable();
        ends.dedup();
        ends
    })
}

/// Which of oxiri 0.2.11's wrong resolution rules a walk follows.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
struct Slips {
    absolute_kept: bool,
    base_plain: bool,
    root_lost: bool,
}

impl Slips {
    fn with(mut self, rule: Rule) -> Self {
        match rule {
            Rule::AbsoluteDotSegmentsKept => self.absolute_kept = true,
            Rule::BaseSegmentsPlain => self.base_plain = true,
            Rule::RootLostWithoutAuthority => self.root_lost = true,
            Rule::Ipv6ExtraColon | Rule::IpvfutureLowercaseV => {}
        }
        self
    }
}

/// Resolution: the target oxiri's walk gives with `rule` and the other resolution rules the
/// answer so far shows (the first set of them, fewest first, whose walk gives that answer);
/// an answer no such walk gives (an error, another rule's answer) is left as it is.
fn resolution(rule: Rule, case: &Request, answer: Outcome) -> Outcome {
    let Request::Resolve {
        base,
        input,
        strict: true,
    } = case
    else {
        return answer;
    };
    let Outcome::Resolved(so_far) = &answer else {
        return answer;
    };
    let others: Vec<Rule> = RESOLUTION_RULES
        .into_iter()
        .filter(|&r| r != rule)
        .collect();
    let mut shown: Vec<Slips> = (0..1u8 << others.len())
        .map(|bits| {
            others
                .iter()
                .enumerate()
                .filter(|(i, _)| bits & (1 << i) != 0)
                .fold(Slips::default(), |slips, (_, &r)| slips.with(r))
        })
        .collect();
    shown.sort_by_key(|s| {
        u8::from(s.absolute_kept) + u8::from(s.base_plain) + u8::from(s.root_lost)
    });
    for slips in shown {
        if oxiri_target(base, input, slips).as_deref() == Some(so_far.as_str()) {
            return match oxiri_target(base, input, slips.with(rule)) {
                Some(target) => Outcome::Resolved(target),
                None => answer,
            };
        }
    }
    answer
}

/// The strict resolution of `input` against `base` (both URI references the reference
/// parses) by oxiri 0.2.11's walk with `slips`; with none, §5.2.2 to the letter (§5.3's
/// string, a "//" path without authority as it is).
fn oxiri_target(base: &str, input: &str, slips: Slips) -> Option<String> {
    let b = reference::parse_uri(base).ok()?;
    let r = reference::parse(input).ok()?;
    let mut t = r;
    let path = if r.scheme.is_some() || r.has_authority() {
        if r.scheme.is_none() {
            t.scheme = b.scheme;
        }
        if slips.absolute_kept {
            r.path.to_owned()
        } else {
            reference::remove_dot_segments(r.path)
        }
    } else {
        t = Components {
            scheme: b.scheme,
            userinfo: b.userinfo,
            host: b.host,
            port: b.port,
            host_kind: b.host_kind,
            ..r
        };
        if r.path.is_empty() {
            if r.query.is_none() {
                t.query = b.query;
            }
            b.path.to_owned()
        } else if r.path.starts_with('/') {
            walk(r.path, 0, b.has_authority(), slips.root_lost)
        } else {
            let merged = reference::resolve::merge(&b, r.path);
            let plain = if slips.base_plain {
                merged.len() - r.path.len()
            } else {
                0
            };
            walk(&merged, plain, b.has_authority(), slips.root_lost)
        }
    };
    Some(reference::recompose(&Components { path: &path, ..t }))
}

/// oxiri 0.2.11's `parse_path::<true>` over `path`: each segment is written, then a ".." at
/// the end of what is written removes itself and the segment before it
/// (`remove_last_segment`), a "." removes itself, and otherwise a "/" follows. The first
/// `plain` bytes (the base's part of a merge, written before the walk) are written as they
/// are. Where a ".." leaves no "/", the root "/" is written back with an authority, or
/// without one unless `root_lost` (§5.2.4's rule C always leaves it).
fn walk(path: &str, plain: usize, authority: bool, root_lost: bool) -> String {
    let mut out = String::with_capacity(path.len());
    out.push_str(&path[..plain]);
    let rest = &path[plain..];
    let segments: Vec<&str> = rest.split('/').collect();
    for (i, segment) in segments.iter().enumerate() {
        let last = i + 1 == segments.len();
        out.push_str(segment);
        if out.ends_with("/..") {
            out.truncate(out.len() - 3);
            match out.rfind('/') {
                Some(slash) => out.truncate(slash + 1),
                None => {
                    out.clear();
                    if authority || !root_lost {
                        out.push('/');
                    }
                }
            }
        } else if out.ends_with("/.") || out == "." {
            out.truncate(out.len() - 1);
        } else if out == ".." {
            out.clear();
        } else if !last {
            out.push('/');
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_regex_ipv6_rule() {
        // Matched as RFC 3986 does.
        for ok in [
            "::",
            "::1",
            "1:2:3:4:5:6:7:8",
            "::1.2.3.4",
            "a::1:2:3:4:5:6",
            "::a:b:c:d:e:f",
        ] {
            assert!(ipv6_by_regex(ok), "{ok}");
        }
        // Valid, refused: a prefix before "::" other than the third alternative's one group.
        for refused in [
            "a::",
            "0::",
            "1:2::",
            "1::2",
            "a::1:2:3:4:5",
            "a:b:c:d:e:f::",
        ] {
            assert!(
                reference::host::is_ipv6address(refused.as_bytes()),
                "{refused}"
            );
            assert!(!ipv6_by_regex(refused), "{refused}");
        }
        // Invalid, matched: the extra colon.
        for matched in [":1::", "1::2::", ":1::1.2.3.4"] {
            assert!(
                !reference::host::is_ipv6address(matched.as_bytes()),
                "{matched}"
            );
            assert!(ipv6_by_regex(matched), "{matched}");
        }
    }

    /// The rule as written here is the crate's: on every text of up to eight pieces among
    /// "1", ":", "::" and "1.2.3.4", it matches exactly where sophia_iri's own regular
    /// expression matches the IP literal.
    #[cfg(feature = "sophia_iri")]
    #[test]
    fn the_regex_ipv6_rule_is_the_crates() {
        let pieces = ["1", ":", "::", "1.2.3.4"];
        let mut texts: Vec<String> = vec![String::new()];
        for _ in 0..8 {
            texts = texts
                .iter()
                .flat_map(|t| pieces.iter().map(move |p| format!("{t}{p}")))
                .collect();
            for text in &texts {
                assert_eq!(
                    ipv6_by_regex(text),
                    sophia_iri::is_valid_iri_ref(&format!("//[{text}]")),
                    "{text}"
                );
            }
        }
    }

    /// Without its slips, the walk is §5.2.4 on every path of up to five segments made of
    /// "", ".", "..", "a".
    #[test]
    fn the_walk_without_slips_is_remove_dot_segments() {
        let pieces = ["", ".", "..", "a"];
        let mut sequences: Vec<Vec<&str>> = vec![Vec::new()];
        let mut all = Vec::new();
        for _ in 0..5 {
            sequences = sequences
                .iter()
                .flat_map(|s| {
                    pieces.iter().map(move |p| {
                        let mut longer = s.clone();
                        longer.push(*p);
                        longer
                    })
                })
                .collect();
            for s in &sequences {
                let path = s.join("/");
                all.push(format!("/{path}"));
                all.push(path);
            }
        }
        for path in all {
            for authority in [false, true] {
                assert_eq!(
                    walk(&path, 0, authority, false),
                    reference::remove_dot_segments(&path),
                    "{path:?}"
                );
            }
        }
    }

    #[test]
    fn oxiri_targets() {
        let none = Slips::default();
        let t = |base: &str, input: &str, slips: Slips| oxiri_target(base, input, slips).unwrap();
        assert_eq!(
            t("a:", "a:.", none.with(Rule::AbsoluteDotSegmentsKept)),
            "a:."
        );
        assert_eq!(
            t("a:", "///.", none.with(Rule::AbsoluteDotSegmentsKept)),
            "a:///."
        );
        assert_eq!(t("a:./", "a", none.with(Rule::BaseSegmentsPlain)), "a:./a");
        assert_eq!(
            t("a:/b/../c/", "..", none.with(Rule::BaseSegmentsPlain)),
            "a:/b/../"
        );
        assert_eq!(
            t("a:/b/../", "..", none.with(Rule::BaseSegmentsPlain)),
            "a:/b/"
        );
        assert_eq!(
            t("a:", "/..", none.with(Rule::RootLostWithoutAuthority)),
            "a:"
        );
        assert_eq!(
            t("a:/", "..", none.with(Rule::RootLostWithoutAuthority)),
            "a:"
        );
        assert_eq!(
            t("a:b/c", "../d", none.with(Rule::RootLostWithoutAuthority)),
            "a:d"
        );
        assert_eq!(
            t("a://h", "/..", none.with(Rule::RootLostWithoutAuthority)),
            "a://h/"
        );
        for (base, input) in [
            ("a:", "a:."),
            ("a:./", "a"),
            ("a:/", ".."),
            ("http://a/b/c/d;p?q", "../g"),
        ] {
            assert_eq!(
                oxiri_target(base, input, none),
                reference::resolve(base, input, reference::ResolveOptions::default()).ok()
            );
        }
    }
}
