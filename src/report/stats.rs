//! `reports/stats.json`: what moves with every run, kept out of the reports' own files.
//!
//! How many cases showed a signature per source, where it was first seen, the first case and the
//! shortest examples all change when an unrelated change moves the fuzz loop's corpus or the
//! order of the stored cases. They are kept here, one entry per report, so that a report's own
//! `.md` and `.json` change only when its behaviour does, and `git diff reports/` shows this one
//! file for everything else. [`super::read_all`] gives every report with its entry.

use std::collections::BTreeMap;
use std::io;
use std::path::Path;

use serde::{Deserialize, Serialize};

use super::{Exhibit, Report, write_atomically};
use crate::protocol::Request;

/// The file's name under the reports directory.
pub(crate) const FILE: &str = "stats.json";

const NOTE: &str = "Counts of the cases that showed each report's behaviour, per source, where it was \
first seen, its first case and the shortest inputs seen: they change with every run that sees \
other cases, so they are kept here, out of the reports' own files. Written by uri-conformance run, \
diff and fuzz.";

/// One report's statistics.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct Seen {
    /// Cases that showed it, per source.
    pub counts: BTreeMap<String, u64>,
    /// The source that found it first.
    pub first_seen: String,
    /// The first case that showed it (inputs cut at [`super::QUOTED_INPUT`] characters).
    pub original: Request,
    /// The shortest inputs seen.
    #[serde(default)]
    pub examples: Vec<Request>,
    /// The signature its first case showed, whose shrinking made the report: its own, or
    /// one it has as another name. A run shrinks it again first, whatever the reports and
    /// names made before it (`Campaign::replay`), so that each report is made by the case that
    /// made it last time, whatever order the run meets the other cases in.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub made_by: Option<String>,
    /// The other signatures filed under this report when the run ended (a first-seen
    /// signature whose shrunk case is this report's), each with the case whose shrinking filed
    /// it here: a run files each here again after making the reports, so that it begins where
    /// the last one ended.
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub other_names: BTreeMap<String, Request>,
}

/// The whole file.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct Stats {
    /// What the file is.
    #[serde(default)]
    pub note: String,
    /// Per report, keyed `implementation/signature`.
    #[serde(default)]
    pub reports: BTreeMap<String, Seen>,
}

fn key(implementation: &str, signature: &str) -> String {
    format!("{implementation}/{signature}")
}

impl Stats {
    /// Reads `dir/stats.json`; empty if it is missing.
    pub(crate) fn load(dir: &Path) -> io::Result<Self> {
        let path = dir.join(FILE);
        if std::fs::symlink_metadata(&path).is_err() {
            return Ok(Stats::default());
        }
        // A regular file only: a FIFO planted under this name is refused, not waited on.
        let text = super::read_folder_file(&path)
            .map_err(|e| io::Error::other(format!("{}: {e}", path.display())))?;
        serde_json::from_str(&text)
            .map_err(|e| io::Error::other(format!("{}: {e}", path.display())))
    }

    /// One report's entry.
    pub(crate) fn get(&self, implementation: &str, signature: &str) -> Option<&Seen> {
        self.reports.get(&key(implementation, signature))
    }

    /// Fills a report read from its own file with its entry.
    pub(crate) fn apply(&self, report: &mut Report) {
        if let Some(seen) = self.get(&report.implementation, &report.signature) {
            report.counts = seen.counts.clone();
            report.first_seen = seen.first_seen.clone();
            report.original = Exhibit::of_case(seen.original.clone());
            report.examples = seen.examples.clone();
        }
    }

    /// Takes a report's entry from it, with `made_by` (the signature of the finding on its
    /// first case that made it, where known) and its other names.
    pub(crate) fn record(
        &mut self,
        report: &Report,
        made_by: Option<String>,
        other_names: BTreeMap<String, Request>,
    ) {
        self.reports.insert(
            key(&report.implementation, &report.signature),
            Seen {
                counts: report.counts.clone(),
                first_seen: report.first_seen.clone(),
                original: report.original.case.clone(),
                examples: report.examples.clone(),
                made_by,
                other_names,
            },
        );
    }

    /// Keeps the entries of these reports only.
    pub(crate) fn retain(&mut self, reports: &[Report]) {
        let keep: std::collections::BTreeSet<String> = reports
            .iter()
            .map(|r| key(&r.implementation, &r.signature))
            .collect();
        self.reports.retain(|k, _| keep.contains(k));
    }

    /// Writes `dir/stats.json`.
    pub(crate) fn write(&self, dir: &Path) -> io::Result<()> {
        let file = Stats {
            note: NOTE.to_owned(),
            reports: self.reports.clone(),
        };
        let text = serde_json::to_string_pretty(&file).map_err(io::Error::other)? + "\n";
        write_atomically(&dir.join(FILE), text.as_bytes())
    }
}
