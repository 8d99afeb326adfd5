//! Comparing one implementation's answer with the reference's, field by field.

use std::fmt;

use crate::impls::{BlindSpot, Blindness};
use crate::model::{Components, Field, Outcome};
use crate::protocol::Request;
use crate::reference::{self, HostKind};

/// What kind of difference an answer shows.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum DifferenceKind {
    /// The reference rejects the input and the implementation accepts it.
    AcceptsInvalid,
    /// The reference accepts the input and the implementation rejects it.
    RejectsValid,
    /// Both parse it, into different components (or host kinds).
    Components,
    /// Both resolve it, to different targets.
    Target,
    /// Both normalize it, to different strings.
    Normalized,
    /// The implementation panicked.
    Panic,
    /// The implementation ran past the time limit.
    Timeout,
}

impl DifferenceKind {
    /// The name used in signatures and reports.
    pub const fn name(self) -> &'static str {
        match self {
            DifferenceKind::AcceptsInvalid => "accepts-invalid",
            DifferenceKind::RejectsValid => "rejects-valid",
            DifferenceKind::Components => "components",
            DifferenceKind::Target => "target",
            DifferenceKind::Normalized => "normalized",
            DifferenceKind::Panic => "panic",
            DifferenceKind::Timeout => "timeout",
        }
    }

    /// The kind named `name`.
    pub fn from_name(name: &str) -> Option<DifferenceKind> {
        [
            DifferenceKind::AcceptsInvalid,
            DifferenceKind::RejectsValid,
            DifferenceKind::Components,
            DifferenceKind::Target,
            DifferenceKind::Normalized,
            DifferenceKind::Panic,
            DifferenceKind::Timeout,
        ]
        .into_iter()
        .find(|k| k.name() == name)
    }
}

impl fmt::Display for DifferenceKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A difference between an implementation's answer and the reference's.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Difference {
    /// Its kind.
    pub kind: DifferenceKind,
    /// The fields involved: those that differ (components, target, normalized), or the
    /// component whose presence makes the implementation reject a valid input.
    pub fields: Vec<Field>,
    /// What narrows the kind down, for the signature: the failing rule and character of an
    /// accepted invalid input, the §5.2.2 branch of a resolution, a panic's location.
    pub detail: String,
}

impl Difference {
    /// Whether the difference decides where a request goes: scheme, userinfo, host, host kind
    /// or port (the SSRF class of URL confusion).
    pub fn is_security_relevant(&self) -> bool {
        const ROUTING: [Field; 5] = [
            Field::Scheme,
            Field::Userinfo,
            Field::Host,
            Field::Port,
            Field::HostKind,
        ];
        match self.kind {
            // Rejecting a valid input sends no request anywhere.
            DifferenceKind::Panic | DifferenceKind::Timeout | DifferenceKind::RejectsValid => false,
            DifferenceKind::AcceptsInvalid => [
                "scheme",
                "userinfo",
                "host",
                "IP-literal",
                "IPv6address",
                "IPvFuture",
                "ZoneID",
                "authority",
                "port",
            ]
            .iter()
            .any(|rule| self.detail.starts_with(&format!("{rule}-")) || self.detail == *rule),
            _ => self.fields.iter().any(|f| ROUTING.contains(f)),
        }
    }
}

/// Compares `actual` with the reference's `expected` answer to `case`. `None` when they agree,
/// when the implementation does not support the case, or when the only differences fall in
/// its blind spots. A rejected valid input is returned with no fields: the engine finds the
/// culprit component by asking the implementation again.
pub fn compare(
    case: &Request,
    expected: &Outcome,
    actual: &Outcome,
    blind_spots: &[BlindSpot],
) -> Option<Difference> {
    let difference = |kind, fields, detail: String| {
        Some(Difference {
            kind,
            fields,
            detail,
        })
    };
    match (expected, actual) {
        (_, Outcome::Unsupported) | (Outcome::Unsupported, _) => None,
        (_, Outcome::Panicked(message)) => {
            difference(DifferenceKind::Panic, vec![], panic_location(message))
        }
        (_, Outcome::TimedOut) => difference(DifferenceKind::Timeout, vec![], String::new()),
        (Outcome::Invalid(_), Outcome::Invalid(_)) => None,
        (Outcome::Invalid(error), _) => difference(
            DifferenceKind::AcceptsInvalid,
            vec![],
            invalid_detail(case, error),
        ),
        (_, Outcome::Invalid(_)) => difference(DifferenceKind::RejectsValid, vec![], String::new()),
        (
            Outcome::Parsed {
                components: ec,
                host_kind: ek,
            },
            Outcome::Parsed {
                components: ac,
                host_kind: ak,
            },
        ) => {
            let fields = differing_fields(ec, *ek, ac, *ak, blind_spots);
            (!fields.is_empty()).then(|| Difference {
                kind: DifferenceKind::Components,
                fields,
                detail: String::new(),
            })
        }
        (Outcome::Resolved(e), Outcome::Resolved(a)) => (e != a).then(|| Difference {
            kind: DifferenceKind::Target,
            fields: string_fields(e, a),
            detail: resolution_branch(case).to_owned(),
        }),
        (Outcome::Normalized(e), Outcome::Normalized(a)) => (e != a).then(|| Difference {
            kind: DifferenceKind::Normalized,
            fields: string_fields(e, a),
            detail: String::new(),
        }),
        // An answer of the wrong shape: an adapter mistake, reported as such.
        (e, a) => difference(
            DifferenceKind::Components,
            vec![],
            format!("answer-shape-{}-{}", shape(e), shape(a)),
        ),
    }
}

fn shape(outcome: &Outcome) -> &'static str {
    match outcome {
        Outcome::Parsed { .. } => "parsed",
        Outcome::Resolved(_) => "resolved",
        Outcome::Normalized(_) => "normalized",
        Outcome::Invalid(_) => "invalid",
        Outcome::Unsupported => "unsupported",
        Outcome::Panicked(_) => "panicked",
        Outcome::TimedOut => "timed-out",
    }
}

/// The fields in which two parses differ, less the blind spots.
pub fn differing_fields(
    expected: &Components,
    expected_kind: Option<HostKind>,
    actual: &Components,
    actual_kind: Option<HostKind>,
    blind_spots: &[BlindSpot],
) -> Vec<Field> {
    Field::ALL
        .into_iter()
        .filter(|&field| {
            let blindness = blind_spots
                .iter()
                .find(|b| b.field == field)
                .map(|b| b.blindness);
            if blindness == Some(Blindness::Hidden) {
                return false;
            }
            if field == Field::HostKind {
                return expected_kind != actual_kind;
            }
            let (e, a) = (expected.get(field), actual.get(field));
            match blindness {
                Some(Blindness::EmptyIsUndefined) => {
                    e.filter(|v| !v.is_empty()) != a.filter(|v| !v.is_empty())
                }
                _ => e != a,
            }
        })
        .collect()
}

/// The fields in which two URI reference strings differ, each parsed by the reference; none
/// when the implementation's string does not parse.
fn string_fields(expected: &str, actual: &str) -> Vec<Field> {
    match (reference::parse(expected), reference::parse(actual)) {
        (Ok(e), Ok(a)) => differing_fields(
            &Components::from(&e),
            e.host_kind,
            &Components::from(&a),
            a.host_kind,
            &[],
        ),
        _ => vec![],
    }
}

/// The §5.2.2 branch the reference takes for a resolution case.
pub fn resolution_branch(case: &Request) -> &'static str {
    let Request::Resolve { input, .. } = case else {
        return "";
    };
    match reference::parse(input) {
        Ok(r) if r.scheme.is_some() => "reference-with-scheme",
        Ok(r) if r.has_authority() => "network-path",
        Ok(r) if r.path.is_empty() => "same-document",
        Ok(r) if r.path.starts_with('/') => "absolute-path",
        Ok(_) => "relative-path",
        Err(_) => "",
    }
}

/// For an input the reference rejects: the failing rule and the offending character, e.g.
/// `host-space`, `pct-encoded-percent`, taken from the reference's error.
fn invalid_detail(case: &Request, error: &str) -> String {
    let rule = error.split(':').next().unwrap_or("").trim();
    let (text, offset) = match case {
        Request::Parse { input, .. } | Request::Normalize { input, .. } => {
            (input.as_str(), error_offset(error))
        }
        Request::Resolve { input, .. } => {
            if let Some(rest) = error.strip_prefix("base:") {
                let rule = rest.split(':').next().unwrap_or("").trim();
                return format!("base-{rule}");
            }
            (input.as_str(), error_offset(error))
        }
    };
    match offset
        .and_then(|at| text.get(at..))
        .and_then(|rest| rest.chars().next())
    {
        Some(c) => format!("{rule}-{}", character_name(c)),
        None => rule.to_owned(),
    }
}

fn error_offset(error: &str) -> Option<usize> {
    error
        .rsplit("at byte ")
        .next()
        .and_then(|n| n.trim().parse().ok())
}

/// A short name for a character, usable in a file name.
pub fn character_name(c: char) -> String {
    match c {
        ' ' => "space".into(),
        '"' => "quote".into(),
        '<' => "less-than".into(),
        '>' => "greater-than".into(),
        '\\' => "backslash".into(),
        '^' => "caret".into(),
        '`' => "backtick".into(),
        '{' => "left-brace".into(),
        '}' => "right-brace".into(),
        '|' => "pipe".into(),
        '[' => "left-bracket".into(),
        ']' => "right-bracket".into(),
        '#' => "hash".into(),
        '%' => "percent".into(),
        '@' => "at".into(),
        ':' => "colon".into(),
        '/' => "slash".into(),
        '?' => "question-mark".into(),
        '\u{7f}' => "delete".into(),
        c if c.is_ascii_control() => "control".into(),
        c if !c.is_ascii() => "non-ascii".into(),
        c if c.is_ascii_alphanumeric() => "alphanumeric".into(),
        c => format!("x{:02x}", c as u32),
    }
}

/// The source location of a panic message (`... at src/parser.rs:12`), without the line, so
/// that one panic site makes one signature.
fn panic_location(message: &str) -> String {
    message
        .rsplit(" at ")
        .next()
        .and_then(|location| location.split(':').next())
        .map(|file| {
            file.rsplit('/')
                .next()
                .unwrap_or(file)
                .trim_end_matches(".rs")
                .to_owned()
        })
        .unwrap_or_default()
}
