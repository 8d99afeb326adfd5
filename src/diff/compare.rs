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
    /// Whether it decides where a request goes (see [`Difference::is_security_relevant`]).
    pub security: bool,
}

impl Difference {
    /// Whether the difference decides where a request goes: a scheme, userinfo, host, host
    /// kind or port that differs beyond case and percent-encoding (the SSRF class of URL
    /// confusion), or an accepted invalid authority.
    pub fn is_security_relevant(&self) -> bool {
        self.security
    }
}

const ROUTING_RULES: [&str; 9] = [
    "scheme",
    "userinfo",
    "host",
    "IP-literal",
    "IPv6address",
    "IPvFuture",
    "ZoneID",
    "authority",
    "port",
];

/// Whether two parses send a request to different places: scheme, userinfo, host, host kind
/// or port differ, beyond ASCII case and percent-encoding, and beyond a default or empty port
/// written or left out.
fn routing_differs(
    e: &Components,
    e_kind: Option<HostKind>,
    a: &Components,
    a_kind: Option<HostKind>,
) -> bool {
    let canonical = |v: Option<&str>| v.map(|v| percent_decoded(v).to_ascii_lowercase());
    let port = |c: &Components| {
        let default = match c.scheme.as_deref().map(str::to_ascii_lowercase).as_deref() {
            Some("http" | "ws") => Some("80"),
            Some("https" | "wss") => Some("443"),
            Some("ftp") => Some("21"),
            _ => None,
        };
        let text = c.port.as_deref().filter(|p| !p.is_empty())?;
        let trimmed = text.trim_start_matches('0');
        let value = if trimmed.is_empty() { "0" } else { trimmed };
        (Some(value) != default).then(|| value.to_owned())
    };
    let ipv6 = |h: Option<&str>| {
        h.and_then(|h| {
            h.strip_prefix('[')?
                .strip_suffix(']')?
                .parse::<std::net::Ipv6Addr>()
                .ok()
        })
    };
    let same_host = canonical(e.host.as_deref()) == canonical(a.host.as_deref())
        || ipv6(e.host.as_deref()).is_some_and(|x| Some(x) == ipv6(a.host.as_deref()));
    canonical(e.scheme.as_deref()) != canonical(a.scheme.as_deref())
        || canonical(e.userinfo.as_deref()) != canonical(a.userinfo.as_deref())
        || !same_host
        || e_kind != a_kind
        || port(e) != port(a)
}

/// Every `%XX` triplet decoded, other text kept; bytes that are not UTF-8 come out lossily.
pub(crate) fn percent_decoded(text: &str) -> String {
    let bytes = text.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        if bytes[i] == b'%'
            && i + 2 < bytes.len()
            && bytes[i + 1].is_ascii_hexdigit()
            && bytes[i + 2].is_ascii_hexdigit()
        {
            out.push(
                reference::chars::hex_value(bytes[i + 1]) << 4
                    | reference::chars::hex_value(bytes[i + 2]),
            );
            i += 3;
        } else {
            out.push(bytes[i]);
            i += 1;
        }
    }
    String::from_utf8_lossy(&out).into_owned()
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
        let security = kind == DifferenceKind::AcceptsInvalid
            && ROUTING_RULES
                .iter()
                .any(|rule| detail == *rule || detail.starts_with(&format!("{rule}-")));
        Some(Difference {
            kind,
            fields,
            detail,
            security,
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
                security: routing_differs(ec, *ek, ac, *ak),
            })
        }
        (Outcome::Resolved(e), Outcome::Resolved(a)) => (e != a).then(|| {
            let (fields, security) = string_fields(e, a);
            Difference {
                kind: DifferenceKind::Target,
                fields,
                detail: resolution_branch(case).to_owned(),
                security,
            }
        }),
        (Outcome::Normalized(e), Outcome::Normalized(a)) => (e != a).then(|| {
            let (fields, security) = string_fields(e, a);
            Difference {
                kind: DifferenceKind::Normalized,
                fields,
                detail: String::new(),
                security,
            }
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
                .filter(|b| b.field == field)
                .map(|b| b.blindness);
            if blindness.clone().any(|b| b == Blindness::Hidden) {
                return false;
            }
            if field == Field::HostKind {
                return expected_kind != actual_kind;
            }
            // Each blindness of the field applies to both sides, so that the comparison sees
            // only what the implementation's API can express.
            let seen = |value: Option<&str>| {
                blindness
                    .clone()
                    .fold(value.map(str::to_owned), |v, b| match b {
                        Blindness::EmptyIsUndefined => v.filter(|v| !v.is_empty()),
                        Blindness::Decoded => v.map(|v| percent_decoded(&v)),
                        Blindness::CaseFolded => v.map(|v| v.to_ascii_lowercase()),
                        Blindness::Hidden => v,
                    })
            };
            let (e, a) = (expected.get(field), actual.get(field));
            if blindness.clone().next().is_none() {
                return e != a;
            }
            seen(e) != seen(a)
        })
        .collect()
}

/// The fields in which two URI reference strings differ, each parsed by the reference, and
/// whether they route differently; no fields when the implementation's string does not parse
/// (which is then taken to route differently).
fn string_fields(expected: &str, actual: &str) -> (Vec<Field>, bool) {
    match (reference::parse(expected), reference::parse(actual)) {
        (Ok(e), Ok(a)) => {
            let (ec, ac) = (Components::from(&e), Components::from(&a));
            (
                differing_fields(&ec, e.host_kind, &ac, a.host_kind, &[]),
                routing_differs(&ec, e.host_kind, &ac, a.host_kind),
            )
        }
        _ => (vec![], true),
    }
}

/// The fields in which two target or normalized answers differ, each parsed by the
/// reference; none if either is not such an answer or does not parse.
pub fn answer_fields(expected: &Outcome, actual: &Outcome) -> Vec<Field> {
    match (expected, actual) {
        (Outcome::Resolved(e), Outcome::Resolved(a))
        | (Outcome::Normalized(e), Outcome::Normalized(a)) => string_fields(e, a).0,
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

/// The class of a character a rule does not allow, usable in a file name: a delimiter by
/// name (its meaning differs by place), otherwise a class, so that one bug shown by many
/// characters makes one signature.
pub fn character_name(c: char) -> String {
    match c {
        ':' => "colon".into(),
        '/' => "slash".into(),
        '?' => "question-mark".into(),
        '#' => "hash".into(),
        '[' => "left-bracket".into(),
        ']' => "right-bracket".into(),
        '@' => "at".into(),
        '%' => "percent".into(),
        '\\' => "backslash".into(),
        ' ' => "space".into(),
        c if c.is_ascii_control() => "control".into(),
        c if !c.is_ascii() => "non-ascii".into(),
        '"' | '<' | '>' | '^' | '`' | '{' | '|' | '}' => "excluded".into(),
        // unreserved and sub-delims: grammar characters out of place.
        _ => "grammar-character".into(),
    }
}

/// The source location of a panic message (`... at /path/to/src/parser.rs:12:5`) as
/// `parser.rs:12`, so that one panic site makes one signature.
fn panic_location(message: &str) -> String {
    // An external program's fault: its text is in the report, not in the signature.
    if let Some(detail) = crate::impls::external::fixed_detail(message) {
        return detail.to_owned();
    }
    let Some((_, location)) = message.rsplit_once(" at ") else {
        return String::new();
    };
    let mut parts = location.rsplit('/').next().unwrap_or(location).split(':');
    match (parts.next(), parts.next()) {
        (Some(file), Some(line)) => format!("{file}:{line}"),
        (Some(file), None) => file.to_owned(),
        _ => String::new(),
    }
}
