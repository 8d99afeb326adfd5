//! `uri-conformance`: the command line of the RFC 3986 conformance suite.

use std::path::PathBuf;
use std::process::ExitCode;

use std::sync::Arc;
use std::time::Duration;

use clap::{Args, Parser, Subcommand};
use uri_conformance::campaign::{self, Campaign};
use uri_conformance::check::check_reference;
use uri_conformance::diff::{Catalogue, Engine};
use uri_conformance::external::{self, Verdict};
use uri_conformance::gate::{self, Expectations};
use uri_conformance::generate::{self, Op};
use uri_conformance::impls::{
    self, Implementation,
    external::{self as external_program, External},
};
use uri_conformance::protocol::{Request, Response};
use uri_conformance::reference::{self, Level, ParseOptions, ResolveError, ResolveOptions, Rule};
use uri_conformance::report::{self, markdown::case_line};
use uri_conformance::{fuzz, matrix, vectors, whatwg};

#[derive(Parser)]
#[command(version, about = "RFC 3986 conformance suite and differential harness")]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

/// Which implementations to compare.
#[derive(Args, Clone)]
struct Selection {
    /// A bundled implementation (repeatable); all of them when neither --impl nor --impl-cmd is
    /// given.
    #[arg(long = "impl", value_name = "NAME")]
    implementations: Vec<String>,
    /// An external program that speaks the protocol, `NAME=COMMAND` or `COMMAND` (repeatable).
    #[arg(long = "impl-cmd", value_name = "COMMAND")]
    commands: Vec<String>,
    /// Time limit per case and implementation, in milliseconds (for an external program, from
    /// when the request is sent).
    #[arg(long, default_value_t = 5000)]
    timeout_ms: u64,
    /// Time an external program has to answer its first request (`about`), in milliseconds.
    #[arg(long, default_value_t = 10_000)]
    startup_ms: u64,
    /// Requests an external program that echoes ids (protocol version 2) gets at once.
    #[arg(long, default_value_t = 64, value_parser = clap::value_parser!(u64).range(1..=4096))]
    impl_batch: u64,
}

impl Selection {
    fn limit(&self) -> Duration {
        Duration::from_millis(self.timeout_ms)
    }

    fn implementations(&self) -> Result<Vec<Arc<dyn Implementation>>, String> {
        let mut chosen: Vec<Arc<dyn Implementation>> = Vec::new();
        if self.implementations.is_empty() && self.commands.is_empty() {
            chosen.extend(impls::bundled().into_iter().map(Arc::from));
        }
        for name in &self.implementations {
            let implementation = impls::by_name(name).ok_or_else(|| {
                format!(
                    "unknown implementation {name:?} (this build has: {})",
                    impls::names().join(", ")
                )
            })?;
            chosen.push(Arc::from(implementation));
        }
        for command in &self.commands {
            chosen.push(Arc::new(External::with_options(
                command,
                external_program::Options {
                    limit: self.limit(),
                    startup: Duration::from_millis(self.startup_ms),
                    in_flight: usize::try_from(self.impl_batch).unwrap_or(1),
                },
            )));
        }
        Ok(chosen)
    }

    fn engine(&self) -> Result<Engine, String> {
        // The guard's limit is longer than an external program's own, which kills and restarts it.
        let guard = self.limit() + Duration::from_secs(1);
        Ok(Engine::new(
            self.implementations()?,
            guard,
            Catalogue::bundled(),
        ))
    }
}

#[derive(Subcommand)]
enum Command {
    /// Answer JSON-lines protocol requests on stdin, one response a line on stdout.
    Serve {
        /// The implementation that answers.
        #[arg(long = "impl", default_value = "reference")]
        implementation: String,
    },
    /// The main job: the conformance matrix, then a differential run over the vector corpus and
    /// the real-world URL lists, writing reports/.
    Run {
        #[command(flatten)]
        selection: Selection,
        /// Where the reports go.
        #[arg(long, default_value = "reports")]
        reports: PathBuf,
        /// The real-world URL lists (`*.txt`); skipped when missing.
        #[arg(long, default_value_os_t = campaign::default_urls_dir())]
        urls: PathBuf,
        /// Cases of the fuzz campaign over every implementation at once (seed 1, one job, so
        /// that the run is reproducible).
        #[arg(long, default_value_t = 200_000)]
        fuzz_cases: u64,
        /// Cases of each implementation's own fuzz campaign, after the shared one (a seed of
        /// its own, one job): one crate alone runs several times faster, so deep behaviours come
        /// within reach (see the README for the cost).
        #[arg(long, default_value_t = PER_IMPLEMENTATION_FUZZ_CASES)]
        fuzz_cases_per_impl: u64,
        /// The web-platform-tests setter cases, for url's setters; skipped when missing.
        #[arg(long, default_value_os_t = uri_conformance::setters::default_path())]
        wpt_setters: PathBuf,
    },
    /// Compare every implementation on one case, or (with --vectors, --urls, --input-file) on
    /// many, writing reports.
    Diff {
        /// The input (the reference, with --base).
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
        /// Run the URL lists (`*.txt`) of this directory, e.g. ../shared/data/urls.
        #[arg(long)]
        urls: Option<PathBuf>,
        /// Run the URLs of this file, one a line.
        #[arg(long)]
        input_file: Option<PathBuf>,
        /// Where the reports of a batch run go.
        #[arg(long, default_value = "reports")]
        reports: PathBuf,
        #[command(flatten)]
        selection: Selection,
    },
    /// Run the vector corpus against every implementation; write reports/conformance.{md,json,html},
    /// and the web-platform-tests cases against the WHATWG URL ones: reports/whatwg.{md,json}.
    Matrix {
        #[command(flatten)]
        selection: Selection,
        /// Where the matrix goes.
        #[arg(long, default_value = "reports")]
        reports: PathBuf,
    },
    /// The stable fuzz loop: generated cases through the reference's properties and the
    /// differential engine, writing reports. Ctrl-C stops it and keeps what it found.
    Fuzz {
        /// How long: `60s`, `30m`, `1h` (60s when neither --time nor --cases is given).
        #[arg(long, value_parser = parse_duration)]
        time: Option<Duration>,
        /// How many cases per job (a reproducible run with one job).
        #[arg(long)]
        cases: Option<u64>,
        /// The seed: the same seed gives the same inputs.
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// Threads.
        #[arg(long, default_value_t = 1)]
        jobs: usize,
        /// parse, resolve, normalize or all.
        #[arg(long, default_value = "all")]
        op: String,
        /// Cases handed to each implementation at once.
        #[arg(long, default_value_t = 64)]
        batch: usize,
        /// Plain random bytes taken as text, without the grammar-aware generator.
        #[arg(long)]
        raw_bytes: bool,
        /// Where the reports go.
        #[arg(long, default_value = "reports")]
        reports: PathBuf,
        #[command(flatten)]
        selection: Selection,
    },
    /// Write a libFuzzer seed corpus (one directory per fuzz target) from the vectors and the
    /// real-world URL lists.
    Corpus {
        /// The corpus directory, e.g. fuzz/corpus.
        dir: PathBuf,
        /// The real-world URL lists; skipped when missing.
        #[arg(long, default_value_os_t = campaign::default_urls_dir())]
        urls: PathBuf,
        /// How many URLs to take from each list.
        #[arg(long, default_value_t = 2000)]
        per_list: usize,
    },
    /// Turn a checked report (a known difference, or a candidate bug with a verdict) into a
    /// vector, appended to a vector file.
    Promote {
        /// IMPLEMENTATION/SIGNATURE, as in reports/README.md.
        signature: String,
        /// Where the reports are.
        #[arg(long, default_value = "reports")]
        reports: PathBuf,
        /// The vector file to append to.
        #[arg(long, default_value = "vectors/rfc3986/promoted.yaml")]
        to: PathBuf,
    },
    /// The CI gate: the corpus against one implementation under its expectations file.
    Gate {
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
    // Ctrl-C: the fuzz loop stops and keeps what it found; any other command ends at once.
    // Either way no external program outlives the harness: each runs in its own process
    // group, which the terminal's Ctrl-C does not reach.
    let _ = ctrlc::set_handler(|| {
        if FUZZING.load(std::sync::atomic::Ordering::Relaxed) {
            STOP.store(true, std::sync::atomic::Ordering::Relaxed);
        } else {
            impls::process::kill_all();
            std::process::exit(130);
        }
    });
    quiet_on_broken_pipe();
    let code = dispatch(Cli::parse().command);
    impls::process::kill_all();
    code
}

/// A reader that goes away (`| head -1`) ends the command quietly, as if by SIGPIPE (exit
/// status 141), instead of with a panic; external programs are killed first. Printing panics on
/// a closed standard output because Rust ignores SIGPIPE.
fn quiet_on_broken_pipe() {
    let default = std::panic::take_hook();
    std::panic::set_hook(Box::new(move |info| {
        let message = info
            .payload()
            .downcast_ref::<String>()
            .map(String::as_str)
            .or_else(|| info.payload().downcast_ref::<&str>().copied())
            .unwrap_or("");
        if message.starts_with("failed printing to std") && message.contains("Broken pipe") {
            impls::process::kill_all();
            std::process::exit(141);
        }
        default(info);
    }));
}

/// Creates the reports folder if it is missing and checks that it takes files, before any work
/// is done; the error names the folder.
fn reports_folder(dir: &std::path::Path) -> Result<(), String> {
    std::fs::create_dir_all(dir).map_err(|e| format!("{}: {e}", dir.display()))?;
    let probe = dir.join(format!(".write-check.{}", std::process::id()));
    std::fs::write(&probe, b"").map_err(|e| format!("{}: {e}", probe.display()))?;
    std::fs::remove_file(&probe).map_err(|e| format!("{}: {e}", probe.display()))
}

fn dispatch(command: Command) -> ExitCode {
    let reports = match &command {
        Command::Run { reports, .. } | Command::Matrix { reports, .. } => Some(reports),
        Command::Fuzz { reports, .. } => Some(reports),
        Command::Diff {
            reports,
            vectors,
            urls,
            input_file,
            ..
        } if *vectors || urls.is_some() || input_file.is_some() => Some(reports),
        _ => None,
    };
    if let Some(reports) = reports
        && let Err(e) = reports_folder(reports)
    {
        return fail(e);
    }
    match command {
        Command::Serve { implementation } => serve(&implementation),
        Command::Run {
            selection,
            reports,
            urls,
            fuzz_cases,
            fuzz_cases_per_impl,
            wpt_setters,
        } => run_main_job(
            &selection,
            &reports,
            &urls,
            (fuzz_cases, fuzz_cases_per_impl),
            &wpt_setters,
        ),
        Command::Diff {
            input,
            base,
            non_strict,
            normalize,
            scheme,
            rule,
            vectors,
            urls,
            input_file,
            reports,
            selection,
        } => {
            if vectors || urls.is_some() || input_file.is_some() {
                diff_batch(
                    &selection,
                    &reports,
                    vectors,
                    urls.as_deref(),
                    input_file.as_deref(),
                )
            } else if let Some(input) = input {
                let case = match (base, normalize) {
                    (Some(base), _) => Request::Resolve {
                        base,
                        input,
                        strict: !non_strict,
                    },
                    (None, true) => Request::Normalize {
                        input,
                        level: Some(if scheme { "scheme" } else { "syntax" }.to_owned()),
                    },
                    (None, false) => Request::Parse {
                        input,
                        rule,
                        zone_id: false,
                    },
                };
                diff_one(&selection, &case)
            } else {
                eprintln!("error: give an INPUT, or --vectors, --urls or --input-file");
                ExitCode::from(2)
            }
        }
        Command::Matrix { selection, reports } => run_matrix(&selection, &reports),
        Command::Fuzz {
            time,
            cases,
            seed,
            jobs,
            op,
            batch,
            raw_bytes,
            reports,
            selection,
        } => {
            let ops = match op.as_str() {
                "parse" => vec![Op::Parse],
                "resolve" => vec![Op::Resolve],
                "normalize" => vec![Op::Normalize],
                "all" => vec![Op::Parse, Op::Resolve, Op::Normalize],
                other => {
                    return fail(format!(
                        "unknown --op {other:?} (parse, resolve, normalize, all)"
                    ));
                }
            };
            let options = fuzz::Options {
                duration: time.or(cases.is_none().then(|| Duration::from_secs(60))),
                cases,
                seed,
                jobs,
                ops,
                batch: batch.max(1),
                raw_bytes,
                announce: true,
                label: String::new(),
            };
            run_fuzz(&selection, &reports, &options)
        }
        Command::Corpus {
            dir,
            urls,
            per_list,
        } => write_corpus(&dir, &urls, per_list),
        Command::Promote {
            signature,
            reports,
            to,
        } => promote(&signature, &reports, &to),
        Command::Gate {
            selection,
            expectations,
            write_expectations,
            junit,
        } => run_gate(
            &selection,
            &expectations,
            write_expectations,
            junit.as_deref(),
        ),
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

fn fail(message: impl std::fmt::Display) -> ExitCode {
    eprintln!("error: {message}");
    ExitCode::from(2)
}

fn diff_one(selection: &Selection, case: &Request) -> ExitCode {
    let engine = match selection.engine() {
        Ok(engine) => engine,
        Err(e) => return fail(e),
    };
    let run = engine.run(case);
    println!(
        "{}
",
        case_line(case)
    );
    let width = run
        .answers
        .iter()
        .map(|(n, _)| n.len())
        .max()
        .unwrap_or(9)
        .max(9);
    println!("{:width$}  {}", "reference", run.reference.describe());
    for (name, answer) in &run.answers {
        let verdict = match run
            .findings
            .iter()
            .find(|f| &f.signature.implementation == name)
        {
            None if answer.is_valid()
                || matches!(answer, uri_conformance::model::Outcome::Invalid(_)) =>
            {
                "agrees".to_owned()
            }
            None => "not compared".to_owned(),
            Some(f) => match &f.known {
                Some(k) => format!(
                    "differs: {} (known: {}, {})",
                    f.signature.id(),
                    k.id,
                    k.class.name()
                ),
                None => format!("differs: {} (candidate bug)", f.signature.id()),
            },
        };
        println!(
            "{name:width$}  {}
{:width$}  -> {verdict}",
            answer.describe(),
            ""
        );
    }
    if run.findings.iter().any(|f| f.known.is_none()) {
        ExitCode::FAILURE
    } else {
        ExitCode::SUCCESS
    }
}

fn sweep(
    campaign: &mut Campaign<'_>,
    use_vectors: bool,
    urls: Option<&std::path::Path>,
    input_file: Option<&std::path::Path>,
) -> Result<(), String> {
    if use_vectors {
        let corpus = vectors::load_dir(&vectors::default_dir()).map_err(|e| e.to_string())?;
        let cases: Vec<Request> = corpus.iter().filter_map(matrix::request).collect();
        campaign.cases(&cases, "vectors");
    }
    let mut lists = match urls {
        Some(dir) => campaign::url_lists(dir).map_err(|e| e.to_string())?,
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
            let cases: Vec<Request> = chunk.iter().flat_map(|l| campaign::url_cases(l)).collect();
            campaign.cases(&cases, source);
        }
    }
    Ok(())
}

fn diff_batch(
    selection: &Selection,
    reports: &std::path::Path,
    use_vectors: bool,
    urls: Option<&std::path::Path>,
    input_file: Option<&std::path::Path>,
) -> ExitCode {
    let engine = match selection.engine() {
        Ok(engine) => engine,
        Err(e) => return fail(e),
    };
    let mut campaign = Campaign::new(&engine, reports);
    if let Err(e) = sweep(&mut campaign, use_vectors, urls, input_file) {
        return fail(e);
    }
    finish_campaign(&campaign, reports)
}

/// What a campaign wrote, on one line.
fn written_line(stats: &campaign::Stats, reports: usize, dir: &std::path::Path) -> String {
    format!(
        "{} cases, {} findings in {} signatures ({} not covered by the catalogue); {reports} reports in {}",
        stats.cases,
        stats.findings,
        stats.signatures,
        stats.candidate_bugs,
        dir.display()
    )
}

fn finish_campaign(campaign: &Campaign<'_>, reports: &std::path::Path) -> ExitCode {
    let stats = campaign.stats();
    match campaign.write() {
        Ok(all) => {
            println!("{}", written_line(&stats, all.len(), reports));
            ExitCode::SUCCESS
        }
        Err(e) => fail(e),
    }
}

fn run_matrix(selection: &Selection, reports: &std::path::Path) -> ExitCode {
    let engine = match selection.engine() {
        Ok(engine) => engine,
        Err(e) => return fail(e),
    };
    write_matrix(&engine, reports)
}

fn write_matrix(engine: &Engine, reports: &std::path::Path) -> ExitCode {
    let corpus = match vectors::load_dir(&vectors::default_dir()) {
        Ok(corpus) => corpus,
        Err(e) => return fail(e),
    };
    let result = matrix::run(engine, &corpus);
    if let Err(e) = report::matrix::write(reports, &result) {
        return fail(e);
    }
    println!(
        "{:<14} {:>6} {:>6} {:>6} {:>12}",
        "implementation", "pass", "fail", "known", "unsupported"
    );
    for (name, _) in &result.implementations {
        let count = |v: &str| {
            result
                .rows
                .iter()
                .filter(|r| r.results.get(name).is_some_and(|x| x.verdict.name() == v))
                .count()
        };
        println!(
            "{name:<14} {:>6} {:>6} {:>6} {:>12}",
            count("pass"),
            count("fail"),
            count("known"),
            count("unsupported")
        );
    }
    println!(
        "matrix written to {}",
        reports.join("conformance.md").display()
    );
    write_whatwg_profile(engine, reports)
}

/// The web-platform-tests cases against the implementations that follow the URL Standard:
/// reports/whatwg.{md,json}; skipped when the data is not there.
fn write_whatwg_profile(engine: &Engine, reports: &std::path::Path) -> ExitCode {
    let dir = whatwg::wpt::default_dir();
    if !dir.join("urltestdata.json").is_file() {
        println!(
            "no urltestdata.json in {} (WHATWG profile skipped)",
            dir.display()
        );
        return ExitCode::SUCCESS;
    }
    let chosen: Vec<&dyn Implementation> = engine
        .implementations()
        .filter(|i| i.about().spec == "WHATWG URL")
        .collect();
    let profile = match whatwg::profile::run(&dir, &chosen) {
        Ok(profile) => profile,
        Err(e) => return fail(e),
    };
    if let Err(e) = whatwg::profile::write(reports, &profile) {
        return fail(format!("{}: {e}", reports.join("whatwg.md").display()));
    }
    for p in &profile.implementations {
        println!(
            "{:<14} WHATWG: {} pass, {} fail, {} unsupported",
            p.name, p.pass, p.fail, p.unsupported
        );
    }
    println!(
        "WHATWG profile written to {}",
        reports.join("whatwg.md").display()
    );
    ExitCode::SUCCESS
}

fn run_main_job(
    selection: &Selection,
    reports: &std::path::Path,
    urls: &std::path::Path,
    (fuzz_cases, fuzz_cases_per_impl): (u64, u64),
    wpt_setters: &std::path::Path,
) -> ExitCode {
    let engine = match selection.engine() {
        Ok(engine) => engine,
        Err(e) => return fail(e),
    };
    let before = report::changes::Before::read(reports);
    let code = write_matrix(&engine, reports);
    if code != ExitCode::SUCCESS {
        return code;
    }
    if !urls.is_dir() {
        println!("no URL lists at {} (skipped)", urls.display());
    }
    let mut campaign = Campaign::new(&engine, reports);
    // Every stored case again first, so that reports follow the catalogue as it is now.
    match campaign.replay() {
        Ok(n) => println!("{n} stored cases replayed"),
        Err(e) => return fail(e),
    }
    if let Err(e) = sweep(&mut campaign, true, Some(urls), None) {
        return fail(e);
    }
    let campaign = std::sync::Mutex::new(campaign);
    let options = fuzz::Options {
        duration: None,
        cases: Some(fuzz_cases),
        seed: 1,
        jobs: 1,
        ops: vec![Op::Parse, Op::Resolve, Op::Normalize],
        batch: 64,
        raw_bytes: false,
        announce: true,
        label: String::new(),
    };
    println!("fuzz: every implementation, {fuzz_cases} cases");
    let summary = fuzz::run(
        &engine,
        &campaign,
        &options,
        &STOP,
        &fuzz::Progress::default(),
    );
    println!(
        "fuzz: {} cases ({:.0} execs/s), {} violations of the reference's properties",
        summary.cases,
        summary.execs_per_second(),
        summary.violations.len()
    );
    let mut violations = summary.violations;
    // Each implementation alone, with its own budget: the cases run on one engine of that
    // implementation, and what they find is recorded (and shrunk) through the shared campaign.
    let implementations = match selection.implementations() {
        Ok(all) => all,
        Err(e) => return fail(e),
    };
    for (index, implementation) in implementations.into_iter().enumerate() {
        let name = implementation.about().name.to_owned();
        if name == "reference" || fuzz_cases_per_impl == 0 {
            continue;
        }
        let solo = Engine::new(
            vec![implementation],
            selection.limit() + Duration::from_secs(1),
            Catalogue::bundled(),
        );
        // A seed of its own per implementation, so that the runs do not repeat one another's
        // inputs.
        let options = fuzz::Options {
            cases: Some(fuzz_cases_per_impl),
            seed: options.seed + 1 + index as u64,
            label: format!(", {name} alone"),
            ..options.clone()
        };
        println!("fuzz: {name} alone, {fuzz_cases_per_impl} cases");
        let summary = fuzz::run(
            &solo,
            &campaign,
            &options,
            &STOP,
            &fuzz::Progress::default(),
        );
        println!(
            "fuzz: {name}: {} cases in {:.1}s ({:.0} execs/s), {} new signatures ({} candidate bugs)",
            summary.cases,
            summary.elapsed.as_secs_f64(),
            summary.execs_per_second(),
            summary.signatures,
            summary.candidate_bugs
        );
        violations.extend(summary.violations);
    }
    let campaign = campaign.into_inner().unwrap_or_else(|e| e.into_inner());
    let stats = campaign.stats();
    match campaign.write_pruning() {
        Ok(all) => println!("{}", written_line(&stats, all.len(), reports)),
        Err(e) => return fail(e),
    }
    write_setters(wpt_setters, reports);
    let stale = engine.catalogue().stale(&engine.names());
    if let Err(e) = report::index::write_catalogue(reports, engine.catalogue(), &stale) {
        return fail(e);
    }
    before.print(reports);
    for entry in &stale {
        println!(
            "stale catalogue entry: {} (matched nothing in this run)",
            entry.id
        );
    }
    for violation in violations.iter().take(20) {
        println!("reference property violated: {violation}");
    }
    if violations.is_empty() {
        ExitCode::SUCCESS
    } else {
        ExitCode::FAILURE
    }
}

/// url's setters against the web-platform-tests setter cases: `reports/url-setters.md`.
fn write_setters(cases: &std::path::Path, reports: &std::path::Path) {
    #[cfg(feature = "url")]
    {
        use uri_conformance::setters;
        if !cases.is_file() {
            println!("no setter cases at {} (skipped)", cases.display());
            return;
        }
        let loaded = match setters::load(cases) {
            Ok(loaded) => loaded,
            Err(e) => {
                println!("setter cases not read: {e}");
                return;
            }
        };
        let run = setters::run(&loaded);
        let name = cases
            .file_name()
            .map_or_else(String::new, |n| n.to_string_lossy().into_owned());
        let text = setters::markdown(&run, &format!("web-platform-tests {name}"));
        let path = reports.join("url-setters.md");
        match report::write_atomically(&path, text.as_bytes()) {
            Ok(()) => println!(
                "url setters: {} of {} web-platform-tests cases pass ({})",
                run.cases - run.failures.len(),
                run.cases,
                path.display()
            ),
            Err(e) => println!("{}: {e}", path.display()),
        }
    }
    #[cfg(not(feature = "url"))]
    let _ = (cases, reports);
}

fn run_gate(
    selection: &Selection,
    expectations_path: &std::path::Path,
    write: bool,
    junit: Option<&std::path::Path>,
) -> ExitCode {
    let implementations = match selection.implementations() {
        Ok(list) => list,
        Err(e) => return fail(e),
    };
    let [implementation] = implementations.as_slice() else {
        return fail("the gate checks one implementation: give one --impl or --impl-cmd");
    };
    let corpus = match vectors::load_dir(&vectors::default_dir()) {
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
        selection.limit() + Duration::from_secs(1),
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

fn print_json(request: Request) {
    let response: Response = impls::reference::Reference.answer(&request).into();
    println!("{}", uri_conformance::protocol::write_response(&response));
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
    match reference::resolve(base, reference_text, ResolveOptions::strict(strict)) {
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

fn parse_duration(text: &str) -> Result<Duration, String> {
    let (number, unit) = text.split_at(
        text.find(|c: char| !c.is_ascii_digit())
            .unwrap_or(text.len()),
    );
    let n: u64 = number
        .parse()
        .map_err(|_| format!("{text:?} is not a duration like 60s, 30m or 1h"))?;
    match unit {
        "" | "s" => Ok(Duration::from_secs(n)),
        "m" => Ok(Duration::from_secs(n * 60)),
        "h" => Ok(Duration::from_secs(n * 3600)),
        "ms" => Ok(Duration::from_millis(n)),
        _ => Err(format!("{text:?} is not a duration like 60s, 30m or 1h")),
    }
}

/// Cases of each implementation's own fuzz campaign in the main job: a million, where a
/// one-crate run reaches a panic that 200,000 cases over every crate do not (the cost is
/// measured in the README).
const PER_IMPLEMENTATION_FUZZ_CASES: u64 = 1_000_000;

static STOP: std::sync::atomic::AtomicBool = std::sync::atomic::AtomicBool::new(false);
/// How often a fuzz run writes the findings it has so far.
const FLUSH_EVERY: Duration = Duration::from_secs(3);

static FUZZING: std::sync::atomic::AtomicBool = std::sync::atomic::AtomicBool::new(false);

fn run_fuzz(selection: &Selection, reports: &std::path::Path, options: &fuzz::Options) -> ExitCode {
    use std::sync::atomic::Ordering;
    let engine = match selection.engine() {
        Ok(engine) => engine,
        Err(e) => return fail(e),
    };
    // Ctrl-C stops the loop; what was found is still written.
    FUZZING.store(true, Ordering::Relaxed);
    let campaign = std::sync::Mutex::new(Campaign::new(&engine, reports));
    let progress = fuzz::Progress::default();
    let bar = indicatif::ProgressBar::new_spinner();
    bar.set_style(
        indicatif::ProgressStyle::with_template("{spinner} [{elapsed_precise}] {msg}")
            .unwrap_or_else(|_| indicatif::ProgressStyle::default_spinner()),
    );
    let started = std::time::Instant::now();
    let finished = std::sync::atomic::AtomicBool::new(false);
    let summary = std::thread::scope(|scope| {
        scope.spawn(|| {
            // New findings are written as they come, at most every few seconds, so that a run
            // killed outright keeps them (each file is written atomically).
            let mut written_signatures = 0;
            let mut last_write = std::time::Instant::now();
            while !finished.load(Ordering::Relaxed) {
                let signatures = progress.signatures.load(Ordering::Relaxed);
                if signatures != written_signatures && last_write.elapsed() >= FLUSH_EVERY {
                    let held = campaign.lock().unwrap_or_else(|e| e.into_inner());
                    if let Err(e) = held.write() {
                        bar.suspend(|| eprintln!("warning: {e}"));
                    }
                    drop(held);
                    written_signatures = signatures;
                    last_write = std::time::Instant::now();
                }
                let cases = progress.cases.load(Ordering::Relaxed);
                bar.set_message(format!(
                    "{cases} cases, {:.0} execs/s, {} findings, {} new signatures, {} property violations",
                    cases as f64 / started.elapsed().as_secs_f64().max(1e-3),
                    progress.findings.load(Ordering::Relaxed),
                    progress.signatures.load(Ordering::Relaxed),
                    progress.violations.load(Ordering::Relaxed),
                ));
                bar.tick();
                std::thread::sleep(Duration::from_millis(200));
            }
        });
        let summary = fuzz::run(&engine, &campaign, options, &STOP, &progress);
        finished.store(true, Ordering::Relaxed);
        summary
    });
    bar.finish_and_clear();
    let campaign = campaign.into_inner().unwrap_or_else(|e| e.into_inner());
    let written = campaign.write();
    println!(
        "{} cases in {:.1}s ({:.0} execs/s), {} findings, {} new signatures ({} candidate bugs)",
        summary.cases,
        summary.elapsed.as_secs_f64(),
        summary.execs_per_second(),
        summary.findings,
        summary.signatures,
        summary.candidate_bugs
    );
    match written {
        Ok(all) => println!("{} reports in {}", all.len(), reports.display()),
        Err(e) => return fail(e),
    }
    if summary.violations.is_empty() {
        println!("no violation of the reference's properties");
        ExitCode::SUCCESS
    } else {
        for violation in summary.violations.iter().take(20) {
            println!("reference property violated: {violation}");
        }
        println!(
            "{} violations of the reference's properties",
            summary.violations.len()
        );
        ExitCode::FAILURE
    }
}

/// The fuzz targets and the operations each one generates.
const TARGETS: &[(&str, &[Op])] = &[
    ("diff_parse", &[Op::Parse]),
    ("diff_resolve", &[Op::Resolve]),
    ("diff_normalize", &[Op::Normalize]),
    ("reference_props", &[Op::Parse, Op::Resolve, Op::Normalize]),
];

fn write_corpus(dir: &std::path::Path, urls: &std::path::Path, per_list: usize) -> ExitCode {
    let corpus = match vectors::load_dir(&vectors::default_dir()) {
        Ok(corpus) => corpus,
        Err(e) => return fail(e),
    };
    let mut cases: Vec<Request> = corpus.iter().filter_map(matrix::request).collect();
    match campaign::url_lists(urls) {
        Ok(lists) => {
            for (_, lines) in lists {
                for line in lines.iter().take(per_list) {
                    cases.extend(campaign::url_cases(line));
                }
            }
        }
        Err(e) => return fail(e),
    }
    let mut written = 0;
    for (target, ops) in TARGETS {
        let target_dir = dir.join(target);
        if let Err(e) = std::fs::create_dir_all(&target_dir) {
            return fail(format!("{}: {e}", target_dir.display()));
        }
        for case in &cases {
            let Some(bytes) = generate::seed_bytes(case, ops) else {
                continue;
            };
            // Content-addressed names, as libFuzzer writes them: no duplicates, no churn.
            let mut hash: u64 = 0xcbf2_9ce4_8422_2325;
            for b in &bytes {
                hash = (hash ^ u64::from(*b)).wrapping_mul(0x0100_0000_01b3);
            }
            let path = target_dir.join(format!("seed-{hash:016x}"));
            if let Err(e) = std::fs::write(&path, &bytes) {
                return fail(format!("{}: {e}", path.display()));
            }
            written += 1;
        }
    }
    println!("{written} seeds written under {}", dir.display());
    ExitCode::SUCCESS
}

fn promote(signature: &str, reports: &std::path::Path, to: &std::path::Path) -> ExitCode {
    let path = reports.join(format!("{signature}.json"));
    let report: report::Report = match std::fs::read_to_string(&path)
        .map_err(|e| e.to_string())
        .and_then(|t| serde_json::from_str(&t).map_err(|e| e.to_string()))
    {
        Ok(report) => report,
        Err(e) => return fail(format!("{}: {e}", path.display())),
    };
    // A vector's expectation must stand on the RFC text: promote only what was checked.
    let confirmation = match (&report.known, &report.verdict) {
        (Some(known), _) => format!(
            "promoted from reports/{signature}.md, a known difference ({}): the reference's answer is RFC 3986's, {}",
            known.id, report.rfc.section
        ),
        (None, Some(verdict)) => {
            format!("promoted from reports/{signature}.md; checked by hand: {verdict}")
        }
        (None, None) => {
            return fail(format!(
                "{signature} has no hand-checked verdict in {}/verdicts.yaml: check it against the RFC first",
                reports.display()
            ));
        }
    };
    let case = &report.minimal.case;
    let q = |s: &str| serde_json::to_string(s).unwrap_or_default();
    let id = format!(
        "promoted-{}",
        signature
            .replace('/', "-")
            .chars()
            .map(|c| if c.is_ascii_alphanumeric() || c == '-' || c == '.' {
                c.to_ascii_lowercase()
            } else {
                '-'
            })
            .collect::<String>()
    );
    let reference_answer = impls::reference::Reference.answer(case);
    // The section of the rule the reference's answer turns on.
    let section = match (&reference_answer, case) {
        (uri_conformance::model::Outcome::Invalid(e), _) => {
            match e
                .trim_start_matches("base: ")
                .split(':')
                .next()
                .unwrap_or("")
            {
                "scheme" => "3.1",
                "userinfo" => "3.2.1",
                "host" | "IP-literal" | "IPv6address" | "IPvFuture" => "3.2.2",
                "authority" => "3.2",
                "port" => "3.2.3",
                "path" => "3.3",
                "query" => "3.4",
                "fragment" => "3.5",
                "pct-encoded" => "2.1",
                "path-noscheme" => "4.2",
                "absolute-URI" => "4.3",
                _ => "A",
            }
        }
        (_, Request::Parse { .. }) => "3",
        (_, Request::Resolve { .. }) => "5.2.2",
        (_, Request::Normalize { level, .. }) if level.as_deref() == Some("scheme") => "6.2.3",
        (_, Request::Normalize { .. }) => "6.2.2",
    }
    .to_owned();
    let mut vector = format!(
        "  - id: {}\n    section: {}\n    op: {}\n",
        q(&id),
        q(&section),
        uri_conformance::diff::signature::op_name(case)
    );
    match case {
        Request::Parse { input, rule, .. } => {
            vector += &format!("    input: {}\n", q(input));
            if let Some(rule) = rule.as_deref().filter(|r| *r != "URI-reference") {
                vector += &format!("    rule: {}\n", q(rule));
            }
        }
        Request::Resolve {
            base,
            input,
            strict,
        } => {
            vector += &format!("    base: {}\n    input: {}\n", q(base), q(input));
            if !strict {
                vector += "    strict: false\n";
            }
        }
        Request::Normalize { input, level } => {
            vector += &format!("    input: {}\n", q(input));
            if let Some(level) = level.as_deref().filter(|l| *l != "syntax") {
                vector += &format!("    level: {}\n", q(level));
            }
        }
    }
    vector += &format!("    note: {}\n    expect:\n", q(&confirmation));
    let null_or = |v: &Option<String>| v.as_deref().map_or_else(|| "null".to_owned(), q);
    vector += &match &reference_answer {
        uri_conformance::model::Outcome::Parsed {
            components: c,
            host_kind,
        } => format!(
            "      components: {{scheme: {}, userinfo: {}, host: {}, port: {}, path: {}, query: {}, fragment: {}}}\n      host_kind: {}\n",
            null_or(&c.scheme),
            null_or(&c.userinfo),
            null_or(&c.host),
            null_or(&c.port),
            q(&c.path),
            null_or(&c.query),
            null_or(&c.fragment),
            host_kind.map_or("null", |k| k.name())
        ),
        uri_conformance::model::Outcome::Resolved(t) => format!("      target: {}\n", q(t)),
        uri_conformance::model::Outcome::Normalized(n) => format!("      normalized: {}\n", q(n)),
        uri_conformance::model::Outcome::Invalid(e) => {
            format!("      invalid: {}\n", q(e.split(':').next().unwrap_or("")))
        }
        other => return fail(format!("the reference answered {other:?}")),
    };
    let mut text = std::fs::read_to_string(to).unwrap_or_else(|_| {
        "# Vectors promoted from checked reports (`uri-conformance promote`); each note says which\n# verdict or RFC passage stands behind the expectation.\nvectors:\n".to_owned()
    });
    if text.contains(&format!("id: {}", q(&id))) {
        return fail(format!("{id} is already in {}", to.display()));
    }
    text.push_str(&vector);
    if let Err(e) = report::write_atomically(to, text.as_bytes()) {
        return fail(format!("{}: {e}", to.display()));
    }
    println!("{id} appended to {}", to.display());
    ExitCode::SUCCESS
}
