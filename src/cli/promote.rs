//! `promote`: a checked report (a known difference, or a candidate bug with a hand-checked
//! verdict) into a vector.

use std::path::PathBuf;
use std::process::ExitCode;

use clap::Args;
use uri_conformance::report;

use super::fail;

/// `promote`.
#[derive(Args)]
pub struct PromoteArgs {
    /// IMPLEMENTATION/SIGNATURE, as in reports/README.md.
    signature: String,
    /// Where the reports are.
    #[arg(long, default_value = "reports")]
    reports: PathBuf,
    /// The vector file to append to.
    #[arg(long, default_value = "vectors/rfc3986/promoted.yaml")]
    to: PathBuf,
}

/// `promote`.
pub fn run(args: &PromoteArgs) -> ExitCode {
    match report::promote::promote(&args.signature, &args.reports, &args.to) {
        Ok(id) => {
            println!("{id} appended to {}", args.to.display());
            ExitCode::SUCCESS
        }
        Err(e) => fail(e),
    }
}
