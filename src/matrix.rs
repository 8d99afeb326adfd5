//! The conformance matrix: every vector against every implementation.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

use crate::diff::Engine;
use crate::diff::compare::{differing_fields, same_written_target};
use crate::impls::BlindSpot;
use crate::model::Outcome;
use crate::protocol::{ParseRule, Request};
use crate::reference::Grammar;
use crate::vectors::{Case, Expectation, Vector};

/// How one implementation did on one vector.
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Verdict {
    /// The answer is the expected one or an acceptable one.
    Pass,
    /// The answer differs, and the catalogue explains why (the entry id).
    Known(String),
    /// The answer differs and nothing explains it.
    Fail,
    /// The implementation does not do this operation or cannot express this input.
    Unsupported,
}

impl Verdict {
    /// The short name used in tables.
    pub fn name(&self) -> &'static str {
        match self {
            Verdict::Pass => "pass",
            Verdict::Known(_) => "known",
            Verdict::Fail => "fail",
            Verdict::Unsupported => "unsupported",
        }
    }
}

/// An answer that is no answer: the implementation panicked or did not answer in time.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Abnormal {
    /// It panicked.
    Panic,
    /// It did not answer within the time limit.
    Timeout,
}

/// One implementation's result on one vector.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Result {
    /// The verdict.
    pub verdict: Verdict,
    /// What it answered.
    pub answer: String,
    /// A panic or a time-out (its verdict is `fail`, or `known` for a catalogued one).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub abnormal: Option<Abnormal>,
    /// For a failure or a known difference: the signature of the finding, whose report is
    /// `reports/<implementation>/<signature>.md` after the main job.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub signature: Option<String>,
}

/// One vector's results.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Row {
    /// The vector's test name.
    pub vector: String,
    /// Its RFC section.
    pub section: String,
    /// The file it is written in, relative to the repository (no line, so that adding a vector
    /// above it changes nothing).
    pub place: String,
    /// What is asked: the protocol request (input, base, rule or level).
    pub case: Request,
    /// What it expects.
    pub expected: String,
    /// Each implementation's result, by name.
    pub results: BTreeMap<String, Result>,
}

/// The whole matrix.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Matrix {
    /// The implementations, in column order, with their versions.
    pub implementations: Vec<(String, String)>,
    /// One row per vector that an implementation can be asked (parse, resolve, normalize).
    pub rows: Vec<Row>,
}

/// The protocol request for an RFC 3986 vector, if the vector's operation is one
/// implementations answer: what the conformance gate judges.
///
/// RFC 3987 cases (the IRI rules, `iri: true`, the two mappings) are `None` here: a crate
/// author's gate is about RFC 3986, and an implementation must not be judged on IRIs through
/// its URI parser (an IRI parsed by a URI parser fails, a conforming answer). The matrix asks
/// the IRI parse cases too, through [`request_with_iri`].
pub fn request(vector: &Vector) -> Option<Request> {
    match &vector.case {
        Case::Parse {
            input,
            rule,
            zone_id,
            grammar: Grammar::Uri,
        } => Some(Request::Parse {
            input: input.clone(),
            rule: Some((*rule).into()),
            zone_id: *zone_id,
        }),
        Case::Resolve {
            base,
            input,
            strict,
            grammar: Grammar::Uri,
        } => Some(Request::Resolve {
            base: base.clone(),
            input: input.clone(),
            strict: *strict,
        }),
        Case::Normalize {
            input,
            level,
            grammar: Grammar::Uri,
        } => Some(Request::Normalize {
            input: input.clone(),
            level: Some(*level),
        }),
        _ => None,
    }
}

/// [`request`], and a parse by an RFC 3987 rule for an RFC 3987 parse vector: a parse request
/// whose `rule` is `IRI-reference`, `IRI`, `absolute-IRI` or `irelative-ref`, which an
/// implementation answers with its IRI types ([`crate::impls::Implementation::parse_iri`]) or
/// as unsupported. The other RFC 3987 operations are `None`.
pub fn request_with_iri(vector: &Vector) -> Option<Request> {
    match &vector.case {
        Case::Parse {
            input,
            rule,
            zone_id: false,
            grammar: Grammar::Iri,
        } => Some(Request::Parse {
            input: input.clone(),
            rule: Some(ParseRule::iri(*rule)),
            zone_id: false,
        }),
        _ => request(vector),
    }
}

/// Whether an answer meets an expectation, leaving out the implementation's blind spots.
pub(crate) fn meets(outcome: &Outcome, expected: &Expectation, blind_spots: &[BlindSpot]) -> bool {
    match (outcome, expected) {
        (
            Outcome::Parsed {
                components,
                host_kind,
            },
            Expectation::Components {
                components: want,
                host_kind: want_kind,
            },
        ) => differing_fields(want, *want_kind, components, *host_kind, blind_spots).is_empty(),
        (Outcome::Invalid(_), Expectation::Invalid { .. } | Expectation::Rejected) => true,
        (Outcome::Resolved(t), Expectation::Target(want)) => same_written_target(want, t),
        (Outcome::Normalized(n), Expectation::Normalized(want)) => n == want,
        _ => false,
    }
}

/// Judges one implementation's answer to one vector.
pub(crate) fn judge(
    engine: &Engine,
    implementation: &str,
    vector: &Vector,
    request: &Request,
    outcome: &Outcome,
) -> Verdict {
    judge_with_signature(engine, implementation, vector, request, outcome).0
}

/// [`judge`], with the signature of the finding for a failure or a known difference.
pub(crate) fn judge_with_signature(
    engine: &Engine,
    implementation: &str,
    vector: &Vector,
    request: &Request,
    outcome: &Outcome,
) -> (Verdict, Option<String>) {
    let blind_spots: &[BlindSpot] = engine
        .implementations()
        .find(|i| i.about().name == implementation)
        .map_or(&[], |i| i.blind_spots());
    if *outcome == Outcome::Unsupported {
        return (Verdict::Unsupported, None);
    }
    if meets(outcome, &vector.expect, blind_spots)
        || vector
            .acceptable
            .iter()
            .any(|a| meets(outcome, &a.outcome, blind_spots))
    {
        return (Verdict::Pass, None);
    }
    let finding = engine.run_one(implementation, request);
    let signature = finding.as_ref().map(|f| f.signature.id());
    match finding.and_then(|f| f.known) {
        Some(known) if !known.class.is_bug() => (Verdict::Known(known.id.clone()), signature),
        _ => (Verdict::Fail, signature),
    }
}

/// Runs every applicable vector on every implementation of `engine`.
pub(crate) fn run(engine: &Engine, vectors: &[Vector]) -> Matrix {
    let mut rows = Vec::new();
    for vector in vectors {
        let Some(request) = request_with_iri(vector) else {
            continue;
        };
        let run = engine.run(&request);
        let mut results = BTreeMap::new();
        for (name, outcome) in &run.answers {
            let (verdict, signature) = if *outcome == Outcome::Unsupported {
                (Verdict::Unsupported, None)
            } else {
                judge_with_signature(engine, name, vector, &request, outcome)
            };
            let abnormal = match outcome {
                Outcome::Panicked(_) => Some(Abnormal::Panic),
                Outcome::TimedOut => Some(Abnormal::Timeout),
                _ => None,
            };
            results.insert(
                name.clone(),
                Result {
                    verdict,
                    answer: outcome.describe(),
                    abnormal,
                    signature,
                },
            );
        }
        rows.push(Row {
            vector: vector.name(),
            section: vector.section.clone(),
            // Without the line, so that a vector added above does not rewrite every row.
            place: vector.file_place(),
            case: request,
            expected: vector.expect.to_string(),
            results,
        });
    }
    Matrix {
        implementations: engine
            .implementations()
            .map(|i| (i.about().name.to_owned(), i.about().version.to_owned()))
            .collect(),
        rows,
    }
}
