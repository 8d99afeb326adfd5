//! The gate: every bundled adapter against the vector corpus, under its expectations file
//! (`expectations/<name>.yaml`), so that a new crate version that changes behaviour fails here;
//! and the gate's own rules on a small corpus written here and an implementation with known
//! flaws: what a failure message shows, that an unsupported vector is never an unexpected pass,
//! what the two updates of the expectations file write, the JUnit XML and the per-vector trials.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::Duration;

use uri_conformance::gate::{self, Bless, Expectations, GateReport, Status, check_with};
use uri_conformance::impls::reference::Reference;
use uri_conformance::impls::{About, Implementation, bundled};
use uri_conformance::model::Outcome;
use uri_conformance::reference::{Level, ParseOptions, Rule};
use uri_conformance::vectors::{Vector, default_dir, load_dir, parse_file};

#[test]
fn every_adapter_meets_its_expectations() {
    let vectors = load_dir(&default_dir()).expect("the corpus loads");
    let mut failures = Vec::new();
    for implementation in bundled() {
        let name = implementation.about().name.to_owned();
        if name == "reference" {
            continue;
        }
        let path = Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("expectations")
            .join(format!("{name}.yaml"));
        assert!(
            path.is_file(),
            "{} is missing: write it with `uri-conformance gate --impl {name} --expectations {} --write-expectations`",
            path.display(),
            path.display()
        );
        let expectations = Expectations::load(&path).expect("the expectations file reads");
        assert_eq!(expectations.implementation, name, "{}", path.display());
        let report = check_with(
            Arc::from(implementation),
            &vectors,
            &expectations,
            Duration::from_secs(10),
        );
        // The parse, resolve and normalize vectors run; those of the other kinds are counted.
        assert!(report.cases.len() > 900, "{}", report.cases.len());
        assert_eq!(report.outside_count(), vectors.len() - report.cases.len());
        if !report.ok() {
            failures.push(report.summary());
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n\n"));
}

/// The reference, with three flaws: it takes an IPvFuture host for an error, does not remove
/// dot-segments from a reference's path in resolution (`../g` against `http://a/b/c/d;p?q` gives
/// `http://a/b/c/../g`), and does not normalize at all.
struct Flawed;

impl Implementation for Flawed {
    fn about(&self) -> About<'_> {
        About {
            name: "flawed",
            version: "flawed 1.0.0",
            spec: "RFC 3986",
            docs: "tests/gate.rs",
        }
    }

    fn parse(&self, input: &str, rule: Rule, options: ParseOptions) -> Outcome {
        if input.contains("[v") {
            return Outcome::invalid("no IPvFuture".to_owned());
        }
        Reference.parse(input, rule, options)
    }

    fn resolve(&self, base: &str, reference: &str, strict: bool) -> Outcome {
        if reference == "../g" && base == "http://a/b/c/d;p?q" {
            return Outcome::Resolved("http://a/b/c/../g".to_owned());
        }
        Reference.resolve(base, reference, strict)
    }

    fn normalize(&self, _input: &str, _level: Level) -> Outcome {
        Outcome::Unsupported
    }
}

/// Six vectors: two resolutions from RFC 3986 §5.4.1, an IPvFuture host (§3.2.2), a
/// normalization (§6.2.2.1), and one vector each of two kinds the gate does not run.
const CORPUS: &str = r#"vectors:
  - id: normal-dot-dot-g
    section: "5.4.1"
    op: resolve
    base: "http://a/b/c/d;p?q"
    input: "../g"
    expect:
      target: "http://a/b/g"
  - id: normal-g
    section: "5.4.1"
    op: resolve
    base: "http://a/b/c/d;p?q"
    input: "g"
    expect:
      target: "http://a/b/c/g"
  - id: ipvfuture
    section: "3.2.2"
    op: parse
    input: "http://[v7.x]/"
    expect:
      components: {scheme: "http", userinfo: null, host: "[v7.x]", port: null, path: "/", query: null, fragment: null}
      host_kind: "ipvfuture"
  - id: case
    section: "6.2.2.1"
    op: normalize
    level: "syntax"
    input: "HTTP://A/"
    expect:
      normalized: "http://a/"
  - id: tilde
    section: "6.2.1"
    op: equivalent
    input: "http://a/%7e"
    other: "http://a/~"
    expect:
      equivalent: true
  - id: split
    section: "B"
    op: split
    input: "a:b"
    expect:
      split: {scheme: "a", authority: null, path: "b", query: null, fragment: null}
"#;

fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("gate-test-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

fn corpus(dir: &Path) -> Vec<Vector> {
    let file = dir.join("small.yaml");
    std::fs::write(&file, CORPUS).unwrap();
    let mut vectors = parse_file(&file, "rfc3986", CORPUS).expect("the small corpus loads");
    // Sorted by test name, as `load_dir` gives the corpus.
    vectors.sort_by_key(Vector::name);
    vectors
}

fn listed(entries: &[(&str, &str)]) -> Expectations {
    Expectations {
        implementation: "flawed".to_owned(),
        failures: entries
            .iter()
            .map(|(k, v)| ((*k).to_owned(), (*v).to_owned()))
            .collect(),
    }
}

fn run(vectors: &[Vector], expectations: &Expectations) -> GateReport {
    check_with(
        Arc::new(Flawed),
        vectors,
        expectations,
        Duration::from_secs(5),
    )
}

fn case<'a>(report: &'a GateReport, name: &str) -> &'a gate::GateCase {
    report
        .cases
        .iter()
        .find(|c| c.vector == name)
        .unwrap_or_else(|| panic!("{name} not run"))
}

#[test]
fn a_new_failure_shows_the_operation_the_answers_what_differs_and_where() {
    let dir = scratch("explain");
    let vectors = corpus(&dir);
    let report = run(&vectors, &listed(&[]));
    assert!(!report.ok());
    let new: Vec<&str> = report.new_failures().map(|c| c.vector.as_str()).collect();
    assert_eq!(
        new,
        ["rfc3986/3.2.2/ipvfuture", "rfc3986/5.4.1/normal-dot-dot-g"]
    );

    let resolve = case(&report, "rfc3986/5.4.1/normal-dot-dot-g");
    assert_eq!(resolve.differing, ["target", "path"]);
    let message = resolve.explain();
    for line in [
        "new failure: rfc3986/5.4.1/normal-dot-dot-g",
        r#"  operation: resolve "../g" against base "http://a/b/c/d;p?q" (strict)"#,
        r#"  expected:  target "http://a/b/g""#,
        r#"  answer:    target "http://a/b/c/../g""#,
        "  differs:   target, path",
        // The vector's `id` is on line 2 of the file.
        &format!("  vector:    {}:2", dir.join("small.yaml").display()),
    ] {
        assert!(
            message.lines().any(|l| l == line),
            "{line:?} not in:\n{message}"
        );
    }
    let signature = resolve.signature.as_deref().expect("a signature");
    assert!(
        message.contains(&format!("  signature: {signature}\n")),
        "{message}"
    );

    let parse = case(&report, "rfc3986/3.2.2/ipvfuture");
    assert_eq!(parse.differing, ["validity"]);
    assert!(
        parse
            .explain()
            .contains(r#"  operation: parse "http://[v7.x]/" by rule URI-reference"#),
        "{}",
        parse.explain()
    );
    // The summary holds every message.
    assert!(report.summary().contains(&message), "{}", report.summary());
    assert!(report.summary().ends_with("gate: FAIL"));
}

#[test]
fn the_kinds_outside_the_gate_are_counted_and_never_run() {
    let dir = scratch("outside");
    let vectors = corpus(&dir);
    let report = run(&vectors, &listed(&[]));
    assert_eq!(report.cases.len(), 4);
    assert_eq!(
        report.outside,
        BTreeMap::from([("equivalent".to_owned(), 1), ("split".to_owned(), 1)])
    );
    assert!(
        report
            .summary()
            .contains("outside the gate: 2 vectors (equivalent 1, split 1)"),
        "{}",
        report.summary()
    );
    let split = vectors.iter().find(|v| v.id == "split").unwrap();
    assert_eq!(gate::kind(&split.case), "split");
    assert_eq!(gate::operation(&split.case), r#"split "a:b" by Appendix B"#);
    // An entry for a vector the gate does not run can never be checked: it is stale.
    let report = run(
        &vectors,
        &listed(&[
            ("rfc3986/3.2.2/ipvfuture", "no IPvFuture"),
            ("rfc3986/5.4.1/normal-dot-dot-g", "no dot-segments"),
            ("rfc3986/6.2.1/tilde", "no equivalence"),
        ]),
    );
    assert_eq!(report.stale, ["rfc3986/6.2.1/tilde"]);
    assert!(!report.ok());
}

#[test]
fn an_unsupported_vector_is_never_an_unexpected_pass() {
    let dir = scratch("unsupported");
    let vectors = corpus(&dir);
    let report = run(
        &vectors,
        &listed(&[
            ("rfc3986/3.2.2/ipvfuture", "no IPvFuture"),
            ("rfc3986/5.4.1/normal-dot-dot-g", "no dot-segments"),
            ("rfc3986/6.2.2.1/case", "normalizes nothing"),
        ]),
    );
    assert_eq!(
        case(&report, "rfc3986/6.2.2.1/case").status(),
        Status::Unsupported
    );
    assert_eq!(report.unexpected_passes().count(), 0);
    assert!(report.ok(), "{}", report.summary());
    assert!(
        report
            .summary()
            .contains("1 listed vectors are unsupported"),
        "{}",
        report.summary()
    );

    // A listed vector that passes is one.
    let report = run(
        &vectors,
        &listed(&[
            ("rfc3986/3.2.2/ipvfuture", "no IPvFuture"),
            ("rfc3986/5.4.1/normal-dot-dot-g", "no dot-segments"),
            ("rfc3986/5.4.1/normal-g", "was wrong once"),
        ]),
    );
    let passes: Vec<&str> = report
        .unexpected_passes()
        .map(|c| c.vector.as_str())
        .collect();
    assert_eq!(passes, ["rfc3986/5.4.1/normal-g"]);
    let message = case(&report, "rfc3986/5.4.1/normal-g").explain();
    assert!(
        message.starts_with("unexpected pass: rfc3986/5.4.1/normal-g (listed as: was wrong once)"),
        "{message}"
    );
    assert!(message.contains("URI_CONFORMANCE_BLESS=prune"), "{message}");
}

#[test]
fn prune_drops_fixed_and_stale_entries_and_never_adds_one() {
    let dir = scratch("prune");
    let vectors = corpus(&dir);
    let report = run(
        &vectors,
        &listed(&[
            ("rfc3986/5.4.1/normal-dot-dot-g", "no dot-segments"),
            ("rfc3986/5.4.1/normal-g", "was wrong once"),
            ("rfc3986/6.2.2.1/case", "normalizes nothing"),
            ("rfc3986/9.9/gone", "a vector since removed"),
        ]),
    );
    // Still failing and unsupported entries stay; the new failure (ipvfuture) is not added.
    assert_eq!(
        report.pruned(),
        listed(&[
            ("rfc3986/5.4.1/normal-dot-dot-g", "no dot-segments"),
            ("rfc3986/6.2.2.1/case", "normalizes nothing"),
        ])
    );
    // Writing lists exactly the failing vectors, with the reasons already written.
    let written = report.written();
    assert_eq!(
        written.failures.keys().collect::<Vec<_>>(),
        ["rfc3986/3.2.2/ipvfuture", "rfc3986/5.4.1/normal-dot-dot-g"]
    );
    assert_eq!(
        written.failures["rfc3986/5.4.1/normal-dot-dot-g"],
        "no dot-segments"
    );
    assert!(
        written.failures["rfc3986/3.2.2/ipvfuture"].starts_with("candidate bug, signature "),
        "{}",
        written.failures["rfc3986/3.2.2/ipvfuture"]
    );

    // The file: prune writes what `pruned` gives, and says what it removed.
    let path = dir.join("expectations.yaml");
    let (added, removed) = gate::bless(&report, &path, Bless::Prune).unwrap();
    assert!(added.is_empty());
    assert_eq!(removed, ["rfc3986/5.4.1/normal-g", "rfc3986/9.9/gone"]);
    assert_eq!(
        Expectations::load_for(&path, "flawed").unwrap(),
        report.pruned()
    );
    // After a prune the new failure still fails the gate.
    let again = run(&vectors, &Expectations::load(&path).unwrap());
    assert_eq!(again.new_failures().count(), 1);
    assert!(!again.ok());
}

#[test]
fn bless_is_read_from_its_variable() {
    assert_eq!(Bless::from_value(None), Ok(Bless::Check));
    assert_eq!(Bless::from_value(Some("")), Ok(Bless::Check));
    assert_eq!(Bless::from_value(Some("0")), Ok(Bless::Check));
    assert_eq!(Bless::from_value(Some("1")), Ok(Bless::Write));
    assert_eq!(Bless::from_value(Some("overwrite")), Ok(Bless::Write));
    assert_eq!(Bless::from_value(Some("prune")), Ok(Bless::Prune));
    let e = Bless::from_value(Some("yes")).unwrap_err();
    assert!(e.starts_with("URI_CONFORMANCE_BLESS=\"yes\""), "{e}");
}

#[test]
fn junit_has_times_totals_sections_and_skip_reasons() {
    let dir = scratch("junit");
    let vectors = corpus(&dir);
    let report = run(
        &vectors,
        &listed(&[
            ("rfc3986/5.4.1/normal-dot-dot-g", "no dot-segments"),
            ("rfc3986/9.9/gone", "a vector since removed"),
        ]),
    );
    let xml = report.junit();
    // Four vectors and one stale entry; the new failure and the stale entry fail; the
    // normalization is skipped.
    let totals = r#"tests="5" failures="2" errors="0" skipped="1" time=""#;
    assert_eq!(xml.matches(totals).count(), 2, "{xml}");
    assert!(xml.contains(r#"<testsuite name="flawed" "#), "{xml}");
    assert!(
        xml.contains(r#"<testcase classname="rfc3986/5.4.1" name="rfc3986/5.4.1/normal-g" time=""#),
        "{xml}"
    );
    assert!(
        xml.contains(
            r#"<skipped message="unsupported: flawed does not answer normalize &quot;HTTP://A/&quot; at level syntax"/>"#
        ),
        "{xml}"
    );
    assert!(
        xml.contains(r#"<failure message="new failure" type="new-failure">new failure: rfc3986/3.2.2/ipvfuture"#),
        "{xml}"
    );
    assert!(
        xml.contains(r#"<system-out>expected failure: no dot-segments</system-out>"#),
        "{xml}"
    );
    assert!(
        xml.contains(r#"name="rfc3986/9.9/gone" time="0"><failure message="stale entry""#),
        "{xml}"
    );
    assert!(xml.contains("outside the gate: 2 vectors"), "{xml}");
    assert_eq!(xml.matches("<testcase ").count(), 5);
}

/// One vector of RFC 6874 (a zone identifier, asked only of an implementation that reads them).
const ZONE_CORPUS: &str = r#"vectors:
  - id: zone
    section: "2"
    op: parse
    zone_id: true
    input: "http://[fe80::1%25en1]/"
    expect:
      components: {scheme: "http", userinfo: null, host: "[fe80::1%25en1]", port: null, path: "/", query: null, fragment: null}
      host_kind: "ipv6"
"#;

/// The reference under another name, saying that it reads zone identifiers.
struct ZoneReader;

impl Implementation for ZoneReader {
    fn about(&self) -> About<'_> {
        About {
            name: "zone-reader",
            version: "zone-reader 1.0.0",
            spec: "RFC 3986",
            docs: "tests/gate.rs",
        }
    }

    fn parse(&self, input: &str, rule: Rule, options: ParseOptions) -> Outcome {
        Reference.parse(input, rule, options)
    }

    fn supports_zone_id(&self) -> bool {
        true
    }
}

#[test]
fn a_zone_vector_is_skipped_naming_the_method_that_opts_in() {
    let dir = scratch("zone");
    let file = dir.join("zone.yaml");
    std::fs::write(&file, ZONE_CORPUS).unwrap();
    let vectors = parse_file(&file, "rfc6874", ZONE_CORPUS).expect("the zone corpus loads");
    // Flawed keeps the trait's default, `supports_zone_id() == false`.
    let report = run(&vectors, &listed(&[]));
    let zone = case(&report, "rfc6874/2/zone");
    assert_eq!(zone.status(), Status::Unsupported);
    let reason = zone.skipped.as_deref().expect("a reason");
    assert!(
        reason.contains("`Implementation::supports_zone_id()`"),
        "{reason}"
    );
    assert!(report.junit().contains("supports_zone_id()"));
    // One that overrides it is asked, and the vector runs.
    let report = check_with(
        Arc::new(ZoneReader),
        &vectors,
        &Expectations::default(),
        Duration::from_secs(5),
    );
    let zone = case(&report, "rfc6874/2/zone");
    assert_eq!(zone.status(), Status::Ok);
    assert_eq!(zone.skipped, None);
}

#[test]
fn a_vector_of_the_built_in_corpus_is_placed_in_uri_conformance() {
    // Outside a checkout the corpus is the copy built into the crate, whose files have
    // relative paths: the crate under test has no such file, so the place says whose it is.
    let vectors = uri_conformance::vectors::load_embedded().expect("the embedded corpus loads");
    let place = gate::place(&vectors[0]);
    assert!(place.starts_with("vectors/"), "{place}");
    assert!(place.contains("in uri-conformance's corpus"), "{place}");
    // The checkout's own corpus is named by its path.
    let on_disk = load_dir(&default_dir()).expect("the corpus loads");
    assert_eq!(
        gate::place(&on_disk[0]),
        format!("{}:{}", on_disk[0].file.display(), on_disk[0].line)
    );
}

#[cfg(feature = "runner")]
mod runner {
    use super::*;
    use libtest_mimic::Arguments;
    use uri_conformance::gate::runner::{run, trials};

    /// The arguments of `cargo test [FILTER]`, the output to `log`.
    fn arguments(filter: Option<&str>, log: &Path) -> Arguments {
        Arguments {
            filter: filter.map(str::to_owned),
            test_threads: Some(1),
            logfile: Some(log.display().to_string()),
            ..Arguments::default()
        }
    }

    #[test]
    fn one_trial_per_vector_named_by_id_and_one_per_stale_entry() {
        let dir = scratch("runner");
        let vectors = corpus(&dir);
        let path = dir.join("expectations.yaml");
        std::fs::write(
            &path,
            listed(&[
                ("rfc3986/5.4.1/normal-dot-dot-g", "no dot-segments"),
                ("rfc3986/9.9/gone", "a vector since removed"),
            ])
            .to_yaml(),
        )
        .unwrap();
        let all = trials(Arc::new(Flawed), &vectors, &path, Bless::Check).unwrap();
        let names: Vec<&str> = all.iter().map(|t| t.name()).collect();
        assert_eq!(
            names,
            [
                "rfc3986/3.2.2/ipvfuture",
                "rfc3986/5.4.1/normal-dot-dot-g",
                "rfc3986/5.4.1/normal-g",
                "rfc3986/6.2.2.1/case",
                "expectations/rfc3986/9.9/gone",
            ]
        );
        // The new failure and the stale entry fail, the unsupported vector is ignored.
        let log = dir.join("log");
        let conclusion = libtest_mimic::run(&arguments(None, &log), all);
        assert_eq!(
            (
                conclusion.num_passed,
                conclusion.num_failed,
                conclusion.num_ignored
            ),
            (2, 2, 1)
        );
        let output = std::fs::read_to_string(&log).unwrap();
        for line in [
            "new failure: rfc3986/3.2.2/ipvfuture",
            r#"  operation: parse "http://[v7.x]/" by rule URI-reference"#,
            "  differs:   validity",
        ] {
            assert!(
                output.lines().any(|l| l == line),
                "{line:?} not in:\n{output}"
            );
        }
        assert!(
            output.contains(&format!(
                "stale entry: {} lists rfc3986/9.9/gone, which names no vector the gate runs",
                path.display()
            )),
            "{output}"
        );
        assert!(
            output.contains(
                r#"unsupported: flawed does not answer normalize "HTTP://A/" at level syntax"#
            ),
            "{output}"
        );
        // A section, as `cargo test rfc3986/5.4.1` selects it.
        let all = trials(Arc::new(Flawed), &vectors, &path, Bless::Check).unwrap();
        let conclusion = libtest_mimic::run(&arguments(Some("rfc3986/5.4.1"), &log), all);
        assert_eq!(
            (
                conclusion.num_passed,
                conclusion.num_failed,
                conclusion.num_filtered_out
            ),
            (2, 0, 3)
        );
    }

    #[test]
    fn bless_writes_a_missing_file_then_the_trials_pass() {
        let dir = scratch("runner-bless");
        let vectors = corpus(&dir);
        let path = dir.join("tests").join("expectations.yaml");
        let Err(e) = trials(Arc::new(Flawed), &vectors, &path, Bless::Check) else {
            panic!("a missing file is an error");
        };
        assert!(e.contains("URI_CONFORMANCE_BLESS=1"), "{e}");
        let all = trials(Arc::new(Flawed), &vectors, &path, Bless::Write).unwrap();
        let conclusion = libtest_mimic::run(&arguments(None, &dir.join("log")), all);
        assert_eq!((conclusion.num_failed, conclusion.num_ignored), (0, 1));
        let written = Expectations::load_for(&path, "flawed").unwrap();
        assert_eq!(
            written.failures.keys().collect::<Vec<_>>(),
            ["rfc3986/3.2.2/ipvfuture", "rfc3986/5.4.1/normal-dot-dot-g"]
        );
    }

    #[test]
    fn the_run_writes_the_junit_of_the_trials_that_ran() {
        let dir = scratch("runner-junit");
        let vectors = corpus(&dir);
        let path = dir.join("expectations.yaml");
        std::fs::write(
            &path,
            listed(&[
                ("rfc3986/5.4.1/normal-dot-dot-g", "no dot-segments"),
                ("rfc3986/9.9/gone", "a vector since removed"),
            ])
            .to_yaml(),
        )
        .unwrap();
        let junit = dir.join("junit.xml");
        let log = dir.join("log");
        let conclusion = run(
            Arc::new(Flawed),
            &vectors,
            &path,
            Bless::Check,
            &arguments(None, &log),
            Some(&junit),
        )
        .unwrap();
        assert_eq!(conclusion.num_failed, 2);
        let xml = std::fs::read_to_string(&junit).unwrap();
        assert_eq!(
            xml.matches(r#"tests="5" failures="2" errors="0" skipped="1""#)
                .count(),
            2,
            "{xml}"
        );
        // One section only: its two vectors, and the stale entry.
        let conclusion = run(
            Arc::new(Flawed),
            &vectors,
            &path,
            Bless::Check,
            &arguments(Some("rfc3986/5.4.1"), &log),
            Some(&junit),
        )
        .unwrap();
        assert_eq!(conclusion.num_passed, 2);
        let xml = std::fs::read_to_string(&junit).unwrap();
        assert!(
            xml.contains(r#"tests="3" failures="1" errors="0" skipped="0""#),
            "{xml}"
        );
        assert_eq!(
            xml.matches(r#"classname="rfc3986/5.4.1""#).count(),
            2,
            "{xml}"
        );
    }
}
