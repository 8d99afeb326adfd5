//! `gate`: the corpus against one implementation under its expectations file, for CI.

use std::path::PathBuf;
use std::process::ExitCode;
use std::sync::Arc;

use clap::Args;
use uri_conformance::gate::{self, Bless, Expectations};
use uri_conformance::{report, vectors};

use super::{Selection, fail};

/// `gate`.
#[derive(Args)]
pub struct GateArgs {
    #[command(flatten)]
    selection: Selection,
    /// The expectations file: the vectors the implementation is known to fail.
    #[arg(long)]
    expectations: PathBuf,
    /// Write the expectations file from this run (created when missing): every failing vector
    /// listed, reasons already written kept.
    #[arg(long, conflicts_with = "prune_expectations")]
    write_expectations: bool,
    /// Only drop the entries of vectors that now pass or no longer exist; never add one (a
    /// ratchet for CI).
    #[arg(long)]
    prune_expectations: bool,
    /// Also write JUnit XML here.
    #[arg(long)]
    junit: Option<PathBuf>,
}

/// `gate`.
pub fn run(args: &GateArgs) -> ExitCode {
    let implementations = match args.selection.implementations() {
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
    let bless = match (args.write_expectations, args.prune_expectations) {
        (true, _) => Bless::Write,
        (_, true) => Bless::Prune,
        _ => Bless::Check,
    };
    let path = args.expectations.as_path();
    let expectations = if bless == Bless::Write && !path.exists() {
        Expectations::default()
    } else {
        match Expectations::load_for(path, implementation.about().name) {
            Ok(e) => e,
            Err(e) => return fail(e),
        }
    };
    let result = gate::check_with(
        Arc::clone(implementation),
        &corpus,
        &expectations,
        args.selection.guard(),
    );
    if let Some(junit) = &args.junit
        && let Err(e) = report::write_atomically(junit, result.junit().as_bytes())
    {
        return fail(format!("{}: {e}", junit.display()));
    }
    if bless != Bless::Check {
        return match gate::bless(&result, path, bless) {
            Ok((added, removed)) => {
                println!(
                    "{}: {} entries added, {} removed",
                    path.display(),
                    added.len(),
                    removed.len()
                );
                for entry in &removed {
                    println!("- {entry}");
                }
                for entry in &added {
                    println!("+ {entry}");
                }
                ExitCode::SUCCESS
            }
            Err(e) => fail(e),
        };
    }
    println!("{}", result.summary());
    if result.ok() {
        ExitCode::SUCCESS
    } else {
        ExitCode::FAILURE
    }
}
