//! Running vectors against the reference implementation.

use std::fmt;

use crate::model::Components;
use crate::reference::{
    self, ParseOptions, ResolveError, ResolveOptions, iri_to_uri, normalize_in, parse_in,
    recompose, remove_dot_segments_traced, resolve_in, split, uri_to_iri,
};
use crate::vectors::{Case, Expectation, SplitGroups, Vector};

/// A vector whose expectation the reference does not meet.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Mismatch {
    /// The test name of the vector.
    pub name: String,
    /// Where it is written, `file:line`.
    pub place: String,
    /// What the vector expects.
    pub expected: Expectation,
    /// What the reference answered.
    pub actual: Expectation,
}

impl fmt::Display for Mismatch {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(f, "{} ({})", self.name, self.place)?;
        writeln!(f, "  expected: {}", self.expected)?;
        write!(f, "  actual:   {}", self.actual)
    }
}

/// Runs `vector` on the reference; `Err` when the answer differs from `expect`.
pub fn check_reference(vector: &Vector) -> Result<(), Box<Mismatch>> {
    let actual = reference_outcome(&vector.case);
    if satisfies(&actual, &vector.expect) {
        Ok(())
    } else {
        Err(Box::new(Mismatch {
            name: vector.name(),
            place: format!("{}:{}", vector.file.display(), vector.line),
            expected: vector.expect.clone(),
            actual,
        }))
    }
}

/// Whether `actual` (a complete outcome) meets `expected`, which may leave out the error offset
/// and the §5.2.4 trace.
pub(crate) fn satisfies(actual: &Expectation, expected: &Expectation) -> bool {
    match (actual, expected) {
        (
            Expectation::Invalid { rule, at },
            Expectation::Invalid {
                rule: expected_rule,
                at: expected_at,
            },
        ) => rule == expected_rule && (expected_at.is_none() || at == expected_at),
        (
            Expectation::Path { path, trace },
            Expectation::Path {
                path: expected_path,
                trace: expected_trace,
            },
        ) => path == expected_path && (expected_trace.is_none() || trace == expected_trace),
        _ => actual == expected,
    }
}

/// The reference's complete outcome for a case.
pub(crate) fn reference_outcome(case: &Case) -> Expectation {
    let invalid = |e: &reference::ParseError| Expectation::Invalid {
        rule: e.kind(),
        at: Some(e.offset()),
    };
    match case {
        Case::Parse {
            input,
            rule,
            zone_id,
            grammar,
        } => match parse_in(input, *rule, *grammar, ParseOptions { zone_id: *zone_id }) {
            Ok(c) => Expectation::Components {
                components: Components::from(&c),
                host_kind: c.host_kind,
            },
            Err(e) => invalid(&e),
        },
        Case::Resolve {
            base,
            input,
            strict,
            grammar,
        } => match resolve_in(base, input, ResolveOptions::strict(*strict), *grammar) {
            Ok(target) => Expectation::Target(target),
            Err(ResolveError::Base(e) | ResolveError::Reference(e)) => invalid(&e),
        },
        Case::Normalize {
            input,
            level,
            grammar,
        } => match normalize_in(input, *level, *grammar) {
            Ok(n) => Expectation::Normalized(n),
            Err(e) => invalid(&e),
        },
        Case::Equivalent {
            input,
            other,
            level,
            grammar,
        } => match reference::equivalent_in(input, other, *level, *grammar) {
            Ok(e) => Expectation::Equivalent(e),
            Err(e) => invalid(&e),
        },
        Case::IriToUri { input } => match iri_to_uri(input) {
            Ok(uri) => Expectation::Uri(uri),
            Err(e) => invalid(&e),
        },
        Case::UriToIri { input } => match uri_to_iri(input) {
            Ok(iri) => Expectation::Iri(iri),
            Err(e) => invalid(&e),
        },
        Case::Recompose { components } => {
            Expectation::Recomposed(recompose(&components.as_reference()))
        }
        Case::RemoveDotSegments { input } => {
            let mut trace = vec![["1".to_owned(), String::new(), input.clone()]];
            let path = remove_dot_segments_traced(input, |step, output, input| {
                trace.push([step.label().to_owned(), output.to_owned(), input.to_owned()])
            });
            Expectation::Path {
                path,
                trace: Some(trace),
            }
        }
        Case::Split { input } => {
            let s = split(input);
            Expectation::Split(SplitGroups {
                scheme: s.scheme.map(str::to_owned),
                authority: s.authority.map(str::to_owned),
                path: s.path.to_owned(),
                query: s.query.map(str::to_owned),
                fragment: s.fragment.map(str::to_owned),
            })
        }
    }
}
