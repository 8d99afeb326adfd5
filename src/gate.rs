//! The CI conformance gate: an implementation, the vector corpus, and an expectations file that
//! lists the vectors it is known to fail, each with its reason. The gate fails on a new failure,
//! on an unexpected pass (a fixed bug whose entry should go) and on a stale entry (a vector that
//! no longer exists, or that the gate does not run).
//!
//! # Which vectors the gate runs
//!
//! The vectors of the three operations an [`Implementation`] answers: `parse`, `resolve` and
//! `normalize`. The other kinds of the corpus, `equivalent` (§6.2.1), `recompose` (§5.3),
//! `remove_dot_segments` (§5.2.4) and `split` (Appendix B), check steps of the reference's own
//! algorithms that no crate's public API exposes as such; answering them from `normalize` or
//! `resolve` would run the same entry points again under another name. They are counted in
//! [`GateReport::outside`] and the summary, never silently left out.
//!
//! # Updating the expectations file
//!
//! [`Bless`] (the environment variable `URI_CONFORMANCE_BLESS`, as `TRYBUILD=overwrite` and
//! `INSTA_UPDATE` do): `1` writes the file from the run (a missing file is created, every
//! failing vector listed, the reasons already written kept); `prune` only drops the entries of
//! vectors that now pass or that the gate no longer runs, and never adds one, so a new failure
//! still fails. [`GateReport::written`] and [`GateReport::pruned`] are the same two updates for
//! a caller that writes the file itself.
//!
//! # Per vector, in `cargo test`
//!
//! With the `runner` feature, `gate::runner` makes one libtest trial per vector, named by its id, so
//! that `cargo test rfc3986/3.2.2` runs one section.

use std::collections::{BTreeMap, BTreeSet};
use std::fmt::Write as _;
use std::path::Path;
use std::sync::Arc;
use std::time::{Duration, Instant};

use serde::{Deserialize, Serialize};

use crate::diff::compare::{answer_fields, differing_fields};
use crate::diff::{Catalogue, Engine};
use crate::impls::Implementation;
use crate::matrix::{self, Verdict};
use crate::model::Outcome;
use crate::protocol::Request;
use crate::reference::Grammar;
use crate::vectors::{self, Case, Expectation, Vector};

#[cfg(feature = "runner")]
pub mod runner;

/// The environment variable that names a file for the JUnit XML of a run.
pub(crate) const JUNIT_VARIABLE: &str = "URI_CONFORMANCE_JUNIT";

/// How to write a first expectations file, for messages.
const WRITE_HINT: &str = "write one with `URI_CONFORMANCE_BLESS=1 cargo test`, or `uri-conformance gate --write-expectations`";

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
    /// Reads an expectations file. A missing file is an error (`URI_CONFORMANCE_BLESS=1` or
    /// `--write-expectations` writes a first one), and so is a key listed twice; errors name the
    /// file and line.
    pub fn load(path: &Path) -> Result<Self, String> {
        let text = vectors::read_data_file(path).map_err(|e| {
            if !path.exists() {
                format!("{}: {e} ({WRITE_HINT})", path.display())
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
        let at = |e: crate::yaml::Error| e.at(path.display());
        // Every entry must give its reason, a string that says something: `null`, `~`, an
        // empty value or a number is refused at its line.
        let raw: BTreeMap<String, serde_yaml::Value> = crate::yaml::from_str(&text).map_err(at)?;
        if let Some(serde_yaml::Value::Mapping(failures)) = raw.get("failures") {
            for (key, reason) in failures {
                let good = matches!(reason, serde_yaml::Value::String(r) if !r.trim().is_empty());
                if !good {
                    let key = key.as_str().unwrap_or_default();
                    let line = text
                        .lines()
                        .position(|l| {
                            let l = l.trim_start().trim_start_matches(['"', '\'']);
                            !key.is_empty() && l.starts_with(key)
                        })
                        .map_or(1, |i| i + 1);
                    return Err(format!(
                        "{}:{line}: {key:?} has no reason: every entry says why the vector fails, as a non-empty string",
                        path.display()
                    ));
                }
            }
        }
        crate::yaml::from_str(&text).map_err(at)
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
            "# Vectors {} is known to fail, with the reason for each. Checked by the gate\n# (`gate::check`, `gate::runner`, `uri-conformance gate`). URI_CONFORMANCE_BLESS=prune\n# drops the entries of vectors that now pass; URI_CONFORMANCE_BLESS=1 rewrites the list.\n{}",
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

/// How a gate run updates its expectations file: the value of `URI_CONFORMANCE_BLESS`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Bless {
    /// Unset, empty or `0`: check the file, change nothing.
    Check,
    /// `1` (or `write`, `overwrite`): write the file from this run, creating it if missing:
    /// every failing vector listed, the reasons already written kept, the rest dropped.
    Write,
    /// `prune`: drop the entries of vectors that now pass or that the gate does not run; never
    /// add one (a ratchet: the list only shrinks).
    Prune,
}

impl Bless {
    /// The environment variable.
    pub const VARIABLE: &'static str = "URI_CONFORMANCE_BLESS";

    /// The mode a value of [`Bless::VARIABLE`] names.
    pub fn from_value(value: Option<&str>) -> Result<Bless, String> {
        match value.map(str::trim) {
            None | Some("" | "0") => Ok(Bless::Check),
            Some("1" | "write" | "overwrite") => Ok(Bless::Write),
            Some("prune") => Ok(Bless::Prune),
            Some(other) => Err(format!(
                "{}={other:?}: expected 1 (write the expectations file) or prune (drop the entries that pass)",
                Bless::VARIABLE
            )),
        }
    }

    /// The mode the environment asks for.
    pub fn from_env() -> Result<Bless, String> {
        Bless::from_value(std::env::var(Bless::VARIABLE).ok().as_deref())
    }
}

/// One vector's outcome under the gate.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GateCase {
    /// The vector's test name, `<corpus>/<section>/<id>`.
    pub vector: String,
    /// Its RFC section, `3.2.2`.
    pub section: String,
    /// Where it is written, `file:line`; for the corpus built into the crate (outside a
    /// checkout of this repository), the file is named as uri-conformance's ([`place`]).
    pub place: String,
    /// The operation and its inputs: `resolve "../g" against base "http://a/b/c/d;p?q"
    /// (strict)`.
    pub operation: String,
    /// The verdict.
    pub verdict: Verdict,
    /// What the vector expects.
    pub expected: String,
    /// How many other answers the vector accepts.
    pub acceptable: usize,
    /// What the implementation answered.
    pub answer: String,
    /// What differs between the two: component fields (`host`, `host_kind`), or `validity`
    /// when one is valid and the other not; empty when they agree or cannot be compared.
    pub differing: Vec<String>,
    /// The reason given in the expectations file, if listed.
    pub listed: Option<String>,
    /// The signature of the difference, for a failing vector.
    pub signature: Option<String>,
    /// How long the implementation took.
    pub time: Duration,
    /// Why the vector is skipped, when the implementation does not answer it ([`Status::Unsupported`]).
    pub skipped: Option<String>,
}

/// What a case is, for the gate.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Status {
    /// It passes, or fails as listed.
    Ok,
    /// It fails and is not listed.
    NewFailure,
    /// It is listed and passes.
    UnexpectedPass,
    /// The implementation does not do it: neither a pass nor a failure, listed or not.
    Unsupported,
}

impl GateCase {
    /// What the case is, for the gate.
    pub fn status(&self) -> Status {
        match (&self.verdict, &self.listed) {
            (Verdict::Unsupported, _) => Status::Unsupported,
            (Verdict::Pass, Some(_)) => Status::UnexpectedPass,
            (Verdict::Fail | Verdict::Known(_), None) => Status::NewFailure,
            _ => Status::Ok,
        }
    }

    /// The message for a new failure or an unexpected pass: the operation with its inputs, both
    /// answers, what differs, the signature and the vector's place.
    pub fn explain(&self) -> String {
        let mut out = match self.status() {
            Status::UnexpectedPass => format!(
                "unexpected pass: {} (listed as: {})\n",
                self.vector,
                self.listed.as_deref().unwrap_or("")
            ),
            Status::NewFailure => format!("new failure: {}\n", self.vector),
            Status::Ok | Status::Unsupported => format!("{}\n", self.vector),
        };
        let _ = writeln!(out, "  operation: {}", self.operation);
        let _ = write!(out, "  expected:  {}", self.expected);
        match self.acceptable {
            0 => out.push('\n'),
            1 => out.push_str(" (or 1 other acceptable answer)\n"),
            n => {
                let _ = writeln!(out, " (or {n} other acceptable answers)");
            }
        }
        let _ = writeln!(out, "  answer:    {}", self.answer);
        if !self.differing.is_empty() {
            let _ = writeln!(out, "  differs:   {}", self.differing.join(", "));
        }
        if let Verdict::Known(id) = &self.verdict {
            let _ = writeln!(out, "  known:     {id} (a documented difference)");
        }
        if let Some(signature) = &self.signature {
            let _ = writeln!(out, "  signature: {signature}");
        }
        let _ = writeln!(out, "  vector:    {}", self.place);
        match self.status() {
            Status::UnexpectedPass => out.push_str(
                "  remove its entry from the expectations file, or run with URI_CONFORMANCE_BLESS=prune",
            ),
            _ => out.push_str(
                "  list it in the expectations file with a reason, or run with URI_CONFORMANCE_BLESS=1",
            ),
        }
        // Answers and names come from the implementation: no control character leaves raw.
        crate::report::visible(&out).into_owned()
    }
}

/// The gate's result.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct GateReport {
    /// The implementation.
    pub implementation: String,
    /// Every vector asked.
    pub cases: Vec<GateCase>,
    /// Entries of the expectations file that name no vector the gate runs.
    pub stale: Vec<String>,
    /// The vectors of the corpus the gate does not run, by kind (`equivalent`, `recompose`,
    /// `remove_dot_segments`, `split`): no operation of [`Implementation`] answers them.
    pub outside: BTreeMap<String, usize>,
}

impl GateReport {
    /// Failing vectors the expectations file does not list.
    pub fn new_failures(&self) -> impl Iterator<Item = &GateCase> {
        self.cases
            .iter()
            .filter(|c| c.status() == Status::NewFailure)
    }

    /// Listed vectors that now pass. An unsupported vector is never one: the implementation
    /// was not asked.
    pub fn unexpected_passes(&self) -> impl Iterator<Item = &GateCase> {
        self.cases
            .iter()
            .filter(|c| c.status() == Status::UnexpectedPass)
    }

    /// Whether the gate passes.
    pub fn ok(&self) -> bool {
        self.new_failures().next().is_none()
            && self.unexpected_passes().next().is_none()
            && self.stale.is_empty()
    }

    /// The expectations that describe this run: every failing vector, with the reason already
    /// written or else [`reason`]. What [`Bless::Write`] writes.
    pub fn written(&self) -> Expectations {
        self.expectations(reason)
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

    /// The expectations this run was checked against, less the entries of vectors that now
    /// pass and the stale ones; nothing added. What [`Bless::Prune`] writes.
    pub fn pruned(&self) -> Expectations {
        Expectations {
            implementation: self.implementation.clone(),
            failures: self
                .cases
                .iter()
                .filter(|c| c.verdict != Verdict::Pass)
                .filter_map(|c| Some((c.vector.clone(), c.listed.clone()?)))
                .collect(),
        }
    }

    /// The number of vectors of the corpus the gate does not run.
    pub fn outside_count(&self) -> usize {
        self.outside.values().sum()
    }

    /// The line that counts the vectors outside the gate, empty if none.
    fn outside_line(&self) -> String {
        if self.outside.is_empty() {
            return String::new();
        }
        let kinds: Vec<String> = self
            .outside
            .iter()
            .map(|(kind, n)| format!("{kind} {n}"))
            .collect();
        format!(
            "outside the gate: {} vectors ({}), steps of the RFC's algorithms no Implementation operation answers\n",
            self.outside_count(),
            kinds.join(", ")
        )
    }

    /// A summary for people: the counts, then every new failure and unexpected pass explained,
    /// every stale entry, and the verdict.
    pub fn summary(&self) -> String {
        let count = |s: Status| self.cases.iter().filter(|c| c.status() == s).count();
        let listed_unsupported = self
            .cases
            .iter()
            .filter(|c| c.status() == Status::Unsupported && c.listed.is_some())
            .count();
        let mut out = format!(
            "{}: {} vectors: {} pass, {} expected failures, {} unsupported\n",
            self.implementation,
            self.cases.len(),
            self.cases
                .iter()
                .filter(|c| c.verdict == Verdict::Pass)
                .count(),
            self.cases
                .iter()
                .filter(|c| c.listed.is_some() && is_failure(&c.verdict))
                .count(),
            count(Status::Unsupported),
        );
        out.push_str(&self.outside_line());
        if listed_unsupported > 0 {
            let _ = writeln!(
                out,
                "{listed_unsupported} listed vectors are unsupported (not asked: neither a pass nor a failure)"
            );
        }
        for case in self.new_failures().chain(self.unexpected_passes()) {
            let _ = writeln!(out, "{}", case.explain());
        }
        for entry in &self.stale {
            let _ = writeln!(
                out,
                "stale entry: {entry} names no vector the gate runs; remove it, or run with URI_CONFORMANCE_BLESS=prune"
            );
        }
        out.push_str(if self.ok() {
            "gate: pass"
        } else {
            "gate: FAIL"
        });
        // Answers and names come from the implementation: no control character leaves raw.
        crate::report::visible(&out).into_owned()
    }

    /// JUnit XML, one test case per vector: a suite for the implementation, a class per RFC
    /// section, times in seconds, a reason on every `<skipped>`, totals on the suite and the
    /// document.
    pub fn junit(&self) -> String {
        // Control characters are not allowed in XML 1.0: they become visible escapes.
        let escape = |s: &str| {
            crate::report::visible(s)
                .replace('&', "&amp;")
                .replace('<', "&lt;")
                .replace('>', "&gt;")
                .replace('"', "&quot;")
        };
        let failures =
            self.new_failures().count() + self.unexpected_passes().count() + self.stale.len();
        let skipped = self
            .cases
            .iter()
            .filter(|c| c.status() == Status::Unsupported)
            .count();
        let tests = self.cases.len() + self.stale.len();
        let time: Duration = self.cases.iter().map(|c| c.time).sum();
        let time = time.as_secs_f64();
        let name = escape(&self.implementation);
        let mut out = format!(
            "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<testsuites name=\"uri-conformance gate\" tests=\"{tests}\" failures=\"{failures}\" errors=\"0\" skipped=\"{skipped}\" time=\"{time:.6}\">\n<testsuite name=\"{name}\" tests=\"{tests}\" failures=\"{failures}\" errors=\"0\" skipped=\"{skipped}\" time=\"{time:.6}\">\n",
        );
        if !self.outside.is_empty() {
            let _ = writeln!(
                out,
                "<properties><property name=\"outside the gate\" value=\"{}\"/></properties>",
                escape(self.outside_line().trim_end())
            );
        }
        for case in &self.cases {
            let _ = write!(
                out,
                "<testcase classname=\"{}\" name=\"{}\" time=\"{:.6}\"",
                escape(
                    case.vector
                        .rsplit_once('/')
                        .map_or(&case.section[..], |(class, _)| class)
                ),
                escape(&case.vector),
                case.time.as_secs_f64()
            );
            match case.status() {
                Status::NewFailure => {
                    let _ = writeln!(
                        out,
                        "><failure message=\"new failure\" type=\"new-failure\">{}</failure></testcase>",
                        escape(&case.explain())
                    );
                }
                Status::UnexpectedPass => {
                    let _ = writeln!(
                        out,
                        "><failure message=\"unexpected pass\" type=\"unexpected-pass\">{}</failure></testcase>",
                        escape(&case.explain())
                    );
                }
                Status::Unsupported => {
                    let reason = case
                        .skipped
                        .clone()
                        .unwrap_or_else(|| skip_reason(&name, &case.operation, false));
                    let _ = writeln!(
                        out,
                        "><skipped message=\"{}\"/></testcase>",
                        escape(&reason)
                    );
                }
                Status::Ok => match &case.listed {
                    Some(reason) => {
                        let _ = writeln!(
                            out,
                            "><system-out>expected failure: {}</system-out></testcase>",
                            escape(reason)
                        );
                    }
                    None => out.push_str("/>\n"),
                },
            }
        }
        for entry in &self.stale {
            let _ = writeln!(
                out,
                "<testcase classname=\"expectations\" name=\"{}\" time=\"0\"><failure message=\"stale entry\" type=\"stale-entry\">names no vector the gate runs</failure></testcase>",
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

/// The reason [`GateReport::written`] gives a failing vector the file does not list yet.
pub(crate) fn reason(case: &GateCase) -> String {
    match (&case.verdict, &case.signature) {
        (Verdict::Known(id), _) => format!("known difference {id}"),
        (_, Some(signature)) => format!("candidate bug, signature {signature}"),
        _ => format!("fails: expected {}, answers {}", case.expected, case.answer),
    }
}

/// The kind of a vector's case, as the corpus spells its `op`, with `(IRI)` after an
/// operation on IRIs.
pub fn kind(case: &Case) -> &'static str {
    let iri = |grammar: &Grammar, uri, iri| match grammar {
        Grammar::Uri => uri,
        Grammar::Iri => iri,
    };
    match case {
        Case::Parse { grammar, .. } => iri(grammar, "parse", "parse (IRI)"),
        Case::Resolve { grammar, .. } => iri(grammar, "resolve", "resolve (IRI)"),
        Case::Normalize { grammar, .. } => iri(grammar, "normalize", "normalize (IRI)"),
        Case::Equivalent { grammar, .. } => iri(grammar, "equivalent", "equivalent (IRI)"),
        Case::Recompose { .. } => "recompose",
        Case::RemoveDotSegments { .. } => "remove_dot_segments",
        Case::Split { .. } => "split",
        Case::IriToUri { .. } => "iri-to-uri",
        Case::UriToIri { .. } => "uri-to-iri",
    }
}

/// The operation of a vector with its inputs, for messages: `parse "x" by rule URI`,
/// `resolve "../g" against base "http://a/b/c/d;p?q" (strict)`, `normalize "X" at level
/// syntax`.
pub fn operation(case: &Case) -> String {
    match case {
        Case::Parse {
            input,
            rule,
            zone_id,
            grammar,
        } => format!(
            "parse {input:?} by rule {}{}",
            grammar.rule_name(*rule),
            if *zone_id {
                " (RFC 6874 zone identifiers allowed)"
            } else {
                ""
            }
        ),
        Case::Resolve {
            base,
            input,
            strict,
            grammar,
        } => format!(
            "resolve {input:?} against base {base:?} ({}{})",
            if *strict { "strict" } else { "non-strict" },
            as_iris(*grammar)
        ),
        Case::Normalize {
            input,
            level,
            grammar,
        } => {
            format!(
                "normalize {input:?} at level {}{}",
                level.name(),
                as_iris(*grammar)
            )
        }
        Case::Equivalent {
            input,
            other,
            level,
            grammar,
        } => format!(
            "equivalent {input:?} and {other:?} at level {}{}",
            level.name(),
            as_iris(*grammar)
        ),
        Case::IriToUri { input } => format!("map IRI {input:?} to a URI (RFC 3987 §3.1)"),
        Case::UriToIri { input } => format!("convert URI {input:?} to an IRI (RFC 3987 §3.2)"),
        Case::Recompose { components } => format!("recompose {}", components.describe()),
        Case::RemoveDotSegments { input } => format!("remove_dot_segments {input:?}"),
        Case::Split { input } => format!("split {input:?} by Appendix B"),
    }
}

/// `, as IRIs` for an operation on IRIs.
fn as_iris(grammar: Grammar) -> &'static str {
    match grammar {
        Grammar::Uri => "",
        Grammar::Iri => ", as IRIs",
    }
}

/// What differs between an expectation and an answer, as field names.
fn differing(
    expected: &Expectation,
    outcome: &Outcome,
    engine: &Engine,
    name: &str,
) -> Vec<String> {
    let blind_spots = engine
        .implementations()
        .find(|i| i.about().name == name)
        .map_or(&[][..], |i| i.blind_spots());
    let names = |fields: Vec<crate::model::Field>| {
        fields.into_iter().map(|f| f.name().to_owned()).collect()
    };
    match (expected, outcome) {
        (
            Expectation::Components {
                components,
                host_kind,
            },
            Outcome::Parsed {
                components: actual,
                host_kind: actual_kind,
            },
        ) => names(differing_fields(
            components,
            *host_kind,
            actual,
            *actual_kind,
            blind_spots,
        )),
        (Expectation::Target(t), Outcome::Resolved(_)) => {
            let mut fields = names(answer_fields(&Outcome::Resolved(t.clone()), outcome));
            fields.insert(0, "target".to_owned());
            fields
        }
        (Expectation::Normalized(n), Outcome::Normalized(_)) => {
            let mut fields = names(answer_fields(&Outcome::Normalized(n.clone()), outcome));
            fields.insert(0, "normalized".to_owned());
            fields
        }
        (_, Outcome::Panicked(_)) => vec!["panicked".to_owned()],
        (_, Outcome::TimedOut) => vec!["timed out".to_owned()],
        (_, Outcome::Unsupported) => vec![],
        (Expectation::Invalid { .. } | Expectation::Rejected, o) if o.is_valid() => {
            vec!["validity".to_owned()]
        }
        (_, Outcome::Invalid(_)) => vec!["validity".to_owned()],
        _ => vec![],
    }
}

/// The gate's engine over one implementation.
fn engine(implementation: Arc<dyn Implementation>, limit: Duration) -> Engine {
    Engine::new(vec![implementation], limit, Catalogue::bundled())
}

/// Runs one vector on the one implementation of `engine`; `None` for a vector the gate does not
/// run.
fn check_vector(
    engine: &Engine,
    name: &str,
    vector: &Vector,
    listed: Option<String>,
) -> Option<GateCase> {
    let request = matrix::request(vector)?;
    let start = Instant::now();
    let run = engine.run(&request);
    let time = start.elapsed();
    let (_, outcome) = run.answers.first()?;
    let verdict = if *outcome == Outcome::Unsupported {
        Verdict::Unsupported
    } else {
        matrix::judge(engine, name, vector, &request, outcome)
    };
    let signature = run
        .findings
        .iter()
        .find(|f| f.chain.is_empty() && !f.difference.kind.is_property())
        .filter(|_| is_failure(&verdict))
        .map(|f| f.signature.id());
    let differing = if is_failure(&verdict) {
        differing(&vector.expect, outcome, engine, name)
    } else {
        Vec::new()
    };
    let operation = operation(&vector.case);
    let skipped = (verdict == Verdict::Unsupported).then(|| {
        let refused_zone = matches!(request, Request::Parse { zone_id: true, .. })
            && engine
                .implementations()
                .next()
                .is_some_and(|i| !i.supports_zone_id());
        skip_reason(name, &operation, refused_zone)
    });
    Some(GateCase {
        vector: vector.name(),
        section: vector.section.clone(),
        place: place(vector),
        operation,
        skipped,
        listed,
        verdict,
        expected: vector.expect.to_string(),
        acceptable: vector.acceptable.len(),
        answer: outcome.describe(),
        differing,
        signature,
        time,
    })
}

/// Where a vector is written, `file:line`. A file of the embedded corpus (a relative path:
/// the gate runs outside a checkout of this repository) is named as uri-conformance's, since
/// the crate under test has no such file.
pub fn place(vector: &Vector) -> String {
    if vector.file.is_relative() {
        format!(
            "{}:{} in uri-conformance's corpus (built into the crate)",
            vector.file.display(),
            vector.line
        )
    } else {
        format!("{}:{}", vector.file.display(), vector.line)
    }
}

/// Why a vector the implementation does not answer is skipped. A vector that allows RFC 6874
/// zone identifiers is asked only of an implementation that says it reads them: the reason
/// names the trait method to override.
fn skip_reason(name: &str, operation: &str, refused_zone: bool) -> String {
    if refused_zone {
        format!(
            "unsupported: {name} does not answer {operation}: zone identifiers are asked only of an implementation whose `Implementation::supports_zone_id()` returns true (override it to run these vectors)"
        )
    } else {
        format!("unsupported: {name} does not answer {operation}")
    }
}

/// The entries of `expectations` that name no vector the gate runs.
fn stale(vectors: &[Vector], expectations: &Expectations) -> Vec<String> {
    let names: BTreeSet<String> = vectors
        .iter()
        .filter(|v| matrix::request(v).is_some())
        .map(Vector::name)
        .collect();
    expectations
        .failures
        .keys()
        .filter(|k| !names.contains(*k))
        .cloned()
        .collect()
}

/// The vectors the gate does not run, by kind.
fn outside(vectors: &[Vector]) -> BTreeMap<String, usize> {
    let mut outside = BTreeMap::new();
    for vector in vectors.iter().filter(|v| matrix::request(v).is_none()) {
        *outside.entry(kind(&vector.case).to_owned()).or_default() += 1;
    }
    outside
}

/// Runs the vector corpus on `implementation` under `expectations`.
pub fn check_with(
    implementation: Arc<dyn Implementation>,
    vectors: &[Vector],
    expectations: &Expectations,
    limit: Duration,
) -> GateReport {
    let name = implementation.about().name.to_owned();
    let engine = engine(implementation, limit);
    let cases = vectors
        .iter()
        .filter_map(|vector| {
            let listed = expectations.failures.get(&vector.name()).cloned();
            check_vector(&engine, &name, vector, listed)
        })
        .collect();
    GateReport {
        implementation: name,
        cases,
        stale: stale(vectors, expectations),
        outside: outside(vectors),
    }
}

/// Updates the expectations file at `path` from `report` as `bless` asks (nothing for
/// [`Bless::Check`]); the entries added and removed, for a message.
pub fn bless(
    report: &GateReport,
    path: &Path,
    bless: Bless,
) -> Result<(Vec<String>, Vec<String>), String> {
    let updated = match bless {
        Bless::Check => return Ok((Vec::new(), Vec::new())),
        Bless::Write => report.written(),
        Bless::Prune => report.pruned(),
    };
    let before: BTreeSet<&String> = report
        .cases
        .iter()
        .filter_map(|c| c.listed.as_ref().map(|_| &c.vector))
        .chain(&report.stale)
        .collect();
    let after: BTreeSet<&String> = updated.failures.keys().collect();
    let added = after.difference(&before).map(|s| (*s).clone()).collect();
    let removed = before.difference(&after).map(|s| (*s).clone()).collect();
    if let Some(dir) = path.parent().filter(|d| !d.as_os_str().is_empty()) {
        std::fs::create_dir_all(dir).map_err(|e| format!("{}: {e}", dir.display()))?;
    }
    crate::report::write_atomically(path, updated.to_yaml().as_bytes())
        .map_err(|e| format!("{}: {e}", path.display()))?;
    Ok((added, removed))
}

/// Reads the expectations file at `path` for `implementation`, or, when `bless` says so, runs
/// the gate on the whole corpus and writes it first (a missing file counts as empty); with a
/// message saying what was written.
fn expectations_blessed(
    implementation: &Arc<dyn Implementation>,
    vectors: &[Vector],
    path: &Path,
    bless: Bless,
    limit: Duration,
) -> Result<(Expectations, Option<String>), String> {
    let name = implementation.about().name;
    if bless == Bless::Check {
        return Ok((Expectations::load_for(path, name)?, None));
    }
    let current = if bless == Bless::Write && !path.exists() {
        Expectations {
            implementation: name.to_owned(),
            failures: BTreeMap::new(),
        }
    } else {
        Expectations::load_for(path, name)?
    };
    let report = check_with(Arc::clone(implementation), vectors, &current, limit);
    let (added, removed) = self::bless(&report, path, bless)?;
    let message = format!(
        "{}={}: {} written: {} entries added, {} removed{}",
        Bless::VARIABLE,
        if bless == Bless::Write { "1" } else { "prune" },
        path.display(),
        added.len(),
        removed.len(),
        removed
            .iter()
            .map(|r| format!("\n  removed: {r}"))
            .chain(added.iter().map(|a| format!("\n  added:   {a}")))
            .collect::<String>()
    );
    Ok((Expectations::load_for(path, name)?, Some(message)))
}

/// The gate for a crate author's own `cargo test`, as one test: this crate's vector corpus, run
/// on `implementation`, under the expectations file at `expectations`, which
/// `URI_CONFORMANCE_BLESS` updates first ([`Bless`]); `URI_CONFORMANCE_JUNIT=<path>` writes the
/// [`GateReport::junit`] XML too. For one trial per vector, see `gate::runner`
/// (feature `runner`).
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
    let implementation: Arc<dyn Implementation> = Arc::new(implementation);
    let vectors = vectors::load_default().map_err(|e| e.to_string())?;
    let limit = Duration::from_secs(5);
    let (expectations, message) = expectations_blessed(
        &implementation,
        &vectors,
        expectations,
        Bless::from_env()?,
        limit,
    )?;
    if let Some(message) = message {
        eprintln!("{message}");
    }
    let report = check_with(implementation, &vectors, &expectations, limit);
    if let Some(path) = std::env::var_os(JUNIT_VARIABLE).filter(|p| !p.is_empty()) {
        let path = Path::new(&path);
        std::fs::write(path, report.junit()).map_err(|e| format!("{}: {e}", path.display()))?;
    }
    Ok(report)
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
        assert!(e.contains("URI_CONFORMANCE_BLESS=1"), "{e}");
        assert!(e.contains("--write-expectations"), "{e}");
    }
}
