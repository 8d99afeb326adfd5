//! The main job as a library call (`job::run`, which `uri-conformance run` makes): in small,
//! over three crates, it writes the reports and every page, the reference breaks none of its
//! properties, and a second run over what the first wrote changes nothing but `stats.json`.

#![cfg(all(
    feature = "fuzz",
    feature = "rhymuri",
    feature = "uriparse",
    feature = "url"
))]

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::sync::atomic::AtomicBool;
use std::time::Duration;

use uri_conformance::impls::{self, Implementation};
use uri_conformance::job::{self, Job, Summary};

const NAMES: [&str; 3] = ["rhymuri", "uriparse", "url"];

fn run(reports: &Path) -> Summary {
    let implementations: Vec<Arc<dyn Implementation>> = NAMES
        .iter()
        .map(|name| Arc::from(impls::by_name(name).expect("a bundled implementation")))
        .collect();
    let stop = AtomicBool::new(false);
    let per_impl = |_: &str| 300;
    let job = Job {
        implementations,
        guard: Duration::from_secs(60),
        adapters: Vec::new(),
        selection: String::new(),
        reports: reports.to_owned(),
        urls: None,
        wpt: None,
        wpt_setters: None,
        fuzz_cases: 300,
        fuzz_cases_per_impl: &per_impl,
        announce: None,
        log: &|_| {},
        stop: &stop,
    };
    job::run(&job).expect("the job runs")
}

/// Every file under `dir` but `stats.json`, by its path under `dir`, with its bytes.
fn files(dir: &Path) -> BTreeMap<PathBuf, Vec<u8>> {
    let mut all = BTreeMap::new();
    let mut folders = vec![dir.to_path_buf()];
    while let Some(folder) = folders.pop() {
        for entry in std::fs::read_dir(&folder).expect("a folder") {
            let path = entry.expect("an entry").path();
            if path.is_dir() {
                folders.push(path);
            } else if path.file_name().is_some_and(|n| n != "stats.json") {
                let bytes = std::fs::read(&path).expect("a file");
                all.insert(path.strip_prefix(dir).expect("under dir").to_owned(), bytes);
            }
        }
    }
    all
}

#[test]
fn the_main_job_writes_its_pages_and_is_a_fixed_point() {
    let dir = std::env::temp_dir().join(format!("main-job-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("a scratch folder");
    let first = run(&dir);
    assert!(first.violations.is_empty(), "{:?}", first.violations);
    assert!(first.reports > 10, "{} reports", first.reports);
    assert!(first.phases.contains("fuzz: url alone"), "{}", first.phases);
    let written = files(&dir);
    for page in [
        "README.md",
        "conformance.md",
        "field.md",
        "mechanisms.md",
        "confusion.md",
        "catalogue.md",
    ] {
        assert!(written.contains_key(Path::new(page)), "{page} not written");
    }
    // The second run replays the stored cases first and meets the rest in another order.
    let second = run(&dir);
    assert_eq!(second.reports, first.reports);
    let again = files(&dir);
    let changed: Vec<&PathBuf> = written
        .keys()
        .chain(again.keys())
        .filter(|name| written.get(*name) != again.get(*name))
        .collect();
    assert!(changed.is_empty(), "changed by a second run: {changed:?}");
    let _ = std::fs::remove_dir_all(&dir);
}
