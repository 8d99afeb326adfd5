//! The reference implementation behind the [`Implementation`] trait.

use super::{About, Implementation, Promises};
use crate::model::{Components, Outcome, Rejection, Subject};
use crate::protocol::{IriRequest, IriResponse, Response};
use crate::reference::{
    self as rfc3986, Grammar, Level, ParseError, ParseOptions, ResolveError, ResolveOptions, Rule,
};

/// The reference implementation of this crate.
#[derive(Clone, Copy, Debug, Default)]
pub struct Reference;

/// The answer to an input the reference refuses: its [`Rejection`].
pub(crate) fn refused(error: &ParseError) -> Outcome {
    Outcome::Invalid(Rejection::of(error, Subject::Input))
}

/// The error text of the input's rejection: the rule's name, a colon, and the message
/// ([`Rejection`]).
pub(crate) fn error_text(error: &ParseError) -> String {
    Rejection::of(error, Subject::Input).to_string()
}

/// The error text of the base's rejection: `base: ` and the rule's name, a colon, and the
/// message ([`Rejection`]).
fn base_error_text(error: &ParseError) -> String {
    Rejection::of(error, Subject::Base).to_string()
}

impl Implementation for Reference {
    fn about(&self) -> About<'_> {
        About {
            name: "reference",
            version: concat!("uri-conformance ", env!("CARGO_PKG_VERSION")),
            spec: "RFC 3986",
            docs: "vectors/README.md",
        }
    }

    fn parse(&self, input: &str, rule: Rule, options: ParseOptions) -> Outcome {
        match rfc3986::parse_with(input, rule, options) {
            Ok(c) => Outcome::Parsed {
                components: Components::from(&c),
                host_kind: c.host_kind,
            },
            Err(e) => refused(&e),
        }
    }

    fn parse_iri(&self, input: &str, rule: Rule) -> Outcome {
        match rfc3986::parse_in(input, rule, Grammar::Iri, ParseOptions::default()) {
            Ok(c) => Outcome::Parsed {
                components: Components::from(&c),
                host_kind: c.host_kind,
            },
            Err(e) => refused(&e),
        }
    }

    fn resolve(&self, base: &str, reference: &str, strict: bool) -> Outcome {
        match rfc3986::resolve(base, reference, ResolveOptions::strict(strict)) {
            Ok(target) => Outcome::Resolved(target),
            Err(ResolveError::Base(e)) => Outcome::Invalid(Rejection::of(&e, Subject::Base)),
            Err(ResolveError::Reference(e)) => refused(&e),
        }
    }

    fn normalize(&self, input: &str, level: Level) -> Outcome {
        match rfc3986::normalize(input, level) {
            Ok(normalized) => Outcome::Normalized(normalized),
            Err(e) => refused(&e),
        }
    }

    /// §5.3's recomposition of the parse: the input itself for every valid reference.
    fn serialize(&self, input: &str) -> Option<Result<String, String>> {
        Some(
            crate::reference::parse(input)
                .map(|c| crate::reference::recompose(&c))
                .map_err(|e| error_text(&e)),
        )
    }

    fn promises(&self) -> Promises {
        Promises {
            keeps_text: true,
            strict_resolution: true,
        }
    }

    fn supports_zone_id(&self) -> bool {
        true
    }

    /// RFC 3987 by the same code, with [`Grammar::Iri`], and the two mappings.
    fn answer_iri(&self, request: &IriRequest) -> IriResponse {
        let invalid = |e: &ParseError| Response::invalid(error_text(e)).into();
        match request {
            IriRequest::Parse { input, rule } => {
                match rfc3986::parse_in(input, *rule, Grammar::Iri, ParseOptions::default()) {
                    Ok(c) => Response::parsed(Components::from(&c), c.host_kind).into(),
                    Err(e) => invalid(&e),
                }
            }
            IriRequest::Resolve {
                base,
                input,
                strict,
                ..
            } => match rfc3986::resolve_in(
                base,
                input,
                ResolveOptions::strict(*strict),
                Grammar::Iri,
            ) {
                Ok(target) => Response::resolved(target).into(),
                Err(ResolveError::Base(e)) => Response::invalid(base_error_text(&e)).into(),
                Err(ResolveError::Reference(e)) => invalid(&e),
            },
            IriRequest::Normalize { input, level, .. } => {
                match rfc3986::normalize_in(input, level.unwrap_or_default(), Grammar::Iri) {
                    Ok(normalized) => Response::normalized(normalized).into(),
                    Err(e) => invalid(&e),
                }
            }
            IriRequest::IriToUri { input } => match rfc3986::iri_to_uri(input) {
                Ok(uri) => IriResponse::uri(uri),
                Err(e) => invalid(&e),
            },
            IriRequest::UriToIri { input } => match rfc3986::uri_to_iri(input) {
                Ok(iri) => IriResponse::iri(iri),
                Err(e) => invalid(&e),
            },
        }
    }
}
