//! `confusion.{md,json}`: the URL-confusion table ([`crate::confusion`]), each minimal input
//! with how every parser reads it and the command that shows it again.

use std::collections::BTreeMap;
use std::fmt::Write;
use std::io;

use serde::Serialize;

use super::pages::{Format, Page, name};
use crate::confusion::{Reading, Table};

#[derive(Serialize)]
struct Written<'a> {
    #[serde(flatten)]
    table: &'a Table,
    /// The options that select the same parsers for `diff`.
    selection: &'a str,
}

/// The table as a page: `confusion.json` and `confusion.md`; `selection` is the command line's
/// options that choose the same parsers (`--ecosystem adapters/ecosystem.json`, or nothing).
pub(crate) fn page(table: &Table, selection: &str) -> io::Result<Page> {
    let summary = format!("{} minimal inputs read differently", table.confusions.len());
    Ok(Page::new(name::CONFUSION, summary)
        .with_json(&Written { table, selection })?
        .with(Format::Markdown, markdown(table, selection)))
}

/// A reading on one line: `scheme http, host a, port 8080` (userinfo only where there is one).
fn reading_line(reading: &Reading) -> String {
    let mut parts = Vec::new();
    parts.push(format!(
        "scheme {}",
        reading.scheme.as_deref().map_or("none".to_owned(), visible)
    ));
    if let Some(userinfo) = &reading.userinfo {
        parts.push(format!("userinfo {}", visible(userinfo)));
    }
    parts.push(format!(
        "host {}",
        reading.host.as_deref().map_or("none".to_owned(), visible)
    ));
    if let Some(port) = &reading.port {
        parts.push(format!("port {}", visible(port)));
    }
    parts.join(", ")
}

/// `text` in backticks, controls and non-ASCII escaped so that the table shows every character.
fn visible(text: &str) -> String {
    let escaped: String = text
        .chars()
        .map(|c| {
            if c.is_ascii_graphic() && c != '`' && c != '|' || c == ' ' {
                c.to_string()
            } else {
                format!("\\u{{{:x}}}", u32::from(c))
            }
        })
        .collect();
    format!("`{escaped}`")
}

/// The input as one `sh` word.
fn shell_word(text: &str) -> String {
    crate::impls::reproduction::shell_quote(text)
}

fn markdown(table: &Table, selection: &str) -> String {
    let mut out = String::new();
    let _ = writeln!(out, "# URL confusion: one input, two readings\n");
    let _ = writeln!(
        out,
        "Inputs that two parsers both accept but read with a different scheme, userinfo, host or \
         port: a URL one parser checks and another fetches goes somewhere else. {} parsers read \
         {} inputs (the corpus's and generated ones, after the Claroty/Snyk study's classes); each \
         disagreement was shrunk while both parsers still accept the input and still differ. \
         Readings compare addresses, not spellings (case, percent-encoding, IDNA, IPv6 notation \
         and default ports do not count). [confusion.json](confusion.json) lists every pair.\n",
        table.parsers.len(),
        table.inputs
    );
    if table.confusions.is_empty() {
        let _ = writeln!(out, "No two parsers read any input differently.");
        return out;
    }
    let mut by_class: BTreeMap<&str, usize> = BTreeMap::new();
    for c in &table.confusions {
        *by_class.entry(&c.class).or_default() += 1;
    }
    let _ = writeln!(out, "| class | minimal inputs |\n|---|---|");
    for (class, n) in &by_class {
        let _ = writeln!(out, "| [{class}](#{}) | {n} |", anchor(class));
    }
    let mut pairs: BTreeMap<(&str, &str), usize> = BTreeMap::new();
    for c in &table.confusions {
        let mut seen = std::collections::BTreeSet::new();
        for [a, b, _] in &c.pairs {
            if seen.insert((a.as_str(), b.as_str())) {
                *pairs.entry((a, b)).or_default() += 1;
            }
        }
    }
    let mut ranked: Vec<_> = pairs.into_iter().collect();
    ranked.sort_by(|x, y| y.1.cmp(&x.1).then(x.0.cmp(&y.0)));
    let _ = writeln!(
        out,
        "\n{} pairs of parsers disagree on some input; the most often:\n",
        ranked.len()
    );
    let _ = writeln!(out, "| parser | parser | minimal inputs |\n|---|---|---|");
    for ((a, b), n) in ranked.iter().take(25) {
        let _ = writeln!(out, "| {a} | {b} | {n} |");
    }
    let mut class = "";
    for c in &table.confusions {
        if c.class != class {
            class = &c.class;
            let _ = writeln!(out, "\n## {class}\n");
        }
        let _ = writeln!(out, "### {}\n", visible(&c.input));
        let _ = writeln!(out, "Read differently: {}.\n", c.fields.join(", "));
        let _ = writeln!(
            out,
            "- RFC 3986 (the reference): {}",
            c.rfc3986
                .as_ref()
                .map_or("refused".to_owned(), reading_line)
        );
        for group in &c.readings {
            let _ = writeln!(
                out,
                "- {}: {}",
                reading_line(&group.reading),
                group.parsers.join(", ")
            );
        }
        if !c.refused_by.is_empty() {
            let _ = writeln!(out, "- refused: {}", c.refused_by.join(", "));
        }
        let options = if selection.is_empty() {
            String::new()
        } else {
            format!("{selection} ")
        };
        let _ = writeln!(
            out,
            "\n```sh\nuri-conformance diff {options}-- {}\n```\n",
            shell_word(&c.input)
        );
    }
    out
}

fn anchor(heading: &str) -> String {
    heading
        .to_lowercase()
        .chars()
        .filter_map(|c| match c {
            'a'..='z' | '0'..='9' | '-' => Some(c),
            ' ' => Some('-'),
            _ => None,
        })
        .collect()
}
