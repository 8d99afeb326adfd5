//! Calling into a crate: a panic becomes its message and location, and the default panic hook
//! stays quiet about it (a panic inside an implementation is a finding, not a crash).

use std::cell::RefCell;
use std::panic::{self, AssertUnwindSafe};
use std::sync::Once;

use super::Implementation;
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
