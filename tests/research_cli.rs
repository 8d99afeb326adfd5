//! The command line as a security researcher uses it: verdicts as JSON, an exit status that
//! follows `--fail-on`, inputs after `--`, ad-hoc reports kept out of the checkout, and paths that
//! must exist when given.

use std::path::PathBuf;
use std::process::{Command, Output};

fn binary() -> Command {
    Command::new(env!("CARGO_BIN_EXE_uri-conformance"))
}

fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("research-cli-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("a scratch directory");
    dir
}

/// A protocol adapter (Python) that parses every input as `http://evil.example/`: a host that
/// differs from the reference's on every valid `http` input, so a security-tagged candidate bug.
const LYING_ADAPTER: &str = r#"
import json, sys
for line in sys.stdin:
    request = json.loads(line)
    answer = {"id": request.get("id")}
    if request.get("op") == "about":
        answer.update({"protocol": 2, "name": "liar", "version": "1", "spec": "RFC 3986"})
    elif request.get("op") == "parse":
        answer.update({"valid": True, "host_kind": "reg-name", "components": {
            "scheme": "http", "userinfo": None, "host": "evil.example", "port": None,
            "path": "/", "query": None, "fragment": None}})
    else:
        answer.update({"unsupported": True})
    print(json.dumps(answer), flush=True)
"#;

fn python() -> bool {
    let found = Command::new("python3")
        .arg("--version")
        .output()
        .is_ok_and(|o| o.status.success());
    if !found {
        eprintln!("python3 is not installed: the lying adapter is not run");
    }
    found
}

fn liar(dir: &std::path::Path) -> String {
    let script = dir.join("liar.py");
    std::fs::write(&script, LYING_ADAPTER).expect("written");
    format!("liar=python3 {}", script.display())
}

fn text(output: &Output) -> (String, String) {
    (
        String::from_utf8_lossy(&output.stdout).into_owned(),
        String::from_utf8_lossy(&output.stderr).into_owned(),
    )
}

#[test]
fn fail_on_decides_the_exit_status_of_one_case() {
    if !python() {
        return;
    }
    let dir = scratch("fail-on");
    let liar = liar(&dir);
    let run = |extra: &[&str], input: &str| {
        binary()
            .args(["diff", "--impl-cmd", &liar])
            .args(extra)
            .args(["--", input])
            .output()
            .expect("diff runs")
    };
    // Without --fail-on, a finding is no failure.
    let output = run(&[], "http://a/");
    assert_eq!(output.status.code(), Some(0), "{:?}", text(&output));
    assert!(
        text(&output).0.contains("candidate bug"),
        "{:?}",
        text(&output)
    );
    // A host that differs: a candidate bug, tagged security.
    assert_eq!(
        run(&["--fail-on", "candidate"], "http://a/").status.code(),
        Some(1)
    );
    let security = run(&["--fail-on", "security"], "http://a/");
    assert_eq!(security.status.code(), Some(1));
    // The finding that failed the run is named, with its case.
    let (_, stderr) = text(&security);
    assert!(
        stderr.contains("--fail-on security: liar/parse-components-host")
            && stderr.contains("[security] on parse \"http://a/\""),
        "{stderr}"
    );
    // An input the reference rejects and the liar accepts: a candidate bug, but no host of the
    // reference's to differ from, so not a security one.
    let invalid = "http://a b/";
    assert_eq!(
        run(&["--fail-on", "candidate"], invalid).status.code(),
        Some(1)
    );
    assert_eq!(run(&["--fail-on", "never"], invalid).status.code(), Some(0));
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn diff_json_gives_each_answer_with_its_verdict() {
    if !python() {
        return;
    }
    let dir = scratch("json");
    let output = binary()
        .args([
            "diff",
            "--json",
            "--impl",
            "reference",
            "--impl-cmd",
            &liar(&dir),
        ])
        .args(["--", "http://a/b?c"])
        .output()
        .expect("diff runs");
    let (stdout, stderr) = text(&output);
    assert!(output.status.success(), "{stderr}");
    let value: serde_json::Value = serde_json::from_str(stdout.trim()).expect("one JSON object");
    assert_eq!(value["case"]["input"], "http://a/b?c");
    assert_eq!(value["reference"]["components"]["host"], "a");
    assert_eq!(value["reference"]["components"]["query"], "c");
    let liar = &value["answers"][0];
    assert_eq!(liar["implementation"], "liar");
    assert_eq!(liar["verdict"], "candidate-bug");
    assert_eq!(liar["security"], true);
    assert_eq!(liar["answer"]["components"]["host"], "evil.example");
    assert!(
        liar["signature"]
            .as_str()
            .is_some_and(|s| s.starts_with("liar/")),
        "{liar}"
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[cfg(feature = "rhymuri")]
#[test]
fn an_agreement_names_the_blind_spots_that_make_it() {
    let output = binary()
        .args(["diff", "--impl", "rhymuri", "HTTP://EXAMPLE.com:/%7e"])
        .output()
        .expect("diff runs");
    let (stdout, stderr) = text(&output);
    assert!(output.status.success(), "{stderr}");
    assert!(
        stdout.contains("-> agrees through its blind spots: path re-encoded (\"/%7e\" as \"/~\")"),
        "{stdout}"
    );
    // The same answer as JSON.
    let output = binary()
        .args([
            "diff",
            "--json",
            "--impl",
            "rhymuri",
            "HTTP://EXAMPLE.com:/%7e",
        ])
        .output()
        .expect("diff runs");
    let value: serde_json::Value = serde_json::from_slice(&output.stdout).expect("one JSON object");
    let rhymuri = &value["answers"][0];
    assert_eq!(rhymuri["verdict"], "agrees");
    // The empty port and rhymuri's none, and a scheme and a host in lowercase, are no
    // difference at all (RFC 3986 §3.2.3, §3.1, §3.2.2), so no blind spot is named for them.
    assert_eq!(rhymuri["seen_alike"].as_array().map(Vec::len), Some(1));
    assert_eq!(rhymuri["seen_alike"][0]["field"], "path");
    // rhymuri decodes the path and writes a "%" back encoded.
    assert_eq!(rhymuri["seen_alike"][0]["blind_spots"][0], "re-encoded");
}

#[test]
fn diff_takes_zone_identifiers_when_asked() {
    let run = |extra: &[&str]| {
        let output = binary()
            .args(["diff", "--json", "--impl", "reference"])
            .args(extra)
            .arg("http://[fe80::1%25eth0]/")
            .output()
            .expect("diff runs");
        let value: serde_json::Value =
            serde_json::from_slice(&output.stdout).expect("one JSON object");
        value["reference"]["valid"].clone()
    };
    assert_eq!(run(&[]), false);
    assert_eq!(run(&["--zone-id"]), true);
}

#[test]
fn diff_takes_a_whole_request_that_no_argument_can_carry() {
    // A NUL cannot be an argument: the request comes as JSON, and is run as written.
    let output = binary()
        .args(["diff", "--json", "--impl", "reference", "--case"])
        .arg(r#"{"op":"resolve","base":"a:/b","input":"c\u0000d","strict":false}"#)
        .output()
        .expect("diff runs");
    assert!(output.status.success(), "{:?}", text(&output));
    let value: serde_json::Value = serde_json::from_slice(&output.stdout).expect("one JSON object");
    assert_eq!(value["case"]["input"], "c\u{0}d");
    assert_eq!(value["case"]["strict"], false);
    // A request the protocol refuses is an error naming it.
    let output = binary()
        .args([
            "diff",
            "--case",
            r#"{"op":"normalize","input":"a","level":"deep"}"#,
        ])
        .output()
        .expect("diff runs");
    assert_eq!(output.status.code(), Some(2));
    assert!(
        text(&output)
            .1
            .contains("--case: not a protocol request (unknown level \"deep\""),
        "{:?}",
        text(&output)
    );
}

#[test]
fn a_batch_prints_each_new_signature_as_a_json_line_and_writes_to_a_scratch_folder() {
    if !python() {
        return;
    }
    let dir = scratch("batch");
    let list = dir.join("urls.txt");
    std::fs::write(&list, "http://a/\nhttp://b/\nhttp://c/x\n").expect("written");
    let output = binary()
        .current_dir(&dir)
        .args([
            "diff",
            "--json",
            "--fail-on",
            "security",
            "--impl-cmd",
            &liar(&dir),
        ])
        .arg("--input-file")
        .arg(&list)
        .output()
        .expect("diff runs");
    let (stdout, stderr) = text(&output);
    assert_eq!(output.status.code(), Some(1), "{stderr}");
    let events: Vec<serde_json::Value> = stdout
        .lines()
        .map(|l| serde_json::from_str(l).expect("a JSON line"))
        .collect();
    let (summary, found) = events.split_last().expect("at least the summary");
    assert_eq!(summary["event"], "summary");
    assert!(!found.is_empty(), "{stdout}");
    for event in found {
        assert_eq!(event["event"], "new-signature");
        assert!(
            event["signature"]
                .as_str()
                .is_some_and(|s| s.starts_with("liar/"))
        );
    }
    assert!(found.iter().any(|e| e["security"] == true), "{stdout}");
    // Signatures are announced once each.
    let mut names: Vec<&str> = found
        .iter()
        .filter_map(|e| e["signature"].as_str())
        .collect();
    names.sort_unstable();
    let before = names.len();
    names.dedup();
    assert_eq!(before, names.len(), "{stdout}");
    // The reports went to a scratch folder outside the current directory, which is untouched.
    let reports = PathBuf::from(summary["reports"].as_str().expect("the reports folder"));
    assert!(!reports.starts_with(&dir), "{}", reports.display());
    assert!(reports.join("index.md").is_file() || reports.join("README.md").is_file());
    assert!(!dir.join("reports").exists());
    let _ = std::fs::remove_dir_all(&reports);
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_batch_says_which_signatures_are_new_to_the_reports_on_record() {
    if !python() {
        return;
    }
    let dir = scratch("on-record");
    let list = dir.join("urls.txt");
    std::fs::write(&list, "http://a/\nhttp://a b/\n").expect("written");
    let liar = liar(&dir);
    let run = |reports: &std::path::Path, known: &str| {
        let output = binary()
            .current_dir(&dir)
            .args([
                "diff",
                "--json",
                "--impl-cmd",
                &liar,
                "--known-reports",
                known,
            ])
            .arg("--reports")
            .arg(reports)
            .arg("--input-file")
            .arg(&list)
            .output()
            .expect("diff runs");
        let (stdout, stderr) = text(&output);
        assert!(output.status.success(), "{stderr}");
        stdout
            .lines()
            .map(|l| serde_json::from_str(l).expect("a JSON line"))
            .collect::<Vec<serde_json::Value>>()
    };
    // Measured against an empty folder, every signature is news.
    std::fs::create_dir_all(dir.join("empty")).expect("a folder");
    let first = run(&dir.join("first"), "empty");
    let (summary, found) = first.split_last().expect("the summary");
    assert!(found.len() >= 2, "{first:?}");
    assert!(
        found.iter().all(|e| e["new_to_record"] == true),
        "{first:?}"
    );
    assert_eq!(summary["new_to_record"], found.len());
    // Measured against the first run's reports, none is, and each names its report there.
    let second = run(&dir.join("second"), "first");
    let (summary, found) = second.split_last().expect("the summary");
    assert_eq!(summary["new_to_record"], 0, "{second:?}");
    for event in found {
        assert_eq!(event["new_to_record"], false, "{event}");
        let report = event["on_record"].as_str().expect("a report");
        assert!(dir.join(report).is_file(), "{report}");
    }
    // Measured against nothing, nothing is said.
    let third = run(&dir.join("third"), "none");
    assert!(third.last().expect("the summary")["new_to_record"].is_null());
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn an_input_after_the_separator_may_start_with_a_dash() {
    let output = binary()
        .args(["diff", "--impl", "reference", "--", "-a:b"])
        .output()
        .expect("diff runs");
    let (stdout, stderr) = text(&output);
    assert!(output.status.success(), "{stderr}");
    assert!(stdout.contains("parse \"-a:b\""), "{stdout}");
}

#[test]
fn a_path_given_that_does_not_exist_is_an_error() {
    let missing = std::env::temp_dir().join("research-cli-no-such-dir/urls");
    for args in [
        vec!["diff", "--impl", "reference", "--urls"],
        vec!["diff", "--impl", "reference", "--input-file"],
        vec!["crosscheck", "--dir"],
        vec!["check", "--vectors"],
        vec!["corpus", "/tmp/research-cli-corpus-unused", "--urls"],
    ] {
        let output = binary().args(&args).arg(&missing).output().expect("runs");
        let (_, stderr) = text(&output);
        assert_eq!(output.status.code(), Some(2), "{args:?}: {stderr}");
        assert!(
            stderr.contains(&missing.display().to_string()),
            "{args:?}: {stderr}"
        );
    }
}

#[test]
fn outside_a_checkout_the_binary_uses_its_own_copy_of_the_corpus() {
    // The system's temporary directory is not a checkout: the corpus comes from the binary.
    let dir = scratch("outside");
    let output = binary()
        .current_dir(&dir)
        .arg("check")
        .output()
        .expect("check runs");
    let (stdout, stderr) = text(&output);
    assert!(output.status.success(), "{stderr}");
    assert!(stdout.contains(" passed, 0 failed"), "{stdout}");
    let _ = std::fs::remove_dir_all(&dir);
}

/// A protocol adapter (Python) that splits every input as RFC 3986 Appendix B does and checks
/// nothing: the path, query and fragment are kept as written.
const LAX_ADAPTER: &str = r#"
import json, re, sys
SPLIT = re.compile(r"^(([^:/?#]+):)?(//([^/?#]*))?([^?#]*)(\?([^#]*))?(#(.*))?", re.S)
for line in sys.stdin:
    request = json.loads(line)
    answer = {"id": request.get("id")}
    if request.get("op") == "about":
        answer.update({"protocol": 2, "name": "lax", "version": "1", "spec": "RFC 3986"})
    elif request.get("op") == "parse":
        m = SPLIT.match(request["input"])
        authority = m.group(4)
        userinfo = host = port = None
        if authority is not None:
            userinfo, at, hostport = authority.rpartition("@")
            userinfo = userinfo if at else None
            host, colon, port = hostport.partition(":")
            port = port if colon else None
        answer.update({"valid": True, "host_kind": "reg-name" if host is not None else None,
            "components": {"scheme": m.group(2), "userinfo": userinfo, "host": host,
            "port": port, "path": m.group(5), "query": m.group(7), "fragment": m.group(9)}})
    else:
        answer.update({"unsupported": True})
    print(json.dumps(answer), flush=True)
"#;

#[test]
fn a_finding_is_named_by_its_mechanism_and_a_program_documents_it_beside_itself() {
    if !python() {
        return;
    }
    let dir = scratch("lax");
    let script = dir.join("lax.py");
    std::fs::write(&script, LAX_ADAPTER).expect("written");
    let command = format!("lax=python3 {}", script.display());
    let diff = |input: &str| {
        let output = binary()
            .args([
                "diff",
                "--impl",
                "reference",
                "--impl-cmd",
                &command,
                "--",
                input,
            ])
            .output()
            .expect("runs");
        text(&output)
    };
    // Without a catalogue of its own, the mechanism names the finding, whatever character
    // class and component show it: a space, a brace, a non-ASCII letter in the path, a space in
    // the query. The program checks no component, and one departure says so.
    for input in ["//h/a b", "//h/a{b", "//h/é", "//h/?a b"] {
        let (stdout, stderr) = diff(input);
        assert!(
            stdout.contains(
                "differs: every-component-unchecked (candidate bug: undocumented departure every-component-unchecked)"
            ),
            "{input}: {stdout}{stderr}"
        );
    }
    let (stdout, _) = diff("//a@b@c");
    assert!(stdout.contains("differs: userinfo-to-last-at"), "{stdout}");
    // Documented beside the program, the same answers are its known difference.
    std::fs::write(
        dir.join("known-differences.yaml"),
        "entries:\n  - id: lax-path-as-written\n    implementations: [lax]\n    class: documented-deviation\n    reason: the path is kept as written\n    link: https://example.org/lax\n    ops: [parse]\n    model: !departure path-unchecked\n",
    )
    .expect("written");
    let (stdout, stderr) = diff("//h/a b");
    assert!(
        stdout.contains("(known: lax-path-as-written, documented deviation)"),
        "{stdout}{stderr}"
    );
    // Not a lone "%": the entry does not forgive it, and the program's mechanism, which
    // checks nothing in any component, stays an undocumented departure beside the entry.
    let (stdout, _) = diff("//h/a%");
    assert!(
        stdout.contains("differs: every-component-unchecked (candidate bug"),
        "{stdout}"
    );
    // A catalogue speaks of its own program alone, and an error names its file.
    std::fs::write(
        dir.join("known-differences.yaml"),
        "entries:\n  - id: lax-other\n    implementations: [url]\n    class: documented-deviation\n    reason: r\n    link: l\n    ops: [parse]\n    model: !departure path-unchecked\n",
    )
    .expect("written");
    let output = binary()
        .args([
            "diff",
            "--impl",
            "reference",
            "--impl-cmd",
            &command,
            "--",
            "//h/a b",
        ])
        .output()
        .expect("runs");
    let (_, stderr) = text(&output);
    assert_eq!(output.status.code(), Some(2), "{stderr}");
    assert!(
        stderr.contains("known-differences.yaml") && stderr.contains("speaks of lax alone"),
        "{stderr}"
    );
    let _ = std::fs::remove_dir_all(&dir);
}

/// A protocol adapter (Python) that reads "//" without a scheme as a path and, after a
/// scheme, takes the authority as a host it does not check: two mechanisms that one symptom (a
/// host RFC 3986 refuses) shows alike.
const PATH_READER: &str = r#"
import json, re, sys
SPLIT = re.compile(r"^(([^:/?#]+):)?(//([^/?#]*))?([^?#]*)(\?([^#]*))?(#(.*))?", re.S)
for line in sys.stdin:
    request = json.loads(line)
    answer = {"id": request.get("id")}
    if request.get("op") == "about":
        answer.update({"protocol": 2, "name": "reader", "version": "1", "spec": "RFC 3986"})
    elif request.get("op") == "parse":
        m = SPLIT.match(request["input"])
        scheme, authority, path = m.group(2), m.group(4), m.group(5)
        host = None
        if authority is not None and scheme is None:
            path = "//" + authority + path
        elif authority is not None:
            host = authority
        answer.update({"valid": True, "host_kind": "reg-name" if host is not None else None,
            "components": {"scheme": scheme, "userinfo": None, "host": host, "port": None,
            "path": path, "query": m.group(7), "fragment": m.group(9)}})
    else:
        answer.update({"unsupported": True})
    print(json.dumps(answer), flush=True)
"#;

#[test]
fn a_symptom_is_counted_under_a_mechanism_only_where_its_model_holds() {
    if !python() {
        return;
    }
    let dir = scratch("mechanisms");
    let script = dir.join("reader.py");
    std::fs::write(&script, PATH_READER).expect("written");
    let list = dir.join("inputs.txt");
    // The same symptom (a host with "é"), first as a path after "//", then as a host after a
    // scheme.
    std::fs::write(&list, "//é\nab://é\n").expect("written");
    let reports = dir.join("reports");
    let output = binary()
        .args(["diff", "--impl", "reference", "--impl-cmd"])
        .arg(format!("reader=python3 {}", script.display()))
        .arg("--input-file")
        .arg(&list)
        .arg("--reports")
        .arg(&reports)
        .output()
        .expect("diff runs");
    let (stdout, stderr) = text(&output);
    assert_eq!(output.status.code(), Some(0), "{stdout}{stderr}");
    let stats: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(reports.join("stats.json")).expect("stats"))
            .expect("JSON");
    let examples = |report: &str| -> Vec<String> {
        stats["reports"][format!("reader/{report}")]["examples"]
            .as_array()
            .map(|all| {
                all.iter()
                    .filter_map(|e| e["input"].as_str().map(str::to_owned))
                    .collect()
            })
            .unwrap_or_default()
    };
    let as_path = examples("network-path-as-path");
    assert!(as_path.contains(&"//é".to_owned()), "{stats}");
    assert!(!as_path.iter().any(|e| e.contains("ab:")), "{stats}");
    // The host after a scheme is its own report, named by its own mechanism (a component's
    // characters unchecked, in whichever component it shows).
    let as_host = examples("component-unchecked");
    assert!(as_host.iter().any(|e| e.contains("ab://")), "{stats}");
    let _ = std::fs::remove_dir_all(&dir);
}
