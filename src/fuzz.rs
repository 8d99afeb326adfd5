//! The stable fuzz loop: the grammar-aware generator fed by its own random bytes and by a
//! corpus of byte strings that found something new, on stable Rust, with no libFuzzer.
//!
//! Every generated case goes through the reference's own properties (a violation is a bug of
//! ours and fails the run) and through the differential engine (a difference becomes a report,
//! deduplicated by signature, through the same writer as `uri-conformance diff`). The same seed
//! gives the same inputs; each job has its own generator and corpus, seeded from the seed and
//! the job's number.

use std::collections::HashSet;
use std::panic;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, Mutex, OnceLock};
use std::time::{Duration, Instant};

use crate::campaign::Campaign;
use crate::diff::run::answer_catching;
use crate::diff::{Engine, Finding};
use crate::generate::{self, Op};
use crate::impls::Implementation;
use crate::impls::reference::Reference;
use crate::protocol::Request;
use crate::reference::{self, Level, ParseOptions, ResolveOptions};
use crate::report::on_record::Novelty;

/// How long and what to fuzz.
#[derive(Clone, Debug)]
pub struct Options {
    /// Stop after this long (if `cases` does not stop it first).
    pub duration: Option<Duration>,
    /// Stop after this many cases per job; with one job this makes a run reproducible to the
    /// last report.
    pub cases: Option<u64>,
    /// The seed.
    pub seed: u64,
    /// Threads.
    pub jobs: usize,
    /// The operations to generate.
    pub ops: Vec<Op>,
    /// Cases handed to each implementation at once.
    pub batch: usize,
    /// Raw-text mode only: every input's first byte is made a multiple of 4, so that
    /// [`generate::case_from_bytes`] takes the rest as text instead of building a tree (plain
    /// random bytes, for comparison with the grammar).
    pub raw_bytes: bool,
    /// Called with each new signature as it is found, with the case count and the time (which
    /// go to standard output only, never into a report, so that a run stays reproducible).
    pub announce: Option<fn(&FirstFind)>,
    /// Appended to the reports' source name (`fuzz seed 3, url alone`), so that runs with the
    /// same seed but other implementations count apart.
    pub label: String,
    /// Where the cases run are appended, in order: for the fuzz bench, which times the
    /// implementations alone on the loop's own cases.
    pub trace: Option<Arc<Mutex<Vec<Request>>>>,
    /// Where the time spent making the inputs (the corpus's mutations and the generator) is
    /// added up, by a clock the caller gives: for the fuzz bench, which counts generation apart
    /// from the rest of the harness with the job thread's CPU clock.
    pub generation: Option<GenerationClock>,
}

/// A clock and the total it adds up ([`Options::generation`]).
#[derive(Clone, Debug)]
pub struct GenerationClock {
    /// The clock, in nanoseconds (the calling thread's CPU time, for the fuzz bench).
    pub clock: fn() -> u64,
    /// The nanoseconds spent generating, every job's.
    pub total: Arc<AtomicU64>,
}

/// When a run first recorded a signature.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FirstFind {
    /// Time since the start of the run, the shrinking of the finding included.
    pub after: Duration,
    /// Cases run until then (all jobs), the finding's case included.
    pub cases: u64,
    /// Its signature, `implementation/id`.
    pub signature: String,
    /// Whether no catalogue entry covers it.
    pub candidate_bug: bool,
    /// Whether it is a candidate or a confirmed bug ([`Finding::is_bug`]).
    pub bug: bool,
    /// Whether it decides where a request goes ([`Finding::is_security_relevant`]).
    pub security: bool,
    /// The case that showed it.
    pub case: Request,
    /// Whether the reports folder the run is measured against holds it already.
    pub novelty: Novelty,
}

impl FirstFind {
    /// `finding`, first seen after `cases` cases and `after`.
    pub fn of(finding: &Finding, cases: u64, after: Duration) -> Self {
        FirstFind {
            after,
            cases,
            signature: finding.signature.to_string(),
            candidate_bug: finding.is_candidate(),
            bug: finding.is_bug(),
            security: finding.is_security_relevant(),
            case: finding.case.clone(),
            novelty: Novelty::Unmeasured,
        }
    }
}

/// What a run found.
#[derive(Clone, Debug, Default)]
pub struct Summary {
    /// Cases run.
    pub cases: u64,
    /// Wall-clock time.
    pub elapsed: Duration,
    /// Findings (implementation x case).
    pub findings: u64,
    /// New signatures.
    pub signatures: u64,
    /// Violations of the reference's own properties: bugs of ours.
    pub violations: Vec<String>,
    /// New signatures no catalogue entry covers.
    pub candidate_bugs: u64,
    /// The first of them.
    pub first_candidate_bug: Option<FirstFind>,
    /// Every new signature, in the order found, with when.
    pub first_finds: Vec<FirstFind>,
}

impl Summary {
    /// Cases per second.
    pub fn execs_per_second(&self) -> f64 {
        self.cases as f64 / self.elapsed.as_secs_f64().max(1e-9)
    }
}

/// Live counters, for a progress display.
#[derive(Debug, Default)]
pub struct Progress {
    /// Cases run so far.
    pub cases: AtomicU64,
    /// Findings so far.
    pub findings: AtomicU64,
    /// New signatures so far.
    pub signatures: AtomicU64,
    /// New signatures no catalogue entry covers, so far.
    pub candidate_bugs: AtomicU64,
    /// Reference property violations so far.
    pub violations: AtomicU64,
}

/// SplitMix64: small and well mixed; the loop, the tests and the benches need reproducible
/// bytes, not cryptographic ones.
#[derive(Clone, Debug)]
pub struct Rng(pub u64);

impl Rng {
    /// The next 64 random bits.
    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// A number below `n` (0 when `n` is 0).
    pub fn below(&mut self, n: usize) -> usize {
        (self.next_u64() % n.max(1) as u64) as usize
    }

    /// `len` random bytes.
    pub fn bytes(&mut self, len: usize) -> Vec<u8> {
        (0..len).map(|_| self.next_u64() as u8).collect()
    }
}

/// One input's bytes: fresh, or a corpus entry mutated (bytes flipped, inserted, removed, or
/// spliced with another entry).
fn next_input(rng: &mut Rng, corpus: &[Vec<u8>]) -> Vec<u8> {
    if corpus.is_empty() || rng.below(4) == 0 {
        let len = 16 + rng.below(240);
        return rng.bytes(len);
    }
    let mut bytes = corpus[rng.below(corpus.len())].clone();
    for _ in 0..1 + rng.below(4) {
        match rng.below(4) {
            0 if !bytes.is_empty() => {
                let i = rng.below(bytes.len());
                bytes[i] ^= 1 << rng.below(8);
            }
            1 => {
                let i = rng.below(bytes.len() + 1);
                bytes.insert(i, rng.next_u64() as u8);
            }
            2 if bytes.len() > 1 => {
                let i = rng.below(bytes.len());
                bytes.remove(i);
            }
            _ => {
                let other = &corpus[rng.below(corpus.len())];
                let cut = rng.below(bytes.len() + 1);
                let from = rng.below(other.len() + 1);
                bytes.truncate(cut);
                bytes.extend_from_slice(&other[from..]);
            }
        }
    }
    bytes
}

/// What a differential loop's parsers spend on one case, its limit: the reference's answer and
/// its own properties, the URL Standard model's answer when `standard` (a crate of the run
/// claims the Standard for the case, so the Standard is that crate's judge), and each
/// implementation's answer and its own properties. Nothing is compared: the answers are only
/// made, for a benchmark to time beside the loop (`cargo bench --bench fuzz`, the libFuzzer
/// `limit_*` targets).
pub fn parsers_alone<'a>(
    case: &Request,
    standard: bool,
    implementations: impl IntoIterator<Item = &'a dyn Implementation>,
) {
    std::hint::black_box(reference_properties(case));
    std::hint::black_box(answer_catching(&Reference, case));
    if standard {
        std::hint::black_box(crate::whatwg::expected_outcome(case));
    }
    for implementation in implementations {
        let outcome = answer_catching(implementation, case);
        std::hint::black_box(crate::diff::properties::check(
            implementation,
            case,
            &outcome,
        ));
    }
}

/// The reference's own properties on one case; a description of each violation.
pub fn reference_properties(case: &Request) -> Vec<String> {
    let checked = panic::catch_unwind(|| check_properties(case));
    match checked {
        Ok(violations) => violations,
        Err(_) => vec![format!("the reference panicked on {case:?}")],
    }
}

fn check_properties(case: &Request) -> Vec<String> {
    let mut violations = Vec::new();
    match case {
        Request::Parse { input, .. } => {
            let rule = case.checked_rule().unwrap_or_default();
            if let Ok(c) = reference::parse_with(input, rule, ParseOptions::default()) {
                if reference::recompose(&c) != *input {
                    violations.push(format!("recompose(parse({input:?})) differs"));
                }
                let s = reference::split(input);
                let authority = c.host.map(|_| {
                    let (_, rest) = input.split_at(c.scheme.map_or(0, |s| s.len() + 1) + 2);
                    rest[..rest.find(['/', '?', '#']).unwrap_or(rest.len())].to_owned()
                });
                if s.scheme != c.scheme
                    || s.authority.map(str::to_owned) != authority
                    || s.path != c.path
                    || s.query != c.query
                    || s.fragment != c.fragment
                {
                    violations.push(format!("Appendix B disagrees with the parser on {input:?}"));
                }
            }
        }
        Request::Normalize { input, .. } => {
            let level = case.checked_level().unwrap_or(Level::Syntax);
            if let Ok(once) = reference::normalize(input, level) {
                match reference::normalize(&once, level) {
                    Ok(twice) if twice == once => {}
                    Ok(twice) => violations.push(format!(
                        "normalization of {input:?} is not idempotent: {once:?} then {twice:?}"
                    )),
                    Err(e) => violations.push(format!(
                        "{input:?} normalizes to {once:?}, which does not parse: {e}"
                    )),
                }
            }
        }
        Request::Resolve {
            base,
            input,
            strict,
        } => {
            if let (Ok(b), Ok(r)) = (reference::parse_uri(base), reference::parse(input)) {
                let target =
                    reference::transform_references(&b, &r, ResolveOptions::strict(*strict));
                let t = target.components();
                let text = target.recompose();
                // The documented exception (choice 1): with no authority and a "//" path,
                // §5.3's string parses back with an authority, or not at all.
                let double_slash = t.host.is_none() && t.path.starts_with("//");
                match reference::parse_uri(&text) {
                    _ if double_slash => {}
                    Err(e) => violations.push(format!(
                        "{base:?} + {input:?} gives {text:?}, which is not a URI: {e}"
                    )),
                    Ok(p) if p.path != t.path || p.host != t.host || p.query != t.query => {
                        violations.push(format!(
                            "{base:?} + {input:?} gives {text:?}, which parses back differently"
                        ))
                    }
                    Ok(_) => {}
                }
            }
        }
    }
    violations
}

/// Runs the loop until `stop` is set, the time is up, or every job has run its cases.
pub fn run(
    engine: &Engine,
    campaign: &Mutex<Campaign<'_>>,
    options: &Options,
    stop: &AtomicBool,
    progress: &Progress,
) -> Summary {
    let start = Instant::now();
    let violations = Mutex::new(Vec::new());
    let first_candidate_bug: OnceLock<FirstFind> = OnceLock::new();
    let first_finds: Mutex<Vec<FirstFind>> = Mutex::new(Vec::new());
    let source = format!("fuzz seed {}{}", options.seed, options.label);
    // With one job, each batch is recorded and its new signatures shrunk in order, under the
    // campaign's lock (no one else takes it): the run is reproducible to the last report. With
    // several, a job takes the lock only to count what is known and to add what it shrank,
    // and shrinks outside it.
    let shared = options.jobs > 1;
    let shrinker = campaign.lock().unwrap_or_else(|e| e.into_inner()).engine();
    std::thread::scope(|scope| {
        for job in 0..options.jobs.max(1) {
            let (source, violations, first) = (&source, &violations, &first_candidate_bug);
            let first_finds = &first_finds;
            scope.spawn(move || {
                let mut rng = Rng(options.seed ^ (job as u64).wrapping_mul(0xA076_1D64_78BD_642F));
                let mut corpus: Vec<Vec<u8>> = Vec::new();
                let mut seen_shapes: HashSet<u64> = HashSet::new();
                let mut done = 0u64;
                loop {
                    let out_of_time = options.duration.is_some_and(|d| start.elapsed() >= d);
                    let out_of_cases = options.cases.is_some_and(|n| done >= n);
                    if stop.load(Ordering::Relaxed) || out_of_time || out_of_cases {
                        break;
                    }
                    let want = options
                        .cases
                        .map_or(options.batch, |n| options.batch.min((n - done) as usize));
                    let mut inputs = Vec::with_capacity(want);
                    let mut cases = Vec::with_capacity(want);
                    let generating = options.generation.as_ref().map(|g| (g, (g.clock)()));
                    while cases.len() < want {
                        let mut bytes = next_input(&mut rng, &corpus);
                        if options.raw_bytes {
                            match bytes.first_mut() {
                                Some(mode) => *mode &= !3,
                                None => continue,
                            }
                        }
                        if let Some(case) = generate::case_from_bytes(&bytes, &options.ops) {
                            inputs.push(bytes);
                            cases.push(case);
                        }
                    }
                    if let Some((g, from)) = generating {
                        g.total
                            .fetch_add((g.clock)().saturating_sub(from), Ordering::Relaxed);
                    }
                    if let Some(trace) = &options.trace {
                        trace
                            .lock()
                            .unwrap_or_else(|e| e.into_inner())
                            .extend(cases.iter().cloned());
                    }
                    for case in &cases {
                        let found = reference_properties(case);
                        if !found.is_empty() {
                            progress
                                .violations
                                .fetch_add(found.len() as u64, Ordering::Relaxed);
                            violations
                                .lock()
                                .unwrap_or_else(|e| e.into_inner())
                                .extend(found);
                        }
                    }
                    let runs = engine.run_all(&cases);
                    let mut recorded = cases.len();
                    if stop.load(Ordering::Relaxed) || crate::impls::process::interrupted() {
                        // Stopped (a signal, the end of --time) while external programs were
                        // asked: their missing answers say nothing, so the batch is dropped.
                        break;
                    }
                    if shared {
                        record_shared(
                            &runs,
                            inputs,
                            campaign,
                            shrinker,
                            Shared {
                                source,
                                start,
                                progress,
                                first,
                                first_finds,
                                announce: options.announce,
                            },
                            &mut |run, bytes| {
                                keep_if_new_shape(
                                    run,
                                    bytes,
                                    &mut seen_shapes,
                                    &mut corpus,
                                    &mut rng,
                                )
                            },
                        );
                    } else {
                        let mut campaign = campaign.lock().unwrap_or_else(|e| e.into_inner());
                        for (i, (run, bytes)) in runs.iter().zip(inputs).enumerate() {
                            if stop.load(Ordering::Relaxed) {
                                // A signal: no new finding is shrunk, what is recorded is
                                // written; the cases not recorded are not counted.
                                recorded = i;
                                break;
                            }
                            progress
                                .findings
                                .fetch_add(run.findings.len() as u64, Ordering::Relaxed);
                            let candidates_before = campaign.stats().candidate_bugs;
                            // The new reports, each signed and shown by its shrunk case.
                            let new = campaign.record_case(&cases[i], run, source);
                            let cases = progress.cases.load(Ordering::Relaxed) + i as u64 + 1;
                            if !new.is_empty() {
                                let after = start.elapsed();
                                let mut finds =
                                    first_finds.lock().unwrap_or_else(|e| e.into_inner());
                                for f in &new {
                                    let find = campaign.first_find(f, cases, after);
                                    if let Some(announce) = options.announce {
                                        announce(&find);
                                    }
                                    finds.push(find);
                                }
                            }
                            progress
                                .signatures
                                .fetch_add(new.len() as u64, Ordering::Relaxed);
                            let candidates = campaign.stats().candidate_bugs - candidates_before;
                            if candidates > 0 {
                                if let Some(finding) = new.iter().find(|f| f.is_candidate()) {
                                    first.get_or_init(|| {
                                        campaign.first_find(finding, cases, start.elapsed())
                                    });
                                }
                                progress
                                    .candidate_bugs
                                    .fetch_add(candidates, Ordering::Relaxed);
                            }
                            // Keep inputs that gave a new shape of answer (which includes the
                            // signatures found): a coverage signal the loop can see without
                            // instrumentation, and one that does not depend on what earlier runs
                            // stored, so that a seed always gives the same inputs.
                            keep_if_new_shape(run, bytes, &mut seen_shapes, &mut corpus, &mut rng);
                        }
                        drop(campaign);
                    }
                    done += recorded as u64;
                    progress.cases.fetch_add(recorded as u64, Ordering::Relaxed);
                }
            });
        }
    });
    let stats_findings = progress.findings.load(Ordering::Relaxed);
    Summary {
        cases: progress.cases.load(Ordering::Relaxed),
        elapsed: start.elapsed(),
        findings: stats_findings,
        signatures: progress.signatures.load(Ordering::Relaxed),
        violations: violations.into_inner().unwrap_or_default(),
        candidate_bugs: progress.candidate_bugs.load(Ordering::Relaxed),
        first_candidate_bug: first_candidate_bug.into_inner(),
        first_finds: first_finds.into_inner().unwrap_or_default(),
    }
}

/// Keeps `bytes` in the corpus when its run gave a new shape of answer.
fn keep_if_new_shape(
    run: &crate::diff::CaseRun,
    bytes: Vec<u8>,
    seen_shapes: &mut HashSet<u64>,
    corpus: &mut Vec<Vec<u8>>,
    rng: &mut Rng,
) {
    if seen_shapes.insert(shape_of(run)) {
        if corpus.len() < 4096 {
            corpus.push(bytes);
        } else {
            let i = rng.below(corpus.len());
            corpus[i] = bytes;
        }
    }
}

/// What the jobs of a run share.
struct Shared<'s> {
    source: &'s str,
    start: Instant,
    progress: &'s Progress,
    first: &'s OnceLock<FirstFind>,
    first_finds: &'s Mutex<Vec<FirstFind>>,
    announce: Option<fn(&FirstFind)>,
}

/// Records one batch for a job among several: what is known is counted under the campaign's
/// lock, new signatures are shrunk outside it and added under it again.
fn record_shared(
    runs: &[crate::diff::CaseRun],
    inputs: Vec<Vec<u8>>,
    campaign: &Mutex<Campaign<'_>>,
    shrinker: &Engine,
    shared: Shared<'_>,
    keep: &mut dyn FnMut(&crate::diff::CaseRun, Vec<u8>),
) {
    let Shared {
        source,
        start,
        progress,
        first,
        first_finds,
        announce,
    } = shared;
    let mut fresh: Vec<(usize, &Finding)> = Vec::new();
    {
        let mut campaign = campaign.lock().unwrap_or_else(|e| e.into_inner());
        let findings: usize = runs.iter().map(|r| r.findings.len()).sum();
        progress
            .findings
            .fetch_add(findings as u64, Ordering::Relaxed);
        for (i, run) in runs.iter().enumerate() {
            for finding in campaign.record_known(run, source) {
                if !fresh.iter().any(|(_, f)| f.signature == finding.signature) {
                    fresh.push((i, finding));
                }
            }
        }
    }
    let prepared: Vec<(usize, crate::campaign::Prepared)> = fresh
        .iter()
        .map(|&(i, finding)| (i, Campaign::prepare(shrinker, finding, &runs[i])))
        .collect();
    if !prepared.is_empty() {
        let mut campaign = campaign.lock().unwrap_or_else(|e| e.into_inner());
        for (i, prepared) in &prepared {
            if !campaign.add_prepared(prepared, source) {
                continue;
            }
            // The new report is signed and shown by the shrunk case.
            let finding = &prepared.minimal;
            let find = campaign.first_find(
                finding,
                progress.cases.load(Ordering::Relaxed) + *i as u64 + 1,
                start.elapsed(),
            );
            if let Some(announce) = announce {
                announce(&find);
            }
            progress.signatures.fetch_add(1, Ordering::Relaxed);
            if find.candidate_bug {
                progress.candidate_bugs.fetch_add(1, Ordering::Relaxed);
                first.get_or_init(|| find.clone());
            }
            first_finds
                .lock()
                .unwrap_or_else(|e| e.into_inner())
                .push(find);
        }
    }
    for (run, bytes) in runs.iter().zip(inputs) {
        keep(run, bytes);
    }
}

/// A coarse description of how every implementation answered: which were valid, which
/// differed, and the reference's error rule or host kind.
fn shape_of(run: &crate::diff::CaseRun) -> u64 {
    use std::hash::{Hash, Hasher};
    // A 64-bit digest of the shape's text (the reference's answer kind, each answer's kind,
    // every finding's signature), fed piece by piece instead of written out: a fixed-key
    // hasher, so that a seed keeps the same corpus.
    let mut shape = std::hash::DefaultHasher::new();
    match &run.reference {
        crate::model::Outcome::Invalid(rejection) => {
            // A base's rejection is one shape ("base"), whatever its rule.
            let rule = match rejection.subject() {
                crate::model::Subject::Base => "base",
                crate::model::Subject::Input => rejection.rule().unwrap_or_default(),
            };
            ("x", rule).hash(&mut shape)
        }
        crate::model::Outcome::Parsed { host_kind, .. } => {
            ("p", host_kind.map_or("-", reference::HostKind::name)).hash(&mut shape);
        }
        other => other.is_valid().hash(&mut shape),
    }
    for (_, answer) in &run.answers {
        match answer {
            a if a.is_valid() => 'v',
            crate::model::Outcome::Invalid(_) => 'i',
            crate::model::Outcome::Unsupported => 'u',
            _ => 'p',
        }
        .hash(&mut shape);
    }
    for finding in &run.findings {
        finding.id().hash(&mut shape);
    }
    shape.finish()
}
