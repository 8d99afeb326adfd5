//! Running implementations safely: a panic inside a crate becomes an [`Outcome::Panicked`], a
//! case that runs past the time limit an [`Outcome::TimedOut`], and the run goes on.
//!
//! Implementations are called in the thread that runs the engine's task, under `catch_unwind`:
//! straight in the caller's ([`Calls::direct`], where a hang is the caller's business, as
//! libFuzzer's `-timeout`), or in an executor thread of a [`Pool`] whose caller watches a
//! monotonic deadline per call and leaves the executor behind only when a call really hangs.

use std::cell::Cell;
use std::panic::{self, AssertUnwindSafe};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::mpsc::{self, RecvTimeoutError, Sender};
use std::sync::{Arc, Mutex, OnceLock};
use std::thread;
use std::time::{Duration, Instant};

use super::properties::{self, PropertyFailure};
use crate::impls::Implementation;
use crate::model::Outcome;
use crate::protocol::Request;

pub use crate::impls::guard::{answer_catching, catching};

/// An answer with the properties it broke.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Checked {
    /// The answer.
    pub outcome: Outcome,
    /// The properties of [`properties`] the implementation broke on the case.
    pub failures: Vec<PropertyFailure>,
}

/// Answers `request` and checks the implementation's own properties on it, on this thread.
pub fn answer_checked(implementation: &dyn Implementation, request: &Request) -> Checked {
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

/// What the watchdog of an executor reads: the deadline of the call under way (0 when none)
/// and that call's number within the task.
#[derive(Debug, Default)]
struct Slot {
    deadline: AtomicU64,
    call: AtomicU64,
}

/// How the engine calls implementations within one task: straight (no time limit: a hang is
/// the caller's, as libFuzzer's `-timeout`), or under a deadline a watchdog checks. Each
/// guarded call is numbered; a task that hung is run again from the start, the calls that hung
/// answered [`Outcome::TimedOut`] without being made.
pub struct Calls<'a> {
    guard: Option<Guard<'a>>,
}

struct Guard<'a> {
    slot: &'a Slot,
    limit: u64,
    next: Cell<u64>,
    skip: &'a [u64],
}

impl Calls<'static> {
    /// Calls made straight in this thread, with no time limit.
    pub fn direct() -> Self {
        Calls { guard: None }
    }
}

impl Calls<'_> {
    /// Runs `f` under the call's deadline; `None` when this call hung in an earlier attempt.
    fn within<T>(&self, f: impl FnOnce() -> T) -> Option<T> {
        let Some(guard) = &self.guard else {
            return Some(f());
        };
        let number = guard.next.get();
        guard.next.set(number + 1);
        if guard.skip.contains(&number) {
            return None;
        }
        guard.slot.call.store(number, Ordering::SeqCst);
        guard
            .slot
            .deadline
            .store(now_nanos() + guard.limit, Ordering::SeqCst);
        let result = f();
        guard.slot.deadline.store(0, Ordering::SeqCst);
        Some(result)
    }

    /// The implementation's parse of `input` written back by its own serializer
    /// ([`Implementation::serialize`]); `None` past the limit, on a panic, or without one.
    pub fn serialize(
        &self,
        implementation: &dyn Implementation,
        input: &str,
    ) -> Option<Result<String, String>> {
        self.within(|| crate::impls::guard::catching(|| implementation.serialize(input)))?
            .ok()?
    }

    /// Answers `request`, or [`Outcome::TimedOut`] past the limit.
    pub fn answer(&self, implementation: &dyn Implementation, request: &Request) -> Outcome {
        if let Some(mut outcomes) = implementation.answer_guarded(std::slice::from_ref(request)) {
            return outcomes.pop().unwrap_or(Outcome::TimedOut);
        }
        self.within(|| answer_catching(implementation, request))
            .unwrap_or(Outcome::TimedOut)
    }

    /// Answers `request` and checks the implementation's properties on it, the checks
    /// included in the time limit.
    pub fn answer_checked(
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
        self.within(|| checked_in_thread(implementation, request))
            .unwrap_or_else(timed_out)
    }

    /// [`Calls::answer_checked`] on every request; an implementation that guards its own
    /// calls (an external program) is handed them all at once.
    pub fn answer_all_checked(
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
                self.within(|| checked_in_thread(implementation, r))
                    .unwrap_or_else(timed_out)
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
/// runs again on a fresh one, that call answered [`Outcome::TimedOut`].
pub struct Pool {
    limit: Duration,
    idle: Mutex<Vec<Executor>>,
}

impl Pool {
    /// Executors with a time limit per call.
    pub fn new(limit: Duration) -> Self {
        Pool {
            limit,
            idle: Mutex::new(Vec::new()),
        }
    }

    /// The time limit per call.
    pub fn limit(&self) -> Duration {
        self.limit
    }

    /// Runs `work` on an executor and waits for it; a panic of the harness inside it is
    /// raised again here.
    pub fn run<R: Send + 'static>(&self, work: Arc<dyn Fn(&Calls<'_>) -> R + Send + Sync>) -> R {
        let limit = u64::try_from(self.limit.as_nanos()).unwrap_or(u64::MAX / 4);
        let mut skip: Vec<u64> = Vec::new();
        loop {
            let executor = self
                .idle
                .lock()
                .unwrap_or_else(|e| e.into_inner())
                .pop()
                .unwrap_or_else(Executor::spawn);
            let (reply, result) = mpsc::sync_channel(1);
            let task_work = Arc::clone(&work);
            let task_skip = skip.clone();
            let task: Task = Box::new(move |slot: &Slot| {
                let calls = Calls {
                    guard: Some(Guard {
                        slot,
                        limit,
                        next: Cell::new(0),
                        skip: &task_skip,
                    }),
                };
                let outcome = panic::catch_unwind(AssertUnwindSafe(|| task_work(&calls)));
                let _ = reply.send(outcome);
            });
            if executor.tasks.send(task).is_err() {
                continue;
            }
            loop {
                let deadline = executor.slot.deadline.load(Ordering::SeqCst);
                let wait = if deadline == 0 {
                    self.limit
                } else {
                    Duration::from_nanos(deadline.saturating_sub(now_nanos()))
                        + Duration::from_millis(1)
                };
                match result.recv_timeout(wait) {
                    Ok(Ok(value)) => {
                        self.idle
                            .lock()
                            .unwrap_or_else(|e| e.into_inner())
                            .push(executor);
                        return value;
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
pub struct Guarded {
    implementation: Arc<dyn Implementation>,
    pool: Pool,
}

impl Guarded {
    /// Guards `implementation` with a time limit per case.
    pub fn new(implementation: Arc<dyn Implementation>, limit: Duration) -> Self {
        Guarded {
            implementation,
            pool: Pool::new(limit),
        }
    }

    /// The implementation.
    pub fn implementation(&self) -> &dyn Implementation {
        &*self.implementation
    }

    /// Answers `request`, or [`Outcome::TimedOut`] after the limit.
    pub fn answer(&self, request: &Request) -> Outcome {
        let (implementation, request) = (Arc::clone(&self.implementation), request.clone());
        self.pool.run(Arc::new(move |calls| {
            calls.answer(&*implementation, &request)
        }))
    }

    /// Answers `request` and checks the implementation's properties on it, the checks
    /// included in the time limit.
    pub fn answer_checked(&self, request: &Request) -> Checked {
        let (implementation, request) = (Arc::clone(&self.implementation), request.clone());
        self.pool.run(Arc::new(move |calls| {
            calls.answer_checked(&*implementation, &request)
        }))
    }

    /// Answers every request with one hand-over; only a case that hangs is reported as timed
    /// out.
    pub fn answer_all(&self, requests: &[Request]) -> Vec<Outcome> {
        self.answer_all_checked(requests)
            .into_iter()
            .map(|c| c.outcome)
            .collect()
    }

    /// [`Guarded::answer_all`] with the implementation's properties checked on every case.
    pub fn answer_all_checked(&self, requests: &[Request]) -> Vec<Checked> {
        let (implementation, requests) = (Arc::clone(&self.implementation), requests.to_vec());
        self.pool.run(Arc::new(move |calls| {
            calls.answer_all_checked(&*implementation, &requests)
        }))
    }
}

fn timed_out() -> Checked {
    Checked {
        outcome: Outcome::TimedOut,
        failures: Vec::new(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::impls::About;
    use crate::reference::{ParseOptions, Rule};

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
