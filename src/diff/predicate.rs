//! The predicates of confirmed-bug entries: conditions on a case and a difference that group
//! every input one root cause shows into one report. A predicate never forgives anything (that
//! is the job of a model, `super::models`); it only names which bug a candidate is.

use super::compare::Difference;
use crate::model::{Components, Field, Outcome};
use crate::protocol::Request;
use crate::reference::{self, remove_dot_segments};

use serde::Deserialize;
/// The conditions of an entry; all given ones must hold.
#[derive(Clone, Debug, Default, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct Predicate {
    /// `parse`, `resolve`, `normalize`.
    pub op: Vec<String>,
    /// Kinds of difference (`accepts-invalid`, `rejects-valid`, `components`, ...).
    pub kind: Vec<String>,
    /// Every field involved is one of these.
    pub fields_within: Vec<String>,
    /// At least one field involved is one of these.
    pub fields_include: Vec<String>,
    /// The difference's detail starts with one of these.
    pub detail_prefix: Vec<String>,
    /// The input's scheme (by Appendix B, lowercased) is one of these; `none` for no scheme.
    /// For a resolution, the reference's or the base's.
    pub scheme: Vec<String>,
    /// The input's scheme is none of these.
    pub scheme_not: Vec<String>,
    /// Whether an input starts or ends with a C0 control or a space.
    pub input_edge_c0_or_space: Option<bool>,
    /// The input (or, for resolution, the reference or the base) contains one of these.
    pub input_contains: Vec<String>,
    /// The input contains none of these.
    pub input_lacks: Vec<String>,
    /// For resolution: the base contains one of these.
    pub base_contains: Vec<String>,
    /// The form of the input (for resolution, of the reference), by the reference's parse:
    /// `uri`, `network-path`, `absolute-path`, `relative-path`.
    pub input_form: Vec<String>,
    /// For normalization: the level asked, `syntax` or `scheme`.
    pub level: Vec<String>,
    /// Every differing component, compared under these relations, is equal (see [`Relation`]).
    pub relation: Vec<Relation>,
    /// The reference's host kind (of its parse, target or normalized string).
    pub reference_host_kind: Vec<String>,
    /// The implementation's host kind.
    pub actual_host_kind: Vec<String>,
    /// The reference's host is undefined or empty and the implementation's is not empty.
    pub host_appears: Option<bool>,
    /// Whether the reference's answer is the documented `//` case (choice 1, choice 10): a
    /// resolution target without authority whose path starts with `//`, or a normalized string
    /// that needed the `/.` prefix.
    pub double_slash_target: Option<bool>,
    /// The implementation's answer (target or normalized string) has a path starting with
    /// one of these.
    pub actual_path_prefix: Vec<String>,
    /// Whether the input holds a percent-encoded octet above 0x7F.
    pub input_has_non_ascii_pct: Option<bool>,
    /// Whether the implementation's path keeps a segment like a Windows drive letter ("C:",
    /// "a|") that the URL Standard's answer does not have.
    pub actual_keeps_drive_letter: Option<bool>,
    /// Whether the implementation's answer has no authority and a path that does not start
    /// with "/" (an opaque path, in the URL Standard's terms).
    pub actual_path_rootless: Option<bool>,
    /// Whether the implementation's answer has a path without complete "." or ".." segments.
    pub actual_path_without_dot_segments: Option<bool>,
    /// For resolution: the base's path contains one of these.
    pub base_path_contains: Vec<String>,
    /// Whether the reference's answer has an authority.
    pub reference_authority: Option<bool>,
    /// Whether the input's or the base's authority (by the Appendix B splitter) ends with "@":
    /// a userinfo and nothing after it.
    pub authority_ends_with_at: Option<bool>,
    /// Whether the implementation's path starts with fewer slashes than the URL Standard's
    /// (the model in `crate::whatwg`), which starts with at least two.
    pub whatwg_path_fewer_leading_slashes: Option<bool>,
    /// Whether the input's port (by the Appendix B splitter and the last ":" of the authority,
    /// after the URL Standard's preprocessing) holds a backslash.
    pub input_port_has_backslash: Option<bool>,
    /// Whether the URL Standard (the model in `crate::whatwg`) gives a non-empty host where the
    /// implementation's answer has an empty one or none.
    pub whatwg_host_dropped: Option<bool>,
    /// Whether the input's own scheme (for a resolution, the reference's; by the Appendix B
    /// splitter, without the URL Standard's leading and trailing C0 controls and spaces, tabs
    /// and newlines) is one of the URL Standard's special schemes.
    pub input_scheme_special: Option<bool>,
    /// Whether the input's port, by the Appendix B splitter and the last ":" of the
    /// authority, is a number above 65535 (also when the input is invalid elsewhere).
    pub input_port_over_65535: Option<bool>,
    /// Whether the implementation's target or normalized string has an authority, by the
    /// Appendix B splitter (so also when the string is not a valid URI reference).
    pub actual_has_authority: Option<bool>,
    /// Whether the input (for resolution, the reference) has a path that starts with "/" and
    /// whose first segment holds a colon (valid in path-absolute, §3.3).
    pub input_absolute_path_colon: Option<bool>,
    /// Whether the two hosts differ only in ASCII case.
    pub host_case_differs: Option<bool>,
    /// Whether the reference's port is a number above 65535.
    pub reference_port_over_65535: Option<bool>,
    /// For resolution: the base's path ends with one of these.
    pub base_path_ends_with: Vec<String>,
    /// Compare the relations against the reference's answer under every documented reading,
    /// not only the letter: an implementation with another reading and its own
    /// canonicalization on top.
    pub with_readings: bool,
    /// Whether the implementation's target or normalized string is the reference's under some
    /// combination of the documented readings (`ResolveOptions::readings`,
    /// `NormalizeOptions::readings`): another choice the RFC allows, or several at once.
    pub reference_readings: Option<bool>,
}

/// How an implementation's component relates to the reference's. Each relation applies to
/// the fields it names; a differing field is explained when the relations that apply to it,
/// taken together, make the two values equal, or when one of the field relations holds.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Relation {
    /// Scheme: equal after ASCII lowercasing.
    SchemeLowercase,
    /// Host: equal after ASCII lowercasing.
    HostLowercase,
    /// Any component: equal after percent-decoding (so they differ only in what is encoded,
    /// or in the case of hexadecimal digits).
    PercentDecoding,
    /// Path: equal after remove_dot_segments (§5.2.4) on both.
    DotSegments,
    /// Path: equal after decoding `%2E` and then remove_dot_segments on both (choice 3).
    PercentDotSegments,
    /// Any component: the reference's is empty and the implementation's undefined.
    EmptyIsNull,
    /// Any component: the reference's is undefined and the implementation's empty.
    NullIsEmpty,
    /// Path: the reference's is empty and the implementation's is `/`.
    EmptyPathIsSlash,
    /// Path: the reference's is `/` and the implementation's is empty.
    SlashIsEmptyPath,
    /// Port: the reference's is the scheme's default (or empty) and the implementation's
    /// undefined.
    DefaultPortRemoved,
    /// Port: the implementation's is the reference's as a number (leading zeros gone).
    PortAsNumber,
    /// Host: both are IPv6 literals of the same address (RFC 5952 or other spellings).
    SameIpAddress,
    /// Userinfo: the implementation's is the reference's without an empty password (and
    /// undefined when nothing is left).
    EmptyPasswordDropped,
    /// Host kind: it may differ whatever the host text.
    HostKindOnly,
    /// Host: the implementation's is a dotted IPv4 address that the URL Standard's IPv4 parser
    /// reads from the reference's host ("0" is "0.0.0.0", "0x7f.1" is "127.0.0.1").
    Ipv4Number,
}

impl Predicate {
    pub(crate) fn holds(
        &self,
        case: &Request,
        difference: &Difference,
        expected: &Outcome,
        actual: &Outcome,
    ) -> bool {
        let any = |list: &[String], value: &str| list.is_empty() || list.iter().any(|v| v == value);
        let contains_any = |list: &[String], texts: &[&str]| {
            list.iter()
                .any(|needle| texts.iter().any(|t| t.contains(needle.as_str())))
        };
        let op = super::signature::op_name(case);
        let (input, base) = match case {
            Request::Parse { input, .. } | Request::Normalize { input, .. } => {
                (input.as_str(), None)
            }
            Request::Resolve { base, input, .. } => (input.as_str(), Some(base.as_str())),
        };
        let inputs: Vec<&str> = std::iter::once(input).chain(base).collect();
        // The schemes involved: the input's, and for a resolution the base's too, read after
        // the leading and trailing C0 controls and spaces a URL parser removes first.
        let schemes: Vec<String> = inputs
            .iter()
            .map(|i| {
                reference::split(i.trim_matches(|c: char| c <= ' '))
                    .scheme
                    .map_or_else(|| "none".to_owned(), str::to_ascii_lowercase)
            })
            .collect();
        let edge_whitespace = inputs.iter().any(|i| {
            i.bytes().next().is_some_and(|b| b <= b' ')
                || i.bytes().last().is_some_and(|b| b <= b' ')
        });
        any(&self.op, op)
            && any(&self.kind, difference.kind.name())
            && (self.with_readings || self.fields_hold(&difference.fields))
            && (self.detail_prefix.is_empty()
                || self
                    .detail_prefix
                    .iter()
                    .any(|p| difference.detail.starts_with(p.as_str())))
            && (self.scheme.is_empty() || schemes.iter().any(|s| self.scheme.contains(s)))
            && !schemes.iter().any(|s| self.scheme_not.contains(s))
            && self
                .input_edge_c0_or_space
                .is_none_or(|want| edge_whitespace == want)
            && (self.input_contains.is_empty() || contains_any(&self.input_contains, &inputs))
            && !contains_any(&self.input_lacks, &inputs)
            && (self.base_contains.is_empty()
                || base.is_some_and(|b| contains_any(&self.base_contains, &[b])))
            && (self.input_form.is_empty() || self.input_form.contains(&form_of(input).to_owned()))
            && (self.base_path_contains.is_empty()
                || base
                    .and_then(|b| reference::parse_uri(b).ok())
                    .is_some_and(|b| {
                        self.base_path_contains
                            .iter()
                            .any(|needle| b.path.contains(needle.as_str()))
                    }))
            && self.reference_port_over_65535.is_none_or(|want| {
                let over = components_of(expected).is_some_and(|(c, _)| {
                    c.port.as_deref().is_some_and(|p| {
                        let digits = p.trim_start_matches('0');
                        digits.len() > 5 || digits.parse::<u32>().is_ok_and(|n| n > 65535)
                    })
                });
                over == want
            })
            && (self.base_path_ends_with.is_empty()
                || base
                    .and_then(|b| reference::parse_uri(b).ok())
                    .is_some_and(|b| {
                        self.base_path_ends_with
                            .iter()
                            .any(|suffix| b.path.ends_with(suffix.as_str()))
                    }))
            && (self.level.is_empty()
                || super::level_of(case).is_some_and(|l| self.level.iter().any(|w| w == l.name())))
            && self
                .input_has_non_ascii_pct
                .is_none_or(|want| inputs.iter().any(|i| has_non_ascii_pct(i)) == want)
            && self
                .double_slash_target
                .is_none_or(|want| is_double_slash_case(case, expected) == want)
            && self
                .reference_readings
                .is_none_or(|want| is_another_reading(case, actual) == want)
            && self.answers_hold(case, expected, actual)
            && ((self.fields_hold(&difference.fields)
                && (self.relation.is_empty()
                    || self.relations_hold(&difference.fields, expected, actual)))
                || (self.with_readings
                    && readings_of(case).iter().any(|reading| {
                        let fields = super::compare::answer_fields(reading, actual);
                        !fields.is_empty()
                            && self.fields_hold(&fields)
                            && (self.relation.is_empty()
                                || self.relations_hold(&fields, reading, actual))
                    })))
    }

    fn fields_hold(&self, fields: &[Field]) -> bool {
        let names: Vec<&str> = fields.iter().map(|f| f.name()).collect();
        (self.fields_within.is_empty()
            || names
                .iter()
                .all(|f| self.fields_within.iter().any(|w| w == f)))
            && (self.fields_include.is_empty()
                || names
                    .iter()
                    .any(|f| self.fields_include.iter().any(|w| w == f)))
    }

    fn answers_hold(&self, case: &Request, expected: &Outcome, actual: &Outcome) -> bool {
        let (e, a) = (components_of(expected), components_of(actual));
        let kind_in =
            |list: &[String], parsed: &Option<(Components, Option<reference::HostKind>)>| {
                list.is_empty()
                    || parsed.as_ref().is_some_and(|(_, kind)| {
                        list.iter()
                            .any(|k| *k == kind.map_or("null", reference::HostKind::name))
                    })
            };
        let drive_letters = |c: &Components| -> Vec<String> {
            c.path
                .split('/')
                .filter(|s| {
                    let b = s.as_bytes();
                    b.len() == 2 && b[0].is_ascii_alphabetic() && matches!(b[1], b':' | b'|')
                })
                .map(str::to_ascii_lowercase)
                .collect()
        };
        let actual_has_authority = match actual {
            Outcome::Resolved(t) | Outcome::Normalized(t) => {
                reference::split(t).authority.is_some()
            }
            Outcome::Parsed { components, .. } => components.host.is_some(),
            _ => false,
        };
        let input = match case {
            Request::Parse { input, .. }
            | Request::Normalize { input, .. }
            | Request::Resolve { input, .. } => input.as_str(),
        };
        let absolute_path_colon = reference::parse(input).is_ok_and(|c| {
            c.path
                .strip_prefix('/')
                .is_some_and(|rest| rest.split('/').next().is_some_and(|s| s.contains(':')))
        });
        let base_text = match case {
            Request::Resolve { base, .. } => Some(base.as_str()),
            _ => None,
        };
        // The URL Standard's preprocessing: C0 controls and spaces trimmed, tabs and newlines
        // removed.
        let preprocessed = |t: &str| -> String {
            t.trim_matches(|c: char| c <= ' ')
                .chars()
                .filter(|c| !matches!(c, '\t' | '\n' | '\r'))
                .collect()
        };
        let authority_ends_with_at = std::iter::once(input).chain(base_text).any(|t| {
            reference::split(&preprocessed(t))
                .authority
                .is_some_and(|a| a.ends_with('@'))
        });
        let port_backslash = super::compare::lenient_components(&preprocessed(input))
            .port
            .is_some_and(|p| p.contains('\\'));
        let input_scheme_special = reference::split(&preprocessed(input))
            .scheme
            .is_some_and(|s| {
                matches!(
                    s.to_ascii_lowercase().as_str(),
                    "http" | "https" | "ws" | "wss" | "ftp" | "file"
                )
            });
        let host_dropped = self.whatwg_host_dropped.is_some() && {
            let standard = crate::whatwg::expected_outcome(case);
            let standard_host = components_of(&standard)
                .and_then(|(c, _)| c.host)
                .filter(|h| !h.is_empty());
            let actual_host = a.as_ref().and_then(|(c, _)| c.host.clone());
            standard_host.is_some() && actual_host.as_deref().is_none_or(str::is_empty)
        };
        let leading_slashes = |p: &str| p.len() - p.trim_start_matches('/').len();
        let fewer_slashes = self.whatwg_path_fewer_leading_slashes.is_some()
            && match (crate::whatwg::expected_outcome(case), &a) {
                (standard, Some((ac, _))) => components_of(&standard).is_some_and(|(sc, _)| {
                    leading_slashes(&sc.path) >= 2
                        && leading_slashes(&ac.path) < leading_slashes(&sc.path)
                }),
                _ => false,
            };
        let input_port_over = split_leniently(input).port.is_some_and(|p| {
            let digits = p.trim_start_matches('0');
            !p.is_empty()
                && p.bytes().all(|b| b.is_ascii_digit())
                && (digits.len() > 5 || digits.parse::<u32>().is_ok_and(|n| n > 65535))
        });
        self.reference_authority
            .is_none_or(|want| e.as_ref().is_some_and(|(c, _)| c.host.is_some() == want))
            && self
                .input_port_over_65535
                .is_none_or(|want| input_port_over == want)
            && self
                .authority_ends_with_at
                .is_none_or(|want| authority_ends_with_at == want)
            && self
                .input_scheme_special
                .is_none_or(|want| input_scheme_special == want)
            && self
                .input_port_has_backslash
                .is_none_or(|want| port_backslash == want)
            && self
                .whatwg_host_dropped
                .is_none_or(|want| host_dropped == want)
            && self
                .whatwg_path_fewer_leading_slashes
                .is_none_or(|want| fewer_slashes == want)
            && self
                .actual_has_authority
                .is_none_or(|want| actual_has_authority == want)
            && self
                .input_absolute_path_colon
                .is_none_or(|want| absolute_path_colon == want)
            && self.host_case_differs.is_none_or(|want| {
                let differs = match (&e, &a) {
                    (Some((ec, _)), Some((ac, _))) => match (&ec.host, &ac.host) {
                        (Some(x), Some(y)) => x != y && x.eq_ignore_ascii_case(y),
                        _ => false,
                    },
                    _ => false,
                };
                differs == want
            })
            && self.actual_keeps_drive_letter.is_none_or(|want| {
                // Against the URL Standard's answer (the model in `crate::whatwg`), which keeps a
                // drive letter only as the first segment of a file URL's path.
                let kept = match (crate::whatwg::expected_outcome(case), &a) {
                    (standard, Some((ac, _))) => {
                        let standard = components_of(&standard)
                            .map(|(sc, _)| drive_letters(&sc))
                            .unwrap_or_default();
                        drive_letters(ac).iter().any(|d| !standard.contains(d))
                    }
                    _ => false,
                };
                kept == want
            })
            && self.actual_path_rootless.is_none_or(|want| {
                a.as_ref()
                    .is_some_and(|(c, _)| (c.host.is_none() && !c.path.starts_with('/')) == want)
            })
            && self.actual_path_without_dot_segments.is_none_or(|want| {
                a.as_ref().is_some_and(|(c, _)| {
                    let has_dot_segment = c
                        .path
                        .split('/')
                        .any(|segment| segment == "." || segment == "..");
                    has_dot_segment != want
                })
            })
            && (self.actual_path_prefix.is_empty()
                || a.as_ref().is_some_and(|(c, _)| {
                    self.actual_path_prefix
                        .iter()
                        .any(|p| c.path.starts_with(p.as_str()))
                }))
            && kind_in(&self.reference_host_kind, &e)
            && kind_in(&self.actual_host_kind, &a)
            && self.host_appears.is_none_or(|want| {
                let appears = e
                    .as_ref()
                    .is_some_and(|(c, _)| c.host.as_deref().is_none_or(str::is_empty))
                    && a.as_ref()
                        .is_some_and(|(c, _)| c.host.as_deref().is_some_and(|h| !h.is_empty()));
                appears == want
            })
    }

    fn relations_hold(&self, fields: &[Field], expected: &Outcome, actual: &Outcome) -> bool {
        let (Some((e, _)), Some((a, _))) = (components_of(expected), components_of(actual)) else {
            return false;
        };
        let has = |r: Relation| self.relation.contains(&r);
        fields.iter().all(|&field| {
            if field == Field::HostKind {
                // A host kind that follows from a host text difference is covered by the
                // relation that covers the host.
                return has(Relation::HostKindOnly) || fields.contains(&Field::Host);
            }
            let (ev, av) = (e.get(field), a.get(field));
            let field_relation = self.relation.iter().any(|relation| match relation {
                Relation::EmptyIsNull => ev == Some("") && av.is_none(),
                Relation::NullIsEmpty => ev.is_none() && av == Some(""),
                Relation::EmptyPathIsSlash => field == Field::Path && ev == Some("") && av == Some("/"),
                Relation::SlashIsEmptyPath => field == Field::Path && ev == Some("/") && av == Some(""),
                Relation::DefaultPortRemoved => {
                    field == Field::Port
                        && av.is_none()
                        && ev.is_some_and(|p| {
                            p.is_empty()
                                || default_port(e.scheme.as_deref()) == Some(p.trim_start_matches('0'))
                        })
                }
                Relation::PortAsNumber => {
                    field == Field::Port
                        && match (ev, av) {
                            (Some(e), Some(a)) => {
                                let trimmed = e.trim_start_matches('0');
                                !e.is_empty() && a == if trimmed.is_empty() { "0" } else { trimmed }
                            }
                            _ => false,
                        }
                }
                Relation::Ipv4Number => {
                    field == Field::Host
                        && matches!(
                            (ev.map(super::compare::percent_decoded).and_then(|h| whatwg_ipv4(&h)), av),
                            (Some(x), Some(a)) if x == a
                        )
                }
                Relation::SameIpAddress => {
                    field == Field::Host
                        && matches!((ev.and_then(ipv6_address), av.and_then(ipv6_address)), (Some(x), Some(y)) if x == y)
                }
                Relation::EmptyPasswordDropped => {
                    field == Field::Userinfo
                        && ev.is_some_and(|e| {
                            let dropped = super::compare::percent_decoded(e.strip_suffix(':').unwrap_or(e));
                            av.map(super::compare::percent_decoded) == (!dropped.is_empty()).then_some(dropped)
                        })
                }
                _ => false,
            });
            field_relation
                || match (ev, av) {
                    (Some(ev), Some(av)) => {
                        let canonical = |v: &str| canonical(v, field, &self.relation);
                        ev != av && canonical(ev) == canonical(av)
                    }
                    _ => false,
                }
        })
    }
}

/// The form of a URI reference: `uri`, `network-path`, `absolute-path`, `relative-path`
/// (§4.2), or `invalid`.
fn form_of(input: &str) -> &'static str {
    match reference::parse(input) {
        Ok(c) if c.scheme.is_some() => "uri",
        Ok(c) if c.has_authority() => "network-path",
        Ok(c) if c.path.starts_with('/') => "absolute-path",
        Ok(_) => "relative-path",
        Err(_) => "invalid",
    }
}

fn has_non_ascii_pct(input: &str) -> bool {
    input.as_bytes().windows(3).any(|w| {
        w[0] == b'%'
            && matches!(w[1], b'8'..=b'9' | b'a'..=b'f' | b'A'..=b'F')
            && w[2].is_ascii_hexdigit()
    })
}

/// Whether the reference's answer is the `//` case: for a resolution, a §5.2.2 target without
/// authority whose path starts with `//`; for a normalization, a result that needed `/.`.
fn is_double_slash_case(case: &Request, expected: &Outcome) -> bool {
    match case {
        Request::Resolve { .. } => super::models::letter_target_is_double_slash(case),
        Request::Normalize { .. } => components_of(expected)
            .is_some_and(|(c, _)| c.host.is_none() && c.path.starts_with("/.//")),
        Request::Parse { .. } => false,
    }
}

/// The reference's answers under every documented reading (none for parsing).
fn readings_of(case: &Request) -> Vec<Outcome> {
    let mut answers: Vec<Outcome> = Vec::new();
    match case {
        Request::Resolve {
            base,
            input,
            strict,
        } => {
            for options in reference::ResolveOptions::readings(*strict) {
                if let Ok(t) = reference::resolve(base, input, options) {
                    let answer = Outcome::Resolved(t);
                    if !answers.contains(&answer) {
                        answers.push(answer);
                    }
                }
            }
        }
        Request::Normalize { input, .. } => {
            let level = super::level_of(case).unwrap_or_default();
            for options in reference::NormalizeOptions::readings() {
                if let Ok(n) = reference::normalize_with(input, level, options) {
                    let answer = Outcome::Normalized(n);
                    if !answers.contains(&answer) {
                        answers.push(answer);
                    }
                }
            }
        }
        Request::Parse { .. } => {}
    }
    answers
}

/// Whether `actual` is the reference's answer under some combination of documented readings.
fn is_another_reading(case: &Request, actual: &Outcome) -> bool {
    match (case, actual) {
        (
            Request::Resolve {
                base,
                input,
                strict,
            },
            Outcome::Resolved(target),
        ) => reference::ResolveOptions::readings(*strict)
            .any(|options| reference::resolve(base, input, options).as_ref() == Ok(target)),
        (Request::Normalize { input, .. }, Outcome::Normalized(normalized)) => {
            let level = super::level_of(case).unwrap_or_default();
            reference::NormalizeOptions::readings().any(|options| {
                reference::normalize_with(input, level, options).as_ref() == Ok(normalized)
            })
        }
        _ => false,
    }
}

/// The URL Standard's IPv4 parser (https://url.spec.whatwg.org/#concept-ipv4-parser) on a
/// host: up to four dot-separated numbers in decimal, octal ("0" prefix) or hexadecimal ("0x"),
/// the last filling the remaining bytes; the dotted address, or `None`.
fn whatwg_ipv4(host: &str) -> Option<String> {
    let host = host.strip_suffix('.').unwrap_or(host);
    let parts: Vec<&str> = host.split('.').collect();
    if parts.is_empty() || parts.len() > 4 {
        return None;
    }
    let number = |part: &str| -> Option<u64> {
        let (digits, radix) =
            if let Some(hex) = part.strip_prefix("0x").or_else(|| part.strip_prefix("0X")) {
                (hex, 16)
            } else if part.len() > 1 && part.starts_with('0') {
                (&part[1..], 8)
            } else {
                (part, 10)
            };
        if digits.is_empty() {
            return (radix == 16).then_some(0);
        }
        u64::from_str_radix(digits, radix).ok()
    };
    let numbers: Vec<u64> = parts.iter().map(|p| number(p)).collect::<Option<_>>()?;
    let (last, init) = numbers.split_last()?;
    if init.iter().any(|&n| n > 255) || *last >= 256u64.pow(5 - numbers.len() as u32) {
        return None;
    }
    let mut value = *last;
    for (i, &n) in init.iter().enumerate() {
        value += n << (8 * (3 - i));
    }
    let bytes = (value as u32).to_be_bytes();
    Some(format!(
        "{}.{}.{}.{}",
        bytes[0], bytes[1], bytes[2], bytes[3]
    ))
}

fn ipv6_address(host: &str) -> Option<std::net::Ipv6Addr> {
    host.strip_prefix('[')?.strip_suffix(']')?.parse().ok()
}

/// The components of a parse, or of a target or normalized string parsed by the reference.
fn components_of(outcome: &Outcome) -> Option<(Components, Option<reference::HostKind>)> {
    match outcome {
        Outcome::Parsed {
            components,
            host_kind,
        } => Some((components.clone(), *host_kind)),
        Outcome::Resolved(s) | Outcome::Normalized(s) => match reference::parse(s) {
            Ok(c) => Some((Components::from(&c), c.host_kind)),
            // An answer that is not RFC 3986 (a WHATWG serialization with a '"' in the host)
            // is still split by Appendix B, its authority at the last "@" and the last ":".
            Err(_) => Some((split_leniently(s), None)),
        },
        _ => None,
    }
}

fn split_leniently(text: &str) -> Components {
    super::compare::lenient_components(text)
}

fn default_port(scheme: Option<&str>) -> Option<&'static str> {
    match scheme?.to_ascii_lowercase().as_str() {
        "http" | "ws" => Some("80"),
        "https" | "wss" => Some("443"),
        "ftp" => Some("21"),
        _ => None,
    }
}

/// A value under the canonicalizing relations that apply to its field.
fn canonical(value: &str, field: Field, relations: &[Relation]) -> String {
    let has = |r: Relation| relations.contains(&r);
    let mut value = value.to_owned();
    // Dot-segments first: decoding "%2F" first would make new segments.
    if field == Field::Path {
        if has(Relation::PercentDotSegments) {
            value = value
                .split('/')
                .map(
                    |segment| match segment.replace("%2E", ".").replace("%2e", ".").as_str() {
                        "." => ".".to_owned(),
                        ".." => "..".to_owned(),
                        _ => segment.to_owned(),
                    },
                )
                .collect::<Vec<_>>()
                .join("/");
        }
        if has(Relation::DotSegments) || has(Relation::PercentDotSegments) {
            value = remove_dot_segments(&value);
        }
    }
    if has(Relation::PercentDecoding) {
        value = super::compare::percent_decoded(&value);
    }
    if (has(Relation::SchemeLowercase) && field == Field::Scheme)
        || (has(Relation::HostLowercase) && field == Field::Host)
    {
        value = value.to_ascii_lowercase();
    }
    value
}
