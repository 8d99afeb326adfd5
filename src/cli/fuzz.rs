//! `fuzz` (the stable fuzz loop: generated cases through the reference's properties and the
//! differential engine, each new signature printed as it is found) and `corpus` (a libFuzzer
//! seed corpus).

use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::sync::atomic::Ordering;
use std::time::Duration;

use clap::Args;
use uri_conformance::campaign::{self, Campaign};
use uri_conformance::fuzz::FirstFind;
use uri_conformance::generate::{self, Op};
use uri_conformance::locations::Source;
use uri_conformance::protocol::Request;
use uri_conformance::report::on_record::{Novelty, OnRecord};
use uri_conformance::{fuzz, matrix, vectors};

use super::{FUZZING, Output, ReportsOption, STOP, Selection, existing, fail, parse_duration};

/// `fuzz`.
#[derive(Args)]
pub struct FuzzArgs {
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
    #[command(flatten)]
    reports: ReportsOption,
    #[command(flatten)]
    output: Output,
    #[command(flatten)]
    selection: Selection,
    #[command(flatten)]
    on_record: OnRecordOption,
}

/// Which reports folder tells a new signature from one on record.
#[derive(Args, Clone)]
pub struct OnRecordOption {
    /// The reports on record, a folder with its `ecosystem/` (default: the checkout's
    /// `reports/` when run in the repository; `none` for none): each new signature is marked
    /// new to it or named by its report there, and a finding of one case (diff, the live page)
    /// links its report there.
    #[arg(long, value_name = "DIR")]
    known_reports: Option<PathBuf>,
}

impl OnRecordOption {
    /// The reports on record: the folder given (which must exist), or the checkout's
    /// `reports/`; `None` for `none`, or outside a checkout when none is given.
    pub fn load(&self) -> Result<Option<OnRecord>, String> {
        let dir = match &self.known_reports {
            Some(dir) if dir.as_os_str() == "none" => return Ok(None),
            Some(dir) if !dir.is_dir() => {
                return Err(format!(
                    "--known-reports {}: no such directory",
                    dir.display()
                ));
            }
            Some(dir) => dir.clone(),
            None => match uri_conformance::locations::checkout() {
                Some(root) if root.join("reports").is_dir() => root.join("reports"),
                _ => return Ok(None),
            },
        };
        // Shown as the user would type it: relative to the current directory when under it.
        let dir = std::env::current_dir()
            .ok()
            .and_then(|here| dir.strip_prefix(&here).ok().map(Path::to_owned))
            .unwrap_or(dir);
        OnRecord::load(&dir)
            .map(Some)
            .map_err(|e| format!("{}: {e}", dir.display()))
    }
}

/// How many of a run's new signatures no report on record holds; `None` when the run was
/// measured against none.
pub fn new_to_record(found: &[FirstFind]) -> Option<usize> {
    let measured = found.iter().any(|f| f.novelty != Novelty::Unmeasured);
    measured.then(|| found.iter().filter(|f| f.novelty == Novelty::New).count())
}

/// `\n6 of the 215 new signatures are new to reports (209 are on record there)`; empty when
/// the run was measured against no reports or found nothing.
pub fn novelty_line(found: &[FirstFind], record: Option<&Path>) -> String {
    match (new_to_record(found), record) {
        (Some(new), Some(dir)) => format!(
            "\n{new} of the {} new signatures are new to {} ({} are on record there)",
            found.len(),
            dir.display(),
            found.len() - new
        ),
        _ => String::new(),
    }
}

/// `corpus`.
#[derive(Args)]
pub struct CorpusArgs {
    /// The corpus directory, e.g. fuzz/corpus.
    dir: PathBuf,
    /// The real-world URL lists (default: the checkout's `data/urls`, skipped outside a
    /// checkout).
    #[arg(long)]
    urls: Option<PathBuf>,
    /// How many URLs to take from each list.
    #[arg(long, default_value_t = 2000)]
    per_list: usize,
}

/// How often a fuzz run writes the findings it has so far.
const FLUSH_EVERY: Duration = Duration::from_secs(3);

/// `fuzz`.
pub fn run(args: &FuzzArgs) -> ExitCode {
    let ops = match args.op.as_str() {
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
    let reports = match args.reports.folder("fuzz") {
        Ok(dir) => dir,
        Err(e) => return fail(e),
    };
    let options = fuzz::Options {
        duration: args
            .time
            .or(args.cases.is_none().then(|| Duration::from_secs(60))),
        cases: args.cases,
        seed: args.seed,
        jobs: args.jobs,
        ops,
        batch: args.batch.max(1),
        raw_bytes: args.raw_bytes,
        announce: Some(args.output.announcer()),
        label: String::new(),
        trace: None,
        generation: None,
    };
    let record = match args.on_record.load() {
        Ok(record) => record,
        Err(e) => return fail(e),
    };
    run_fuzz(&args.selection, &reports, &options, args.output, record)
}

/// `corpus`.
pub fn corpus(args: &CorpusArgs) -> ExitCode {
    let urls = Source::or_default(args.urls.clone(), campaign::default_urls_dir);
    match existing(&urls, "URL lists") {
        Ok(urls) => write_corpus(&args.dir, urls.as_deref(), args.per_list),
        Err(e) => fail(e),
    }
}

fn run_fuzz(
    selection: &Selection,
    reports: &Path,
    options: &fuzz::Options,
    output: Output,
    record: Option<OnRecord>,
) -> ExitCode {
    if let Some(duration) = options.duration {
        // No wait for an external program (its start included) goes past the end of --time.
        uri_conformance::impls::process::cut_off_at(std::time::Instant::now() + duration);
    }
    let engine = match selection.engine() {
        Ok(engine) => engine,
        Err(e) => return fail(e),
    };
    // Ctrl-C (SIGTERM, SIGHUP) stops the loop; what was found is still written.
    FUZZING.store(true, Ordering::SeqCst);
    let record_dir = record.as_ref().map(|r| r.dir().to_owned());
    let mut campaign = Campaign::new(&engine, reports);
    if let Some(record) = record {
        campaign.measured_against(record);
    }
    let campaign = std::sync::Mutex::new(campaign);
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
    let written = match campaign.write() {
        Ok(all) => all.len(),
        Err(e) => return fail(e),
    };
    for violation in summary.violations.iter().take(20) {
        eprintln!("reference property violated: {violation}");
    }
    output.summary(
        &format!(
            "{} cases in {:.1}s ({:.0} execs/s), {} findings, {} new signatures ({} candidate bugs); {} violations of the reference's properties; {written} reports in {}{}{}",
            summary.cases,
            summary.elapsed.as_secs_f64(),
            summary.execs_per_second(),
            summary.findings,
            summary.signatures,
            summary.candidate_bugs,
            summary.violations.len(),
            reports.display(),
            novelty_line(&summary.first_finds, record_dir.as_deref()),
            super::benched_lines()
        ),
        serde_json::json!({
            "cases": summary.cases,
            "seconds": summary.elapsed.as_secs_f64(),
            "execs_per_second": summary.execs_per_second(),
            "findings": summary.findings,
            "signatures": summary.signatures,
            "candidate_bugs": summary.candidate_bugs,
            "new_to_record": new_to_record(&summary.first_finds),
            "violations": summary.violations,
            "reports": reports,
            "benched": benched_json(),
        }),
    );
    // A signal stopped the run: its findings are written, the status says so.
    if let Some(code) = super::signalled() {
        return code;
    }
    // A violation of the reference's own properties is a bug of ours: always a failure.
    if !summary.violations.is_empty() {
        return ExitCode::FAILURE;
    }
    output
        .fail_on()
        .status(summary.first_finds.iter().map(super::Weighed::of_find))
}

/// The benched programs, as JSON: name and why.
pub fn benched_json() -> serde_json::Value {
    uri_conformance::impls::external::benched()
        .into_iter()
        .map(|(name, why)| serde_json::json!({ "name": name, "why": why }))
        .collect()
}

/// The fuzz targets and the operations each one generates.
const TARGETS: &[(&str, &[Op])] = &[
    ("diff_parse", &[Op::Parse]),
    ("diff_resolve", &[Op::Resolve]),
    ("diff_normalize", &[Op::Normalize]),
    ("reference_props", &[Op::Parse, Op::Resolve, Op::Normalize]),
];

fn write_corpus(dir: &Path, urls: Option<&Path>, per_list: usize) -> ExitCode {
    let corpus = match vectors::load_default() {
        Ok(corpus) => corpus,
        Err(e) => return fail(e),
    };
    let mut cases: Vec<Request> = corpus.iter().filter_map(matrix::request_with_iri).collect();
    match urls.map_or(Ok(Vec::new()), campaign::url_lists) {
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
