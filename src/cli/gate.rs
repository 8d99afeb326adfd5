//! `gate`: the corpus against one implementation under its expectations file, for CI.

use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::sync::Arc;

use clap::Args;
use uri_conformance::gate::{self, Expectations};
use uri_conformance::{matrix, report, vectors};

use super::{Selection, fail};

/// `gate`.
#[derive(Args)]
pub struct GateArgs {
    #[command(flatten)]
    selection: Selection,
    /// The expectations file: the vectors the implementation is known to fail.
    #[arg(long)]
    expectations: PathBuf,
    /// Write the expectations file from this run instead of checking it.
    #[arg(long)]
    write_expectations: bool,
    /// Also write JUnit XML here.
    #[arg(long)]
    junit: Option<PathBuf>,
}

/// `gate`.
pub fn run(args: &GateArgs) -> ExitCode {
    run_gate(
        &args.selection,
        &args.expectations,
        args.write_expectations,
        args.junit.as_deref(),
    )
}

fn run_gate(
    selection: &Selection,
    expectations_path: &Path,
    write: bool,
    junit: Option<&Path>,
) -> ExitCode {
    let implementations = match selection.implementations() {
        Ok(list) => list,
        Err(e) => return fail(e),
    };
    let [implementation] = implementations.as_slice() else {
        return fail("the gate checks one implementation: give one --impl or --impl-cmd");
    };
    let corpus = match vectors::load_default() {
        Ok(corpus) => corpus,
        Err(e) => return fail(e),
    };
    let expectations = if write {
        Expectations::default()
    } else {
        match Expectations::load_for(expectations_path, implementation.about().name) {
            Ok(e) => e,
            Err(e) => return fail(e),
        }
    };
    let result = gate::check_with(
        Arc::clone(implementation),
        &corpus,
        &expectations,
        selection.guard(),
    );
    if let Some(path) = junit
        && let Err(e) = report::write_atomically(path, result.junit().as_bytes())
    {
        return fail(format!("{}: {e}", path.display()));
    }
    if write {
        let name = implementation.about().name.to_owned();
        let written = result.expectations(|case| match (&case.verdict, &case.signature) {
            (matrix::Verdict::Known(id), _) => format!("known difference {id}"),
            (_, Some(signature)) => format!("candidate bug, reports/{name}/{signature}.md"),
            _ => format!("fails: expected {}, answers {}", case.expected, case.answer),
        });
        if let Err(e) = report::write_atomically(expectations_path, written.to_yaml().as_bytes()) {
            return fail(format!("{}: {e}", expectations_path.display()));
        }
        println!(
            "{} expected failures written to {}",
            written.failures.len(),
            expectations_path.display()
        );
        return ExitCode::SUCCESS;
    }
    println!("{}", result.summary());
    if result.ok() {
        ExitCode::SUCCESS
    } else {
        ExitCode::FAILURE
    }
}
