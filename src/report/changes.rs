//! What a run changed in `reports/`, as a list of behaviour changes: a signature that appears
//! or goes, a verdict or a minimal case that changes, a vector of the matrix judged otherwise.
//!
//! The main job reads the reports before it writes ([`Before::read`]) and prints the list after
//! ([`Before::print`]); it is what `git diff reports/` shows, less the statistics of
//! `stats.json`.

use std::collections::BTreeMap;
use std::fmt;
use std::path::Path;

use super::Report;
use crate::matrix::{Matrix, Verdict};

/// One behaviour change.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Change {
    /// A new report.
    Added {
        /// `implementation/signature`.
        report: String,
        /// Its verdict.
        verdict: String,
        /// Its minimal case.
        minimal: String,
    },
    /// A report whose behaviour no longer shows.
    Removed {
        /// `implementation/signature`.
        report: String,
        /// Its verdict.
        verdict: String,
    },
    /// A report judged otherwise (another class, entry, hand verdict or security tag).
    Verdict {
        /// `implementation/signature`.
        report: String,
        /// The verdict before.
        before: String,
        /// The verdict now.
        after: String,
    },
    /// A report with another minimal case or other answers to it.
    Minimal {
        /// `implementation/signature`.
        report: String,
        /// The minimal case and the implementation's answer before.
        before: String,
        /// Now.
        after: String,
    },
    /// A vector of the conformance matrix judged otherwise for one implementation.
    Vector {
        /// `implementation` and the vector's name.
        cell: String,
        /// The verdict before.
        before: String,
        /// The verdict now.
        after: String,
    },
}

impl fmt::Display for Change {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Change::Added {
                report,
                verdict,
                minimal,
            } => write!(f, "+ {report}: {verdict}; minimal case {minimal}"),
            Change::Removed { report, verdict } => {
                write!(f, "- {report}: {verdict} (no longer shows)")
            }
            Change::Verdict {
                report,
                before,
                after,
            } => write!(f, "~ {report}: verdict {before} -> {after}"),
            Change::Minimal {
                report,
                before,
                after,
            } => write!(f, "~ {report}: minimal case {before} -> {after}"),
            Change::Vector {
                cell,
                before,
                after,
            } => write!(f, "~ matrix {cell}: {before} -> {after}"),
        }
    }
}

/// A report's verdict in one phrase: its class with the entry that decides it, and the security
/// tag.
pub(crate) fn verdict(report: &Report) -> String {
    let class = match &report.known {
        None if report.verdict.is_some() => "bug (verdict in verdicts.yaml)".to_owned(),
        None => "candidate bug".to_owned(),
        Some(k) if report.is_confirmed_bug() => format!("confirmed bug ({})", k.id),
        Some(k) => format!("{} ({})", report.class, k.id),
    };
    if report.security {
        format!("{class}, security")
    } else {
        class
    }
}

fn name(report: &Report) -> String {
    format!("{}/{}", report.implementation, report.signature)
}

fn minimal(report: &Report) -> String {
    super::markdown::case_line(&report.minimal.case)
}

/// The changes from `before` to `after`, in the order of the reports' names.
pub fn report_changes(before: &[Report], after: &[Report]) -> Vec<Change> {
    let before: BTreeMap<String, &Report> = before.iter().map(|r| (name(r), r)).collect();
    let after: BTreeMap<String, &Report> = after.iter().map(|r| (name(r), r)).collect();
    let mut changes = Vec::new();
    for (key, old) in &before {
        if !after.contains_key(key) {
            changes.push(Change::Removed {
                report: key.clone(),
                verdict: verdict(old),
            });
        }
    }
    for (key, new) in &after {
        let Some(old) = before.get(key) else {
            changes.push(Change::Added {
                report: key.clone(),
                verdict: verdict(new),
                minimal: minimal(new),
            });
            continue;
        };
        if verdict(old) != verdict(new) {
            changes.push(Change::Verdict {
                report: key.clone(),
                before: verdict(old),
                after: verdict(new),
            });
        }
        if old.minimal.case != new.minimal.case || old.minimal.actual != new.minimal.actual {
            changes.push(Change::Minimal {
                report: key.clone(),
                before: format!("{} ({})", minimal(old), old.minimal.actual),
                after: format!("{} ({})", minimal(new), new.minimal.actual),
            });
        }
    }
    changes.sort_by(|a, b| sort_key(a).cmp(sort_key(b)));
    changes
}

fn sort_key(change: &Change) -> &str {
    match change {
        Change::Added { report, .. }
        | Change::Removed { report, .. }
        | Change::Verdict { report, .. }
        | Change::Minimal { report, .. } => report,
        Change::Vector { cell, .. } => cell,
    }
}

fn vector_verdict(verdict: &Verdict) -> String {
    match verdict {
        Verdict::Known(id) => format!("known ({id})"),
        other => other.name().to_owned(),
    }
}

/// The vectors judged otherwise, for the implementations and vectors both matrices hold.
pub(crate) fn matrix_changes(before: &Matrix, after: &Matrix) -> Vec<Change> {
    let old: BTreeMap<&str, _> = before
        .rows
        .iter()
        .map(|r| (r.vector.as_str(), &r.results))
        .collect();
    let mut changes = Vec::new();
    for row in &after.rows {
        let Some(old_results) = old.get(row.vector.as_str()) else {
            continue;
        };
        for (implementation, result) in &row.results {
            if let Some(old) = old_results.get(implementation)
                && old.verdict != result.verdict
            {
                changes.push(Change::Vector {
                    cell: format!("{implementation} {}", row.vector),
                    before: vector_verdict(&old.verdict),
                    after: vector_verdict(&result.verdict),
                });
            }
        }
    }
    changes
}

fn read_matrix(dir: &Path) -> Option<Matrix> {
    let text = super::read_folder_file(&dir.join("conformance.json")).ok()?;
    serde_json::from_str(&text).ok()
}

/// The reports and the matrix on disk before a run writes.
#[derive(Clone, Debug, Default)]
pub struct Before {
    reports: Vec<Report>,
    matrix: Option<Matrix>,
}

impl Before {
    /// Reads what is under `dir` (nothing, if it cannot be read).
    pub fn read(dir: &Path) -> Self {
        Before {
            reports: super::read_all(dir).unwrap_or_default(),
            matrix: read_matrix(dir),
        }
    }

    /// What changed under `dir` since.
    pub fn changes(&self, dir: &Path) -> Vec<Change> {
        let after = super::read_all(dir).unwrap_or_default();
        let mut changes = report_changes(&self.reports, &after);
        if let (Some(before), Some(after)) = (&self.matrix, read_matrix(dir)) {
            changes.extend(matrix_changes(before, &after));
        }
        changes
    }

    /// What changed under `dir` since, one change a line, given to `log`.
    pub fn print(&self, dir: &Path, log: &dyn Fn(&str)) {
        let changes = self.changes(dir);
        if changes.is_empty() {
            log(&format!(
                "behaviour changes in {}: none (only {} may differ)",
                dir.display(),
                super::stats::FILE
            ));
            return;
        }
        log(&format!(
            "behaviour changes in {}: {}",
            dir.display(),
            changes.len()
        ));
        for change in changes {
            log(&change.to_string());
        }
    }
}
