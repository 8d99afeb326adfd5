//! Reports under `reports/`: one per signature, `reports/<implementation>/<signature>.md` and
//! `.json`, and an index, `reports/README.md`.
//!
//! A run collects findings in memory and then merges them into what is on disk: the counts per
//! source are replaced (so re-running the same inputs changes nothing), the examples are the
//! shortest few ever seen, the minimal case is the shortest ever found and stays while it still
//! shows the behaviour. Every file is written to a temporary file and renamed, so none is ever
//! half-written, and the text holds no time stamp.
//!
//! A committed `reports/` diffs as a list of behaviour changes: a report's own files hold what
//! changes only with the behaviour (its signature, classification, verdict, minimal case and
//! every implementation's answer to it), and what moves with every unrelated change (how many
//! cases showed it per source, where it was first seen, the first case and the shortest
//! examples) lives in one file, `reports/stats.json` ([`stats`]). [`changes`] lists what a run
//! changed.

pub mod changes;
#[cfg(feature = "fuzz")]
pub(crate) mod confusion;
pub mod field;
pub mod index;
pub mod markdown;
pub mod matrix;
pub(crate) mod mechanisms;
pub(crate) mod needs;
pub mod on_record;
pub mod pages;
pub mod promote;
pub mod rfc;
pub(crate) mod stats;
pub mod whatwg_profile;

use std::collections::BTreeMap;
use std::io;
use std::path::{Path, PathBuf};

use serde::{Deserialize, Serialize};

use crate::diff::catalogue::SharedCode;
use crate::diff::{Finding, Known};
use crate::impls::spec::Specification;
use crate::impls::{About, Implementation};
use crate::model::Outcome;
use crate::protocol::{ParseRule, Request};
use crate::reference::{Grammar, Level, Rule};
use rfc::Citation;

/// How many example inputs a report keeps.
pub(crate) const EXAMPLES: usize = 5;

/// The most characters of one input a report quotes. A report with a longer minimal case has it
/// whole in a side file, `<signature>.inputs.json`, too; its `.json` keeps the minimal case whole
/// (for merging and promoting), its `.md` cuts it, and `stats.json` cuts the original case and
/// the examples.
pub(crate) const QUOTED_INPUT: usize = 1000;

/// One case with every implementation's answer.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Exhibit {
    /// The case, as a protocol request.
    pub case: Request,
    /// The reference's answer.
    pub reference: String,
    /// The implementation's answer.
    pub actual: String,
    /// For an implementation that claims the URL Standard, the Standard's answer: its judge
    /// (the reference's RFC 3986 answer is shown beside it).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub standard: Option<String>,
    /// Every other implementation's answer, by name.
    #[serde(default)]
    pub others: BTreeMap<String, String>,
    /// For a property of the implementation's own: the strings that show it, in order (the
    /// input, the first output, the second), each labelled with the call that made it.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub chain: Vec<String>,
}

impl Exhibit {
    /// A case with no answers: an exhibit read back from `stats.json`, which keeps cases only.
    pub fn of_case(case: Request) -> Self {
        Exhibit {
            case,
            reference: String::new(),
            actual: String::new(),
            standard: None,
            others: BTreeMap::new(),
            chain: Vec::new(),
        }
    }

    fn none() -> Self {
        Exhibit::of_case(Request::parse(""))
    }
}

/// A catalogue entry, as a report shows it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct KnownEntry {
    /// Entry id.
    pub id: String,
    /// Class name.
    pub class: String,
    /// Reason.
    pub reason: String,
    /// Link.
    pub link: String,
    /// For a bug: what upstream knows of it.
    #[serde(default)]
    pub upstream: Option<String>,
    /// The other entries the minimal case needs beside this one (a set of entries that
    /// reproduce its answer only together); empty when it shows this entry alone.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub seen_with: Vec<String>,
}

/// The data of one report; the `.json` file is this, the `.md` file renders it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Report {
    /// The implementation's name.
    pub implementation: String,
    /// Its crate and version.
    pub version: String,
    /// The specification it follows.
    pub spec: String,
    /// The signature id.
    pub signature: String,
    /// `parse`, `resolve` or `normalize`.
    pub op: String,
    /// The kind of difference.
    pub kind: String,
    /// The fields involved.
    pub fields: Vec<String>,
    /// The narrowing detail.
    pub detail: String,
    /// `candidate bug`, or the catalogue class.
    pub class: String,
    /// Whether it decides where a request goes.
    pub security: bool,
    /// The catalogue entry covering it.
    pub known: Option<KnownEntry>,
    /// The RFC passage that decides it.
    pub rfc: Citation,
    /// The hand-checked verdict (from `reports/verdicts.yaml`), if any.
    pub verdict: Option<String>,
    /// For a bug: what upstream knows of it (from the catalogue entry or the verdict).
    #[serde(default)]
    pub upstream: Option<String>,
    /// The smallest case found.
    pub minimal: Exhibit,
    /// The first case that showed it (in `stats.json`, not in the report's own file; read
    /// back, it holds the case alone).
    #[serde(default = "Exhibit::none", skip_serializing)]
    pub original: Exhibit,
    /// The shortest inputs seen (in `stats.json`).
    #[serde(default, skip_serializing)]
    pub examples: Vec<Request>,
    /// Cases that showed it, per source (`vectors`, `urls/web-kasztp.txt`, `fuzz seed 1`; in
    /// `stats.json`).
    #[serde(default, skip_serializing)]
    pub counts: BTreeMap<String, u64>,
    /// The source that found it first (in `stats.json`).
    #[serde(default, skip_serializing)]
    pub first_seen: String,
    /// A Rust program against the crate alone that shows the behaviour.
    pub reproduction: Option<String>,
    /// The language of `reproduction` (Rust when absent): an adapter's own, from its `about`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub reproduction_language: Option<String>,
    /// The options that select the implementation on the command line when `diff` alone
    /// does not (`--impl-cmd 'NAME=COMMAND'` for an external program).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub selection: Option<String>,
    /// For an implementation that runs another's code: that implementation, when it has a
    /// report of the same signature. The two are one cause, counted with the original.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub same_code_as: Option<SameCode>,
    /// For an undocumented departure of one component, filed under its mechanism in every
    /// component ([`crate::diff::Known::filed_as`]): each component it was seen in, with the
    /// shortest case that showed it there.
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub seen_in: BTreeMap<String, Request>,
}

/// The implementation whose code a report's implementation runs, and how we know
/// ([`crate::diff::catalogue::SharedCode`]).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SameCode {
    /// The original implementation, which has a report of the same signature.
    pub implementation: String,
    /// The declaration's evidence.
    pub evidence: String,
}

impl Report {
    /// Whether the catalogue does not cover it.
    pub fn is_candidate_bug(&self) -> bool {
        self.known.is_none() || self.is_confirmed_bug() || self.is_undocumented_departure()
    }

    /// Whether a set of the library's departures names it, which no catalogue entry of its
    /// implementation documents: a candidate bug named by its mechanism.
    pub fn is_undocumented_departure(&self) -> bool {
        self.known
            .as_ref()
            .is_some_and(|k| k.class == crate::diff::Class::Departure.name())
    }

    /// Whether it is counted as a cause of its own: not the same finding in code shared with
    /// another implementation, which is counted there.
    pub fn is_own_cause(&self) -> bool {
        self.same_code_as.is_none()
    }

    /// Whether a catalogue entry of class `bug` covers it: a bug checked by hand.
    pub fn is_confirmed_bug(&self) -> bool {
        self.known
            .as_ref()
            .is_some_and(|k| k.class == crate::diff::Class::Bug.name())
    }

    /// The path of the report's file with this extension (`json` or `md`). A signature may
    /// hold dots (`parse-panic-uri.rs-915`), so the extension is appended, not substituted.
    /// The names come from data (a report read back, a program's answer to `about`): use
    /// [`Report::confined_file`] for a path to write or remove.
    pub fn file(&self, dir: &Path, extension: &str) -> PathBuf {
        dir.join(&self.implementation)
            .join(format!("{}.{extension}", self.signature))
    }

    /// [`Report::file`], refused unless the implementation and the signature are each one plain
    /// file name ([`is_plain_name`]): a report whose names hold `..` or `/` never makes a path
    /// outside its own folder under `dir`.
    pub fn confined_file(&self, dir: &Path, extension: &str) -> io::Result<PathBuf> {
        for name in [&self.implementation, &self.signature] {
            if !is_plain_name(name) {
                return Err(io::Error::new(
                    io::ErrorKind::InvalidData,
                    format!(
                        "{}: a report names {name:?}, which is not a plain file name; nothing is written or removed for it",
                        dir.display()
                    ),
                ));
            }
        }
        not_a_link(&dir.join(&self.implementation))?;
        Ok(self.file(dir, extension))
    }
}

/// Refuses a path under the reports folder that is a symbolic link (it could lead anywhere):
/// nothing is read, written or removed through one. A path that does not exist yet is fine.
fn not_a_link(path: &Path) -> io::Result<()> {
    match std::fs::symlink_metadata(path) {
        Ok(metadata) if metadata.file_type().is_symlink() => Err(io::Error::new(
            io::ErrorKind::InvalidInput,
            format!(
                "{}: a symbolic link; reports are never written through one (it could lead outside the reports folder)",
                path.display()
            ),
        )),
        _ => Ok(()),
    }
}

/// Whether `name` is one plain file name, safe to join to a folder: 1 to 200 characters of
/// `[A-Za-z0-9._+-]`, not starting with a dot (so never `.`, `..` or a hidden temporary file).
/// Every implementation name and signature id the harness makes is one.
pub(crate) fn is_plain_name(name: &str) -> bool {
    !name.is_empty()
        && name.len() <= 200
        && !name.starts_with('.')
        && name
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || matches!(b, b'.' | b'_' | b'+' | b'-'))
}

/// Hand-checked verdicts: `implementation/signature` to the RFC passage that decides it and
/// what upstream knows of it.
#[derive(Clone, Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Verdicts {
    #[serde(default)]
    verdicts: BTreeMap<String, VerdictEntry>,
}

/// One hand-checked verdict.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct VerdictEntry {
    /// The RFC passage that decides it, and why.
    pub verdict: String,
    /// What upstream knows of it.
    pub upstream: crate::diff::catalogue::Upstream,
}

impl Verdicts {
    /// Reads `dir/verdicts.yaml`; none if it is missing.
    pub fn load(dir: &Path) -> Result<Self, String> {
        let path = dir.join("verdicts.yaml");
        if std::fs::symlink_metadata(&path).is_err() {
            return Ok(Verdicts::default());
        }
        let text = crate::vectors::read_data_file(&path)
            .map_err(|e| format!("{}: {e}", path.display()))?;
        crate::yaml::from_str(&text).map_err(|e| e.at(path.display()))
    }

    /// The verdict for a report.
    pub fn get(&self, implementation: &str, signature: &str) -> Option<&VerdictEntry> {
        self.verdicts.get(&format!("{implementation}/{signature}"))
    }
}

/// Collects the findings of a run, then writes them.
pub struct Collector {
    dir: PathBuf,
    reports: BTreeMap<(String, String), Report>,
    /// The minimal case of each report on disk when the run began, with the version of the
    /// implementation that showed it.
    stored_minimal: BTreeMap<(String, String), (Request, String)>,
    /// The reports whose stored minimal case showed their signature again in this run, with the
    /// fresh answers to it.
    confirmed: BTreeMap<(String, String), Confirmed>,
    /// Reports added as they are ([`Collector::insert`]), whose examples may not be in the
    /// order [`add_example`] keeps until it has run on them once.
    inserted: std::collections::BTreeSet<(String, String)>,
    /// The signature a finding was first seen with, to the signature of its shrunk case, under
    /// which its report is kept: one report for the many field sets one cause shows.
    aliases: BTreeMap<(String, String), (String, String)>,
    /// The signature of the finding that made each report of this run (its first case's), for
    /// [`stats::Seen::made_by`].
    made_by: BTreeMap<(String, String), String>,
    /// The case whose shrinking gave each of `aliases` (the last time it was given), for
    /// [`stats::Seen::other_names`].
    alias_cases: BTreeMap<(String, String), Request>,
    /// Implementations that run another's code ([`SharedCode`]).
    shared_code: Vec<SharedCode>,
}

/// A stored minimal case seen again with its signature.
#[derive(Clone, Debug)]
struct Confirmed {
    minimal: Exhibit,
    security: bool,
    /// The operation, kind, fields and detail of its finding's signature, and the RFC text it
    /// cites (a bug entry groups findings of other operations and fields: the report describes
    /// the case it shows).
    op: String,
    kind: String,
    fields: Vec<String>,
    detail: String,
    rfc: Citation,
    /// The other entries its case needs beside the report's own ([`KnownEntry::seen_with`]).
    seen_with: Vec<String>,
}

impl Collector {
    /// A collector writing under `dir`.
    pub fn new(dir: impl Into<PathBuf>) -> Self {
        let dir = dir.into();
        let stored_minimal = read_all(&dir)
            .unwrap_or_default()
            .into_iter()
            .map(|r| ((r.implementation, r.signature), (r.minimal.case, r.version)))
            .collect();
        Collector {
            dir,
            reports: BTreeMap::new(),
            stored_minimal,
            confirmed: BTreeMap::new(),
            inserted: std::collections::BTreeSet::new(),
            aliases: BTreeMap::new(),
            made_by: BTreeMap::new(),
            alias_cases: BTreeMap::new(),
            shared_code: Vec::new(),
        }
    }

    /// The implementations that run another's code: a report of one that the original has
    /// too is marked as the original's ([`Report::same_code_as`]) when written.
    pub fn with_shared_code(mut self, shared_code: &[SharedCode]) -> Self {
        self.shared_code = shared_code.to_vec();
        self
    }

    /// The directory.
    pub fn dir(&self) -> &Path {
        &self.dir
    }

    /// Adds a report as it is, replacing one of the same implementation and signature.
    pub fn insert(&mut self, report: Report) {
        self.inserted
            .insert((report.implementation.clone(), report.signature.clone()));
        self.reports.insert(
            (report.implementation.clone(), report.signature.clone()),
            report,
        );
    }

    /// Whether this run already holds a report for the finding's signature (or for the
    /// signature its shrunk case had).
    pub fn has(&self, finding: &Finding) -> bool {
        let key = key(finding);
        self.aliases.contains_key(&key) || self.reports.contains_key(&key)
    }

    /// The report `finding`'s signature is held in: the report its signature is another name
    /// of, else the report signed by it.
    pub fn held_under(&self, finding: &Finding) -> Option<(String, String)> {
        let key = key(finding);
        let key = self.aliases.get(&key).cloned().unwrap_or(key);
        self.reports.contains_key(&key).then_some(key)
    }

    /// The report signed by `finding`'s own signature, where this run made one (whichever
    /// report the signature is another name of).
    pub fn signed_by(&self, finding: &Finding) -> Option<(String, String)> {
        let key = key(finding);
        self.reports.contains_key(&key).then_some(key)
    }

    /// Counts `finding` in the report `key`, keeping its input if it is among the shortest,
    /// and confirms the report's stored minimal case when `finding` is it; `false` where no
    /// report has that key. `answers` are every implementation's answers to the case.
    pub fn count_under(
        &mut self,
        key: (String, String),
        finding: &Finding,
        answers: &[(String, Outcome)],
        source: &str,
    ) -> bool {
        let unsure = !self.inserted.is_empty() && self.inserted.contains(&key);
        let Some(report) = self.reports.get_mut(&key) else {
            return false;
        };
        if !source.is_empty() {
            match report.counts.get_mut(source) {
                Some(count) => *count += 1,
                None => {
                    report.counts.insert(source.to_owned(), 1);
                }
            }
        }
        if add_example_to(&mut report.examples, &finding.case, !unsure) && unsure {
            self.inserted.remove(&key);
        }
        add_seen_in(&mut report.seen_in, finding);
        self.confirm(key, finding, answers);
        true
    }

    /// The departures of the library that sign the report `finding`'s signature was filed
    /// under as another name of it (a symptom whose first case shrank into a departure's
    /// report), which a later case of that symptom must show too to be counted there; `None`
    /// where the signature is no such other name.
    pub fn departures_behind(&self, finding: &Finding) -> Option<Vec<String>> {
        let target = self.aliases.get(&key(finding))?;
        let report = self.reports.get(target)?;
        let known = report
            .known
            .as_ref()
            .filter(|_| report.is_undocumented_departure())?;
        Some(
            std::iter::once(known.id.clone())
                .chain(known.seen_with.iter().cloned())
                .collect(),
        )
    }

    /// Whether the report `key` is signed by its symptom (no entry, no departure names it): the
    /// report of what no model explains, which must hold no case a mechanism names.
    pub fn is_symptom_report(&self, key: &(String, String)) -> bool {
        self.reports.get(key).is_some_and(|r| r.known.is_none())
    }

    /// Notes that a report's stored minimal case still shows its signature, so that it stays the
    /// minimal case (a report changes only when its behaviour does).
    fn confirm(&mut self, key: (String, String), finding: &Finding, answers: &[(String, Outcome)]) {
        if self.stored_minimal.get(&key).map(|(case, _)| case) == Some(&finding.case)
            && !self.confirmed.contains_key(&key)
        {
            let spec = self
                .reports
                .get(&key)
                .map_or("", |report| report.spec.as_str());
            let minimal = exhibit(finding, answers, spec);
            self.confirmed.insert(
                key,
                Confirmed {
                    minimal,
                    security: finding.is_security_relevant(),
                    op: finding.signature.op.to_owned(),
                    kind: finding.signature.kind.name().to_owned(),
                    fields: field_names(&finding.signature),
                    detail: finding.signature.detail.clone(),
                    rfc: rfc::citation(finding),
                    seen_with: finding
                        .known
                        .as_ref()
                        .map(|k| k.seen_with().map(str::to_owned).collect())
                        .unwrap_or_default(),
                },
            );
        }
    }

    /// Adds a finding whose signature is new: `original` as first seen, `minimal` its shrunk
    /// form with every implementation's answers to it. The report is signed by the shrunk case;
    /// when a report already holds that signature, the original's signature becomes another
    /// name of it and the case is counted there. Returns whether a report was made.
    pub fn add(
        &mut self,
        implementation: &dyn Implementation,
        original: &Finding,
        minimal: &Finding,
        minimal_answers: &[(String, Outcome)],
        original_answers: &[(String, Outcome)],
        source: &str,
    ) -> bool {
        let (first_seen, signed) = (key(original), key(minimal));
        // A symptom whose cases shrink into two mechanisms' reports is another name of the
        // first of them in order, whichever a run met first: the order a run meets its cases
        // in (a replay, a fuzz campaign) does not move a name, so a run over a run's reports
        // names them as it did.
        let taken = self
            .aliases
            .get(&first_seen)
            .is_some_and(|named| *named <= signed);
        if first_seen != signed && !taken {
            self.aliases.insert(first_seen.clone(), signed.clone());
            self.alias_cases
                .insert(first_seen.clone(), original.case.clone());
        }
        if let Some(report) = self.reports.get_mut(&signed) {
            // A mechanism seen in another component: its shrunk case shows it there.
            add_seen_in(&mut report.seen_in, minimal);
            // Counted where its shrunk case is signed, which is not always where its first
            // signature is another name of: that name keeps the first report it was given.
            self.count_under(signed, original, original_answers, source);
            return false;
        }
        let about = implementation.about();
        let report = new_report(
            &about,
            original,
            minimal,
            minimal_answers,
            original_answers,
            source,
            crate::diff::properties::reproduction(implementation, minimal),
        );
        let language = implementation.reproduction_language();
        let report = Report {
            selection: implementation.command_line(),
            reproduction_language: (language != "rust").then(|| language.to_owned()),
            ..report
        };
        self.reports.insert(signed.clone(), report);
        self.made_by.insert(signed.clone(), first_seen.1);
        // The shrunk case first: where it is the stored one, the report describes it as it
        // was made (its signature as shrinking gave it), not as the original's finding does.
        self.confirm(signed.clone(), minimal, minimal_answers);
        self.confirm(signed, original, original_answers);
        true
    }

    /// The signature of the report that holds findings signed `signature` for
    /// `implementation` in this run: itself, or the report its shrunk case (or its cause) is
    /// filed under; `None` when this run holds no such report.
    pub fn report_name(&self, implementation: &str, signature: &str) -> Option<String> {
        let key = (implementation.to_owned(), signature.to_owned());
        let key = self.aliases.get(&key).cloned().unwrap_or(key);
        self.reports.contains_key(&key).then_some(key.1)
    }

    /// The reports of this run, not yet merged with what is on disk.
    pub fn reports(&self) -> impl Iterator<Item = &Report> {
        self.reports.values()
    }

    /// The other signatures filed under the report `key` when the run ends, each with the case
    /// that filed it there (cut as a first case is), but the one its first case gave.
    fn other_names(&self, key: &(String, String), original: &Request) -> BTreeMap<String, Request> {
        let made_by = self.made_by.get(key);
        self.aliases
            .iter()
            .filter(|(_, to)| *to == key)
            .filter_map(|(from, _)| Some((from, self.alias_cases.get(from)?)))
            .filter(|(from, case)| !(Some(&from.1) == made_by && *case == original))
            .map(|(from, case)| (from.1.clone(), capped_case(case)))
            .collect()
    }

    /// The cases the reports of this run keep when written by [`Collector::write_pruning`]:
    /// each one's first case, examples, and minimal case (the stored one where it stays,
    /// [`keep_confirmed_minimal`]), and the case of each other name.
    pub fn kept_cases(&self) -> impl Iterator<Item = &Request> {
        let reports = self.reports.iter().flat_map(|(key, report)| {
            let stays = self
                .confirmed
                .get(key)
                .filter(|confirmed| {
                    self.stored_minimal
                        .get(key)
                        .is_some_and(|(_, version)| *version == report.version)
                        && case_len(&confirmed.minimal.case) <= case_len(&report.minimal.case)
                })
                .map(|confirmed| &confirmed.minimal.case);
            [&report.original.case, stays.unwrap_or(&report.minimal.case)]
                .into_iter()
                .chain(&report.examples)
                .chain(report.seen_in.values())
        });
        reports.chain(self.alias_cases.values())
    }

    /// Like [`Collector::write`], and removes the reports on disk that this run did not
    /// produce: after a run that replayed every stored case (`Campaign::replay`), a report
    /// whose behaviour is gone or now classified otherwise is stale.
    pub fn write_pruning(&self) -> io::Result<Vec<Report>> {
        for old in read_all(&self.dir)? {
            if !self
                .reports
                .contains_key(&(old.implementation.clone(), old.signature.clone()))
            {
                // read_all keeps only reports whose names are their own file's: the paths stay
                // in the report's folder.
                for extension in ["json", "md", "inputs.json"] {
                    remove_if_there(&old.confined_file(&self.dir, extension)?)?;
                }
            }
        }
        self.write_merging(false)
    }

    /// Merges this run into the reports on disk, writes them, `stats.json` and the index, and
    /// returns every report now on disk.
    pub fn write(&self) -> io::Result<Vec<Report>> {
        self.write_merging(true)
    }

    /// With `keep_cases`, the stored minimal case and examples are kept where they are shorter;
    /// without, only the counts, the first source and a minimal case that still shows the
    /// behaviour are (the run replayed every stored case, so its cases are the ones that still
    /// show the behaviour).
    fn write_merging(&self, keep_cases: bool) -> io::Result<Vec<Report>> {
        let verdicts = Verdicts::load(&self.dir).map_err(io::Error::other)?;
        let mut stats = stats::Stats::load(&self.dir)?;
        // A report that cannot be written (a full disk, a name refused) does not keep the
        // others, the statistics and the index from being written: the first error is
        // returned after them.
        let mut first_error = None;
        for (key, report) in &self.reports {
            // The signature that made it goes with its first case: the stored one where the
            // stored first case stays (a run that merges, which keeps the other names stored
            // too, but for those this run gave).
            let mut made_by = self.made_by.get(key).cloned();
            let mut other_names = BTreeMap::new();
            let written = report.confined_file(&self.dir, "json").and_then(|path| {
                let old = read_report(&path).map(|mut old| {
                    if keep_cases && let Some(seen) = stats.get(&old.implementation, &old.signature)
                    {
                        made_by = seen.made_by.clone();
                        other_names = seen.other_names.clone();
                    }
                    stats.apply(&mut old);
                    old
                });
                let confirmed = self.confirmed.get(key);
                let merged = match old {
                    Some(old) if keep_cases => merge(old, report.clone(), confirmed),
                    Some(old) => merge_counts(old, report.clone(), confirmed),
                    None => report.clone(),
                };
                write_report(&self.dir, merged, &verdicts)
            });
            match written {
                Ok(written) => {
                    other_names.extend(self.other_names(key, &report.original.case));
                    stats.record(&written, made_by, other_names);
                }
                Err(e) => {
                    first_error.get_or_insert(e);
                }
            }
        }
        let mut all = read_own_files(&self.dir)?;
        if let Err(e) = mark_shared_code(&self.dir, &mut all, &self.shared_code, &verdicts) {
            first_error.get_or_insert(e);
        }
        stats.retain(&all);
        let stats_written = stats.write(&self.dir);
        for report in &mut all {
            stats.apply(report);
        }
        index::write(&self.dir, &all)?;
        stats_written?;
        match first_error {
            Some(e) => Err(e),
            None => Ok(all),
        }
    }
}

/// Marks each report of an implementation that runs another's code whose signature the
/// original has a report of too, and unmarks the others; rewrites the reports that change.
fn mark_shared_code(
    dir: &Path,
    reports: &mut [Report],
    shared_code: &[SharedCode],
    verdicts: &Verdicts,
) -> io::Result<()> {
    let held: std::collections::BTreeSet<(String, String)> = reports
        .iter()
        .map(|r| (r.implementation.clone(), r.signature.clone()))
        .collect();
    for report in reports.iter_mut() {
        let same = shared_code
            .iter()
            .find(|s| s.implementation == report.implementation)
            .filter(|s| held.contains(&(s.with.clone(), report.signature.clone())))
            .map(|s| SameCode {
                implementation: s.with.clone(),
                evidence: s.evidence.clone(),
            });
        if report.same_code_as != same {
            report.same_code_as = same;
            *report = write_report(dir, report.clone(), verdicts)?;
        }
    }
    Ok(())
}

fn remove_if_there(path: &Path) -> io::Result<()> {
    match std::fs::remove_file(path) {
        Err(e) if e.kind() != io::ErrorKind::NotFound => {
            Err(io::Error::new(e.kind(), format!("{}: {e}", path.display())))
        }
        _ => Ok(()),
    }
}

fn key(finding: &Finding) -> (String, String) {
    (
        finding.signature.implementation.clone(),
        finding.id().to_owned(),
    )
}

/// Keeps `case` among the examples if it is among the [`EXAMPLES`] smallest (by length, then
/// by its JSON text), the examples sorted so.
fn add_example(examples: &mut Vec<Request>, case: &Request) {
    add_example_to(examples, case, false);
}

/// [`add_example`], told whether the examples are known to be in its order already (they are
/// once it has run on them).
/// Returns whether the examples are now known to be in order.
fn add_example_to(examples: &mut Vec<Request>, case: &Request, sorted: bool) -> bool {
    if examples.contains(case) {
        return sorted;
    }
    let len = case_len(case);
    // Full, sorted, and every example shorter: the case would be sorted last and cut.
    if examples.len() == EXAMPLES
        && examples.iter().all(|c| case_len(c) < len)
        && (sorted || examples_sorted(examples))
    {
        return true;
    }
    examples.push(case.clone());
    // Each key computed once (the sort is stable: equal keys keep their order).
    examples.sort_by_cached_key(|c| (case_len(c), serde_json::to_string(c).unwrap_or_default()));
    examples.truncate(EXAMPLES);
    true
}

/// Whether the examples are in the order [`add_example`] keeps: the JSON text is made only
/// for neighbours of equal length.
fn examples_sorted(examples: &[Request]) -> bool {
    examples.windows(2).all(|pair| {
        let (a, b) = (case_len(&pair[0]), case_len(&pair[1]));
        a < b
            || (a == b
                && serde_json::to_string(&pair[0]).unwrap_or_default()
                    <= serde_json::to_string(&pair[1]).unwrap_or_default())
    })
}

/// The length of a case's longest input, in characters.
pub(crate) fn case_chars(case: &Request) -> usize {
    match case {
        Request::Parse { input, .. } | Request::Normalize { input, .. } => input.chars().count(),
        Request::Resolve { base, input, .. } => base.chars().count().max(input.chars().count()),
    }
}

/// `case` with every input cut to [`QUOTED_INPUT`] characters (marked as cut).
fn capped_case(case: &Request) -> Request {
    let cut = |s: &mut String| {
        if s.chars().count() > QUOTED_INPUT {
            *s = markdown::capped_input(s);
        }
    };
    let mut case = case.clone();
    match &mut case {
        Request::Parse { input, .. } | Request::Normalize { input, .. } => cut(input),
        Request::Resolve { base, input, .. } => {
            cut(base);
            cut(input);
        }
    }
    case
}

/// The size of a case, for choosing the smallest.
pub(crate) fn case_len(case: &Request) -> usize {
    case.text_len()
}

/// What a report shows of `finding`: every answer to its case, and the URL Standard's beside
/// them for an implementation whose claimed specification (`spec`) is the Standard.
fn exhibit(finding: &Finding, answers: &[(String, Outcome)], spec: &str) -> Exhibit {
    let claims_url_standard = Specification::from_claim(spec) == Some(Specification::UrlStandard);
    Exhibit {
        case: finding.case.clone(),
        reference: capped_answer(finding.reference.describe()),
        actual: capped_answer(finding.actual.describe()),
        standard: claims_url_standard
            .then(|| url_standard_answer(&finding.case))
            .flatten(),
        others: answers
            .iter()
            .filter(|(name, _)| *name != finding.signature.implementation)
            .map(|(name, outcome)| (name.clone(), capped_answer(outcome.describe())))
            .collect(),
        chain: finding.chain.clone(),
    }
}

/// The URL Standard model's answer to `case`, as an exhibit shows it; `None` where the model
/// has none (an operation the Standard does not define).
fn url_standard_answer(case: &Request) -> Option<String> {
    match crate::whatwg::expected_outcome(case) {
        Outcome::Unsupported => None,
        answer => Some(capped_answer(answer.describe())),
    }
}

/// An answer quotes the input's components: it is cut like an input, at twice the length.
fn capped_answer(text: String) -> String {
    match text.char_indices().nth(2 * QUOTED_INPUT) {
        None => text,
        Some((at, _)) => format!("{}… [cut]", &text[..at]),
    }
}

fn capped_exhibit(exhibit: &mut Exhibit) {
    for answer in [&mut exhibit.reference, &mut exhibit.actual]
        .into_iter()
        .chain(exhibit.standard.as_mut())
        .chain(exhibit.others.values_mut())
    {
        *answer = capped_answer(std::mem::take(answer));
    }
}

/// The entry a report is filed under ([`Known::mechanism`]), with the others its case needs.
fn known_entry(known: &Known) -> KnownEntry {
    let mechanism = known.mechanism();
    KnownEntry {
        id: mechanism.id.clone(),
        class: mechanism.class.name().to_owned(),
        reason: mechanism.reason.clone(),
        link: mechanism.link.clone(),
        upstream: mechanism.upstream.clone(),
        seen_with: known.seen_with().map(str::to_owned).collect(),
    }
}

fn new_report(
    about: &About<'_>,
    original: &Finding,
    minimal: &Finding,
    minimal_answers: &[(String, Outcome)],
    original_answers: &[(String, Outcome)],
    source: &str,
    reproduction: Option<String>,
) -> Report {
    // Signed by the shrunk case: its fields are the fewest that show the behaviour.
    let signature = &minimal.signature;
    let mut examples = Vec::new();
    add_example(&mut examples, &original.case);
    add_example(&mut examples, &minimal.case);
    let mut seen_in = BTreeMap::new();
    add_seen_in(&mut seen_in, minimal);
    add_seen_in(&mut seen_in, original);
    let shown =
        |finding: &Finding, answers: &[(String, Outcome)]| exhibit(finding, answers, about.spec);
    Report {
        implementation: signature.implementation.clone(),
        version: about.version.to_owned(),
        spec: about.spec.to_owned(),
        signature: signature.id(),
        op: signature.op.to_owned(),
        kind: signature.kind.name().to_owned(),
        // What differs, described for the case the report shows: the minimal one (findings a
        // bug entry groups share an id, not always their fields).
        fields: field_names(&minimal.signature),
        detail: minimal.signature.detail.clone(),
        // The class is the signature's, as its entry (a resolution filed under the parse
        // that causes it, `Engine::cause`, is what that parse is); a departure's finding is a
        // candidate bug.
        class: minimal
            .known
            .as_ref()
            .filter(|k| k.class != crate::diff::catalogue::Class::Departure)
            .map_or("candidate bug", |k| k.class.name())
            .to_owned(),
        // The tag goes with the case the report shows first: the minimal one.
        security: minimal.is_security_relevant(),
        // The entry and the others the case needs, as the minimal case shows them.
        known: minimal.known.as_ref().map(|k| known_entry(k)),
        rfc: rfc::citation(minimal),
        verdict: None,
        upstream: None,
        minimal: shown(minimal, minimal_answers),
        original: shown(original, original_answers),
        examples,
        // A replayed case (no source) counts nowhere; the counts on disk stay.
        counts: if source.is_empty() {
            BTreeMap::new()
        } else {
            BTreeMap::from([(source.to_owned(), 1)])
        },
        first_seen: if source.is_empty() {
            "replay".to_owned()
        } else {
            source.to_owned()
        },
        reproduction,
        reproduction_language: None,
        selection: None,
        same_code_as: None,
        seen_in,
    }
}

/// Keeps `finding`'s case as the one that shows its mechanism in each component it names
/// ([`Known::components`]) where it is the shortest (by length, then by its JSON text).
fn add_seen_in(seen_in: &mut BTreeMap<String, Request>, finding: &Finding) {
    let Some(known) = &finding.known else {
        return;
    };
    for component in known.components() {
        keep_shorter(seen_in, component, &finding.case);
    }
}

/// `case` under `component` where none is there or it is shorter than the one there.
fn keep_shorter(seen_in: &mut BTreeMap<String, Request>, component: String, case: &Request) {
    let order = |c: &Request| (case_len(c), serde_json::to_string(c).unwrap_or_default());
    match seen_in.get(&component) {
        Some(there) if order(there) <= order(case) => {}
        _ => {
            seen_in.insert(component, capped_case(case));
        }
    }
}

/// `new`'s components seen, with `old`'s where they are shorter or new's has none.
fn merge_seen_in(merged: &mut Report, old: &Report) {
    for (component, case) in &old.seen_in {
        keep_shorter(&mut merged.seen_in, component.clone(), case);
    }
}

/// The names of the fields a signature says differ.
fn field_names(signature: &crate::diff::Signature) -> Vec<String> {
    signature
        .fields
        .iter()
        .map(|f| f.name().to_owned())
        .collect()
}

/// Merges a new run's report into the one on disk.
fn merge(old: Report, new: Report, confirmed: Option<&Confirmed>) -> Report {
    let mut merged = new;
    if !old.first_seen.is_empty() {
        merged.first_seen = old.first_seen.clone();
    }
    merged.original = old.original.clone();
    merge_seen_in(&mut merged, &old);
    if !keep_confirmed_minimal(&mut merged, &old, confirmed)
        && case_len(&old.minimal.case) <= case_len(&merged.minimal.case)
    {
        merged.minimal = old.minimal;
        merged.security = old.security;
        merged.op = old.op;
        merged.kind = old.kind;
        merged.fields = old.fields;
        merged.detail = old.detail;
        merged.rfc = old.rfc;
        set_seen_with(
            &mut merged,
            old.known.map(|k| k.seen_with).unwrap_or_default(),
        );
        merged.reproduction = old.reproduction.or(merged.reproduction);
    }
    for example in old.examples {
        add_example(&mut merged.examples, &example);
    }
    for (source, count) in old.counts {
        merged.counts.entry(source).or_insert(count);
    }
    merged
}

/// Keeps the stored counts and first source, and this run's cases but for a stored minimal
/// case that still shows the behaviour. The first case is this run's: the one that made the
/// report, which a run over the stored reports replays first (`Campaign::replay`), so that it
/// stays the same from run to run once it made the report.
fn merge_counts(old: Report, new: Report, confirmed: Option<&Confirmed>) -> Report {
    let mut merged = new;
    if !old.first_seen.is_empty() {
        merged.first_seen = old.first_seen.clone();
    }
    keep_confirmed_minimal(&mut merged, &old, confirmed);
    for (source, count) in old.counts {
        merged.counts.entry(source).or_insert(count);
    }
    merged
}

/// The entries beside the report's own that its minimal case needs: they go with the case.
fn set_seen_with(report: &mut Report, seen_with: Vec<String>) {
    if let Some(known) = &mut report.known {
        known.seen_with = seen_with;
    }
}

/// The stored minimal case stays while it still shows the behaviour, for the same release of
/// the crate, and no shorter one was found: otherwise the order in which a run happens to meet
/// the cases would change committed reports. Its answers are this run's.
fn keep_confirmed_minimal(
    merged: &mut Report,
    old: &Report,
    confirmed: Option<&Confirmed>,
) -> bool {
    match confirmed {
        Some(confirmed)
            if old.version == merged.version
                && case_len(&confirmed.minimal.case) <= case_len(&merged.minimal.case) =>
        {
            merged.minimal = confirmed.minimal.clone();
            merged.security = confirmed.security;
            merged.op = confirmed.op.clone();
            merged.kind = confirmed.kind.clone();
            merged.fields = confirmed.fields.clone();
            merged.detail = confirmed.detail.clone();
            merged.rfc = confirmed.rfc.clone();
            set_seen_with(merged, confirmed.seen_with.clone());
            merged.reproduction = old.reproduction.clone().or(merged.reproduction.take());
            true
        }
        _ => false,
    }
}

/// The most a file of the reports folder may hold to be read (a report keeps its minimal case
/// whole; `conformance.json` is 1.5 MB).
pub(crate) const MAX_REPORT_FILE_BYTES: u64 = 256 << 20;

/// A file of the reports folder, if it is a regular file of at most
/// [`MAX_REPORT_FILE_BYTES`]: a FIFO planted under a report's name is never waited on.
pub fn read_folder_file(path: &Path) -> Result<String, String> {
    crate::vectors::read_regular_file(path, MAX_REPORT_FILE_BYTES)
}

fn read_report(path: &Path) -> Option<Report> {
    let text = read_folder_file(path).ok()?;
    serde_json::from_str(&text).ok()
}

/// Every report under `dir`, sorted by implementation and signature, with its statistics
/// from `stats.json`.
pub fn read_all(dir: &Path) -> io::Result<Vec<Report>> {
    let stats = stats::Stats::load(dir)?;
    let mut reports = read_own_files(dir)?;
    for report in &mut reports {
        stats.apply(report);
    }
    Ok(reports)
}

/// Every report under `dir` as its own file holds it (without statistics). Only real folders
/// and regular files are read (a symbolic link could lead anywhere), and a report counts only
/// where its own names say it is: `IMPLEMENTATION/SIGNATURE.json`, both plain names
/// ([`is_plain_name`]). Any other JSON file is left alone, so that no path made from a
/// report's contents leaves its folder.
fn read_own_files(dir: &Path) -> io::Result<Vec<Report>> {
    let mut reports = Vec::new();
    let Ok(entries) = std::fs::read_dir(dir) else {
        return Ok(reports);
    };
    for entry in entries {
        let entry = entry?;
        if !entry.file_type().is_ok_and(|t| t.is_dir()) {
            continue;
        }
        let folder = entry.file_name();
        for file in std::fs::read_dir(entry.path())? {
            let file = file?;
            if !file.file_type().is_ok_and(|t| t.is_file()) {
                continue;
            }
            let name = file.file_name();
            let Some(stem) = name.to_str().and_then(|n| n.strip_suffix(".json")) else {
                continue;
            };
            if let Some(report) = read_report(&file.path())
                && is_plain_name(&report.implementation)
                && is_plain_name(&report.signature)
                && folder.to_str() == Some(report.implementation.as_str())
                && stem == report.signature
            {
                reports.push(report);
            }
        }
    }
    reports
        .sort_by(|a, b| (&a.implementation, &a.signature).cmp(&(&b.implementation, &b.signature)));
    Ok(reports)
}

/// Writes a report's own files and returns it as written (inputs cut), for `stats.json`.
fn write_report(dir: &Path, mut report: Report, verdicts: &Verdicts) -> io::Result<Report> {
    let verdict = verdicts.get(&report.implementation, &report.signature);
    report.verdict = verdict.map(|v| v.verdict.clone());
    report.upstream = match (&report.known, verdict) {
        (Some(known), _) => known.upstream.clone(),
        (None, Some(v)) => Some(v.upstream.describe()),
        (None, None) => None,
    };
    let side_file = report.confined_file(dir, "inputs.json")?;
    let folder = dir.join(&report.implementation);
    std::fs::create_dir_all(&folder)
        .map_err(|e| io::Error::new(e.kind(), format!("{}: {e}", folder.display())))?;
    if case_chars(&report.minimal.case) > QUOTED_INPUT {
        let whole = serde_json::json!({ "minimal": report.minimal.case });
        let text = serde_json::to_string_pretty(&whole).map_err(io::Error::other)? + "\n";
        write_atomically(&side_file, text.as_bytes())?;
    } else {
        remove_if_there(&side_file)?;
    }
    report.original.case = capped_case(&report.original.case);
    report.examples = report.examples.iter().map(capped_case).collect();
    capped_exhibit(&mut report.minimal);
    capped_exhibit(&mut report.original);
    let json = serde_json::to_string_pretty(&report).map_err(io::Error::other)? + "\n";
    write_atomically(&report.confined_file(dir, "json")?, json.as_bytes())?;
    write_atomically(
        &report.confined_file(dir, "md")?,
        markdown::render(&report).as_bytes(),
    )?;
    Ok(report)
}

/// Writes `bytes` to a temporary file beside `path` and renames it over `path`.
pub fn write_atomically(path: &Path, bytes: &[u8]) -> io::Result<()> {
    let file_name = path
        .file_name()
        .ok_or_else(|| io::Error::other(format!("{} has no file name", path.display())))?;
    let mut temporary = path.to_path_buf();
    temporary.set_file_name(format!(
        ".{}.{}.tmp",
        file_name.to_string_lossy(),
        std::process::id()
    ));
    // Every error names the file it is about, and leaves no temporary file behind (a full
    // disk fails the write after the file was made). The temporary file is made afresh, never
    // opened through what is there (a stale one, or a symbolic link planted to lead outside:
    // removing a link removes the link).
    let _ = std::fs::remove_file(&temporary);
    std::fs::OpenOptions::new()
        .write(true)
        .create_new(true)
        .open(&temporary)
        .and_then(|mut file| std::io::Write::write_all(&mut file, bytes))
        .map_err(|e| {
            let _ = std::fs::remove_file(&temporary);
            io::Error::new(e.kind(), format!("{}: {e}", temporary.display()))
        })?;
    std::fs::rename(&temporary, path).map_err(|e| {
        let _ = std::fs::remove_file(&temporary);
        io::Error::new(e.kind(), format!("{}: {e}", path.display()))
    })
}

/// `text` with every control character (C0 but the line end and the tab, DEL, C1) written as
/// a visible escape, `\u{1b}`: text from an input, a program's answer or a crate's error
/// message goes through here wherever it leaves the harness (the terminal, Markdown, HTML,
/// JUnit XML), so that an escape sequence cannot retitle or repaint a terminal, a NUL cannot
/// cut a file short, and every character shows. JSON files need no such care (JSON escapes
/// control characters itself).
pub fn visible(text: &str) -> std::borrow::Cow<'_, str> {
    escaped(text, |c| c.is_control() && c != '\n' && c != '\t')
}

/// [`visible`] for text that stays within one line of a terminal: the line end and the tab
/// escaped too, every control character, so that what a program or an input says can never
/// start a line of its own among the harness's (`diff` prints an adapter's error between its
/// own lines: a raw line feed would let it print `-> agrees`).
pub fn visible_line(text: &str) -> std::borrow::Cow<'_, str> {
    escaped(text, char::is_control)
}

/// `text` with each character `hidden` says written as `\u{...}`.
fn escaped(text: &str, hidden: impl Fn(char) -> bool) -> std::borrow::Cow<'_, str> {
    if !text.chars().any(&hidden) {
        return std::borrow::Cow::Borrowed(text);
    }
    let mut out = String::with_capacity(text.len() + 8);
    for c in text.chars() {
        if hidden(c) {
            out.push_str(&format!("\\u{{{:x}}}", u32::from(c)));
        } else {
            out.push(c);
        }
    }
    std::borrow::Cow::Owned(out)
}

pub use crate::impls::reproduction::shell_quote;

/// The one-line reproduction of a case with this crate's command line.
pub(crate) fn cli_reproduction(case: &Request) -> String {
    // A NUL cannot be a command-line argument (bash cuts at it), and the flags say only the
    // syntax and scheme levels: such a case is given whole, as the protocol's request.
    let inputs = match case {
        Request::Parse { input, .. } | Request::Normalize { input, .. } => vec![input],
        Request::Resolve { base, input, .. } => vec![base, input],
    };
    let level_without_flag = matches!(
        case,
        Request::Normalize {
            level: Some(Level::Path),
            ..
        }
    );
    if inputs.iter().any(|text| text.contains('\0')) || level_without_flag {
        let json = serde_json::to_string(case).unwrap_or_default();
        return format!("uri-conformance diff --case {}", shell_quote(&json));
    }
    match case {
        Request::Parse {
            input,
            rule,
            zone_id,
        } => {
            let zone_id = if *zone_id { " --zone-id" } else { "" };
            match rule {
                None
                | Some(ParseRule {
                    grammar: Grammar::Uri,
                    rule: Rule::UriReference,
                }) => format!("uri-conformance diff{zone_id} -- {}", shell_quote(input)),
                Some(rule) => format!(
                    "uri-conformance diff --rule {}{zone_id} -- {}",
                    rule.name(),
                    shell_quote(input)
                ),
            }
        }
        Request::Resolve {
            base,
            input,
            strict,
        } => format!(
            "uri-conformance diff{} --base {} -- {}",
            if *strict { "" } else { " --non-strict" },
            shell_quote(base),
            shell_quote(input)
        ),
        Request::Normalize { input, .. } => format!(
            "uri-conformance diff --normalize{} -- {}",
            if case.checked_level() == Ok(Level::Scheme) {
                " --scheme"
            } else {
                ""
            },
            shell_quote(input)
        ),
    }
}

/// How the reports folder reaches the repository's root, for links to the repository's files
/// (`vectors/...`): `../` for `reports/` (the default), `../../` for `reports/ecosystem/`, or
/// the root's absolute path for a folder outside the checkout ([`set_root_from_reports`]).
static ROOT_FROM_REPORTS: std::sync::RwLock<Option<String>> = std::sync::RwLock::new(None);

/// Sets how links from the pages written into `reports` reach the checkout `root`: relative
/// when `reports` is inside it, else by the root's absolute path, so that a research run's
/// pages outside the checkout link to files that exist.
pub fn set_root_from_reports(reports: &Path, root: &Path) {
    let (Ok(reports), Ok(root)) = (reports.canonicalize(), root.canonicalize()) else {
        return;
    };
    let prefix = match reports.strip_prefix(&root) {
        Ok(inside) => "../".repeat(inside.components().count()),
        Err(_) => format!("{}/", root.display()),
    };
    *ROOT_FROM_REPORTS.write().unwrap_or_else(|e| e.into_inner()) = Some(prefix);
}

/// The prefix from the reports folder to the repository's root.
pub(crate) fn root_from_reports() -> String {
    ROOT_FROM_REPORTS
        .read()
        .unwrap_or_else(|e| e.into_inner())
        .clone()
        .unwrap_or_else(|| "../".to_owned())
}

/// A catalogue entry's link as a Markdown link target from a page `depth` folders below the
/// repository's root when the reports are `reports/` (1 for `reports/x.md`, 2 for
/// `reports/<implementation>/x.md`): a web address as it is, a repository path
/// (`vectors/README.md#...`) through [`root_from_reports`].
pub(crate) fn link_from(depth: usize, link: &str) -> String {
    if link.contains("://") {
        link.to_owned()
    } else {
        format!(
            "{}{}{link}",
            "../".repeat(depth.saturating_sub(1)),
            root_from_reports()
        )
    }
}

// The examples are drawn with the fuzz feature's generator of random numbers.
#[cfg(all(test, feature = "fuzz"))]
mod tests {
    use super::*;

    /// An implementation that refuses everything: a finding to sign as a test needs.
    struct RefusesAll;

    impl Implementation for RefusesAll {
        fn about(&self) -> crate::impls::About<'_> {
            crate::impls::About {
                name: "refuses-all",
                version: "test",
                spec: "none",
                docs: "",
            }
        }

        fn parse(
            &self,
            _: &str,
            _: crate::reference::Rule,
            _: crate::reference::ParseOptions,
        ) -> Outcome {
            Outcome::invalid("no".into())
        }
    }

    #[test]
    fn a_symptom_of_two_mechanisms_is_named_by_one_whatever_the_order() {
        let engine = crate::diff::Engine::new(
            vec![std::sync::Arc::new(RefusesAll)],
            std::time::Duration::from_secs(5),
            crate::diff::Catalogue::bundled(),
        );
        let symptom = engine
            .run_one("refuses-all", &Request::parse("a:b"))
            .expect("a refusal of a valid input");
        let named = |detail: &str| {
            let mut f = symptom.clone();
            f.signature.detail = detail.to_owned();
            f.id = f.signature.id();
            f
        };
        let (first, second) = (named("mechanism-a"), named("mechanism-b"));
        let answers = vec![("refuses-all".to_owned(), Outcome::invalid("no".into()))];
        let dir = std::env::temp_dir().join(format!("aliases-{}", std::process::id()));
        let name_after = |order: [&Finding; 2]| {
            let mut collector = Collector::new(&dir);
            for minimal in order {
                collector.add(
                    &RefusesAll,
                    &symptom,
                    minimal,
                    &answers,
                    &answers,
                    "vectors",
                );
            }
            collector.report_name("refuses-all", symptom.id())
        };
        let one = name_after([&first, &second]);
        assert_eq!(one, name_after([&second, &first]));
        assert_eq!(one.as_deref(), Some(first.id()));
        let _ = std::fs::remove_dir_all(&dir);
    }

    #[test]
    fn a_mechanism_of_one_component_is_one_report_listing_each_component_with_a_case() {
        use crate::diff::departures::Departure;
        use crate::model::Field;
        let engine = crate::diff::Engine::new(
            vec![std::sync::Arc::new(RefusesAll)],
            std::time::Duration::from_secs(5),
            crate::diff::Catalogue::bundled(),
        );
        let answers = vec![("refuses-all".to_owned(), Outcome::invalid("no".into()))];
        // Two findings, one shown in the path, one in the query, each signed by the same
        // mechanism's departure of its component.
        let named = |input: &str, component: Field| {
            let mut f = engine
                .run_one("refuses-all", &Request::parse(input))
                .expect("a refusal of a valid input");
            let known = std::sync::Arc::new(crate::diff::catalogue::departure_known(
                Departure::Unchecked(component),
            ));
            f.signature.known = Some(known.filed_as());
            f.known = Some(known);
            f.id = f.signature.id();
            f
        };
        let (path, query) = (named("a:/p", Field::Path), named("a:?q", Field::Query));
        assert_eq!(path.id(), "component-unchecked");
        assert_eq!(path.id(), query.id());
        let dir = std::env::temp_dir().join(format!("seen-in-{}", std::process::id()));
        let mut collector = Collector::new(&dir);
        for finding in [&path, &query] {
            collector.add(&RefusesAll, finding, finding, &answers, &answers, "vectors");
        }
        let reports: Vec<&Report> = collector.reports().collect();
        assert_eq!(reports.len(), 1, "one report for the mechanism");
        let seen: Vec<(&str, &Request)> = reports[0]
            .seen_in
            .iter()
            .map(|(c, case)| (c.as_str(), case))
            .collect();
        assert_eq!(seen, [("path", &path.case), ("query", &query.case)]);
        let text = markdown::render(reports[0]);
        assert!(text.contains("- path: "), "{text}");
        assert!(text.contains("- query: "), "{text}");
        assert!(text.contains("`component-unchecked` (in the minimal case `path-unchecked`)"));
        // A near-miss: a departure of another mechanism is a report of its own.
        let mut other = named("a:#f", Field::Fragment);
        let known = std::sync::Arc::new(crate::diff::catalogue::departure_known(
            Departure::PercentUnchecked(Field::Fragment),
        ));
        other.signature.known = Some(known.filed_as());
        other.known = Some(known);
        other.id = other.signature.id();
        collector.add(&RefusesAll, &other, &other, &answers, &answers, "vectors");
        assert_eq!(collector.reports().count(), 2);
        let _ = std::fs::remove_dir_all(&dir);
    }

    #[test]
    fn a_stored_minimal_case_stays_when_its_symptom_is_another_name_of_another_report() {
        let engine = crate::diff::Engine::new(
            vec![std::sync::Arc::new(RefusesAll)],
            std::time::Duration::from_secs(5),
            crate::diff::Catalogue::bundled(),
        );
        let symptom_of = |input: &str| {
            engine
                .run_one("refuses-all", &Request::parse(input))
                .expect("a refusal of a valid input")
        };
        let named = |finding: &Finding, detail: &str| {
            let mut f = finding.clone();
            f.signature.detail = detail.to_owned();
            f.id = f.signature.id();
            f
        };
        let answers = vec![("refuses-all".to_owned(), Outcome::invalid("no".into()))];
        let dir = std::env::temp_dir().join(format!("stored-minimal-{}", std::process::id()));
        let stored = symptom_of("b:b");
        // A first run writes mechanism-b's report with its minimal case `b:b`.
        let mut first_run = Collector::new(&dir);
        first_run.add(
            &RefusesAll,
            &stored,
            &named(&stored, "mechanism-b"),
            &answers,
            &answers,
            "vectors",
        );
        first_run.write().expect("written");
        // The next run meets a longer case of mechanism-b first, then a case of mechanism-a
        // with the same symptom (which takes the symptom as its other name), then `b:b`.
        let mut next_run = Collector::new(&dir);
        let longer = symptom_of("bb:bb");
        next_run.add(
            &RefusesAll,
            &longer,
            &named(&longer, "mechanism-b"),
            &answers,
            &answers,
            "vectors",
        );
        let other = symptom_of("a:a");
        next_run.add(
            &RefusesAll,
            &other,
            &named(&other, "mechanism-a"),
            &answers,
            &answers,
            "vectors",
        );
        next_run.add(
            &RefusesAll,
            &stored,
            &named(&stored, "mechanism-b"),
            &answers,
            &answers,
            "vectors",
        );
        let written = next_run.write_pruning().expect("written");
        let report = written
            .iter()
            .find(|r| r.signature == named(&stored, "mechanism-b").id())
            .expect("mechanism-b's report");
        assert_eq!(report.minimal.case, Request::parse("b:b"));
        // A longer case of another operation, filed under the same entry: the report keeps
        // its stored case and describes that case, not the operation of the one it met.
        let mut other_op = report.clone();
        other_op.op = "resolve".to_owned();
        other_op.kind = "target".to_owned();
        other_op.rfc.section = "RFC 3986 §5.2.2".to_owned();
        other_op.minimal.case = Request::parse("bb:bb");
        let merged = merge(report.clone(), other_op, None);
        assert_eq!(merged.minimal.case, Request::parse("b:b"));
        assert_eq!(
            (merged.op.as_str(), merged.kind.as_str(), &merged.rfc),
            (report.op.as_str(), report.kind.as_str(), &report.rfc)
        );
        let _ = std::fs::remove_dir_all(&dir);
    }

    #[test]
    fn a_case_the_shell_cannot_carry_is_given_as_a_request() {
        // bash cuts an argument at a NUL, so `$'a\x00b'` would run "a": the request is given whole.
        let nul = Request::Resolve {
            base: "a:/b".into(),
            input: "c\0d".into(),
            strict: false,
        };
        let line = cli_reproduction(&nul);
        assert!(line.starts_with("uri-conformance diff --case '"), "{line}");
        assert!(!line.contains('\0'));
        let json = line["uri-conformance diff --case '".len()..line.len() - 1].to_owned();
        assert_eq!(serde_json::from_str::<Request>(&json).unwrap(), nul);
        // The flags say no path level.
        let path = Request::Normalize {
            input: "./a:".into(),
            level: Some(crate::reference::Level::Path),
        };
        assert!(
            cli_reproduction(&path)
                .contains(r#"--case '{"op":"normalize","input":"./a:","level":"path"}'"#)
        );
        // What the flags can say stays readable, a zone identifier included.
        let zone = Request::Parse {
            input: "//[fe80::1%25en0]".into(),
            rule: None,
            zone_id: true,
        };
        assert_eq!(
            cli_reproduction(&zone),
            "uri-conformance diff --zone-id -- '//[fe80::1%25en0]'"
        );
    }

    /// The order the examples are kept in, written the plain way: push, sort by (length, JSON
    /// text), keep the first [`EXAMPLES`].
    fn plainly(examples: &mut Vec<Request>, case: &Request) {
        if !examples.contains(case) {
            examples.push(case.clone());
            examples.sort_by_key(|c| (case_len(c), serde_json::to_string(c).unwrap_or_default()));
            examples.truncate(EXAMPLES);
        }
    }

    #[test]
    fn examples_are_kept_as_a_plain_sort_keeps_them() {
        let mut rng = crate::fuzz::Rng(7);
        for round in 0..200 {
            // Some start unsorted, as a report read from disk may be.
            let mut start: Vec<Request> = (0..rng.below(EXAMPLES + 2))
                .map(|_| Request::parse("ab".repeat(rng.below(4))))
                .collect();
            start.dedup();
            let (mut fast, mut plain) = (start.clone(), start.clone());
            let mut known_sorted = round % 2 == 0 && {
                plain.sort_by_key(|c| (case_len(c), serde_json::to_string(c).unwrap_or_default()));
                fast = plain.clone();
                true
            };
            for _ in 0..20 {
                let text: String = (0..rng.below(6))
                    .map(|_| char::from(b'a' + rng.below(3) as u8))
                    .collect();
                let case = Request::parse(&text);
                plainly(&mut plain, &case);
                known_sorted = add_example_to(&mut fast, &case, known_sorted);
                assert_eq!(fast, plain, "round {round}, adding {text:?}");
            }
        }
    }
}
