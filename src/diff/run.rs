//! Running implementations safely: a panic inside a crate becomes an [`Outcome::Panicked`], a
//! case that runs past the time limit an [`Outcome::TimedOut`], and the run goes on.
//!
//! Implementations are called in the thread that runs the engine's task, under `catch_unwind`:
//! straight in the caller's ([`Calls::direct`], where a hang is the caller's business, as
//! libFuzzer's `-timeout`), or in an executor thread of a [`Pool`] whose caller watches a
//! monotonic deadline per call and leaves the executor behind only when a call really hangs.
//!
//! Two bounds hold whatever a crate does. A thread cannot be killed, so an executor left in a
//! call keeps running until the call returns: a crate that hangs again while a call it hung in
//! still runs is benched ([`STUCK_PER_CRATE`]), so that no crate holds more than two executors
//! at once, and an executor left behind makes no call after the one it hung in. And a signal
//! ([`process::interrupt_requested`]) is seen by the waiting thread within [`POLL`], whatever
//! the executor is doing: the task is given up ([`Pool::run`] answers `None`) and its executor,
//! left behind, makes no call after the one it is in.

use std::cell::Cell;
use std::panic::{self, AssertUnwindSafe};
use std::sync::atomic::{AtomicBool, AtomicU64, AtomicUsize, Ordering};
use std::sync::mpsc::{self, RecvTimeoutError, Sender};
use std::sync::{Arc, Mutex, OnceLock};
use std::thread;
use std::time::{Duration, Instant};

use super::properties::{self, PropertyFailure};
use crate::impls::{Implementation, process};
use crate::model::Outcome;
use crate::protocol::Request;

pub use crate::impls::guard::{answer_catching, catching};

/// An answer with the properties it broke.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Checked {
    /// The answer.
    pub outcome: Outcome,
    /// The properties of [`properties`] the implementation broke on the case.
    pub failures: Vec<PropertyFailure>,
}

/// Answers `request` and checks the implementation's own properties on it, on this thread.
pub(crate) fn answer_checked(implementation: &dyn Implementation, request: &Request) -> Checked {
    let outcome = answer_catching(implementation, request);
    let failures = properties::check(implementation, request, &outcome);
    Checked { outcome, failures }
}

/// Nanoseconds on the monotonic clock since the first call, plus one (so that 0 means "no
/// deadline").
fn now_nanos() -> u64 {
    static EPOCH: OnceLock<Instant> = OnceLock::new();
    EPOCH.get_or_init(Instant::now).elapsed().as_nanos() as u64 + 1
}

/// How often the thread that waits for a task looks at the stop: a signal is honoured within
/// this, however long the call under way takes.
pub(crate) const POLL: Duration = Duration::from_millis(50);

/// How many executors a crate may leave stuck in its calls at once: a crate whose call hangs
/// while another it hung in still runs is benched (every call of it from then on, those of the
/// task under way run again included, is answered `unsupported` without being made), so no
/// crate holds more than this many threads busy.
pub(crate) const STUCK_PER_CRATE: usize = 2;

/// What the watchdog of an executor reads: the deadline of the call under way (0 when none),
/// that call's number within the task and the implementation called; and what the watchdog
/// says back: that the executor was left behind (it makes no more calls).
#[derive(Debug, Default)]
struct Slot {
    deadline: AtomicU64,
    call: AtomicU64,
    implementation: AtomicUsize,
    abandoned: AtomicBool,
}

/// An implementation as the watchdog knows it: the address of its data, the same for every
/// call of one engine (each implementation is held in an `Arc` for the engine's life).
fn identity(implementation: &dyn Implementation) -> usize {
    std::ptr::from_ref(implementation).cast::<()>() as usize
}

/// What a pool knows of the crates that hung: the executors left in their calls, and the
/// crates benched for it.
#[derive(Default)]
struct Watch {
    /// Executors left behind, with the implementation each hung in.
    stuck: Mutex<Vec<(usize, Arc<Slot>)>>,
    /// Benched implementations, and whether the summary was told (by the first call refused,
    /// which knows the name).
    benched: Mutex<Vec<(usize, bool)>>,
    any_benched: AtomicBool,
}

impl Watch {
    /// Notes an executor left in a call of `implementation`; benches the implementation when
    /// that makes [`STUCK_PER_CRATE`] of its executors still in a call.
    fn left_behind(&self, implementation: usize, slot: Arc<Slot>) {
        let mut stuck = self.stuck.lock().unwrap_or_else(|e| e.into_inner());
        // An executor whose call has returned makes no more calls and ends: not stuck.
        stuck.retain(|(_, slot)| slot.deadline.load(Ordering::SeqCst) != 0);
        stuck.push((implementation, slot));
        let held = stuck.iter().filter(|(i, _)| *i == implementation).count();
        if held >= STUCK_PER_CRATE {
            let mut benched = self.benched.lock().unwrap_or_else(|e| e.into_inner());
            if !benched.iter().any(|(i, _)| *i == implementation) {
                benched.push((implementation, false));
            }
            self.any_benched.store(true, Ordering::SeqCst);
        }
    }

    /// Whether `implementation` is benched; the first time it is asked so, the run's summary
    /// is told.
    fn is_benched(&self, implementation: &dyn Implementation) -> bool {
        if !self.any_benched.load(Ordering::Relaxed) {
            return false;
        }
        let id = identity(implementation);
        let mut benched = self.benched.lock().unwrap_or_else(|e| e.into_inner());
        let Some((_, told)) = benched.iter_mut().find(|(i, _)| *i == id) else {
            return false;
        };
        if !*told {
            *told = true;
            crate::impls::note_benched(
                implementation.about().name.to_owned(),
                format!(
                    "a call hung while {} calls it hung in still ran; its later cases were not asked",
                    STUCK_PER_CRATE - 1
                ),
            );
        }
        true
    }

    /// How many executors are still in a call they were left in.
    #[cfg(test)]
    fn stuck(&self) -> usize {
        let stuck = self.stuck.lock().unwrap_or_else(|e| e.into_inner());
        stuck
            .iter()
            .filter(|(_, slot)| slot.deadline.load(Ordering::SeqCst) != 0)
            .count()
    }
}

/// Why a guarded call was not made.
enum Unmade {
    /// It hung in an earlier attempt of the task: it timed out.
    HungBefore,
    /// The implementation is benched, or the task was given up (its executor left behind):
    /// no answer, which is no finding.
    NotAsked,
}

impl Unmade {
    fn outcome(&self) -> Outcome {
        match self {
            Unmade::HungBefore => Outcome::TimedOut,
            Unmade::NotAsked => Outcome::Unsupported,
        }
    }

    fn checked(&self) -> Checked {
        Checked {
            outcome: self.outcome(),
            failures: Vec::new(),
        }
    }
}

/// How the engine calls implementations within one task: straight (no time limit: a hang is
/// the caller's, as libFuzzer's `-timeout`), or under a deadline a watchdog checks. Each
/// guarded call is numbered; a task that hung is run again from the start, the calls that hung
/// answered [`Outcome::TimedOut`] without being made.
pub(crate) struct Calls<'a> {
    guard: Option<Guard<'a>>,
}

struct Guard<'a> {
    slot: &'a Slot,
    limit: u64,
    next: Cell<u64>,
    skip: &'a [u64],
    watch: &'a Watch,
}

impl Calls<'static> {
    /// Calls made straight in this thread, with no time limit.
    pub(crate) fn direct() -> Self {
        Calls { guard: None }
    }
}

impl Calls<'_> {
    /// Runs `f`, a call of `implementation`, under the call's deadline; not made when this call
    /// hung in an earlier attempt, the implementation is benched or the task is given up.
    fn within<T>(
        &self,
        implementation: &dyn Implementation,
        f: impl FnOnce() -> T,
    ) -> Result<T, Unmade> {
        let Some(guard) = &self.guard else {
            return Ok(f());
        };
        let number = guard.next.get();
        guard.next.set(number + 1);
        if guard.slot.abandoned.load(Ordering::SeqCst) {
            return Err(Unmade::NotAsked);
        }
        if guard.skip.contains(&number) {
            return Err(Unmade::HungBefore);
        }
        if guard.watch.is_benched(implementation) {
            return Err(Unmade::NotAsked);
        }
        guard.slot.call.store(number, Ordering::SeqCst);
        guard
            .slot
            .implementation
            .store(identity(implementation), Ordering::SeqCst);
        guard
            .slot
            .deadline
            .store(now_nanos() + guard.limit, Ordering::SeqCst);
        let result = f();
        guard.slot.deadline.store(0, Ordering::SeqCst);
        Ok(result)
    }

    /// The implementation's parse of `input` written back by its own serializer
    /// ([`Implementation::serialize`]); `None` past the limit, on a panic, or without one.
    pub(crate) fn serialize(
        &self,
        implementation: &dyn Implementation,
        input: &str,
    ) -> Option<Result<String, String>> {
        self.within(implementation, || {
            crate::impls::guard::catching(|| implementation.serialize(input))
        })
        .ok()?
        .ok()?
    }

    /// Answers `request`, or [`Outcome::TimedOut`] past the limit.
    pub(crate) fn answer(&self, implementation: &dyn Implementation, request: &Request) -> Outcome {
        if let Some(mut outcomes) = implementation.answer_guarded(std::slice::from_ref(request)) {
            return outcomes.pop().unwrap_or(Outcome::TimedOut);
        }
        self.within(implementation, || answer_catching(implementation, request))
            .unwrap_or_else(|unmade| unmade.outcome())
    }

    /// Answers `request` and checks the implementation's properties on it, the checks
    /// included in the time limit.
    pub(crate) fn answer_checked(
        &self,
        implementation: &dyn Implementation,
        request: &Request,
    ) -> Checked {
        if let Some(mut outcomes) = implementation.answer_guarded(std::slice::from_ref(request)) {
            let outcome = outcomes.pop().unwrap_or(Outcome::TimedOut);
            return Checked {
                failures: properties::check(implementation, request, &outcome),
                outcome,
            };
        }
        self.within(implementation, || {
            checked_in_thread(implementation, request)
        })
        .unwrap_or_else(|unmade| unmade.checked())
    }

    /// [`Calls::answer_checked`] on every request; an implementation that guards its own
    /// calls (an external program) is handed them all at once.
    pub(crate) fn answer_all_checked(
        &self,
        implementation: &dyn Implementation,
        requests: &[Request],
    ) -> Vec<Checked> {
        if let Some(outcomes) = implementation.answer_guarded(requests) {
            return requests
                .iter()
                .zip(outcomes)
                .map(|(request, outcome)| Checked {
                    failures: properties::check(implementation, request, &outcome),
                    outcome,
                })
                .collect();
        }
        requests
            .iter()
            .map(|r| {
                self.within(implementation, || checked_in_thread(implementation, r))
                    .unwrap_or_else(|unmade| unmade.checked())
            })
            .collect()
    }
}

/// [`answer_checked`], with a panic outside the implementation's own calls (in the checks'
/// glue, an adapter's `blind_spots` or `promises`) made the outcome it was when each
/// implementation had a worker thread of its own, which such a panic stopped.
fn checked_in_thread(implementation: &dyn Implementation, request: &Request) -> Checked {
    panic::catch_unwind(AssertUnwindSafe(|| answer_checked(implementation, request)))
        .unwrap_or_else(|_| Checked {
            outcome: Outcome::Panicked("the worker thread stopped".to_owned()),
            failures: Vec::new(),
        })
}

type Task = Box<dyn FnOnce(&Slot) + Send>;

/// A thread that runs the engine's tasks, calling implementations in itself; left behind when
/// one of its calls hangs.
struct Executor {
    slot: Arc<Slot>,
    tasks: Sender<Task>,
}

impl Executor {
    fn spawn() -> Executor {
        let slot = Arc::new(Slot::default());
        let (tasks, inbox) = mpsc::channel::<Task>();
        let own = Arc::clone(&slot);
        thread::Builder::new()
            .name("engine-executor".to_owned())
            .spawn(move || {
                for task in inbox {
                    task(&own);
                }
            })
            .expect("an executor thread starts");
        Executor { slot, tasks }
    }
}

/// Executors for one engine, one per thread that uses it at a time: a task (a batch of cases,
/// a whole shrink) is handed over once, and its calls into implementations are made in the
/// executor's thread, each under a monotonic deadline that the waiting thread watches. A call
/// past its deadline leaves its executor behind (stuck in the implementation) and the task
/// runs again on a fresh one, that call answered [`Outcome::TimedOut`]; a crate that leaves
/// [`STUCK_PER_CRATE`] executors stuck at once is benched. A signal gives the task up within
/// [`POLL`] ([`Pool::run`]).
pub(crate) struct Pool {
    limit: Duration,
    idle: Mutex<Vec<Executor>>,
    watch: Arc<Watch>,
    /// Whether to give up the task under way: a signal came.
    stop: fn() -> bool,
}

impl Pool {
    /// Executors with a time limit per call, given up on a signal
    /// ([`process::interrupt_requested`]).
    pub(crate) fn new(limit: Duration) -> Self {
        Pool::with_stop(limit, process::interrupt_requested)
    }

    /// Executors with a time limit per call, the task under way given up as soon as `stop`
    /// says so.
    pub(crate) fn with_stop(limit: Duration, stop: fn() -> bool) -> Self {
        Pool {
            limit,
            idle: Mutex::new(Vec::new()),
            watch: Arc::new(Watch::default()),
            stop,
        }
    }

    /// Runs `work` on an executor and waits for it; a panic of the harness inside it is
    /// raised again here. `None` when `stop` says so (looked at every [`POLL`]): the task is
    /// given up, its executor left to finish the call it is in, alone, making no other.
    pub(crate) fn run<R: Send + 'static>(
        &self,
        work: Arc<dyn Fn(&Calls<'_>) -> R + Send + Sync>,
    ) -> Option<R> {
        let limit = u64::try_from(self.limit.as_nanos()).unwrap_or(u64::MAX / 4);
        let mut skip: Vec<u64> = Vec::new();
        loop {
            if (self.stop)() {
                return None;
            }
            let executor = self
                .idle
                .lock()
                .unwrap_or_else(|e| e.into_inner())
                .pop()
                .unwrap_or_else(Executor::spawn);
            let (reply, result) = mpsc::sync_channel(1);
            let task_work = Arc::clone(&work);
            let task_skip = skip.clone();
            let watch = Arc::clone(&self.watch);
            let task: Task = Box::new(move |slot: &Slot| {
                let calls = Calls {
                    guard: Some(Guard {
                        slot,
                        limit,
                        next: Cell::new(0),
                        skip: &task_skip,
                        watch: &watch,
                    }),
                };
                let outcome = panic::catch_unwind(AssertUnwindSafe(|| task_work(&calls)));
                let _ = reply.send(outcome);
            });
            if executor.tasks.send(task).is_err() {
                continue;
            }
            loop {
                if (self.stop)() {
                    // The executor finishes its call alone and makes no other.
                    executor.slot.abandoned.store(true, Ordering::SeqCst);
                    return None;
                }
                let deadline = executor.slot.deadline.load(Ordering::SeqCst);
                let wait = if deadline == 0 {
                    self.limit
                } else {
                    Duration::from_nanos(deadline.saturating_sub(now_nanos()))
                        + Duration::from_millis(1)
                };
                match result.recv_timeout(wait.min(POLL)) {
                    Ok(Ok(value)) => {
                        self.idle
                            .lock()
                            .unwrap_or_else(|e| e.into_inner())
                            .push(executor);
                        return Some(value);
                    }
                    Ok(Err(payload)) => {
                        self.idle
                            .lock()
                            .unwrap_or_else(|e| e.into_inner())
                            .push(executor);
                        panic::resume_unwind(payload);
                    }
                    Err(RecvTimeoutError::Timeout) => {
                        let call = executor.slot.call.load(Ordering::SeqCst);
                        let deadline = executor.slot.deadline.load(Ordering::SeqCst);
                        if deadline != 0
                            && now_nanos() > deadline
                            && executor.slot.call.load(Ordering::SeqCst) == call
                        {
                            // Stuck in the implementation: leave the executor and start afresh.
                            executor.slot.abandoned.store(true, Ordering::SeqCst);
                            let implementation =
                                executor.slot.implementation.load(Ordering::SeqCst);
                            self.watch
                                .left_behind(implementation, Arc::clone(&executor.slot));
                            skip.push(call);
                            break;
                        }
                    }
                    Err(RecvTimeoutError::Disconnected) => {
                        panic!("the engine's executor stopped")
                    }
                }
            }
        }
    }
}

/// One implementation with its own executors: each call a task of its own.
#[cfg(test)]
pub(crate) struct Guarded {
    implementation: Arc<dyn Implementation>,
    pool: Pool,
}

#[cfg(test)]
impl Guarded {
    /// Guards `implementation` with a time limit per case.
    pub(crate) fn new(implementation: Arc<dyn Implementation>, limit: Duration) -> Self {
        Guarded {
            implementation,
            pool: Pool::new(limit),
        }
    }

    /// Answers `request`, or [`Outcome::TimedOut`] after the limit.
    pub(crate) fn answer(&self, request: &Request) -> Outcome {
        let (implementation, request) = (Arc::clone(&self.implementation), request.clone());
        self.pool
            .run(Arc::new(move |calls| {
                calls.answer(&*implementation, &request)
            }))
            .unwrap_or(Outcome::Unsupported)
    }

    /// Answers every request with one hand-over; only a case that hangs is reported as timed
    /// out.
    pub(crate) fn answer_all(&self, requests: &[Request]) -> Vec<Outcome> {
        self.answer_all_checked(requests)
            .into_iter()
            .map(|c| c.outcome)
            .collect()
    }

    /// [`Guarded::answer_all`] with the implementation's properties checked on every case.
    pub(crate) fn answer_all_checked(&self, requests: &[Request]) -> Vec<Checked> {
        let count = requests.len();
        let (implementation, requests) = (Arc::clone(&self.implementation), requests.to_vec());
        self.pool
            .run(Arc::new(move |calls| {
                calls.answer_all_checked(&*implementation, &requests)
            }))
            .unwrap_or_else(|| (0..count).map(|_| Unmade::NotAsked.checked()).collect())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::impls::About;
    use crate::reference::{ParseOptions, Rule};
    use std::sync::atomic::AtomicUsize;

    struct Faulty;

    impl Implementation for Faulty {
        fn about(&self) -> About<'_> {
            About {
                name: "faulty",
                version: "test",
                spec: "none",
                docs: "",
            }
        }

        fn parse(&self, input: &str, _: Rule, _: ParseOptions) -> Outcome {
            match input {
                "panic" => panic!("boom"),
                "hang" => loop {
                    thread::sleep(Duration::from_millis(50));
                },
                _ => Outcome::Unsupported,
            }
        }
    }

    /// Hangs on every call until `RELEASED`, counting the calls made.
    struct Stubborn;

    static STUBBORN_CALLS: AtomicUsize = AtomicUsize::new(0);
    static RELEASED: AtomicBool = AtomicBool::new(false);

    impl Implementation for Stubborn {
        fn about(&self) -> About<'_> {
            About {
                name: "stubborn",
                version: "test",
                spec: "none",
                docs: "",
            }
        }

        fn parse(&self, _: &str, _: Rule, _: ParseOptions) -> Outcome {
            STUBBORN_CALLS.fetch_add(1, Ordering::SeqCst);
            while !RELEASED.load(Ordering::SeqCst) {
                thread::sleep(Duration::from_millis(10));
            }
            Outcome::Unsupported
        }
    }

    #[test]
    fn a_crate_that_hangs_again_while_stuck_is_benched_and_its_threads_do_not_pile_up() {
        let guarded = Guarded::new(Arc::new(Stubborn), Duration::from_millis(100));
        let outcomes: Vec<Outcome> = (0..10)
            .map(|_| guarded.answer(&Request::parse("a")))
            .collect();
        // Two calls hang (two executors left in them), then the crate is not asked again.
        assert_eq!(STUBBORN_CALLS.load(Ordering::SeqCst), STUCK_PER_CRATE);
        assert_eq!(outcomes[..2], [Outcome::TimedOut, Outcome::TimedOut]);
        assert!(
            outcomes[2..].iter().all(|o| *o == Outcome::Unsupported),
            "{outcomes:?}"
        );
        assert_eq!(guarded.pool.watch.stuck(), STUCK_PER_CRATE);
        assert!(
            crate::impls::benched()
                .iter()
                .any(|(name, why)| name == "stubborn" && why.contains("hung")),
            "{:?}",
            crate::impls::benched()
        );
        // Once their calls return, the executors left behind end.
        RELEASED.store(true, Ordering::SeqCst);
        let until = Instant::now() + Duration::from_secs(30);
        while guarded.pool.watch.stuck() > 0 && Instant::now() < until {
            thread::sleep(Duration::from_millis(10));
        }
        assert_eq!(guarded.pool.watch.stuck(), 0);
    }

    /// Runs until `STOPPING`; then the pool must give its task up.
    struct Slow;

    static STOPPING: AtomicBool = AtomicBool::new(false);

    impl Implementation for Slow {
        fn about(&self) -> About<'_> {
            About {
                name: "slow",
                version: "test",
                spec: "none",
                docs: "",
            }
        }

        fn parse(&self, _: &str, _: Rule, _: ParseOptions) -> Outcome {
            // Busy well within its time limit, far longer than a stop may take.
            let until = Instant::now() + Duration::from_secs(120);
            while Instant::now() < until {
                thread::sleep(Duration::from_millis(10));
            }
            Outcome::Unsupported
        }
    }

    #[test]
    fn a_stop_gives_up_the_task_while_a_crate_is_busy_on_one_case() {
        let pool = Arc::new(Pool::with_stop(Duration::from_secs(600), || {
            STOPPING.load(Ordering::SeqCst)
        }));
        let (done, answered) = mpsc::channel();
        let running = Arc::clone(&pool);
        thread::spawn(move || {
            let slow: Arc<dyn Implementation> = Arc::new(Slow);
            let outcomes = running.run(Arc::new(move |calls| {
                vec![
                    calls.answer(&*slow, &Request::parse("a")),
                    calls.answer(&*slow, &Request::parse("b")),
                ]
            }));
            let _ = done.send(outcomes);
        });
        thread::sleep(Duration::from_millis(200));
        STOPPING.store(true, Ordering::SeqCst);
        // Within a poll in principle; generous for a loaded machine, far under the call's 120 s.
        let outcomes = answered
            .recv_timeout(Duration::from_secs(30))
            .expect("the task is given up");
        assert_eq!(outcomes, None);
    }

    #[test]
    fn a_panic_becomes_an_outcome() {
        match answer_catching(&Faulty, &Request::parse("panic")) {
            Outcome::Panicked(message) => assert!(message.starts_with("boom at "), "{message}"),
            other => panic!("{other:?}"),
        }
    }

    #[test]
    fn a_hang_times_out_and_the_next_case_runs() {
        // A hang is forever: the limit only has to be long enough for every other answer to
        // come on a busy machine.
        let guarded = Guarded::new(Arc::new(Faulty), Duration::from_secs(2));
        assert_eq!(guarded.answer(&Request::parse("hang")), Outcome::TimedOut);
        assert_eq!(guarded.answer(&Request::parse("x")), Outcome::Unsupported);
        assert!(matches!(
            guarded.answer(&Request::parse("panic")),
            Outcome::Panicked(_)
        ));
        assert_eq!(guarded.answer(&Request::parse("x")), Outcome::Unsupported);
        // A fresh crate: this one, hanging again while its first hang still runs, would be
        // benched (see the next test).
        let guarded = Guarded::new(Arc::new(Faulty), Duration::from_millis(100));
        let all = guarded.answer_all(&[
            Request::parse("x"),
            Request::parse("hang"),
            Request::parse("panic"),
            Request::parse("x"),
        ]);
        assert_eq!(all[0], Outcome::Unsupported);
        assert_eq!(all[1], Outcome::TimedOut);
        assert!(matches!(all[2], Outcome::Panicked(_)));
        assert_eq!(all[3], Outcome::Unsupported);
    }
}
