//! `field.{md,json,html}`: every parser of a run (the bundled crates and the adapters of
//! `--ecosystem`), by language, with its results per operation and per RFC part, the WHATWG
//! profile for those that claim the URL Standard, and its bugs with links to their reports.

use std::collections::BTreeMap;
use std::fmt::Write;
use std::io;

use serde::Serialize;

use super::Report;
use super::markdown::{code, text};
use super::pages::{Format, Page, name};
use super::whatwg_profile::Profile;
use crate::matrix::{Matrix, Verdict};
use crate::protocol::Request;

/// Who a parser is, as the field lists it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Parser {
    /// Its name in the run (`go-net-url`, `url`).
    pub name: String,
    /// The language of the library (`Go`, `Rust`).
    pub language: String,
    /// The library (`net/url`, `url`).
    pub library: String,
    /// The library's version.
    pub version: String,
    /// The specification it claims.
    pub spec: String,
    /// The specification that judges it (`RFC 3986`, `URL Standard`, ...).
    pub judged_by: String,
    /// Whether it is a crate bundled with the harness (else an external program).
    pub bundled: bool,
    /// Where its adapter is, relative to the repository (`src/impls/url_adapter.rs`,
    /// `adapters/go/net-url`).
    pub adapter: String,
}

/// Counts of verdicts.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize)]
pub struct Counts {
    /// The expected answer, or an acceptable one.
    pub pass: usize,
    /// Another answer no catalogue entry explains.
    pub fail: usize,
    /// Another answer a documented difference explains.
    pub known: usize,
    /// Not asked: the parser does not do it.
    pub unsupported: usize,
}

impl Counts {
    fn add(&mut self, verdict: &Verdict) {
        match verdict {
            Verdict::Pass => self.pass += 1,
            Verdict::Fail => self.fail += 1,
            Verdict::Known(_) => self.known += 1,
            Verdict::Unsupported => self.unsupported += 1,
        }
    }

    /// The vectors asked: passed, failed or known.
    pub(crate) fn asked(&self) -> usize {
        self.pass + self.fail + self.known
    }
}

/// One report of a parser, linked.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Finding {
    /// The signature (the report's file stem).
    pub signature: String,
    /// `parse`, `resolve`, `normalize`.
    pub op: String,
    /// Whether it decides where a request goes.
    pub security: bool,
    /// The report, relative to the field's folder.
    pub report: String,
    /// What upstream knows of it, for a confirmed bug.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub upstream: Option<String>,
    /// The implementation whose code shows the same finding, where it is counted.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub same_code_as: Option<String>,
}

/// One parser's row.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Row {
    /// Who it is.
    #[serde(flatten)]
    pub parser: Parser,
    /// The corpus's vectors by operation (`parse`, `resolve`, `normalize`).
    pub operations: BTreeMap<String, Counts>,
    /// The corpus's vectors by part of the RFC (`RFC 3986 §3`, `RFC 3987 §2`).
    pub parts: BTreeMap<String, Counts>,
    /// The WHATWG profile, for a parser judged by the URL Standard.
    pub whatwg: Option<Counts>,
    /// Bugs a catalogue entry confirms.
    pub confirmed_bugs: Vec<Finding>,
    /// Differences no catalogue entry explains.
    pub candidate_bugs: Vec<Finding>,
    /// Reports a documented difference explains.
    pub known_differences: usize,
}

/// The field.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Field {
    /// One row per parser, by language then name.
    pub parsers: Vec<Row>,
}

/// The part of the RFC a vector's section belongs to: `RFC 3986 §3` for `3.2.2`.
fn part(place: &str, section: &str) -> String {
    let rfc = if place.contains("rfc3987") {
        "RFC 3987"
    } else {
        "RFC 3986"
    };
    let top = section.split('.').next().unwrap_or(section);
    let top = if top.chars().all(|c| c.is_ascii_digit()) && !top.is_empty() {
        format!("§{top}")
    } else {
        top.to_owned()
    };
    format!("{rfc} {top}")
}

fn op_name(case: &Request) -> &'static str {
    match case {
        Request::Parse { .. } => "parse",
        Request::Resolve { .. } => "resolve",
        Request::Normalize { .. } => "normalize",
    }
}

/// The field from a run's matrix, WHATWG profile and reports.
pub(crate) fn build(
    parsers: Vec<Parser>,
    matrix: &Matrix,
    whatwg: Option<&Profile>,
    reports: &[Report],
) -> Field {
    let mut rows: Vec<Row> = parsers
        .into_iter()
        .map(|parser| {
            let mut operations: BTreeMap<String, Counts> = BTreeMap::new();
            let mut parts: BTreeMap<String, Counts> = BTreeMap::new();
            for row in &matrix.rows {
                if let Some(result) = row.results.get(&parser.name) {
                    operations
                        .entry(op_name(&row.case).to_owned())
                        .or_default()
                        .add(&result.verdict);
                    parts
                        .entry(part(&row.place, &row.section))
                        .or_default()
                        .add(&result.verdict);
                }
            }
            let whatwg = whatwg.and_then(|p| {
                p.implementations
                    .iter()
                    .find(|i| i.name == parser.name)
                    .map(|i| Counts {
                        pass: i.pass,
                        fail: i.fail,
                        known: 0,
                        unsupported: i.unsupported,
                    })
            });
            let mut confirmed_bugs = Vec::new();
            let mut candidate_bugs = Vec::new();
            let mut known_differences = 0;
            for report in reports.iter().filter(|r| r.implementation == parser.name) {
                let finding = Finding {
                    signature: report.signature.clone(),
                    op: report.op.clone(),
                    security: report.security,
                    report: format!("{}/{}.md", report.implementation, report.signature),
                    upstream: report.upstream.clone(),
                    same_code_as: report
                        .same_code_as
                        .as_ref()
                        .map(|s| s.implementation.clone()),
                };
                if report.is_confirmed_bug() {
                    confirmed_bugs.push(finding);
                } else if report.is_candidate_bug() {
                    candidate_bugs.push(finding);
                } else {
                    known_differences += 1;
                }
            }
            Row {
                parser,
                operations,
                parts,
                whatwg,
                confirmed_bugs,
                candidate_bugs,
                known_differences,
            }
        })
        .collect();
    rows.sort_by(|a, b| {
        (&a.parser.language, &a.parser.name).cmp(&(&b.parser.language, &b.parser.name))
    });
    Field { parsers: rows }
}

/// The field as a page: `field.json`, `field.md` and `field.html`.
pub fn page(field: &Field) -> io::Result<Page> {
    Ok(
        Page::new(name::FIELD, format!("{} parsers", field.parsers.len()))
            .with_json(field)?
            .with(Format::Markdown, markdown(field))
            .with(Format::Html, html(field)),
    )
}

/// `pass/asked`, with the known differences beside: `412/480 (5 known)`; `-` when none asked.
fn cell(counts: Option<&Counts>) -> String {
    match counts {
        Some(c) if c.asked() > 0 => {
            let known = if c.known > 0 {
                format!(" ({} known)", c.known)
            } else {
                String::new()
            };
            format!("{}/{}{known}", c.pass, c.asked())
        }
        _ => "-".to_owned(),
    }
}

fn part_names(field: &Field) -> Vec<String> {
    let mut names: Vec<String> = field
        .parsers
        .iter()
        .flat_map(|r| r.parts.keys().cloned())
        .collect();
    names.sort_by_key(|name| {
        let number: u32 = name
            .rsplit('§')
            .next()
            .and_then(|n| n.parse().ok())
            .unwrap_or(u32::MAX);
        (name.starts_with("RFC 3987"), number, name.clone())
    });
    names.dedup();
    names
}

/// `n` and the noun that agrees with it: `1 language`, `14 languages`.
fn counted(n: usize, one: &str, many: &str) -> String {
    format!("{n} {}", if n == 1 { one } else { many })
}

fn markdown(field: &Field) -> String {
    let mut out = String::new();
    let languages: std::collections::BTreeSet<&str> = field
        .parsers
        .iter()
        .map(|r| r.parser.language.as_str())
        .collect();
    let _ = writeln!(out, "# The field: every parser compared\n");
    let _ = writeln!(
        out,
        "{} in {}, each judged by the specification it claims (RFC 3986 by the \
         reference, RFC 3987 by its IRI grammar, the URL Standard by its model with IDNA). A cell \
         is `passing/asked` over the vectors of `vectors/`; known differences (documented design \
         choices, each modelled exactly) count as asked and not passing. Bugs link to their \
         reports: **confirmed** where a catalogue entry models the wrong rule, **candidate** where \
         no entry explains the difference. [{json}]({json}) has the same, \
         [{html}]({html}) is this page for a browser, [{confusion}]({confusion}) lists \
         the inputs that two parsers read with different hosts, ports, schemes or userinfo.\n",
        counted(field.parsers.len(), "parser", "parsers"),
        counted(languages.len(), "language", "languages"),
        json = Page::file(name::FIELD, Format::Json),
        html = Page::file(name::FIELD, Format::Html),
        confusion = Page::file(name::CONFUSION, Format::Markdown),
    );
    needs_markdown(&mut out, field);
    let _ = writeln!(out, "## Every parser\n");
    let _ = writeln!(
        out,
        "| language | parser | library | version | claims | judged by | parse | resolve | normalize | WHATWG profile | confirmed bugs | candidate bugs | known |"
    );
    let _ = writeln!(out, "|---|---|---|---|---|---|---|---|---|---|---|---|---|");
    for row in &field.parsers {
        let p = &row.parser;
        let _ = writeln!(
            out,
            "| {} | [{}](#{}) | {} | {} | {} | {} | {} | {} | {} | {} | {} | {} | {} |",
            text(&p.language),
            text(&p.name),
            anchor(&p.name),
            text(&p.library),
            text(&p.version),
            text(&p.spec),
            text(&p.judged_by),
            cell(row.operations.get("parse")),
            cell(row.operations.get("resolve")),
            cell(row.operations.get("normalize")),
            cell(row.whatwg.as_ref()),
            bug_count(&row.confirmed_bugs),
            bug_count(&row.candidate_bugs),
            row.known_differences
        );
    }
    let parts = part_names(field);
    let _ = writeln!(out, "\n## By part of the RFC\n");
    let _ = writeln!(out, "| parser | {} |", parts.join(" | "));
    let _ = writeln!(out, "|---|{}", "---|".repeat(parts.len()));
    for row in &field.parsers {
        let cells: Vec<String> = parts.iter().map(|p| cell(row.parts.get(p))).collect();
        let _ = writeln!(
            out,
            "| {} | {} |",
            text(&row.parser.name),
            cells.join(" | ")
        );
    }
    let _ = writeln!(out, "\n## Each parser's bugs\n");
    for row in &field.parsers {
        let p = &row.parser;
        let _ = writeln!(out, "### {}\n", text(&p.name));
        let _ = writeln!(
            out,
            "{} {} ({}), claims {}; judged by {}; adapter: {}.\n",
            text(&p.library),
            text(&p.version),
            text(&p.language),
            text(&p.spec),
            text(&p.judged_by),
            code(&p.adapter)
        );
        if row.confirmed_bugs.is_empty() && row.candidate_bugs.is_empty() {
            let _ = writeln!(out, "No bug found.\n");
            continue;
        }
        for (what, findings) in [
            ("confirmed", &row.confirmed_bugs),
            ("candidate", &row.candidate_bugs),
        ] {
            for f in findings {
                let security = if f.security { " (security)" } else { "" };
                let upstream = f
                    .upstream
                    .as_deref()
                    .map(|u| format!(" — upstream: {}", text(u)))
                    .unwrap_or_default();
                let shared = f
                    .same_code_as
                    .as_deref()
                    .map(|original| format!(" — the same code as {original}, counted there"))
                    .unwrap_or_default();
                let _ = writeln!(
                    out,
                    "- {what}{security}: [{}]({}){upstream}{shared}",
                    f.signature, f.report
                );
            }
        }
        let _ = writeln!(out);
    }
    out
}

/// "Which parser for which need": the first choices with their evidence, then the best of
/// each language ([`super::needs`]).
fn needs_markdown(out: &mut String, field: &Field) {
    let needs = super::needs::needs(field);
    let _ = writeln!(out, "## Which parser for which need\n");
    let _ = writeln!(
        out,
        "Each need ranks the parsers by what they miss: the vectors of its operation they do not pass (a documented leniency counts as missed) plus their bug reports about it. A parser asked fewer than half as many of those vectors as the most-asked one is not ranked for the need.\n"
    );
    let _ = writeln!(
        out,
        "| need | first choice | then | measured by |\n|---|---|---|---|"
    );
    for need in &needs {
        let pick = |p: &super::needs::Pick| {
            format!(
                "[{}](#{}) ({}): {}",
                text(&p.parser),
                anchor(&p.parser),
                text(&p.language),
                text(&p.evidence)
            )
        };
        let first = need
            .ranked
            .first()
            .map_or_else(|| "-".to_owned(), |p| format!("**{}**", pick(p)));
        let then: Vec<String> = need.ranked.iter().skip(1).take(2).map(pick).collect();
        let _ = writeln!(
            out,
            "| {} | {first} | {} | {} |",
            text(need.need),
            if then.is_empty() {
                "-".to_owned()
            } else {
                then.join("; ")
            },
            text(need.measure)
        );
    }
    let languages: std::collections::BTreeSet<&str> = field
        .parsers
        .iter()
        .map(|r| r.parser.language.as_str())
        .collect();
    if languages.len() > 1 {
        let _ = writeln!(out, "\nThe best of each language, by the same measures:\n");
        let _ = writeln!(
            out,
            "| language | {} |\n|---|{}",
            needs
                .iter()
                .map(|n| text(n.need))
                .collect::<Vec<_>>()
                .join(" | "),
            "---|".repeat(needs.len())
        );
        let best: Vec<Vec<&super::needs::Pick>> =
            needs.iter().map(super::needs::best_per_language).collect();
        for language in &languages {
            let cells: Vec<String> = best
                .iter()
                .map(|picks| {
                    picks
                        .iter()
                        .find(|p| p.language == *language)
                        .map_or_else(|| "-".to_owned(), |p| text(&p.parser))
                })
                .collect();
            let _ = writeln!(out, "| {} | {} |", text(language), cells.join(" | "));
        }
    }
    let _ = writeln!(out);
}

/// The needs as HTML tables, for the top of the page.
fn needs_html(out: &mut String, field: &Field) {
    let needs = super::needs::needs(field);
    out.push_str("<h2>Which parser for which need</h2>\n<p>Each need ranks the parsers by what they miss: the vectors of its operation they do not pass (a documented leniency counts as missed) plus their bug reports about it.</p>\n<table class=\"needs\">\n<thead><tr><th>need</th><th>first choice</th><th>then</th></tr></thead>\n<tbody>\n");
    for need in &needs {
        let pick = |p: &super::needs::Pick| {
            format!(
                "<a href=\"{}#{}\">{}</a> ({}): {}",
                Page::file(name::FIELD, Format::Markdown),
                html_escape(&anchor(&p.parser)),
                html_escape(&p.parser),
                html_escape(&p.language),
                html_escape(&p.evidence)
            )
        };
        let first = need
            .ranked
            .first()
            .map_or_else(|| "-".to_owned(), |p| format!("<b>{}</b>", pick(p)));
        let then: Vec<String> = need.ranked.iter().skip(1).take(2).map(pick).collect();
        let _ = writeln!(
            out,
            "<tr><td title=\"{}\">{}</td><td>{first}</td><td>{}</td></tr>",
            html_escape(need.measure),
            html_escape(need.need),
            if then.is_empty() {
                "-".to_owned()
            } else {
                then.join("; ")
            }
        );
    }
    out.push_str("</tbody>\n</table>\n");
}

/// How many bugs, and how many of them are another implementation's through shared code.
fn bug_count(findings: &[Finding]) -> String {
    let shared = findings.iter().filter(|f| f.same_code_as.is_some()).count();
    match shared {
        0 => findings.len().to_string(),
        _ => format!("{} ({shared} in shared code)", findings.len()),
    }
}

/// A parser's name as a link target within the page: the characters of a plain name only
/// (a name the harness makes is one, [`super::is_plain_name`]).
fn anchor(name: &str) -> String {
    name.chars()
        .filter(|c| c.is_ascii_alphanumeric() || matches!(c, '.' | '_' | '-'))
        .collect()
}

fn html_escape(text: &str) -> String {
    super::visible(text)
        .replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}

/// A cell coloured by its share of passing answers.
fn html_cell(out: &mut String, counts: Option<&Counts>) {
    match counts {
        Some(c) if c.asked() > 0 => {
            let share = c.pass as f64 / c.asked() as f64;
            let class = if share >= 0.999 {
                "all"
            } else if share >= 0.9 {
                "most"
            } else if share >= 0.6 {
                "some"
            } else {
                "few"
            };
            let _ = write!(
                out,
                "<td class=\"{class}\" data-sort=\"{share:.4}\">{}</td>",
                html_escape(&cell(Some(c)))
            );
        }
        _ => out.push_str("<td class=\"none\" data-sort=\"-1\">-</td>"),
    }
}

fn html(field: &Field) -> String {
    let mut out = String::from(
        "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n<title>The field: every URI parser compared</title>\n<style>\n\
         body{font-family:system-ui,sans-serif;margin:1.5em;color:#222}\n\
         table{border-collapse:collapse;font-size:13px}\n\
         th,td{border:1px solid #ccc;padding:3px 6px;text-align:left;white-space:nowrap}\n\
         td.wrap{white-space:normal;min-width:12em;max-width:22em}table.needs td{white-space:normal}\n\
         #field td:first-child,#field th:first-child{position:sticky;left:0;background:#fff;z-index:1}#field th:first-child{background:#f3f3f3;z-index:2}\n\
         th{background:#f3f3f3;cursor:pointer;position:sticky;top:0}\n\
         td.all{background:#c8f0c8}td.most{background:#e6f5c8}td.some{background:#fbeec0}td.few{background:#f8c8c8}td.none{color:#999}\n\
         a{color:#0645ad}\n</style>\n</head>\n<body>\n<h1>The field: every URI parser compared</h1>\n\
         <p>Each parser judged by the specification it claims; a cell is passing/asked over the corpus's vectors (known differences count as asked). Click a heading to sort.",
    );
    for (at, (page, format)) in [
        (name::FIELD, Format::Markdown),
        (name::FIELD, Format::Json),
        (name::CONFUSION, Format::Markdown),
    ]
    .into_iter()
    .enumerate()
    {
        let file = Page::file(page, format);
        let _ = write!(
            out,
            "{}<a href=\"{file}\">{file}</a>",
            if at == 0 { " " } else { " · " }
        );
    }
    out.push_str("</p>\n");
    needs_html(&mut out, field);
    let parts = part_names(field);
    // The verdicts first, so that a window of common width shows them beside each parser;
    // who the parser is (library, version, claim) after, the claim's text wrapping.
    out.push_str("<h2>Every parser</h2>\n<table id=\"field\">\n<thead><tr>");
    for heading in [
        "parser",
        "language",
        "judged by",
        "parse",
        "resolve",
        "normalize",
        "WHATWG",
        "confirmed bugs",
        "candidate bugs",
        "known",
        "library",
        "version",
        "claims",
    ]
    .iter()
    .map(|h| (*h).to_owned())
    .chain(parts.iter().cloned())
    {
        let _ = write!(out, "<th>{}</th>", html_escape(&heading));
    }
    out.push_str("</tr></thead>\n<tbody>\n");
    for row in &field.parsers {
        let p = &row.parser;
        out.push_str("<tr>");
        let _ = write!(
            out,
            "<td><a href=\"{}#{}\">{}</a></td>",
            Page::file(name::FIELD, Format::Markdown),
            html_escape(&anchor(&p.name)),
            html_escape(&p.name)
        );
        for text in [&p.language, &p.judged_by] {
            let _ = write!(out, "<td>{}</td>", html_escape(text));
        }
        for op in ["parse", "resolve", "normalize"] {
            html_cell(&mut out, row.operations.get(op));
        }
        html_cell(&mut out, row.whatwg.as_ref());
        let link = |bugs: &[Finding]| {
            format!(
                "<td data-sort=\"{}\"><a href=\"{}#{}\">{}</a></td>",
                bugs.len(),
                Page::file(name::FIELD, Format::Markdown),
                html_escape(&p.name),
                bug_count(bugs)
            )
        };
        out.push_str(&link(&row.confirmed_bugs));
        out.push_str(&link(&row.candidate_bugs));
        let _ = write!(out, "<td data-sort=\"{0}\">{0}</td>", row.known_differences);
        for text in [&p.library, &p.version] {
            let _ = write!(out, "<td>{}</td>", html_escape(text));
        }
        let _ = write!(out, "<td class=\"wrap\">{}</td>", html_escape(&p.spec));
        for part in &parts {
            html_cell(&mut out, row.parts.get(part));
        }
        out.push_str("</tr>\n");
    }
    out.push_str(
        "</tbody>\n</table>\n<script>\n\
         document.querySelectorAll('#field th').forEach((th, column) => th.addEventListener('click', () => {\n\
         const body = document.querySelector('#field tbody');\n\
         const key = r => { const c = r.children[column]; return c.dataset.sort !== undefined ? parseFloat(c.dataset.sort) : c.textContent; };\n\
         const rows = [...body.rows];\n\
         const down = th.dataset.down !== 'true'; th.dataset.down = down;\n\
         rows.sort((a, b) => { const x = key(a), y = key(b); const o = typeof x === 'number' ? x - y : String(x).localeCompare(String(y)); return down ? -o : o; });\n\
         rows.forEach(r => body.appendChild(r));\n\
         }));\n</script>\n</body>\n</html>\n",
    );
    out
}

#[cfg(test)]
mod tests {
    use super::counted;

    #[test]
    fn a_count_agrees_with_its_noun() {
        assert_eq!(counted(1, "language", "languages"), "1 language");
        assert_eq!(counted(14, "language", "languages"), "14 languages");
        assert_eq!(counted(0, "parser", "parsers"), "0 parsers");
    }
}
