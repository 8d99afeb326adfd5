//! `reports/conformance.{md,json,html}`: the matrix of vector groups (by RFC section) against
//! implementations.

use std::collections::BTreeMap;
use std::fmt::Write;
use std::io;

use super::pages::{Format, Page, name};
use crate::matrix::{Abnormal, Matrix, Row, Verdict};
use crate::protocol::{ParseRule, Request};

/// Counts of one (section, implementation) cell.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub(crate) struct Tally {
    /// Passing vectors.
    pub pass: usize,
    /// Known differences.
    pub known: usize,
    /// Failing vectors.
    pub fail: usize,
    /// Unsupported vectors.
    pub unsupported: usize,
    /// Answers that were panics (counted in `fail` or `known` too).
    pub panics: usize,
    /// Time-outs (counted in `fail` or `known` too).
    pub timeouts: usize,
    /// The reports of the failures, by signature, in order.
    pub bugs: std::collections::BTreeSet<String>,
}

impl Tally {
    fn add(&mut self, result: &crate::matrix::Result) {
        match &result.verdict {
            Verdict::Pass => self.pass += 1,
            Verdict::Known(_) => self.known += 1,
            Verdict::Fail => self.fail += 1,
            Verdict::Unsupported => self.unsupported += 1,
        }
        match result.abnormal {
            Some(Abnormal::Panic) => self.panics += 1,
            Some(Abnormal::Timeout) => self.timeouts += 1,
            None => {}
        }
        if result.verdict == Verdict::Fail
            && let Some(signature) = &result.signature
        {
            self.bugs.insert(signature.clone());
        }
    }

    /// Every vector of the cell.
    pub(crate) fn total(&self) -> usize {
        self.pass + self.known + self.fail + self.unsupported
    }

    /// The vectors the implementation can be asked.
    pub(crate) fn supported(&self) -> usize {
        self.pass + self.known + self.fail
    }

    /// The share of all the cell's vectors that pass, unsupported ones included.
    pub(crate) fn share(&self) -> f64 {
        if self.total() == 0 {
            0.0
        } else {
            self.pass as f64 / self.total() as f64
        }
    }

    /// The colour class: a band of the share of all vectors passed, or `none` when the
    /// implementation can be asked none of them.
    pub(crate) fn band(&self) -> &'static str {
        let share = self.share();
        if self.supported() == 0 {
            "none"
        } else if self.pass == self.total() {
            "all"
        } else if share >= 0.9 {
            "p90"
        } else if share >= 0.75 {
            "p75"
        } else if share >= 0.5 {
            "p50"
        } else if share >= 0.25 {
            "p25"
        } else {
            "p0"
        }
    }

    fn percent(&self) -> String {
        let percent = (self.share() * 100.0).floor();
        format!("{percent:.0}%")
    }

    /// One line of text: passed out of all, then what the rest is.
    pub(crate) fn text(&self) -> String {
        let mut out = format!("{}/{} pass ({})", self.pass, self.total(), self.percent());
        let mut rest = vec![format!("{} supported", self.supported())];
        if self.known > 0 {
            rest.push(format!("{} known", self.known));
        }
        if self.fail > 0 {
            rest.push(format!("{} fail", self.fail));
        }
        if self.unsupported > 0 {
            rest.push(format!("{} unsupported", self.unsupported));
        }
        if self.panics > 0 {
            rest.push(format!("{} panic{}", self.panics, plural(self.panics)));
        }
        if self.timeouts > 0 {
            rest.push(format!(
                "{} time-out{}",
                self.timeouts,
                plural(self.timeouts)
            ));
        }
        out.push_str(": ");
        out.push_str(&rest.join(", "));
        out
    }
}

fn plural(n: usize) -> &'static str {
    if n == 1 { "" } else { "s" }
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
pub(crate) fn tallies(matrix: &Matrix) -> Vec<(String, BTreeMap<String, Tally>)> {
    let mut groups: BTreeMap<String, BTreeMap<String, Tally>> = BTreeMap::new();
    for row in &matrix.rows {
        let group = groups.entry(group_of(row)).or_default();
        for (name, result) in &row.results {
            group.entry(name.clone()).or_default().add(result);
        }
    }
    let mut sorted: Vec<_> = groups.into_iter().collect();
    sorted.sort_by_key(|(g, _)| group_key(g));
    sorted
}

/// Each implementation's tally over every section. An RFC 3986 parser that answers no RFC 3987
/// vector (each one unsupported: it was never asked by an IRI rule) is tallied without them,
/// so that its share is of the vectors of the specification it claims.
fn totals(matrix: &Matrix) -> BTreeMap<String, Tally> {
    let is_iri_row = |row: &Row| group_of(row).starts_with("rfc3987/");
    let answers_iris: std::collections::BTreeSet<&String> = matrix
        .rows
        .iter()
        .filter(|row| is_iri_row(row))
        .flat_map(|row| &row.results)
        .filter(|(_, result)| result.verdict != Verdict::Unsupported)
        .map(|(name, _)| name)
        .collect();
    let mut totals: BTreeMap<String, Tally> = BTreeMap::new();
    for row in &matrix.rows {
        for (name, result) in &row.results {
            if is_iri_row(row) && !answers_iris.contains(name) {
                continue;
            }
            totals.entry(name.clone()).or_default().add(result);
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

/// The matrix as a page: `conformance.json`, `.md` and `.html`.
pub(crate) fn page(matrix: &Matrix) -> io::Result<Page> {
    let summary = format!(
        "{} vectors, {} implementations",
        matrix.rows.len(),
        matrix.implementations.len()
    );
    Ok(Page::new(name::CONFORMANCE, summary)
        .with_json(matrix)?
        .with(Format::Markdown, markdown(matrix))
        .with(Format::Html, html(matrix)))
}

/// Links each failure of `matrix` to the report that holds it, which may be filed under
/// another signature than the failure's (its shrunk case's, or its cause's): `report_name`
/// gives that report's signature for an implementation and a signature, `None` when the run
/// holds no such report (the cell then links to none).
pub(crate) fn link_reports(
    matrix: &mut Matrix,
    report_name: impl Fn(&str, &str) -> Option<String>,
) {
    for row in &mut matrix.rows {
        for (name, result) in &mut row.results {
            if let Some(signature) = &result.signature {
                result.signature = report_name(name, signature);
            }
        }
    }
}

/// Links no failure of `matrix` to a report: for a matrix written where no report is (the
/// `matrix` command), so that its pages link only to files that exist.
pub(crate) fn unlink_reports(matrix: &mut Matrix) {
    link_reports(matrix, |_, _| None);
}

/// A group's heading: `§3.2.2 Host`, `Appendix B ...`, `RFC 6874 §2 Specification`.
pub(crate) fn group_title(group: &str) -> String {
    let (corpus, section) = group.split_once('/').unwrap_or(("", group));
    let number = if section.starts_with(|c: char| c.is_ascii_alphabetic()) {
        format!("Appendix {section}")
    } else {
        format!("§{section}")
    };
    let prefix = match corpus {
        "rfc3986" | "" => String::new(),
        other => format!("{} ", other.to_uppercase().replace("RFC", "RFC ")),
    };
    match super::rfc::section_title(corpus, section) {
        Some(title) => format!("{prefix}{number} {title}"),
        None => format!("{prefix}{number}"),
    }
}

fn report_link(implementation: &str, signature: &str) -> String {
    format!("{implementation}/{signature}.md")
}

/// The Markdown matrix, with the failing and known vectors listed per implementation.
pub fn markdown(matrix: &Matrix) -> String {
    let names = implementation_names(matrix);
    let mut out = String::from(
        "# RFC 3986 conformance matrix\n\nEvery vector of `vectors/` that an implementation can be asked (parse, resolve, \
         normalize), by RFC section. A cell gives the vectors passed out of all the section's \
         vectors (the share, unsupported ones included, is what colours \
         [conformance.html](conformance.html); the **all** row leaves out the RFC 3987 vectors \
         of a parser that answers none of them, which it was never asked by an IRI rule), then \
         how many the implementation can be asked \
         (supported), how many of those are known differences and failures, and how many it \
         cannot be asked (unsupported); panics and time-outs are counted among the failures and \
         named. A vector passes when the answer is the expected one or one of its `acceptable` \
         alternatives; \"known\" is a difference the catalogue of known differences explains \
         (another specification, a reading the RFC allows, an API limit); \"unsupported\" is an \
         operation or input the implementation's API cannot express. A cell with failures or \
         known differences links to its vectors below, each with its input, base, expected and \
         actual answer and the report of its finding. Written by `uri-conformance matrix`.\n\n",
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
            .map(|n| format!("**{}**", totals.get(*n).cloned().unwrap_or_default().text()))
            .collect::<Vec<_>>()
            .join(" | ")
    );
    for (group, tallies) in tallies(matrix) {
        let cells: Vec<String> = names
            .iter()
            .map(|name| {
                let tally = tallies.get(*name).cloned().unwrap_or_default();
                if tally.fail + tally.known > 0 {
                    format!("[{}](#{})", tally.text(), anchor(name, &group))
                } else {
                    tally.text()
                }
            })
            .collect();
        let _ = writeln!(
            out,
            "| {} | {} |",
            super::markdown::text(&group_title(&group)),
            cells.join(" | ")
        );
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
                "<a id=\"{}\"></a>\n\n### {name}: {}\n",
                anchor(name, &group),
                super::markdown::text(&group_title(&group))
            );
            let _ = writeln!(
                out,
                "| vector | verdict | input | base | expected | answer |\n|---|---|---|---|---|---|"
            );
            for row in failing {
                let result = &row.results[*name];
                let mut verdict = match &result.verdict {
                    Verdict::Known(id) => format!("known (`{id}`)"),
                    other => format!("**{}**", other.name()),
                };
                match result.abnormal {
                    Some(Abnormal::Panic) => verdict.push_str(", panic"),
                    Some(Abnormal::Timeout) => verdict.push_str(", time-out"),
                    None => {}
                }
                if let Some(signature) = &result.signature {
                    let _ = write!(verdict, " ([report]({}))", report_link(name, signature));
                }
                let (input, base) = case_cells(&row.case);
                let _ = writeln!(
                    out,
                    "| [`{}`]({}{}) | {verdict} | {input} | {base} | {} | {} |",
                    row.vector,
                    super::root_from_reports(),
                    row.place,
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
    // Names and answers come from programs: no control character leaves raw.
    super::visible(&out).into_owned()
}

/// The input cell (with the rule or level when it is not the default) and the base cell of a
/// vector's case.
fn case_cells(case: &Request) -> (String, String) {
    let json = |s: &str| serde_json::to_string(s).unwrap_or_default();
    match case {
        Request::Parse { input, rule, .. } => (
            match rule.as_ref().filter(|rule| **rule != ParseRule::default()) {
                None => cell(&json(input)),
                Some(rule) => format!("{} as `{}`", cell(&json(input)), rule.name()),
            },
            String::new(),
        ),
        Request::Resolve {
            base,
            input,
            strict,
        } => (
            cell(&json(input)),
            if *strict {
                cell(&json(base))
            } else {
                format!("{} (non-strict)", cell(&json(base)))
            },
        ),
        Request::Normalize { input, level } => (
            format!(
                "{} (normalize, {} level)",
                cell(&json(input)),
                level.unwrap_or_default().name()
            ),
            String::new(),
        ),
    }
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
    super::visible(text)
        .replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}

/// The colours of the bands, the panic and time-out mark, in the page's style sheet and legend.
const BANDS: &[(&str, &str, &str)] = &[
    ("all", "#7fc97f", "all pass"),
    ("p90", "#b5e0a0", "90% or more"),
    ("p75", "#dcedaa", "75% or more"),
    ("p50", "#fbe3a1", "50% or more"),
    ("p25", "#f9c293", "25% or more"),
    ("p0", "#f19a9a", "under 25%"),
    ("none", "#e4e4e4", "none supported"),
];
const ABNORMAL_COLOUR: &str = "#8e44ad";

/// How many report links a cell shows before it says how many more there are.
const CELL_REPORTS: usize = 3;

/// A page to read at a glance: one cell per section and implementation, coloured by the share of
/// the section's vectors passed, with every count written in it.
pub fn html(matrix: &Matrix) -> String {
    let names = implementation_names(matrix);
    let mut out = String::from(
        "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n<title>RFC 3986 conformance matrix</title>\n<style>\n\
body { font-family: system-ui, -apple-system, \"Segoe UI\", sans-serif; margin: 1.5em; color: #222; }\n\
h1 { font-size: 1.5em; margin-bottom: 0.3em; }\n\
p { max-width: 70em; line-height: 1.4; }\n\
table { border-collapse: collapse; font-size: 12px; }\n\
th, td { border: 1px solid #bbb; padding: 3px 6px; vertical-align: top; }\n\
thead th { position: sticky; top: 0; background: #f4f4f4; text-align: center; }\n\
th .version { display: block; font-weight: normal; color: #555; font-size: 11px; }\n\
th.section { text-align: left; font-weight: normal; white-space: nowrap; background: #fafafa; }\n\
th.section .number { font-weight: bold; margin-right: 0.3em; }\n\
tr.corpus th { text-align: left; background: #ddd; font-size: 13px; }\n\
tr.all th, tr.all td { border-bottom: 3px solid #888; }\n\
td { min-width: 9.5em; }\n\
td a { color: inherit; text-decoration: none; }\n\
td a:hover .share { text-decoration: underline; }\n\
.share { font-size: 13px; font-weight: bold; }\n\
.share .pct { font-weight: normal; color: #333; margin-left: 0.3em; }\n\
.counts { color: #333; }\n\
.counts .fail { color: #a00; font-weight: bold; }\n\
.abnormal { display: inline-block; margin-top: 2px; padding: 0 4px; border-radius: 3px; color: #fff; font-weight: bold; }\n\
td.has-abnormal { box-shadow: inset 4px 0 0 ABNORMAL; }\n\
.reports a { color: #036; text-decoration: underline; margin-right: 0.3em; }\n\
.legend span { display: inline-block; padding: 2px 8px; margin: 0 6px 4px 0; border: 1px solid #bbb; font-size: 12px; }\n",
    )
    .replace("ABNORMAL", ABNORMAL_COLOUR);
    for (class, colour, _) in BANDS {
        let _ = writeln!(out, "td.{class} {{ background: {colour}; }}");
        let _ = writeln!(out, ".legend span.{class} {{ background: {colour}; }}");
    }
    let _ = writeln!(
        out,
        ".abnormal, .legend span.abnormal {{ background: {ABNORMAL_COLOUR}; color: #fff; }}"
    );
    out.push_str(
        "</style>\n</head>\n<body>\n<h1>RFC 3986 conformance matrix</h1>\n\
<p>Every vector of the corpus an implementation can be asked (parse, resolve, normalize), by RFC section. \
A cell's colour is the share of <em>all</em> the section's vectors that pass, unsupported ones included, \
so a crate that cannot be asked most of a section does not look as good as one that passes it. \
Each cell reads: passed out of all (the share); how many the implementation can be asked (supported), \
of which known differences (the catalogue explains them: another specification, a reading the RFC allows, \
an API limit) and failures; how many it cannot be asked (unsupported). \
Panics and time-outs are failures too, marked in their own colour. \
A cell with failures or known differences links to its vectors in ",
    );
    let markdown_page = Page::file(name::CONFORMANCE, Format::Markdown);
    let _ = write!(
        out,
        "<a href=\"{markdown_page}\">{markdown_page}</a> \
(input, base, expected and actual answer); the numbered links are the reports of its failures.</p>\n<p class=\"legend\">",
    );
    for (class, _, label) in BANDS {
        let _ = write!(out, "<span class=\"{class}\">{label}</span>");
    }
    out.push_str("<span class=\"abnormal\">panic or time-out</span></p>\n<table>\n<thead>\n<tr><th class=\"section\">section</th>");
    for (name, version) in &matrix.implementations {
        let version = version
            .strip_prefix(name.as_str())
            .unwrap_or(version)
            .trim();
        let _ = write!(
            out,
            "<th>{}<span class=\"version\">{}</span></th>",
            escape_html(name),
            escape_html(version)
        );
    }
    out.push_str("</tr>\n</thead>\n<tbody>\n");
    let totals = totals(matrix);
    out.push_str(
        "<tr class=\"all\"><th class=\"section\"><span class=\"number\">all sections</span></th>",
    );
    for name in &names {
        let tally = totals.get(*name).cloned().unwrap_or_default();
        html_cell(&mut out, name, &tally, None);
    }
    out.push_str("</tr>\n");
    let mut corpus_shown = String::new();
    for (group, tallies) in tallies(matrix) {
        let (corpus, section) = group.split_once('/').unwrap_or(("", &group));
        if corpus != corpus_shown {
            let _ = writeln!(
                out,
                "<tr class=\"corpus\"><th colspan=\"{}\">{}</th></tr>",
                names.len() + 1,
                escape_html(&corpus.to_uppercase().replace("RFC", "RFC "))
            );
            corpus_shown = corpus.to_owned();
        }
        let number = if section.starts_with(|c: char| c.is_ascii_alphabetic()) {
            format!("Appendix {section}")
        } else {
            section.to_owned()
        };
        let title = super::rfc::section_title(corpus, section).unwrap_or("");
        let heading = format!(
            "<span class=\"number\">{}</span>{}",
            escape_html(&number),
            escape_html(title)
        );
        let heading = match super::rfc::section_link(corpus, section) {
            Some(link) => format!("<a href=\"{}\">{heading}</a>", escape_html(&link)),
            None => heading,
        };
        let _ = write!(out, "<tr><th class=\"section\">{heading}</th>");
        for name in &names {
            let tally = tallies.get(*name).cloned().unwrap_or_default();
            html_cell(&mut out, name, &tally, Some(&group));
        }
        out.push_str("</tr>\n");
    }
    out.push_str("</tbody>\n</table>\n</body>\n</html>\n");
    super::visible(&out).into_owned()
}

fn html_cell(out: &mut String, implementation: &str, tally: &Tally, group: Option<&str>) {
    let abnormal = tally.panics + tally.timeouts > 0;
    let _ = write!(
        out,
        "<td class=\"{}{}\" title=\"{}\">",
        tally.band(),
        if abnormal { " has-abnormal" } else { "" },
        escape_html(&tally.text())
    );
    let link = group.filter(|_| tally.fail + tally.known > 0).map(|g| {
        format!(
            "{}#{}",
            Page::file(name::CONFORMANCE, Format::Markdown),
            anchor(implementation, g)
        )
    });
    if let Some(link) = &link {
        let _ = write!(out, "<a href=\"{}\">", escape_html(link));
    }
    let _ = write!(
        out,
        "<div class=\"share\">{}/{}<span class=\"pct\">{}</span></div>",
        tally.pass,
        tally.total(),
        tally.percent()
    );
    let _ = write!(
        out,
        "<div class=\"counts\">{} supported{}{}</div>",
        tally.supported(),
        if tally.known > 0 {
            format!(" · {} known", tally.known)
        } else {
            String::new()
        },
        if tally.fail > 0 {
            format!(" · <span class=\"fail\">{} fail</span>", tally.fail)
        } else {
            String::new()
        },
    );
    if tally.unsupported > 0 {
        let _ = write!(
            out,
            "<div class=\"counts\">{} unsupported</div>",
            tally.unsupported
        );
    }
    if link.is_some() {
        out.push_str("</a>");
    }
    if abnormal {
        let mut parts = Vec::new();
        if tally.panics > 0 {
            parts.push(format!("{} panic{}", tally.panics, plural(tally.panics)));
        }
        if tally.timeouts > 0 {
            parts.push(format!(
                "{} time-out{}",
                tally.timeouts,
                plural(tally.timeouts)
            ));
        }
        let _ = write!(
            out,
            "<div><span class=\"abnormal\">{}</span></div>",
            parts.join(", ")
        );
    }
    if group.is_some() && !tally.bugs.is_empty() {
        out.push_str("<div class=\"reports\">reports:");
        for (i, signature) in tally.bugs.iter().take(CELL_REPORTS).enumerate() {
            let _ = write!(
                out,
                " <a href=\"{}\" title=\"{}\">{}</a>",
                escape_html(&report_link(implementation, signature)),
                escape_html(signature),
                i + 1
            );
        }
        if tally.bugs.len() > CELL_REPORTS {
            let _ = write!(out, " +{}", tally.bugs.len() - CELL_REPORTS);
        }
        out.push_str("</div>");
    }
    out.push_str("</td>");
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::matrix::Result as Cell;

    fn row(id: &str, section: &str, results: &[(&str, Verdict, Option<Abnormal>)]) -> Row {
        Row {
            vector: format!("rfc3986/{section}/{id}"),
            section: section.to_owned(),
            place: "vectors/rfc3986/x.yaml".to_owned(),
            case: Request::Resolve {
                base: "http://a/b".to_owned(),
                input: format!("../{id}"),
                strict: true,
            },
            expected: "target \"http://a/g\"".to_owned(),
            results: results
                .iter()
                .map(|(name, verdict, abnormal)| {
                    (
                        (*name).to_owned(),
                        Cell {
                            verdict: verdict.clone(),
                            answer: "target \"http://a/h\"".to_owned(),
                            abnormal: *abnormal,
                            signature: (*verdict == Verdict::Fail)
                                .then(|| "resolve-target-path".to_owned()),
                        },
                    )
                })
                .collect(),
        }
    }

    #[test]
    fn the_overall_share_of_an_rfc_3986_parser_leaves_out_the_iri_vectors() {
        // "uri" answers no RFC 3987 vector; "iri" answers one of the two.
        let mut rows = vec![row(
            "v0",
            "3.2.2",
            &[("uri", Verdict::Pass, None), ("iri", Verdict::Pass, None)],
        )];
        for (id, iri) in [("i0", Verdict::Pass), ("i1", Verdict::Unsupported)] {
            let mut iri_row = row(
                id,
                "2.2",
                &[("uri", Verdict::Unsupported, None), ("iri", iri, None)],
            );
            iri_row.vector = format!("rfc3987/2.2/{id}");
            rows.push(iri_row);
        }
        let matrix = Matrix {
            implementations: vec![
                ("uri".to_owned(), "uri 1.0".to_owned()),
                ("iri".to_owned(), "iri 1.0".to_owned()),
            ],
            rows,
        };
        let totals = totals(&matrix);
        assert_eq!((totals["uri"].pass, totals["uri"].total()), (1, 1));
        assert_eq!((totals["iri"].pass, totals["iri"].total()), (2, 3));
        // The section still shows what the parser was not asked.
        let iri_section = tallies(&matrix)
            .into_iter()
            .find(|(group, _)| group.starts_with("rfc3987/"))
            .expect("the RFC 3987 section");
        assert_eq!(iri_section.1["uri"].unsupported, 2);
    }

    #[test]
    fn cells_are_coloured_by_the_share_of_all_vectors_and_show_every_count() {
        // "few" passes the one vector it supports of four; "most" passes three of four.
        let mut rows = vec![row(
            "v0",
            "3.2.2",
            &[("few", Verdict::Pass, None), ("most", Verdict::Pass, None)],
        )];
        for id in ["v1", "v2"] {
            rows.push(row(
                id,
                "3.2.2",
                &[
                    ("few", Verdict::Unsupported, None),
                    ("most", Verdict::Pass, None),
                ],
            ));
        }
        rows.push(row(
            "v3",
            "3.2.2",
            &[
                ("few", Verdict::Unsupported, None),
                ("most", Verdict::Fail, Some(Abnormal::Panic)),
            ],
        ));
        let matrix = Matrix {
            implementations: vec![
                ("few".to_owned(), "few 1.0".to_owned()),
                ("most".to_owned(), "most 1.0".to_owned()),
            ],
            rows,
        };
        let groups = tallies(&matrix);
        let few = &groups[0].1["few"];
        let most = &groups[0].1["most"];
        assert_eq!((few.pass, few.supported(), few.total()), (1, 1, 4));
        assert_eq!(few.band(), "p25", "1 of 4 is 25%, whatever it supports");
        assert_eq!(most.band(), "p75");
        assert_eq!(most.panics, 1);

        let html = html(&matrix);
        assert!(
            html.contains("<span class=\"number\">3.2.2</span>Host"),
            "{html}"
        );
        // Counts are in the cell's text, not only in its title.
        assert!(html.contains(">1/4<span class=\"pct\">25%</span></div><div class=\"counts\">1 supported</div><div class=\"counts\">3 unsupported</div>"), "{html}");
        assert!(html.contains("<span class=\"abnormal\">1 panic</span>"));
        assert!(html.contains("href=\"conformance.md#most-rfc3986-3-2-2\""));
        assert!(html.contains("href=\"most/resolve-target-path.md\""));

        let md = markdown(&matrix);
        assert!(
            md.contains("| §3.2.2 Host | 1/4 pass (25%): 1 supported, 3 unsupported |"),
            "{md}"
        );
        assert!(md.contains("### most: §3.2.2 Host"));
        assert!(md.contains(
            "| [`rfc3986/3.2.2/v3`](../vectors/rfc3986/x.yaml) | **fail**, panic ([report](most/resolve-target-path.md)) | `\"../v3\"` | `\"http://a/b\"` |"
        ), "{md}");
    }
}
