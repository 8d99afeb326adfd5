//! Stable signatures: many inputs that show one bug make one report.
//!
//! A signature is the operation, the implementation, the kind of difference, the fields
//! involved (for differing components, targets and normalizations only the most severe one;
//! for a property, every one) and the detail (the failing rule and character, the §5.2.2
//! branch, the panic site).
//! It holds nothing of the input itself, so it is the same for every input that shows the
//! same behaviour. A finding a catalogue entry covers is identified by that entry alone (the
//! first of a set of entries that reproduce an answer only together): the entry already says
//! what the mechanism is, in whatever operation, kind or field it shows.

use std::fmt;

use super::compare::{Difference, DifferenceKind};
use crate::model::Field;
use crate::protocol::Request;

/// The identity of a finding.
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Signature {
    /// `parse`, `resolve` or `normalize`.
    pub op: &'static str,
    /// The implementation's name.
    pub implementation: String,
    /// The kind of difference.
    pub kind: DifferenceKind,
    /// The fields involved, in URI order.
    pub fields: Vec<Field>,
    /// The narrowing detail.
    pub detail: String,
    /// The catalogue entry that covers it, if any (the first of a set, [`super::Known::mechanism`]):
    /// it names the finding alone, so a known difference and a candidate bug that look alike
    /// are still two reports, and one entry is one report in every field and operation.
    pub known: Option<String>,
}

impl Signature {
    /// The signature of `difference` for `implementation` on `case`.
    pub fn of(implementation: &str, case: &Request, difference: &Difference) -> Self {
        // Every field involved, the ones that decide where a request goes first: a host that
        // moves is never filed under a cosmetic userinfo difference.
        let mut fields = difference.fields.clone();
        fields.sort_by_key(|&f| severity(f));
        fields.dedup();
        // Of the fields two answers differ in, the most severe names the behaviour: the others
        // usually follow from it (a path taken for an authority moves host, port and path at
        // once), and the shrinker keeps the first field, not the rest, so signing by every
        // field would make one report per combination a single cause shows.
        if matches!(
            difference.kind,
            DifferenceKind::Components | DifferenceKind::Target | DifferenceKind::Normalized
        ) {
            fields.truncate(1);
        }
        Signature {
            op: op_name(case),
            implementation: implementation.to_owned(),
            kind: difference.kind,
            fields,
            detail: difference.detail.clone(),
            known: None,
        }
    }

    /// The identifier within the implementation's reports, usable as a file name:
    /// `parse-rejects-valid-port-over-65535`, `parse-components-host-path`,
    /// `parse-accepts-invalid-host-space`, `resolve-target-path-dot-segments-kept`, and for a
    /// finding a catalogue entry covers, that entry's id alone: `http-empty-path-is-slash`.
    pub fn id(&self) -> String {
        let mut id = String::with_capacity(64);
        let mut push = |part: &str, first: bool| {
            if !first {
                id.push('-');
            }
            id.extend(part.chars().map(|c| {
                let c = c.to_ascii_lowercase();
                if c.is_ascii_alphanumeric() || c == '-' || c == '.' {
                    c
                } else {
                    '-'
                }
            }));
        };
        match &self.known {
            // A finding a catalogue entry covers is named by the entry alone: the entry says
            // what the mechanism is, whatever operation, kind of difference or field it shows
            // in, so one mechanism makes one report.
            Some(known) => push(known, true),
            None => {
                push(self.op, true);
                push(self.kind.name(), false);
                for field in &self.fields {
                    push(field.name(), false);
                }
                if !self.detail.is_empty() {
                    push(&self.detail, false);
                }
            }
        }
        bounded(id)
    }
}

/// The longest signature id: a file name with `.inputs.json` after it stays well inside the
/// 255 bytes file systems allow, and inside the reports' plain-name rule.
pub(crate) const LONGEST_ID: usize = 200;

/// `id` itself when it is at most [`LONGEST_ID`] long; otherwise its first part and 16
/// hexadecimal digits of a hash (FNV-1a, 64 bits) of the whole, so that a known difference
/// explained by many catalogue entries still has one stable, plain file name.
fn bounded(id: String) -> String {
    if id.len() <= LONGEST_ID {
        return id;
    }
    let hash = id.bytes().fold(0xcbf2_9ce4_8422_2325_u64, |h, b| {
        (h ^ u64::from(b)).wrapping_mul(0x0000_0100_0000_01b3)
    });
    let keep = LONGEST_ID - 17;
    format!("{}-{hash:016x}", &id[..keep])
}

impl fmt::Display for Signature {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}/{}", self.implementation, self.id())
    }
}

/// Whether two values of `field` differ beyond what RFC 3986 makes the same component for
/// every implementation: a scheme's case (§3.1: "schemes are case-insensitive"), a host's
/// (§3.2.2: "The host subcomponent is case-insensitive"), a triplet's hexadecimal digits
/// (§2.1: "If two URIs differ only in the case of hexadecimal digits used in percent-encoded
/// octets, they are equivalent"), an empty port and none (§3.2.3).
pub(crate) fn differs_beyond_equivalence(
    field: Field,
    expected: Option<&str>,
    actual: Option<&str>,
) -> bool {
    let spelled = |value: Option<&str>| -> Option<String> {
        let value = value?;
        if field == Field::Port && value.is_empty() {
            return None;
        }
        let mut out = String::with_capacity(value.len());
        let mut chars = value.char_indices().peekable();
        let bytes = value.as_bytes();
        while let Some((at, c)) = chars.next() {
            let triplet = c == '%'
                && bytes
                    .get(at + 1..at + 3)
                    .is_some_and(|pair| pair.iter().all(u8::is_ascii_hexdigit));
            if triplet {
                out.push('%');
                for _ in 0..2 {
                    if let Some((_, d)) = chars.next() {
                        out.push(d.to_ascii_uppercase());
                    }
                }
            } else if matches!(field, Field::Scheme | Field::Host) {
                out.push(c.to_ascii_lowercase());
            } else {
                out.push(c);
            }
        }
        Some(out)
    };
    spelled(expected) != spelled(actual)
}

/// The rank of a field in a signature: host, port, scheme, userinfo and host kind (what a
/// client connects to) before path, query and fragment.
pub(crate) fn severity(field: Field) -> u8 {
    match field {
        Field::Host => 0,
        Field::Port => 1,
        Field::Scheme => 2,
        Field::Userinfo => 3,
        Field::HostKind => 4,
        Field::Path => 5,
        Field::Query => 6,
        Field::Fragment => 7,
    }
}

/// The operation of a case; a parse by an RFC 3987 rule is `parse-iri`, so that its reports
/// stand apart from the same crate's URI parsing.
pub(crate) fn op_name(case: &Request) -> &'static str {
    match case {
        Request::Parse { .. } if case.is_iri_parse() => "parse-iri",
        Request::Parse { .. } => "parse",
        Request::Resolve { .. } => "resolve",
        Request::Normalize { .. } => "normalize",
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_equivalent_spelling_is_no_difference_of_a_field() {
        // §3.1, §3.2.2, §2.1, §3.2.3.
        assert!(!differs_beyond_equivalence(
            Field::Scheme,
            Some("A"),
            Some("a")
        ));
        assert!(!differs_beyond_equivalence(
            Field::Host,
            Some("%a0"),
            Some("%A0")
        ));
        assert!(!differs_beyond_equivalence(
            Field::Host,
            Some("Ex.COM"),
            Some("ex.com")
        ));
        assert!(!differs_beyond_equivalence(
            Field::Path,
            Some("/%aa"),
            Some("/%AA")
        ));
        assert!(!differs_beyond_equivalence(Field::Port, Some(""), None));
        // Near-misses: a path's or a userinfo's letters have a case of their own; an octet
        // encoded is another spelling the RFC does not make the same for a reserved one.
        assert!(differs_beyond_equivalence(
            Field::Path,
            Some("/A"),
            Some("/a")
        ));
        assert!(differs_beyond_equivalence(
            Field::Userinfo,
            Some("!"),
            Some("%21")
        ));
        assert!(differs_beyond_equivalence(Field::Host, Some("a"), None));
    }

    #[test]
    fn long_ids_are_bounded_and_stable() {
        let long = "a".repeat(300);
        let id = bounded(long.clone());
        assert_eq!(id.len(), LONGEST_ID);
        assert_eq!(id, bounded(long.clone()));
        assert_ne!(id, bounded(format!("{long}b")));
        assert!(id.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'-'));
        assert_eq!(bounded("short".to_owned()), "short");
    }
}
