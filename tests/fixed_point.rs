//! A run over the reports a run wrote writes them again byte for byte (but `stats.json`): the
//! main job is a fixed point once it has run, whatever order it meets the stored cases in, so
//! that the committed reports change only when a behaviour does.
//!
//! Each run is the main job's campaign in small: the stored cases replayed, a sweep of cases,
//! a fuzz campaign over every implementation and one of each implementation alone (whose cases
//! are asked of that implementation only), then every case the reports keep asked of every
//! implementation, and the reports written. The main job itself, as the library call the
//! command line makes, is one too, and writes every page.

#![cfg(all(
    feature = "fuzz",
    feature = "rhymuri",
    feature = "uniresid",
    feature = "uriparse",
    feature = "url"
))]

use std::path::{Path, PathBuf};
use std::sync::atomic::AtomicBool;
use std::sync::{Arc, Mutex};
use std::time::Duration;

use uri_conformance::campaign::Campaign;
use uri_conformance::diff::Engine;
use uri_conformance::diff::catalogue::Catalogue;
use uri_conformance::fuzz::{self, Options, Progress};
use uri_conformance::generate::Op;
use uri_conformance::impls::{self, Implementation};
use uri_conformance::job::{self, Job, Summary};
use uri_conformance::protocol::Request;
use uri_conformance::report::pages::{Format, Page, name};

const NAMES: [&str; 4] = ["rhymuri", "uniresid", "uriparse", "url"];

fn implementations(names: &[&str]) -> Vec<Arc<dyn Implementation>> {
    names
        .iter()
        .map(|name| Arc::from(impls::by_name(name).expect("a bundled implementation")))
        .collect()
}

fn engine(names: &[&str]) -> Engine {
    Engine::new(
        implementations(names),
        Duration::from_secs(60),
        Catalogue::bundled(),
    )
}

fn options(seed: u64, cases: u64, label: String) -> Options {
    Options {
        duration: None,
        cases: Some(cases),
        seed,
        jobs: 1,
        ops: vec![Op::Parse, Op::Resolve, Op::Normalize],
        batch: 64,
        raw_bytes: false,
        announce: None,
        label,
        trace: None,
        generation: None,
    }
}

/// The sweep's cases: inputs whose differences shrink into other reports' cases.
fn sweep() -> Vec<Request> {
    let resolve = |base: &str, input: &str| Request::Resolve {
        base: base.into(),
        input: input.into(),
        strict: true,
    };
    vec![
        Request::parse("http://[v1.]/"),
        Request::parse("http://[::1]:80/a/./b/../c?q#f"),
        Request::parse("HTTP://:@xn-:-:"),
        Request::parse("a://h//x/%2e%2E/y"),
        resolve("a://h//x", "y"),
        resolve("urn:/%2E%2E/:/%2E%2E/c;p=1", "/.//%2E%2E"),
        resolve("http://a/b/c/d;p?q", "../../../g?#"),
        Request::Normalize {
            input: "HTTP://a/%7e/./b/../%2E%2e/c".into(),
            level: None,
        },
    ]
}

/// One run of the campaign over `dir`.
fn run(dir: &Path) {
    let engine = engine(&NAMES);
    let mut campaign = Campaign::new(&engine, dir);
    campaign.replay().expect("replayed");
    campaign.cases(&sweep(), "vectors");
    let campaign = Mutex::new(campaign);
    let stop = AtomicBool::new(false);
    let shared = options(1, 600, String::new());
    fuzz::run(&engine, &campaign, &shared, &stop, &Progress::default());
    for (index, name) in NAMES.iter().enumerate() {
        let solo = engine_of(name);
        let options = options(2 + index as u64, 600, format!(", {name} alone"));
        fuzz::run(&solo, &campaign, &options, &stop, &Progress::default());
    }
    let mut campaign = campaign.into_inner().expect("the campaign");
    campaign.close();
    campaign.write_pruning().expect("written");
}

fn engine_of(name: &str) -> Engine {
    engine(&[name])
}

fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("fixed-point-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("a scratch folder");
    dir
}

/// Every file under `dir` but `stats.json`, by its path under `dir`, with its bytes.
fn files(dir: &Path) -> std::collections::BTreeMap<PathBuf, Vec<u8>> {
    let mut all = std::collections::BTreeMap::new();
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

fn copy(from: &Path, to: &Path) {
    let _ = std::fs::remove_dir_all(to);
    for (path, bytes) in files(from) {
        let target = to.join(&path);
        std::fs::create_dir_all(target.parent().expect("a parent")).expect("a folder");
        std::fs::write(target, bytes).expect("written");
    }
    std::fs::copy(from.join("stats.json"), to.join("stats.json")).expect("stats.json copied");
}

/// The names of the files that differ between two folders.
fn differences(a: &Path, b: &Path) -> Vec<PathBuf> {
    let (a, b) = (files(a), files(b));
    let names: std::collections::BTreeSet<&PathBuf> = a.keys().chain(b.keys()).collect();
    names
        .into_iter()
        .filter(|name| a.get(*name) != b.get(*name))
        .cloned()
        .collect()
}

#[test]
fn a_run_over_a_runs_reports_writes_them_again() {
    let first = scratch("first");
    run(&first);
    let reports = files(&first).len();
    assert!(reports > 40, "{reports} files: too few to show anything");
    // The first run made its reports in the order the sweep and the campaigns met their
    // cases; the second makes them again from the stored cases, replayed first.
    let second = scratch("second");
    copy(&first, &second);
    run(&second);
    assert_eq!(differences(&first, &second), Vec::<PathBuf>::new());
    let _ = std::fs::remove_dir_all(&first);
    let _ = std::fs::remove_dir_all(&second);
}

/// The main job as a library call (`job::run`, which `uri-conformance run` makes), in small,
/// over three crates.
fn main_job(reports: &Path) -> Summary {
    let implementations = implementations(&["rhymuri", "uriparse", "url"]);
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

/// The files beside a page that it links (`[text](field.json)`, `href="field.md#url"`): no
/// folder, no scheme, no anchor alone; each without its anchor.
fn sibling_links(text: &str) -> Vec<&str> {
    let mut targets = Vec::new();
    for opening in ["](", "href=\""] {
        let mut rest = text;
        while let Some(at) = rest.find(opening) {
            rest = &rest[at + opening.len()..];
            let end = rest.find([')', '"']).unwrap_or(rest.len());
            let target = rest[..end].split('#').next().unwrap_or("");
            if !target.is_empty() && !target.contains(['/', ':', ' ', '`']) {
                targets.push(target);
            }
        }
    }
    targets
}

#[test]
fn the_main_job_writes_its_pages_and_is_a_fixed_point() {
    let dir = std::env::temp_dir().join(format!("main-job-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("a scratch folder");
    let first = main_job(&dir);
    assert!(first.violations.is_empty(), "{:?}", first.violations);
    assert!(first.reports > 10, "{} reports", first.reports);
    assert!(first.phases.contains("fuzz: url alone"), "{}", first.phases);
    let written = files(&dir);
    assert!(written.contains_key(Path::new("README.md")), "no index");
    // The job returns its pages as it wrote them: one list, each page under its name, in the
    // order of the list (no web-platform-tests folder given: no WHATWG profile, no setters).
    let names: Vec<&str> = first.pages.iter().map(Page::name).collect();
    assert_eq!(
        names,
        [
            name::CONFORMANCE,
            name::FIELD,
            name::MECHANISMS,
            name::CONFUSION,
            name::CATALOGUE
        ]
    );
    for page in &first.pages {
        for (file, text) in page.files() {
            assert_eq!(
                written.get(Path::new(&file)).map(Vec::as_slice),
                Some(text.as_bytes()),
                "{file} is not the page the job returned"
            );
        }
    }
    let field = first.pages.get(name::FIELD).expect("the field");
    assert_eq!(field.summary(), "3 parsers");
    assert!(
        field
            .text(Format::Markdown)
            .is_some_and(|text| text.contains("[field.json](field.json)")),
        "the field links its JSON"
    );
    // A page links the others by the names the list gives them: every link from one page to
    // another file beside it leads to a page of the list (or to the index or the statistics).
    let beside: std::collections::BTreeSet<String> = first
        .pages
        .iter()
        .flat_map(|page| page.files().map(|(file, _)| file))
        .chain(["README.md".to_owned(), "stats.json".to_owned()])
        .collect();
    let field_md = first
        .pages
        .get(name::FIELD)
        .and_then(|p| p.text(Format::Markdown));
    assert!(
        sibling_links(field_md.unwrap_or("")).contains(&"field.json"),
        "the field's links are not read"
    );
    for page in &first.pages {
        for (file, text) in page.files() {
            for target in sibling_links(text) {
                assert!(
                    beside.contains(target),
                    "{file} links {target}, no page of the list"
                );
            }
        }
    }
    let matrix = first.pages.get(name::CONFORMANCE).expect("the matrix");
    for format in [Format::Json, Format::Markdown, Format::Html] {
        assert!(matrix.text(format).is_some(), "no matrix in {format:?}");
    }
    // The second run replays the stored cases first and meets the rest in another order.
    let second = main_job(&dir);
    assert_eq!(second.reports, first.reports);
    assert_eq!(second.pages, first.pages);
    let again = files(&dir);
    let changed: Vec<&PathBuf> = written
        .keys()
        .chain(again.keys())
        .filter(|name| written.get(*name) != again.get(*name))
        .collect();
    assert!(changed.is_empty(), "changed by a second run: {changed:?}");
    let _ = std::fs::remove_dir_all(&dir);
}
