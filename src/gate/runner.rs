//! The gate as one libtest trial per vector, for a crate author's `harness = false` test (feature
//! `runner`).
//!
//! Each vector the gate runs is a trial named by its test name, `rfc3986/3.2.2/<id>`, so that
//! `cargo test rfc3986/3.2.2` runs one section and `cargo test -- --exact NAME` one vector; each
//! stale entry of the expectations file is a failing trial `expectations/<entry>`. A trial
//! fails on a new failure or an unexpected pass, with the operation, its inputs, both answers,
//! what differs, the signature and the vector's file and line; a vector the implementation does
//! not answer is ignored at run time, with the reason. `URI_CONFORMANCE_BLESS` ([`Bless`])
//! updates the expectations file before the trials run; `URI_CONFORMANCE_JUNIT=<path>` writes
//! the JUnit XML of the trials that ran (see [`super::GateReport::junit`]).
//!
//! `Cargo.toml`, with a checkout of this repository beside the crate (it is not on crates.io;
//! `git = "<its URL>"` works in place of `path`):
//!
//! ```toml
//! [dev-dependencies]
//! uri-conformance = { path = "../uri-conformance", default-features = false, features = ["runner"] }
//!
//! [[test]]
//! name = "rfc3986"
//! harness = false
//! ```
//!
//! `tests/rfc3986.rs`:
//!
//! ```no_run
//! # use uri_conformance::impls::reference::Reference as MyCrate;
//! fn main() {
//!     uri_conformance::gate::runner::main(
//!         MyCrate,
//!         concat!(env!("CARGO_MANIFEST_DIR"), "/tests/rfc3986-expectations.yaml"),
//!     );
//! }
//! ```

use std::path::Path;
use std::sync::{Arc, Mutex};
use std::time::Duration;

use libtest_mimic::{Arguments, Completion, Conclusion, Failed, Trial};

use super::{
    Bless, GateCase, GateReport, JUNIT_VARIABLE, Status, check_vector, engine,
    expectations_blessed, outside, stale,
};
use crate::impls::Implementation;
use crate::vectors::{self, Vector};

/// The time limit per case.
const LIMIT: Duration = Duration::from_secs(5);

/// Runs the gate's trials with the command line's arguments (`cargo test` passes them), and
/// exits: 0 when every trial passes, 101 when one fails, 2 when the corpus, the expectations
/// file or the environment cannot be read or the JUnit file written.
pub fn main(implementation: impl Implementation + 'static, expectations: impl AsRef<Path>) -> ! {
    let args = Arguments::from_args();
    let junit = std::env::var_os(JUNIT_VARIABLE).filter(|p| !p.is_empty());
    let conclusion = Bless::from_env().and_then(|bless| {
        let vectors = vectors::load_default().map_err(|e| e.to_string())?;
        run(
            Arc::new(implementation),
            &vectors,
            expectations.as_ref(),
            bless,
            &args,
            junit.as_deref().map(Path::new),
        )
    });
    match conclusion {
        Ok(conclusion) => conclusion.exit(),
        Err(e) => {
            eprintln!("error: {e}");
            std::process::exit(2)
        }
    }
}

/// Runs the gate's [`trials`] under `args`, and writes the JUnit XML of the trials that ran to
/// `junit` if given.
pub fn run(
    implementation: Arc<dyn Implementation>,
    vectors: &[Vector],
    expectations: &Path,
    bless: Bless,
    args: &Arguments,
    junit: Option<&Path>,
) -> Result<Conclusion, String> {
    let name = implementation.about().name.to_owned();
    let ran = junit.map(|_| Arc::new(Mutex::new(Vec::new())));
    let (trials, stale) =
        trials_recorded(implementation, vectors, expectations, bless, ran.clone())?;
    let conclusion = libtest_mimic::run(args, trials);
    if let (Some(path), Some(ran)) = (junit, ran) {
        let mut cases = std::mem::take(&mut *ran.lock().unwrap_or_else(|e| e.into_inner()));
        cases.sort_by(|a, b| a.vector.cmp(&b.vector));
        let report = GateReport {
            implementation: name,
            cases,
            stale,
            outside: outside(vectors),
        };
        std::fs::write(path, report.junit()).map_err(|e| format!("{}: {e}", path.display()))?;
    }
    Ok(conclusion)
}

/// The trials of the gate: one per vector the gate runs, one per stale entry of the
/// expectations file at `path`, which `bless` updates first (running the whole corpus).
/// A line on standard error counts the vectors outside the gate.
pub fn trials(
    implementation: Arc<dyn Implementation>,
    vectors: &[Vector],
    path: &Path,
    bless: Bless,
) -> Result<Vec<Trial>, String> {
    trials_recorded(implementation, vectors, path, bless, None).map(|(trials, _)| trials)
}

/// [`trials`], each case that runs pushed onto `ran`; with the stale entries.
fn trials_recorded(
    implementation: Arc<dyn Implementation>,
    vectors: &[Vector],
    path: &Path,
    bless: Bless,
    ran: Option<Arc<Mutex<Vec<GateCase>>>>,
) -> Result<(Vec<Trial>, Vec<String>), String> {
    let (expectations, message) =
        expectations_blessed(&implementation, vectors, path, bless, LIMIT)?;
    if let Some(message) = message {
        eprintln!("{message}");
    }
    let name = implementation.about().name.to_owned();
    let outside = outside(vectors);
    if !outside.is_empty() {
        let kinds: Vec<String> = outside.iter().map(|(k, n)| format!("{k} {n}")).collect();
        eprintln!(
            "uri-conformance gate: {name}: {} vectors outside the gate ({})",
            outside.values().sum::<usize>(),
            kinds.join(", ")
        );
    }
    let engine = Arc::new(engine(implementation, LIMIT));
    let mut trials: Vec<Trial> = vectors
        .iter()
        .filter(|v| crate::matrix::request(v).is_some())
        .map(|vector| {
            let engine = Arc::clone(&engine);
            let name = name.clone();
            let listed = expectations.failures.get(&vector.name()).cloned();
            let vector = vector.clone();
            let ran = ran.clone();
            Trial::ignorable_test(vector.name(), move || {
                let Some(case) = check_vector(&engine, &name, &vector, listed) else {
                    return Ok(Completion::ignored_with("not run by the gate"));
                };
                let status = case.status();
                let message = case.explain();
                let skipped = case.skipped.clone();
                if let Some(ran) = &ran {
                    ran.lock().unwrap_or_else(|e| e.into_inner()).push(case);
                }
                match status {
                    Status::Ok => Ok(Completion::Completed),
                    Status::Unsupported => Ok(Completion::ignored_with(
                        skipped.unwrap_or_else(|| format!("unsupported: {name}")),
                    )),
                    Status::NewFailure | Status::UnexpectedPass => Err(Failed::from(message)),
                }
            })
        })
        .collect();
    let file = path.display().to_string();
    let stale = stale(vectors, &expectations);
    trials.extend(
        stale
            .iter()
            .cloned()
            .map(|entry| {
                let file = file.clone();
                Trial::test(format!("expectations/{entry}"), move || {
                    Err(Failed::from(format!(
                        "stale entry: {file} lists {entry}, which names no vector the gate runs; remove it, or run with URI_CONFORMANCE_BLESS=prune"
                    )))
                })
            }),
    );
    Ok((trials, stale))
}
