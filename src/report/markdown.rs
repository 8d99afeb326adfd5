//! The Markdown form of a report: what a maintainer reads before filing it upstream.

use std::fmt::Write;

use super::{Exhibit, QUOTED_INPUT, Report, cli_reproduction};
use crate::protocol::Request;

/// `text` as a Markdown code span, in which no HTML or Markdown is interpreted: a fence of one
/// backtick more than the longest run inside, padded when the text starts or ends with one;
/// line ends become spaces, other control characters visible escapes ([`super::visible`]).
pub(crate) fn code(text: &str) -> String {
    let text = super::visible(text).replace(['\n', '\t'], " ");
    let mut longest = 0;
    let mut run = 0;
    for c in text.chars() {
        run = if c == '`' { run + 1 } else { 0 };
        longest = longest.max(run);
    }
    let fence = "`".repeat(longest + 1);
    let pad = if text.starts_with('`') || text.ends_with('`') || text.is_empty() {
        " "
    } else {
        ""
    };
    format!("{fence}{pad}{text}{pad}{fence}")
}

/// [`code`] for a table cell: a `|` would end the cell even inside the span, so it is escaped
/// (GitHub's tables take `\|` inside code spans as `|`).
pub(crate) fn code_cell(text: &str) -> String {
    code(text).replace('|', "\\|")
}

/// Plain text from an input or a program (a version, a source name) with every character that
/// can start HTML, an entity, a link, an autolink, emphasis, a heading or a table cell
/// backslash-escaped; control characters become visible escapes ([`super::visible`]).
pub(crate) fn text(text: &str) -> String {
    let text = super::visible(text);
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '\n' | '\t' => out.push(' '),
            '\\' | '`' | '*' | '_' | '[' | ']' | '<' | '>' | '(' | ')' | '!' | '|' | '~' | '&'
            | '#' | ':' => {
                out.push('\\');
                out.push(c);
            }
            c => out.push(c),
        }
    }
    out
}

/// At most [`QUOTED_INPUT`] characters of an input, with a note of how many were cut.
pub(crate) fn capped_input(input: &str) -> String {
    match input.char_indices().nth(QUOTED_INPUT) {
        None => input.to_owned(),
        Some((at, _)) => format!(
            "{}… [{} more characters, whole in the side file]",
            &input[..at],
            input[at..].chars().count()
        ),
    }
}

/// Renders one report.
pub fn render(report: &Report) -> String {
    let mut out = String::new();
    let verdict = match &report.known {
        None => "candidate bug",
        Some(_) => report.class.as_str(),
    };
    let confirmed = report.is_confirmed_bug();
    let _ = writeln!(
        out,
        "# {}: {} ({})\n",
        text(&report.implementation),
        text(&report.signature),
        verdict
    );
    let _ = writeln!(
        out,
        "- implementation: {} ({}, follows {})",
        text(&report.implementation),
        text(&report.version),
        text(&report.spec)
    );
    let _ = writeln!(out, "- operation: {}", report.op);
    let _ = writeln!(out, "- difference: {}", describe_kind(report));
    if report.security {
        let _ = writeln!(
            out,
            "- security: the difference is in the scheme, userinfo, host, host kind or port, which decide where a request goes (URL confusion, SSRF)"
        );
    }
    let _ = writeln!(
        out,
        "- seen: how often, where first and on which other inputs are in [stats.json](../stats.json)"
    );
    let _ = writeln!(out);

    let _ = writeln!(out, "## Minimal case\n");
    exhibit(&mut out, &report.minimal, &report.implementation);
    let line = match &report.selection {
        Some(selection) => cli_reproduction(&report.minimal.case).replacen(
            "uri-conformance diff",
            &format!("uri-conformance diff {selection}"),
            1,
        ),
        None => cli_reproduction(&report.minimal.case),
    };
    if super::case_chars(&report.minimal.case) > QUOTED_INPUT {
        let _ = writeln!(
            out,
            "The inputs are cut here; whole, they are in {}.\n",
            code(&format!("{}.inputs.json", report.signature))
        );
    } else {
        let fence = "`".repeat(3.max(longest_backtick_run(&line) + 1));
        let _ = writeln!(
            out,
            "Reproduce with this suite:\n\n{fence}sh\n{line}\n{fence}\n"
        );
    }
    if let Some(program) = &report.reproduction {
        let _ = writeln!(
            out,
            "Reproduce with {} alone:\n\n{}",
            text(&report.version),
            program_block(report, program)
        );
    }

    let _ = writeln!(out, "## Verdict\n");
    let _ = writeln!(out, "{}:\n", report.rfc.section);
    citation(&mut out, &report.rfc);
    match &report.known {
        Some(known) if confirmed => {
            let _ = writeln!(
                out,
                "Confirmed bug `{}`, checked by hand against the RFC text: {}\n\nSee [{}]({})\n",
                known.id,
                known.reason,
                known.link,
                super::link_from(2, &known.link)
            );
        }
        Some(known) if report.is_undocumented_departure() => {
            // A mechanism of one component is named for every component; its minimal case
            // shows it in one.
            let name = if report.signature == known.id {
                format!("`{}`", known.id)
            } else {
                format!(
                    "`{}` (in the minimal case `{}`)",
                    report.signature, known.id
                )
            };
            let _ = writeln!(
                out,
                "Undocumented departure {name}, a candidate bug named by its mechanism (the library of departures reproduces the answer exactly): {}\n",
                known.reason
            );
        }
        Some(known) => {
            let _ = writeln!(
                out,
                "Known difference `{}` ({}): {}\n\nSee [{}]({})\n",
                known.id,
                known.class,
                known.reason,
                known.link,
                super::link_from(2, &known.link)
            );
        }
        None => match &report.verdict {
            Some(verdict) => {
                let _ = writeln!(
                    out,
                    "Checked by hand against the RFC text: {}\n",
                    super::visible(verdict)
                );
            }
            None => {
                let _ = writeln!(
                    out,
                    "Not yet checked by hand against the RFC text: treat as unconfirmed until a verdict is recorded in `reports/verdicts.yaml`.\n"
                );
            }
        },
    }

    if !report.seen_in.is_empty() {
        let seen: Vec<String> = report
            .seen_in
            .iter()
            .map(|(component, case)| format!("- {}: {}", text(component), case_markdown(case)))
            .collect();
        let _ = writeln!(
            out,
            "The same mechanism in every component it was seen in, one report for them all (the shortest case of each):\n\n{}\n",
            seen.join("\n")
        );
    }

    // The departures of the same mechanism in another component are this report, not others.
    let beside: Vec<&String> = report.known.as_ref().map_or_else(Vec::new, |known| {
        known
            .seen_with
            .iter()
            .filter(|id| !(report.is_undocumented_departure() && same_mechanism(id, report)))
            .collect()
    });
    if let Some(known) = report.known.as_ref().filter(|_| !beside.is_empty()) {
        let others: Vec<String> = beside.iter().map(|id| format!("`{id}`")).collect();
        let _ = writeln!(
            out,
            "The minimal case shows `{}` together with {}: their models reproduce its answer only together. It is filed here, under the first of them in catalogue order, and no report is made for the combination.\n",
            known.id,
            others.join(", ")
        );
    }

    if let Some(same) = &report.same_code_as {
        let _ = writeln!(
            out,
            "## Shared code\n\n{} runs {}'s code here ({}), and {} shows the same finding: [{}/{}](../{}/{}.md). It is one cause, counted and filed there.\n",
            text(&report.implementation),
            text(&same.implementation),
            text(&same.evidence),
            text(&same.implementation),
            text(&same.implementation),
            text(&report.signature),
            same.implementation,
            report.signature,
        );
    }

    if let Some(upstream) = &report.upstream {
        let _ = writeln!(out, "## Upstream\n\n{}\n", super::visible(upstream));
    }
    if confirmed || (report.known.is_none() && report.verdict.is_some()) {
        draft_issue(&mut out, report);
    }

    // Every text above is escaped where it is written; this is the last guard.
    super::visible(&out).into_owned()
}

/// Whether the departure `id` is one component's face of the mechanism `report` is filed
/// under (`query-unchecked` in the report `component-unchecked`).
fn same_mechanism(id: &str, report: &Report) -> bool {
    use crate::diff::departures::Departure;
    use crate::diff::serializing::Serializing;
    match (Departure::from_id(id), Serializing::from_id(id)) {
        (Some(d), _) => d.component().is_some() && d.kind_id() == report.signature,
        (None, Some(s)) => s.component().is_some() && s.kind_id() == report.signature,
        (None, None) => false,
    }
}

/// A draft issue for the crate's tracker: title, minimal input, expected and actual answers,
/// the RFC passage, and the reproduction with the crate alone.
fn draft_issue(out: &mut String, report: &Report) {
    let why = report
        .known
        .as_ref()
        .filter(|_| report.is_confirmed_bug())
        .map(|k| k.reason.as_str())
        .or(report.verdict.as_deref())
        .unwrap_or("");
    let _ = writeln!(out, "## Draft upstream issue\n");
    let _ = writeln!(
        out,
        "**Title**: {} {}: {}\n",
        text(&report.version),
        report.op,
        describe_kind(report)
    );
    let _ = writeln!(out, "**Input**: {}\n", case_markdown(&report.minimal.case));
    let chain = &report.minimal.chain;
    if chain.is_empty() {
        let _ = writeln!(
            out,
            "**Expected** (RFC 3986): {}\n\n**Actual**: {}\n",
            code(&report.minimal.reference),
            code(&report.minimal.actual)
        );
    } else {
        // A property of the crate's own: its answer to the case may be the right one; the
        // steps are what goes wrong, and the property is what they should keep.
        let steps: Vec<String> = chain
            .iter()
            .map(|step| match chain_step(step) {
                (call, Some(string)) => format!("{} {}", text(call), code(string)),
                (call, None) => text(call),
            })
            .collect();
        let _ = writeln!(
            out,
            "**Steps** ({} alone): {}\n\n**Expected**: the property quoted below holds at every step\n\n**Actual**: {}\n",
            text(&report.implementation),
            steps.join(" → "),
            text(&describe_kind(report))
        );
    }
    // A crate that follows the URL Standard is told what the Standard says, too (of the
    // case's answer: for a property, the steps are the finding).
    if report.spec.contains("WHATWG") && chain.is_empty() {
        let standard = crate::whatwg::expected_outcome(&report.minimal.case);
        let _ = writeln!(
            out,
            "**Expected** (URL Standard, `src/whatwg`): {}\n",
            code(&standard.describe())
        );
    }
    let _ = writeln!(out, "**Why**: {}\n", super::visible(why));
    let _ = writeln!(out, "**{}**:\n", report.rfc.section);
    citation(out, &report.rfc);
    if let Some(program) = &report.reproduction {
        // The program asks the case; the steps of a property are the ones above.
        let label = if chain.is_empty() {
            "**Reproduction**"
        } else {
            "**Reproduction** (the case the steps start from)"
        };
        let _ = writeln!(out, "{label}:\n\n{}", program_block(report, program));
    }
}

/// The reproduction with the library alone as a fenced block, the fence named by the program's
/// language (an adapter's `about.reproduce`; Rust for a bundled crate).
fn program_block(report: &Report, program: &str) -> String {
    let fence = "`".repeat(3.max(longest_backtick_run(program) + 1));
    let language = report
        .reproduction_language
        .as_deref()
        .unwrap_or("rust")
        .replace(
            |c: char| !c.is_ascii_alphanumeric() && c != '+' && c != '#',
            "",
        );
    format!(
        "{fence}{language}\n{}\n{fence}\n",
        super::visible(program.trim_end())
    )
}

fn longest_backtick_run(text: &str) -> usize {
    let mut longest = 0;
    let mut run = 0;
    for c in text.chars() {
        run = if c == '`' { run + 1 } else { 0 };
        longest = longest.max(run);
    }
    longest
}

fn describe_kind(report: &Report) -> String {
    let fields = report.fields.join(", ");
    match report.kind.as_str() {
        "accepts-invalid" => format!(
            "accepts input that RFC 3986 rejects ({})",
            text(&report.detail)
        ),
        "rejects-valid" if fields.is_empty() => {
            format!("rejects input that RFC 3986 accepts ({})", report.detail)
        }
        "rejects-valid" => format!(
            "rejects input that RFC 3986 accepts, because of its {fields}{}",
            if report.detail.is_empty() {
                String::new()
            } else {
                format!(" ({})", report.detail)
            }
        ),
        "components" => format!("parses into other components: {fields}"),
        "target" => {
            let first = report.fields.first().map_or("target", String::as_str);
            let change = match report.detail.as_str() {
                "appears" => "appears",
                "disappears" => "disappears",
                "emptied" => "is emptied",
                "filled" => "is filled",
                "case" => "differs in case only",
                "percent-encoding" => "differs in percent-encoding only",
                "dot-segments-kept" => "keeps dot-segments",
                "dot-segments-removed" => "loses dot-segments",
                "slashes" => "differs in its slashes",
                "value" => "holds another value",
                other => other,
            };
            format!("resolves to another target: its {first} {change} (differs in: {fields})")
        }
        "normalized" => format!("normalizes differently (differs in: {fields})"),
        "panic" => format!("panics ({})", text(&report.detail)),
        "timeout" => "does not answer within the time limit".to_owned(),
        "round-trip" => format!(
            "a property of its own fails: what it parses does not survive serializing and parsing again ({}{})",
            report.detail,
            if fields.is_empty() { String::new() } else { format!("; differs in: {fields}") }
        ),
        "not-idempotent" => format!(
            "a property of its own fails: doing it again changes the string ({})",
            report.detail
        ),
        "meaning-changed" => format!(
            "a property of its own fails: normalization changes where the reference points ({}{})",
            report.detail,
            fields
        ),
        "target-not-absolute" => {
            "a property of its own fails: its resolution target does not parse as a URI with its own parser".to_owned()
        }
        "resolution-law" => format!(
            "a property of its own fails: a law of RFC 3986 §5.2.2 does not hold ({})",
            report.detail
        ),
        "conversions-disagree" => format!(
            "a property of its own fails: two of its entry points disagree on one input ({}{})",
            report.detail,
            if fields.is_empty() { String::new() } else { format!("; differs in: {fields}") }
        ),
        other => other.to_owned(),
    }
}

fn exhibit(out: &mut String, exhibit: &Exhibit, implementation: &str) {
    let _ = writeln!(out, "{}\n", case_markdown(&exhibit.case));
    if !exhibit.chain.is_empty() {
        // A property of the implementation's own: the chain is the evidence, step by step (its
        // answer to the case alone may equal the reference's).
        let _ = writeln!(
            out,
            "The property fails along this chain, {} alone:\n",
            text(implementation)
        );
        let _ = writeln!(out, "| step | {} |\n|---|---|", text(implementation));
        for (i, step) in exhibit.chain.iter().enumerate() {
            let (call, string) = chain_step(step);
            let call = if i == 0 {
                call.to_owned()
            } else {
                format!("→ {call}")
            };
            let _ = writeln!(
                out,
                "| {} | {} |",
                text(&call),
                string.map_or_else(String::new, code_cell)
            );
        }
        let _ = writeln!(out, "\nEvery implementation's answer to the case:\n");
    }
    let _ = writeln!(out, "| implementation | answer |\n|---|---|");
    if let Some(standard) = &exhibit.standard {
        let _ = writeln!(
            out,
            "| URL Standard (the judge of {}) | {} |",
            text(implementation),
            cell(standard)
        );
    }
    let _ = writeln!(
        out,
        "| reference (RFC 3986) | {} |",
        cell(&exhibit.reference)
    );
    let _ = writeln!(
        out,
        "| **{}** | **{}** |",
        text(implementation),
        cell(&exhibit.actual)
    );
    for (name, answer) in &exhibit.others {
        let _ = writeln!(out, "| {} | {} |", text(name), cell(answer));
    }
    let _ = writeln!(out);
}

/// A chain step (`href "a:/.//"`, `Url::set_host(Some(""))`) as the call and the string it
/// made: the string is the step's last JSON-quoted word, when it has one.
fn chain_step(step: &str) -> (&str, Option<&str>) {
    match step.find(" \"") {
        Some(at) if step.ends_with('"') => (&step[..at], Some(&step[at + 1..])),
        _ => (step, None),
    }
}

/// A case on one line, with its inputs as JSON strings so that every character shows (JSON
/// leaves DEL and the C1 controls as they are: they become visible escapes too).
pub fn case_line(case: &Request) -> String {
    case_words(
        case,
        |s| super::visible(&serde_json::to_string(s).unwrap_or_default()).into_owned(),
        |s| super::visible(s).into_owned(),
    )
}

/// A case on one line for Markdown: its inputs as JSON strings in code spans, cut at
/// [`QUOTED_INPUT`] characters.
pub(crate) fn case_markdown(case: &Request) -> String {
    case_words(
        case,
        |s| code(&serde_json::to_string(&capped_input(s)).unwrap_or_default()),
        code,
    )
}

/// A case on one line, its inputs written by `input` and its rule by `rule`.
fn case_words(
    case: &Request,
    input: impl Fn(&str) -> String,
    rule: impl Fn(&str) -> String,
) -> String {
    match case {
        Request::Parse {
            input: text,
            rule: r,
            ..
        } => format!(
            "parse {}{}",
            input(text),
            r.as_ref()
                .map_or(String::new(), |r| format!(" as {}", rule(r.name())))
        ),
        Request::Resolve {
            base,
            input: text,
            strict,
        } => format!(
            "resolve {} against {}{}",
            input(text),
            input(base),
            if *strict { "" } else { " (non-strict)" }
        ),
        Request::Normalize { input: text, level } => format!(
            "normalize {} at the {} level",
            input(text),
            level.unwrap_or_default().name()
        ),
    }
}

/// An answer in a table cell: a code span, cut at twice [`QUOTED_INPUT`] characters.
fn cell(answer: &str) -> String {
    match answer.char_indices().nth(2 * QUOTED_INPUT) {
        None => code_cell(answer),
        Some((at, _)) => format!("{}…", code_cell(&answer[..at])),
    }
}

/// The RFC's words as a quotation, then our reading of them as plain text.
fn citation(out: &mut String, rfc: &super::rfc::Citation) {
    if !rfc.text.is_empty() {
        for line in rfc.text.lines() {
            let _ = writeln!(out, "> {line}");
        }
        let _ = writeln!(out);
    }
    if let Some(note) = &rfc.note {
        let _ = writeln!(out, "Our reading: {note}\n");
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn code_spans_hold_any_text() {
        assert_eq!(code("<script>"), "`<script>`");
        assert_eq!(code("a`b"), "``a`b``");
        assert_eq!(code("`x"), "`` `x ``");
        assert_eq!(code("a\nb"), "`a b`");
        assert_eq!(code_cell("a|b"), "`a\\|b`");
        assert_eq!(text("<img onerror=x>"), "\\<img onerror=x\\>");
        assert_eq!(text("a-b.c"), "a-b.c");
        assert_eq!(text("[a](javascript:x)"), "\\[a\\]\\(javascript\\:x\\)");
    }

    #[test]
    fn a_draft_issue_of_a_property_gives_its_steps_not_the_cases_answers() {
        let json = serde_json::json!({
            "implementation": "url", "version": "url 2.5.8", "spec": "WHATWG URL",
            "signature": "url-set-host", "op": "resolve", "kind": "not-idempotent",
            "fields": [], "detail": "set-host", "class": "candidate bug", "security": false,
            "known": null,
            "rfc": {"section": "RFC 3986 §5.3", "text": "t", "note": null},
            "verdict": null,
            "minimal": {"case": {"op": "resolve", "base": "a://a@-", "input": "file:"},
                "reference": "target \"file:\"", "actual": "target \"file:///\"", "others": {},
                "chain": ["href \"a://a@-\"", "Url::set_host(Some(\"\"))", "href \"a://a@\""]},
            "reproduction": "fn main() {}"
        });
        let report: Report = serde_json::from_value(json).expect("a report");
        let mut out = String::new();
        draft_issue(&mut out, &report);
        assert!(
            out.contains("**Steps** (url alone): href `\"a://a@-\"` → "),
            "{out}"
        );
        assert!(out.contains("→ href `\"a://a@\"`"), "{out}");
        assert!(
            out.contains("**Actual**: a property of its own fails"),
            "{out}"
        );
        // The case's answers, equal here, are not what is wrong.
        assert!(!out.contains("**Expected** (RFC 3986)"), "{out}");
        assert!(!out.contains("**Expected** (URL Standard"), "{out}");
        assert!(
            out.contains("**Reproduction** (the case the steps start from)"),
            "{out}"
        );
    }

    #[test]
    fn a_property_shows_its_chain_and_a_url_standard_parser_its_judge() {
        let mut shown = super::super::Exhibit::of_case(Request::parse("a:/.//"));
        shown.reference = "target \"a://\"".into();
        shown.actual = "target \"a://\"".into();
        shown.standard = Some("target \"a:/.//\"".into());
        shown.chain = vec![
            "input \"a:/.//\"".into(),
            "Url::set_host(Some(\"\"))".into(),
            "parse again \"a:////\"".into(),
        ];
        let mut out = String::new();
        exhibit(&mut out, &shown, "url");
        assert!(out.contains("| step | url |"), "{out}");
        assert!(out.contains("| input | `\"a:/.//\"` |"), "{out}");
        assert!(
            out.contains("| → Url\\:\\:set\\_host\\(Some\\(\"\"\\)\\) |  |"),
            "{out}"
        );
        assert!(out.contains("| → parse again | `\"a:////\"` |"), "{out}");
        // The judge comes first, the RFC's answer beside it.
        let judge = out.find("| URL Standard (the judge of url) | `target \"a:/.//\"` |");
        let rfc = out.find("| reference (RFC 3986) |");
        assert!(judge.is_some() && judge < rfc, "{out}");
    }

    #[test]
    fn long_inputs_are_cut() {
        let long = "a".repeat(QUOTED_INPUT + 5);
        let cut = capped_input(&long);
        assert!(cut.starts_with(&"a".repeat(QUOTED_INPUT)));
        assert!(cut.ends_with("[5 more characters, whole in the side file]"));
        assert_eq!(capped_input("abc"), "abc");
    }
}
