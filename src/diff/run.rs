//! Running implementations safely: a panic inside a crate becomes an [`Outcome::Panicked`], a
//! case that runs past the time limit an [`Outcome::TimedOut`], and the run goes on.

use std::cell::RefCell;
use std::panic::{self, AssertUnwindSafe};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError, SyncSender};
use std::sync::{Arc, Mutex, Once};
use std::thread;
use std::time::Duration;

use super::properties::{self, PropertyFailure};
use crate::impls::Implementation;
use crate::model::Outcome;
use crate::protocol::Request;

thread_local! {
    /// Set while an implementation runs on this thread: its panic message goes here instead of
    /// to stderr.
    static CAPTURED_PANIC: RefCell<Option<Option<String>>> = const { RefCell::new(None) };
}

/// Installs, once, a panic hook that keeps quiet about panics inside implementations (they
/// are findings, reported with their message and location) and leaves every other panic to
/// the default hook.
fn install_panic_hook() {
    static INSTALL: Once = Once::new();
    INSTALL.call_once(|| {
        let default = panic::take_hook();
        panic::set_hook(Box::new(move |info| {
            let captured = CAPTURED_PANIC.with(|slot| {
                let mut slot = slot.borrow_mut();
                match slot.as_mut() {
                    Some(message) => {
                        let text = info
                            .payload()
                            .downcast_ref::<&str>()
                            .map(|s| (*s).to_owned())
                            .or_else(|| info.payload().downcast_ref::<String>().cloned())
                            .unwrap_or_else(|| "non-string panic payload".to_owned());
                        // A crate's file from "<crate>-<version>/src/...", so that the message
                        // is the same on every machine.
                        let location = info
                            .location()
                            .map(|l| {
                                let file = l.file();
                                let short = file
                                    .split_once("/registry/src/")
                                    .and_then(|(_, rest)| rest.split_once('/'))
                                    .map_or(file, |(_, crate_path)| crate_path);
                                format!(" at {short}:{}", l.line())
                            })
                            .unwrap_or_default();
                        *message = Some(format!("{text}{location}"));
                        true
                    }
                    None => false,
                }
            });
            if !captured {
                default(info);
            }
        }));
    });
}

/// Runs `f`, a call into an implementation, on this thread; a panic becomes its message and
/// location. Not to be nested.
pub fn catching<T>(f: impl FnOnce() -> T) -> Result<T, String> {
    install_panic_hook();
    CAPTURED_PANIC.with(|slot| *slot.borrow_mut() = Some(None));
    let result = panic::catch_unwind(AssertUnwindSafe(f));
    let message = CAPTURED_PANIC.with(|slot| slot.borrow_mut().take().flatten());
    result.map_err(|_| message.unwrap_or_else(|| "panic".to_owned()))
}

/// Answers `request` with `implementation` on this thread, turning a panic into an outcome.
pub fn answer_catching(implementation: &dyn Implementation, request: &Request) -> Outcome {
    catching(|| implementation.answer(request)).unwrap_or_else(Outcome::Panicked)
}

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

type Job = (Vec<Request>, bool, SyncSender<Vec<Checked>>);

/// One implementation on its own worker thread, so that a case that never returns can be
/// abandoned: the stuck thread is left behind and a fresh worker takes the next case.
pub struct Guarded {
    implementation: Arc<dyn Implementation>,
    limit: Duration,
    worker: Mutex<Option<SyncSender<Job>>>,
}

impl Guarded {
    /// Guards `implementation` with a time limit per case.
    pub fn new(implementation: Arc<dyn Implementation>, limit: Duration) -> Self {
        Guarded {
            implementation,
            limit,
            worker: Mutex::new(None),
        }
    }

    /// The implementation.
    pub fn implementation(&self) -> &dyn Implementation {
        &*self.implementation
    }

    fn spawn(&self) -> SyncSender<Job> {
        let (jobs, inbox): (SyncSender<Job>, Receiver<Job>) = mpsc::sync_channel(0);
        let implementation = Arc::clone(&self.implementation);
        let name = format!("impl-{}", implementation.about().name);
        thread::Builder::new()
            .name(name)
            .spawn(move || {
                for (requests, check, reply) in inbox {
                    let outcomes = requests
                        .iter()
                        .map(|request| {
                            if check {
                                answer_checked(&*implementation, request)
                            } else {
                                Checked {
                                    outcome: answer_catching(&*implementation, request),
                                    failures: Vec::new(),
                                }
                            }
                        })
                        .collect();
                    if reply.send(outcomes).is_err() {
                        break;
                    }
                }
            })
            .expect("a worker thread starts");
        jobs
    }

    /// Answers `request`, or [`Outcome::TimedOut`] after the limit.
    pub fn answer(&self, request: &Request) -> Outcome {
        self.answer_one(request, false).outcome
    }

    /// Answers `request` and checks the implementation's properties on it, the checks
    /// included in the time limit.
    pub fn answer_checked(&self, request: &Request) -> Checked {
        self.answer_one(request, true)
    }

    fn answer_one(&self, request: &Request, check: bool) -> Checked {
        if let Some(mut outcomes) = self.guarded(std::slice::from_ref(request), check) {
            return outcomes.pop().unwrap_or_else(timed_out);
        }
        match self.answer_batch(std::slice::from_ref(request), check) {
            Ok(mut outcomes) => outcomes.pop().unwrap_or_else(timed_out),
            Err(outcome) => Checked {
                outcome: *outcome,
                failures: Vec::new(),
            },
        }
    }

    /// Answers every request with one hand-over to the worker thread. When the whole batch
    /// does not finish within the limit, the cases are answered again one by one, so that
    /// only the case that hangs is reported as timed out.
    pub fn answer_all(&self, requests: &[Request]) -> Vec<Outcome> {
        self.answer_many(requests, false)
            .into_iter()
            .map(|c| c.outcome)
            .collect()
    }

    /// [`Guarded::answer_all`] with the implementation's properties checked on every case.
    pub fn answer_all_checked(&self, requests: &[Request]) -> Vec<Checked> {
        self.answer_many(requests, true)
    }

    /// The answers of an implementation that guards its own calls (an external program, with
    /// its own time-outs per case), with the properties checked in this thread.
    fn guarded(&self, requests: &[Request], check: bool) -> Option<Vec<Checked>> {
        let outcomes = self.implementation.answer_guarded(requests)?;
        Some(
            requests
                .iter()
                .zip(outcomes)
                .map(|(request, outcome)| Checked {
                    failures: if check {
                        properties::check(&*self.implementation, request, &outcome)
                    } else {
                        Vec::new()
                    },
                    outcome,
                })
                .collect(),
        )
    }

    fn answer_many(&self, requests: &[Request], check: bool) -> Vec<Checked> {
        if let Some(outcomes) = self.guarded(requests, check) {
            return outcomes;
        }
        match self.answer_batch(requests, check) {
            Ok(outcomes) => outcomes,
            Err(_) if requests.len() > 1 => {
                requests.iter().map(|r| self.answer_one(r, check)).collect()
            }
            Err(outcome) => vec![Checked {
                outcome: *outcome,
                failures: Vec::new(),
            }],
        }
    }

    fn answer_batch(
        &self,
        requests: &[Request],
        check: bool,
    ) -> Result<Vec<Checked>, Box<Outcome>> {
        let mut worker = self.worker.lock().unwrap_or_else(|e| e.into_inner());
        let jobs = worker.get_or_insert_with(|| self.spawn()).clone();
        let (reply, outcome) = mpsc::sync_channel(1);
        if jobs.send((requests.to_vec(), check, reply)).is_err() {
            *worker = None;
            return Err(Box::new(Outcome::Panicked(
                "the worker thread stopped".to_owned(),
            )));
        }
        match outcome.recv_timeout(self.limit) {
            Ok(outcomes) => Ok(outcomes),
            Err(RecvTimeoutError::Timeout) => {
                // The worker is stuck in the implementation; leave it and start afresh.
                *worker = None;
                Err(Box::new(Outcome::TimedOut))
            }
            Err(RecvTimeoutError::Disconnected) => {
                *worker = None;
                Err(Box::new(Outcome::Panicked(
                    "the worker thread stopped".to_owned(),
                )))
            }
        }
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

    fn parse(input: &str) -> Request {
        Request::Parse {
            input: input.to_owned(),
            rule: None,
            zone_id: false,
        }
    }

    #[test]
    fn a_panic_becomes_an_outcome() {
        match answer_catching(&Faulty, &parse("panic")) {
            Outcome::Panicked(message) => assert!(message.starts_with("boom at "), "{message}"),
            other => panic!("{other:?}"),
        }
    }

    #[test]
    fn a_hang_times_out_and_the_next_case_runs() {
        let guarded = Guarded::new(Arc::new(Faulty), Duration::from_millis(100));
        assert_eq!(guarded.answer(&parse("hang")), Outcome::TimedOut);
        assert_eq!(guarded.answer(&parse("x")), Outcome::Unsupported);
        assert!(matches!(
            guarded.answer(&parse("panic")),
            Outcome::Panicked(_)
        ));
        assert_eq!(guarded.answer(&parse("x")), Outcome::Unsupported);
        let all = guarded.answer_all(&[parse("x"), parse("hang"), parse("panic"), parse("x")]);
        assert_eq!(all[0], Outcome::Unsupported);
        assert_eq!(all[1], Outcome::TimedOut);
        assert!(matches!(all[2], Outcome::Panicked(_)));
        assert_eq!(all[3], Outcome::Unsupported);
    }
}
