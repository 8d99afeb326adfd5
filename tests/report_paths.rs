//! No report, index, page or statistics file names the folder it was written from: an external
//! program is named by its name and by its path relative to the repository (or, outside one, to
//! the folder the run started in), so that a run in another clone rewrites nothing, and the
//! committed reports say nothing of the machine that wrote them.

#![cfg(all(unix, feature = "uriparse"))]

use std::os::unix::fs::PermissionsExt;
use std::path::{Path, PathBuf};
use std::process::Command;

/// A folder of its own under `base`, removed at the end.
struct Scratch(PathBuf);

impl Scratch {
    fn new(base: &Path, name: &str) -> Scratch {
        let dir = base.join(format!("report-paths-{}-{name}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).expect("a scratch folder");
        // The path as the program sees it (the temporary directory may be a symbolic link).
        Scratch(dir.canonicalize().expect("the scratch folder"))
    }
}

impl Drop for Scratch {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

/// The files under `dir` that hold `text`, and how many files there are.
fn files_holding(dir: &Path, text: &str) -> (Vec<PathBuf>, usize) {
    let mut holding = Vec::new();
    let mut count = 0;
    let mut folders = vec![dir.to_owned()];
    while let Some(folder) = folders.pop() {
        for entry in std::fs::read_dir(&folder).expect("a readable folder") {
            let path = entry.expect("an entry").path();
            if path.is_dir() {
                folders.push(path);
            } else {
                count += 1;
                let bytes = std::fs::read(&path).expect("a readable file");
                if String::from_utf8_lossy(&bytes).contains(text) {
                    holding.push(path);
                }
            }
        }
    }
    (holding, count)
}

/// The main job on `implementation` beside the reference, from `cwd`, into `reports`: every
/// kind of file a run writes (reports, the index, the pages, stats.json). The fuzz phase runs,
/// on few cases: the paths are what is checked, and a report found by fuzzing has the fields of
/// one found by the vectors (the vectors alone give the programs here findings to report).
fn main_job(cwd: &Path, selection: &[&str], reports: &Path) {
    let output = Command::new(env!("CARGO_BIN_EXE_uri-conformance"))
        .current_dir(cwd)
        .args(["run", "--impl", "reference"])
        .args(selection)
        .args(["--fuzz-cases", "200", "--fuzz-cases-per-impl", "0"])
        .arg("--reports")
        .arg(reports)
        .output()
        .expect("the main job runs");
    assert!(
        output.status.success(),
        "{}\n{}",
        String::from_utf8_lossy(&output.stdout),
        String::from_utf8_lossy(&output.stderr)
    );
}

#[test]
fn a_program_run_from_a_folder_is_named_relative_to_it() {
    // Outside any checkout: the system's temporary directory.
    let scratch = Scratch::new(&std::env::temp_dir(), "program");
    let dir = &scratch.0;
    // A protocol program in the folder the run starts in, given by its absolute path: the
    // bundled uriparse served through the protocol, which has findings to report.
    let program = dir.join("run");
    std::fs::write(
        &program,
        format!(
            "#!/bin/sh\nexec '{}' serve --impl uriparse\n",
            env!("CARGO_BIN_EXE_uri-conformance")
        ),
    )
    .expect("the program is written");
    std::fs::set_permissions(&program, std::fs::Permissions::from_mode(0o755))
        .expect("the program is executable");
    let urls = dir.join("urls");
    std::fs::create_dir_all(&urls).expect("the URL folder");
    std::fs::write(
        urls.join("list.txt"),
        "http://a:65536/\nhttp://[::1]:80/\nhttp://a/%zz\nfoo://u@h:1/p?q#f\n",
    )
    .expect("the URL list");
    let reports = dir.join("reports");
    let spec = format!("mine={}", program.display());
    main_job(
        dir,
        &["--impl-cmd", &spec, "--urls", urls.to_str().expect("utf-8")],
        &reports,
    );
    let (named, written) = files_holding(&reports, "(./run)");
    assert!(
        !named.is_empty(),
        "no report names the program by its relative path ({written} files written)"
    );
    let (holding, _) = files_holding(&reports, &dir.display().to_string());
    assert!(
        holding.is_empty(),
        "the run's folder is named in {holding:?}"
    );
}

#[test]
fn an_adapter_of_the_repository_is_named_relative_to_it() {
    if Command::new("python3").arg("--version").output().is_err() {
        eprintln!("python3 is not installed: the Python adapter is not run");
        return;
    }
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .canonicalize()
        .expect("the checkout");
    // The reports inside the checkout, as `reports/ecosystem/` is (under target/, which git
    // ignores): their links to the repository's files are relative then.
    let scratch = Scratch::new(Path::new(env!("CARGO_TARGET_TMPDIR")), "ecosystem");
    // An ecosystem file as adapters/setup writes it: absolute commands.
    let list = scratch.0.join("ecosystem.json");
    std::fs::write(
        &list,
        format!(
            r#"{{"adapters": [{{"name": "python-urllib", "command": "{}/adapters/python/urllib/run", "language": "Python", "library": "urllib.parse", "adapter": "adapters/python/urllib"}}]}}"#,
            root.display()
        ),
    )
    .expect("the list is written");
    let reports = scratch.0.join("reports");
    main_job(
        &root,
        &["--ecosystem", list.to_str().expect("utf-8")],
        &reports,
    );
    let (named, written) = files_holding(&reports, "(adapters/python/urllib/run)");
    assert!(
        !named.is_empty(),
        "no report names the adapter by its path in the repository ({written} files written)"
    );
    let (holding, _) = files_holding(&reports, &root.display().to_string());
    assert!(holding.is_empty(), "the checkout is named in {holding:?}");
}
