//! The command line, one module per command family; `main.rs` only dispatches.
//!
//! - [`reference`]: the reference alone (`parse`, `resolve`, `normalize`, `check`, `crosscheck`)
//!   and `serve`;
//! - [`diff`]: one case or a batch through every implementation;
//! - [`main_job`]: the arguments of `run` (the main job, a call of `uri_conformance::job`) and
//!   `matrix`;
//! - [`fuzz`]: the stable fuzz loop and the libFuzzer seed corpus;
//! - [`gate`]: the CI gate of one implementation;
//! - [`live`]: the live page (`serve --http`), every parser on one URI in a browser;
//! - [`promote`]: a checked report into a vector.
//!
//! Exit status everywhere: 0 done, 1 a finding asked for (`--fail-on`) or a failed check, 2 a
//! usage or input error, 128 + the signal when SIGINT, SIGTERM or SIGHUP stopped it (130, 143,
//! 129), 141 standard output closed.

pub mod diff;
pub mod fuzz;
pub mod gate;
pub mod live;
pub mod main_job;
pub mod promote;
pub mod reference;

use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicI32, Ordering};
use std::time::Duration;

use clap::{Args, ValueEnum};
use uri_conformance::diff::Engine;
use uri_conformance::ecosystem::Adapter;
use uri_conformance::fuzz::FirstFind;
use uri_conformance::impls::{
    self, Implementation,
    external::{self as external_program, External},
};
use uri_conformance::locations::Source;
use uri_conformance::report::on_record::Novelty;
use uri_conformance::report::{self, markdown::case_line};

/// Which implementations to compare.
#[derive(Args, Clone)]
pub struct Selection {
    /// A bundled implementation (repeatable; `gate` takes exactly one --impl or --impl-cmd).
    /// Without --impl and --impl-cmd, every bundled implementation.
    #[arg(long = "impl", value_name = "NAME")]
    implementations: Vec<String>,
    /// An external program that speaks the protocol, `NAME=COMMAND` or `COMMAND` (repeatable).
    #[arg(long = "impl-cmd", value_name = "COMMAND")]
    commands: Vec<String>,
    /// The list of working adapters that `adapters/setup` writes (`adapters/ecosystem.json`):
    /// each one is added as an external program under its name. Without --impl, every bundled
    /// implementation runs beside them: the whole field.
    #[arg(long, value_name = "FILE")]
    ecosystem: Option<PathBuf>,
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
    /// The time limit per case.
    pub fn limit(&self) -> Duration {
        Duration::from_millis(self.timeout_ms)
    }

    /// The list `--ecosystem` names, if any.
    pub fn ecosystem_option(&self) -> Option<&Path> {
        self.ecosystem.as_deref()
    }

    /// The adapters of `--ecosystem`, none without it.
    pub fn ecosystem(&self) -> Result<Vec<Adapter>, String> {
        self.ecosystem
            .as_deref()
            .map_or_else(|| Ok(Vec::new()), uri_conformance::ecosystem::load)
    }

    /// The chosen implementations.
    pub fn implementations(&self) -> Result<Vec<Arc<dyn Implementation>>, String> {
        let mut chosen: Vec<Arc<dyn Implementation>> = Vec::new();
        if self.implementations.is_empty() && self.commands.is_empty() {
            chosen.extend(impls::bundled().into_iter().map(Arc::from));
        }
        let listed = self.ecosystem()?;
        let commands = self
            .commands
            .iter()
            .cloned()
            .chain(listed.iter().map(Adapter::impl_cmd));
        for name in &self.implementations {
            let implementation = impls::by_name(name).ok_or_else(|| {
                format!(
                    "unknown implementation {name:?} (this build has: {})",
                    impls::names().join(", ")
                )
            })?;
            chosen.push(Arc::from(implementation));
        }
        let programs: Vec<Arc<External>> = commands
            .map(|command| {
                Arc::new(External::with_options(
                    &command,
                    external_program::Options {
                        limit: self.limit(),
                        startup: Duration::from_millis(self.startup_ms),
                        in_flight: usize::try_from(self.impl_batch).unwrap_or(1),
                    },
                ))
            })
            .collect();
        // Every program starts (at once: a field of slow starters costs the slowest) and says
        // what it is before any case is asked; one that cannot is a usage error, not a run in
        // which every case fails.
        let checks: Vec<Result<(), String>> = std::thread::scope(|scope| {
            let running: Vec<_> = programs
                .iter()
                .map(|program| scope.spawn(|| program.check_start()))
                .collect();
            running
                .into_iter()
                .map(|r| {
                    r.join()
                        .unwrap_or_else(|_| Err("its start panicked".to_owned()))
                })
                .collect()
        });
        for (program, check) in programs.iter().zip(checks) {
            check.map_err(|why| format!("--impl-cmd {}: {why}", program.command()))?;
        }
        chosen.extend(programs.into_iter().map(|p| p as Arc<dyn Implementation>));
        let mut seen = std::collections::BTreeMap::new();
        for implementation in &chosen {
            let about = implementation.about();
            if let Some(first) = seen.insert(about.name.to_owned(), about.version.to_owned()) {
                return Err(format!(
                    "two implementations are named {:?} ({first}; {}): give each program its own name with --impl-cmd NAME=COMMAND",
                    about.name, about.version
                ));
            }
        }
        Ok(chosen)
    }

    /// The engine over the chosen implementations, with the bundled catalogue; an
    /// implementation that claims the URL Standard is judged by it.
    pub fn engine(&self) -> Result<Engine, String> {
        let implementations = self.implementations()?;
        let catalogue = uri_conformance::job::catalogue_for(&implementations)?;
        Ok(Engine::new(implementations, self.guard(), catalogue))
    }

    /// The engine's limit: longer than an external program's own, which kills and restarts it.
    pub fn guard(&self) -> Duration {
        self.limit() + Duration::from_secs(1)
    }
}

/// Where an ad-hoc command's reports go: `--reports`, or a new scratch folder, so that a run
/// outside the main job never rewrites the committed `reports/`.
#[derive(Args, Clone)]
pub struct ReportsOption {
    /// Where the reports go (default: a new folder under the system's temporary directory,
    /// printed at the end).
    #[arg(long, value_name = "DIR")]
    reports: Option<PathBuf>,
}

impl ReportsOption {
    /// The folder, created and checked, or a new scratch folder named after `command`.
    pub fn folder(&self, command: &str) -> Result<PathBuf, String> {
        let dir = self.reports.clone().unwrap_or_else(|| {
            let stamp = std::time::SystemTime::now()
                .duration_since(std::time::UNIX_EPOCH)
                .map_or(0, |d| d.as_secs());
            std::env::temp_dir()
                .join("uri-conformance")
                .join(format!("{command}-{stamp}-{}", std::process::id()))
        });
        reports_folder(&dir)?;
        if let Some(root) = uri_conformance::locations::checkout() {
            uri_conformance::report::set_root_from_reports(&dir, &root);
        }
        Ok(dir)
    }
}

/// When a command that finds things exits non-zero.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, ValueEnum)]
pub enum FailOn {
    /// Never for a finding (errors still do).
    #[default]
    Never,
    /// On a bug: a candidate bug (a difference no catalogue entry covers, or a property
    /// failure) or one a bug entry of the catalogue confirms; known differences and unjudged
    /// findings do not count.
    Candidate,
    /// On such a bug that decides where a request goes (host, port, scheme, userinfo,
    /// authority).
    Security,
}

/// A finding as `--fail-on` weighs it, with what names it when it fails the run.
pub struct Weighed {
    /// Whether it is a bug, candidate or confirmed.
    pub bug: bool,
    /// Whether it decides where a request goes.
    pub security: bool,
    /// Its signature, `implementation/id`.
    pub signature: String,
    /// Its case, as a report's case line shows it.
    pub case: String,
}

/// How many of the findings that fail a run standard error names.
const NAMED_FAILURES: usize = 20;

impl FailOn {
    /// The exit status for a run with these findings; when it is 1, standard error names the
    /// findings that made it so.
    pub fn status(self, findings: impl IntoIterator<Item = Weighed>) -> ExitCode {
        let fails = |f: &Weighed| match self {
            FailOn::Never => false,
            FailOn::Candidate => f.bug,
            FailOn::Security => f.bug && f.security,
        };
        let failing: Vec<Weighed> = findings.into_iter().filter(fails).collect();
        if failing.is_empty() {
            return ExitCode::SUCCESS;
        }
        let option = self
            .to_possible_value()
            .map_or_else(String::new, |v| v.get_name().to_owned());
        for f in failing.iter().take(NAMED_FAILURES) {
            eprintln!(
                "--fail-on {option}: {}{} on {}",
                report::visible(&f.signature),
                if f.security { " [security]" } else { "" },
                report::visible(&f.case)
            );
        }
        if failing.len() > NAMED_FAILURES {
            eprintln!(
                "--fail-on {option}: and {} more",
                failing.len() - NAMED_FAILURES
            );
        }
        ExitCode::FAILURE
    }
}

impl Weighed {
    /// A finding of one case.
    pub fn of_finding(finding: &uri_conformance::diff::Finding) -> Self {
        Weighed {
            bug: finding.is_bug(),
            security: finding.is_security_relevant(),
            signature: finding.signature.to_string(),
            case: case_line(&finding.case),
        }
    }

    /// A signature a run found.
    pub fn of_find(find: &FirstFind) -> Self {
        Weighed {
            bug: find.bug,
            security: find.security,
            signature: find.signature.clone(),
            case: case_line(&find.case),
        }
    }
}

/// How new signatures are printed as they are found.
#[derive(Args, Clone, Copy)]
pub struct Output {
    /// JSON lines on standard output instead of text: one `new-signature` object per new
    /// signature as it is found, then one `summary` object.
    #[arg(long)]
    json: bool,
    /// Exit with status 1 when the run finds a bug, candidate or confirmed by the catalogue
    /// (`candidate`), or such a bug tagged security (`security`).
    #[arg(long, value_enum, default_value_t = FailOn::Never)]
    fail_on: FailOn,
}

impl Output {
    /// Whether JSON lines were asked for.
    pub fn json(self) -> bool {
        self.json
    }

    /// The exit policy.
    pub fn fail_on(self) -> FailOn {
        self.fail_on
    }

    /// The printer of new signatures for this output.
    pub fn announcer(self) -> fn(&FirstFind) {
        if self.json {
            announce_json
        } else {
            announce_text
        }
    }

    /// Prints the run's last line: `text` as is, or `summary` as a JSON object.
    pub fn summary(self, text: &str, summary: serde_json::Value) {
        if self.json {
            let mut object = serde_json::json!({ "event": "summary" });
            if let (Some(object), serde_json::Value::Object(fields)) =
                (object.as_object_mut(), summary)
            {
                object.extend(fields);
            }
            print_json_line(&object);
        } else {
            println!("{text}");
        }
    }
}

/// A new signature, as one line of text.
pub fn announce_text(find: &FirstFind) {
    println!(
        "  new signature after {} cases ({:.1}s): {}{}{}{}\n    {}",
        find.cases,
        find.after.as_secs_f64(),
        find.signature,
        match (find.candidate_bug, find.bug) {
            (true, _) => " [candidate bug]",
            (false, true) => " [confirmed bug]",
            (false, false) => "",
        },
        if find.security { " [security]" } else { "" },
        match &find.novelty {
            Novelty::Unmeasured => String::new(),
            Novelty::New => " [new to the reports on record]".to_owned(),
            Novelty::OnRecord(file) => format!(" [on record: {}]", file.display()),
        },
        case_line(&find.case)
    );
}

/// A new signature, as one JSON line.
pub fn announce_json(find: &FirstFind) {
    print_json_line(&serde_json::json!({
            "event": "new-signature",
            "signature": find.signature,
            "candidate_bug": find.candidate_bug,
            "bug": find.bug,
            "security": find.security,
            "cases": find.cases,
            "seconds": find.after.as_secs_f64(),
            "case": find.case,
            "new_to_record": match find.novelty {
                Novelty::Unmeasured => None,
                Novelty::New => Some(true),
                Novelty::OnRecord(_) => Some(false),
            },
            "on_record": match &find.novelty {
                Novelty::OnRecord(file) => Some(file),
                _ => None,
            },
    }));
}

/// Prints a JSON value on one line with DEL and the C1 controls as `\u` escapes too (JSON
/// escapes only C0 itself; a terminal may take U+009B for the start of a control sequence).
pub fn print_json_line(value: &serde_json::Value) {
    let text = value.to_string();
    if !text.chars().any(|c| c.is_control()) {
        println!("{text}");
        return;
    }
    let mut out = String::with_capacity(text.len() + 16);
    for c in text.chars() {
        if c.is_control() {
            // Outside strings JSON has no control characters: each one is inside a string.
            out.push_str(&format!("\\u{:04x}", u32::from(c)));
        } else {
            out.push(c);
        }
    }
    println!("{out}");
}

/// A path option whose absence is an error when given and a skipped step by default.
pub fn existing(source: &Source, what: &str) -> Result<Option<PathBuf>, String> {
    let found = source.existing().map(|p| p.map(Path::to_owned));
    if let Ok(None) = &found {
        println!("no {what} at {} (skipped)", source.path().display());
    }
    found
}

/// Set while a loop that a signal stops runs (fuzz, diff on many cases): Ctrl-C then stops
/// the loop, which writes what it found, instead of the program.
pub static FUZZING: AtomicBool = AtomicBool::new(false);
/// Set by Ctrl-C (or SIGTERM, SIGHUP) during such a loop.
pub static STOP: AtomicBool = AtomicBool::new(false);
/// The signal that stopped a fuzz run, 0 for none.
static SIGNAL: AtomicI32 = AtomicI32::new(0);

/// Installs the handling of SIGINT (Ctrl-C), SIGTERM and SIGHUP, alike, and of a broken pipe.
/// The fuzz loop and diff on many cases stop, write what they found and exit with 128 + the
/// signal's number; any other command, or a second signal, kills every external program (with
/// all it started) and exits at once with that status. External programs run in process groups of their own, which
/// the terminal's Ctrl-C does not reach: the harness kills them.
pub fn install_handlers() {
    impls::process::reap_strays();
    if let Err(e) = impls::process::on_termination_signals(on_signal) {
        eprintln!("warning: {e}");
    }
    quiet_on_broken_pipe();
}

/// Set when a signal ends the program at once: the main thread must not end it first, with
/// another status.
static EXITING: AtomicBool = AtomicBool::new(false);

/// How long a run a signal stopped (fuzz, diff on many cases) may take to write what it found
/// and end: past it, the program exits anyway, with the signal's status, every external
/// program killed. It ends well within it (the task under way is given up within
/// `diff::run::POLL`, an external program's wait within 50 ms); this holds whatever hangs.
pub const STOP_WITHIN: Duration = Duration::from_secs(10);

fn on_signal(signal: i32) {
    let stops_fuzzing = FUZZING.load(Ordering::SeqCst)
        && SIGNAL
            .compare_exchange(0, signal, Ordering::SeqCst, Ordering::SeqCst)
            .is_ok();
    if !stops_fuzzing {
        // Before the waits end below: whatever the main thread does next, it does not exit.
        EXITING.store(true, Ordering::SeqCst);
    }
    // Every wait for an external program's answer ends now; the cases left are answered
    // `unsupported`, which is no finding.
    impls::process::interrupt();
    if stops_fuzzing {
        STOP.store(true, Ordering::SeqCst);
        // On the signal thread, which has nothing else to do until a second signal.
        let exit = std::thread::Builder::new()
            .name("stop-deadline".to_owned())
            .spawn(move || {
                std::thread::sleep(STOP_WITHIN);
                EXITING.store(true, Ordering::SeqCst);
                impls::process::kill_all();
                std::process::exit(128 + signal);
            });
        if exit.is_ok() {
            return;
        }
    }
    impls::process::kill_all();
    std::process::exit(128 + signal);
}

/// The exit status of a run a signal stopped (128 + its number), once what it found is written.
pub fn signalled() -> Option<ExitCode> {
    match SIGNAL.load(Ordering::SeqCst) {
        0 => None,
        signal => Some(ExitCode::from(u8::try_from(128 + signal).unwrap_or(130))),
    }
}

/// The external programs benched in this run, one line each for the summary (empty if none).
pub fn benched_lines() -> String {
    external_program::benched()
        .iter()
        .map(|(name, why)| format!("\nbenched {name}: {why}"))
        .collect()
}

/// Ends the program: no external program outlives it.
pub fn finish(code: ExitCode) -> ExitCode {
    impls::process::kill_all();
    if EXITING.load(Ordering::SeqCst) {
        // A signal is ending the program: its thread exits with the signal's status.
        loop {
            std::thread::park();
        }
    }
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
pub fn reports_folder(dir: &std::path::Path) -> Result<(), String> {
    std::fs::create_dir_all(dir).map_err(|e| format!("{}: {e}", dir.display()))?;
    let probe = dir.join(format!(".write-check.{}", std::process::id()));
    std::fs::write(&probe, b"").map_err(|e| {
        let _ = std::fs::remove_file(&probe);
        format!("{}: {e}", probe.display())
    })?;
    std::fs::remove_file(&probe).map_err(|e| format!("{}: {e}", probe.display()))
}
/// Prints `error: message` and gives the usage-error status.
pub fn fail(message: impl std::fmt::Display) -> ExitCode {
    // A message may quote a file's or a program's text: no control character leaves raw.
    eprintln!(
        "error: {}",
        uri_conformance::report::visible(&message.to_string())
    );
    ExitCode::from(2)
}
/// `60s`, `30m`, `1h`, `250ms`.
pub fn parse_duration(text: &str) -> Result<Duration, String> {
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
