//! `uri-conformance`: the command line of the RFC 3986 conformance suite. Each command family
//! lives in [`cli`]; this file only dispatches.

mod cli;

use std::process::ExitCode;

use clap::{Parser, Subcommand};

/// The differential loop allocates for every answer a crate gives (owned components, findings);
/// mimalloc's thread-local free lists make that a small share of a case.
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

#[derive(Parser)]
#[command(version, about = "RFC 3986 conformance suite and differential harness")]
struct Command {
    #[command(subcommand)]
    family: Family,
}

#[derive(Subcommand)]
enum Family {
    /// Answer JSON-lines protocol requests on stdin, one response a line on stdout (one --impl,
    /// reference by default); with --http, serve the live page: every implementation on the URI
    /// one types, judged, in a browser.
    Serve(cli::reference::ServeArgs),
    /// The main job: the conformance matrix, then a differential run over the vector corpus and
    /// the real-world URL lists, writing reports/.
    Run(cli::main_job::RunArgs),
    /// Compare every implementation on one case, or (with --vectors, --urls, --input-file) on
    /// many, writing reports (to a new scratch folder unless --reports is given).
    Diff(cli::diff::DiffArgs),
    /// Run the vector corpus against every implementation and write conformance.{md,json,html},
    /// and the web-platform-tests cases against the WHATWG URL ones: whatwg.{md,json}.
    Matrix(cli::main_job::MatrixArgs),
    /// The stable fuzz loop: generated cases through the reference's properties and the
    /// differential engine, writing reports. Ctrl-C stops it and keeps what it found.
    Fuzz(cli::fuzz::FuzzArgs),
    /// Write a libFuzzer seed corpus (one directory per fuzz target) from the vectors and the
    /// real-world URL lists.
    Corpus(cli::fuzz::CorpusArgs),
    /// Turn a checked report (a known difference, or a candidate bug with a verdict) into a
    /// vector, appended to a vector file.
    Promote(cli::promote::PromoteArgs),
    /// The CI gate: the corpus against one implementation under its expectations file.
    Gate(cli::gate::GateArgs),
    /// Parse a URI reference and show its components (an IRI with --rule IRI-reference, ...).
    Parse(cli::reference::ParseArgs),
    /// Resolve a reference against a base URI (RFC 3986 §5.2; IRIs with --iri, RFC 3987 §6.5).
    Resolve(cli::reference::ResolveArgs),
    /// Normalize a URI reference (RFC 3986 §6.2.2; with --scheme, §6.2.3 too; IRIs with --iri,
    /// RFC 3987 §5.3).
    Normalize(cli::reference::NormalizeArgs),
    /// Map an IRI to a URI (--to-uri, RFC 3987 §3.1) or a URI to an IRI (--to-iri, §3.2).
    Convert(cli::reference::ConvertArgs),
    /// Run the vector corpus against the reference and print a summary.
    Check(cli::reference::CheckArgs),
    /// Run other projects' RFC 3986 test cases against the reference; print agreement per source.
    Crosscheck(cli::reference::CrosscheckArgs),
}

fn main() -> ExitCode {
    cli::install_handlers();
    let code = match Command::parse().family {
        Family::Serve(args) => cli::reference::serve(&args),
        Family::Run(args) => cli::main_job::run(&args),
        Family::Diff(args) => cli::diff::run(args),
        Family::Matrix(args) => cli::main_job::matrix(&args),
        Family::Fuzz(args) => cli::fuzz::run(&args),
        Family::Corpus(args) => cli::fuzz::corpus(&args),
        Family::Promote(args) => cli::promote::run(&args),
        Family::Gate(args) => cli::gate::run(&args),
        Family::Parse(args) => cli::reference::parse(&args),
        Family::Resolve(args) => cli::reference::resolve(&args),
        Family::Normalize(args) => cli::reference::normalize(&args),
        Family::Convert(args) => cli::reference::convert(&args),
        Family::Check(args) => cli::reference::check(&args),
        Family::Crosscheck(args) => cli::reference::crosscheck(&args),
    };
    cli::finish(code)
}
