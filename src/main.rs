//! `uri-conformance`: the command line of the RFC 3986 conformance suite.

use std::io::{BufRead, Write};
use std::path::PathBuf;
use std::process::ExitCode;

use clap::{Parser, Subcommand};
use uri_conformance::check::check_reference;
use uri_conformance::external::{self, Verdict};
use uri_conformance::impls::{self, Implementation};
use uri_conformance::protocol::{self, Request, Response};
use uri_conformance::reference::{self, Level, ParseOptions, ResolveError, ResolveOptions, Rule};
use uri_conformance::vectors;

#[derive(Parser)]
#[command(version, about = "RFC 3986 conformance suite and differential harness")]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Answer JSON-lines protocol requests on stdin, one response a line on stdout.
    Serve {
        /// The implementation that answers.
        #[arg(long = "impl", default_value = "reference")]
        implementation: String,
    },
    /// Parse a URI reference and show its components.
    Parse {
        /// The text to parse.
        input: String,
        /// The rule: URI-reference, URI, absolute-URI or relative-ref.
        #[arg(long, default_value = "URI-reference")]
        rule: String,
        /// Accept RFC 6874 zone identifiers.
        #[arg(long)]
        zone_id: bool,
        /// Print the protocol's JSON.
        #[arg(long)]
        json: bool,
    },
    /// Resolve a reference against a base URI (RFC 3986 §5.2).
    Resolve {
        /// The base URI.
        base: String,
        /// The reference.
        reference: String,
        /// Use §5.2.2's non-strict mode (a reference's scheme equal to the base's is ignored).
        #[arg(long)]
        non_strict: bool,
        /// Print the protocol's JSON.
        #[arg(long)]
        json: bool,
    },
    /// Normalize a URI reference (RFC 3986 §6.2.2; with --scheme, §6.2.3 too).
    Normalize {
        /// The URI reference.
        input: String,
        /// Scheme-based normalization on top of syntax-based.
        #[arg(long)]
        scheme: bool,
        /// Print the protocol's JSON.
        #[arg(long)]
        json: bool,
    },
    /// Run the vector corpus against the reference and print a summary.
    Check {
        /// The corpus directory.
        #[arg(long, default_value_os_t = vectors::default_dir())]
        vectors: PathBuf,
    },
    /// Run other projects' RFC 3986 test cases against the reference; print agreement per source.
    Crosscheck {
        /// The directory of `*.jsonl` cases.
        #[arg(long, default_value_os_t = external::default_dir())]
        dir: PathBuf,
        /// List every disagreement.
        #[arg(long)]
        verbose: bool,
    },
}

fn main() -> ExitCode {
    match Cli::parse().command {
        Command::Serve { implementation } => serve(&implementation),
        Command::Parse {
            input,
            rule,
            zone_id,
            json,
        } => parse(&input, &rule, zone_id, json),
        Command::Resolve {
            base,
            reference,
            non_strict,
            json,
        } => resolve(&base, &reference, !non_strict, json),
        Command::Normalize {
            input,
            scheme,
            json,
        } => normalize(&input, scheme, json),
        Command::Check { vectors } => check(&vectors),
        Command::Crosscheck { dir, verbose } => crosscheck(&dir, verbose),
    }
}

fn serve(name: &str) -> ExitCode {
    let Some(implementation) = impls::by_name(name) else {
        eprintln!(
            "error: unknown implementation {name:?} (known: {})",
            impls::names().join(", ")
        );
        return ExitCode::from(2);
    };
    let stdin = std::io::stdin().lock();
    let mut stdout = std::io::stdout().lock();
    for line in stdin.lines() {
        let Ok(line) = line else {
            eprintln!("error: standard input is not UTF-8 text");
            return ExitCode::from(2);
        };
        if line.trim().is_empty() {
            continue;
        }
        let response = match protocol::read_request(&line) {
            Ok(request) => implementation.answer(&request).into(),
            Err(e) => Response::bad_request(e),
        };
        // Flush every line: a driver waits for each answer before it sends the next request.
        if writeln!(stdout, "{}", protocol::write_response(&response))
            .and_then(|()| stdout.flush())
            .is_err()
        {
            return ExitCode::from(2);
        }
    }
    ExitCode::SUCCESS
}

fn print_json(request: Request) {
    let response: Response = impls::reference::Reference.answer(&request).into();
    println!("{}", protocol::write_response(&response));
}

fn parse(input: &str, rule: &str, zone_id: bool, json: bool) -> ExitCode {
    if json {
        print_json(Request::Parse {
            input: input.to_owned(),
            rule: Some(rule.to_owned()),
            zone_id,
        });
        return ExitCode::SUCCESS;
    }
    let Some(rule) = Rule::from_name(rule) else {
        eprintln!("error: unknown rule {rule:?} (URI-reference, URI, absolute-URI, relative-ref)");
        return ExitCode::from(2);
    };
    match reference::parse_with(input, rule, ParseOptions { zone_id }) {
        Ok(c) => {
            println!("{} {input:?}", rule.name());
            let show =
                |v: Option<&str>| v.map_or_else(|| "(undefined)".to_owned(), |v| format!("{v:?}"));
            println!("  scheme    {}", show(c.scheme));
            println!("  userinfo  {}", show(c.userinfo));
            match c.host_kind {
                Some(kind) => println!("  host      {}  ({})", show(c.host), kind.name()),
                None => println!("  host      (undefined)"),
            }
            println!("  port      {}", show(c.port));
            println!("  path      {:?}", c.path);
            println!("  query     {}", show(c.query));
            println!("  fragment  {}", show(c.fragment));
            ExitCode::SUCCESS
        }
        Err(e) => {
            println!(
                "not a valid {} ({}):\n{}",
                rule.name(),
                e.kind(),
                e.with_input(input)
            );
            ExitCode::FAILURE
        }
    }
}

fn resolve(base: &str, reference_text: &str, strict: bool, json: bool) -> ExitCode {
    if json {
        print_json(Request::Resolve {
            base: base.to_owned(),
            input: reference_text.to_owned(),
            strict,
        });
        return ExitCode::SUCCESS;
    }
    match reference::resolve(base, reference_text, ResolveOptions { strict }) {
        Ok(target) => {
            println!("{target}");
            ExitCode::SUCCESS
        }
        Err(ResolveError::Base(e)) => {
            println!(
                "the base is not a URI ({}):\n{}",
                e.kind(),
                e.with_input(base)
            );
            ExitCode::FAILURE
        }
        Err(ResolveError::Reference(e)) => {
            println!(
                "the reference is not a URI-reference ({}):\n{}",
                e.kind(),
                e.with_input(reference_text)
            );
            ExitCode::FAILURE
        }
    }
}

fn normalize(input: &str, scheme: bool, json: bool) -> ExitCode {
    let level = if scheme { Level::Scheme } else { Level::Syntax };
    if json {
        print_json(Request::Normalize {
            input: input.to_owned(),
            level: Some(level.name().to_owned()),
        });
        return ExitCode::SUCCESS;
    }
    match reference::normalize(input, level) {
        Ok(normalized) => {
            println!("{normalized}");
            ExitCode::SUCCESS
        }
        Err(e) => {
            println!(
                "not a valid URI-reference ({}):\n{}",
                e.kind(),
                e.with_input(input)
            );
            ExitCode::FAILURE
        }
    }
}

fn check(dir: &std::path::Path) -> ExitCode {
    let corpus = match vectors::load_dir(dir) {
        Ok(corpus) => corpus,
        Err(e) => {
            eprintln!("error: {e}");
            return ExitCode::from(2);
        }
    };
    let mut failures = 0;
    let mut per_section: std::collections::BTreeMap<String, (usize, usize)> = Default::default();
    for vector in &corpus {
        let entry = per_section
            .entry(format!("{}/{}", vector.corpus, vector.section))
            .or_default();
        match check_reference(vector) {
            Ok(()) => entry.0 += 1,
            Err(mismatch) => {
                entry.1 += 1;
                failures += 1;
                println!("FAIL {mismatch}");
            }
        }
    }
    println!("\n{:<24} {:>6} {:>6}", "section", "pass", "fail");
    for (section, (pass, fail)) in &per_section {
        println!("{section:<24} {pass:>6} {fail:>6}");
    }
    println!("{} passed, {} failed", corpus.len() - failures, failures);
    if failures == 0 {
        ExitCode::SUCCESS
    } else {
        ExitCode::FAILURE
    }
}

fn crosscheck(dir: &std::path::Path, verbose: bool) -> ExitCode {
    let outcomes = match external::run_dir(dir) {
        Ok(outcomes) => outcomes,
        Err(e) => {
            eprintln!("error: {e}");
            return ExitCode::from(2);
        }
    };
    if verbose {
        for outcome in &outcomes {
            if let Verdict::Disagree(ours) = &outcome.verdict {
                let case = &outcome.case;
                println!(
                    "{} {} {}{}\n  source says: {}\n  reference:   {ours}\n  note: {}\n",
                    outcome.file,
                    case.kind,
                    case.base
                        .as_deref()
                        .map_or(String::new(), |b| format!("{b:?} + ")),
                    case.input,
                    case.expected,
                    case.note.as_deref().unwrap_or("")
                );
            }
        }
    }
    println!(
        "{:<24} {:>6} {:>9} {:>8} {:>10}",
        "source", "agree", "disagree", "skipped", "agreement"
    );
    let (mut agree_all, mut disagree_all) = (0, 0);
    for (file, (agree, disagree, skipped)) in external::summary(&outcomes) {
        let compared = agree + disagree;
        let share = if compared == 0 {
            0.0
        } else {
            100.0 * agree as f64 / compared as f64
        };
        println!("{file:<24} {agree:>6} {disagree:>9} {skipped:>8} {share:>9.1}%");
        agree_all += agree;
        disagree_all += disagree;
    }
    println!("{agree_all} agree, {disagree_all} disagree");
    ExitCode::SUCCESS
}
