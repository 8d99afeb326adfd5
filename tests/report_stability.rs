//! A committed `reports/` changes only when a behaviour does: what moves with every run (counts,
//! the first source, the first case, the examples) goes to `stats.json`, and the list of changes
//! names the signatures that appear or go and the verdicts and minimal cases that change.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use uri_conformance::protocol::Request;
use uri_conformance::report::changes::{Before, Change, report_changes};
use uri_conformance::report::rfc::Citation;
use uri_conformance::report::{Collector, Exhibit, KnownEntry, Report};

fn exhibit(input: &str, actual: &str) -> Exhibit {
    Exhibit {
        case: Request::parse(input),
        reference: "invalid: port: invalid character in port at byte 9".to_owned(),
        actual: actual.to_owned(),
        standard: None,
        others: BTreeMap::from([("other".to_owned(), "invalid: no".to_owned())]),
        chain: Vec::new(),
    }
}

fn report(signature: &str, minimal: &str) -> Report {
    Report {
        implementation: "crate".to_owned(),
        version: "crate 1.0.0".to_owned(),
        spec: "RFC 3986".to_owned(),
        signature: signature.to_owned(),
        op: "parse".to_owned(),
        kind: "accepts-invalid".to_owned(),
        fields: vec!["port".to_owned()],
        detail: "port-letter".to_owned(),
        class: "candidate bug".to_owned(),
        security: true,
        known: None,
        rfc: Citation {
            section: "RFC 3986 §3.2.3".to_owned(),
            text: "port = *DIGIT".to_owned(),
            note: None,
        },
        verdict: None,
        upstream: None,
        minimal: exhibit(minimal, "valid: port=\"a\""),
        original: exhibit("http://long.example:8a/path", "valid: port=\"8a\""),
        examples: vec![Request::parse(minimal)],
        counts: BTreeMap::from([("vectors".to_owned(), 1)]),
        first_seen: "vectors".to_owned(),
        reproduction: None,
        reproduction_language: None,
        selection: None,
        same_code_as: None,
        seen_in: Default::default(),
    }
}

/// The same behaviour seen on other cases, other times, from other sources.
fn seen_otherwise(mut report: Report) -> Report {
    report.counts = BTreeMap::from([
        ("fuzz seed 1".to_owned(), 12_345),
        ("urls/list.txt".to_owned(), 7),
    ]);
    report.first_seen = "fuzz seed 1".to_owned();
    report.original = exhibit("http://other.example:9b/q?x", "valid: port=\"9b\"");
    report.examples = vec![
        Request::parse("//h:b"),
        Request::parse("//h:c/d"),
        Request::parse("http://h:zz"),
    ];
    report
}

fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("report-stability-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

fn write(dir: &Path, reports: &[Report]) {
    let mut collector = Collector::new(dir);
    for report in reports {
        collector.insert(report.clone());
    }
    collector.write_pruning().expect("written");
}

fn bytes(path: PathBuf) -> Vec<u8> {
    std::fs::read(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

#[test]
fn other_counts_and_examples_leave_the_reports_byte_identical() {
    let one = scratch("one");
    let two = scratch("two");
    let plain = report("parse-accepts-invalid-port-letter", "//h:a");
    let busy = seen_otherwise(plain.clone());
    write(&one, std::slice::from_ref(&plain));
    write(&two, std::slice::from_ref(&busy));
    for extension in ["md", "json"] {
        assert_eq!(
            bytes(plain.file(&one, extension)),
            bytes(busy.file(&two, extension)),
            "the .{extension} file depends on counts or examples"
        );
    }
    assert_eq!(bytes(one.join("README.md")), bytes(two.join("README.md")));
    // The statistics are all in one file, and read back with the report.
    let stats_one = String::from_utf8(bytes(one.join("stats.json"))).unwrap();
    let stats_two = String::from_utf8(bytes(two.join("stats.json"))).unwrap();
    assert_ne!(stats_one, stats_two);
    assert!(stats_two.contains("12345") && stats_two.contains("other.example"));
    let read = uri_conformance::report::read_all(&two).unwrap();
    assert_eq!(read.len(), 1);
    assert_eq!(read[0].counts["fuzz seed 1"], 12_345);
    assert_eq!(read[0].first_seen, "fuzz seed 1");
    assert_eq!(
        read[0].original.case,
        Request::parse("http://other.example:9b/q?x")
    );
    assert_eq!(read[0].examples.len(), 3);
    // Nor does a report's own text mention them.
    let md = String::from_utf8(bytes(busy.file(&two, "md"))).unwrap();
    assert!(
        !md.contains("12345") && !md.contains("other.example"),
        "{md}"
    );

    // Writing the busier run over the plain one changes only stats.json.
    let before_md = bytes(plain.file(&one, "md"));
    let before_json = bytes(plain.file(&one, "json"));
    write(&one, std::slice::from_ref(&busy));
    assert_eq!(bytes(plain.file(&one, "md")), before_md);
    assert_eq!(bytes(plain.file(&one, "json")), before_json);
    let _ = std::fs::remove_dir_all(&one);
    let _ = std::fs::remove_dir_all(&two);
}

#[test]
fn the_change_list_names_added_removed_and_changed_signatures() {
    let dir = scratch("changes");
    let gone = report("parse-accepts-invalid-port-letter", "//h:a");
    let stays = report("parse-accepts-invalid-port-sign", "//h:+");
    write(&dir, &[gone.clone(), stays.clone()]);

    let before = Before::read(&dir);
    let appears = report("parse-accepts-invalid-port-space", "//h: ");
    // The same behaviour seen more often is no change.
    let stays_busier = seen_otherwise(stays.clone());
    write(&dir, &[stays_busier, appears]);
    let changes = before.changes(&dir);
    assert_eq!(
        changes,
        vec![
            Change::Removed {
                report: "crate/parse-accepts-invalid-port-letter".to_owned(),
                verdict: "candidate bug, security".to_owned(),
            },
            Change::Added {
                report: "crate/parse-accepts-invalid-port-space".to_owned(),
                verdict: "candidate bug, security".to_owned(),
                minimal: "parse \"//h: \"".to_owned(),
            },
        ]
    );
    assert!(!gone.file(&dir, "md").exists() && !gone.file(&dir, "json").exists());
    let stats = String::from_utf8(bytes(dir.join("stats.json"))).unwrap();
    assert!(!stats.contains("port-letter"), "{stats}");

    // A verdict and a minimal case that change are named, with both sides.
    let mut judged = stays.clone();
    judged.known = Some(KnownEntry {
        id: "crate-sign".to_owned(),
        class: "confirmed bug".to_owned(),
        reason: "checked".to_owned(),
        link: "https://example.org".to_owned(),
        upstream: None,
        seen_with: Vec::new(),
    });
    judged.class = "confirmed bug".to_owned();
    judged.minimal = exhibit("//h:-", "valid: port=\"-\"");
    let changes = report_changes(&[stays], &[judged]);
    assert_eq!(changes.len(), 2, "{changes:?}");
    assert_eq!(
        changes[0].to_string(),
        "~ crate/parse-accepts-invalid-port-sign: verdict candidate bug, security -> confirmed bug (crate-sign), security"
    );
    assert_eq!(
        changes[1].to_string(),
        "~ crate/parse-accepts-invalid-port-sign: minimal case parse \"//h:+\" (valid: port=\"a\") -> parse \"//h:-\" (valid: port=\"-\")"
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_finding_of_shared_code_is_filed_with_the_original_and_counted_once() {
    use uri_conformance::diff::catalogue::SharedCode;
    let dir = scratch("shared-code");
    let of = |implementation: &str, signature: &str| Report {
        implementation: implementation.to_owned(),
        ..report(signature, "//h:a")
    };
    let shared = [SharedCode {
        implementation: "fork".to_owned(),
        with: "crate".to_owned(),
        evidence: "a fork of crate".to_owned(),
    }];
    let mut collector = Collector::new(&dir).with_shared_code(&shared);
    for report in [
        of("crate", "parse-accepts-invalid-port"),
        of("fork", "parse-accepts-invalid-port"),
        of("fork", "parse-accepts-invalid-host"),
    ] {
        collector.insert(report);
    }
    let all = collector.write().unwrap();
    let same = |implementation: &str, signature: &str| {
        all.iter()
            .find(|r| r.implementation == implementation && r.signature == signature)
            .unwrap()
            .same_code_as
            .clone()
    };
    assert_eq!(
        same("fork", "parse-accepts-invalid-port").map(|s| s.implementation),
        Some("crate".to_owned())
    );
    // The fork's own finding and the original's are causes of their own.
    assert_eq!(same("fork", "parse-accepts-invalid-host"), None);
    assert_eq!(same("crate", "parse-accepts-invalid-port"), None);
    let markdown = std::fs::read_to_string(dir.join("fork/parse-accepts-invalid-port.md")).unwrap();
    assert!(
        markdown.contains("](../crate/parse-accepts-invalid-port.md)"),
        "{markdown}"
    );
    let index = std::fs::read_to_string(dir.join("README.md")).unwrap();
    assert!(
        index.contains("3 bugs (confirmed by hand, or candidates), 0 known differences. Of the bugs, 1 is the same finding in code one implementation shares with another, counted with the original: 2 causes."),
        "{index}"
    );
    // Once the original's report is gone, the fork's is its own cause again.
    let mut collector = Collector::new(&dir).with_shared_code(&shared);
    collector.insert(of("fork", "parse-accepts-invalid-port"));
    collector.insert(of("fork", "parse-accepts-invalid-host"));
    let all = collector.write_pruning().unwrap();
    assert!(all.iter().all(|r| r.same_code_as.is_none()), "{all:?}");
    let _ = std::fs::remove_dir_all(&dir);
}

/// A parser that claims the URL Standard is shown beside the Standard's answer, in the run that
/// finds its report and in every run that finds it again (the stored minimal case confirmed).
#[test]
fn the_url_standard_answer_stays_in_a_report_found_again() {
    use std::sync::Arc;
    use std::time::Duration;
    use uri_conformance::diff::Engine;
    use uri_conformance::diff::catalogue::Catalogue;
    use uri_conformance::impls::reference::Reference;
    use uri_conformance::impls::{About, Implementation};
    use uri_conformance::model::Outcome;

    /// Answers by RFC 3986 under the name of a crate the catalogue says claims the Standard.
    struct ClaimsTheStandard;
    impl Implementation for ClaimsTheStandard {
        fn about(&self) -> About<'_> {
            About {
                name: "url",
                version: "test",
                spec: "WHATWG URL",
                docs: "",
            }
        }
        fn resolve(&self, base: &str, reference: &str, strict: bool) -> Outcome {
            Reference.resolve(base, reference, strict)
        }
    }
    let implementation = ClaimsTheStandard;
    let engine = Engine::new(
        vec![Arc::new(ClaimsTheStandard)],
        Duration::from_secs(5),
        Catalogue::bundled(),
    );
    // RFC 3986 §5.2 gives "a://b" (documented choice 1); the Standard writes "a:/.//b".
    let case = Request::Resolve {
        base: "a:/x".into(),
        input: ".//b".into(),
        strict: true,
    };
    let finding = engine.run_one("url", &case).expect("a finding");
    let answers = vec![("url".to_owned(), engine.answer_of("url", &case).unwrap())];
    let dir = scratch("url-standard-found-again");
    for run in 0..2 {
        let mut collector = Collector::new(&dir);
        collector.add(
            &implementation,
            &finding,
            &finding,
            &answers,
            &answers,
            "vectors",
        );
        let written = collector.write_pruning().unwrap();
        assert_eq!(written.len(), 1, "run {run}");
        let standard = written[0].minimal.standard.as_deref().unwrap_or_default();
        assert_eq!(standard, r#"target "a:/.//b""#, "run {run}");
    }
    let _ = std::fs::remove_dir_all(&dir);
}
