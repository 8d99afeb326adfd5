//! What the three differential targets share: one engine over every bundled implementation,
//! one campaign that deduplicates findings by signature and shrinks new ones, and the reports
//! it writes.
//!
//! A difference between an implementation and the reference is a finding, not a crash: it is
//! recorded and written as a report, and the fuzzer goes on. A panic inside a third-party crate
//! is caught by the engine (its panic hook wraps libFuzzer's aborting one and keeps quiet about
//! panics inside implementations), so it too becomes a finding. Only a panic of the reference or
//! of the harness aborts.
//!
//! Every implementation is called in libFuzzer's own thread (`Engine::in_thread`), with no
//! hand-over: a case that hangs is caught by libFuzzer's `-timeout`, which saves the input. A
//! case on which every answer is the reference's takes no lock and writes nothing.

// Each target uses one part: the differential ones `run`, the limit ones `limit`.
#![allow(dead_code)]

use std::ffi::c_int;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex, OnceLock};
use std::time::{Duration, Instant};

use libfuzzer_sys::Corpus;
use uri_conformance::campaign::Campaign;
use uri_conformance::diff::{Catalogue, Engine};
use uri_conformance::generate::{self, Op};
use uri_conformance::impls::{self, Implementation};

/// How often reports are rewritten when only the counts of known signatures changed; a new
/// signature is written at once.
const WRITE_EVERY: Duration = Duration::from_secs(5);

/// The environment variable that names the reports directory.
const REPORTS_VAR: &str = "URI_CONFORMANCE_REPORTS";

/// The environment variable that picks implementations (`url,http`): one crate alone runs
/// several times faster, so its deep behaviours come within a run's reach. Every bundled
/// implementation when unset or empty.
const IMPLS_VAR: &str = "URI_CONFORMANCE_IMPLS";

/// Where reports go: `$URI_CONFORMANCE_REPORTS`, or else the repository's `reports/` (`../reports`
/// from this crate) when the repository is there. A binary copied elsewhere (OSS-Fuzz,
/// ClusterFuzzLite) without the variable keeps no reports: it still runs every case through
/// the engine, so a panic of the reference or a memory error is still caught.
fn reports_dir() -> Option<PathBuf> {
    if let Some(dir) = std::env::var_os(REPORTS_VAR).filter(|d| !d.is_empty()) {
        return Some(PathBuf::from(dir));
    }
    let repository = Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
    repository
        .join("Cargo.toml")
        .is_file()
        .then(|| repository.join("reports"))
}

/// The campaign, with what is needed to write it now and then.
struct Sink {
    campaign: Campaign<'static>,
    dir: PathBuf,
    source: String,
    /// Whether counts changed since the last write.
    dirty: bool,
    last_write: Instant,
    /// Whether a failed write was reported already (once is enough).
    warned: bool,
}

impl Sink {
    fn write(&mut self) {
        self.dirty = false;
        self.last_write = Instant::now();
        if let Err(e) = self.campaign.write()
            && !self.warned
        {
            eprintln!(
                "uri-conformance: cannot write reports under {}: {e}",
                self.dir.display()
            );
            self.warned = true;
        }
    }
}

fn engine() -> &'static Engine {
    static ENGINE: OnceLock<Engine> = OnceLock::new();
    ENGINE.get_or_init(|| {
        let wanted: Vec<String> = std::env::var(IMPLS_VAR)
            .unwrap_or_default()
            .split(',')
            .map(|name| name.trim().to_owned())
            .filter(|name| !name.is_empty())
            .collect();
        for name in &wanted {
            assert!(
                impls::by_name(name).is_some(),
                "{IMPLS_VAR}: unknown implementation {name:?} (this build has: {})",
                impls::names().join(", ")
            );
        }
        let implementations: Vec<Arc<dyn Implementation>> = impls::bundled()
            .into_iter()
            .filter(|i| wanted.is_empty() || wanted.iter().any(|w| w == i.about().name))
            .map(Arc::from)
            .collect();
        // Every implementation called straight in libFuzzer's thread: a hang is libFuzzer's
        // `-timeout` to catch (it saves the input), a panic the engine's.
        Engine::in_thread(implementations, Catalogue::bundled())
    })
}

static SINK: OnceLock<Option<Mutex<Sink>>> = OnceLock::new();

fn sink(target: &str) -> Option<&'static Mutex<Sink>> {
    SINK.get_or_init(|| {
        let Some(dir) = reports_dir() else {
            eprintln!("uri-conformance: no reports directory (set {REPORTS_VAR} to keep findings)");
            return None;
        };
        eprintln!("uri-conformance: findings go to {}", dir.display());
        // libFuzzer leaves by exit() when -max_total_time or -runs is reached: write the last
        // counts then.
        // SAFETY: `atexit` takes a function with C linkage and no arguments, which
        // `flush_at_exit` is.
        unsafe {
            atexit(flush_at_exit);
        }
        Some(Mutex::new(Sink {
            campaign: Campaign::new(engine(), dir.clone()),
            dir,
            source: format!("libfuzzer {target}"),
            dirty: false,
            last_write: Instant::now(),
            warned: false,
        }))
    })
    .as_ref()
}

unsafe extern "C" {
    fn atexit(callback: extern "C" fn()) -> c_int;
}

extern "C" fn flush_at_exit() {
    if let Some(Some(sink)) = SINK.get()
        && let Ok(mut sink) = sink.try_lock()
        && sink.dirty
    {
        sink.write();
    }
}

/// One fuzzer input through the engine as a case for `op`; its findings into the campaign.
pub fn run(data: &[u8], op: Op, target: &str) -> Corpus {
    let Some(case) = generate::case_from_bytes(data, &[op]) else {
        return Corpus::Reject;
    };
    let run = engine().run(&case);
    // Every answer the reference's: nothing to record, no lock to take.
    if run.findings.is_empty() {
        return Corpus::Keep;
    }
    let Some(sink) = sink(target) else {
        return Corpus::Keep;
    };
    let mut guard = sink.lock().unwrap_or_else(|e| e.into_inner());
    let sink = &mut *guard;
    let new = sink.campaign.record(&run, &sink.source);
    if !new.is_empty() {
        sink.write();
    } else {
        sink.dirty |= !run.findings.is_empty();
        if sink.dirty && sink.last_write.elapsed() >= WRITE_EVERY {
            sink.write();
        }
    }
    Corpus::Keep
}

/// What the parsers alone spend on one fuzzer input, the differential targets' limit
/// (`uri_conformance::fuzz::parsers_alone` over the selected implementations). The case is
/// made, and the Standard's claim decided, outside the timed region, since both are harness.
/// The totals are printed at exit (`limit::parser_nanos`, this thread's CPU time, and
/// `limit::cases`), for `cargo bench --bench fuzz` to set beside the `diff_*` target run on
/// the same inputs.
pub fn limit(data: &[u8], op: Op) -> Corpus {
    let Some(case) = generate::case_from_bytes(data, &[op]) else {
        return Corpus::Reject;
    };
    let engine = engine();
    let standard = engine
        .implementations()
        .any(|i| engine.catalogue().claims_url_standard(i.about().name, &case));
    let start = thread_cpu_nanos();
    uri_conformance::fuzz::parsers_alone(&case, standard, engine.implementations());
    let spent = thread_cpu_nanos().saturating_sub(start);
    if LIMIT_CASES.fetch_add(1, Ordering::Relaxed) == 0 {
        // SAFETY: as for `flush_at_exit`.
        unsafe {
            atexit(print_limit_at_exit);
        }
    }
    LIMIT_NANOS.fetch_add(spent, Ordering::Relaxed);
    Corpus::Keep
}

/// The CPU time of this thread, in nanoseconds: CPU, like the bench's measure of the targets,
/// so that other processes' load does not count as the parsers'.
fn thread_cpu_nanos() -> u64 {
    let mut ts = libc::timespec {
        tv_sec: 0,
        tv_nsec: 0,
    };
    // SAFETY: clock_gettime writes one timespec through the pointer, which points to one.
    if unsafe { libc::clock_gettime(libc::CLOCK_THREAD_CPUTIME_ID, &mut ts) } != 0 {
        return 0;
    }
    u64::try_from(ts.tv_sec).unwrap_or(0) * 1_000_000_000 + u64::try_from(ts.tv_nsec).unwrap_or(0)
}

static LIMIT_NANOS: AtomicU64 = AtomicU64::new(0);
static LIMIT_CASES: AtomicU64 = AtomicU64::new(0);

extern "C" fn print_limit_at_exit() {
    eprintln!(
        "limit::parser_nanos: {}\nlimit::cases: {}",
        LIMIT_NANOS.load(Ordering::Relaxed),
        LIMIT_CASES.load(Ordering::Relaxed)
    );
}
