//! The fuzz loop's speed and power. `cargo bench --bench fuzz` prints Markdown:
//!
//! 1. throughput in execs/s of the stable loop, taken in turns within one run: the reference
//!    alone (an engine over no implementation), every bundled implementation with one job and
//!    with `--jobs 2`, and the ratios, each round's too;
//! 2. where an exec's time goes: generation, the reference's properties, each implementation
//!    and its own properties, the engine's comparison, classification and signatures, the
//!    engine's other costs, the campaign's bookkeeping, and the harness's share;
//! 3. the libFuzzer targets side by side, when built: `reference_props`, `diff_parse` over every
//!    implementation and over each alone (`URI_CONFORMANCE_IMPLS`);
//! 4. for each planted fault (`src/impls/planted.rs`): the time until the loop, run against
//!    that implementation alone, first records a candidate-bug signature, with the
//!    grammar-aware generator and with plain random bytes.
//!
//! 0. the loop against its limit, the CPU its parsers spend on the same cases (answers and
//!    their own properties), for every bundled implementation at once and each alone: the
//!    lines `limit: N execs/s; loop: N execs/s (0.NNx of the limit); harness share: NN%`;
//!    and the libFuzzer target `diff_parse` against its own limit (`limit_parse`, the same
//!    inputs through the parsers alone), over every implementation and each alone, when built;
//!
//! Knobs (environment): `FUZZ_BENCH_LIMIT_CASES` (20000), `FUZZ_BENCH_LIMIT_ONLY` (0; 1 runs
//! the first section alone), `FUZZ_BENCH_PLANTED_ONLY` (0; 1 runs the planted faults' table
//! alone), `FUZZ_BENCH_LIMIT_ALONE` (1; 0 skips the lines of each crate alone),
//! `FUZZ_BENCH_LOOP_SECS` (10), `FUZZ_BENCH_CAP_SECS` (60),
//! `FUZZ_BENCH_SEED` (1), `FUZZ_BENCH_CASES` (20000, for the breakdown),
//! `FUZZ_BENCH_LIBFUZZER_SECS` (10; 0 skips), `FUZZ_BENCH_LIBFUZZER_LIMIT_CASES` (20000; 0 skips), `FUZZ_BENCH_KEEP` (keep the reports written
//! under the temporary directory).

/// The command line's allocator, so that the figures are the binary's.
#[cfg(feature = "cli")]
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

use std::hint::black_box;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};
use uri_conformance::fuzz::Rng;

use uri_conformance::campaign::Campaign;
use uri_conformance::diff::run::answer_catching;
use uri_conformance::diff::{Catalogue, DifferenceKind, Engine, Signature, compare, properties};
use uri_conformance::fuzz::{self, Options, Progress, Summary};
use uri_conformance::generate::{self, Op};
use uri_conformance::impls::reference::Reference;
use uri_conformance::impls::{self, Implementation, planted};
use uri_conformance::model::Outcome;
use uri_conformance::protocol::Request;

const OPS: [Op; 3] = [Op::Parse, Op::Resolve, Op::Normalize];
const BATCH: usize = 64;
/// The command line's guard: the external programs' 5 s, plus one.
const GUARD: Duration = Duration::from_secs(6);

fn knob(name: &str, default: u64) -> u64 {
    std::env::var(name)
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(default)
}

/// What the bench draws: inputs as the loop draws them, and cases from them.
trait Draw {
    fn input(&mut self) -> Vec<u8>;
    fn case(&mut self) -> Request;
}

impl Draw for Rng {
    /// Fresh bytes as the loop draws them: 16 to 255 of them.
    fn input(&mut self) -> Vec<u8> {
        let len = 16 + (self.next_u64() % 240) as usize;
        (0..len).map(|_| self.next_u64() as u8).collect()
    }

    fn case(&mut self) -> Request {
        loop {
            if let Some(case) = generate::case_from_bytes(&self.input(), &OPS) {
                return case;
            }
        }
    }
}

fn engine_over(implementations: Vec<Box<dyn Implementation>>) -> Engine {
    Engine::new(
        implementations.into_iter().map(Arc::from).collect(),
        GUARD,
        Catalogue::bundled(),
    )
}

fn options(seed: u64, duration: Duration, raw_bytes: bool) -> Options {
    Options {
        duration: Some(duration),
        cases: None,
        seed,
        jobs: 1,
        ops: OPS.to_vec(),
        batch: BATCH,
        raw_bytes,
        announce: None,
        label: String::new(),
        trace: None,
        generation: None,
    }
}

/// Runs the loop; with `stop_at_first`, stops it once a candidate bug is recorded. Writes the
/// reports under `dir` afterwards (not timed).
fn run_loop(engine: &Engine, dir: &Path, options: &Options, stop_at_first: bool) -> Summary {
    let campaign = Mutex::new(Campaign::new(engine, dir));
    let progress = Progress::default();
    let stop = AtomicBool::new(false);
    let done = AtomicBool::new(false);
    if let Err(e) = std::fs::create_dir_all(dir) {
        eprintln!("{}: {e}", dir.display());
    }
    let summary = std::thread::scope(|scope| {
        if stop_at_first {
            scope.spawn(|| {
                while !done.load(Ordering::Relaxed) {
                    if progress.candidate_bugs.load(Ordering::Relaxed) > 0 {
                        stop.store(true, Ordering::Relaxed);
                        break;
                    }
                    std::thread::sleep(Duration::from_millis(2));
                }
            });
        }
        let summary = fuzz::run(engine, &campaign, options, &stop, &progress);
        done.store(true, Ordering::Relaxed);
        summary
    });
    let campaign = campaign.into_inner().unwrap_or_else(|e| e.into_inner());
    if let Err(e) = campaign.write() {
        eprintln!("writing reports under {}: {e}", dir.display());
    }
    if !summary.violations.is_empty() {
        eprintln!(
            "{} violations of the reference's properties, the first: {}",
            summary.violations.len(),
            summary.violations[0]
        );
    }
    summary
}

/// CPU time of every thread of this process so far.
#[cfg(unix)]
fn cpu_time() -> Duration {
    let mut ts = libc::timespec {
        tv_sec: 0,
        tv_nsec: 0,
    };
    // SAFETY: clock_gettime writes one timespec through the pointer, which points to one.
    let rc = unsafe { libc::clock_gettime(libc::CLOCK_PROCESS_CPUTIME_ID, &mut ts) };
    if rc != 0 {
        return Duration::ZERO;
    }
    Duration::new(ts.tv_sec as u64, ts.tv_nsec as u32)
}

/// No CPU clock here: the CPU columns read zero.
#[cfg(not(unix))]
fn cpu_time() -> Duration {
    Duration::ZERO
}

/// CPU time of the calling thread so far, in nanoseconds: the loop's clock for generation.
#[cfg(unix)]
fn thread_cpu_nanos() -> u64 {
    let mut ts = libc::timespec {
        tv_sec: 0,
        tv_nsec: 0,
    };
    // SAFETY: clock_gettime writes one timespec through the pointer, which points to one.
    let rc = unsafe { libc::clock_gettime(libc::CLOCK_THREAD_CPUTIME_ID, &mut ts) };
    if rc != 0 {
        return 0;
    }
    ts.tv_sec as u64 * 1_000_000_000 + ts.tv_nsec as u64
}

/// No CPU clock here: generation reads zero.
#[cfg(not(unix))]
fn thread_cpu_nanos() -> u64 {
    0
}

/// Wall-clock and CPU time (all threads) of a part. On a loaded machine the wall-clock time
/// includes waiting for a core; the CPU time does not.
#[derive(Clone, Copy, Debug, Default)]
struct Cost {
    wall: Duration,
    cpu: Duration,
}

impl std::ops::Add for Cost {
    type Output = Cost;
    fn add(self, other: Cost) -> Cost {
        Cost {
            wall: self.wall + other.wall,
            cpu: self.cpu + other.cpu,
        }
    }
}

impl Cost {
    fn minus(self, other: Cost) -> Cost {
        Cost {
            wall: self.wall.saturating_sub(other.wall),
            cpu: self.cpu.saturating_sub(other.cpu),
        }
    }
}

fn time<T>(f: impl FnOnce() -> T) -> (Cost, T) {
    let (cpu, start) = (cpu_time(), Instant::now());
    let out = f();
    let wall = start.elapsed();
    (
        Cost {
            wall,
            cpu: cpu_time().saturating_sub(cpu),
        },
        out,
    )
}

fn us(d: Duration, n: usize) -> f64 {
    d.as_secs_f64() * 1e6 / n.max(1) as f64
}

fn ratio(a: Duration, b: Duration) -> f64 {
    a.as_secs_f64() / b.as_secs_f64().max(1e-12)
}

/// One measured stretch of the loop on a campaign that already holds what the first seconds
/// find (so that shrinking new signatures, which the planted-fault table times, stays out).
fn steady(engine: &Engine, campaign: &Mutex<Campaign<'_>>, options: &Options) -> (Cost, Summary) {
    let progress = Progress::default();
    let stop = AtomicBool::new(false);
    time(|| fuzz::run(engine, campaign, options, &stop, &progress))
}

/// Execs/s of the stable loop: the reference alone (an engine over no implementation: the
/// generator, the reference's properties and answer, the loop's bookkeeping), every bundled
/// implementation with one job and with two, taken in turns within one run so that a change
/// of load falls on all of them. Returns the one-job rate over every implementation.
fn throughput(seed: u64, loop_secs: u64, tmp: &Path) -> f64 {
    const ROUNDS: u32 = 3;
    println!("## Throughput of the stable loop (`fuzz::run`, ops all, batch {BATCH})\n");
    let alone = engine_over(Vec::new());
    let every = engine_over(impls::bundled());
    for dir in ["alone", "loop"] {
        let _ = std::fs::create_dir_all(tmp.join(dir));
    }
    let campaign_alone = Mutex::new(Campaign::new(&alone, tmp.join("alone")));
    let campaign = Mutex::new(Campaign::new(&every, tmp.join("loop")));
    // Warm-up: what the first seconds find is found and shrunk here, not in the rounds.
    let warm = options(seed, Duration::from_secs(loop_secs), false);
    let (_, warmed) = steady(&every, &campaign, &warm);
    steady(&alone, &campaign_alone, &warm);
    println!(
        "Warm-up: {} cases in {:.1} s, {} signatures ({} candidate bugs) found and shrunk.\n",
        warmed.cases,
        warmed.elapsed.as_secs_f64(),
        warmed.signatures,
        warmed.candidate_bugs
    );
    let slice = Duration::from_secs_f64(loop_secs as f64 / f64::from(ROUNDS))
        .max(Duration::from_millis(500));
    // (cases, wall, cpu) per contender.
    let mut totals = [(0u64, Duration::ZERO, Duration::ZERO); 3];
    let mut per_round: Vec<[f64; 3]> = Vec::new();
    for round in 0..ROUNDS {
        let mut rates = [0.0; 3];
        for (k, total) in totals.iter_mut().enumerate() {
            let options = Options {
                seed: seed + 100 + u64::from(round),
                jobs: if k == 2 { 2 } else { 1 },
                ..options(seed, slice, false)
            };
            // Each contender as a run of its own: nothing classified by the one before (the
            // two-job run's first job draws the one-job run's inputs).
            every.catalogue().forget_classifications();
            let (cost, summary) = match k {
                0 => steady(&alone, &campaign_alone, &options),
                _ => steady(&every, &campaign, &options),
            };
            total.0 += summary.cases;
            total.1 += summary.elapsed;
            total.2 += cost.cpu;
            rates[k] = summary.execs_per_second();
        }
        per_round.push(rates);
    }
    let names = [
        "reference alone (engine over no implementation)".to_owned(),
        format!("{} implementations + reference, 1 job", every.names().len()),
        format!(
            "{} implementations + reference, `--jobs 2`",
            every.names().len()
        ),
    ];
    println!(
        "| what | cases | seconds | execs/s | execs/s per CPU-second (all threads) | per round |"
    );
    println!("|---|---|---|---|---|---|");
    let rate = |k: usize| totals[k].0 as f64 / totals[k].1.as_secs_f64().max(1e-9);
    for (k, name) in names.iter().enumerate() {
        let rounds: Vec<String> = per_round.iter().map(|r| format!("{:.0}", r[k])).collect();
        println!(
            "| {name} | {} | {:.1} | {:.0} | {:.0} | {} |",
            totals[k].0,
            totals[k].1.as_secs_f64(),
            rate(k),
            totals[k].0 as f64 / totals[k].2.as_secs_f64().max(1e-9),
            rounds.join(", ")
        );
    }
    let spread = |a: usize, b: usize| {
        let ratios: Vec<f64> = per_round.iter().map(|r| r[a] / r[b].max(1e-9)).collect();
        let (lo, hi) = ratios
            .iter()
            .fold((f64::MAX, f64::MIN), |(lo, hi), &r| (lo.min(r), hi.max(r)));
        (lo, hi)
    };
    let (lo, hi) = spread(1, 0);
    println!(
        "\nEvery implementation against the reference alone: {:.3}x (rounds {lo:.3}x to {hi:.3}x).",
        rate(1) / rate(0)
    );
    let (lo, hi) = spread(2, 1);
    println!(
        "`--jobs 2` against one job: {:.2}x (rounds {lo:.2}x to {hi:.2}x) on {} cores.\n",
        rate(2) / rate(1),
        std::thread::available_parallelism().map_or(0, usize::from)
    );
    println!("jobs 2: {:.2}x\n", rate(2) / rate(1));
    for (dir, c) in [("alone", campaign_alone), ("loop", campaign)] {
        let c = c.into_inner().unwrap_or_else(|e| e.into_inner());
        if let Err(e) = c.write() {
            eprintln!("writing reports under {}: {e}", tmp.join(dir).display());
        }
    }
    rate(1)
}

/// The loop against its limit, side by side on the same cases. The limit of a differential
/// loop is the CPU its parsers spend: every implementation's answers and its own properties
/// on the case, the references' included (RFC 3986's on every case, and the URL Standard's
/// on a case whose operation a crate in the run claims the Standard for: the judge parses it
/// once per case, as the loop's `CaseMemo` does); everything else (generation, comparison,
/// classification, signatures, recording, the engine's bookkeeping) is the harness. For every
/// bundled implementation at once, then for each crate alone: an untimed first run of `n`
/// cases of the seed finds and shrinks what they show and notes the cases; then, in turns,
/// the loop runs the same `n` cases again (a seed always gives the same inputs) and the
/// implementations alone are timed on exactly those cases, on this thread.
fn against_the_limit(seed: u64, n: u64, tmp: &Path) {
    const ROUNDS: u32 = 5;
    println!(
        "## The loop against its limit ({n} cases of seed {seed}, {ROUNDS} rounds in turns, 1 job)\n"
    );
    // `None`: every bundled implementation; a name: that crate alone.
    let mut contenders: Vec<Option<String>> = vec![None];
    if knob("FUZZ_BENCH_LIMIT_ALONE", 1) != 0 {
        contenders.extend(
            impls::names()
                .into_iter()
                .filter(|n| n != "reference")
                .map(Some),
        );
    }
    let make = |only: &Option<String>| -> Vec<Box<dyn Implementation>> {
        match only {
            None => impls::bundled().into_iter().skip(1).collect(),
            Some(name) => impls::by_name(name).into_iter().collect(),
        }
    };
    let mut targets = Vec::new();
    for only in &contenders {
        let engine = engine_over(make(only));
        let dir = tmp.join(format!("limit-{}", only.as_deref().unwrap_or("all")));
        let _ = std::fs::create_dir_all(&dir);
        let campaign = Mutex::new(Campaign::new(&engine, dir));
        let trace = Arc::new(Mutex::new(Vec::new()));
        let first = Options {
            duration: None,
            cases: Some(n),
            trace: Some(Arc::clone(&trace)),
            ..options(seed, Duration::ZERO, false)
        };
        steady(&engine, &campaign, &first);
        let cases: Vec<Request> = std::mem::take(&mut *trace.lock().unwrap());
        let generation = Arc::new(std::sync::atomic::AtomicU64::new(0));
        let again = Options {
            trace: None,
            generation: Some(fuzz::GenerationClock {
                clock: thread_cpu_nanos,
                total: Arc::clone(&generation),
            }),
            ..first.clone()
        };
        let crates = make(only);
        // The cases a crate of the run claims the URL Standard for, whose parser is then that
        // crate's reference: decided here, outside the timed limit.
        let standard: Vec<bool> = cases
            .iter()
            .map(|case| {
                crates
                    .iter()
                    .any(|i| engine.catalogue().claims_url_standard(i.about().name, case))
            })
            .collect();
        let (mut loop_wall, mut loop_cpu, mut limit_cpu, mut looped) =
            (Duration::ZERO, Duration::ZERO, Duration::ZERO, 0);
        let mut rounds = Vec::new();
        // Per round: the harness other than generation as a share of an exec, and generation
        // in µs a case.
        let mut apart: Vec<(f64, f64)> = Vec::new();
        for _ in 0..ROUNDS {
            generation.store(0, Ordering::Relaxed);
            // Each round as a run of its own: nothing classified by the round before.
            engine.catalogue().forget_classifications();
            let (loop_cost, summary) = steady(&engine, &campaign, &again);
            let generated = Duration::from_nanos(generation.load(Ordering::Relaxed));
            loop_wall += summary.elapsed;
            loop_cpu += loop_cost.cpu;
            looped += summary.cases;
            let (cost, _) = time(|| {
                for (case, &standard) in cases.iter().zip(&standard) {
                    fuzz::parsers_alone(case, standard, crates.iter().map(|i| &**i));
                }
            });
            limit_cpu += cost.cpu;
            let per_case = |d: Duration, n: usize| d.as_secs_f64() / n.max(1) as f64;
            let exec = per_case(loop_cost.cpu, summary.cases as usize);
            let generating = per_case(generated, summary.cases as usize);
            rounds.push(per_case(cost.cpu, cases.len()) / exec);
            apart.push((
                (exec - per_case(cost.cpu, cases.len()) - generating) / exec,
                generating * 1e6,
            ));
        }
        // Both sides in CPU seconds: the limit is timed on one thread, and the loop's two
        // threads (the job's and the executor's) take turns, so its CPU time is what the
        // harness and the parsers cost, not what other processes took from it. The loop's
        // wall-clock rate is given beside.
        let loop_rate = looped as f64 / loop_cpu.as_secs_f64().max(1e-9);
        let wall_rate = looped as f64 / loop_wall.as_secs_f64().max(1e-9);
        let limit_rate =
            (cases.len() as f64 * f64::from(ROUNDS)) / limit_cpu.as_secs_f64().max(1e-9);
        let share = 1.0 - loop_rate / limit_rate;
        let prefix = only
            .as_deref()
            .map_or(String::new(), |name| format!("{name} alone: "));
        println!(
            "{prefix}limit: {limit_rate:.0} execs/s; loop: {loop_rate:.0} execs/s ({:.2}x of the limit); harness share: {:.0}% (rounds {}; wall-clock {wall_rate:.0} execs/s)",
            loop_rate / limit_rate,
            100.0 * share,
            rounds
                .iter()
                .map(|r| format!("{r:.2}x"))
                .collect::<Vec<_>>()
                .join(", ")
        );
        targets.push((only.clone(), median(&rounds), apart));
    }
    println!();
    restated_targets(&targets);
}

/// The median of some numbers (the mean of the middle two for an even count).
fn median(values: &[f64]) -> f64 {
    let mut sorted = values.to_vec();
    sorted.sort_by(f64::total_cmp);
    let n = sorted.len();
    match n {
        0 => f64::NAN,
        _ if n % 2 == 1 => sorted[n / 2],
        _ => (sorted[n / 2 - 1] + sorted[n / 2]) / 2.0,
    }
}

/// One line's measurements: the crate alone (`None` for every bundled crate at once), the
/// median of the rounds' loop-to-limit ratios, and each round's harness share of an exec
/// (generation apart) and generation time in µs a case.
type Target = (Option<String>, f64, Vec<(f64, f64)>);

/// The loop's targets, restated as medians of the rounds taken side by side: over every
/// bundled crate with one job, the loop at 0.8x of its limit or more; for each crate alone,
/// generation counted apart from the harness (the generator is the work a fuzzer must do to
/// have a case), the rest of the harness at most 40% of an exec and generation at most 1 µs a
/// case. Where a target is not met, the line says what stands in the way.
fn restated_targets(targets: &[Target]) {
    const LOOP: f64 = 0.8;
    const HARNESS: f64 = 0.4;
    const GENERATION_US: f64 = 1.0;
    let verdict = |met: bool| if met { "met" } else { "NOT met" };
    println!(
        "Targets, as the median of the rounds above:
"
    );
    println!("```text");
    for (only, ratio, apart) in targets {
        let rounds = |values: Vec<f64>, unit: &dyn Fn(f64) -> String| {
            values
                .iter()
                .map(|&v| unit(v))
                .collect::<Vec<_>>()
                .join(", ")
        };
        match only {
            None => println!(
                "every implementation, one job: the loop at {ratio:.2}x of its limit, median of {} rounds (target >= {LOOP:.1}x): {}",
                apart.len(),
                verdict(*ratio >= LOOP)
            ),
            Some(name) => {
                let harness: Vec<f64> = apart.iter().map(|a| a.0).collect();
                let generation: Vec<f64> = apart.iter().map(|a| a.1).collect();
                let (h, g) = (median(&harness), median(&generation));
                let why = if g > GENERATION_US {
                    " (generation: a case is built as a syntax tree from random bytes, rendered and mutated, and one case in four comes from mutating a corpus entry's bytes; the crate's own limit is beside it)"
                } else {
                    ""
                };
                println!(
                    "{name} alone: the harness but generation {:.0}% of an exec (target <= {:.0}%): {}; generation {g:.2} µs a case (target <= {GENERATION_US:.1} µs): {}{why} (rounds {}; {})",
                    100.0 * h,
                    100.0 * HARNESS,
                    verdict(h <= HARNESS),
                    verdict(g <= GENERATION_US),
                    rounds(harness, &|v| format!("{:.0}%", 100.0 * v)),
                    rounds(generation, &|v| format!("{v:.2} µs")),
                );
            }
        }
    }
    println!("```\n");
}

/// The libFuzzer targets `diff_parse` and `reference_props` side by side, when they are built
/// (`cargo fuzz build -s none` in fuzz/, or the directory `FUZZ_BENCH_LIBFUZZER_DIR`;
/// `FUZZ_BENCH_LIBFUZZER_SECS`, 0 to skip): each run in turns from an empty corpus, its execs/s
/// as libFuzzer reports them.
fn libfuzzer(secs: u64, tmp: &Path) {
    let dir = libfuzzer_dir();
    let targets = ["diff_parse", "reference_props"];
    if secs == 0 || !targets.iter().all(|t| dir.join(t).is_file()) {
        println!(
            "## libFuzzer targets\n\nNot built under {} (skipped).\n",
            dir.display()
        );
        return;
    }
    // `diff_parse` over every implementation, then over each alone (URI_CONFORMANCE_IMPLS),
    // and `reference_props`, taken in turns.
    let mut contenders: Vec<(String, &str, Option<String>)> = vec![
        ("`reference_props`".to_owned(), "reference_props", None),
        (
            "`diff_parse`, every implementation".to_owned(),
            "diff_parse",
            None,
        ),
    ];
    for name in impls::names().into_iter().filter(|n| n != "reference") {
        contenders.push((
            format!("`diff_parse`, {name} alone"),
            "diff_parse",
            Some(name),
        ));
    }
    println!("## libFuzzer targets, side by side ({secs} s each, in turns, one process each)\n");
    println!("| target | round 1 execs/s | round 2 execs/s | against `reference_props` |");
    println!("|---|---|---|---|");
    let mut rates = vec![Vec::new(); contenders.len()];
    for _round in 0..2 {
        for (k, (_, target, only)) in contenders.iter().enumerate() {
            let label = only.as_deref().unwrap_or("all");
            let corpus = tmp.join(format!("corpus-{target}-{label}"));
            let _ = std::fs::create_dir_all(&corpus);
            let mut command = std::process::Command::new(dir.join(target));
            command
                .arg(&corpus)
                .arg(format!("-max_total_time={secs}"))
                .arg("-print_final_stats=1")
                .env(
                    "URI_CONFORMANCE_REPORTS",
                    tmp.join(format!("reports-{target}-{label}")),
                )
                .env("URI_CONFORMANCE_IMPLS", only.as_deref().unwrap_or(""));
            // libFuzzer's own figure (`-print_final_stats=1`): runs over the whole time.
            let rate = command.output().ok().and_then(|o| {
                let text = String::from_utf8_lossy(&o.stderr).into_owned();
                text.lines()
                    .find_map(|l| l.strip_prefix("stat::average_exec_per_sec:"))?
                    .trim()
                    .parse::<f64>()
                    .ok()
            });
            rates[k].push(rate.unwrap_or(0.0));
        }
    }
    for (k, (label, _, _)) in contenders.iter().enumerate() {
        let ratio: Vec<String> = (0..2)
            .map(|r| format!("{:.3}x", rates[k][r] / rates[0][r].max(1e-9)))
            .collect();
        println!(
            "| {label} | {:.0} | {:.0} | {} |",
            rates[k][0],
            rates[k][1],
            ratio.join(", ")
        );
    }
    println!();
}

/// CPU time of the children of this process that have been waited for.
#[cfg(unix)]
fn children_cpu_time() -> Duration {
    // SAFETY: an all-zero rusage is a valid value, and getrusage writes one through the pointer.
    let mut usage: libc::rusage = unsafe { std::mem::zeroed() };
    // SAFETY: as above.
    if unsafe { libc::getrusage(libc::RUSAGE_CHILDREN, &mut usage) } != 0 {
        return Duration::ZERO;
    }
    let time = |t: libc::timeval| Duration::new(t.tv_sec as u64, t.tv_usec as u32 * 1000);
    time(usage.ru_utime) + time(usage.ru_stime)
}

#[cfg(not(unix))]
fn children_cpu_time() -> Duration {
    Duration::ZERO
}

/// The libFuzzer target `diff_parse` against its limit: `limit_parse` (the same generation,
/// then the parsers alone, their CPU time counted in the process) and `diff_parse` run in
/// turns with `-runs=0` over one fixed corpus of `k` inputs drawn as the stable loop draws
/// them, each process's CPU time less that of a run over an empty corpus (start-up). Both
/// are built by `cargo fuzz build -s none -O` in fuzz/ (or are in `FUZZ_BENCH_LIBFUZZER_DIR`).
/// The share of an exec is split into what `limit_parse` spends besides the parsers
/// (libFuzzer's own work on each input, generation) and what `diff_parse` spends beyond
/// `limit_parse` (the engine).
fn libfuzzer_against_the_limit(seed: u64, k: u64, tmp: &Path) {
    let dir = libfuzzer_dir();
    let targets = ["limit_parse", "diff_parse"];
    if k == 0 {
        return;
    }
    if !targets.iter().all(|t| dir.join(t).is_file()) {
        println!(
            "## libFuzzer `diff_parse` against its limit\n\n`limit_parse` or `diff_parse` not built under {} (skipped).\n",
            dir.display()
        );
        return;
    }
    let corpus = tmp.join("limit-corpus");
    let empty = tmp.join("limit-empty");
    let _ = std::fs::create_dir_all(&corpus);
    let _ = std::fs::create_dir_all(&empty);
    let mut rng = Rng(seed ^ 0x11B);
    for n in 0..k {
        let _ = std::fs::write(corpus.join(format!("{n:06}")), rng.input());
    }
    // One run of `target` over `inputs` with `only` selected: its CPU time, and the limit
    // target's count of parser nanoseconds and cases.
    let run = |target: &str, inputs: &Path, only: &str| -> (Duration, Option<(u64, u64)>) {
        let before = children_cpu_time();
        let output = std::process::Command::new(dir.join(target))
            .arg(inputs)
            .arg("-runs=0")
            .env("URI_CONFORMANCE_REPORTS", tmp.join("limit-reports"))
            .env("URI_CONFORMANCE_IMPLS", only)
            .output();
        let cpu = children_cpu_time().saturating_sub(before);
        let counted = output.ok().and_then(|o| {
            let text = String::from_utf8_lossy(&o.stderr).into_owned();
            let field = |name: &str| -> Option<u64> {
                text.lines()
                    .find_map(|l| l.strip_prefix(name))?
                    .trim()
                    .parse()
                    .ok()
            };
            Some((field("limit::parser_nanos:")?, field("limit::cases:")?))
        });
        (cpu, counted)
    };
    let mut contenders = vec![("every implementation".to_owned(), String::new())];
    for name in impls::names().into_iter().filter(|n| n != "reference") {
        contenders.push((format!("{name} alone"), name));
    }
    const ROUNDS: usize = 2;
    println!(
        "## libFuzzer `diff_parse` against its limit ({k} inputs, `-runs=0`, {ROUNDS} rounds in turns, CPU time)\n"
    );
    println!("```");
    for (label, only) in &contenders {
        let (mut parsers, mut limit_target, mut diff_target, mut cases) =
            (0.0f64, 0.0f64, 0.0f64, 0u64);
        let mut ratios = Vec::new();
        for _ in 0..ROUNDS {
            let (start_limit, _) = run("limit_parse", &empty, only);
            let (cpu_limit, counted) = run("limit_parse", &corpus, only);
            let (start_diff, _) = run("diff_parse", &empty, only);
            let (cpu_diff, _) = run("diff_parse", &corpus, only);
            let Some((nanos, n)) = counted else {
                continue;
            };
            let per = |d: Duration| d.as_secs_f64() / n.max(1) as f64;
            let round_parsers = nanos as f64 / 1e9 / n.max(1) as f64;
            let round_diff = per(cpu_diff.saturating_sub(start_diff));
            parsers += round_parsers;
            limit_target += per(cpu_limit.saturating_sub(start_limit));
            diff_target += round_diff;
            cases = n;
            ratios.push(format!("{:.2}x", round_parsers / round_diff.max(1e-12)));
        }
        if ratios.is_empty() {
            println!("diff_parse, {label}: the limit target printed no count (skipped)");
            continue;
        }
        let rounds = ratios.len() as f64;
        let (parsers, limit_target, diff_target) = (
            parsers / rounds,
            limit_target / rounds,
            diff_target / rounds,
        );
        println!(
            "diff_parse, {label}: limit: {:.0} execs/s; target: {:.0} execs/s ({:.2}x of the limit; rounds {}); of an exec: libFuzzer and generation {:.0}%, the engine {:.0}% ({cases} cases)",
            1.0 / parsers.max(1e-12),
            1.0 / diff_target.max(1e-12),
            parsers / diff_target.max(1e-12),
            ratios.join(", "),
            100.0 * (limit_target - parsers).max(0.0) / diff_target.max(1e-12),
            100.0 * (diff_target - limit_target).max(0.0) / diff_target.max(1e-12),
        );
    }
    println!("```\n");
}

/// Where the libFuzzer targets are built.
fn libfuzzer_dir() -> PathBuf {
    std::env::var_os("FUZZ_BENCH_LIBFUZZER_DIR").map_or_else(
        || {
            Path::new(env!("CARGO_MANIFEST_DIR"))
                .join("fuzz/target/x86_64-unknown-linux-gnu/release")
        },
        PathBuf::from,
    )
}

fn breakdown(seed: u64, n: usize, tmp: &Path, (loop_rate, loop_secs): (f64, u64)) {
    println!("## Where an exec's time goes ({n} generated cases, seed {seed}, one core)\n");
    let mut rng = Rng(seed ^ 0x5EED);
    let (t_gen, cases) = time(|| (0..n).map(|_| rng.case()).collect::<Vec<_>>());
    let (t_props, _) = time(|| {
        for case in &cases {
            black_box(fuzz::reference_properties(case));
        }
    });
    let all = impls::bundled();
    // Each implementation directly, on this thread; a panic inside a crate is caught as the
    // engine catches it (a `catch_unwind` costs next to nothing when nothing panics).
    let mut t_impls = Vec::new();
    let mut answers: Vec<Vec<Outcome>> = Vec::new();
    for implementation in &all {
        let (t, outcomes) = time(|| {
            cases
                .iter()
                .map(|c| answer_catching(&**implementation, c))
                .collect::<Vec<_>>()
        });
        t_impls.push((implementation.about().name.to_owned(), t));
        answers.push(outcomes);
    }
    // Each implementation's own properties on its answers, as the engine checks them: more
    // calls into the crate (serialize, parse again, normalize again).
    let t_own_each: Vec<(String, Cost)> = all
        .iter()
        .zip(&answers)
        .skip(1)
        .map(|(implementation, outcomes)| {
            let (t, _) = time(|| {
                for (case, outcome) in cases.iter().zip(outcomes) {
                    black_box(properties::check(&**implementation, case, outcome));
                }
            });
            (implementation.about().name.to_owned(), t)
        })
        .collect();
    let t_own = t_own_each
        .iter()
        .fold(Cost::default(), |total, (_, t)| total + *t);
    let t_impl_total = t_impls
        .iter()
        .fold(Cost::default(), |total, (_, t)| total + *t)
        + t_own;
    // Comparison, classification and signature on the answers above, as the engine does them
    // (without the engine's re-asking for the culprit of a rejected valid input).
    let catalogue = Catalogue::bundled();
    let expected = &answers[0];
    let (t_compare, differences) = time(|| {
        let mut differences = Vec::new();
        for (j, (implementation, outcomes)) in all.iter().zip(&answers).enumerate().skip(1) {
            for (i, case) in cases.iter().enumerate() {
                if let Some(difference) = compare::compare(
                    case,
                    &expected[i],
                    &outcomes[i],
                    implementation.blind_spots(),
                ) {
                    differences.push((j, i, difference));
                }
            }
        }
        differences
    });
    let (t_classify, known) = time(|| {
        differences
            .iter()
            .filter(|(j, i, difference)| {
                let name = all[*j].about().name;
                let (case, actual) = (&cases[*i], &answers[*j][*i]);
                catalogue
                    .classify(
                        name,
                        all[*j].blind_spots(),
                        case,
                        difference,
                        &expected[*i],
                        actual,
                    )
                    .is_some()
            })
            .count()
    });
    let (t_signature, _) = time(|| {
        for (j, i, difference) in &differences {
            black_box(Signature::of(all[*j].about().name, &cases[*i], difference).id());
        }
    });
    let t_cmp = t_compare + t_classify + t_signature;
    let differences = differences.len();
    // The engine as the loop calls it: batches, the executor, the reference's answer,
    // comparison, classification, signatures, culprits.
    let engine = engine_over(impls::bundled());
    // Once untimed, the runs kept for the campaign below; then timed, each batch's runs dropped
    // as the loop drops them (timing 20,000 kept runs would time the first touch of their
    // memory, about 15 µs a case).
    let runs: Vec<_> = cases
        .chunks(BATCH)
        .flat_map(|chunk| engine.run_all(chunk))
        .collect();
    let (t_engine, _) = time(|| {
        for chunk in cases.chunks(BATCH) {
            black_box(engine.run_all(chunk));
        }
    });
    let findings: usize = runs.iter().map(|r| r.findings.len()).sum();
    let rejects_valid = runs
        .iter()
        .flat_map(|r| &r.findings)
        .filter(|f| f.difference.kind == DifferenceKind::RejectsValid)
        .count();
    // The campaign: the first pass shrinks every new signature, the second only counts.
    let mut campaign = Campaign::new(&engine, tmp.join("breakdown"));
    let (t_record_first, new) = time(|| {
        runs.iter()
            .map(|r| campaign.record(r, "bench").len())
            .sum::<usize>()
    });
    let (t_record, _) = time(|| {
        for run in &runs {
            campaign.record(run, "bench");
        }
    });

    println!("| part | wall µs/case | CPU µs/case | share of an exec (CPU) |");
    println!("|---|---|---|---|");
    let exec = t_gen + t_props + t_engine + t_record;
    let row = |name: &str, t: Cost| {
        println!(
            "| {name} | {:.2} | {:.2} | {:.1}% |",
            us(t.wall, n),
            us(t.cpu, n),
            100.0 * ratio(t.cpu, exec.cpu)
        );
    };
    row("generation (bytes + `case_from_bytes`)", t_gen);
    row("reference properties", t_props);
    for (name, t) in &t_impls {
        row(&format!("implementation: {name}"), *t);
    }
    row(
        "the implementations' own properties (`properties::check`: more calls into the crates)",
        t_own,
    );
    for (name, t) in &t_own_each {
        row(&format!("— of which {name}'s"), *t);
    }
    row(
        &format!("comparison (`compare::compare`, {differences} differences)"),
        t_compare,
    );
    row(
        &format!("classification (`Catalogue::classify`, {known} known)"),
        t_classify,
    );
    row("signature (`Signature::of` + `id`)", t_signature);
    let engine_rest = t_engine.minus(t_impl_total + t_cmp);
    row(
        &format!(
            "engine, the rest (the reference's answer, hand-over to the executor, deadlines, panic guards, moves, culprit re-asks for {rejects_valid} rejected valid inputs)"
        ),
        engine_rest,
    );
    row(
        &format!("campaign record, steady state ({findings} findings, all signatures known)"),
        t_record,
    );
    println!(
        "| **exec, sum of the parts** ({:.0} execs/s by wall clock, {:.0} by CPU; the {loop_secs} s loop ran at {loop_rate:.0}) | {:.2} | {:.2} | 100% |",
        n as f64 / exec.wall.as_secs_f64(),
        n as f64 / exec.cpu.as_secs_f64().max(1e-12),
        us(exec.wall, n),
        us(exec.cpu, n)
    );
    println!();
    let overhead = t_gen + t_cmp + t_record;
    let with_engine = overhead + engine_rest;
    println!(
        "| harness overhead | wall µs/case | CPU µs/case | of an exec (wall) | of an exec (CPU) | of the implementations' time (CPU) |"
    );
    println!("|---|---|---|---|---|---|");
    for (name, t) in [
        (
            "generation + comparison + classification + signature + recording",
            overhead,
        ),
        ("the same + the engine's other costs", with_engine),
    ] {
        println!(
            "| {name} | {:.2} | {:.2} | {:.3} | {:.3} | {:.3} |",
            us(t.wall, n),
            us(t.cpu, n),
            ratio(t.wall, exec.wall),
            ratio(t.cpu, exec.cpu),
            ratio(t.cpu, t_impl_total.cpu),
        );
    }
    println!(
        "\nThe implementations themselves (reference included): {:.2} µs/case of CPU. The first \
         recording pass, which shrinks {new} new signatures: {:.2} µs/case wall, {:.2} CPU.\n",
        us(t_impl_total.cpu, n),
        us(t_record_first.wall, n),
        us(t_record_first.cpu, n),
    );
}

fn cell(text: &str) -> String {
    let short: String = text.chars().take(70).collect();
    let short = if short.len() < text.len() {
        format!("{short}…")
    } else {
        short
    };
    format!("`{}`", short.replace('|', "\\|").replace('`', "'"))
}

fn describe(case: &Request) -> String {
    match case {
        Request::Parse { input, rule, .. } => format!(
            "parse {}{input:?}",
            rule.as_ref()
                .map_or(String::new(), |r| format!("--rule {} ", r.name()))
        ),
        Request::Resolve { base, input, .. } => format!("resolve {base:?} {input:?}"),
        Request::Normalize { input, level } => {
            format!(
                "normalize {}{input:?}",
                level.map_or(String::new(), |l| format!("({}) ", l.name()))
            )
        }
    }
}

fn planted_runs(seed: u64, cap: u64, tmp: &Path) {
    println!(
        "## Time to the first candidate bug, per planted fault (the loop against that implementation alone, 1 job, seed {seed}, ops all, cap {cap} s)\n"
    );
    println!("| planted | inputs | found | seconds | cases | signature | case |");
    println!("|---|---|---|---|---|---|---|");
    for index in 0..planted::all().len() {
        for raw_bytes in [false, true] {
            let implementation = planted::all().swap_remove(index);
            let name = implementation.about().name.to_owned();
            let engine = engine_over(vec![implementation]);
            let dir = tmp.join(format!(
                "{name}-{}",
                if raw_bytes { "raw" } else { "grammar" }
            ));
            let summary = run_loop(
                &engine,
                &dir,
                &options(seed, Duration::from_secs(cap), raw_bytes),
                true,
            );
            let inputs = if raw_bytes { "random bytes" } else { "grammar" };
            match &summary.first_candidate_bug {
                Some(first) => println!(
                    "| {name} | {inputs} | yes | {:.3} | {} | {} | {} |",
                    first.after.as_secs_f64(),
                    first.cases,
                    cell(first.signature.split_once('/').map_or("", |(_, id)| id)),
                    cell(&describe(&first.case)),
                ),
                None => println!(
                    "| {name} | {inputs} | no | > {cap} | {} | | |",
                    summary.cases
                ),
            }
        }
    }
    println!();
}

fn main() {
    // `cargo bench` passes `--bench`; a name filter is ignored.
    let seed = knob("FUZZ_BENCH_SEED", 1);
    let loop_secs = knob("FUZZ_BENCH_LOOP_SECS", 10);
    let cap = knob("FUZZ_BENCH_CAP_SECS", 60);
    let n = knob("FUZZ_BENCH_CASES", 20_000) as usize;
    let tmp: PathBuf =
        std::env::temp_dir().join(format!("uri-conformance-fuzz-bench-{}", std::process::id()));
    // One answer first, so that nothing set up lazily is timed.
    black_box(Reference.answer(&Rng(0).case()));
    let load = || {
        std::fs::read_to_string("/proc/loadavg")
            .map(|l| l.split_whitespace().take(3).collect::<Vec<_>>().join(" "))
            .unwrap_or_else(|_| "unknown".to_owned())
    };
    let cores = std::thread::available_parallelism().map_or(0, usize::from);
    println!(
        "{cores} cores; load average before: {} (other processes share the machine)\n",
        load()
    );
    let keep_or_remove = |tmp: &Path| {
        if std::env::var_os("FUZZ_BENCH_KEEP").is_some() {
            println!("reports kept under {}", tmp.display());
        } else {
            let _ = std::fs::remove_dir_all(tmp);
        }
    };
    if knob("FUZZ_BENCH_PLANTED_ONLY", 0) != 0 {
        planted_runs(seed, cap, &tmp);
        println!("Load average after: {}", load());
        keep_or_remove(&tmp);
        return;
    }
    against_the_limit(seed, knob("FUZZ_BENCH_LIMIT_CASES", 20_000), &tmp);
    libfuzzer_against_the_limit(seed, knob("FUZZ_BENCH_LIBFUZZER_LIMIT_CASES", 20_000), &tmp);
    if knob("FUZZ_BENCH_LIMIT_ONLY", 0) != 0 {
        println!("Load average after: {}", load());
        let _ = std::fs::remove_dir_all(&tmp);
        return;
    }
    let rate = throughput(seed, loop_secs, &tmp);
    breakdown(seed, n, &tmp, (rate, loop_secs));
    libfuzzer(knob("FUZZ_BENCH_LIBFUZZER_SECS", 10), &tmp);
    planted_runs(seed, cap, &tmp);
    println!("Load average after: {}", load());
    keep_or_remove(&tmp);
}
