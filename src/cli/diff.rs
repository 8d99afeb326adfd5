//! `diff`: one case through every implementation, or a batch (the corpus, URL lists, a file of
//! inputs) with each new signature printed as it is found and reports written.

use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::sync::atomic::Ordering;
use std::time::Instant;

use clap::Args;
use uri_conformance::campaign::{self, Campaign};
use uri_conformance::diff::{CaseRun, Engine, Finding};
use uri_conformance::fuzz::FirstFind;
use uri_conformance::model::Outcome;
use uri_conformance::protocol::{Request, Response};
use uri_conformance::report::markdown::case_line;
use uri_conformance::report::visible;
use uri_conformance::{matrix, vectors};

use super::{Output, ReportsOption, STOP, Selection, fail};

/// `diff`.
#[derive(Args)]
pub struct DiffArgs {
    /// The input (the reference, with --base); after `--` when it starts with `-`.
    input: Option<String>,
    /// Resolve INPUT against this base instead of parsing it.
    #[arg(long)]
    base: Option<String>,
    /// With --base: §5.2.2's non-strict mode.
    #[arg(long)]
    non_strict: bool,
    /// Normalize INPUT instead of parsing it.
    #[arg(long)]
    normalize: bool,
    /// With --normalize: scheme-based normalization too.
    #[arg(long)]
    scheme: bool,
    /// Parse by this rule.
    #[arg(long)]
    rule: Option<String>,
    /// Run every vector of the corpus.
    #[arg(long)]
    vectors: bool,
    /// Run the URL lists (`*.txt`) of this directory, e.g. data/urls.
    #[arg(long)]
    urls: Option<PathBuf>,
    /// Run the URLs of this file, one a line.
    #[arg(long)]
    input_file: Option<PathBuf>,
    #[command(flatten)]
    reports: ReportsOption,
    #[command(flatten)]
    output: Output,
    #[command(flatten)]
    selection: Selection,
}

/// `diff`.
pub fn run(args: DiffArgs) -> ExitCode {
    if args.vectors || args.urls.is_some() || args.input_file.is_some() {
        return batch(&args);
    }
    let Some(input) = args.input else {
        eprintln!("error: give an INPUT, or --vectors, --urls or --input-file");
        return ExitCode::from(2);
    };
    let case = match (args.base, args.normalize) {
        (Some(base), _) => Request::Resolve {
            base,
            input,
            strict: !args.non_strict,
        },
        (None, true) => Request::Normalize {
            input,
            level: Some(if args.scheme { "scheme" } else { "syntax" }.to_owned()),
        },
        (None, false) => Request::Parse {
            input,
            rule: args.rule,
            zone_id: false,
        },
    };
    // One case writes reports too when a folder is given (checked before the case is run).
    let reports = match &args.reports.reports {
        Some(_) => match args.reports.folder("diff") {
            Ok(dir) => Some(dir),
            Err(e) => return fail(e),
        },
        None => None,
    };
    let engine = match args.selection.engine() {
        Ok(engine) => engine,
        Err(e) => return fail(e),
    };
    let run = engine.run(&case);
    let written = match &reports {
        Some(dir) => {
            let mut campaign = Campaign::new(&engine, dir);
            campaign.record(&run, "diff");
            match campaign.write() {
                Ok(all) => Some((all.len(), dir)),
                Err(e) => return fail(e),
            }
        }
        None => None,
    };
    if args.output.json() {
        let mut object = json_of(&case, &run);
        if let (Some((_, dir)), Some(fields)) = (written, object.as_object_mut()) {
            fields.insert("reports".to_owned(), serde_json::json!(dir));
        }
        super::print_json_line(&object);
    } else {
        print_text(&case, &run);
        if let Some((count, dir)) = written {
            println!("\n{count} reports in {}", dir.display());
        }
    }
    args.output.fail_on().status(
        run.findings
            .iter()
            .map(|f| (f.is_bug(), f.is_security_relevant())),
    )
}

/// What one finding comes to: its verdict's name and a line of text.
fn verdict(finding: &Finding) -> (&'static str, String) {
    let id = finding.signature.id();
    match &finding.known {
        None => ("candidate-bug", format!("differs: {id} (candidate bug)")),
        Some(k) if finding.is_bug() => (
            "confirmed-bug",
            format!("differs: {id} (confirmed bug: {})", k.id),
        ),
        Some(k) => (
            "known",
            format!("differs: {id} (known: {}, {})", k.id, k.class.name()),
        ),
    }
}

/// An implementation's findings, bugs first (candidates, then confirmed ones), then known
/// differences: every one is shown, so that a known difference cannot hide a property failure.
fn findings_of<'a>(run: &'a CaseRun, name: &str) -> Vec<&'a Finding> {
    let mut findings: Vec<&Finding> = run
        .findings
        .iter()
        .filter(|f| f.signature.implementation == name)
        .collect();
    findings.sort_by_key(|f| (!f.is_bug(), f.known.is_some()));
    findings
}

/// The verdict of an answer without findings.
fn no_finding(answer: &Outcome) -> (&'static str, &'static str) {
    if answer.is_valid() || matches!(answer, Outcome::Invalid(_)) {
        ("agrees", "agrees")
    } else {
        ("not-compared", "not compared")
    }
}

fn print_text(case: &Request, run: &CaseRun) {
    // Answers quote inputs and programs' messages: control characters are shown, not sent.
    let shown = |text: String| visible(&text).into_owned();
    println!("{}\n", case_line(case));
    let width = run
        .answers
        .iter()
        .map(|(n, _)| n.len())
        .max()
        .unwrap_or(9)
        .max(9);
    println!(
        "{:width$}  {}",
        "reference",
        shown(run.reference.describe())
    );
    for (name, answer) in &run.answers {
        println!("{name:width$}  {}", shown(answer.describe()));
        let findings = findings_of(run, name);
        if findings.is_empty() {
            println!("{:width$}  -> {}", "", no_finding(answer).1);
        }
        for finding in findings {
            println!("{:width$}  -> {}", "", shown(verdict(finding).1));
            if !finding.chain.is_empty() {
                println!("{:width$}     {}", "", shown(finding.chain.join(" -> ")));
            }
        }
    }
}

/// The run as one JSON object: the case, the reference's answer, and each implementation's
/// answer in the protocol's form with its verdict (its first finding's) and every finding.
fn json_of(case: &Request, run: &CaseRun) -> serde_json::Value {
    let answers: Vec<serde_json::Value> = run
        .answers
        .iter()
        .map(|(name, answer)| {
            let findings = findings_of(run, name);
            let each: Vec<serde_json::Value> = findings
                .iter()
                .map(|f| {
                    serde_json::json!({
                        "verdict": verdict(f).0,
                        "signature": f.signature.to_string(),
                        "known": f.known.as_ref().map(|k| serde_json::json!({
                            "id": k.id,
                            "class": k.class.name(),
                        })),
                        "security": f.is_security_relevant(),
                        "chain": f.chain,
                    })
                })
                .collect();
            let first = findings.first();
            serde_json::json!({
                "implementation": name,
                "answer": Response::from(answer.clone()),
                "verdict": first.map_or(no_finding(answer).0, |f| verdict(f).0),
                "signature": first.map(|f| f.signature.to_string()),
                "security": findings.iter().any(|f| f.is_security_relevant()),
                "findings": each,
            })
        })
        .collect();
    serde_json::json!({
        "case": case,
        "reference": Response::from(run.reference.clone()),
        "answers": answers,
    })
}

fn batch(args: &DiffArgs) -> ExitCode {
    let reports = match args.reports.folder("diff") {
        Ok(dir) => dir,
        Err(e) => return fail(e),
    };
    let engine = match args.selection.engine() {
        Ok(engine) => engine,
        Err(e) => return fail(e),
    };
    let mut campaign = Campaign::new(&engine, &reports);
    let mut announcer = Announcer::new(args.output.announcer());
    // A signal stops the batch as it stops fuzz: what was found (every signature printed) is
    // written, and the status says which signal it was.
    super::FUZZING.store(true, Ordering::SeqCst);
    if let Err(e) = sweep(
        &engine,
        &mut campaign,
        &mut announcer,
        args.vectors,
        args.urls.as_deref(),
        args.input_file.as_deref(),
    ) {
        return fail(e);
    }
    let stats = campaign.stats();
    let written = match campaign.write() {
        Ok(all) => all.len(),
        Err(e) => return fail(e),
    };
    args.output.summary(
        &format!(
            "{}{}",
            super::main_job::written_line(&stats, written, &reports),
            super::benched_lines()
        ),
        serde_json::json!({
            "cases": stats.cases,
            "findings": stats.findings,
            "signatures": stats.signatures,
            "candidate_bugs": stats.candidate_bugs,
            "reports": reports,
            "benched": super::fuzz::benched_json(),
        }),
    );
    if let Some(code) = super::signalled() {
        return code;
    }
    args.output
        .fail_on()
        .status(announcer.found.iter().map(|f| (f.bug, f.security)))
}

/// Prints each new signature of a batch as it is found, and keeps them.
pub struct Announcer {
    print: fn(&FirstFind),
    started: Instant,
    cases: u64,
    /// Every new signature, in the order found.
    pub found: Vec<FirstFind>,
}

impl Announcer {
    /// An announcer printing with `print`.
    pub fn new(print: fn(&FirstFind)) -> Self {
        Announcer {
            print,
            started: Instant::now(),
            cases: 0,
            found: Vec::new(),
        }
    }

    /// Runs `cases` through `campaign`, announcing each signature it has not seen before.
    pub fn cases(
        &mut self,
        engine: &Engine,
        campaign: &mut Campaign<'_>,
        cases: &[Request],
        source: &str,
    ) {
        let runs = engine.run_all(cases);
        if STOP.load(Ordering::SeqCst) {
            // Stopped while the cases ran: the answers missing from external programs say
            // nothing, so the batch is dropped.
            return;
        }
        for run in runs {
            self.cases += 1;
            // The new reports, each signed and shown by its shrunk case.
            let fresh: Vec<FirstFind> = campaign
                .record(&run, source)
                .iter()
                .map(|finding| FirstFind::of(finding, self.cases, self.started.elapsed()))
                .collect();
            for find in fresh {
                (self.print)(&find);
                self.found.push(find);
            }
        }
    }
}

/// The corpus (when `use_vectors`), the URL lists of `urls` and the lines of `input_file`
/// through the campaign; a missing `urls` or `input_file` is an error.
pub fn sweep(
    engine: &Engine,
    campaign: &mut Campaign<'_>,
    announcer: &mut Announcer,
    use_vectors: bool,
    urls: Option<&Path>,
    input_file: Option<&Path>,
) -> Result<(), String> {
    if use_vectors && !STOP.load(Ordering::SeqCst) {
        let corpus = vectors::load_default().map_err(|e| e.to_string())?;
        let cases: Vec<Request> = corpus.iter().filter_map(matrix::request_with_iri).collect();
        announcer.cases(engine, campaign, &cases, "vectors");
    }
    let mut lists = match urls {
        Some(dir) if !dir.is_dir() => {
            return Err(format!("{}: no such directory", dir.display()));
        }
        Some(dir) => campaign::url_lists(dir).map_err(|e| format!("{}: {e}", dir.display()))?,
        None => Vec::new(),
    };
    if let Some(file) = input_file {
        let (lines, warnings) = campaign::read_url_list(file).map_err(|e| e.to_string())?;
        for warning in warnings {
            eprintln!("warning: {warning}");
        }
        lists.push((file.display().to_string(), lines));
    }
    for (source, lines) in &lists {
        for chunk in lines.chunks(256) {
            if STOP.load(Ordering::SeqCst) {
                return Ok(());
            }
            let cases: Vec<Request> = chunk.iter().flat_map(|l| campaign::url_cases(l)).collect();
            announcer.cases(engine, campaign, &cases, source);
        }
    }
    Ok(())
}
