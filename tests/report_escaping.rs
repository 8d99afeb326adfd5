//! Text from inputs and answers cannot inject HTML or Markdown into reports: every such text
//! is in a code span or escaped, and a huge input is quoted cut, whole in a side file.

use std::collections::BTreeMap;

use uri_conformance::matrix::{Matrix, Result as Cell, Row, Verdict};
use uri_conformance::protocol::Request;
use uri_conformance::report::{self, Report, markdown};

const HOSTILE: [&str; 3] = [
    "<script>alert(1)</script>",
    "<img src=x onerror=alert(1)>",
    "[click](javascript:alert(1))",
];

/// The text of `markdown` outside code spans, fenced blocks and backslash escapes: what a
/// renderer would interpret.
fn outside_code(markdown: &str) -> String {
    let mut out = String::new();
    let mut in_fence = false;
    for line in markdown.lines() {
        if line.starts_with("```") {
            in_fence = !in_fence;
            continue;
        }
        if in_fence {
            continue;
        }
        // Code spans: a run of n backticks up to the next run of exactly n.
        let chars: Vec<char> = line.chars().collect();
        let mut i = 0;
        while i < chars.len() {
            if chars[i] == '\\' {
                // A backslash escape: the next character is literal text.
                i += 2;
                continue;
            }
            if chars[i] == '`' {
                let n = chars[i..].iter().take_while(|&&c| c == '`').count();
                let mut j = i + n;
                let mut closed = None;
                while j < chars.len() {
                    if chars[j] == '`' {
                        let m = chars[j..].iter().take_while(|&&c| c == '`').count();
                        if m == n {
                            closed = Some(j + m);
                            break;
                        }
                        j += m;
                    } else {
                        j += 1;
                    }
                }
                match closed {
                    Some(end) => i = end,
                    None => {
                        out.push_str(&chars[i..].iter().collect::<String>());
                        break;
                    }
                }
            } else {
                out.push(chars[i]);
                i += 1;
            }
        }
        out.push('\n');
    }
    out
}

fn assert_nothing_raw(markdown: &str) {
    let plain = outside_code(markdown);
    for needle in ["<script", "<img", "](javascript"] {
        assert!(
            !plain.contains(needle),
            "{needle} outside a code span in:\n{markdown}"
        );
    }
}

fn report_with(input: &str, answer: &str) -> Report {
    let template = std::fs::read_dir(concat!(env!("CARGO_MANIFEST_DIR"), "/reports/url"))
        .expect("the committed reports")
        .filter_map(Result::ok)
        .map(|e| e.path())
        .find(|p| p.extension().is_some_and(|e| e == "json"))
        .expect("a committed report");
    let mut report: Report =
        serde_json::from_str(&std::fs::read_to_string(template).expect("readable"))
            .expect("a report");
    let case = Request::parse(input);
    report.minimal.case = case.clone();
    report.minimal.actual = answer.to_owned();
    report.minimal.others = BTreeMap::from([("x<b>".to_owned(), answer.to_owned())]);
    report.original.case = case.clone();
    report.original.actual = answer.to_owned();
    report.examples = vec![case];
    report.version = "<b>1.0</b> <img src=x onerror=alert(1)>".to_owned();
    report.spec = HOSTILE[2].to_owned();
    report.first_seen = HOSTILE[0].to_owned();
    report.counts = BTreeMap::from([(HOSTILE[1].to_owned(), 1)]);
    report.selection = Some("--impl-cmd 'x=<script>'".to_owned());
    report
}

#[test]
fn reports_quote_inputs_and_answers_in_code_spans() {
    for input in HOSTILE {
        for answer in HOSTILE {
            let report = report_with(input, &format!("invalid: {answer} | `x` ``y``"));
            let rendered = markdown::render(&report);
            assert_nothing_raw(&rendered);
            assert!(rendered.contains(&serde_json::to_string(input).unwrap()));
            // The reproduction line selects the external program, not the bundled crates.
            assert!(
                rendered.contains("uri-conformance diff --impl-cmd 'x=<script>' "),
                "{rendered}"
            );
            let index = report::index::render(&[report]);
            assert_nothing_raw(&index);
        }
    }
}

#[test]
fn a_reproduction_is_fenced_in_its_language_in_the_report_and_the_draft_issue() {
    let mut report = report_with("a:/\"", "valid");
    report.known = None;
    report.verdict = Some("accepts a quote".to_owned());
    report.reproduction = Some("// cc prog.c -lcurl\nint main(void) { return 0; }".to_owned());
    report.reproduction_language = Some("c".to_owned());
    let rendered = markdown::render(&report);
    let block = "```c\n// cc prog.c -lcurl\nint main(void) { return 0; }\n```";
    assert!(
        rendered.contains(&format!(" alone:\n\n{block}")),
        "{rendered}"
    );
    assert!(
        rendered.contains(&format!("**Reproduction**:\n\n{block}")),
        "{rendered}"
    );
    assert!(!rendered.contains("```rust"), "{rendered}");
}

#[test]
fn the_matrix_quotes_answers_in_code_spans() {
    let matrix = Matrix {
        implementations: vec![("ext".to_owned(), HOSTILE[1].to_owned())],
        rows: HOSTILE
            .iter()
            .map(|text| Row {
                vector: "rfc3986/3.2.2/x".to_owned(),
                section: "3.2.2".to_owned(),
                place: "x.yaml".to_owned(),
                case: Request::Resolve {
                    base: (*text).to_owned(),
                    input: (*text).to_owned(),
                    strict: true,
                },
                expected: (*text).to_owned(),
                results: BTreeMap::from([(
                    "ext".to_owned(),
                    Cell {
                        verdict: Verdict::Fail,
                        answer: format!("valid: host={text}"),
                        abnormal: None,
                        signature: None,
                    },
                )]),
            })
            .collect(),
    };
    assert_nothing_raw(&uri_conformance::report::matrix::markdown(&matrix));
    let html = uri_conformance::report::matrix::html(&matrix);
    assert!(!html.contains("<img"), "{html}");
}

#[test]
fn huge_inputs_are_quoted_cut_and_kept_whole_beside_the_report() {
    let input = format!("http://a/{}", "%41".repeat(1_000_000));
    let report = report_with(&input, &format!("valid: path={input}"));
    let dir = std::env::temp_dir().join(format!("report-escaping-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let mut collector = report::Collector::new(&dir);
    collector.insert(report.clone());
    collector.write().expect("the reports are written");
    let md = std::fs::read_to_string(report.file(&dir, "md")).unwrap();
    let json = std::fs::read_to_string(report.file(&dir, "json")).unwrap();
    let whole = std::fs::read_to_string(report.file(&dir, "inputs.json")).unwrap();
    assert!(md.len() < 40_000, "{} bytes of Markdown", md.len());
    assert!(
        json.len() < 3_500_000 + 100_000,
        "{} bytes of JSON",
        json.len()
    );
    assert!(whole.contains(&input));
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_write_error_names_the_path() {
    let file = std::env::temp_dir().join(format!("report-escaping-file-{}", std::process::id()));
    std::fs::write(&file, "").unwrap();
    let target = file.join("x.json");
    let e = report::write_atomically(&target, b"{}").unwrap_err();
    assert!(e.to_string().contains(&file.display().to_string()), "{e}");
    let _ = std::fs::remove_file(&file);
}

/// Control characters a crate's error text or a program's answer may hold: ESC (with a
/// terminal-retitling sequence), BEL, NUL, DEL, a carriage return and a C1 control.
const CONTROLS: &str = "x\u{1b}]0;pwned\u{7}y\u{0}z\u{7f}w\r\u{9b}v";

fn assert_no_raw_control(what: &str, text: &str) {
    let raw: Vec<char> = text
        .chars()
        .filter(|c| c.is_control() && *c != '\n' && *c != '\t')
        .collect();
    assert!(raw.is_empty(), "{what} holds raw {raw:?}:\n{text}");
    assert!(
        text.contains("\\u{1b}") || text.contains("\\u001b"),
        "{what} hides the escape:\n{text}"
    );
}

#[test]
fn control_characters_become_visible_escapes_in_every_writer() {
    assert_eq!(
        report::visible(CONTROLS),
        "x\\u{1b}]0;pwned\\u{7}y\\u{0}z\\u{7f}w\\u{d}\\u{9b}v"
    );
    let mut report = report_with(CONTROLS, &format!("invalid: {CONTROLS}"));
    report.version = CONTROLS.to_owned();
    report.upstream = Some(CONTROLS.to_owned());
    assert_no_raw_control("a report's Markdown", &markdown::render(&report));
    assert_no_raw_control("the index", &report::index::render(&[report.clone()]));
    assert_no_raw_control(
        "a case line for the terminal",
        &markdown::case_line(&Request::parse(CONTROLS)),
    );

    let matrix = Matrix {
        implementations: vec![(CONTROLS.to_owned(), CONTROLS.to_owned())],
        rows: vec![Row {
            vector: "rfc3986/3.2.2/x".to_owned(),
            section: "3.2.2".to_owned(),
            place: "x.yaml".to_owned(),
            case: Request::parse(CONTROLS),
            expected: CONTROLS.to_owned(),
            results: BTreeMap::from([(
                CONTROLS.to_owned(),
                Cell {
                    verdict: Verdict::Fail,
                    answer: format!("invalid: {CONTROLS}"),
                    abnormal: None,
                    signature: None,
                },
            )]),
        }],
    };
    assert_no_raw_control(
        "the matrix's Markdown",
        &uri_conformance::report::matrix::markdown(&matrix),
    );
    assert_no_raw_control(
        "the matrix's HTML",
        &uri_conformance::report::matrix::html(&matrix),
    );

    let gate = uri_conformance::gate::GateReport {
        implementation: CONTROLS.to_owned(),
        stale: vec![CONTROLS.to_owned()],
        ..Default::default()
    };
    assert_no_raw_control("the JUnit XML", &gate.junit());
    assert_no_raw_control("the gate's summary", &gate.summary());

    // Written to disk too: the .md beside the .json.
    let dir = std::env::temp_dir().join(format!("report-controls-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let mut collector = report::Collector::new(&dir);
    collector.insert(report.clone());
    collector.write().expect("the reports are written");
    let md = std::fs::read_to_string(report.file(&dir, "md")).unwrap();
    assert_no_raw_control("a written report", &md);
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn the_field_escapes_what_a_program_says_of_itself() {
    use uri_conformance::report::field::{Field, Finding, Parser, Row};
    let hostile = "<script>alert(1)</script> [x](javascript:alert(1)) <img src=x onerror=alert(1)>\r# injected | cell &amp; *em* _em_\n## also";
    let parser = Parser {
        name: "x".to_owned(),
        language: hostile.to_owned(),
        library: hostile.to_owned(),
        version: hostile.to_owned(),
        spec: hostile.to_owned(),
        judged_by: "RFC 3986".to_owned(),
        bundled: false,
        adapter: format!("adapters/`{hostile}"),
    };
    let field = Field {
        parsers: vec![Row {
            parser,
            operations: BTreeMap::new(),
            parts: BTreeMap::new(),
            whatwg: None,
            confirmed_bugs: vec![Finding {
                signature: "parse-x".to_owned(),
                op: "parse".to_owned(),
                security: false,
                report: "x/parse-x.md".to_owned(),
                upstream: Some(hostile.to_owned()),
                same_code_as: None,
            }],
            candidate_bugs: Vec::new(),
            known_differences: 0,
        }],
    };
    let dir = std::env::temp_dir().join(format!("report-field-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("a folder");
    uri_conformance::report::field::page(&field)
        .and_then(|page| page.write(&dir))
        .expect("written");
    let page = std::fs::read_to_string(dir.join("field.md")).expect("field.md");
    let _ = std::fs::remove_dir_all(&dir);
    assert_nothing_raw(&page);
    assert!(!page.contains('\r'), "a raw carriage return:\n{page}");
    let plain = outside_code(&page);
    for needle in ["&amp;", "*em*", "_em_"] {
        assert!(!plain.contains(needle), "{needle} raw in:\n{page}");
    }
    for line in page.lines() {
        assert!(
            !line.starts_with("# injected") && !line.starts_with("## also"),
            "an injected heading:\n{page}"
        );
    }
    // The WHATWG profile names a program that claims the URL Standard by what it says too.
    use uri_conformance::report::whatwg_profile::{ImplementationProfile, ModelProfile, Profile};
    let profile = Profile {
        cases: 0,
        model: ModelProfile {
            agree: 0,
            disagreements: Vec::new(),
        },
        implementations: vec![ImplementationProfile {
            name: "x".to_owned(),
            version: hostile.to_owned(),
            pass: 0,
            fail: 0,
            unsupported: 0,
            failures: Vec::new(),
            listed_but_passing: Vec::new(),
        }],
    };
    let whatwg = uri_conformance::report::whatwg_profile::markdown(&profile);
    assert_nothing_raw(&whatwg);
    assert!(!outside_code(&whatwg).contains("&amp;"), "{whatwg}");
    // Every row of the first table has as many cells as its header.
    let cells = |line: &str| outside_code(line).matches('|').count();
    let rows: Vec<&str> = page
        .lines()
        .skip_while(|l| !l.starts_with("| language"))
        .take_while(|l| l.starts_with('|'))
        .collect();
    assert_eq!(rows.len(), 3, "{page}");
    assert!(rows.iter().all(|r| cells(r) == cells(rows[0])), "{page}");
}
