//! The reference alone: `parse`, `resolve`, `normalize`, `convert` (one input, its answer; IRIs
//! with an IRI rule, `--iri`, or `convert`'s RFC 3987 mappings), `check` (the
//! corpus against the reference), `crosscheck` (other projects' cases against the reference),
//! and `serve` (any implementation behind the JSON-lines protocol).

use std::path::PathBuf;
use std::process::ExitCode;

use clap::Args;
use uri_conformance::check::check_reference;
use uri_conformance::crosscheck::{self, Verdict};
use uri_conformance::impls::{self, Implementation};
use uri_conformance::locations::Source;
use uri_conformance::protocol::{IriRequest, ParseRule, Request, Response};
use uri_conformance::reference::{
    self, Grammar, Level, ParseOptions, ResolveError, ResolveOptions,
};
use uri_conformance::vectors;

/// `parse`.
#[derive(Args)]
pub struct ParseArgs {
    /// The text to parse (after `--` when it starts with `-`).
    input: String,
    /// The rule: URI-reference, URI, absolute-URI or relative-ref (RFC 3986), or IRI-reference,
    /// IRI, absolute-IRI or irelative-ref (RFC 3987).
    #[arg(long, default_value = "URI-reference", value_parser = ParseRule::named)]
    rule: ParseRule,
    /// Accept RFC 6874 zone identifiers.
    #[arg(long)]
    zone_id: bool,
    /// Print the protocol's JSON.
    #[arg(long)]
    json: bool,
}

/// `resolve`.
#[derive(Args)]
pub struct ResolveArgs {
    /// The base URI.
    base: String,
    /// The reference.
    reference: String,
    /// Use §5.2.2's non-strict mode (a reference's scheme equal to the base's is ignored).
    #[arg(long)]
    non_strict: bool,
    /// The base is an IRI and the reference an IRI reference (RFC 3987 §6.5).
    #[arg(long)]
    iri: bool,
    /// Print the protocol's JSON.
    #[arg(long)]
    json: bool,
}

/// `normalize`.
#[derive(Args)]
pub struct NormalizeArgs {
    /// The URI reference.
    input: String,
    /// Scheme-based normalization on top of syntax-based.
    #[arg(long)]
    scheme: bool,
    /// The input is an IRI reference (RFC 3987 §5.3).
    #[arg(long)]
    iri: bool,
    /// Print the protocol's JSON.
    #[arg(long)]
    json: bool,
}

/// `convert`.
#[derive(Args)]
pub struct ConvertArgs {
    /// The IRI reference (with --to-uri) or URI reference (with --to-iri).
    input: String,
    /// Map an IRI reference to a URI reference (RFC 3987 §3.1).
    #[arg(long, conflicts_with = "to_iri", required_unless_present = "to_iri")]
    to_uri: bool,
    /// Convert a URI reference to an IRI reference (RFC 3987 §3.2).
    #[arg(long)]
    to_iri: bool,
    /// Print the protocol's JSON.
    #[arg(long)]
    json: bool,
}

/// `check`.
#[derive(Args)]
pub struct CheckArgs {
    /// The corpus directory (default: the checkout's `vectors/`, else the copy built into this
    /// program).
    #[arg(long)]
    vectors: Option<PathBuf>,
}

/// `crosscheck`.
#[derive(Args)]
pub struct CrosscheckArgs {
    /// The directory of `*.jsonl` cases (default: `../shared/data/external` beside the
    /// checkout).
    #[arg(long)]
    dir: Option<PathBuf>,
    /// List every disagreement.
    #[arg(long)]
    verbose: bool,
}

/// `serve`.
#[derive(Args)]
pub struct ServeArgs {
    /// Serve the live page at this loopback address (`127.0.0.1:8080`, `localhost:8080`;
    /// port 0 lets the system choose) instead of the protocol on stdin/stdout: every
    /// implementation of --impl, --impl-cmd and --ecosystem (every bundled one without them)
    /// on the URI one types.
    #[arg(long, value_name = "ADDRESS")]
    http: Option<String>,
    /// Without --http: the one implementation that answers (default: reference).
    #[command(flatten)]
    selection: super::Selection,
    #[command(flatten)]
    on_record: super::fuzz::OnRecordOption,
}

/// `check`.
pub fn check(args: &CheckArgs) -> ExitCode {
    let corpus = match &args.vectors {
        Some(dir) => vectors::load_dir(dir),
        None => vectors::load_default(),
    };
    match corpus {
        Ok(corpus) => check_corpus(&corpus),
        Err(e) => super::fail(e),
    }
}

/// `crosscheck`.
pub fn crosscheck(args: &CrosscheckArgs) -> ExitCode {
    let source = Source::or_default(args.dir.clone(), crosscheck::default_dir);
    match source.existing() {
        Ok(Some(dir)) => crosscheck_dir(dir, args.verbose),
        Ok(None) => super::fail(format!(
            "no cases at {} (give --dir)",
            source.path().display()
        )),
        Err(e) => super::fail(e),
    }
}

/// `serve`.
pub fn serve(args: &ServeArgs) -> ExitCode {
    if let Some(address) = &args.http {
        let record = match args.on_record.load() {
            Ok(record) => record,
            Err(e) => return super::fail(e),
        };
        return super::live::serve(address, &args.selection, record);
    }
    let selection = &args.selection;
    if !selection.commands.is_empty() || selection.ecosystem.is_some() {
        return super::fail("--impl-cmd and --ecosystem serve the live page only (with --http)");
    }
    let name = match selection.implementations.as_slice() {
        [] => "reference",
        [one] => one.as_str(),
        _ => {
            return super::fail(
                "serve answers the protocol for one --impl (the live page, --http, takes many)",
            );
        }
    };
    let Some(implementation) = impls::by_name(name) else {
        eprintln!(
            "error: unknown implementation {name:?} (known: {})",
            impls::names().join(", ")
        );
        return ExitCode::from(2);
    };
    let stdin = std::io::stdin().lock();
    let stdout = std::io::stdout().lock();
    match impls::external::serve(&*implementation, stdin, stdout) {
        Ok(()) => ExitCode::SUCCESS,
        // The driver went away: nothing more to answer.
        Err(e) if e.kind() == std::io::ErrorKind::BrokenPipe => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("error: {e}");
            ExitCode::from(2)
        }
    }
}

fn print_json(request: Request) {
    let response: Response = impls::reference::Reference.answer(&request).into();
    println!("{}", uri_conformance::protocol::write_response(&response));
}

fn print_iri_json(request: IriRequest) {
    let response = impls::reference::Reference.answer_iri(&request);
    println!(
        "{}",
        uri_conformance::protocol::write_with_id(&response, None)
    );
}

/// `parse`.
pub fn parse(args: &ParseArgs) -> ExitCode {
    let (input, zone_id, json) = (args.input.as_str(), args.zone_id, args.json);
    let ParseRule { grammar, rule } = args.rule;
    if json {
        match grammar {
            Grammar::Uri => print_json(Request::Parse {
                input: input.to_owned(),
                rule: Some(rule.into()),
                zone_id,
            }),
            Grammar::Iri => print_iri_json(IriRequest::Parse {
                input: input.to_owned(),
                rule,
            }),
        }
        return ExitCode::SUCCESS;
    }
    let name = grammar.rule_name(rule);
    match reference::parse_in(input, rule, grammar, ParseOptions { zone_id }) {
        Ok(c) => {
            println!("{name} {input:?}");
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
                "not a valid {name} ({}):\n{}",
                e.kind(),
                e.with_input(input)
            );
            ExitCode::FAILURE
        }
    }
}

/// `resolve`.
pub fn resolve(args: &ResolveArgs) -> ExitCode {
    let (base, reference_text, strict, json) = (
        args.base.as_str(),
        args.reference.as_str(),
        !args.non_strict,
        args.json,
    );
    let grammar = if args.iri { Grammar::Iri } else { Grammar::Uri };
    if json {
        match grammar {
            Grammar::Uri => print_json(Request::Resolve {
                base: base.to_owned(),
                input: reference_text.to_owned(),
                strict,
            }),
            Grammar::Iri => print_iri_json(IriRequest::Resolve {
                base: base.to_owned(),
                input: reference_text.to_owned(),
                strict,
                iri: true,
            }),
        }
        return ExitCode::SUCCESS;
    }
    let (absolute, reference_rule) = match grammar {
        Grammar::Uri => ("URI", "URI-reference"),
        Grammar::Iri => ("IRI", "IRI-reference"),
    };
    match reference::resolve_in(
        base,
        reference_text,
        ResolveOptions::strict(strict),
        grammar,
    ) {
        Ok(target) => {
            println!("{target}");
            ExitCode::SUCCESS
        }
        Err(ResolveError::Base(e)) => {
            println!(
                "the base is not a {absolute} ({}):\n{}",
                e.kind(),
                e.with_input(base)
            );
            ExitCode::FAILURE
        }
        Err(ResolveError::Reference(e)) => {
            println!(
                "the reference is not a {reference_rule} ({}):\n{}",
                e.kind(),
                e.with_input(reference_text)
            );
            ExitCode::FAILURE
        }
    }
}

/// `normalize`.
pub fn normalize(args: &NormalizeArgs) -> ExitCode {
    let (input, scheme, json) = (args.input.as_str(), args.scheme, args.json);
    let level = if scheme { Level::Scheme } else { Level::Syntax };
    let grammar = if args.iri { Grammar::Iri } else { Grammar::Uri };
    if json {
        match grammar {
            Grammar::Uri => print_json(Request::Normalize {
                input: input.to_owned(),
                level: Some(level),
            }),
            Grammar::Iri => print_iri_json(IriRequest::Normalize {
                input: input.to_owned(),
                level: Some(level),
                iri: true,
            }),
        }
        return ExitCode::SUCCESS;
    }
    match reference::normalize_in(input, level, grammar) {
        Ok(normalized) => {
            println!("{normalized}");
            ExitCode::SUCCESS
        }
        Err(e) => {
            println!(
                "not a valid {} ({}):\n{}",
                grammar.reference_name(),
                e.kind(),
                e.with_input(input)
            );
            ExitCode::FAILURE
        }
    }
}

/// `convert`: RFC 3987 §3.1 (`--to-uri`) or §3.2 (`--to-iri`).
pub fn convert(args: &ConvertArgs) -> ExitCode {
    let input = args.input.as_str();
    if args.json {
        print_iri_json(if args.to_uri {
            IriRequest::IriToUri {
                input: input.to_owned(),
            }
        } else {
            IriRequest::UriToIri {
                input: input.to_owned(),
            }
        });
        return ExitCode::SUCCESS;
    }
    let (result, grammar) = if args.to_uri {
        (reference::iri_to_uri(input), Grammar::Iri)
    } else {
        (reference::uri_to_iri(input), Grammar::Uri)
    };
    match result {
        Ok(converted) => {
            println!("{converted}");
            ExitCode::SUCCESS
        }
        Err(e) => {
            println!(
                "not a valid {} ({}):\n{}",
                grammar.reference_name(),
                e.kind(),
                e.with_input(input)
            );
            ExitCode::FAILURE
        }
    }
}

fn check_corpus(corpus: &[vectors::Vector]) -> ExitCode {
    let mut failures = 0;
    let mut per_section: std::collections::BTreeMap<String, (usize, usize)> = Default::default();
    for vector in corpus {
        let entry = per_section
            .entry(format!("{}/{}", vector.corpus, vector.section))
            .or_default();
        match check_reference(vector) {
            Ok(()) => entry.0 += 1,
            Err(mismatch) => {
                entry.1 += 1;
                failures += 1;
                println!(
                    "FAIL {}",
                    uri_conformance::report::visible(&mismatch.to_string())
                );
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

fn crosscheck_dir(dir: &std::path::Path, verbose: bool) -> ExitCode {
    let outcomes = match crosscheck::run_dir(dir) {
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
                let text = format!(
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
                // Other projects' cases hold control characters: shown, not sent.
                println!("{}", uri_conformance::report::visible(&text));
            }
        }
    }
    println!(
        "{:<24} {:>6} {:>9} {:>8} {:>10}",
        "source", "agree", "disagree", "skipped", "agreement"
    );
    let (mut agree_all, mut disagree_all) = (0, 0);
    for (file, (agree, disagree, skipped)) in crosscheck::summary(&outcomes) {
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
