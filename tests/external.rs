//! The protocol end to end: `uri-conformance serve --impl reference` driven through the
//! external-program adapter must agree with the reference on every vector, and a program that
//! crashes, hangs or talks nonsense is reported, not fatal.

use std::sync::Arc;
use std::time::Duration;

use uri_conformance::gate::{Expectations, check_with};
use uri_conformance::impls::Implementation;
use uri_conformance::impls::external::{External, Options};
use uri_conformance::matrix::Verdict;
use uri_conformance::model::Outcome;
use uri_conformance::protocol::Request;
use uri_conformance::reference::{ParseOptions, Rule};
use uri_conformance::vectors::{default_dir, load_dir};

fn serve_reference() -> External {
    External::new(
        &format!(
            "served-reference={} serve --impl reference",
            env!("CARGO_BIN_EXE_uri-conformance")
        ),
        Duration::from_secs(10),
    )
}

#[test]
fn the_reference_through_the_protocol_passes_every_vector() {
    let vectors = load_dir(&default_dir()).expect("the corpus loads");
    let report = check_with(
        Arc::new(serve_reference()),
        &vectors,
        &Expectations::default(),
        Duration::from_secs(20),
    );
    assert!(
        report.cases.len() > 500,
        "only {} cases",
        report.cases.len()
    );
    let failing: Vec<_> = report
        .cases
        .iter()
        .filter(|c| c.verdict != Verdict::Pass)
        .map(|c| {
            format!(
                "{}: expected {}, answered {}",
                c.vector, c.expected, c.answer
            )
        })
        .collect();
    assert!(failing.is_empty(), "{}", failing.join("\n"));
    assert!(report.ok(), "{}", report.summary());
}

#[test]
fn an_error_answer_is_a_protocol_error() {
    // A program answers {"error": ...} to a request it cannot read (the server's side, an
    // unknown rule or level answered so and the loop going on, is `serve`'s unit test): the
    // adapter reports it as a protocol error, and the program is asked the next request.
    let refuses = External::new(
        r#"refuses=while read l; do echo '{"error":"not a valid request"}'; done"#,
        Duration::from_secs(5),
    );
    for _ in 0..2 {
        let bad = refuses.parse("x", Rule::Uri, ParseOptions::default());
        assert!(
            matches!(bad, Outcome::Panicked(ref m) if m.starts_with("protocol-error: ")),
            "{bad:?}"
        );
    }
    let served = serve_reference();
    let good = served.parse("http://a/b", Rule::UriReference, ParseOptions::default());
    assert!(good.is_valid(), "{good:?}");
}

#[test]
fn a_program_that_dies_or_hangs_is_reported_and_restarted() {
    let dies = External::new("dies=read line; exit 3", Duration::from_secs(5));
    let outcome = dies.parse("a", Rule::UriReference, ParseOptions::default());
    assert!(
        matches!(outcome, Outcome::Panicked(ref m) if m.contains("exited")),
        "{outcome:?}"
    );

    // It never answers: timed out whatever the limits, which leave a busy machine time to
    // start it.
    let hangs = External::with_options(
        "hangs=sleep 1000",
        Options {
            limit: Duration::from_secs(2),
            startup: Duration::from_secs(2),
            in_flight: 1,
        },
    );
    assert_eq!(
        hangs.parse("a", Rule::UriReference, ParseOptions::default()),
        Outcome::TimedOut
    );

    let garbage = External::new(
        "garbage=while read l; do echo nonsense; done",
        Duration::from_secs(5),
    );
    let outcome = garbage.parse("a", Rule::UriReference, ParseOptions::default());
    assert!(
        matches!(outcome, Outcome::Panicked(ref m) if m == "not-a-protocol-answer: nonsense"),
        "{outcome:?}"
    );
}

#[test]
fn the_python_example_adapter_speaks_the_protocol() {
    if std::process::Command::new("python3")
        .arg("--version")
        .output()
        .is_err()
    {
        eprintln!("python3 is not installed; the example adapter is not checked");
        return;
    }
    let adapter = External::new(
        &format!("{}/adapters/python/urllib/run", env!("CARGO_MANIFEST_DIR")),
        Duration::from_secs(10),
    );
    match adapter.parse(
        "http://user@a:80/b?c#d",
        Rule::UriReference,
        ParseOptions::default(),
    ) {
        Outcome::Parsed {
            components,
            host_kind,
        } => {
            assert_eq!(components.scheme.as_deref(), Some("http"));
            assert_eq!(components.userinfo.as_deref(), Some("user"));
            assert_eq!(components.host.as_deref(), Some("a"));
            assert_eq!(components.port.as_deref(), Some("80"));
            assert_eq!(components.path, "/b");
            assert_eq!(components.query.as_deref(), Some("c"));
            assert_eq!(components.fragment.as_deref(), Some("d"));
            assert_eq!(host_kind.map(|k| k.name()), Some("reg-name"));
        }
        other => panic!("{other:?}"),
    }
    assert_eq!(
        adapter.resolve("http://a/b/c/d;p?q", "../g", true),
        Outcome::Resolved("http://a/b/g".into())
    );
    assert_eq!(
        adapter.normalize("http://a", uri_conformance::reference::Level::Syntax),
        Outcome::Unsupported
    );
    // Protocol version 2: it describes itself, and a batch is answered by id.
    assert_eq!(adapter.about().name, "python-urllib");
    assert_eq!(
        adapter.about().spec,
        "RFC 3986 (loosely; urlsplit never rejects)"
    );
    let requests: Vec<Request> = (0..200)
        .map(|i| Request::Resolve {
            base: "http://a/b/c/d;p?q".into(),
            input: format!("g{i}"),
            strict: true,
        })
        .collect();
    let answers = adapter.answer_many(&requests);
    for (i, answer) in answers.iter().enumerate() {
        assert_eq!(*answer, Outcome::Resolved(format!("http://a/b/c/g{i}")));
    }
}

/// Builds adapters/c/uriparser with the C compiler into a temporary directory; `None`
/// (with a note) where the compiler or liburiparser is missing.
fn build_uriparser_adapter() -> Option<std::path::PathBuf> {
    let compiler = std::process::Command::new("cc").arg("--version").output();
    let header = std::path::Path::new("/usr/include/uriparser/Uri.h").exists()
        || std::process::Command::new("pkg-config")
            .args(["--exists", "liburiparser"])
            .status()
            .is_ok_and(|s| s.success());
    if compiler.is_err() || !header {
        eprintln!("cc or liburiparser-dev is missing: the C adapter is not checked");
        return None;
    }
    let out = std::env::temp_dir().join(format!("uriparser-adapter-{}", std::process::id()));
    let source = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/adapters/c/uriparser/adapter.c"
    );
    let built = std::process::Command::new("cc")
        .args(["-O2", "-Wall", "-Wextra", "-Werror", "-o"])
        .arg(&out)
        .arg(source)
        .arg("-luriparser")
        .output()
        .expect("cc runs");
    assert!(
        built.status.success(),
        "the C adapter does not build: {}",
        String::from_utf8_lossy(&built.stderr)
    );
    Some(out)
}

#[test]
fn the_c_uriparser_adapter_speaks_protocol_version_2() {
    let Some(program) = build_uriparser_adapter() else {
        return;
    };
    let adapter = External::with_options(
        &program.display().to_string(),
        Options {
            limit: Duration::from_secs(10),
            startup: Duration::from_secs(10),
            in_flight: 64,
        },
    );
    // Named by its own answer to about, not by its file name.
    assert_eq!(adapter.about().name, "c-uriparser");
    assert!(adapter.about().version.starts_with("0."));
    // Every vector the harness can ask, in batches: each answered, none a protocol fault.
    let vectors = load_dir(&default_dir()).expect("the corpus loads");
    let requests: Vec<Request> = vectors
        .iter()
        .filter_map(uri_conformance::matrix::request)
        .collect();
    assert!(requests.len() > 500);
    let answers = adapter.answer_many(&requests);
    let faults: Vec<String> = requests
        .iter()
        .zip(&answers)
        .filter(|(_, a)| matches!(a, Outcome::Panicked(_) | Outcome::TimedOut))
        .map(|(r, a)| format!("{r:?}: {a:?}"))
        .collect();
    assert!(faults.is_empty(), "{}", faults.join("\n"));
    // A NUL, a control character and non-ASCII text travel as JSON escapes.
    let parsed = adapter.parse(
        "http://a/\u{e9}",
        Rule::UriReference,
        ParseOptions::default(),
    );
    assert!(matches!(parsed, Outcome::Invalid(_)), "{parsed:?}");
    let parsed = adapter.parse("a\0b", Rule::UriReference, ParseOptions::default());
    assert!(
        matches!(parsed, Outcome::Invalid(ref e) if e.offset() == Some(1)),
        "{parsed:?}"
    );
    assert_eq!(
        adapter.resolve("http://a/b/c/d;p?q", "../../../g", true),
        Outcome::Resolved("http://a/g".into())
    );
    assert_eq!(
        adapter.parse("a", Rule::AbsoluteUri, ParseOptions::default()),
        Outcome::Unsupported
    );
    drop(adapter);
    let _ = std::fs::remove_file(program);
}

/// A program that claims the URL Standard in its `about` answer is judged by it: `serve --impl
/// url` run as an external program gets the URL Standard's model (a known design difference),
/// not a candidate bug for every way the Standard departs from RFC 3986. A program whose claim
/// names no documented specification is judged by RFC 3986, with a warning.
#[cfg(feature = "url")]
#[test]
fn the_specification_a_program_claims_decides_its_judge() {
    let binary = env!("CARGO_BIN_EXE_uri-conformance");
    let output = std::process::Command::new(binary)
        .args([
            "diff",
            "--json",
            "--impl-cmd",
            &format!("standard={binary} serve --impl url"),
            "--",
            "HTTP://A:80/a/../b",
        ])
        .output()
        .expect("diff runs");
    let stdout = String::from_utf8_lossy(&output.stdout);
    let line: serde_json::Value = serde_json::from_str(stdout.trim()).expect("one JSON object");
    let findings = line.to_string();
    assert!(
        findings.contains("whatwg-url-standard") && !findings.contains("candidate-bug"),
        "{findings}"
    );
    use uri_conformance::impls::spec::Specification;
    assert_eq!(
        Specification::from_claim("WHATWG URL"),
        Some(Specification::UrlStandard)
    );
    assert_eq!(Specification::from_claim("RFC 2396"), None);
}

/// A program that answers `about` with `ABOUT` (a JSON object, or `unsupported` as a version 1
/// program without ids would) and every parse with `http://a:80/`'s components.
fn program_with_about(about: &str) -> Option<External> {
    let found = std::process::Command::new("python3")
        .arg("--version")
        .output()
        .is_ok_and(|o| o.status.success());
    if !found {
        eprintln!("python3 is not installed; the program is not run");
        return None;
    }
    let script = format!(
        r#"
import json, sys
about = {about}
for line in sys.stdin:
    request = json.loads(line)
    if request.get("op") == "about":
        answer = about
    else:
        answer = {{"valid": True, "host_kind": "reg-name", "components": {{"scheme": "http",
            "userinfo": None, "host": "a", "port": "80", "path": "/", "query": None,
            "fragment": None}}}}
    if "id" in request and about.get("protocol") == 2:
        answer = dict(answer, id=request["id"])
    print(json.dumps(answer), flush=True)
"#
    );
    let dir = std::env::temp_dir().join(format!(
        "external-about-{}-{}",
        std::process::id(),
        about.len()
    ));
    std::fs::create_dir_all(&dir).expect("a folder");
    let path = dir.join("program.py");
    std::fs::write(&path, script).expect("written");
    Some(External::new(
        &format!("program=python3 {}", path.display()),
        Duration::from_secs(10),
    ))
}

#[test]
fn a_version_1_program_that_answers_about_unsupported_has_no_about() {
    let Some(program) = program_with_about(r#"{"unsupported": True}"#) else {
        return;
    };
    assert_eq!(program.check_start(), Ok(()));
    assert!(matches!(
        program.parse("http://a:80/", Rule::UriReference, ParseOptions::default()),
        Outcome::Parsed { .. }
    ));
}

#[test]
fn an_unknown_blind_spot_is_an_error_at_start() {
    let Some(program) = program_with_about(
        r#"{"protocol": 2, "blind_spots": [{"field": "port", "how": "leading-zeros-gone", "reason": "u16"}]}"#,
    ) else {
        return;
    };
    let refused = program.check_start().expect_err("refused at start");
    assert!(
        refused.contains("blind spot \"leading-zeros-gone\" of field \"port\"")
            && refused.contains("number"),
        "{refused}"
    );
}

#[test]
fn a_port_read_as_a_number_is_compared_without_its_leading_zeros() {
    let Some(program) = program_with_about(
        r#"{"protocol": 2, "blind_spots": [{"field": "port", "how": "number", "reason": "an int"}]}"#,
    ) else {
        return;
    };
    assert_eq!(program.check_start(), Ok(()));
    let case = Request::parse("http://a:0080/");
    let actual = program.answer(&case);
    let expected = uri_conformance::impls::reference::Reference.answer(&case);
    let blind_spots = program.blind_spots();
    assert_eq!(
        uri_conformance::diff::compare::compare(&case, &expected, &actual, blind_spots),
        None
    );
    // Without the blind spot, the port differs; with it, a port of other digits still does.
    assert!(uri_conformance::diff::compare::compare(&case, &expected, &actual, &[]).is_some());
    let other = Request::parse("http://a:0081/");
    assert!(
        uri_conformance::diff::compare::compare(
            &other,
            &uri_conformance::impls::reference::Reference.answer(&other),
            &actual,
            blind_spots
        )
        .is_some()
    );
}

#[test]
fn a_reproduction_is_written_in_the_programs_language_and_an_unknown_style_refused() {
    let Some(program) = program_with_about(
        r#"{"protocol": 2, "reproduce": {"language": "ruby", "parse": "p URI.parse({input})", "resolve": "p URI.join({base}, {input})"}}"#,
    ) else {
        return;
    };
    assert_eq!(program.check_start(), Ok(()));
    assert_eq!(program.reproduction_language(), "ruby");
    // Ruby reads "#{" in a double-quoted string as an interpolation: escaped.
    assert_eq!(
        program.reproduction(&Request::parse("a:#{b}\0")).as_deref(),
        Some(r#"p URI.parse("a:\#{b}\u{0}")"#)
    );
    assert_eq!(
        program
            .reproduction(&Request::Normalize {
                input: "a".into(),
                level: None
            })
            .as_deref(),
        None
    );
    let Some(unknown) = program_with_about(
        r#"{"protocol": 2, "reproduce": {"language": "cobol", "parse": "DISPLAY {input}"}}"#,
    ) else {
        return;
    };
    let refused = unknown.check_start().expect_err("refused at start");
    assert!(
        refused.contains("\"cobol\"") && refused.contains("literal"),
        "{refused}"
    );
}
