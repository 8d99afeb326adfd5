//! The reference implementation behind the [`Implementation`] trait.

use super::{About, Implementation, Promises};
use crate::model::{Components, Outcome};
use crate::reference::{
    self as rfc3986, Level, ParseError, ParseOptions, ResolveError, ResolveOptions, Rule,
};

/// The reference implementation of this crate.
#[derive(Clone, Copy, Debug, Default)]
pub struct Reference;

/// The error text: the rule's name, a colon, and the message.
fn error_text(error: &ParseError) -> String {
    format!("{}: {error}", error.kind())
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
            Err(e) => Outcome::Invalid(error_text(&e)),
        }
    }

    fn resolve(&self, base: &str, reference: &str, strict: bool) -> Outcome {
        match rfc3986::resolve(base, reference, ResolveOptions::strict(strict)) {
            Ok(target) => Outcome::Resolved(target),
            Err(ResolveError::Base(e)) => Outcome::Invalid(format!("base: {}", error_text(&e))),
            Err(ResolveError::Reference(e)) => Outcome::Invalid(error_text(&e)),
        }
    }

    fn normalize(&self, input: &str, level: Level) -> Outcome {
        match rfc3986::normalize(input, level) {
            Ok(normalized) => Outcome::Normalized(normalized),
            Err(e) => Outcome::Invalid(error_text(&e)),
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
}
