//! The command line under hostile input and surroundings: a line that is not UTF-8, a reports
//! folder that is missing or cannot be written, a reader that goes away, a run killed outright.

use std::io::{Read, Write};
use std::path::PathBuf;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

fn binary() -> Command {
    Command::new(env!("CARGO_BIN_EXE_uri-conformance"))
}

fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("cli-robustness-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("a scratch directory");
    dir
}

#[test]
fn serve_answers_a_line_that_is_not_utf8_and_goes_on() {
    let mut child = binary()
        .args(["serve", "--impl", "reference"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .expect("serve starts");
    let mut stdin = child.stdin.take().expect("stdin");
    stdin
        .write_all(b"{\"op\":\"about\",\"id\":0}\n\xff\xfe not utf-8\n{\"op\":\"parse\",\"input\":\"a\\u0000b\",\"id\":\"x\"}\n{\"op\":\"parse\",\"input\":\"http://a/\",\"id\":2}\n")
        .expect("written");
    drop(stdin);
    let output = child.wait_with_output().expect("serve ends");
    assert!(output.status.success());
    let text = String::from_utf8(output.stdout).expect("UTF-8 answers");
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 4, "{text}");
    assert!(
        lines[0].starts_with(r#"{"id":0,"protocol":2,"name":"reference""#),
        "{}",
        lines[0]
    );
    assert!(
        lines[1].starts_with(r#"{"error":"not a valid request: line 2 is not UTF-8"#),
        "{}",
        lines[1]
    );
    assert!(
        lines[2].starts_with(r#"{"id":"x","valid":false,"error":"#),
        "{}",
        lines[2]
    );
    assert!(
        lines[3].starts_with(r#"{"id":2,"valid":true"#),
        "{}",
        lines[3]
    );
}

#[test]
fn an_input_file_line_that_is_not_utf8_is_skipped_with_its_line_number() {
    let dir = scratch("input-file");
    let list = dir.join("urls.txt");
    std::fs::write(&list, b"http://a/\nhttp://\xff/\nhttp://b/\n").expect("written");
    let output = binary()
        .args(["diff", "--impl", "reference", "--input-file"])
        .arg(&list)
        .arg("--reports")
        .arg(dir.join("reports"))
        .output()
        .expect("diff runs");
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(output.status.success(), "{stderr}");
    assert!(
        stderr.contains(&format!("{}:2: not UTF-8", list.display())),
        "{stderr}"
    );
    let stdout = String::from_utf8_lossy(&output.stdout);
    assert!(stdout.starts_with("6 cases"), "{stdout}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn an_overlong_input_file_line_is_skipped_with_its_line_number() {
    let dir = scratch("long-line");
    let list = dir.join("urls.txt");
    let long = format!("http://a/{}\n", "b".repeat(2 << 20));
    std::fs::write(&list, format!("http://a/\n{long}http://c/\n")).expect("written");
    let output = binary()
        .args(["diff", "--impl", "reference", "--input-file"])
        .arg(&list)
        .arg("--reports")
        .arg(dir.join("reports"))
        .output()
        .expect("diff runs");
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(output.status.success(), "{stderr}");
    assert!(
        stderr.contains(&format!("{}:2: a line of", list.display())),
        "{stderr}"
    );
    assert!(String::from_utf8_lossy(&output.stdout).starts_with("6 cases"));
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_missing_reports_folder_is_created_and_an_unwritable_one_refused_at_once() {
    let dir = scratch("reports-folder");
    let list = dir.join("urls.txt");
    std::fs::write(&list, "http://a/\n").expect("written");
    let fresh = dir.join("new/deeper");
    let output = binary()
        .args(["diff", "--impl", "reference", "--input-file"])
        .arg(&list)
        .arg("--reports")
        .arg(&fresh)
        .output()
        .expect("diff runs");
    assert!(output.status.success(), "{output:?}");
    assert!(fresh.is_dir());
    // A folder under a file cannot be made: refused before any work, naming the path.
    let blocked = list.join("reports");
    let output = binary()
        .args(["fuzz", "--impl", "reference", "--time", "60s", "--reports"])
        .arg(&blocked)
        .output()
        .expect("fuzz runs");
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert_eq!(output.status.code(), Some(2), "{stderr}");
    assert!(stderr.contains(&blocked.display().to_string()), "{stderr}");
    // Refused before fuzzing: no case was run, so no summary was printed.
    assert_eq!(String::from_utf8_lossy(&output.stdout), "", "{stderr}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_reader_that_goes_away_ends_the_command_quietly() {
    let dir = scratch("broken-pipe");
    // Cases the reference disagrees with, so that --verbose prints a line for each.
    let cases: String = (0..20_000)
        .map(|i| {
            format!(
                "{{\"kind\":\"parse\",\"input\":\"http://a/{i}\",\"expected\":{{\"valid\":false}},\"source\":\"test\"}}\n"
            )
        })
        .collect();
    std::fs::write(dir.join("many.jsonl"), cases).expect("written");
    let mut child = binary()
        .args(["crosscheck", "--verbose", "--dir"])
        .arg(&dir)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("crosscheck starts");
    let mut stdout = child.stdout.take().expect("stdout");
    let mut first = [0u8; 64];
    stdout.read_exact(&mut first).expect("some output");
    drop(stdout);
    let mut stderr = String::new();
    child
        .stderr
        .take()
        .expect("stderr")
        .read_to_string(&mut stderr)
        .expect("stderr read");
    let status = child.wait().expect("crosscheck ends");
    assert!(!stderr.contains("panicked"), "{stderr}");
    assert!(stderr.is_empty(), "{stderr}");
    assert_eq!(status.code(), Some(141));
    let _ = std::fs::remove_dir_all(&dir);
}

#[cfg(all(unix, feature = "uriparse"))]
#[test]
fn a_fuzz_run_killed_outright_keeps_what_it_found() {
    let dir = scratch("fuzz-kill");
    let reports = dir.join("reports");
    let mut child = binary()
        .args(["fuzz", "--impl", "uriparse", "--time", "10m", "--reports"])
        .arg(&reports)
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .expect("fuzz starts");
    let found = |reports: &PathBuf| {
        std::fs::read_dir(reports.join("uriparse"))
            .map(|entries| {
                entries
                    .filter_map(Result::ok)
                    .filter(|e| e.path().extension().is_some_and(|x| x == "json"))
                    .count()
            })
            .unwrap_or(0)
    };
    // Reports are flushed every few seconds of a run of ten minutes: two minutes is a wait for
    // the first one on however busy a machine, not a measure of speed.
    let until = Instant::now() + Duration::from_secs(120);
    while found(&reports) == 0 {
        if Instant::now() > until {
            let _ = child.kill();
            panic!("no report written within two minutes");
        }
        std::thread::sleep(Duration::from_millis(100));
    }
    child.kill().expect("SIGKILL");
    child.wait().expect("reaped");
    let kept = found(&reports);
    assert!(kept > 0);
    // Every file kept is whole: written to a temporary file and renamed.
    for entry in std::fs::read_dir(reports.join("uriparse")).expect("the folder") {
        let path = entry.expect("an entry").path();
        if path.extension().is_some_and(|x| x == "json") {
            let text = std::fs::read_to_string(&path).expect("readable");
            serde_json::from_str::<serde_json::Value>(&text).expect("whole JSON");
        }
    }
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn iri_commands_answer_and_point_at_the_failing_character() {
    let run = |args: &[&str]| {
        let output = binary().args(args).output().expect("runs");
        (
            output.status.code(),
            String::from_utf8(output.stdout).expect("UTF-8"),
        )
    };
    let (code, out) = run(&["parse", "--rule", "IRI-reference", "http://例え.テスト/ä"]);
    assert_eq!(code, Some(0), "{out}");
    assert!(
        out.contains("host      \"例え.テスト\"  (reg-name)"),
        "{out}"
    );
    assert_eq!(
        run(&["convert", "--to-uri", "http://例え.テスト/ä"]),
        (
            Some(0),
            "http://%E4%BE%8B%E3%81%88.%E3%83%86%E3%82%B9%E3%83%88/%C3%A4\n".to_owned()
        )
    );
    assert_eq!(
        run(&["convert", "--to-iri", "http://www.example.org/D%C3%BCrst"]),
        (Some(0), "http://www.example.org/Dürst\n".to_owned())
    );
    assert_eq!(
        run(&["resolve", "--iri", "http://例/ä/b", "../ö"]),
        (Some(0), "http://例/ö\n".to_owned())
    );
    assert_eq!(
        run(&["normalize", "--iri", "HTTP://a/%c3%a4"]),
        (Some(0), "http://a/ä\n".to_owned())
    );
    // U+E000 is iprivate, not allowed in a path: the caret stands under its escape, after the
    // escapes of the two characters before it.
    let (code, out) = run(&["parse", "--rule", "IRI", "http://é/\u{E000}"]);
    assert_eq!(code, Some(1));
    assert_eq!(
        out,
        "not a valid IRI (ipath):\ninvalid character in ipath at byte 10\n  http://\\u{e9}/\\u{e000}\n                ^\n"
    );
    // Without an IRI rule, the same input fails by RFC 3986's rules.
    let (_, out) = run(&["parse", "http://é/"]);
    assert!(
        out.starts_with("not a valid URI-reference (host):"),
        "{out}"
    );
    let (code, _) = run(&["convert", "x"]);
    assert_eq!(code, Some(2), "a direction is required");
}

#[test]
fn one_case_with_a_reports_folder_writes_its_report() {
    let dir = scratch("one-case-reports");
    let reports = dir.join("reports");
    let output = binary()
        .args([
            "diff",
            "--impl-cmd",
            r#"no=while read l; do echo '{"valid":false,"error":"no"}'; done"#,
            "--reports",
        ])
        .arg(&reports)
        .args(["--", "http://a/"])
        .output()
        .expect("the harness runs");
    let stdout = String::from_utf8_lossy(&output.stdout);
    assert!(output.status.success(), "{stdout}");
    assert!(stdout.contains("1 reports in"), "{stdout}");
    let written: Vec<_> = std::fs::read_dir(reports.join("no"))
        .expect("the program's folder")
        .filter_map(Result::ok)
        .filter(|e| e.path().extension().is_some_and(|x| x == "md"))
        .collect();
    assert_eq!(written.len(), 1, "{written:?}");
    assert!(reports.join("README.md").exists());
    let _ = std::fs::remove_dir_all(&dir);
}

/// A disk that fills up while the reports are written, as a file size limit shows it: the
/// write fails with an error naming the file, leaves no temporary file, and the index is
/// written all the same.
#[cfg(target_os = "linux")]
#[test]
fn a_full_disk_leaves_no_temporary_file_and_the_index_is_written() {
    use std::os::unix::process::CommandExt;
    let dir = scratch("full-disk");
    let reports = dir.join("reports");
    let list = dir.join("urls.txt");
    std::fs::write(&list, format!("http://a/{}\n", "b".repeat(1500))).expect("the list");
    let mut command = binary();
    command
        .args([
            "diff",
            "--impl-cmd",
            r#"no=while read l; do echo '{"valid":false,"error":"no"}'; done"#,
            "--input-file",
        ])
        .arg(&list)
        .arg("--reports")
        .arg(&reports)
        .stdout(Stdio::null());
    // SAFETY: the closure runs between fork and exec and only calls setrlimit and signal,
    // which are async-signal-safe.
    unsafe {
        command.pre_exec(|| {
            let limit = libc::rlimit {
                rlim_cur: 2048,
                rlim_max: 2048,
            };
            libc::setrlimit(libc::RLIMIT_FSIZE, &limit);
            libc::signal(libc::SIGXFSZ, libc::SIG_IGN);
            Ok(())
        });
    }
    let output = command.output().expect("the harness runs");
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert_eq!(output.status.code(), Some(2), "{stderr}");
    assert!(stderr.contains("stats.json"), "{stderr}");
    let mut left = Vec::new();
    let mut folders = vec![reports.clone()];
    while let Some(folder) = folders.pop() {
        for entry in std::fs::read_dir(&folder).expect("readable").flatten() {
            if entry.path().is_dir() {
                folders.push(entry.path());
            } else if entry.file_name().to_string_lossy().ends_with(".tmp") {
                left.push(entry.path());
            }
        }
    }
    assert!(left.is_empty(), "temporary files left: {left:?}");
    assert!(reports.join("README.md").exists(), "no index");
    let _ = std::fs::remove_dir_all(&dir);
}

/// The largest resident size the process has had, in KiB.
fn peak_kib(pid: u32) -> u64 {
    std::fs::read_to_string(format!("/proc/{pid}/status"))
        .unwrap_or_default()
        .lines()
        .find_map(|l| l.strip_prefix("VmHWM:"))
        .and_then(|v| v.trim().trim_end_matches("kB").trim().parse().ok())
        .unwrap_or(0)
}

#[cfg(target_os = "linux")]
#[test]
fn serve_answers_an_overlong_line_with_an_error_in_bounded_memory() {
    use std::io::BufRead;
    let mut child = binary()
        .args(["serve", "--impl", "reference"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .expect("serve starts");
    let mut stdin = child.stdin.take().expect("stdin");
    let writer = std::thread::spawn(move || {
        let chunk = vec![b'a'; 1 << 20];
        for _ in 0..128 {
            if stdin.write_all(&chunk).is_err() {
                return None;
            }
        }
        stdin
            .write_all(b"\n{\"op\":\"parse\",\"input\":\"http://a/\",\"id\":7}\n")
            .ok()?;
        stdin.flush().ok()?;
        Some(stdin)
    });
    let mut lines = std::io::BufReader::new(child.stdout.take().expect("stdout")).lines();
    let first = lines.next().expect("an answer").expect("text");
    assert!(first.contains("longer than"), "{first}");
    let second = lines.next().expect("an answer").expect("text");
    assert!(
        second.contains("\"id\":7") && second.contains("\"valid\":true"),
        "{second}"
    );
    let peak = peak_kib(child.id());
    drop(writer.join());
    let _ = child.wait();
    // 128 MiB went through without a newline; what is held is the 8 MiB limit (in a buffer
    // that may have doubled once) beside the program's own 20 MiB.
    assert!(peak < 80 * 1024, "{peak} KiB at the peak");
}

#[test]
fn no_control_character_reaches_the_terminal_raw() {
    let input = "a\u{1b}]0;x\u{7}b\u{7f}c\u{9b}d";
    for json in [false, true] {
        let mut command = binary();
        command.args(["diff", "--impl", "url"]);
        if json {
            command.arg("--json");
        }
        let output = command.args(["--", input]).output().expect("diff runs");
        let stdout = String::from_utf8(output.stdout).expect("UTF-8");
        let raw: Vec<char> = stdout
            .chars()
            .filter(|c| c.is_control() && *c != '\n')
            .collect();
        assert!(raw.is_empty(), "raw {raw:?} in:\n{stdout}");
        if json {
            let value: serde_json::Value = serde_json::from_str(&stdout).expect("one JSON object");
            assert_eq!(value["case"]["input"], input);
        }
    }
}
