//! The differential engine: run one case on every implementation, compare each answer with the
//! reference's, classify what differs, and shrink it to a minimal input.

pub mod catalogue;
pub mod compare;
pub mod models;
mod predicate;
pub mod properties;
pub mod run;
pub mod shrink;
pub mod signature;

use std::sync::Arc;
use std::time::Duration;

pub use catalogue::{Catalogue, Class};
pub use compare::{Difference, DifferenceKind};
pub use properties::PropertyFailure;
pub use signature::Signature;

use crate::impls::Implementation;
use crate::impls::reference::Reference;
use crate::model::{Components, Field, Outcome};
use crate::protocol::Request;
use crate::reference::{self, HostKind, Level};
use run::{Checked, Guarded};

/// The detail of a finding where the answer agrees with RFC 3986 but not with the
/// specification the implementation claims (the URL Standard).
pub const CLAIMED_SPECIFICATION: &str = "against-the-url-standard";

/// A catalogue entry that covers a finding, copied out of the catalogue.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Known {
    /// The entry's id.
    pub id: String,
    /// Its class.
    pub class: Class,
    /// Its reason.
    pub reason: String,
    /// Its link.
    pub link: String,
    /// For a bug: what upstream knows of it.
    pub upstream: Option<String>,
}

/// One implementation's difference from the reference on one case.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Finding {
    /// Its signature.
    pub signature: Signature,
    /// The case.
    pub case: Request,
    /// What differs.
    pub difference: Difference,
    /// The reference's answer.
    pub reference: Outcome,
    /// The implementation's answer.
    pub actual: Outcome,
    /// The catalogue entry that covers it; `None` for a candidate bug.
    pub known: Option<Known>,
    /// For a property of the implementation's own ([`properties`]), the strings that show it:
    /// the input, the first output, the second; empty for a difference from the reference.
    pub chain: Vec<String>,
}

impl Finding {
    /// Whether it is a bug: a candidate (no catalogue entry covers it) or a confirmed one (a bug
    /// entry groups it); not a forgiven difference, not an unjudged one.
    pub fn is_bug(&self) -> bool {
        self.known.as_ref().is_none_or(|k| k.class == Class::Bug)
    }

    /// Whether it decides where a request goes (and is not a known difference's business
    /// alone: known differences are tagged too, and sorted after candidate bugs).
    pub fn is_security_relevant(&self) -> bool {
        self.difference.is_security_relevant()
    }
}

/// Every answer to one case.
#[derive(Clone, Debug)]
pub struct CaseRun {
    /// The reference's answer.
    pub reference: Outcome,
    /// Each implementation's name and answer, in the engine's order.
    pub answers: Vec<(String, Outcome)>,
    /// The differences.
    pub findings: Vec<Finding>,
}

/// The implementations under comparison, with the catalogue.
pub struct Engine {
    implementations: Vec<Guarded>,
    catalogue: Catalogue,
}

impl Engine {
    /// An engine over `implementations` (the reference is always there and need not be
    /// listed), each guarded by `limit` per case.
    pub fn new(
        implementations: Vec<Arc<dyn Implementation>>,
        limit: Duration,
        catalogue: Catalogue,
    ) -> Self {
        Engine {
            implementations: implementations
                .into_iter()
                .filter(|i| i.about().name != "reference")
                .map(|i| Guarded::new(i, limit))
                .collect(),
            catalogue,
        }
    }

    /// The implementations, less the reference.
    pub fn implementations(&self) -> impl Iterator<Item = &dyn Implementation> {
        self.implementations.iter().map(Guarded::implementation)
    }

    /// The names of the implementations, less the reference.
    pub fn names(&self) -> Vec<String> {
        self.implementations()
            .map(|i| i.about().name.to_owned())
            .collect()
    }

    /// The catalogue.
    pub fn catalogue(&self) -> &Catalogue {
        &self.catalogue
    }

    /// Runs `case` everywhere, compares, and checks each implementation's own properties.
    pub fn run(&self, case: &Request) -> CaseRun {
        let expected = Reference.answer(case);
        let mut answers = Vec::with_capacity(self.implementations.len());
        let mut findings = Vec::new();
        for guarded in &self.implementations {
            let checked = guarded.answer_checked(case);
            findings.extend(self.findings(guarded, case, &expected, &checked));
            answers.push((
                guarded.implementation().about().name.to_owned(),
                checked.outcome,
            ));
        }
        CaseRun {
            reference: expected,
            answers,
            findings,
        }
    }

    /// Runs many cases everywhere, handing each implementation the whole batch at once
    /// (faster than [`Engine::run`] case by case).
    pub fn run_all(&self, cases: &[Request]) -> Vec<CaseRun> {
        let expected: Vec<Outcome> = cases.iter().map(|c| Reference.answer(c)).collect();
        let answers: Vec<Vec<Checked>> = self
            .implementations
            .iter()
            .map(|guarded| guarded.answer_all_checked(cases))
            .collect();
        cases
            .iter()
            .enumerate()
            .map(|(i, case)| {
                let mut run = CaseRun {
                    reference: expected[i].clone(),
                    answers: Vec::with_capacity(self.implementations.len()),
                    findings: Vec::new(),
                };
                for (guarded, outcomes) in self.implementations.iter().zip(&answers) {
                    let checked = &outcomes[i];
                    run.findings
                        .extend(self.findings(guarded, case, &expected[i], checked));
                    run.answers.push((
                        guarded.implementation().about().name.to_owned(),
                        checked.outcome.clone(),
                    ));
                }
                run
            })
            .collect()
    }

    /// Runs `case` on one implementation only; its difference from the reference, if any.
    pub fn run_one(&self, implementation: &str, case: &Request) -> Option<Finding> {
        let guarded = self
            .implementations
            .iter()
            .find(|g| g.implementation().about().name == implementation)?;
        let expected = Reference.answer(case);
        let actual = guarded.answer(case);
        self.finding(guarded, case, &expected, &actual)
    }

    /// Runs `case` on one implementation only; its difference from the reference and the
    /// properties it breaks.
    pub fn run_one_checked(&self, implementation: &str, case: &Request) -> Vec<Finding> {
        let Some(guarded) = self
            .implementations
            .iter()
            .find(|g| g.implementation().about().name == implementation)
        else {
            return Vec::new();
        };
        let expected = Reference.answer(case);
        let checked = guarded.answer_checked(case);
        self.findings(guarded, case, &expected, &checked)
    }

    /// The difference from the reference, then one finding per property broken.
    fn findings(
        &self,
        guarded: &Guarded,
        case: &Request,
        expected: &Outcome,
        checked: &Checked,
    ) -> Vec<Finding> {
        let mut findings: Vec<Finding> = self
            .finding(guarded, case, expected, &checked.outcome)
            .into_iter()
            .collect();
        for failure in &checked.failures {
            let finding = self.classified(
                guarded.implementation(),
                case,
                failure.difference(),
                expected,
                &checked.outcome,
                failure.chain.clone(),
            );
            // One finding per signature and case: a property broken twice on one case (the
            // same panic reached by two calls) is one finding.
            if !findings.iter().any(|f| f.signature == finding.signature) {
                findings.push(finding);
            }
        }
        findings
    }

    fn finding(
        &self,
        guarded: &Guarded,
        case: &Request,
        expected: &Outcome,
        actual: &Outcome,
    ) -> Option<Finding> {
        let implementation = guarded.implementation();
        let blind_spots = implementation.blind_spots();
        let mut difference = match compare::compare(case, expected, actual, blind_spots) {
            Some(difference) => difference,
            // An answer equal to RFC 3986's is still judged by the specification the crate
            // claims: a URL-Standard crate that gives the RFC's "a://b" where the Standard
            // gives "a:/.//b" is wrong by its own Standard.
            None => {
                let standard = self
                    .catalogue
                    .claimed_specification_answer(implementation.about().name, case)?;
                let mut difference = compare::compare(case, &standard, actual, blind_spots)?;
                difference.detail = CLAIMED_SPECIFICATION.to_owned();
                difference
            }
        };
        if difference.kind == DifferenceKind::RejectsValid {
            let (fields, detail) = culprit(guarded, case);
            difference.fields = fields;
            difference.detail = detail;
        }
        let name = implementation.about().name;
        let _ = name;
        Some(self.classified(
            implementation,
            case,
            difference,
            expected,
            actual,
            Vec::new(),
        ))
    }

    fn classified(
        &self,
        implementation: &dyn Implementation,
        case: &Request,
        difference: Difference,
        expected: &Outcome,
        actual: &Outcome,
        chain: Vec<String>,
    ) -> Finding {
        let name = implementation.about().name;
        let known = self.catalogue.classify(
            name,
            implementation.blind_spots(),
            case,
            &difference,
            expected,
            actual,
        );
        let mut signature = Signature::of(name, case, &difference);
        signature.known = known.as_ref().map(|k| k.id.clone());
        Finding {
            signature,
            case: case.clone(),
            difference,
            reference: expected.clone(),
            actual: actual.clone(),
            known,
            chain,
        }
    }

    /// Shrinks a finding to a minimal case with the same signature and classification.
    pub fn shrink(&self, finding: &Finding, budget: usize) -> Finding {
        self.shrink_within(finding, shrink::Budget::calls(budget))
    }

    /// Shrinks a finding's case within a budget of calls, time and bytes (see
    /// [`shrink::Budget`]).
    pub fn shrink_within(&self, finding: &Finding, budget: shrink::Budget) -> Finding {
        let implementation = finding.signature.implementation.clone();
        // The same signature, the same classification, and the same error from the
        // implementation: without the last, a rejected input could shrink into one the
        // implementation rejects for another reason.
        let identity = |f: &Finding| {
            (
                f.signature.clone(),
                f.known.as_ref().map(|k| k.id.clone()),
                error_shape(&f.actual, &f.case),
            )
        };
        let wanted = identity(finding);
        let mut best = finding.clone();
        let property = finding.difference.kind.is_property() || !finding.chain.is_empty();
        let minimal = shrink::shrink_case_within(&finding.case, budget, |candidate| {
            let found = if property {
                self.run_one_checked(&implementation, candidate)
                    .into_iter()
                    .find(|f| identity(f) == wanted)
            } else {
                self.run_one(&implementation, candidate)
                    .filter(|f| identity(f) == wanted)
            };
            match found {
                Some(f) => {
                    best = f;
                    true
                }
                None => false,
            }
        });
        debug_assert_eq!(minimal, best.case);
        best
    }
}

/// For a valid input an implementation rejects: the component whose removal (or replacement
/// by a plain value) makes it accept, with what is notable about that component.
fn culprit(guarded: &Guarded, case: &Request) -> (Vec<Field>, String) {
    match case {
        Request::Parse { input, .. } | Request::Normalize { input, .. } => {
            let Ok(c) = reference::parse(input) else {
                return (vec![], "whole-input".into());
            };
            for (field, variant) in ablations(&c) {
                let text = reference::recompose(&variant);
                let retry = match case {
                    Request::Parse { rule, zone_id, .. } => Request::Parse {
                        input: text,
                        rule: rule.clone(),
                        zone_id: *zone_id,
                    },
                    Request::Normalize { level, .. } => Request::Normalize {
                        input: text,
                        level: level.clone(),
                    },
                    Request::Resolve { .. } => unreachable!(),
                };
                if reference::parse(retry_input(&retry)).is_ok()
                    && guarded.answer(&retry).is_valid()
                {
                    return (vec![field], feature(&c, field));
                }
            }
            (vec![], "whole-input".into())
        }
        Request::Resolve {
            base,
            input,
            strict,
        } => {
            let with_plain_base = Request::Resolve {
                base: "s://h/p".into(),
                input: input.clone(),
                strict: *strict,
            };
            let with_plain_reference = Request::Resolve {
                base: base.clone(),
                input: "g".into(),
                strict: *strict,
            };
            let detail = if guarded.answer(&with_plain_base).is_valid() {
                "base"
            } else if guarded.answer(&with_plain_reference).is_valid() {
                "reference"
            } else {
                "both"
            };
            (vec![], detail.into())
        }
    }
}

fn retry_input(request: &Request) -> &str {
    match request {
        Request::Parse { input, .. }
        | Request::Normalize { input, .. }
        | Request::Resolve { input, .. } => input,
    }
}

/// Each defined component in URI order, with the reference minus that component (or with a
/// plain value in its place).
fn ablations<'a>(c: &reference::Components<'a>) -> Vec<(Field, reference::Components<'a>)> {
    let mut out = Vec::new();
    if c.scheme.is_some() {
        out.push((
            Field::Scheme,
            reference::Components {
                scheme: Some("s"),
                ..*c
            },
        ));
    }
    if c.userinfo.is_some() {
        out.push((
            Field::Userinfo,
            reference::Components {
                userinfo: None,
                ..*c
            },
        ));
    }
    if c.host.is_some() {
        out.push((
            Field::Host,
            reference::Components {
                host: Some("h"),
                host_kind: Some(HostKind::RegName),
                ..*c
            },
        ));
    }
    if c.port.is_some() {
        out.push((Field::Port, reference::Components { port: None, ..*c }));
    }
    if !c.path.is_empty() {
        let plain = if c.has_authority() { "/p" } else { "p" };
        out.push((Field::Path, reference::Components { path: plain, ..*c }));
    }
    if c.query.is_some() {
        out.push((Field::Query, reference::Components { query: None, ..*c }));
    }
    if c.fragment.is_some() {
        out.push((
            Field::Fragment,
            reference::Components {
                fragment: None,
                ..*c
            },
        ));
    }
    out
}

/// What is notable about a component, for the signature: `port-over-65535` is another bug than
/// `port-empty`.
fn feature(c: &reference::Components<'_>, field: Field) -> String {
    let value = Components::from(c);
    let text = value.get(field).unwrap_or("");
    match field {
        Field::Port if text.is_empty() => "empty".to_owned(),
        Field::Port if text.len() > 1 && text.starts_with('0') => "leading-zero".to_owned(),
        Field::Port
            if text.trim_start_matches('0').len() > 5
                || text.parse::<u32>().is_ok_and(|p| p > 65535) =>
        {
            "over-65535".to_owned()
        }
        Field::Host if text.is_empty() => "empty".to_owned(),
        Field::Host => c.host_kind.map_or("", HostKind::name).to_owned(),
        Field::Path if text.is_empty() => "empty".to_owned(),
        Field::Path if text.starts_with("//") => "double-slash".to_owned(),
        Field::Path if !text.starts_with('/') && c.scheme.is_some() => "rootless".to_owned(),
        Field::Path if !text.starts_with('/') => "relative".to_owned(),
        _ if text.is_empty() => "empty".to_owned(),
        _ if text.contains('%') => "pct-encoded".to_owned(),
        _ => String::new(),
    }
}

/// An implementation's error or panic message with the case's own text taken out and digits
/// blanked, so that messages quoting the input or an offset compare equal.
fn error_shape(outcome: &Outcome, case: &Request) -> Option<String> {
    let message = match outcome {
        Outcome::Invalid(m) | Outcome::Panicked(m) => m,
        _ => return None,
    };
    let mut shape = message.clone();
    let texts: Vec<&str> = match case {
        Request::Parse { input, .. } | Request::Normalize { input, .. } => vec![input],
        Request::Resolve { base, input, .. } => vec![base, input],
    };
    for text in texts.into_iter().filter(|t| t.len() > 1) {
        shape = shape.replace(text, "<input>");
    }
    Some(
        shape
            .chars()
            .map(|c| if c.is_ascii_digit() { '0' } else { c })
            .collect(),
    )
}

/// The level of a normalize request, for messages.
pub fn level_of(case: &Request) -> Option<Level> {
    match case {
        Request::Normalize { level, .. } => Request::level(level.as_deref()).ok(),
        _ => None,
    }
}
