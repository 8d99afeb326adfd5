//! `reports/README.md`: every report, by implementation and severity, security first.

use std::fmt::Write;
use std::io;
use std::path::Path;

use super::pages::{Format, Page, name};
use super::{Report, write_atomically};

/// Writes the index of `reports`.
pub(crate) fn write(dir: &Path, reports: &[Report]) -> io::Result<()> {
    write_atomically(&dir.join("README.md"), render(reports).as_bytes())
}

/// Renders the index.
pub fn render(reports: &[Report]) -> String {
    let mut sorted: Vec<&Report> = reports.iter().collect();
    sorted.sort_by_key(|r| {
        (
            !r.is_candidate_bug(),
            !r.security,
            r.implementation.clone(),
            r.signature.clone(),
        )
    });
    let mut out = format!(
        "# Findings\n\nWhere each implementation departs from RFC 3986, one report per behaviour \
         (signature), written by `uri-conformance run` and `uri-conformance fuzz`. Candidate bugs \
         come first, then known differences (another specification, a reading the RFC allows, an \
         API limit); within each, differences that decide where a request goes (scheme, \
         userinfo, host, port) come first. The conformance matrix is in \
         [{matrix}]({matrix}); how often each behaviour was seen, and on which \
         inputs, is in [{stats}]({stats}), so that this index and the reports change only \
         when a behaviour does.\n\n",
        matrix = Page::file(name::CONFORMANCE, Format::Markdown),
        stats = super::stats::FILE,
    );
    let bugs = sorted.iter().filter(|r| r.is_candidate_bug()).count();
    let shared = sorted
        .iter()
        .filter(|r| r.is_candidate_bug() && !r.is_own_cause())
        .count();
    let _ = writeln!(
        out,
        "{} reports: {} bugs (confirmed by hand, or candidates), {} known differences.{}\n",
        sorted.len(),
        bugs,
        sorted.len() - bugs,
        if shared > 0 {
            format!(
                " Of the bugs, {shared} {} the same finding in code one implementation shares with another, counted with the original: {} causes.",
                if shared == 1 { "is" } else { "are" },
                bugs - shared
            )
        } else {
            String::new()
        }
    );
    let _ = writeln!(
        out,
        "| implementation | finding | class | security | minimal case | upstream |\n|---|---|---|---|---|---|"
    );
    for report in sorted {
        let _ = writeln!(
            out,
            "| {} | [{}]({}/{}.md) | {} | {} | {} | {} |",
            report.implementation,
            report.signature,
            report.implementation,
            report.signature,
            match &report.known {
                None if report.verdict.is_some() => {
                    "**bug** (verdict in `verdicts.yaml`)".to_owned()
                }
                None => "**candidate bug**".to_owned(),
                Some(k) if report.is_confirmed_bug() => format!("**confirmed bug** (`{}`)", k.id),
                Some(k) if report.is_undocumented_departure() => {
                    format!("**candidate bug**: undocumented departure (`{}`)", k.id)
                }
                Some(k) => format!("{} (`{}`)", report.class, k.id),
            } + &report
                .same_code_as
                .as_ref()
                .map(|same| {
                    format!(
                        "; shared code: [{}]({}/{}.md)",
                        same.implementation, same.implementation, report.signature
                    )
                })
                .unwrap_or_default(),
            if report.security { "yes" } else { "" },
            super::markdown::case_markdown(&report.minimal.case).replace('|', "\\|"),
            super::markdown::text(report.upstream.as_deref().unwrap_or("")).replace('|', "\\|"),
        );
    }
    super::visible(&out).into_owned()
}

/// `catalogue.md`: every known difference, and those that matched nothing in the last full run
/// (stale).
pub(crate) fn catalogue_page(
    catalogue: &crate::diff::Catalogue,
    stale: &[&crate::diff::catalogue::Entry],
) -> Page {
    let mut out = String::from(
        "# Known differences\n\nThe catalogue (`src/diff/known-differences.yaml`) that classifies differences \
         which are not bugs: an implementation following another specification, a reading RFC 3986 \
         allows, an API that cannot express an input. An entry that matched nothing in the last \
         full run (`uri-conformance run`) is stale.\n\n| id | implementations | class | reason | status |\n|---|---|---|---|---|\n",
    );
    // An entry of several departures is listed once.
    let entries: Vec<_> = catalogue
        .entries()
        .iter()
        .filter(|e| e.piece == 0)
        .collect();
    for &entry in &entries {
        let status = if stale.iter().any(|s| s.id == entry.id) {
            "**stale**"
        } else {
            "matched"
        };
        let _ = writeln!(
            out,
            "| `{}` | {} | {} | {} ([source]({})) | {status} |",
            entry.id,
            entry.implementations.join(", "),
            entry.class.name(),
            entry.reason.replace('|', "\\|").replace('\n', " "),
            super::link_from(1, &entry.link)
        );
    }
    let stale_listed = entries
        .iter()
        .filter(|entry| stale.iter().any(|s| s.id == entry.id))
        .count();
    Page::new(
        name::CATALOGUE,
        format!("{} entries, {stale_listed} stale", entries.len()),
    )
    .with(Format::Markdown, out)
}
