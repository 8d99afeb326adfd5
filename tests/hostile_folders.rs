//! A hostile reports folder or corpus cannot make the harness touch anything outside it, hang,
//! or take unbounded time: every path made from a file's contents stays in its folder, and the
//! loaders refuse what is too deep, too big or not a regular file, quickly and by file:line.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicUsize, Ordering};

use uri_conformance::protocol::Request;
use uri_conformance::report::rfc::Citation;
use uri_conformance::report::{Collector, Exhibit, Report};

/// How long a test waits for work that a FIFO could block before calling it a hang: far
/// beyond a busy machine's slowness. No test asserts that anything was fast.
const PATIENCE: std::time::Duration = std::time::Duration::from_secs(120);

/// Runs `work` on a thread of its own and returns what it returns; panics, naming `what`, when
/// it has not returned within [`PATIENCE`] (blocked on a FIFO, say).
fn within_patience<T: Send + 'static>(what: &str, work: impl FnOnce() -> T + Send + 'static) -> T {
    let (done, result) = std::sync::mpsc::channel();
    std::thread::spawn(move || {
        let _ = done.send(work());
    });
    result
        .recv_timeout(PATIENCE)
        .unwrap_or_else(|_| panic!("{what}: still running after {PATIENCE:?}"))
}

struct Scratch(PathBuf);

impl Scratch {
    fn new(what: &str) -> Scratch {
        static COUNT: AtomicUsize = AtomicUsize::new(0);
        let dir = std::env::temp_dir().join(format!(
            "hostile-folders-{what}-{}-{}",
            std::process::id(),
            COUNT.fetch_add(1, Ordering::Relaxed)
        ));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).expect("a scratch directory");
        Scratch(dir)
    }

    fn path(&self, relative: &str) -> PathBuf {
        self.0.join(relative)
    }
}

impl Drop for Scratch {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

fn exhibit(input: &str, actual: &str) -> Exhibit {
    Exhibit {
        case: Request::parse(input),
        reference: "invalid: port".to_owned(),
        actual: actual.to_owned(),
        standard: None,
        others: BTreeMap::new(),
        chain: Vec::new(),
    }
}

fn report(implementation: &str, signature: &str) -> Report {
    Report {
        implementation: implementation.to_owned(),
        version: "crate 1.0.0".to_owned(),
        spec: "RFC 3986".to_owned(),
        signature: signature.to_owned(),
        op: "parse".to_owned(),
        kind: "accepts-invalid".to_owned(),
        fields: vec!["port".to_owned()],
        detail: "port-letter".to_owned(),
        class: "candidate bug".to_owned(),
        security: false,
        known: None,
        rfc: Citation {
            section: "RFC 3986 §3.2.3".to_owned(),
            text: "port = *DIGIT".to_owned(),
            note: None,
        },
        verdict: None,
        upstream: None,
        minimal: exhibit("//h:a", "valid"),
        original: exhibit("//h:a", "valid"),
        examples: Vec::new(),
        counts: BTreeMap::new(),
        first_seen: String::new(),
        reproduction: None,
        reproduction_language: None,
        selection: None,
        same_code_as: None,
        seen_in: Default::default(),
    }
}

fn plant(path: &Path, text: &str) {
    std::fs::create_dir_all(path.parent().expect("a folder")).expect("the folder is made");
    std::fs::write(path, text).expect("the file is planted");
}

/// Every file under `dir`, with its contents.
fn snapshot(dir: &Path) -> BTreeMap<PathBuf, Vec<u8>> {
    let mut files = BTreeMap::new();
    let mut stack = vec![dir.to_path_buf()];
    while let Some(folder) = stack.pop() {
        for entry in std::fs::read_dir(&folder).into_iter().flatten().flatten() {
            let kind = entry.file_type().expect("a file type");
            if kind.is_dir() {
                stack.push(entry.path());
            } else {
                files.insert(
                    entry.path(),
                    std::fs::read(entry.path()).unwrap_or_default(),
                );
            }
        }
    }
    files
}

#[test]
fn pruning_never_removes_a_file_outside_the_reports_folder() {
    let scratch = Scratch::new("prune");
    let reports = scratch.path("a/b/reports");
    std::fs::create_dir_all(&reports).expect("the reports folder");
    // A report whose names climb out: the pruning step would remove
    // reports/../../elsewhere/target.{json,md,inputs.json}.
    let climbing = report("../../elsewhere", "target");
    plant(
        &reports.join("evil/target.json"),
        &serde_json::to_string(&climbing).expect("json"),
    );
    let absolute = report(
        scratch.path("a/elsewhere").to_str().expect("utf-8"),
        "target",
    );
    plant(
        &reports.join("evil2/target.json"),
        &serde_json::to_string(&absolute).expect("json"),
    );
    for extension in ["json", "md", "inputs.json"] {
        plant(
            &scratch.path(&format!("a/elsewhere/target.{extension}")),
            "keep me",
        );
    }
    // A folder that is a symbolic link to outside, holding a well-named report.
    let outside = scratch.path("outside");
    plant(
        &outside.join("crate.json"),
        &serde_json::to_string(&report("linked", "crate")).expect("json"),
    );
    plant(&outside.join("crate.md"), "keep me too");
    #[cfg(unix)]
    std::os::unix::fs::symlink(&outside, reports.join("linked")).expect("a symbolic link");

    let before = snapshot(&scratch.path("a/elsewhere"));
    let outside_before = snapshot(&outside);
    // `run` prunes the reports its replay did not produce: here, all of them.
    Collector::new(&reports)
        .write_pruning()
        .expect("the folder is written");
    let mut collector = Collector::new(&reports);
    collector.insert(report("crate", "parse-accepts-invalid-port-letter"));
    collector.write().expect("the folder is written");
    assert_eq!(snapshot(&scratch.path("a/elsewhere")), before);
    assert_eq!(snapshot(&outside), outside_before);
    // The planted files are not reports: left alone, never listed.
    assert!(reports.join("evil/target.json").exists());
    let index = std::fs::read_to_string(reports.join("README.md")).expect("the index");
    assert!(
        !index.contains("elsewhere") && !index.contains("linked"),
        "{index}"
    );
    assert!(
        index.contains("parse-accepts-invalid-port-letter"),
        "{index}"
    );
}

#[test]
fn a_report_with_a_climbing_name_is_refused_and_the_rest_are_written() {
    let scratch = Scratch::new("write");
    let reports = scratch.path("a/b/reports");
    let mut collector = Collector::new(&reports);
    collector.insert(report("../../elsewhere", "target"));
    collector.insert(report("crate", "../../../target"));
    collector.insert(report("crate", "parse-accepts-invalid-port-letter"));
    let error = collector
        .write()
        .expect_err("the climbing names are refused");
    assert!(
        error.to_string().contains("not a plain file name"),
        "{error}"
    );
    assert!(!scratch.path("a/elsewhere").exists());
    assert!(!scratch.path("target.json").exists() && !scratch.path("a/target.json").exists());
    // The good report, the statistics and the index are written all the same.
    assert!(
        reports
            .join("crate/parse-accepts-invalid-port-letter.md")
            .exists()
    );
    assert!(reports.join("stats.json").exists());
    assert!(reports.join("README.md").exists());
}

/// A corpus folder `dir/rfc3986/` holding one file.
fn corpus_with(scratch: &Scratch, name: &str) -> (PathBuf, PathBuf) {
    let dir = scratch.path("vectors");
    std::fs::create_dir_all(dir.join("rfc3986")).expect("the corpus folder");
    let file = dir.join("rfc3986").join(name);
    (dir, file)
}

#[test]
fn deeply_nested_vector_files_are_refused_at_once_by_file_and_line() {
    let scratch = Scratch::new("nested");
    let (dir, file) = corpus_with(&scratch, "deep.yaml");
    std::fs::write(
        &file,
        format!("vectors:\n  - id: a\n    input: {}\n", "[".repeat(100_000)),
    )
    .expect("the file is written");
    // Refused by the nesting check, with its line, before the YAML parser recurses.
    let error = uri_conformance::vectors::load_dir(&dir).expect_err("refused");
    assert_eq!(error.file, file);
    assert_eq!(error.line, Some(3), "{error}");
    assert!(error.message.contains("brackets"), "{error}");

    std::fs::write(&file, format!("vectors:\n{}x\n", "- ".repeat(10_000)))
        .expect("the file is written");
    let error = uri_conformance::vectors::load_dir(&dir).expect_err("refused");
    assert_eq!(error.line, Some(2), "{error}");
}

#[cfg(unix)]
#[test]
fn a_fifo_or_a_huge_file_in_the_corpus_is_refused_without_blocking() {
    let scratch = Scratch::new("fifo");
    let (dir, file) = corpus_with(&scratch, "pipe.yaml");
    let name = std::ffi::CString::new(file.to_str().expect("utf-8")).expect("a C string");
    // SAFETY: mkfifo reads a NUL-terminated path we own.
    assert_eq!(unsafe { libc::mkfifo(name.as_ptr(), 0o600) }, 0);
    // Opening a FIFO for reading waits for a writer, which never comes: a loader that opened it
    // would never return.
    let corpus = dir.clone();
    let error = within_patience("loading the corpus", move || {
        uri_conformance::vectors::load_dir(&corpus).expect_err("refused")
    });
    assert!(error.message.contains("not a regular file"), "{error}");
    assert_eq!(error.file, file);
    std::fs::remove_file(&file).expect("the FIFO goes");

    let huge = dir.join("rfc3986").join("huge.yaml");
    std::fs::File::create(&huge)
        .and_then(|f| f.set_len(uri_conformance::vectors::MAX_FILE_BYTES + 1))
        .expect("a sparse file");
    let error = uri_conformance::vectors::load_dir(&dir).expect_err("refused");
    assert!(error.message.contains("bytes"), "{error}");

    // The expectations file too.
    let expectations = scratch.path("expectations.yaml");
    let name = std::ffi::CString::new(expectations.to_str().expect("utf-8")).expect("a C string");
    // SAFETY: as above.
    assert_eq!(unsafe { libc::mkfifo(name.as_ptr(), 0o600) }, 0);
    let error = within_patience("loading the expectations", move || {
        uri_conformance::gate::Expectations::load(&expectations).expect_err("refused")
    });
    assert!(error.contains("not a regular file"), "{error}");
}

#[test]
fn every_expectation_needs_a_reason_that_says_something() {
    let scratch = Scratch::new("reasons");
    let path = scratch.path("url.yaml");
    for (value, refused) in [
        ("null", true),
        ("~", true),
        ("", true),
        ("\"  \"", true),
        ("3", true),
        ("[a]", true),
        ("known difference", false),
    ] {
        std::fs::write(
            &path,
            format!(
                "implementation: url\nfailures:\n  rfc3986/3/a: fine\n  rfc3986/3/b: {value}\n"
            ),
        )
        .expect("the file is written");
        let loaded = uri_conformance::gate::Expectations::load(&path);
        if refused {
            let error = loaded.expect_err(value);
            assert!(
                error.contains(":4: \"rfc3986/3/b\" has no reason"),
                "{value}: {error}"
            );
        } else {
            assert_eq!(loaded.expect(value).failures.len(), 2);
        }
    }
    std::fs::write(
        &path,
        format!("implementation: url\nfailures: {}\n", "{".repeat(1000)),
    )
    .expect("the file is written");
    let error = uri_conformance::gate::Expectations::load(&path).expect_err("nested");
    assert!(error.contains(":2: "), "{error}");
}

#[cfg(unix)]
fn mkfifo(path: &Path) {
    std::fs::create_dir_all(path.parent().expect("a folder")).expect("the folder is made");
    let name = std::ffi::CString::new(path.to_str().expect("utf-8")).expect("a C string");
    // SAFETY: mkfifo reads a NUL-terminated path we own.
    assert_eq!(
        unsafe { libc::mkfifo(name.as_ptr(), 0o600) },
        0,
        "{}",
        path.display()
    );
}

#[cfg(unix)]
#[test]
fn fifos_planted_in_the_reports_folder_are_never_waited_on() {
    let scratch = Scratch::new("report-fifos");
    let reports = scratch.path("reports");
    for name in [
        "crate/parse-accepts-invalid-port-letter.json",
        "crate/other.json",
        "conformance.json",
        "verdicts.yaml",
    ] {
        mkfifo(&reports.join(name));
    }
    let dir = reports.clone();
    let written = within_patience("the writers, beside FIFOs", move || {
        let _ = uri_conformance::report::read_all(&dir);
        let _ = Collector::new(&dir).write_pruning();
        let mut collector = Collector::new(&dir);
        collector.insert(report("crate", "parse-accepts-invalid-port-letter"));
        let written = collector.write();
        let _ = uri_conformance::report::changes::Before::read(&dir);
        written.map(|all| all.len()).map_err(|e| e.to_string())
    });
    // verdicts.yaml is a FIFO: refused by name, at once.
    let error = written.expect_err("a FIFO for verdicts.yaml is an error");
    assert!(
        error.contains("verdicts.yaml") && error.contains("not a regular file"),
        "{error}"
    );

    // Without it, the report is written over the FIFO planted under its name.
    std::fs::remove_file(reports.join("verdicts.yaml")).expect("the FIFO goes");
    mkfifo(&reports.join("stats.json"));
    let mut collector = Collector::new(&reports);
    collector.insert(report("crate", "parse-accepts-invalid-port-letter"));
    let error = collector
        .write()
        .expect_err("a FIFO for stats.json is an error");
    assert!(error.to_string().contains("stats.json"), "{error}");
    std::fs::remove_file(reports.join("stats.json")).expect("the FIFO goes");
    let mut collector = Collector::new(&reports);
    collector.insert(report("crate", "parse-accepts-invalid-port-letter"));
    assert_eq!(collector.write().expect("written").len(), 1);
}

/// A few kilobytes of YAML that stand for 1.2 million nodes: a list of 2,000 items, then 600
/// aliases to it, as the values of `first` and `second` in a mapping indented by `indent`.
fn alias_bomb(indent: &str, first: &str, second: &str) -> String {
    format!(
        "{indent}{first}: &wide [{}]\n{indent}{second}: [{}]\n",
        vec!["1"; 2_000].join(","),
        vec!["*wide"; 600].join(", ")
    )
}

/// Whether `error` refuses the file by its node count, at a line of `file`.
fn refused_for_nodes(error: &str, file: &str) {
    assert!(error.contains("more than 1000000 nodes"), "{error}");
    assert!(error.starts_with(&format!("{file}:")), "{error}");
}

#[test]
fn aliases_that_stand_for_too_many_nodes_are_refused_by_every_yaml_loader() {
    let scratch = Scratch::new("aliases");
    // An expectations file (read whole into YAML values first, to check each reason).
    let expectations = scratch.path("url.yaml");
    std::fs::write(
        &expectations,
        format!(
            "implementation: url\nfailures:\n{}",
            alias_bomb("  ", "rfc3986/a", "rfc3986/b")
        ),
    )
    .expect("the file is written");
    let error = uri_conformance::gate::Expectations::load(&expectations).expect_err("refused");
    refused_for_nodes(&error, &expectations.display().to_string());

    // A vector file.
    let (dir, file) = corpus_with(&scratch, "aliases.yaml");
    std::fs::write(
        &file,
        format!(
            "vectors:\n  - id: a\n    section: \"3.1\"\n    op: parse\n    input: a\n    expect:\n{}",
            alias_bomb("      ", "components", "host_kind")
        ),
    )
    .expect("the file is written");
    let error = uri_conformance::vectors::load_dir(&dir).expect_err("refused");
    refused_for_nodes(&error.to_string(), &file.display().to_string());

    // The catalogue of known differences.
    let error = uri_conformance::diff::Catalogue::parse(&format!(
        "entries:\n  - id: a\n{}",
        alias_bomb("    ", "implementations", "ops")
    ))
    .expect_err("refused");
    refused_for_nodes(&error, "known-differences.yaml");

    // A reports folder's verdicts.
    let reports = scratch.path("reports");
    std::fs::create_dir_all(&reports).expect("the folder");
    std::fs::write(
        reports.join("verdicts.yaml"),
        format!("verdicts:\n{}", alias_bomb("  ", "a/b", "c/d")),
    )
    .expect("the file is written");
    let error = uri_conformance::report::Verdicts::load(&reports).expect_err("refused");
    refused_for_nodes(&error, &reports.join("verdicts.yaml").display().to_string());
}

#[cfg(unix)]
#[test]
fn nothing_is_written_through_a_symbolic_link_in_the_reports_folder() {
    let scratch = Scratch::new("linked-folder");
    let reports = scratch.path("reports");
    let outside = scratch.path("outside");
    std::fs::create_dir_all(&reports).expect("the reports folder");
    std::fs::create_dir_all(&outside).expect("the outside folder");
    // An implementation's folder that is a link to outside.
    std::os::unix::fs::symlink(&outside, reports.join("crate")).expect("a symbolic link");
    // A temporary file's name (this process writes the reports) that is a link to outside.
    std::fs::create_dir_all(reports.join("other")).expect("a real folder");
    let victim = outside.join("victim");
    std::os::unix::fs::symlink(
        &victim,
        reports.join(format!(
            "other/.parse-accepts-invalid-port-letter.json.{}.tmp",
            std::process::id()
        )),
    )
    .expect("a symbolic link");
    let mut collector = Collector::new(&reports);
    collector.insert(report("crate", "parse-accepts-invalid-port-letter"));
    collector.insert(report("other", "parse-accepts-invalid-port-letter"));
    let error = collector.write().expect_err("the linked folder is refused");
    assert!(error.to_string().contains("symbolic link"), "{error}");
    let leaked: Vec<_> = std::fs::read_dir(&outside)
        .expect("the outside folder")
        .map(|e| e.expect("an entry").file_name())
        .collect();
    assert!(leaked.is_empty(), "written outside: {leaked:?}");
    // The report in the real folder is written, the link in its way replaced, not followed.
    assert!(
        reports
            .join("other/parse-accepts-invalid-port-letter.json")
            .is_file()
    );
}
