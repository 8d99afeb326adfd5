//! `reports/conformance.{md,json,html}`: the matrix of vector groups (by RFC section) against
//! implementations.

use std::collections::BTreeMap;
use std::fmt::Write;
use std::io;
use std::path::Path;

use super::write_atomically;
use crate::matrix::{Matrix, Row, Verdict};

/// Counts of one (section, implementation) cell.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Tally {
    /// Passing vectors.
    pub pass: usize,
    /// Known differences.
    pub known: usize,
    /// Failing vectors.
    pub fail: usize,
    /// Unsupported vectors.
    pub unsupported: usize,
}

impl Tally {
    fn add(&mut self, verdict: &Verdict) {
        match verdict {
            Verdict::Pass => self.pass += 1,
            Verdict::Known(_) => self.known += 1,
            Verdict::Fail => self.fail += 1,
            Verdict::Unsupported => self.unsupported += 1,
        }
    }

    fn colour(&self) -> &'static str {
        if self.fail > 0 {
            "fail"
        } else if self.known > 0 {
            "known"
        } else if self.pass > 0 {
            "pass"
        } else {
            "unsupported"
        }
    }

    fn text(&self) -> String {
        let mut parts = vec![format!("{} pass", self.pass)];
        if self.fail > 0 {
            parts.push(format!("{} fail", self.fail));
        }
        if self.known > 0 {
            parts.push(format!("{} known", self.known));
        }
        if self.unsupported > 0 {
            parts.push(format!("{} unsupported", self.unsupported));
        }
        parts.join(", ")
    }
}

/// A section's sort key: `rfc3986/3.2.2` sorts by its numbers, appendices after.
fn group_key(group: &str) -> (String, Vec<(u32, String)>) {
    let (corpus, section) = group.split_once('/').unwrap_or(("", group));
    let parts = section
        .split('.')
        .map(|p| match p.parse::<u32>() {
            Ok(n) => (n, String::new()),
            Err(_) => (u32::MAX, p.to_owned()),
        })
        .collect();
    (corpus.to_owned(), parts)
}

fn group_of(row: &Row) -> String {
    let corpus = row.vector.split('/').next().unwrap_or("");
    format!("{corpus}/{}", row.section)
}

/// Tallies per group and implementation, groups in RFC order.
pub fn tallies(matrix: &Matrix) -> Vec<(String, BTreeMap<String, Tally>)> {
    let mut groups: BTreeMap<String, BTreeMap<String, Tally>> = BTreeMap::new();
    for row in &matrix.rows {
        let group = groups.entry(group_of(row)).or_default();
        for (name, result) in &row.results {
            group.entry(name.clone()).or_default().add(&result.verdict);
        }
    }
    let mut sorted: Vec<_> = groups.into_iter().collect();
    sorted.sort_by_key(|(g, _)| group_key(g));
    sorted
}

fn totals(matrix: &Matrix) -> BTreeMap<String, Tally> {
    let mut totals: BTreeMap<String, Tally> = BTreeMap::new();
    for row in &matrix.rows {
        for (name, result) in &row.results {
            totals.entry(name.clone()).or_default().add(&result.verdict);
        }
    }
    totals
}

fn anchor(implementation: &str, group: &str) -> String {
    format!("{implementation}-{}", group.replace(['/', '.'], "-"))
}

fn implementation_names(matrix: &Matrix) -> Vec<&str> {
    matrix
        .implementations
        .iter()
        .map(|(n, _)| n.as_str())
        .collect()
}

/// Writes the three files.
pub fn write(dir: &Path, matrix: &Matrix) -> io::Result<()> {
    std::fs::create_dir_all(dir)?;
    let json = serde_json::to_string_pretty(matrix).map_err(io::Error::other)? + "\n";
    write_atomically(&dir.join("conformance.json"), json.as_bytes())?;
    write_atomically(&dir.join("conformance.md"), markdown(matrix).as_bytes())?;
    write_atomically(&dir.join("conformance.html"), html(matrix).as_bytes())
}

/// The Markdown matrix, with the failing and known vectors listed per implementation.
pub fn markdown(matrix: &Matrix) -> String {
    let names = implementation_names(matrix);
    let mut out = String::from(
        "# RFC 3986 conformance matrix\n\nEvery vector of `vectors/` that an implementation can be asked (parse, resolve, \
         normalize), by RFC section. A vector passes when the answer is the expected one or one of \
         its `acceptable` alternatives; \"known\" is a difference the catalogue of known differences \
         explains (another specification, a reading the RFC allows, an API limit); \"unsupported\" is \
         an operation or input the implementation's API cannot express. Written by \
         `uri-conformance matrix`.\n\n",
    );
    let _ = writeln!(out, "| implementation | version |\n|---|---|");
    for (name, version) in &matrix.implementations {
        let _ = writeln!(
            out,
            "| {} | {} |",
            super::markdown::text(name),
            super::markdown::text(version)
        );
    }
    let _ = writeln!(out);
    let _ = writeln!(out, "| section | {} |", names.join(" | "));
    let _ = writeln!(out, "|---|{}", "---|".repeat(names.len()));
    let totals = totals(matrix);
    let _ = writeln!(
        out,
        "| **all** | {} |",
        names
            .iter()
            .map(|n| format!("**{}**", totals.get(*n).copied().unwrap_or_default().text()))
            .collect::<Vec<_>>()
            .join(" | ")
    );
    for (group, tallies) in tallies(matrix) {
        let cells: Vec<String> = names
            .iter()
            .map(|name| {
                let tally = tallies.get(*name).copied().unwrap_or_default();
                if tally.fail + tally.known > 0 {
                    format!("[{}](#{})", tally.text(), anchor(name, &group))
                } else {
                    tally.text()
                }
            })
            .collect();
        let _ = writeln!(out, "| {group} | {} |", cells.join(" | "));
    }
    let _ = writeln!(out);
    for name in &names {
        let _ = writeln!(out, "## {name}\n");
        let mut any = false;
        for (group, rows) in grouped_rows(matrix) {
            let failing: Vec<&Row> = rows
                .into_iter()
                .filter(|r| {
                    matches!(
                        r.results.get(*name).map(|x| &x.verdict),
                        Some(Verdict::Fail | Verdict::Known(_))
                    )
                })
                .collect();
            if failing.is_empty() {
                continue;
            }
            any = true;
            let _ = writeln!(
                out,
                "<a id=\"{}\"></a>\n\n### {name}: {group}\n",
                anchor(name, &group)
            );
            let _ = writeln!(
                out,
                "| vector | verdict | expected | answer |\n|---|---|---|---|"
            );
            for row in failing {
                let result = &row.results[*name];
                let verdict = match &result.verdict {
                    Verdict::Known(id) => format!("known (`{id}`)"),
                    other => format!("**{}**", other.name()),
                };
                let _ = writeln!(
                    out,
                    "| `{}` | {verdict} | {} | {} |",
                    row.vector,
                    cell(&row.expected),
                    cell(&result.answer)
                );
            }
            let _ = writeln!(out);
        }
        if !any {
            let _ = writeln!(out, "No failing vector.\n");
        }
    }
    out
}

fn grouped_rows(matrix: &Matrix) -> Vec<(String, Vec<&Row>)> {
    let mut groups: BTreeMap<String, Vec<&Row>> = BTreeMap::new();
    for row in &matrix.rows {
        groups.entry(group_of(row)).or_default().push(row);
    }
    let mut sorted: Vec<_> = groups.into_iter().collect();
    sorted.sort_by_key(|(g, _)| group_key(g));
    sorted
}

/// An expectation or an answer in a table cell: a code span (no HTML or Markdown in it is
/// interpreted), cut at 160 characters.
fn cell(text: &str) -> String {
    match text.char_indices().nth(160) {
        None => super::markdown::code_cell(text),
        Some((at, _)) => format!("{}…", super::markdown::code_cell(&text[..at])),
    }
}

fn escape_html(text: &str) -> String {
    text.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}

/// A page to read at a glance: one coloured cell per section and implementation.
pub fn html(matrix: &Matrix) -> String {
    let names = implementation_names(matrix);
    let mut out = String::from(
        "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n<title>RFC 3986 conformance matrix</title>\n<style>\n\
body { font-family: system-ui, sans-serif; margin: 2em; color: #222; }\n\
table { border-collapse: collapse; font-size: 14px; }\n\
th, td { border: 1px solid #ccc; padding: 4px 8px; text-align: center; }\n\
th.section, td.section { text-align: left; font-family: monospace; }\n\
td.pass { background: #b7e4b0; }\n\
td.fail { background: #f4a6a6; }\n\
td.known { background: #f7d98b; }\n\
td.unsupported { background: #e0e0e0; color: #666; }\n\
.legend span { display: inline-block; padding: 2px 8px; margin-right: 8px; }\n\
</style>\n</head>\n<body>\n<h1>RFC 3986 conformance matrix</h1>\n\
<p>Every vector an implementation can be asked (parse, resolve, normalize), by RFC section. \
Cells show passing vectors out of the group; hover for the details. \
The failing vectors are listed in <a href=\"conformance.md\">conformance.md</a>.</p>\n\
<p class=\"legend\"><span class=\"pass\" style=\"background:#b7e4b0\">all pass</span>\
<span style=\"background:#f7d98b\">known differences only</span>\
<span style=\"background:#f4a6a6\">failures</span>\
<span style=\"background:#e0e0e0\">unsupported</span></p>\n<table>\n<tr><th class=\"section\">section</th>",
    );
    for (name, version) in &matrix.implementations {
        let _ = write!(
            out,
            "<th title=\"{}\">{}</th>",
            escape_html(version),
            escape_html(name)
        );
    }
    out.push_str("</tr>\n");
    let totals = totals(matrix);
    out.push_str("<tr><td class=\"section\"><b>all</b></td>");
    for name in &names {
        let tally = totals.get(*name).copied().unwrap_or_default();
        let _ = write!(
            out,
            "<td class=\"{}\" title=\"{}\"><b>{}/{}</b></td>",
            tally.colour(),
            tally.text(),
            tally.pass,
            tally.pass + tally.fail + tally.known + tally.unsupported
        );
    }
    out.push_str("</tr>\n");
    for (group, tallies) in tallies(matrix) {
        let _ = write!(
            out,
            "<tr><td class=\"section\">{}</td>",
            escape_html(&group)
        );
        for name in &names {
            let tally = tallies.get(*name).copied().unwrap_or_default();
            let _ = write!(
                out,
                "<td class=\"{}\" title=\"{}\">{}/{}</td>",
                tally.colour(),
                tally.text(),
                tally.pass,
                tally.pass + tally.fail + tally.known + tally.unsupported
            );
        }
        out.push_str("</tr>\n");
    }
    out.push_str("</table>\n</body>\n</html>\n");
    out
}
