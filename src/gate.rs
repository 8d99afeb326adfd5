//! The CI conformance gate: an implementation, the vector corpus, and an expectations file that
//! lists the vectors it is known to fail, each with its reason. The gate fails on a new failure,
//! on an unexpected pass (a fixed bug whose entry should go) and on a stale entry (a vector that
//! no longer exists).

use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::path::Path;
use std::sync::Arc;
use std::time::Duration;

use serde::{Deserialize, Serialize};

use crate::diff::{Catalogue, Engine};
use crate::impls::Implementation;
use crate::matrix::{self, Verdict};
use crate::vectors::{self, Vector};

/// The vectors an implementation is known to fail, with reasons.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Expectations {
    /// The implementation these are for.
    pub implementation: String,
    /// Vector test name to the reason it fails (a known difference's id or a finding).
    #[serde(default)]
    pub failures: BTreeMap<String, String>,
}

impl Expectations {
    /// Reads an expectations file; a missing file is an empty list.
    pub fn load(path: &Path) -> Result<Self, String> {
        match std::fs::read_to_string(path) {
            Ok(text) => serde_yaml::from_str(&text).map_err(|e| match e.location() {
                Some(l) => format!("{}:{}: {e}", path.display(), l.line()),
                None => format!("{}: {e}", path.display()),
            }),
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => Ok(Expectations::default()),
            Err(e) => Err(format!("{}: {e}", path.display())),
        }
    }

    /// The YAML text of the file.
    pub fn to_yaml(&self) -> String {
        format!(
            "# Vectors {} is known to fail, with the reason for each. Checked by\n# `uri-conformance gate`; rewrite with --write-expectations.\n{}",
            self.implementation,
            serde_yaml::to_string(self).expect("expectations serialize")
        )
    }
}

/// One vector's outcome under the gate.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GateCase {
    /// The vector's test name.
    pub vector: String,
    /// The verdict.
    pub verdict: Verdict,
    /// What the vector expects.
    pub expected: String,
    /// What the implementation answered.
    pub answer: String,
    /// The reason given in the expectations file, if listed.
    pub listed: Option<String>,
    /// The signature of the difference, for a failing vector.
    pub signature: Option<String>,
}

/// The gate's result.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct GateReport {
    /// The implementation.
    pub implementation: String,
    /// Every vector asked.
    pub cases: Vec<GateCase>,
    /// Entries of the expectations file that name no vector of the corpus.
    pub stale: Vec<String>,
}

impl GateReport {
    /// Failing vectors the expectations file does not list.
    pub fn new_failures(&self) -> impl Iterator<Item = &GateCase> {
        self.cases
            .iter()
            .filter(|c| c.listed.is_none() && is_failure(&c.verdict))
    }

    /// Listed vectors that now pass (or are unsupported).
    pub fn unexpected_passes(&self) -> impl Iterator<Item = &GateCase> {
        self.cases
            .iter()
            .filter(|c| c.listed.is_some() && !is_failure(&c.verdict))
    }

    /// Whether the gate passes.
    pub fn ok(&self) -> bool {
        self.new_failures().next().is_none()
            && self.unexpected_passes().next().is_none()
            && self.stale.is_empty()
    }

    /// The expectations that describe this run: every failing vector with its reason.
    pub fn expectations(&self, reason: impl Fn(&GateCase) -> String) -> Expectations {
        Expectations {
            implementation: self.implementation.clone(),
            failures: self
                .cases
                .iter()
                .filter(|c| is_failure(&c.verdict))
                .map(|c| {
                    (
                        c.vector.clone(),
                        c.listed.clone().unwrap_or_else(|| reason(c)),
                    )
                })
                .collect(),
        }
    }

    /// A summary for people.
    pub fn summary(&self) -> String {
        let count = |f: fn(&Verdict) -> bool| self.cases.iter().filter(|c| f(&c.verdict)).count();
        let mut out = format!(
            "{}: {} vectors: {} pass, {} expected failures, {} unsupported\n",
            self.implementation,
            self.cases.len(),
            count(|v| *v == Verdict::Pass),
            self.cases
                .iter()
                .filter(|c| c.listed.is_some() && is_failure(&c.verdict))
                .count(),
            count(|v| *v == Verdict::Unsupported),
        );
        for case in self.new_failures() {
            let _ = writeln!(
                out,
                "new failure: {}\n  expected: {}\n  answer:   {}",
                case.vector, case.expected, case.answer
            );
        }
        for case in self.unexpected_passes() {
            let _ = writeln!(
                out,
                "unexpected pass: {} (listed as: {}); remove it from the expectations file",
                case.vector,
                case.listed.as_deref().unwrap_or("")
            );
        }
        for entry in &self.stale {
            let _ = writeln!(out, "stale entry: {entry} names no vector of the corpus");
        }
        let _ = write!(
            out,
            "{}",
            if self.ok() {
                "gate: pass"
            } else {
                "gate: FAIL"
            }
        );
        out
    }

    /// JUnit XML, one test case per vector, for CI systems that display it.
    pub fn junit(&self) -> String {
        let escape = |s: &str| {
            s.replace('&', "&amp;")
                .replace('<', "&lt;")
                .replace('>', "&gt;")
                .replace('"', "&quot;")
                .chars()
                .filter(|c| !c.is_control() || *c == '\n' || *c == '\t')
                .collect::<String>()
        };
        let failures =
            self.new_failures().count() + self.unexpected_passes().count() + self.stale.len();
        let skipped = self
            .cases
            .iter()
            .filter(|c| c.verdict == Verdict::Unsupported)
            .count();
        let mut out = format!(
            "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<testsuites>\n<testsuite name=\"{}\" tests=\"{}\" failures=\"{failures}\" skipped=\"{skipped}\">\n",
            escape(&self.implementation),
            self.cases.len() + self.stale.len()
        );
        for case in &self.cases {
            let _ = write!(
                out,
                "<testcase classname=\"{}\" name=\"{}\"",
                escape(&self.implementation),
                escape(&case.vector)
            );
            let new_failure = case.listed.is_none() && is_failure(&case.verdict);
            let unexpected_pass = case.listed.is_some() && !is_failure(&case.verdict);
            if new_failure {
                let _ = writeln!(
                    out,
                    "><failure message=\"new failure\">expected: {}\nanswer: {}</failure></testcase>",
                    escape(&case.expected),
                    escape(&case.answer)
                );
            } else if unexpected_pass {
                let _ = writeln!(
                    out,
                    "><failure message=\"unexpected pass\">listed as: {}</failure></testcase>",
                    escape(case.listed.as_deref().unwrap_or(""))
                );
            } else if case.verdict == Verdict::Unsupported {
                out.push_str("><skipped/></testcase>\n");
            } else {
                out.push_str("/>\n");
            }
        }
        for entry in &self.stale {
            let _ = writeln!(
                out,
                "<testcase classname=\"{}\" name=\"expectations/{}\"><failure message=\"stale entry\"/></testcase>",
                escape(&self.implementation),
                escape(entry)
            );
        }
        out.push_str("</testsuite>\n</testsuites>\n");
        out
    }
}

fn is_failure(verdict: &Verdict) -> bool {
    matches!(verdict, Verdict::Fail | Verdict::Known(_))
}

/// Runs the vector corpus on `implementation` under `expectations`.
pub fn check_with(
    implementation: Arc<dyn Implementation>,
    vectors: &[Vector],
    expectations: &Expectations,
    limit: Duration,
) -> GateReport {
    let name = implementation.about().name.to_owned();
    let engine = Engine::new(vec![implementation], limit, Catalogue::bundled());
    let mut cases = Vec::new();
    for vector in vectors {
        let Some(request) = matrix::request(vector) else {
            continue;
        };
        let run = engine.run(&request);
        let Some((_, outcome)) = run.answers.first() else {
            continue;
        };
        let verdict = if *outcome == crate::model::Outcome::Unsupported {
            Verdict::Unsupported
        } else {
            matrix::judge(&engine, &name, vector, &request, outcome)
        };
        let signature = run
            .findings
            .iter()
            .find(|f| f.chain.is_empty() && !f.difference.kind.is_property())
            .filter(|_| is_failure(&verdict))
            .map(|f| f.signature.id());
        cases.push(GateCase {
            vector: vector.name(),
            listed: expectations.failures.get(&vector.name()).cloned(),
            verdict,
            expected: vector.expect.to_string(),
            answer: outcome.describe(),
            signature,
        });
    }
    let names: std::collections::BTreeSet<String> = vectors.iter().map(Vector::name).collect();
    let stale = expectations
        .failures
        .keys()
        .filter(|k| !names.contains(*k))
        .cloned()
        .collect();
    GateReport {
        implementation: name,
        cases,
        stale,
    }
}

/// The gate for a crate author's own `cargo test`: this crate's vector corpus, run on
/// `implementation`, under the expectations file at `expectations` (missing: none expected).
///
/// ```no_run
/// # use uri_conformance::impls::reference::Reference;
/// let report = uri_conformance::gate::check(Reference, "tests/uri-expectations.yaml".as_ref())?;
/// assert!(report.ok(), "{}", report.summary());
/// # Ok::<(), String>(())
/// ```
pub fn check(
    implementation: impl Implementation + 'static,
    expectations: &Path,
) -> Result<GateReport, String> {
    let vectors = vectors::load_dir(&vectors::default_dir()).map_err(|e| e.to_string())?;
    let expectations = Expectations::load(expectations)?;
    Ok(check_with(
        Arc::new(implementation),
        &vectors,
        &expectations,
        Duration::from_secs(5),
    ))
}
