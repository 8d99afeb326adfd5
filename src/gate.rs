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
    /// Reads an expectations file. A missing file is an error (`--write-expectations` writes a
    /// first one), and so is a key listed twice; errors name the file and line.
    pub fn load(path: &Path) -> Result<Self, String> {
        let text = std::fs::read_to_string(path).map_err(|e| {
            if e.kind() == std::io::ErrorKind::NotFound {
                format!(
                    "{}: {e} (write a first one with `uri-conformance gate --write-expectations`)",
                    path.display()
                )
            } else {
                format!("{}: {e}", path.display())
            }
        })?;
        if let Some((line, key)) = duplicate_key(&text) {
            return Err(format!(
                "{}:{line}: {key:?} is listed twice",
                path.display()
            ));
        }
        serde_yaml::from_str(&text).map_err(|e| match e.location() {
            Some(l) => format!("{}:{}: {e}", path.display(), l.line()),
            None => format!("{}: {e}", path.display()),
        })
    }

    /// [`Expectations::load`], and the file must be written for `implementation`.
    pub fn load_for(path: &Path, implementation: &str) -> Result<Self, String> {
        let expectations = Expectations::load(path)?;
        if expectations.implementation != implementation {
            let text = std::fs::read_to_string(path).unwrap_or_default();
            let line = text
                .lines()
                .position(|l| l.starts_with("implementation:"))
                .map_or(1, |i| i + 1);
            return Err(format!(
                "{}:{line}: these expectations are for {:?}, not {implementation:?}",
                path.display(),
                expectations.implementation
            ));
        }
        Ok(expectations)
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

/// The first key of a mapping given twice at the same indentation under the same parent, as
/// (1-based line, key): YAML forbids it, and a parser that takes the last one would hide an
/// entry.
fn duplicate_key(text: &str) -> Option<(usize, String)> {
    // The keys seen at each indentation, for the current parent.
    let mut open: Vec<(usize, std::collections::BTreeSet<String>)> = Vec::new();
    let mut block: Option<usize> = None;
    for (index, line) in text.lines().enumerate() {
        let trimmed = line.trim_start();
        if trimmed.is_empty() || trimmed.starts_with('#') || trimmed.starts_with('-') {
            continue;
        }
        let indent = line.len() - trimmed.len();
        let key = if let Some(rest) = trimmed.strip_prefix('"') {
            let Some(end) = rest.find("\":") else {
                continue;
            };
            rest[..end].to_owned()
        } else if let Some(rest) = trimmed.strip_prefix('\'') {
            let Some(end) = rest.find("':") else {
                continue;
            };
            rest[..end].to_owned()
        } else {
            match trimmed.split_once(": ").or_else(|| trimmed.split_once(':')) {
                Some((key, _)) => key.to_owned(),
                None => continue,
            }
        };
        if block.is_some_and(|b| indent > b) {
            continue;
        }
        block = None;
        let value = trimmed[trimmed.find(':').map_or(trimmed.len(), |i| i + 1)..].trim();
        if value.starts_with('|') || value.starts_with('>') {
            // A block scalar: its lines are text, not keys.
            block = Some(indent);
        }
        while open.last().is_some_and(|(i, _)| *i > indent) {
            open.pop();
        }
        match open.last_mut() {
            Some((i, keys)) if *i == indent => {
                if !keys.insert(key.clone()) {
                    return Some((index + 1, key));
                }
            }
            _ => open.push((indent, std::collections::BTreeSet::from([key]))),
        }
    }
    None
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
    let expectations = Expectations::load_for(expectations, implementation.about().name)?;
    Ok(check_with(
        Arc::new(implementation),
        &vectors,
        &expectations,
        Duration::from_secs(5),
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn scratch(name: &str, text: &str) -> std::path::PathBuf {
        let path = std::env::temp_dir().join(format!("gate-{}-{name}.yaml", std::process::id()));
        std::fs::write(&path, text).unwrap();
        path
    }

    #[test]
    fn a_duplicate_key_is_an_error_at_its_line() {
        let path = scratch(
            "duplicate",
            "implementation: url\nfailures:\n  rfc3986/3/a: one\n  rfc3986/3/b: two\n  rfc3986/3/a: three\n",
        );
        let e = Expectations::load(&path).unwrap_err();
        assert!(e.ends_with(":5: \"rfc3986/3/a\" is listed twice"), "{e}");
        let path = scratch(
            "block",
            "implementation: url\nfailures:\n  rfc3986/3/a: |\n    x: 1\n    x: 2\n  rfc3986/3/b: two\n",
        );
        assert_eq!(Expectations::load(&path).unwrap().failures.len(), 2);
    }

    #[test]
    fn expectations_for_another_implementation_are_an_error() {
        let path = scratch("other", "implementation: iref\nfailures: {}\n");
        let e = Expectations::load_for(&path, "url").unwrap_err();
        assert!(
            e.contains(":1: these expectations are for \"iref\", not \"url\""),
            "{e}"
        );
        assert!(Expectations::load_for(&path, "iref").is_ok());
    }

    #[test]
    fn a_missing_file_is_an_error_naming_it() {
        let path = std::env::temp_dir().join("gate-no-such-expectations.yaml");
        let e = Expectations::load(&path).unwrap_err();
        assert!(e.starts_with(&path.display().to_string()), "{e}");
        assert!(e.contains("--write-expectations"), "{e}");
    }
}
