//! RFC 3987, Internationalized Resource Identifiers, beside RFC 3986 and built on it.
//!
//! - [`chars`]: `ucschar`, `iprivate` and the bidirectional formatting characters (§2.2, §4.1);
//! - the grammar of §2.2 (`IRI-reference`, `IRI`, `absolute-IRI`, `irelative-ref`) is RFC
//!   3986's parser run with [`Grammar::Iri`]: [`parse_iri`] and
//!   [`super::parse_in`];
//! - [`to_uri`]: the mapping of IRIs to URIs (§3.1);
//! - [`to_iri`]: the conversion of URIs to IRIs (§3.2);
//! - resolution (§6.5) and the comparison ladder (§5.3) are RFC 3986's, run with
//!   [`Grammar::Iri`]: [`super::resolve_in`], [`super::normalize_in`],
//!   [`super::equivalent_in`].
//!
//! Every choice where RFC 3987 leaves room is numbered in vectors/README.md (choices 17 on).

pub(crate) mod chars;
pub(crate) mod to_iri;
pub mod to_uri;

use super::error::ParseError;
use super::parse::{Components, Grammar, ParseOptions, Rule, parse_in};

/// Parses `input` as an `IRI-reference` (RFC 3987 §2.2): `IRI-reference = IRI / irelative-ref`.
pub fn parse_iri(input: &str) -> Result<Components<'_>, ParseError> {
    parse_in(
        input,
        Rule::UriReference,
        Grammar::Iri,
        ParseOptions::default(),
    )
}

pub use to_iri::uri_to_iri;
pub use to_uri::iri_to_uri;

#[cfg(test)]
mod tests {
    use std::collections::HashMap;

    use super::super::{Level, normalize, normalize_in};
    use super::*;

    /// RFC 3987 §5.3.2.3 allows comparing IRIs "by converting both IRIs to URIs (see section
    /// 3.1), eliminating escape differences in the resulting URIs": the reference's IRI normal
    /// form (choice 24) must equate exactly the IRIs that route equates.
    #[test]
    fn iri_normal_forms_equate_what_the_normal_forms_of_their_uris_equate() {
        let hosts = [
            "a",
            "A",
            "é",
            "É",
            "%C3%A9",
            "%c3%a9",
            "%41",
            "例",
            "%E4%BE%8B",
        ];
        let pieces = [
            "é",
            "%C3%A9",
            "%c3%a9",
            "%41",
            "a",
            "É",
            "/",
            "./",
            "../",
            "%2F",
            "%2f",
            "%E2%80%8E",
            "%e2%80%8e",
            "\u{200E}",
            "%EE%80%80",
            "\u{E000}",
            "%FF",
            "%C3",
            "例",
            "%E4%BE%8B",
            "?",
            "#",
            "%7e",
            "~",
        ];
        let mut by_uri_form: HashMap<String, String> = HashMap::new();
        let mut checked = 0;
        for host in hosts {
            for a in pieces {
                for b in pieces {
                    for c in pieces {
                        let iri = format!("http://{host}/{a}{b}{c}");
                        let Ok(iri_form) = normalize_in(&iri, Level::Syntax, Grammar::Iri) else {
                            continue;
                        };
                        let uri_form = normalize(&iri_to_uri(&iri).unwrap(), Level::Syntax)
                            .expect("a mapped IRI is a URI");
                        // The IRI normal form maps to the same URI normal form ...
                        let again = normalize(&iri_to_uri(&iri_form).unwrap(), Level::Syntax);
                        assert_eq!(again.as_ref(), Ok(&uri_form), "{iri}");
                        // ... and IRIs with one URI normal form have one IRI normal form.
                        let first = by_uri_form.entry(uri_form).or_insert(iri_form.clone());
                        assert_eq!(*first, iri_form, "{iri}");
                        checked += 1;
                    }
                }
            }
        }
        assert!(checked > 50_000, "{checked}");
        // Different spellings met: fewer normal forms than inputs.
        assert!(by_uri_form.len() * 2 < checked, "{}", by_uri_form.len());
    }
}
