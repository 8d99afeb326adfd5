//! Known differences, as data: an implementation that follows another specification differs
//! by design, and an implementation may choose another reading where RFC 3986 leaves room.
//! Each entry of `known-differences.yaml` holds a predicate precise enough for code to decide;
//! what no entry covers is a candidate bug.

use std::collections::BTreeSet;
use std::sync::Mutex;

use serde::Deserialize;

use super::compare::{Difference, DifferenceKind};
use crate::model::{Components, Field, Outcome};
use crate::protocol::Request;
use crate::reference::{self, remove_dot_segments};

/// The catalogue shipped with this crate.
pub const BUNDLED: &str = include_str!("known-differences.yaml");

/// Why a difference is not a bug.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Class {
    /// The implementation follows another specification (WHATWG URL, RFC 3987, RFC 9110).
    Design,
    /// RFC 3986 leaves room and the implementation takes another reading.
    RfcChoice,
    /// The API cannot express the input or component (a port as `u16`).
    ApiLimit,
}

impl Class {
    /// The name used in reports.
    pub const fn name(self) -> &'static str {
        match self {
            Class::Design => "design difference",
            Class::RfcChoice => "RFC leaves room",
            Class::ApiLimit => "API limit",
        }
    }
}

/// One known difference.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Entry {
    /// Stable id.
    pub id: String,
    /// The implementations it applies to.
    pub implementations: Vec<String>,
    /// Why it is not a bug.
    pub class: Class,
    /// What the implementation does and why.
    pub reason: String,
    /// The crate's documentation or the specification it follows.
    pub link: String,
    /// When it applies.
    #[serde(rename = "match")]
    pub predicate: Predicate,
}

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
    pub scheme: Vec<String>,
    /// The input (or, for resolution, the reference or the base) contains one of these.
    pub input_contains: Vec<String>,
    /// The input contains none of these.
    pub input_lacks: Vec<String>,
    /// Every differing component, compared after these canonicalizations or under these
    /// relations, is equal (see [`Relation`]).
    pub relation: Vec<Relation>,
    /// The reference's answer (its components, target or normalized string) has a path
    /// starting with one of these.
    pub reference_path_prefix: Vec<String>,
    /// Whether the reference's answer has an authority.
    pub reference_has_authority: Option<bool>,
    /// The implementation's answer (target or normalized string) has a path starting with
    /// one of these.
    pub actual_path_prefix: Vec<String>,
}

/// How an implementation's component relates to the reference's.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Relation {
    /// Equal after ASCII lowercasing.
    Lowercase,
    /// Equal after percent-decoding (so they differ only in what is encoded, or in the case of
    /// hexadecimal digits).
    PercentDecoding,
    /// The path equals the reference's path after remove_dot_segments (§5.2.4).
    DotSegments,
    /// The reference's component is empty and the implementation's undefined.
    EmptyIsNull,
    /// The reference's component is undefined and the implementation's empty.
    NullIsEmpty,
    /// The reference's path is empty and the implementation's is `/`.
    EmptyPathIsSlash,
    /// The reference's port is the scheme's default (or empty) and the implementation's is
    /// undefined.
    DefaultPortRemoved,
    /// The implementation's port is the reference's as a number (leading zeros gone).
    PortAsNumber,
    /// The host kinds differ while the host text is the same.
    HostKindOnly,
}

/// The catalogue, with a record of which entries matched during a run.
#[derive(Debug)]
pub struct Catalogue {
    entries: Vec<Entry>,
    matched: Mutex<BTreeSet<String>>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct File {
    entries: Vec<Entry>,
}

impl Catalogue {
    /// Reads a catalogue; errors name the line.
    pub fn parse(text: &str) -> Result<Self, String> {
        let file: File = serde_yaml::from_str(text).map_err(|e| match e.location() {
            Some(l) => format!("known-differences.yaml:{}: {e}", l.line()),
            None => format!("known-differences.yaml: {e}"),
        })?;
        let mut ids = BTreeSet::new();
        for entry in &file.entries {
            if !ids.insert(entry.id.clone()) {
                return Err(format!(
                    "known-differences.yaml: duplicate id {:?}",
                    entry.id
                ));
            }
            for field in entry
                .predicate
                .fields_within
                .iter()
                .chain(&entry.predicate.fields_include)
            {
                if Field::from_name(field).is_none() {
                    return Err(format!("{}: unknown field {field:?}", entry.id));
                }
            }
            for kind in &entry.predicate.kind {
                if DifferenceKind::from_name(kind).is_none() {
                    return Err(format!("{}: unknown kind {kind:?}", entry.id));
                }
            }
        }
        Ok(Catalogue {
            entries: file.entries,
            matched: Mutex::new(BTreeSet::new()),
        })
    }

    /// The bundled catalogue.
    pub fn bundled() -> Self {
        Catalogue::parse(BUNDLED).expect("the bundled catalogue is valid")
    }

    /// The entries.
    pub fn entries(&self) -> &[Entry] {
        &self.entries
    }

    /// The first entry that covers this difference, recording the match.
    pub fn classify(
        &self,
        implementation: &str,
        case: &Request,
        difference: &Difference,
        expected: &Outcome,
        actual: &Outcome,
    ) -> Option<&Entry> {
        let entry = self.entries.iter().find(|entry| {
            entry.implementations.iter().any(|i| i == implementation)
                && entry.predicate.holds(case, difference, expected, actual)
        })?;
        self.matched
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .insert(entry.id.clone());
        Some(entry)
    }

    /// Entries for these implementations that never matched since the catalogue was loaded.
    pub fn stale(&self, implementations: &[String]) -> Vec<&Entry> {
        let matched = self.matched.lock().unwrap_or_else(|e| e.into_inner());
        self.entries
            .iter()
            .filter(|e| {
                e.implementations
                    .iter()
                    .any(|i| implementations.contains(i))
                    && !matched.contains(&e.id)
            })
            .collect()
    }
}

impl Predicate {
    fn holds(
        &self,
        case: &Request,
        difference: &Difference,
        expected: &Outcome,
        actual: &Outcome,
    ) -> bool {
        let any = |list: &[String], value: &str| list.is_empty() || list.iter().any(|v| v == value);
        let op = super::signature::op_name(case);
        let fields: Vec<&str> = difference.fields.iter().map(|f| f.name()).collect();
        let inputs: Vec<&str> = match case {
            Request::Parse { input, .. } | Request::Normalize { input, .. } => vec![input],
            Request::Resolve { base, input, .. } => vec![input, base],
        };
        let scheme = reference::split(inputs[0])
            .scheme
            .map_or_else(|| "none".to_owned(), str::to_ascii_lowercase);
        any(&self.op, op)
            && any(&self.kind, difference.kind.name())
            && (self.fields_within.is_empty()
                || fields
                    .iter()
                    .all(|f| self.fields_within.iter().any(|w| w == f)))
            && (self.fields_include.is_empty()
                || fields
                    .iter()
                    .any(|f| self.fields_include.iter().any(|w| w == f)))
            && (self.detail_prefix.is_empty()
                || self
                    .detail_prefix
                    .iter()
                    .any(|p| difference.detail.starts_with(p.as_str())))
            && any(&self.scheme, &scheme)
            && (self.input_contains.is_empty()
                || self
                    .input_contains
                    .iter()
                    .any(|needle| inputs.iter().any(|i| i.contains(needle.as_str()))))
            && !self
                .input_lacks
                .iter()
                .any(|needle| inputs.iter().any(|i| i.contains(needle.as_str())))
            && self.answers_hold(expected, actual)
            && (self.relation.is_empty() || self.relations_hold(difference, expected, actual))
    }

    fn answers_hold(&self, expected: &Outcome, actual: &Outcome) -> bool {
        let path_prefix_ok = |prefixes: &[String], outcome: &Outcome| {
            prefixes.is_empty()
                || components_of(outcome)
                    .is_some_and(|(c, _)| prefixes.iter().any(|p| c.path.starts_with(p.as_str())))
        };
        path_prefix_ok(&self.reference_path_prefix, expected)
            && path_prefix_ok(&self.actual_path_prefix, actual)
            && self.reference_has_authority.is_none_or(|want| {
                components_of(expected).is_some_and(|(c, _)| c.host.is_some() == want)
            })
    }

    fn relations_hold(
        &self,
        difference: &Difference,
        expected: &Outcome,
        actual: &Outcome,
    ) -> bool {
        let (Some((e, _)), Some((a, _))) = (components_of(expected), components_of(actual)) else {
            return false;
        };
        difference.fields.iter().all(|&field| {
            if field == Field::HostKind {
                // A host kind that follows from a host text difference is covered by the
                // relation that covers the host.
                return self.relation.contains(&Relation::HostKindOnly)
                    || difference.fields.contains(&Field::Host);
            }
            let (ev, av) = (e.get(field), a.get(field));
            self.relation.iter().any(|relation| match relation {
                Relation::EmptyIsNull => ev == Some("") && av.is_none(),
                Relation::NullIsEmpty => ev.is_none() && av == Some(""),
                Relation::EmptyPathIsSlash => {
                    field == Field::Path && ev == Some("") && av == Some("/")
                }
                Relation::DefaultPortRemoved => {
                    field == Field::Port
                        && av.is_none()
                        && ev.is_some_and(|p| {
                            p.is_empty()
                                || default_port(e.scheme.as_deref())
                                    == Some(p.trim_start_matches('0'))
                        })
                }
                Relation::PortAsNumber => {
                    field == Field::Port
                        && match (ev, av) {
                            (Some(e), Some(a)) => {
                                let trimmed = e.trim_start_matches('0');
                                a == if trimmed.is_empty() && !e.is_empty() {
                                    "0"
                                } else {
                                    trimmed
                                }
                            }
                            _ => false,
                        }
                }
                Relation::HostKindOnly => false,
                _ => match (ev, av) {
                    (Some(ev), Some(av)) => {
                        canonical(ev, field, &self.relation) == canonical(av, field, &self.relation)
                    }
                    _ => false,
                },
            })
        })
    }
}

/// The components of a parse, or of a target or normalized string parsed by the reference.
fn components_of(outcome: &Outcome) -> Option<(Components, Option<reference::HostKind>)> {
    match outcome {
        Outcome::Parsed {
            components,
            host_kind,
        } => Some((components.clone(), *host_kind)),
        Outcome::Resolved(s) | Outcome::Normalized(s) => reference::parse(s)
            .ok()
            .map(|c| (Components::from(&c), c.host_kind)),
        _ => None,
    }
}

fn default_port(scheme: Option<&str>) -> Option<&'static str> {
    match scheme?.to_ascii_lowercase().as_str() {
        "http" | "ws" => Some("80"),
        "https" | "wss" => Some("443"),
        "ftp" => Some("21"),
        _ => None,
    }
}

/// A value under the canonicalizing relations.
fn canonical(value: &str, field: Field, relations: &[Relation]) -> String {
    let mut value = value.to_owned();
    if relations.contains(&Relation::PercentDecoding) {
        value = percent_decode(&value);
    }
    if relations.contains(&Relation::Lowercase) {
        value = value.to_ascii_lowercase();
    }
    if relations.contains(&Relation::DotSegments) && field == Field::Path && value.starts_with('/')
    {
        value = remove_dot_segments(&value);
    }
    value
}

/// Decodes every `%XX` triplet; other text is kept. Bytes that do not form UTF-8 are kept as
/// their triplets, so the result is comparable text.
fn percent_decode(text: &str) -> String {
    let bytes = text.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        if bytes[i] == b'%'
            && i + 2 < bytes.len()
            && bytes[i + 1].is_ascii_hexdigit()
            && bytes[i + 2].is_ascii_hexdigit()
        {
            let hex = |b: u8| reference::chars::hex_value(b);
            out.push(hex(bytes[i + 1]) << 4 | hex(bytes[i + 2]));
            i += 3;
        } else {
            out.push(bytes[i]);
            i += 1;
        }
    }
    String::from_utf8(out).unwrap_or_else(|_| text.to_ascii_uppercase())
}
