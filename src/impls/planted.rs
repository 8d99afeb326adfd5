//! Implementations with one planted fault each, for measuring what the fuzz loop finds and how
//! fast: each answers exactly as the reference does except on the inputs its fault touches.
//!
//! They are not in [`bundled`](super::bundled): they exist to be found. `benches/fuzz.rs` runs
//! the stable loop against each alone and reports the time until the loop first records a
//! candidate-bug signature for it.
//!
//! | name | fault |
//! |---|---|
//! | `planted-dec-octet-256` | a `dec-octet` may be 256: `1.2.3.256` is an IPv4 host |
//! | `planted-no-rule-c` | §5.2.4 without rule 2C: `/..` is moved to the output as a segment |
//! | `planted-colon-first-segment` | `path-noscheme` takes a `:` in its first segment |
//! | `planted-empty-query-undefined` | an empty query (`http://a/?`) is reported as undefined |
//! | `planted-pct-dot` | none: `%2E` segments are dot-segments in resolution (choice 3's other reading, guarded by choice 1's `/.`) |
//! | `planted-pct-dot-path` | the parser reports `%2E` in the path decoded to `.` |
//!
//! `planted-pct-dot` is the reference under `ResolveOptions { percent_encoded_dots: true,
//! slash_dot_prefix: true }`, which RFC 3986 allows (vectors/README.md, choices 3 and 1): a
//! documented choice's acceptable alternatives hold for every implementation (the catalogue's
//! `acceptable` entries), so the harness knows its differences as those readings and never
//! reports one as a bug; the loop must not find it. Choice 3 without choice 1's guard would be
//! found, and rightly: `/%2E//` against `a:` is then `a://`, an authority the reading made
//! and §5.3 wrote (a reading without the guard that keeps it acceptable, as
//! `base-dot-segments-unguarded` is choice 9's). `planted-pct-dot-path` plants a `%2E` fault that is no documented
//! reading under any name.

use super::reference::Reference;
use super::{About, Implementation};
use crate::model::Outcome;
use crate::reference::{
    self as rfc3986, Components, ErrorKind, HostKind, Level, ParseOptions, ResolveOptions, Rule,
    merge,
};

/// Every planted implementation.
pub fn all() -> Vec<Box<dyn Implementation>> {
    vec![
        Box::new(DecOctet256),
        Box::new(NoRuleC),
        Box::new(ColonFirstSegment),
        Box::new(EmptyQueryUndefined),
        Box::new(PctDot),
        Box::new(PctDotPath),
    ]
}

fn about(name: &'static str) -> About<'static> {
    About {
        name,
        version: concat!(
            "uri-conformance ",
            env!("CARGO_PKG_VERSION"),
            " (planted fault)"
        ),
        spec: "RFC 3986, one fault planted",
        docs: "src/impls/planted.rs",
    }
}

/// The operations a planted implementation leaves to the reference.
macro_rules! delegate {
    (parse) => {
        fn parse(&self, input: &str, rule: Rule, options: ParseOptions) -> Outcome {
            Reference.parse(input, rule, options)
        }
    };
    (resolve) => {
        fn resolve(&self, base: &str, reference: &str, strict: bool) -> Outcome {
            Reference.resolve(base, reference, strict)
        }
    };
    (normalize) => {
        fn normalize(&self, input: &str, level: Level) -> Outcome {
            Reference.normalize(input, level)
        }
    };
    (supports_zone_id) => {
        fn supports_zone_id(&self) -> bool {
            Reference.supports_zone_id()
        }
    };
}

/// The parse outcome with `edit` applied to its components; any other outcome unchanged.
fn edit_components(outcome: Outcome, edit: impl FnOnce(&mut crate::model::Components)) -> Outcome {
    match outcome {
        Outcome::Parsed {
            mut components,
            host_kind,
        } => {
            edit(&mut components);
            Outcome::Parsed {
                components,
                host_kind,
            }
        }
        other => other,
    }
}

/// `dec-octet` extended to 256 (`"25" %x30-36` instead of `%x30-35`): a host of four dotted
/// decimal parts, each a `dec-octet` or `256`, is reported as `ipv4` instead of `reg-name`.
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct DecOctet256;

fn dec_octet_or_256(part: &str) -> bool {
    let b = part.as_bytes();
    let digits = !b.is_empty() && b.iter().all(u8::is_ascii_digit);
    digits
        && match b.len() {
            1 => true,
            2 => b[0] != b'0',
            3 => b[0] == b'1' || (b[0] == b'2' && (b[1] < b'5' || (b[1] == b'5' && b[2] <= b'6'))),
            _ => false,
        }
}

impl Implementation for DecOctet256 {
    fn about(&self) -> About<'_> {
        about("planted-dec-octet-256")
    }

    fn parse(&self, input: &str, rule: Rule, options: ParseOptions) -> Outcome {
        match Reference.parse(input, rule, options) {
            Outcome::Parsed {
                components,
                host_kind: Some(HostKind::RegName),
            } if components.host.as_deref().is_some_and(|host| {
                let parts: Vec<&str> = host.split('.').collect();
                parts.len() == 4 && parts.iter().all(|p| dec_octet_or_256(p))
            }) =>
            {
                Outcome::Parsed {
                    components,
                    host_kind: Some(HostKind::Ipv4),
                }
            }
            other => other,
        }
    }

    delegate!(resolve);
    delegate!(normalize);

    delegate!(supports_zone_id);
}

/// §5.2.4's loop without rule 2C. A prefix `/../` or `/..` (a complete segment) is not
/// consumed there; rule D does not apply to it (the input is more than `..`), so it falls
/// through to rule E, which moves `/..` to the output as an ordinary segment: `/a/b/../c`
/// stays `/a/b/../c`, and `/a/./../b` gives `/a/../b`. Rules A, B, D and E are the RFC's.
pub(crate) fn remove_dot_segments_without_c(path: &str) -> String {
    let mut output = String::with_capacity(path.len());
    let mut input = path;
    while !input.is_empty() {
        if let Some(rest) = input
            .strip_prefix("../")
            .or_else(|| input.strip_prefix("./"))
        {
            // A
            input = rest;
        } else if input.starts_with("/./") || input == "/." {
            // B
            input = if input == "/." { "/" } else { &input[2..] };
        } else if input == "." || input == ".." {
            // D (rule C, which would come before it, is missing)
            input = "";
        } else {
            // E
            let end = input.as_bytes()[1..]
                .iter()
                .position(|&b| b == b'/')
                .map_or(input.len(), |i| i + 1);
            output.push_str(&input[..end]);
            input = &input[end..];
        }
    }
    output
}

type Authority<'a> = (Option<&'a str>, Option<&'a str>, Option<&'a str>);

fn authority_of<'a>(from: &Components<'a>) -> Authority<'a> {
    (from.userinfo, from.host, from.port)
}

/// Resolution (§5.2.2, strict or not, the letter of every documented choice) with
/// [`remove_dot_segments_without_c`] in place of §5.2.4.
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct NoRuleC;

impl Implementation for NoRuleC {
    fn about(&self) -> About<'_> {
        about("planted-no-rule-c")
    }

    delegate!(parse);

    fn resolve(&self, base: &str, reference: &str, strict: bool) -> Outcome {
        let answer = Reference.resolve(base, reference, strict);
        if !answer.is_valid() {
            return answer;
        }
        let (Ok(b), Ok(r)) = (rfc3986::parse_uri(base), rfc3986::parse(reference)) else {
            return answer;
        };
        let mut r = r;
        if !strict
            && let (Some(rs), Some(bs)) = (r.scheme, b.scheme)
            && rs.eq_ignore_ascii_case(bs)
        {
            r.scheme = None;
        }
        let remove = remove_dot_segments_without_c;
        let (scheme, (userinfo, host, port), path, query);
        if r.scheme.is_some() {
            scheme = r.scheme;
            (userinfo, host, port) = authority_of(&r);
            path = remove(r.path);
            query = r.query;
        } else {
            scheme = b.scheme;
            if r.has_authority() {
                (userinfo, host, port) = authority_of(&r);
                path = remove(r.path);
                query = r.query;
            } else {
                (userinfo, host, port) = authority_of(&b);
                if r.path.is_empty() {
                    path = b.path.to_owned();
                    query = r.query.or(b.query);
                } else {
                    path = if r.path.starts_with('/') {
                        remove(r.path)
                    } else {
                        remove(&merge(&b, r.path))
                    };
                    query = r.query;
                }
            }
        }
        Outcome::Resolved(rfc3986::recompose(&Components {
            scheme,
            userinfo,
            host,
            port,
            path: &path,
            query,
            fragment: r.fragment,
            host_kind: None,
        }))
    }

    delegate!(normalize);

    delegate!(supports_zone_id);
}

/// `path-noscheme` with `segment-nz` in place of `segment-nz-nc`: under `relative-ref`,
/// `a:b` parses with path `a:b`; under `URI-reference`, an input whose would-be scheme is
/// invalid (`1a:b`, `:b`) parses as a relative reference instead of being rejected. A valid
/// scheme still makes a `URI`, and the `URI` and `absolute-URI` rules are unchanged.
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct ColonFirstSegment;

impl Implementation for ColonFirstSegment {
    fn about(&self) -> About<'_> {
        about("planted-colon-first-segment")
    }

    fn parse(&self, input: &str, rule: Rule, options: ParseOptions) -> Outcome {
        let answer = Reference.parse(input, rule, options);
        let Some(rejection) = answer.rejection() else {
            return answer;
        };
        let relative = matches!(rule, Rule::RelativeRef | Rule::UriReference);
        let first_segment_end = input.find(['/', '?', '#']).unwrap_or(input.len());
        if !relative
            || !matches!(
                rejection.kind(),
                Some(ErrorKind::Scheme | ErrorKind::PathNoscheme)
            )
            || !input[..first_segment_end].contains(':')
        {
            return answer;
        }
        // "@" is a pchar allowed in segment-nz-nc and has the length of ":", so every other
        // component keeps its place.
        let masked = format!(
            "{}{}",
            input[..first_segment_end].replace(':', "@"),
            &input[first_segment_end..]
        );
        match Reference.parse(&masked, Rule::RelativeRef, options) {
            parsed @ Outcome::Parsed { .. } => edit_components(parsed, |components| {
                components.path = input[..components.path.len()].to_owned();
            }),
            _ => answer,
        }
    }

    delegate!(resolve);
    delegate!(normalize);

    delegate!(supports_zone_id);
}

/// An empty query (`http://a/?`) is reported as undefined, as an API that holds the query
/// as a string would. (An empty port would not do: RFC 3986 §3.2.3 asks producers to omit
/// it, so a parser that reports it undefined differs in nothing.)
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct EmptyQueryUndefined;

impl Implementation for EmptyQueryUndefined {
    fn about(&self) -> About<'_> {
        about("planted-empty-query-undefined")
    }

    fn parse(&self, input: &str, rule: Rule, options: ParseOptions) -> Outcome {
        edit_components(Reference.parse(input, rule, options), |components| {
            if components.query.as_deref() == Some("") {
                components.query = None;
            }
        })
    }

    delegate!(resolve);
    delegate!(normalize);

    delegate!(supports_zone_id);
}

/// Resolution that takes `%2E` and `%2e` segments for dot-segments: the reference with
/// `ResolveOptions { percent_encoded_dots: true, slash_dot_prefix: true, .. }`, readings RFC
/// 3986 allows (choice 3, with choice 1's `/.` before a path the decoding leaves with `//`).
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct PctDot;

impl Implementation for PctDot {
    fn about(&self) -> About<'_> {
        about("planted-pct-dot")
    }

    delegate!(parse);

    fn resolve(&self, base: &str, reference: &str, strict: bool) -> Outcome {
        let options = ResolveOptions {
            percent_encoded_dots: true,
            slash_dot_prefix: true,
            ..ResolveOptions::strict(strict)
        };
        match rfc3986::resolve(base, reference, options) {
            Ok(target) => Outcome::Resolved(target),
            Err(_) => Reference.resolve(base, reference, strict),
        }
    }

    delegate!(normalize);

    delegate!(supports_zone_id);
}

/// The parser reports the path with `%2E` and `%2e` decoded to `.`: `/a/%2E%2E/b` has path
/// `/a/../b`. Components are the input's substrings (§3); decoding one octet of the path is
/// no reading of RFC 3986, and the catalogue has no entry for it.
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct PctDotPath;

impl Implementation for PctDotPath {
    fn about(&self) -> About<'_> {
        about("planted-pct-dot-path")
    }

    fn parse(&self, input: &str, rule: Rule, options: ParseOptions) -> Outcome {
        edit_components(Reference.parse(input, rule, options), |components| {
            components.path = components.path.replace("%2E", ".").replace("%2e", ".");
        })
    }

    delegate!(resolve);
    delegate!(normalize);

    delegate!(supports_zone_id);
}

#[cfg(test)]
mod tests {
    use std::sync::Arc;
    use std::time::Duration;

    use super::*;
    use crate::diff::{Catalogue, Engine};
    use crate::protocol::Request;

    fn parse(input: &str, rule: Option<&str>) -> Request {
        Request::Parse {
            input: input.to_owned(),
            rule: rule.map(|name| crate::protocol::ParseRule::from_name(name).expect("a rule")),
            zone_id: false,
        }
    }

    fn resolve(base: &str, input: &str) -> Request {
        Request::Resolve {
            base: base.to_owned(),
            input: input.to_owned(),
            strict: true,
        }
    }

    /// Each fault shows on its own input, as a candidate bug, and on nothing else here; the
    /// planted reading shows as that reading.
    #[test]
    fn each_fault_shows_where_planted() {
        let cases = [
            parse("http://1.2.3.256/", None),
            resolve("http://a/b/c/d;p?q", "../g"),
            parse("a:b", Some("relative-ref")),
            parse("1a:b", None),
            parse("http://a/?", None),
            resolve("http://a/b/c/d;p?q", "%2E%2E/g"),
            parse("/a/%2e/b", None),
            parse("http://a:80/b/../c?q#f", None),
            resolve("http://a/b/c/d;p?q", "g;x?y#s"),
        ];
        let faults: [(&str, &[usize]); 6] = [
            ("planted-dec-octet-256", &[0]),
            ("planted-no-rule-c", &[1]),
            ("planted-colon-first-segment", &[2, 3]),
            ("planted-empty-query-undefined", &[4]),
            ("planted-pct-dot", &[5]),
            ("planted-pct-dot-path", &[6]),
        ];
        for planted in all() {
            let name = planted.about().name.to_owned();
            let engine = Engine::new(
                vec![Arc::from(planted)],
                Duration::from_secs(5),
                Catalogue::bundled(),
            );
            let (_, shows) = faults.iter().find(|(n, _)| *n == name).unwrap();
            for (i, case) in cases.iter().enumerate() {
                let finding = engine.run_one(&name, case);
                if shows.contains(&i) {
                    let finding = finding.unwrap_or_else(|| panic!("{name} on {case:?}"));
                    let reading =
                        (name == "planted-pct-dot").then_some("choice-3-percent-encoded-dots");
                    assert_eq!(
                        finding.known.map(|k| k.id.clone()).as_deref(),
                        reading,
                        "{name} on {case:?}"
                    );
                } else {
                    assert_eq!(finding, None, "{name} on {case:?}");
                }
            }
        }
    }

    #[test]
    fn rule_c_is_what_is_missing() {
        assert_eq!(remove_dot_segments_without_c("/a/b/../c"), "/a/b/../c");
        assert_eq!(remove_dot_segments_without_c("/a/./../b"), "/a/../b");
        assert_eq!(remove_dot_segments_without_c("../a/./b/."), "a/b/");
        assert_eq!(remove_dot_segments_without_c("a/.."), "a/..");
        assert_eq!(
            NoRuleC.resolve("http://a/b/c/d;p?q", "g?y#s", true),
            Reference.resolve("http://a/b/c/d;p?q", "g?y#s", true)
        );
    }

    /// The `%2E` reading is an acceptable alternative of documented choice 3: a known
    /// difference for the crates whose model has it (fluent-uri), for a crate that does not
    /// document it (oxiri), and under a name no entry lists.
    #[test]
    fn the_pct_dot_reading_is_known_for_every_implementation() {
        struct Posing(&'static str);
        impl Implementation for Posing {
            fn about(&self) -> About<'_> {
                about(self.0)
            }
            fn resolve(&self, base: &str, reference: &str, strict: bool) -> Outcome {
                PctDot.resolve(base, reference, strict)
            }
        }
        let case = resolve("http://a/b/c/d;p?q", "%2E%2E/g");
        let known_as = |name: &'static str| {
            Engine::new(
                vec![Arc::new(Posing(name))],
                Duration::from_secs(5),
                Catalogue::bundled(),
            )
            .run_one(name, &case)
            .and_then(|f| f.known)
            .map(|k| k.id.clone())
        };
        assert_eq!(
            known_as("fluent-uri").as_deref(),
            Some("choice-3-percent-encoded-dots")
        );
        assert_eq!(
            known_as("oxiri").as_deref(),
            Some("choice-3-percent-encoded-dots")
        );
        let own = Engine::new(
            vec![Arc::new(PctDot)],
            Duration::from_secs(5),
            Catalogue::bundled(),
        );
        let known = own.run_one("planted-pct-dot", &case).unwrap().known;
        assert_eq!(
            known.map(|k| k.id.clone()).as_deref(),
            Some("choice-3-percent-encoded-dots")
        );
    }
}
