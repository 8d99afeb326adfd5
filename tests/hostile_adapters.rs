//! External programs that crash, hang, print garbage or extra lines, exit at once, flood their
//! standard error or ignore the end of their input: each is reported as a finding of the case
//! that caused it, no answer is credited to another case, and no process is left behind (the
//! process group of every program started is empty afterwards).
//!
//! The adapters are small Python scripts written into a temporary directory; where python3 is
//! missing, the tests that need it say so and pass without checking.

#![cfg(unix)]

use std::path::PathBuf;
use std::process::{Command, Stdio};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::{Duration, Instant};

use uri_conformance::diff::compare::compare;
use uri_conformance::diff::signature::Signature;
use uri_conformance::impls::Implementation;
use uri_conformance::impls::external::{External, NOT_AN_ANSWER, Options};
use uri_conformance::impls::process::LINE_LIMIT;
use uri_conformance::model::Outcome;
use uri_conformance::protocol::Request;

/// One adapter for every misbehaviour, chosen by its first argument. Every start appends the
/// program's process group to `pgids` and starts a grandchild (`sleep`), so that the test can
/// tell whether the whole group went.
const ADAPTER: &str = r##"
import json, os, signal, subprocess, sys, time
mode, state = sys.argv[1], sys.argv[2]
with open(os.path.join(state, "pgids"), "a") as f:
    f.write("%d\n" % os.getpgid(0))
subprocess.Popen(["sleep", "1000"], stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
                 stderr=subprocess.DEVNULL)
if mode == "slow-start":
    time.sleep(3)
if mode == "mute":
    time.sleep(1000)
if mode == "ignore-eof":
    signal.signal(signal.SIGTERM, signal.SIG_IGN)
    signal.signal(signal.SIGHUP, signal.SIG_IGN)

def out(answer, rid):
    if rid is not None and not mode.startswith("v1"):
        answer = dict(answer, id=rid)
    sys.stdout.write(json.dumps(answer) + "\n")
    if mode in ("double", "v1-double") and "protocol" not in answer and "unknown op" not in str(answer):
        sys.stdout.write(json.dumps(answer) + "\n")
    sys.stdout.flush()

def escape():
    # A child in a new session, and a grandchild whose parent exits (a double fork): both
    # leave the process group, and the second loses its parent too; both hold the output.
    child = subprocess.Popen(["sleep", "1000"], start_new_session=True)
    with open(os.path.join(state, "escaped"), "a") as f:
        f.write("%d\n" % child.pid)
    if os.fork() == 0:
        os.setsid()
        if os.fork() == 0:
            signal.signal(signal.SIGTERM, signal.SIG_IGN)
            with open(os.path.join(state, "escaped"), "a") as f:
                f.write("%d\n" % os.getpid())
            time.sleep(1000)
        os._exit(0)

import threading
LOCK = threading.Lock()
count = 0
for line in sys.stdin:
    request = json.loads(line)
    rid = request.get("id")
    if request.get("op") == "about" and mode == "folded":
        out({"protocol": 2, "name": "folded", "blind_spots": [
            {"field": "host", "how": "case-folded", "reason": "the library lowercases hosts"},
            {"field": "path", "how": "decoded", "reason": "the library decodes paths"},
            {"field": "query", "how": "empty-is-undefined", "reason": "no undefined query"}]}, rid)
        continue
    if mode == "folded":
        # What a library that lowercases hosts, decodes paths and has no undefined query says.
        from urllib.parse import unquote, urlsplit
        text = request["input"]
        parts = urlsplit(text)
        out({"valid": True, "components": {
            "scheme": parts.scheme or None, "userinfo": None,
            "host": parts.hostname if "//" in text else None, "port": None,
            "path": unquote(parts.path), "query": parts.query, "fragment": None},
            "host_kind": "reg-name" if "//" in text else None}, rid)
        continue
    if request.get("op") == "about" and mode == "long-about":
        out({"protocol": 2, "name": "long", "version": "v" * 4000000, "spec": "RFC 3986 " + "s" * 100000}, rid)
        continue
    if request.get("op") == "about":
        if mode.startswith("v1"):
            out({"error": "unknown op"}, None)
        else:
            with LOCK:
                out({"protocol": 2, "name": "hostile " + mode, "operations": ["parse"]}, rid)
        continue
    text = request.get("input", "")
    count += 1
    if mode == "about-first":
        # Answers each case a little later, from a thread: an `about` read after a case is
        # answered before it.
        import threading
        def later(text=text, rid=rid):
            time.sleep(0.05)
            with LOCK:
                out({"valid": False, "error": "echo " + text}, rid)
        threading.Thread(target=later).start()
        continue
    if mode == "hang-always":
        time.sleep(1000)
    if mode == "escape":
        escape()
    if mode in ("wrong", "wrong-slow"):
        if mode == "wrong-slow":
            time.sleep(0.002)
        out({"valid": False, "error": "no"}, rid)
        continue
    if mode.startswith("endless-line-") and text == "endless":
        # As many MiB as the mode says without a line end, then the answer on a line of its own.
        chunk = b"a" * (1 << 20)
        for _ in range(int(mode[len("endless-line-"):])):
            sys.stdout.buffer.write(chunk)
        sys.stdout.buffer.write(b"\n")
        sys.stdout.buffer.flush()
    if mode == "flood":
        # The answer, then the same line again forever (a little slower than a pipe allows,
        # so that a harness without a bound fills its memory slowly rather than the machine).
        line = json.dumps(dict({"valid": False, "error": "echo " + text}, id=rid)) + "\n"
        while True:
            sys.stdout.write(line * 1000)
            sys.stdout.flush()
            time.sleep(0.01)
    if mode == "not-utf8" and text == "latin1":
        sys.stdout.buffer.write(b'{"id":%d,"valid":false,"error":"caf\xe9"}\n' % rid)
        sys.stdout.buffer.flush()
        continue
    if mode == "lf-error" and text == "lf":
        out({"valid": False, "error": "x\nINJECTED  -> agrees\r\tCR"}, rid)
        continue
    if mode == "crash-always":
        os._exit(3)
    if mode == "flood-stderr":
        sys.stderr.write("noise " * 200000 + "\n")
        sys.stderr.flush()
    if text == "crash":
        sys.stderr.write("boom: crashed on purpose\n")
        sys.stderr.flush()
        os._exit(3)
    if text == "hang":
        time.sleep(1000)
    if text == "garbage":
        sys.stdout.write("garbage at line %d: %s\n" % (count, "#" * (400 + count)))
        sys.stdout.flush()
        continue
    if text == "extra":
        out({"valid": False, "error": "echo stray"}, None)
        out({"valid": False, "error": "echo stale"}, rid - 1 if isinstance(rid, int) else None)
    out({"valid": False, "error": "echo " + text}, rid)
if mode == "ignore-eof":
    while True:
        time.sleep(1)
"##;

/// How long a test waits for what should happen promptly (a process gone, the harness ended
/// by a signal) before calling it a hang: far beyond a busy machine's slowness, far below the
/// 1,000 s the hanging programs sleep. No test asserts that anything was fast.
const PATIENCE: Duration = Duration::from_secs(120);

/// Runs `work` on a thread of its own and returns what it returns; panics, naming `what`, when
/// it has not returned within [`PATIENCE`]: a hang fails the test instead of stalling it.
fn within_patience<T: Send + 'static>(what: &str, work: impl FnOnce() -> T + Send + 'static) -> T {
    let (done, result) = std::sync::mpsc::channel();
    std::thread::spawn(move || {
        let _ = done.send(work());
    });
    result
        .recv_timeout(PATIENCE)
        .unwrap_or_else(|_| panic!("{what}: still running after {PATIENCE:?}"))
}

struct Scratch {
    dir: PathBuf,
}

impl Scratch {
    fn new() -> Scratch {
        static COUNT: AtomicUsize = AtomicUsize::new(0);
        let dir = std::env::temp_dir().join(format!(
            "hostile-adapters-{}-{}",
            std::process::id(),
            COUNT.fetch_add(1, Ordering::Relaxed)
        ));
        std::fs::create_dir_all(&dir).expect("a scratch directory");
        std::fs::write(dir.join("adapter.py"), ADAPTER).expect("the adapter is written");
        Scratch { dir }
    }

    fn command(&self, mode: &str) -> String {
        format!(
            "python3 {} {mode} {}",
            self.dir.join("adapter.py").display(),
            self.dir.display()
        )
    }

    fn groups(&self) -> Vec<i32> {
        std::fs::read_to_string(self.dir.join("pgids"))
            .unwrap_or_default()
            .lines()
            .map(|l| l.parse().expect("a process group id"))
            .collect()
    }

    /// Waits for every group this adapter started to be gone ([`PATIENCE`] at most).
    fn assert_no_process_left(&self) {
        let groups = self.groups();
        assert!(!groups.is_empty(), "the adapter never started");
        let until = Instant::now() + PATIENCE;
        loop {
            let alive: Vec<i32> = groups.iter().copied().filter(|&g| group_alive(g)).collect();
            if alive.is_empty() {
                return;
            }
            assert!(
                Instant::now() < until,
                "process groups still alive: {alive:?}"
            );
            std::thread::sleep(Duration::from_millis(20));
        }
    }
}

impl Drop for Scratch {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.dir);
    }
}

/// Whether a process group has a live member: kill(-pgid, 0) fails with ESRCH when it is
/// empty; a member that is only a zombie (not yet reaped by init) counts as gone.
fn group_alive(group: i32) -> bool {
    // SAFETY: kill(2) with signal 0 only checks; it takes plain integers.
    let result = unsafe { libc::kill(-group, 0) };
    if result != 0 {
        return std::io::Error::last_os_error().raw_os_error() != Some(libc::ESRCH);
    }
    live_members(group) > 0
}

fn live_members(group: i32) -> usize {
    let Ok(entries) = std::fs::read_dir("/proc") else {
        return 1;
    };
    entries
        .filter_map(Result::ok)
        .filter_map(|e| std::fs::read_to_string(e.path().join("stat")).ok())
        .filter(|stat| {
            // pid (comm) state ppid pgrp ...
            let Some((_, rest)) = stat.rsplit_once(')') else {
                return false;
            };
            let fields: Vec<&str> = rest.split_whitespace().collect();
            fields.len() > 2 && fields[2] == group.to_string() && fields[0] != "Z"
        })
        .count()
}

fn python() -> bool {
    let found = Command::new("python3")
        .arg("--version")
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .status()
        .is_ok_and(|s| s.success());
    if !found {
        eprintln!("python3 is not installed: the hostile adapters are not run");
    }
    found
}

fn options(limit_ms: u64) -> Options {
    Options {
        limit: Duration::from_millis(limit_ms),
        startup: Duration::from_secs(10),
        in_flight: 16,
    }
}

fn cases(inputs: &[&str]) -> Vec<Request> {
    inputs.iter().copied().map(Request::parse).collect()
}

/// Every answer but the listed misbehaving ones must be the echo of its own input.
fn assert_echoes(inputs: &[&str], outcomes: &[Outcome], except: &[&str]) {
    assert_eq!(inputs.len(), outcomes.len());
    for (input, outcome) in inputs.iter().zip(outcomes) {
        if !except.contains(input) {
            assert_eq!(
                *outcome,
                Outcome::invalid(format!("echo {input}")),
                "the answer to {input:?}"
            );
        }
    }
}

fn panicked(outcome: &Outcome) -> &str {
    match outcome {
        Outcome::Panicked(message) => message,
        other => panic!("expected a fault, got {other:?}"),
    }
}

/// The names of this process's threads that start with `prefix`.
fn threads_named(prefix: &str) -> Vec<String> {
    std::fs::read_dir("/proc/self/task")
        .map(|entries| {
            entries
                .filter_map(Result::ok)
                .filter_map(|e| std::fs::read_to_string(e.path().join("comm")).ok())
                .map(|name| name.trim().to_owned())
                .filter(|name| name.starts_with(prefix))
                .collect()
        })
        .unwrap_or_default()
}

#[test]
fn a_crash_is_the_crashing_case_finding_with_its_stderr_and_the_rest_are_answered() {
    if !python() {
        return;
    }
    let scratch = Scratch::new();
    let external = External::with_options(&scratch.command("crash"), options(5000));
    let inputs = ["a", "b", "crash", "c", "d", "crash", "e"];
    let outcomes = external.answer_many(&cases(&inputs));
    assert_echoes(&inputs, &outcomes, &["crash"]);
    for i in [2, 5] {
        let message = panicked(&outcomes[i]);
        assert!(message.starts_with("program-exited: "), "{message}");
        assert!(message.contains("boom: crashed on purpose"), "{message}");
    }
    assert_eq!(external.about().name, "hostile-crash");
    drop(external);
    scratch.assert_no_process_left();
}

#[test]
fn a_hang_times_out_alone_and_leaves_no_process_and_no_thread() {
    if !python() {
        return;
    }
    let scratch = Scratch::new();
    // The hang is forever: the limit only has to let every echo come on a busy machine.
    let external = External::with_options(
        &format!("hangthr={}", scratch.command("hang")),
        options(2000),
    );
    let inputs = ["a", "hang", "b", "c", "hang", "d"];
    let outcomes = external.answer_many(&cases(&inputs));
    assert_echoes(&inputs, &outcomes, &["hang"]);
    assert_eq!(outcomes[1], Outcome::TimedOut);
    assert_eq!(outcomes[4], Outcome::TimedOut);
    // Each time-out killed a group: all but the running program's are gone already.
    let groups = scratch.groups();
    assert!(groups.len() >= 3, "{groups:?}");
    let until = Instant::now() + PATIENCE;
    while groups[..groups.len() - 1].iter().any(|&g| group_alive(g)) {
        assert!(Instant::now() < until, "killed groups still alive");
        std::thread::sleep(Duration::from_millis(20));
    }
    drop(external);
    scratch.assert_no_process_left();
    // Three threads per program (input, output, standard error), all joined.
    assert_eq!(threads_named("hangthr"), Vec::<String>::new());
}

#[test]
fn garbage_is_the_case_finding_with_one_fixed_signature() {
    if !python() {
        return;
    }
    let scratch = Scratch::new();
    let external = External::with_options(&scratch.command("garbage"), options(5000));
    let inputs = ["a", "garbage", "b", "garbage", "garbage", "c"];
    let requests = cases(&inputs);
    let outcomes = external.answer_many(&requests);
    assert_echoes(&inputs, &outcomes, &["garbage"]);
    let mut signatures = Vec::new();
    for i in [1, 3, 4] {
        let message = panicked(&outcomes[i]);
        assert!(
            message.starts_with(&format!("{NOT_AN_ANSWER}: garbage at line")),
            "{message}"
        );
        let difference = compare(
            &requests[i],
            &Outcome::invalid("x".into()),
            &outcomes[i],
            &[],
        )
        .expect("a fault is a difference");
        assert_eq!(difference.detail, NOT_AN_ANSWER);
        signatures.push(Signature::of("hostile", &requests[i], &difference).id());
    }
    signatures.dedup();
    assert_eq!(signatures, ["parse-panic-not-a-protocol-answer"]);
    drop(external);
    scratch.assert_no_process_left();
}

#[test]
fn extra_lines_never_shift_answers_onto_other_cases() {
    if !python() {
        return;
    }
    let scratch = Scratch::new();
    let external = External::with_options(&scratch.command("extra"), options(5000));
    let inputs = ["a", "b", "extra", "c", "d", "e", "extra", "f", "g"];
    let outcomes = external.answer_many(&cases(&inputs));
    assert_echoes(&inputs, &outcomes, &["extra"]);
    for i in [2, 6] {
        let message = panicked(&outcomes[i]);
        assert!(message.starts_with(NOT_AN_ANSWER), "{message}");
        assert!(message.contains("echo stray"), "{message}");
    }
    // One at a time, too.
    for input in ["a", "extra", "b"] {
        let outcome = external.answer(&Request::parse(input));
        if input == "extra" {
            assert!(panicked(&outcome).starts_with(NOT_AN_ANSWER));
        } else {
            assert_eq!(outcome, Outcome::invalid(format!("echo {input}")));
        }
    }
    drop(external);
    scratch.assert_no_process_left();
}

#[test]
fn answers_that_come_after_the_closing_about_are_still_credited() {
    if !python() {
        return;
    }
    let scratch = Scratch::new();
    let external = External::with_options(&scratch.command("about-first"), options(5000));
    // One at a time, as the properties ask, and in a batch.
    for inputs in [&["a"][..], &["b", "c", "d"][..]] {
        let outcomes = external.answer_many(&cases(inputs));
        assert_echoes(inputs, &outcomes, &[]);
    }
    assert_eq!(scratch.groups().len(), 1, "no restart");
    drop(external);
    scratch.assert_no_process_left();
}

#[test]
fn a_version_1_program_is_matched_by_order() {
    if !python() {
        return;
    }
    let scratch = Scratch::new();
    let external = External::with_options(&scratch.command("v1"), options(5000));
    let inputs = ["a", "b", "crash", "c"];
    let outcomes = external.answer_many(&cases(&inputs));
    assert_echoes(&inputs, &outcomes, &["crash"]);
    assert!(panicked(&outcomes[2]).starts_with("program-exited"));
    // It said nothing of itself: named after its command's last word, sanitised.
    assert!(
        external.about().name.starts_with("hostile-adapters-"),
        "{}",
        external.about().name
    );
    drop(external);
    scratch.assert_no_process_left();
}

#[test]
fn declared_operations_are_not_asked() {
    if !python() {
        return;
    }
    let scratch = Scratch::new();
    let external = External::with_options(&scratch.command("extra"), options(5000));
    let outcome = external.answer(&Request::Resolve {
        base: "http://a/".into(),
        input: "extra".into(),
        strict: true,
    });
    assert_eq!(outcome, Outcome::Unsupported);
    drop(external);
    scratch.assert_no_process_left();
}

#[test]
fn a_program_that_exits_at_once_is_each_case_finding() {
    let external = External::with_options("quits=exit 0", options(2000));
    let outcomes = external.answer_many(&cases(&["a", "b"]));
    for outcome in &outcomes {
        assert!(
            panicked(outcome).starts_with("program-exited: "),
            "{outcome:?}"
        );
    }
    let missing = External::with_options("missing=/no/such/program", options(2000));
    let message = panicked(&missing.answer(&Request::parse("a"))).to_owned();
    assert!(message.contains("/no/such/program"), "{message}");
}

#[test]
fn a_flood_on_stderr_neither_blocks_nor_reaches_the_terminal() {
    if !python() {
        return;
    }
    let scratch = Scratch::new();
    let external = External::with_options(&scratch.command("flood-stderr"), options(5000));
    let inputs: Vec<String> = (0..20).map(|i| format!("case{i}")).collect();
    let inputs: Vec<&str> = inputs.iter().map(String::as_str).collect();
    // 20 cases write 24 MB to standard error, far more than a pipe holds.
    let outcomes = external.answer_many(&cases(&inputs));
    assert_echoes(&inputs, &outcomes, &[]);
    let outcome = external.answer(&Request::parse("crash"));
    let message = panicked(&outcome);
    assert!(message.contains("boom: crashed on purpose"), "{message}");
    assert!(message.len() < 1000, "the quoted standard error is capped");
    drop(external);
    scratch.assert_no_process_left();
}

#[test]
fn a_program_that_ignores_end_of_input_is_killed_when_dropped() {
    if !python() {
        return;
    }
    let scratch = Scratch::new();
    let external = External::with_options(&scratch.command("ignore-eof"), options(5000));
    assert_eq!(
        external.answer(&Request::parse("a")),
        Outcome::invalid("echo a".into())
    );
    // It never exits of itself: a drop that waited for it would never return.
    within_patience("the drop", move || drop(external));
    scratch.assert_no_process_left();
}

#[test]
fn start_up_time_does_not_count_against_the_time_limit() {
    if !python() {
        return;
    }
    let scratch = Scratch::new();
    // It sleeps 3 s before reading anything; the limit per case is 2 s.
    let external = External::with_options(&scratch.command("slow-start"), options(2000));
    assert_eq!(
        external.answer(&Request::parse("a")),
        Outcome::invalid("echo a".into())
    );
    drop(external);
    scratch.assert_no_process_left();
}

/// Runs the harness and waits for it, at most [`PATIENCE`].
fn harness(args: &[&str]) -> (Option<i32>, String, String) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_uri-conformance"))
        .args(args)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the harness starts");
    let until = Instant::now() + PATIENCE;
    while child.try_wait().expect("wait").is_none() {
        if Instant::now() > until {
            let _ = child.kill();
            panic!("the harness ran past {PATIENCE:?}");
        }
        std::thread::sleep(Duration::from_millis(20));
    }
    // Reading to the end also shows that no program kept the harness's pipes open.
    let output = child.wait_with_output().expect("output");
    (
        output.status.code(),
        String::from_utf8_lossy(&output.stdout).into_owned(),
        String::from_utf8_lossy(&output.stderr).into_owned(),
    )
}

#[test]
fn the_harness_leaves_no_process_when_it_exits() {
    if !python() {
        return;
    }
    let scratch = Scratch::new();
    let spec = format!("stubborn={}", scratch.command("ignore-eof"));
    let (code, stdout, _) = harness(&["diff", "--impl-cmd", &spec, "a"]);
    assert!(code.is_some(), "{stdout}");
    assert!(stdout.contains("stubborn"), "{stdout}");
    scratch.assert_no_process_left();

    // What leaves the group goes too, and the harness does not wait for it to close the pipe
    // (it would wait the 1,000 s the escaped processes sleep).
    let spec = format!("escape={}", scratch.command("escape"));
    let (code, stdout, _) = harness(&["diff", "--impl-cmd", &spec, "a"]);
    assert_eq!(code, Some(0), "{stdout}");
    scratch.assert_no_process_left();
    scratch.assert_no_escaped_process_left();

    let spec = format!("noisy={}", scratch.command("flood-stderr"));
    let (_, _, stderr) = harness(&["diff", "--impl-cmd", &spec, "a"]);
    assert!(
        !stderr.contains("noise"),
        "the program's stderr reached the terminal"
    );
    scratch.assert_no_process_left();
}

#[test]
fn ctrl_c_leaves_no_process() {
    if !python() {
        return;
    }
    // SIGTERM and SIGHUP do what SIGINT does.
    for number in [libc::SIGINT, libc::SIGTERM, libc::SIGHUP] {
        let scratch = Scratch::new();
        let spec = format!("hangs={}", scratch.command("hang"));
        let list = scratch.dir.join("urls.txt");
        std::fs::write(&list, "a\nhang\nb\n").expect("the list is written");
        let reports = scratch.dir.join("reports");
        let mut child = Command::new(env!("CARGO_BIN_EXE_uri-conformance"))
            .args(["diff", "--impl-cmd", &spec, "--timeout-ms", "1000000"])
            .arg("--input-file")
            .arg(&list)
            .arg("--reports")
            .arg(&reports)
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .expect("the harness starts");
        // Wait until the program runs, then interrupt the harness.
        let until = Instant::now() + PATIENCE;
        while scratch.groups().is_empty() {
            assert!(Instant::now() < until, "the adapter never started");
            std::thread::sleep(Duration::from_millis(20));
        }
        std::thread::sleep(Duration::from_millis(300));
        signal(&child, number);
        let code = wait_for(&mut child, "a signal");
        assert_eq!(code, Some(128 + number));
        scratch.assert_no_process_left();
    }
}

#[test]
fn declared_blind_spots_are_honoured_by_the_comparison() {
    if !python() {
        return;
    }
    let scratch = Scratch::new();
    let external = std::sync::Arc::new(External::with_options(
        &scratch.command("folded"),
        options(5000),
    ));
    assert_eq!(external.about().name, "folded");
    assert_eq!(external.blind_spots().len(), 3);
    let engine = uri_conformance::diff::Engine::new(
        vec![external.clone()],
        Duration::from_secs(6),
        uri_conformance::diff::Catalogue::bundled(),
    );
    // Case, encoding and an undefined query are what the program said it cannot tell apart.
    let run = engine.run(&Request::parse("http://EXAMPLE.com/a%41b"));
    assert!(run.findings.is_empty(), "{:?}", run.findings);
    let run = engine.run(&Request::parse("http://a/b"));
    assert!(run.findings.is_empty(), "{:?}", run.findings);
    // Anything beyond that is still a finding: the host here is really another one.
    let run = engine.run(&Request::parse("http://a@b/"));
    assert_eq!(run.findings.len(), 1, "{:?}", run.answers);
    drop(engine);
    drop(external);
    scratch.assert_no_process_left();
}

/// Whether a process is alive (a zombie counts as gone).
fn pid_alive(pid: i32) -> bool {
    match std::fs::read_to_string(format!("/proc/{pid}/stat")) {
        Ok(stat) => stat
            .rsplit_once(')')
            .is_some_and(|(_, rest)| !rest.trim_start().starts_with('Z')),
        Err(_) => false,
    }
}

impl Scratch {
    fn escaped(&self) -> Vec<i32> {
        std::fs::read_to_string(self.dir.join("escaped"))
            .unwrap_or_default()
            .lines()
            .map(|l| l.parse().expect("a pid"))
            .collect()
    }

    /// Waits for every process that left the group to be gone ([`PATIENCE`] at most).
    fn assert_no_escaped_process_left(&self) {
        let escaped = self.escaped();
        let until = Instant::now() + PATIENCE;
        loop {
            let alive: Vec<i32> = escaped.iter().copied().filter(|&p| pid_alive(p)).collect();
            if alive.is_empty() {
                return;
            }
            if Instant::now() > until {
                for &pid in &alive {
                    // SAFETY: kill(2) takes plain integers; the test cleans up after a failure.
                    unsafe {
                        libc::kill(pid, libc::SIGKILL);
                    }
                }
                panic!("processes that left the group are still alive: {alive:?}");
            }
            std::thread::sleep(Duration::from_millis(20));
        }
    }
}

#[test]
fn what_leaves_the_group_is_killed_too() {
    if !python() || !cfg!(target_os = "linux") {
        return;
    }
    let scratch = Scratch::new();
    let external = External::with_options(&scratch.command("escape"), options(5000));
    let inputs = ["a", "b", "c"];
    let outcomes = external.answer_many(&cases(&inputs));
    assert_echoes(&inputs, &outcomes, &[]);
    // The grandchildren write their ids after the answer: wait for all six.
    let until = Instant::now() + PATIENCE;
    while scratch.escaped().len() < 6 && Instant::now() < until {
        std::thread::sleep(Duration::from_millis(20));
    }
    let escaped = scratch.escaped();
    assert_eq!(escaped.len(), 6, "{escaped:?}");
    assert!(escaped.iter().all(|&p| pid_alive(p)), "they run meanwhile");
    // The reading threads do not wait for the escaped processes to close the output (they
    // would wait the 1,000 s those sleep).
    within_patience("the drop", move || drop(external));
    scratch.assert_no_process_left();
    scratch.assert_no_escaped_process_left();
    assert!(threads_named("escape").is_empty() && threads_named("external").is_empty());
}

#[test]
fn a_program_that_hangs_on_every_case_is_benched() {
    if !python() {
        return;
    }
    let scratch = Scratch::new();
    // Every case hangs forever: benched after BENCH_AFTER time-outs, whatever the limit.
    let external = External::with_options(
        &format!("hangs-every={}", scratch.command("hang-always")),
        options(1000),
    );
    let inputs: Vec<String> = (0..30).map(|i| format!("x{i}")).collect();
    let inputs: Vec<&str> = inputs.iter().map(String::as_str).collect();
    let outcomes = external.answer_many(&cases(&inputs));
    // One finding (the time-out that benched it), the rest not asked.
    let timed_out = outcomes.iter().filter(|o| **o == Outcome::TimedOut).count();
    assert!(timed_out >= 1, "{outcomes:?}");
    assert_eq!(
        timed_out
            + outcomes
                .iter()
                .filter(|o| **o == Outcome::Unsupported)
                .count(),
        outcomes.len(),
        "{outcomes:?}"
    );
    // Benched: a later call does not ask it either.
    assert_eq!(external.answer(&Request::parse("y")), Outcome::Unsupported);
    assert!(
        uri_conformance::impls::external::benched()
            .iter()
            .any(|(name, _)| name == "hangs-every")
    );
    drop(external);
    scratch.assert_no_process_left();
}

#[test]
fn a_program_that_never_starts_is_benched() {
    if !python() {
        return;
    }
    let scratch = Scratch::new();
    // It never answers `about` (it sleeps 1,000 s first): every start times out, whatever the
    // start-up limit, and it is benched after BENCH_AFTER of them. The limit leaves a busy
    // machine's Python time to write down its process group, which the end checks.
    let external = External::with_options(
        &format!("mute={}", scratch.command("mute")),
        Options {
            limit: Duration::from_secs(3),
            startup: Duration::from_secs(3),
            in_flight: 16,
        },
    );
    let inputs = ["a", "b", "c", "d", "e", "f", "g", "h"];
    let outcomes = external.answer_many(&cases(&inputs));
    let timed_out = outcomes.iter().filter(|o| **o == Outcome::TimedOut).count();
    let not_asked = outcomes
        .iter()
        .filter(|o| **o == Outcome::Unsupported)
        .count();
    let bench_after = uri_conformance::impls::external::BENCH_AFTER as usize;
    assert!(timed_out <= bench_after, "{outcomes:?}");
    assert_eq!(timed_out + not_asked, inputs.len(), "{outcomes:?}");
    assert!(
        uri_conformance::impls::external::benched()
            .iter()
            .any(|(name, _)| name == "mute")
    );
    drop(external);
    scratch.assert_no_process_left();
}

#[test]
fn every_answer_twice_is_a_finding_by_id_without_restarts() {
    if !python() {
        return;
    }
    let scratch = Scratch::new();
    let external = External::with_options(&scratch.command("double"), options(5000));
    let inputs: Vec<String> = (0..20).map(|i| format!("x{i}")).collect();
    let inputs: Vec<&str> = inputs.iter().map(String::as_str).collect();
    let outcomes = external.answer_many(&cases(&inputs));
    for (input, outcome) in inputs.iter().zip(&outcomes) {
        let message = panicked(outcome);
        assert!(message.starts_with("extra-answer: "), "{message}");
        assert!(
            message.contains(&format!("echo {input}\"")),
            "{input}: {message}"
        );
    }
    // One at a time too: the last answer's twin is read before the call returns.
    let message = panicked(&external.answer(&Request::parse("y"))).to_owned();
    assert!(message.contains("echo y\""), "{message}");
    // The ids told every line's request: the program never had to be restarted.
    assert_eq!(scratch.groups().len(), 1, "{:?}", scratch.groups());
    drop(external);
    scratch.assert_no_process_left();
}

#[test]
fn a_version_1_program_whose_answers_drift_is_caught() {
    if !python() {
        return;
    }
    let scratch = Scratch::new();
    let external = External::with_options(&scratch.command("v1-double"), options(5000));
    let inputs: Vec<String> = (0..12).map(|i| format!("x{i}")).collect();
    let inputs: Vec<&str> = inputs.iter().map(String::as_str).collect();
    let outcomes = external.answer_many(&cases(&inputs));
    for (input, outcome) in inputs.iter().zip(&outcomes) {
        // Never another case's answer: each is its own extra line.
        let message = panicked(outcome);
        assert!(message.starts_with("extra-answer: "), "{input}: {message}");
        assert!(
            message.contains(&format!("echo {input}\"")),
            "{input}: {message}"
        );
    }
    for input in ["y", "z"] {
        let message = panicked(&external.answer(&Request::parse(input))).to_owned();
        assert!(message.contains(&format!("echo {input}\"")), "{message}");
    }
    // Once each request is asked alone, the answer to `about` after the extra line brings the
    // program back in step: a few starts, not one per case (a busy machine may miss the short
    // wait for that answer now and then, and start it again).
    assert!(
        scratch.groups().len() < inputs.len() / 2,
        "{:?}",
        scratch.groups()
    );
    // A well-behaved version 1 program pays nothing for the check.
    let good = External::with_options(&scratch.command("v1"), options(5000));
    let outcomes = good.answer_many(&cases(&inputs));
    assert_echoes(&inputs, &outcomes, &[]);
    drop(external);
    drop(good);
    scratch.assert_no_process_left();
}

/// Starts the harness with its output piped.
fn start_harness(args: &[&str]) -> std::process::Child {
    Command::new(env!("CARGO_BIN_EXE_uri-conformance"))
        .args(args)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the harness starts")
}

/// Waits for the harness to end ([`PATIENCE`] at most); its status code.
fn wait_for(child: &mut std::process::Child, what: &str) -> Option<i32> {
    let until = Instant::now() + PATIENCE;
    loop {
        if let Some(status) = child.try_wait().expect("wait") {
            return status.code();
        }
        if Instant::now() > until {
            let _ = child.kill();
            let _ = child.wait();
            panic!("{what}: the harness ran past {PATIENCE:?}");
        }
        std::thread::sleep(Duration::from_millis(20));
    }
}

fn signal(child: &std::process::Child, signal: i32) {
    let pid = i32::try_from(child.id()).expect("a pid");
    // SAFETY: kill(2) takes plain integers.
    unsafe {
        libc::kill(pid, signal);
    }
}

#[test]
fn every_termination_signal_stops_fuzz_and_diff_keeping_what_they_printed() {
    if !python() {
        return;
    }
    let runs = [
        (libc::SIGTERM, "SIGTERM", "fuzz"),
        (libc::SIGHUP, "SIGHUP", "fuzz"),
        (libc::SIGINT, "SIGINT", "fuzz"),
        (libc::SIGTERM, "SIGTERM", "diff"),
    ];
    for (number, name, command) in runs {
        let scratch = Scratch::new();
        let reports = scratch.dir.join("reports");
        let reports = reports.to_str().expect("utf-8");
        let mut child = if command == "fuzz" {
            let spec = format!("wrong={}", scratch.command("wrong"));
            start_harness(&[
                "fuzz",
                "--time",
                "60s",
                "--op",
                "parse",
                "--json",
                "--impl-cmd",
                &spec,
                "--reports",
                reports,
            ])
        } else {
            // diff on many cases: a slow program, so that the run is still going.
            let spec = format!("wrong={}", scratch.command("wrong-slow"));
            let list = scratch.dir.join("urls.txt");
            let lines: String = (0..20_000)
                .map(|i| format!("http://h{i}.example/\n"))
                .collect();
            std::fs::write(&list, lines).expect("the list is written");
            start_harness(&[
                "diff",
                "--json",
                "--impl-cmd",
                &spec,
                "--input-file",
                list.to_str().expect("utf-8"),
                "--reports",
                reports,
            ])
        };
        let reports = std::path::Path::new(reports);
        let name = format!("{command} {name}");
        let name = name.as_str();
        // Read the printed signatures as they come; signal after the first.
        let stdout = child.stdout.take().expect("stdout");
        let (lines, printed) = std::sync::mpsc::channel::<String>();
        let reader = std::thread::spawn(move || {
            use std::io::BufRead;
            for line in std::io::BufReader::new(stdout)
                .lines()
                .map_while(Result::ok)
            {
                let _ = lines.send(line);
            }
        });
        let first = printed
            .recv_timeout(PATIENCE)
            .unwrap_or_else(|_| panic!("{name}: no signature printed"));
        signal(&child, number);
        let code = wait_for(&mut child, name);
        assert_eq!(code, Some(128 + number), "{name}");
        let _ = reader.join();
        let mut seen = vec![first];
        seen.extend(printed.try_iter());
        let signatures: Vec<String> = seen
            .iter()
            .filter_map(|l| serde_json::from_str::<serde_json::Value>(l).ok())
            .filter(|v| v["event"] == "new-signature")
            .filter_map(|v| v["signature"].as_str().map(str::to_owned))
            .collect();
        assert!(!signatures.is_empty(), "{name}: {seen:?}");
        for signature in &signatures {
            assert!(
                reports.join(format!("{signature}.json")).exists(),
                "{name}: {signature} was printed but is not on disk"
            );
        }
        scratch.assert_no_process_left();
    }
}

#[test]
fn ctrl_c_is_honoured_at_once_while_every_case_hangs() {
    if !python() {
        return;
    }
    let scratch = Scratch::new();
    let spec = format!("hangs={}", scratch.command("hang-always"));
    let reports = scratch.dir.join("reports");
    let mut child = start_harness(&[
        "fuzz",
        "--time",
        "10m",
        "--timeout-ms",
        "1000000",
        "--impl-cmd",
        &spec,
        "--reports",
        reports.to_str().expect("utf-8"),
    ]);
    let until = Instant::now() + PATIENCE;
    while scratch.groups().is_empty() {
        assert!(Instant::now() < until, "the adapter never started");
        std::thread::sleep(Duration::from_millis(20));
    }
    std::thread::sleep(Duration::from_millis(500));
    signal(&child, libc::SIGINT);
    // Its case waits for a time-out of 1,000 s: the harness ends by the signal or not at all.
    let code = wait_for(&mut child, "SIGINT");
    assert_eq!(code, Some(130));
    scratch.assert_no_process_left();
}

#[test]
fn fuzz_time_is_kept_with_a_program_that_hangs_or_never_starts() {
    if !python() {
        return;
    }
    // Each program waits forever; what tells how the run ended is what it reports: a program
    // benched after its time-outs, or a wait of 1,000 s cut by --time (no finding, no program
    // benched), or a start cut by --time. A run that kept no time would outlast PATIENCE.
    for (mode, limits) in [
        ("hang-always", ["--timeout-ms", "200"]),
        ("hang-always", ["--timeout-ms", "1000000"]),
        ("mute", ["--startup-ms", "1000000"]),
    ] {
        let scratch = Scratch::new();
        let spec = format!("{mode}={}", scratch.command(mode));
        let reports = scratch.dir.join("reports");
        let mut child = start_harness(&[
            "fuzz",
            "--time",
            "5s",
            "--json",
            "--impl",
            "reference",
            limits[0],
            limits[1],
            "--impl-cmd",
            &spec,
            "--reports",
            reports.to_str().expect("utf-8"),
        ]);
        let code = wait_for(&mut child, mode);
        let output = child.wait_with_output().expect("output");
        let stdout = String::from_utf8_lossy(&output.stdout);
        let stderr = String::from_utf8_lossy(&output.stderr);
        if mode == "mute" {
            // A program that never says what it is is a usage error, found at start, and the
            // wait for it ends with the run's time.
            assert_eq!(code, Some(2), "{mode}: {stdout}");
            assert!(stderr.contains("before the run stopped"), "{stderr}");
            scratch.assert_no_process_left();
            continue;
        }
        assert_eq!(code, Some(0), "{mode}: {stdout}");
        let summary: serde_json::Value = stdout
            .lines()
            .filter_map(|l| serde_json::from_str::<serde_json::Value>(l).ok())
            .find(|v| v["event"] == "summary")
            .unwrap_or_else(|| panic!("no summary: {stdout}"));
        let benched: Vec<&str> = summary["benched"]
            .as_array()
            .expect("a list")
            .iter()
            .filter_map(|b| b["name"].as_str())
            .collect();
        if limits[1] == "200" {
            assert_eq!(benched, [mode], "{summary}");
        } else {
            assert!(benched.is_empty(), "{summary}");
            assert_eq!(
                summary["findings"], 0,
                "a time-out was waited for: {summary}"
            );
        }
        scratch.assert_no_process_left();
    }
}

/// The most memory this test process has held so far, in KiB (`VmHWM`), where Linux says.
fn peak_memory_kib() -> Option<u64> {
    let status = std::fs::read_to_string("/proc/self/status").ok()?;
    let line = status.lines().find(|l| l.starts_with("VmHWM:"))?;
    line.split_whitespace().nth(1)?.parse().ok()
}

/// The endless line's length: 16 times the longest answer line kept (128 MiB), twice the
/// most a test process alone may peak at below ([`ALONE_PEAK`]).
const ENDLESS_LINE: usize = 16 * LINE_LIMIT;

/// The most memory the endless-line test may hold, run alone in a process of its own: what
/// the harness may hold of one program's output (`QUEUED_BYTES + 2 * LINE_LIMIT`, 32 MiB) and
/// the test binary itself (about 9 MiB), with room to spare, and half the endless line: a
/// harness that held the line, or half of it, fails.
const ALONE_PEAK: usize = ENDLESS_LINE / 2;

/// Set in the process that [`an_endless_line_is_cut_costs_bounded_memory_and_is_the_case_finding`]
/// starts to run itself alone.
const ALONE: &str = "HOSTILE_ADAPTERS_ALONE";

#[test]
fn an_endless_line_is_cut_costs_bounded_memory_and_is_the_case_finding() {
    if !python() {
        return;
    }
    const NAME: &str = "an_endless_line_is_cut_costs_bounded_memory_and_is_the_case_finding";
    if std::env::var_os(ALONE).is_none() {
        // The peak memory of a process is its own: this test runs again in a test process of
        // its own (this binary, this test only), where no other test's memory counts, so
        // that the bound can be tight and the line no longer than a few times the bound.
        let output = Command::new(std::env::current_exe().expect("the test binary"))
            .args(["--exact", NAME, "--nocapture", "--test-threads", "1"])
            .env(ALONE, "1")
            .output()
            .expect("the test runs alone");
        let stdout = String::from_utf8_lossy(&output.stdout);
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert!(output.status.success(), "{stdout}\n{stderr}");
        assert!(stdout.contains("1 passed"), "{stdout}\n{stderr}");
        return;
    }
    let scratch = Scratch::new();
    let mode = format!("endless-line-{}", ENDLESS_LINE >> 20);
    let external = External::with_options(&scratch.command(&mode), options(60_000));
    let inputs = ["a", "endless", "b"];
    let outcomes = external.answer_many(&cases(&inputs));
    assert_echoes(&inputs, &outcomes, &["endless"]);
    let message = panicked(&outcomes[1]);
    assert!(message.starts_with(NOT_AN_ANSWER), "{message}");
    assert!(message.contains("longer than"), "{message}");
    assert!(
        message.contains(&format!("{} bytes", ENDLESS_LINE)),
        "{message}"
    );
    // The adapter wrote the line twice (alone the second time); a harness that held it would
    // have held it whole.
    if let Some(peak) = peak_memory_kib() {
        assert!(
            peak < (ALONE_PEAK >> 10) as u64,
            "the test process peaked at {peak} KiB"
        );
    }
    drop(external);
    scratch.assert_no_process_left();
}

/// Runs `answer_many` on a thread of its own and waits at most `limit` for it.
fn answered_within(external: External, requests: Vec<Request>, limit: Duration) -> Vec<Outcome> {
    let (send, receive) = std::sync::mpsc::channel();
    std::thread::spawn(move || {
        let outcomes = external.answer_many(&requests);
        drop(external);
        let _ = send.send(outcomes);
    });
    receive
        .recv_timeout(limit)
        .unwrap_or_else(|_| panic!("no answer within {limit:?}"))
}

#[test]
fn a_program_that_repeats_an_answer_forever_is_benched_and_the_run_goes_on() {
    if !python() {
        return;
    }
    let scratch = Scratch::new();
    let external = External::with_options(&scratch.command("flood"), options(2000));
    let inputs = ["a", "b", "c"];
    let outcomes = answered_within(external, cases(&inputs), Duration::from_secs(60));
    let message = panicked(&outcomes[0]);
    assert!(message.starts_with("extra-answer: "), "{message}");
    assert_eq!(outcomes[1..], [Outcome::Unsupported, Outcome::Unsupported]);
    let benched = uri_conformance::impls::external::benched();
    assert!(
        benched
            .iter()
            .any(|(name, why)| name == "hostile-flood" && why.contains("answer nothing")),
        "{benched:?}"
    );
    scratch.assert_no_process_left();
}

#[test]
fn an_answer_that_is_not_utf8_is_garbage_not_judged() {
    if !python() {
        return;
    }
    let scratch = Scratch::new();
    let external = External::with_options(&scratch.command("not-utf8"), options(5000));
    let inputs = ["a", "latin1", "b"];
    let outcomes = external.answer_many(&cases(&inputs));
    assert_echoes(&inputs, &outcomes, &["latin1"]);
    let message = panicked(&outcomes[1]);
    assert!(message.starts_with(NOT_AN_ANSWER), "{message}");
    assert!(message.contains("not UTF-8"), "{message}");
    drop(external);
    scratch.assert_no_process_left();
}

/// The note for a line that is not UTF-8 quotes it with its request id masked, and counts
/// the invalid byte's place without the id: the id is the harness's count of requests, so the
/// same answer after another number of cases (another batching) gives the same finding.
#[test]
fn a_line_that_is_not_utf8_gives_the_same_finding_whatever_its_id() {
    if !python() {
        return;
    }
    let scratch = Scratch::new();
    let mut notes = Vec::new();
    for before in [0, 12, 150] {
        let external = External::with_options(&scratch.command("not-utf8"), options(5000));
        let mut inputs: Vec<String> = (0..before).map(|i| format!("a{i}")).collect();
        inputs.push("latin1".to_owned());
        let inputs: Vec<&str> = inputs.iter().map(String::as_str).collect();
        let outcomes = external.answer_many(&cases(&inputs));
        assert_echoes(&inputs, &outcomes, &["latin1"]);
        notes.push(panicked(&outcomes[before]).to_owned());
        drop(external);
    }
    assert!(
        notes[0].contains(r#"invalid byte at 33, its id's value not counted) {"id":…,"valid""#),
        "{}",
        notes[0]
    );
    assert_eq!(notes[1], notes[0]);
    assert_eq!(notes[2], notes[0]);
    scratch.assert_no_process_left();
}

#[test]
fn a_program_that_crashes_on_every_case_is_benched() {
    if !python() {
        return;
    }
    let scratch = Scratch::new();
    let external = External::with_options(&scratch.command("crash-always"), options(5000));
    let inputs: Vec<String> = (0..30).map(|i| format!("case{i}")).collect();
    let inputs: Vec<&str> = inputs.iter().map(String::as_str).collect();
    let outcomes = external.answer_many(&cases(&inputs));
    let crashed = outcomes
        .iter()
        .filter(|o| matches!(o, Outcome::Panicked(m) if m.starts_with("program-exited")))
        .count();
    assert!((1..=5).contains(&crashed), "{outcomes:?}");
    assert!(
        outcomes[crashed..]
            .iter()
            .all(|o| *o == Outcome::Unsupported),
        "{outcomes:?}"
    );
    // One start for `about`, then one a crash.
    let starts = scratch.groups().len();
    assert!(starts <= 1 + 5, "{starts} starts");
    let benched = uri_conformance::impls::external::benched();
    assert!(
        benched
            .iter()
            .any(|(name, _)| name == "hostile-crash-always"),
        "{benched:?}"
    );
    drop(external);
    scratch.assert_no_process_left();
}

#[test]
fn a_signal_ends_diff_at_once_while_a_bundled_crate_is_busy_on_one_case() {
    let scratch = Scratch::new();
    // Lines that keep several crates busy for many seconds each (a dot-segment per 5 bytes).
    let line = format!("a:{}\n", "a/..a/..".repeat(100_000));
    let list = scratch.dir.join("dots.txt");
    std::fs::write(&list, line.repeat(8)).expect("the list is written");
    let reports = scratch.dir.join("reports");
    let mut child = start_harness(&[
        "diff",
        "--input-file",
        list.to_str().expect("utf-8"),
        "--reports",
        reports.to_str().expect("utf-8"),
    ]);
    std::thread::sleep(Duration::from_secs(3));
    signal(&child, libc::SIGTERM);
    // In principle within a poll (50 ms); waited for with the tests' patience, far over what
    // a loaded machine needs and far under what the crates take on these lines. The run's
    // summary below shows it stopped by itself.
    let code = wait_for(&mut child, "SIGTERM");
    assert_eq!(code, Some(143));
    // It stopped by itself, writing what it found and its summary, not by the deadline
    // that ends a stop that takes too long.
    let output = child.wait_with_output().expect("output");
    let stdout = String::from_utf8_lossy(&output.stdout);
    assert!(stdout.contains("reports in"), "{stdout}");
}

#[test]
fn the_fields_of_about_are_capped() {
    if !python() {
        return;
    }
    let scratch = Scratch::new();
    let external = External::with_options(&scratch.command("long-about"), options(5000));
    let about = external.about();
    // The field, cut, then the command that runs the program.
    let limit = uri_conformance::impls::external::ABOUT_FIELD_CHARS + 20;
    assert!(
        about.version.len() < limit + external.command().len(),
        "{}",
        about.version.len()
    );
    assert!(about.version.starts_with("vvvv") && about.version.contains("[cut]"));
    assert!(about.spec.len() < limit, "{}", about.spec.len());
    drop(external);
    scratch.assert_no_process_left();
}

#[test]
fn diff_shows_every_control_character_of_a_program_escaped() {
    if !python() {
        return;
    }
    let scratch = Scratch::new();
    let spec = format!("lf={}", scratch.command("lf-error"));
    let (code, stdout, _) = harness(&["diff", "--impl-cmd", &spec, "lf"]);
    assert_eq!(code, Some(0), "{stdout}");
    assert!(stdout.contains("INJECTED"), "{stdout}");
    assert!(
        !stdout.contains('\r') && !stdout.contains('\t'),
        "{stdout:?}"
    );
    for line in stdout.lines() {
        assert!(
            !line.trim_start().starts_with("INJECTED"),
            "a line of the program's made to look like the harness's:\n{stdout}"
        );
    }
    scratch.assert_no_process_left();
}
