//! RFC 3987, Internationalized Resource Identifiers, beside RFC 3986 and built on it.
//!
//! - [`chars`]: `ucschar`, `iprivate` and the bidirectional formatting characters (§2.2, §4.1);
//! - the grammar of §2.2 (`IRI-reference`, `IRI`, `absolute-IRI`, `irelative-ref`) is RFC
//!   3986's parser run with [`Grammar::Iri`](super::Grammar::Iri): [`parse_iri`] and
//!   [`super::parse_in`];
//! - [`to_uri`]: the mapping of IRIs to URIs (§3.1);
//! - [`to_iri`]: the conversion of URIs to IRIs (§3.2);
//! - resolution (§6.5) and the comparison ladder (§5.3) are RFC 3986's, run with
//!   [`Grammar::Iri`](super::Grammar::Iri): [`super::resolve_in`], [`super::normalize_in`],
//!   [`super::equivalent_in`].
//!
//! Every choice where RFC 3987 leaves room is numbered in vectors/README.md (choices 17 on).

pub mod chars;
pub mod to_iri;
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
