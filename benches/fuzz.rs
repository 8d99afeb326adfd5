//! The fuzz loop's speed and power, on one core. `cargo bench --bench fuzz` prints Markdown:
//!
//! 1. throughput in execs/s: the reference alone (generation and its properties), and the whole
//!    stable loop over every bundled implementation;
//! 2. where an exec's time goes: generation, the reference's properties, each implementation,
//!    the engine's comparison, classification and signatures, the campaign's bookkeeping;
//! 3. for each planted fault (`src/impls/planted.rs`): the time until the loop, run against
//!    that implementation alone, first records a candidate-bug signature, with the
//!    grammar-aware generator and with plain random bytes.
//!
//! Knobs (environment): `FUZZ_BENCH_LOOP_SECS` (10), `FUZZ_BENCH_CAP_SECS` (60),
//! `FUZZ_BENCH_SEED` (1), `FUZZ_BENCH_CASES` (20000, for the breakdown), `FUZZ_BENCH_KEEP`
//! (keep the reports written under the temporary directory).

use std::hint::black_box;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};
use uri_conformance::fuzz::Rng;

use uri_conformance::campaign::Campaign;
use uri_conformance::diff::run::answer_catching;
use uri_conformance::diff::{Catalogue, DifferenceKind, Engine, Signature, compare};
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

fn throughput(seed: u64, loop_secs: u64, tmp: &Path) -> f64 {
    println!("## Throughput (one core)\n");
    println!("| what | cases | seconds | execs/s | execs/s by CPU time (all threads) |");
    println!("|---|---|---|---|---|");
    // The reference alone: generation and the reference's own properties.
    let mut rng = Rng(seed);
    let (cost, cases) = time(|| {
        let start = Instant::now();
        let mut cases = 0u64;
        while start.elapsed() < Duration::from_secs(loop_secs.min(5)) {
            for _ in 0..256 {
                let case = rng.case();
                black_box(fuzz::reference_properties(&case));
                cases += 1;
            }
        }
        cases
    });
    println!(
        "| reference alone: generation + `reference_properties` | {cases} | {:.1} | {:.0} | {:.0} |",
        cost.wall.as_secs_f64(),
        cases as f64 / cost.wall.as_secs_f64(),
        cases as f64 / cost.cpu.as_secs_f64().max(1e-12),
    );
    // The whole loop over every bundled implementation.
    let engine = engine_over(impls::bundled());
    let (cost, summary) = time(|| {
        run_loop(
            &engine,
            &tmp.join("loop"),
            &options(seed, Duration::from_secs(loop_secs), false),
            false,
        )
    });
    // The CPU time includes writing the reports after the loop.
    println!(
        "| stable loop, {} implementations + reference (`fuzz::run`, 1 job, seed {seed}, ops all, batch {BATCH}); {} new signatures, {} of them candidate bugs | {} | {:.1} | {:.0} | {:.0} |",
        engine.names().len(),
        summary.signatures,
        summary.candidate_bugs,
        summary.cases,
        summary.elapsed.as_secs_f64(),
        summary.execs_per_second(),
        summary.cases as f64 / cost.cpu.as_secs_f64().max(1e-12),
    );
    println!();
    summary.execs_per_second()
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
    let t_impl_total = t_impls
        .iter()
        .fold(Cost::default(), |total, (_, t)| total + *t);
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
    // The engine as the loop calls it: batches, worker threads, the reference's answer,
    // comparison, classification, signatures, culprits.
    let engine = engine_over(impls::bundled());
    let (t_engine, runs) = time(|| {
        cases
            .chunks(BATCH)
            .flat_map(|chunk| engine.run_all(chunk))
            .collect::<Vec<_>>()
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
            .map(|r| campaign.record(r, "bench"))
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
            "engine, the rest (hand-over to worker threads, panic guards, copies, culprit re-asks for {rejects_valid} rejected valid inputs)"
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
            rule.as_deref()
                .map_or(String::new(), |r| format!("--rule {r} "))
        ),
        Request::Resolve { base, input, .. } => format!("resolve {base:?} {input:?}"),
        Request::Normalize { input, level } => {
            format!(
                "normalize {}{input:?}",
                level
                    .as_deref()
                    .map_or(String::new(), |l| format!("({l}) "))
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
    let rate = throughput(seed, loop_secs, &tmp);
    breakdown(seed, n, &tmp, (rate, loop_secs));
    planted_runs(seed, cap, &tmp);
    println!("Load average after: {}", load());
    if std::env::var_os("FUZZ_BENCH_KEEP").is_some() {
        println!("reports kept under {}", tmp.display());
    } else {
        let _ = std::fs::remove_dir_all(&tmp);
    }
}
