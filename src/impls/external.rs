//! Any program that speaks the JSON-lines protocol (see `protocol.rs`) is an implementation:
//! `--impl-cmd "python3 my_adapter.py"`.
//!
//! The program is started once, in its own process group ([`super::process`]), and asked
//! `{"op":"about"}` before anything else: the answer says what it is, which operations and
//! rules it does and how it reports components (its blind spots), and whether it echoes ids
//! (protocol version 2). The time given to that first answer is the start-up limit; each case's
//! time limit counts from when its request is sent.
//!
//! A version 2 program gets up to `in_flight` requests at once, each with an id, and its
//! answers are matched by id: an answer is never credited to another case, and a second answer
//! to a request is that request's finding ([`EXTRA_ANSWER`]); each round ends with `about`, so
//! that such a line is read before the round's answers are used. When something else goes
//! wrong (a line that answers no request in flight, a time-out, the program's exit), the whole
//! process group is killed and the program started again; the oldest case in flight is asked
//! again alone, in a fresh program, and whatever goes wrong then is its finding; the other cases
//! in flight are sent again.
//!
//! A version 1 program is matched by order, in windows each followed by `about`: an answer
//! that does not fit its request, or a line other than the answer to `about` in its place,
//! shows that answers drifted, and every request of the window is asked again alone.
//!
//! A program that fails to start or times out on [`BENCH_AFTER`] cases in a row is benched.

use std::collections::{HashMap, VecDeque};
use std::sync::{Mutex, OnceLock};
use std::time::{Duration, Instant};

use serde_json::Value;

use super::process::{Program, Silence};
use super::{BlindSpot, Blindness, Implementation};
use crate::locations::relative_paths;
use crate::model::{Field, Outcome};
use crate::protocol::{self, Ask, ParseRule, Request, Response};
use crate::reference::{Level, ParseOptions, Rule};

pub use crate::model::faults::{
    CANNOT_START, EXITED, EXTRA_ANSWER, NOT_AN_ANSWER, PROTOCOL_ERROR, fixed_detail,
};

/// How long a version 1 program whose answers drifted gets to send the answer to `about` that
/// brings it back in step.
const RESYNC: Duration = Duration::from_millis(200);

/// After this many consecutive cases on which a program failed to start or timed out, it is
/// benched: every later case of the run is answered `unsupported` without asking it.
pub const BENCH_AFTER: u32 = 3;

/// After this many exits on a case (crashes) with no answer between, a program is benched as
/// for [`BENCH_AFTER`]: a program that exits on every case costs a few starts, not two a case.
pub(crate) const BENCH_AFTER_CRASHES: u32 = 5;

/// The most lines that answer nothing (an answer sent again, a late line of an earlier round)
/// a round may bring beyond one per request it sent: a program past it floods its output, and
/// is killed and benched. A program that answers every request twice stays under it.
pub(crate) const EXTRA_LINES_PER_ROUND: usize = 256;

pub use super::benched;

/// The most of a program's text quoted in a finding's message.
const QUOTED: usize = 600;

/// How an external program is run.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Options {
    /// The time limit per case, from when its request is sent.
    pub limit: Duration,
    /// The time the program has to answer its first request (`about`) after it starts.
    pub startup: Duration,
    /// How many requests a version 2 program gets at once.
    pub in_flight: usize,
}

impl Default for Options {
    fn default() -> Self {
        Options {
            limit: Duration::from_secs(5),
            startup: Duration::from_secs(10),
            in_flight: 64,
        }
    }
}

/// The name of an adapter's own catalogue, beside its program.
pub(crate) const CATALOGUE_FILE: &str = "known-differences.yaml";

/// An external program behind the protocol.
pub struct External {
    given_name: Option<String>,
    command: String,
    options: Options,
    description: OnceLock<Description>,
    state: Mutex<State>,
}

/// What the program said of itself, resolved into the harness's terms.
struct Description {
    name: String,
    language: Option<String>,
    library: Option<String>,
    version: String,
    spec: String,
    blind_spots: Vec<BlindSpot>,
    /// The blind spots its `about` declares that the protocol does not have, `(field, how)`:
    /// an error at start.
    unknown_blind_spots: Vec<(String, String)>,
    operations: Option<Vec<String>>,
    /// The parse rules it does, when `about` lists them.
    rules: Option<Vec<ParseRule>>,
    /// The rules its `about` names that the protocol does not have: an error at start.
    unknown_rules: Vec<String>,
    /// The one level its normalization implements, when `about` names one.
    normalization: Option<Level>,
    /// Its programs in its own language, for reports.
    reproduce: Option<super::foreign::Template>,
}

#[derive(Default)]
struct State {
    running: Option<Running>,
    next_id: u64,
    /// The answer to `about` of the first start.
    first_about: Option<protocol::About>,
    /// Cases in a row on which the program failed to start or timed out.
    faults_in_a_row: u32,
    /// Cases in a row that crashed it when asked alone.
    crashes_in_a_row: u32,
    /// Why the program is benched, once it is ([`BENCH_AFTER`]).
    benched: Option<String>,
    /// What is wrong with its first answer to `about`, if anything: the first line it wrote
    /// was not JSON, or named a field the protocol does not have.
    about_error: Option<String>,
}

struct Running {
    program: Program,
    /// Whether it echoes ids (protocol version 2).
    with_ids: bool,
    /// What its answer to `about` looks like, when that tells it from any answer to a case: a
    /// version 1 program is asked `about` again after each window of requests, and an answer of
    /// another look in its place shows that answers drifted.
    marker: Option<Marker>,
}

/// The look of an answer to `about`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Marker {
    /// `{"error":...}`, no `valid` (a version 1 program).
    Error,
    /// An object with neither `valid` nor `error` nor `unsupported` (a description).
    Description,
}

impl Marker {
    fn of(line: &str) -> Option<Marker> {
        let value: Value = serde_json::from_str(line).ok()?;
        let object = value.as_object()?;
        if object.contains_key("valid") || object.contains_key("unsupported") {
            return None;
        }
        Some(if object.contains_key("error") {
            Marker::Error
        } else {
            Marker::Description
        })
    }
}

/// Whether an answer is `{"unsupported":true}` and nothing else (its id taken out).
fn is_unsupported(value: &Value) -> bool {
    value
        .as_object()
        .is_some_and(|o| o.len() == 1 && o.get("unsupported") == Some(&Value::Bool(true)))
}

/// What went wrong with a program.
enum Fault {
    TimedOut,
    Exited {
        status: String,
        stderr: String,
    },
    NotAnAnswer(String),
    CannotStart(String),
    /// A line more than the request's answer (or, where `about` followed, none in its place).
    Extra(String),
    /// The harness is stopping: nothing is said of the program.
    Interrupted,
}

impl Fault {
    /// Whether it counts towards benching the program on a case it was asked: it did not
    /// answer in time. (Every failure to start counts.)
    fn benches(&self) -> bool {
        matches!(self, Fault::TimedOut | Fault::CannotStart(_))
    }

    fn outcome(self) -> Outcome {
        match self {
            Fault::TimedOut => Outcome::TimedOut,
            Fault::Interrupted => Outcome::Unsupported,
            Fault::Extra(line) => {
                Outcome::Panicked(format!("{EXTRA_ANSWER}: {}", quoted_answer(&line)))
            }
            Fault::Exited { status, stderr } if stderr.trim().is_empty() => {
                Outcome::Panicked(format!("{EXITED}: the program exited ({status})"))
            }
            Fault::Exited { status, stderr } => Outcome::Panicked(format!(
                "{EXITED}: the program exited ({status}); its standard error ends: {}",
                quoted(stderr.trim_end())
            )),
            Fault::NotAnAnswer(line) => {
                Outcome::Panicked(format!("{NOT_AN_ANSWER}: {}", quoted_answer(&line)))
            }
            Fault::CannotStart(why) => Outcome::Panicked(format!("{CANNOT_START}: {why}")),
        }
    }
}

/// "; its standard error ends: ..." for a program that wrote something there, else nothing;
/// its line ends escaped like every other control character, so that none of its lines passes
/// for one of the harness's.
fn stderr_said(stderr: &str) -> String {
    if stderr.trim().is_empty() {
        String::new()
    } else {
        format!(
            "; its standard error ends:\n{}",
            crate::report::visible_line(&quoted(stderr.trim_end()))
        )
    }
}

/// The most characters of a field of `about` (a version, a claim, a blind spot's reason) that
/// the harness keeps: each is copied into every report of the program.
pub const ABOUT_FIELD_CHARS: usize = 200;

/// A field of `about` cut to [`ABOUT_FIELD_CHARS`] characters, with a mark where it was cut.
fn about_field(text: &str) -> String {
    match text.char_indices().nth(ABOUT_FIELD_CHARS) {
        None => text.to_owned(),
        Some((at, _)) => format!("{}… [cut]", &text[..at]),
    }
}

/// `text` cut to [`QUOTED`] characters (its end kept, where the news usually is).
fn quoted(text: &str) -> String {
    let count = text.chars().count();
    if count <= QUOTED {
        return text.to_owned();
    }
    let tail: String = text.chars().skip(count - QUOTED).collect();
    format!("[{} characters cut]...{tail}", count - QUOTED)
}

/// A program's line quoted in a case's finding: [`quoted`], with the value of its request id
/// masked ([`super::process::id_masked`]), since the id depends on how the cases were batched.
fn quoted_answer(line: &str) -> String {
    quoted(&super::process::id_masked(line))
}

/// A name usable as a directory: lowercase `[a-z0-9.-]`, never empty, `.` or `..`.
pub(crate) fn sanitized_name(name: &str) -> String {
    let mut out = String::with_capacity(name.len());
    for c in name.chars() {
        let c = c.to_ascii_lowercase();
        if c.is_ascii_alphanumeric() || c == '.' {
            out.push(c);
        } else if !out.ends_with('-') {
            out.push('-');
        }
    }
    let out = out.trim_matches(|c| c == '-' || c == '.');
    if out.is_empty() {
        "external".to_owned()
    } else {
        out.chars().take(64).collect()
    }
}

impl External {
    /// A program run by `sh -c command`, with `limit` per case and the default start-up limit
    /// and batch. `spec` is `NAME=COMMAND` or just `COMMAND`.
    pub fn new(spec: &str, limit: Duration) -> Self {
        External::with_options(
            spec,
            Options {
                limit,
                ..Options::default()
            },
        )
    }

    /// A program run by `sh -c command`. `spec` is `NAME=COMMAND` or just `COMMAND`; without a
    /// name, the program's own (from `about`) is taken, or else the file stem of the command's
    /// last word that is not an option, sanitised.
    pub fn with_options(spec: &str, options: Options) -> Self {
        let (given_name, command) = match spec.split_once('=') {
            Some((name, command))
                if !name.is_empty()
                    && name
                        .bytes()
                        .all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_') =>
            {
                (Some(sanitized_name(name)), command.to_owned())
            }
            _ => (None, spec.to_owned()),
        };
        External {
            given_name,
            command,
            options: Options {
                in_flight: options.in_flight.max(1),
                ..options
            },
            description: OnceLock::new(),
            state: Mutex::new(State::default()),
        }
    }

    /// The command line, as given.
    pub fn command(&self) -> &str {
        &self.command
    }

    /// The language its `about` names, if it names one.
    pub fn language(&self) -> Option<&str> {
        self.description().language.as_deref()
    }

    /// The library its `about` names, if it names one.
    pub fn library(&self) -> Option<&str> {
        self.description().library.as_deref()
    }

    fn description(&self) -> &Description {
        self.description.get_or_init(|| {
            let about = {
                let mut state = self.state.lock().unwrap_or_else(|e| e.into_inner());
                if state.running.is_none() && state.first_about.is_none() {
                    // A program that cannot start now is described by its command alone.
                    let _ = self.start(&mut state);
                }
                state.first_about.clone().unwrap_or_default()
            };
            self.describe(about)
        })
    }

    fn describe(&self, mut about: protocol::About) -> Description {
        for text in [
            &mut about.version,
            &mut about.spec,
            &mut about.language,
            &mut about.library,
        ]
        .into_iter()
        .flatten()
        {
            *text = about_field(text);
        }
        for declared in &mut about.blind_spots {
            declared.reason = about_field(&declared.reason);
        }
        let name = self.given_name.clone().unwrap_or_else(|| {
            about
                .name
                .as_deref()
                .map_or_else(|| default_name(&self.command), sanitized_name)
        });
        let mut unknown_blind_spots = Vec::new();
        let blind_spots = about
            .blind_spots
            .iter()
            .filter_map(|declared| {
                let field = Field::ALL.into_iter().find(|f| f.name() == declared.field);
                let blindness = Blindness::from_name(&declared.how);
                let (Some(field), Some(blindness)) = (field, blindness) else {
                    // An error at start (`check_start`), never silently ignored.
                    unknown_blind_spots.push((declared.field.clone(), declared.how.clone()));
                    return None;
                };
                // The reason lives as long as the harness: a few bytes per program.
                let reason: &'static str = Box::leak(declared.reason.clone().into_boxed_str());
                Some(BlindSpot {
                    field,
                    blindness,
                    reason,
                })
            })
            .collect();
        Description {
            name,
            language: about.language,
            library: about.library,
            // Shown in reports: no folder of the machine that ran it.
            version: about.version.map_or_else(
                || relative_paths(&self.command),
                |v| format!("{v} ({})", relative_paths(&self.command)),
            ),
            spec: about.spec.unwrap_or_else(|| "external program".to_owned()),
            blind_spots,
            unknown_blind_spots,
            operations: about.operations,
            rules: about.rules.as_ref().map(|rules| {
                rules
                    .iter()
                    .filter_map(|name| ParseRule::from_name(name))
                    .collect()
            }),
            unknown_rules: about
                .rules
                .iter()
                .flatten()
                .filter(|name| ParseRule::from_name(name).is_none())
                .cloned()
                .collect(),
            normalization: about.normalization.as_deref().and_then(|name| {
                let level = Level::from_name(name);
                if level.is_none() {
                    eprintln!(
                        "warning: {}: normalization level {name:?} is not one the harness knows; ignored",
                        self.command
                    );
                }
                level
            }),
            reproduce: about.reproduce,
        }
    }

    /// Starts the program and asks it `about`.
    fn start(&self, state: &mut State) -> Result<(), Fault> {
        let name = self.given_name.as_deref().unwrap_or("external");
        let program = Program::start(name, &self.command).map_err(Fault::CannotStart)?;
        let id = state.next_id;
        state.next_id += 1;
        let line = format!("{{\"op\":\"about\",\"id\":{id}}}\n");
        program.send(line.into_bytes());
        let fault = match program.next_line(Instant::now() + self.options.startup) {
            Ok(line) => {
                let mut value: Value = serde_json::from_str(&line).unwrap_or(Value::Null);
                let echoed = value
                    .as_object_mut()
                    .and_then(|o| o.remove("id"))
                    .is_some_and(|v| v.as_u64() == Some(id));
                if state.first_about.is_none() {
                    // A version 1 program answers {"error":...}: it says nothing of itself.
                    let about = if !value.is_object() {
                        state.about_error = Some(format!(
                            "the first line it wrote on standard output is not an answer to about (a protocol program writes nothing else there): {}",
                            quoted(&line)
                        ));
                        protocol::About::default()
                    } else if value.get("error").is_some() || is_unsupported(&value) {
                        // A version 1 program may also answer `about` as any request it does
                        // not do: it has no `about`, as one that answers an error.
                        protocol::About::default()
                    } else {
                        serde_json::from_value(value).unwrap_or_else(|e| {
                            state.about_error = Some(format!(
                                "its answer to about is not understood ({e}): {}",
                                quoted(&line)
                            ));
                            protocol::About::default()
                        })
                    };
                    state.first_about = Some(about);
                }
                state.running = Some(Running {
                    program,
                    with_ids: echoed,
                    marker: if echoed { None } else { Marker::of(&line) },
                });
                return Ok(());
            }
            Err(Silence::TimedOut) => Fault::TimedOut,
            Err(Silence::Interrupted) => Fault::Interrupted,
            Err(Silence::Closed) => {
                let stderr = program.stderr_after_close();
                let status = program.kill();
                return Err(Fault::Exited { status, stderr });
            }
        };
        drop(program.kill());
        Err(fault)
    }

    /// Starts the program, unless it has started, and checks what it says of itself: `Err`
    /// with the reason (its standard error included) when it cannot be run, exits or stays
    /// silent before answering `about`, writes something else first, or names in `about` a
    /// field, operation or rule the protocol does not have. A command line turns this into a
    /// usage error before any case is asked, rather than a run in which every case fails.
    pub fn check_start(&self) -> Result<(), String> {
        {
            let mut state = self.state.lock().unwrap_or_else(|e| e.into_inner());
            if state.running.is_none() && state.first_about.is_none() {
                if let Err(fault) = self.start(&mut state) {
                    return Err(match fault {
                        Fault::TimedOut => format!(
                            "it did not answer {{\"op\":\"about\"}} within {} ms (--startup-ms){}",
                            self.options.startup.as_millis(),
                            stderr_said(&Self::kill(&mut state).1)
                        ),
                        Fault::Exited { status, stderr } => {
                            format!(
                                "it exited before answering about ({status}){}",
                                stderr_said(&stderr)
                            )
                        }
                        Fault::CannotStart(why) => format!("it cannot be started: {why}"),
                        Fault::Interrupted => format!(
                            "it did not answer {{\"op\":\"about\"}} before the run stopped (its --time ran out, or a signal came){}",
                            stderr_said(&Self::kill(&mut state).1)
                        ),
                        Fault::NotAnAnswer(line) | Fault::Extra(line) => format!(
                            "its first line on standard output is not an answer to about: {}",
                            quoted(&line)
                        ),
                    });
                }
            }
            if let Some(error) = &state.about_error {
                return Err(error.clone());
            }
        }
        let description = self.description();
        const OPERATIONS: [&str; 6] = [
            "parse",
            "resolve",
            "normalize",
            "serialize",
            "iri-to-uri",
            "uri-to-iri",
        ];
        for operation in description.operations.iter().flatten() {
            if !OPERATIONS.contains(&operation.as_str()) {
                return Err(format!(
                    "its answer to about names the operation {operation:?}, which the protocol does not have (it has {})",
                    OPERATIONS.join(", ")
                ));
            }
        }
        if let Some((field, how)) = description.unknown_blind_spots.first() {
            return Err(format!(
                "its answer to about declares the blind spot {how:?} of field {field:?}, which the protocol does not have (fields: {}; kinds: {})",
                Field::ALL.map(Field::name).join(", "),
                Blindness::ALL.map(Blindness::name).join(", ")
            ));
        }
        if let Some(template) = &description.reproduce {
            template.check()?;
        }
        if let Some(rule) = description.unknown_rules.first() {
            return Err(format!(
                "its answer to about names the rule {rule:?}, which is none of RFC 3986's URI-reference, URI, absolute-URI, relative-ref or RFC 3987's IRI-reference, IRI, absolute-IRI, irelative-ref"
            ));
        }
        Ok(())
    }

    /// Kills the running program, if any; what it was doing is lost.
    fn kill(state: &mut State) -> (String, String) {
        match state.running.take() {
            Some(running) => {
                let stderr = running.program.stderr_tail();
                (running.program.kill(), stderr)
            }
            None => ("not running".to_owned(), String::new()),
        }
    }

    /// Whether the program said it does this request.
    fn supports(&self, request: &Request) -> bool {
        let description = self.description();
        let op = match request {
            Request::Parse { .. } => "parse",
            Request::Resolve { .. } => "resolve",
            Request::Normalize { .. } => "normalize",
        };
        if let Some(operations) = &description.operations
            && !operations.iter().any(|o| o == op)
        {
            return false;
        }
        match (request, &description.rules) {
            (Request::Parse { rule, .. }, Some(rules)) => {
                rules.contains(rule.as_ref().unwrap_or(&ParseRule::default()))
            }
            _ => true,
        }
    }

    /// Answers every request, each within the time limit from when it is sent. A benched
    /// program, or one asked while the harness stops, answers `unsupported` without being asked.
    pub fn answer_many(&self, requests: &[Request]) -> Vec<Outcome> {
        let mut answers: Vec<Option<Outcome>> = vec![None; requests.len()];
        let mut asked = VecDeque::new();
        for (index, request) in requests.iter().enumerate() {
            if self.supports(request) {
                asked.push_back(index);
            } else {
                answers[index] = Some(Outcome::Unsupported);
            }
        }
        let mut state = self.state.lock().unwrap_or_else(|e| e.into_inner());
        let alone = self.exchange(&mut state, requests, asked, false, &mut answers);
        for index in alone {
            if state.benched.is_some() {
                // Benched meanwhile: not asked again. One that timed out in the batch (from its
                // own request's sending) keeps that finding; any other is not answered.
                answers[index].get_or_insert(Outcome::Unsupported);
                continue;
            }
            // Each request is asked again after a fault that killed the program, so it meets a
            // fresh one and nothing another case left behind is blamed on it; or after a
            // version 1 program's drift, once it is in step again (its answer to `about`
            // came), with nothing of another case's left to read.
            let again = self.exchange(
                &mut state,
                requests,
                VecDeque::from([index]),
                true,
                &mut answers,
            );
            debug_assert!(again.is_empty());
        }
        answers
            .into_iter()
            .map(|a| a.unwrap_or(Outcome::Unsupported))
            .collect()
    }

    /// Notes a case's fault: one that benches (a failure to start, a time-out) counts, any
    /// other resets the count; the program is benched after [`BENCH_AFTER`] in a row.
    fn count_fault(&self, state: &mut State, benches: bool) {
        if !benches {
            state.faults_in_a_row = 0;
            return;
        }
        state.faults_in_a_row += 1;
        if state.faults_in_a_row >= BENCH_AFTER {
            let why = format!(
                "{} cases in a row failed to start or timed out; its later cases were not asked",
                state.faults_in_a_row
            );
            self.bench(state, why);
        }
    }

    /// Notes that the program exited (crashed) on a case; it is benched after
    /// [`BENCH_AFTER_CRASHES`] exits with no answer between.
    fn count_crash(&self, state: &mut State, fault: &Fault) {
        if !matches!(fault, Fault::Exited { .. }) {
            return;
        }
        state.crashes_in_a_row += 1;
        if state.crashes_in_a_row >= BENCH_AFTER_CRASHES {
            let why = format!(
                "it exited on {} cases in a row; its later cases were not asked",
                state.crashes_in_a_row
            );
            self.bench(state, why);
        }
    }

    /// Notes an answer: the counts of faults and crashes in a row start again.
    fn count_answer(state: &mut State) {
        state.faults_in_a_row = 0;
        state.crashes_in_a_row = 0;
    }

    /// Benches the program (once) for `why`, and kills it.
    fn bench(&self, state: &mut State, why: String) {
        if state.benched.is_none() {
            let name = self.description.get().map_or_else(
                || {
                    self.given_name
                        .clone()
                        .unwrap_or_else(|| default_name(&self.command))
                },
                |d| d.name.clone(),
            );
            super::note_benched(name, why.clone());
            state.benched = Some(why);
        }
        Self::kill(state);
    }

    /// Whether nothing more is to be asked: the program is benched or the harness stops.
    fn stopped(state: &State) -> bool {
        state.benched.is_some() || super::process::interrupted()
    }

    /// Sends the requests numbered `queue` and records the answers: by id for a version 2
    /// program, by order for a version 1 program. With `alone` (one request), a fault is that
    /// request's finding; otherwise the requests to ask again alone are returned.
    fn exchange(
        &self,
        state: &mut State,
        requests: &[Request],
        mut queue: VecDeque<usize>,
        alone: bool,
        answers: &mut [Option<Outcome>],
    ) -> Vec<usize> {
        let mut ask_alone = Vec::new();
        loop {
            if Self::stopped(state) {
                if super::process::interrupted() {
                    // The program may be in the middle of a request: it goes.
                    Self::kill(state);
                }
                for index in queue.drain(..) {
                    answers[index] = Some(Outcome::Unsupported);
                }
                return ask_alone;
            }
            if queue.is_empty() {
                return ask_alone;
            }
            if state.running.is_none()
                && let Err(fault) = self.start(state)
            {
                // The program does not start: that is the next case's finding.
                if let Some(index) = queue.pop_front() {
                    self.count_fault(state, !matches!(fault, Fault::Interrupted));
                    answers[index] = Some(fault.outcome());
                }
                continue;
            }
            let with_ids = state.running.as_ref().is_some_and(|r| r.with_ids);
            if with_ids {
                self.by_id(state, requests, &mut queue, alone, answers, &mut ask_alone);
            } else {
                self.by_order(state, requests, &mut queue, alone, answers, &mut ask_alone);
            }
        }
    }

    /// One round with a version 2 program: up to `in_flight` requests in flight, answers
    /// matched by id, then `about` to be sure no line is still coming. A line with the id of a
    /// request already answered is that request's finding ([`EXTRA_ANSWER`]); a line that
    /// answers nothing (no id of a request in flight), a time-out or an exit kill the program,
    /// and the oldest request in flight is asked again alone (or, `alone`, gets the fault).
    fn by_id(
        &self,
        state: &mut State,
        requests: &[Request],
        queue: &mut VecDeque<usize>,
        alone: bool,
        answers: &mut [Option<Outcome>],
        ask_alone: &mut Vec<usize>,
    ) {
        let width = if alone { 1 } else { self.options.in_flight };
        let first_id = state.next_id;
        let mut answered: HashMap<u64, usize> = HashMap::new();
        let mut flight: VecDeque<(u64, usize, Instant)> = VecDeque::new();
        // The id of the closing `about`, once sent.
        let mut closing: Option<(u64, Instant)> = None;
        // Whether the closing `about` may go right behind the last request (one round trip for
        // the round): until a program answers it before an earlier request, which it may (the
        // answers come in any order); then it goes only once every answer is in.
        let mut pipelined = true;
        // Lines that answered nothing: an answer sent again, a late line of an earlier round.
        let mut unexpected = 0usize;
        loop {
            let Some(running) = &state.running else {
                return;
            };
            while closing.is_none()
                && flight.len() < width
                && let Some(index) = queue.pop_front()
            {
                let id = state.next_id;
                state.next_id += 1;
                let mut line = protocol::write_request_with_id(&requests[index], id);
                line.push('\n');
                // A program that stopped reading shows as a closed output below.
                running.program.send(line.into_bytes());
                flight.push_back((id, index, Instant::now()));
            }
            if pipelined && queue.is_empty() && closing.is_none() && !flight.is_empty() {
                let id = state.next_id;
                state.next_id += 1;
                running
                    .program
                    .send(format!("{{\"op\":\"about\",\"id\":{id}}}\n").into_bytes());
                closing = Some((id, Instant::now()));
            }
            if flight.is_empty() && closing.is_none() {
                if queue.is_empty() {
                    let id = state.next_id;
                    state.next_id += 1;
                    running
                        .program
                        .send(format!("{{\"op\":\"about\",\"id\":{id}}}\n").into_bytes());
                    closing = Some((id, Instant::now()));
                } else {
                    continue;
                }
            }
            let deadline = match (flight.front(), closing) {
                (Some(&(_, _, sent)), _) => sent + self.options.limit,
                (None, Some((_, sent))) => sent + self.options.limit,
                (None, None) => return,
            };
            let fault = match running.program.next_line(deadline) {
                Ok(line) => {
                    let id = serde_json::from_str::<Value>(&line)
                        .ok()
                        .and_then(|v| v.get("id").and_then(Value::as_u64));
                    if let (Some(id), Some((closing_id, _))) = (id, closing)
                        && id == closing_id
                    {
                        if flight.is_empty() {
                            // Every line before this one is read: the round is over.
                            return;
                        }
                        // Answered before a request still in flight: another `about` closes
                        // the round once every answer is in.
                        closing = None;
                        pipelined = false;
                        continue;
                    }
                    let ignored = match id.and_then(|id| answered.get(&id)) {
                        Some(index) => {
                            answers[*index] = Some(Fault::Extra(line.clone()).outcome());
                            true
                        }
                        // A late line of an earlier round: nothing of this round's.
                        None => id.is_some_and(|id| id < first_id),
                    };
                    if ignored {
                        unexpected += 1;
                        let sent = usize::try_from(state.next_id - first_id).unwrap_or(usize::MAX);
                        if unexpected > sent.saturating_add(EXTRA_LINES_PER_ROUND) {
                            // A flood: nothing more is asked of it (the requests in flight are
                            // not answered, which is no finding).
                            self.bench(
                                state,
                                format!(
                                    "it wrote more than {EXTRA_LINES_PER_ROUND} lines beyond one per request in a round that answer nothing (a flood); its later cases were not asked"
                                ),
                            );
                            return;
                        }
                        // However many lines come, the time limit holds.
                        if Instant::now() < deadline {
                            continue;
                        }
                        Fault::TimedOut
                    } else {
                        if closing.is_some() && flight.is_empty() {
                            // Nothing in flight to blame: the program starts afresh next time.
                            Self::kill(state);
                            return;
                        }
                        match credit(&line, true, &mut flight, requests) {
                            Some((index, outcome)) => {
                                if let Some(id) = id {
                                    answered.insert(id, index);
                                }
                                answers[index] = Some(outcome);
                                Self::count_answer(state);
                                // A pipelined `about` has its time from when it is due.
                                if flight.is_empty()
                                    && let Some((closing_id, _)) = closing
                                {
                                    closing = Some((closing_id, Instant::now()));
                                }
                                continue;
                            }
                            None => Fault::NotAnAnswer(line),
                        }
                    }
                }
                Err(Silence::Interrupted) => {
                    Self::kill(state);
                    for (_, index, _) in flight.drain(..) {
                        answers[index] = Some(Outcome::Unsupported);
                    }
                    return;
                }
                Err(_) if flight.is_empty() => {
                    // The closing `about` went unanswered: start afresh next time.
                    Self::kill(state);
                    return;
                }
                Err(Silence::TimedOut) => Fault::TimedOut,
                Err(Silence::Closed) => {
                    let stderr = running.program.stderr_after_close();
                    let (status, _) = Self::kill(state);
                    Fault::Exited { status, stderr }
                }
            };
            Self::kill(state);
            let Some((_, culprit, _)) = flight.pop_front() else {
                return;
            };
            self.count_fault(state, fault.benches());
            self.count_crash(state, &fault);
            if alone || state.benched.is_some() {
                // Alone, or benched by this fault (a time-out from its own request's sending):
                // the case's own finding.
                answers[culprit] = Some(fault.outcome());
            } else {
                if matches!(fault, Fault::TimedOut | Fault::Exited { .. }) {
                    // Kept should the program be benched before it is asked alone.
                    answers[culprit] = Some(fault.outcome());
                }
                ask_alone.push(culprit);
            }
            for (_, index, _) in flight.drain(..).rev() {
                queue.push_front(index);
            }
            return;
        }
    }

    /// One window with a version 1 program: up to `in_flight` requests, then `about`; the
    /// answers are taken in order, each must have a shape that fits its request, and the line
    /// after them must look like the program's answer to `about`. When it does not (an extra
    /// line, a missing one), the answers may have drifted: every request of the window is asked
    /// again alone, where the same check makes the extra line the request's own finding.
    fn by_order(
        &self,
        state: &mut State,
        requests: &[Request],
        queue: &mut VecDeque<usize>,
        alone: bool,
        answers: &mut [Option<Outcome>],
        ask_alone: &mut Vec<usize>,
    ) {
        let Some(running) = &state.running else {
            return;
        };
        let width = if alone { 1 } else { self.options.in_flight };
        let window: Vec<usize> = (0..width).map_while(|_| queue.pop_front()).collect();
        for &index in &window {
            let mut line = serde_json::to_string(&requests[index]).expect("requests serialize");
            line.push('\n');
            running.program.send(line.into_bytes());
        }
        let marker = running.marker;
        if marker.is_some() {
            running.program.send(b"{\"op\":\"about\"}\n".to_vec());
        }
        let sent = Instant::now();
        let mut got: Vec<Outcome> = Vec::with_capacity(window.len());
        let mut fault = None;
        // Whether the line in the place of the answer to `about` was another, and whether the
        // answer to `about` came right after it.
        let (mut drifted, mut resynchronised) = (false, false);
        for &index in &window {
            match running.program.next_line(sent + self.options.limit) {
                Ok(line) => match read_answer(&line, &requests[index]) {
                    Some(outcome) => got.push(outcome),
                    None => {
                        // An answer of the protocol's shapes that does not fit: answers have
                        // drifted, and none of the window's can be trusted.
                        drifted = serde_json::from_str::<Response>(&line).is_ok();
                        fault = Some(Fault::NotAnAnswer(line));
                        break;
                    }
                },
                Err(Silence::TimedOut) => {
                    fault = Some(Fault::TimedOut);
                    break;
                }
                Err(Silence::Interrupted) => {
                    fault = Some(Fault::Interrupted);
                    break;
                }
                Err(Silence::Closed) => {
                    let stderr = running.program.stderr_after_close();
                    let (status, _) = Self::kill(state);
                    fault = Some(Fault::Exited { status, stderr });
                    break;
                }
            }
        }
        if fault.is_none()
            && let Some(marker) = marker
            && let Some(running) = &state.running
        {
            match running
                .program
                .next_line(Instant::now() + self.options.limit)
            {
                Ok(line) if Marker::of(&line) == Some(marker) => {
                    for (&index, outcome) in window.iter().zip(got) {
                        answers[index] = Some(outcome);
                    }
                    Self::count_answer(state);
                    return;
                }
                Ok(line) => {
                    drifted = true;
                    // The answer to `about` may follow the extra line: then the program is in
                    // step again and goes on; otherwise it is started afresh.
                    resynchronised = matches!(
                        running.program.next_line(Instant::now() + RESYNC.min(self.options.limit)),
                        Ok(next) if Marker::of(&next) == Some(marker)
                    );
                    fault = Some(Fault::Extra(line));
                }
                Err(Silence::Interrupted) => fault = Some(Fault::Interrupted),
                // An answer is missing: the request that took the answer to `about` as its own
                // was not answered in time.
                Err(_) => {
                    drifted = true;
                    fault = Some(Fault::TimedOut);
                }
            }
        } else if fault.is_none() {
            for (&index, outcome) in window.iter().zip(got) {
                answers[index] = Some(outcome);
            }
            Self::count_answer(state);
            return;
        }
        if !resynchronised {
            Self::kill(state);
        }
        let Some(fault) = fault else {
            return;
        };
        match fault {
            Fault::Interrupted => {
                for index in window {
                    answers[index] = Some(Outcome::Unsupported);
                }
            }
            // Alone, or the window's only request: the fault is the request's own.
            fault if alone || window.len() == 1 => {
                self.count_fault(state, fault.benches());
                self.count_crash(state, &fault);
                answers[window[0]] = Some(fault.outcome());
            }
            // Drift: none of the window's answers can be trusted.
            _ if drifted => ask_alone.extend(window),
            Fault::TimedOut
                if {
                    self.count_fault(state, true);
                    state.benched.is_some()
                } =>
            {
                // Benched by this time-out, counted from the request's own sending.
                let culprit = window[got.len()];
                answers[culprit] = Some(Fault::TimedOut.outcome());
                for &index in window.iter().filter(|&&i| i != culprit) {
                    answers[index] = Some(Outcome::Unsupported);
                }
            }
            _ => {
                // The first request not answered is asked alone; the ones answered before it
                // are asked again with the rest, in a fresh program.
                let culprit = window[got.len()];
                if matches!(fault, Fault::TimedOut) {
                    // Kept should the program be benched before it is asked alone.
                    answers[culprit] = Some(Outcome::TimedOut);
                }
                ask_alone.push(culprit);
                for &index in window[got.len() + 1..].iter().rev() {
                    queue.push_front(index);
                }
                for &index in window[..got.len()].iter().rev() {
                    queue.push_front(index);
                }
            }
        }
    }
}

/// A version 1 program's line as the answer to `request`: `None` when it is not an answer of
/// the protocol's shapes, or not one that fits the request (a resolved target for a parse).
fn read_answer(line: &str, request: &Request) -> Option<Outcome> {
    let response = serde_json::from_str::<Response>(line).ok()?;
    fits(&response, request).then(|| outcome(response))
}

/// Whether an answer's shape fits the request.
fn fits(response: &Response, request: &Request) -> bool {
    match response {
        Response::Parsed { .. } => matches!(request, Request::Parse { .. }),
        Response::Resolved { .. } => matches!(request, Request::Resolve { .. }),
        Response::Normalized { .. } => matches!(request, Request::Normalize { .. }),
        Response::Invalid { .. } | Response::Unsupported { .. } | Response::BadRequest { .. } => {
            true
        }
    }
}

/// The request in flight that `line` answers, and the answer; `None` when it answers none.
/// By id, an answer of the protocol's shapes that does not fit its request is the request's
/// finding; in order (`with_ids` false), the oldest request's.
fn credit(
    line: &str,
    with_ids: bool,
    flight: &mut VecDeque<(u64, usize, Instant)>,
    requests: &[Request],
) -> Option<(usize, Outcome)> {
    let mut value: Value = serde_json::from_str(line).ok()?;
    let id = value.as_object_mut()?.remove("id");
    let position = if with_ids {
        let id = id?.as_u64()?;
        flight.iter().position(|&(sent, _, _)| sent == id)?
    } else {
        0
    };
    let &(_, index, _) = flight.get(position)?;
    let outcome = match serde_json::from_value::<Response>(value) {
        Ok(response) if fits(&response, &requests[index]) => outcome(response),
        // An answer by its id but not of the protocol's shapes: the case's own finding.
        _ if with_ids => Outcome::Panicked(format!("{NOT_AN_ANSWER}: {}", quoted_answer(line))),
        _ => return None,
    };
    flight.remove(position);
    Some((index, outcome))
}

fn default_name(command: &str) -> String {
    let stem = command
        .split_whitespace()
        .rev()
        .find(|word| !word.starts_with('-'))
        .and_then(|word| std::path::Path::new(word).file_stem())
        .map(|s| s.to_string_lossy().into_owned())
        .unwrap_or_default();
    sanitized_name(&stem)
}

impl Drop for External {
    fn drop(&mut self) {
        let state = self.state.get_mut().unwrap_or_else(|e| e.into_inner());
        if let Some(running) = state.running.take() {
            // Closing its input lets a well-behaved program end by itself; the group is
            // killed after a short grace in any case.
            running.program.close();
        }
    }
}

/// A protocol response as an outcome; a line that says the request was not understood is a
/// protocol error, reported like a crash.
fn outcome(response: Response) -> Outcome {
    match response {
        Response::Parsed {
            components,
            host_kind,
            ..
        } => Outcome::Parsed {
            components,
            host_kind,
        },
        Response::Resolved { target, .. } => Outcome::Resolved(target),
        Response::Normalized { normalized, .. } => Outcome::Normalized(normalized),
        Response::Invalid { error, .. } => {
            Outcome::Invalid(crate::protocol::read_rejection(&error))
        }
        Response::Unsupported { .. } => Outcome::Unsupported,
        Response::BadRequest { error } => {
            Outcome::Panicked(format!("{PROTOCOL_ERROR}: {}", quoted(&error)))
        }
    }
}

impl Implementation for External {
    fn reproduction(&self, case: &Request) -> Option<String> {
        self.description().reproduce.as_ref()?.program(case)
    }

    fn reproduction_language(&self) -> &str {
        self.description()
            .reproduce
            .as_ref()
            .map_or("text", |template| template.language.as_str())
    }

    fn about(&self) -> super::About<'_> {
        let description = self.description();
        super::About {
            name: &description.name,
            version: &description.version,
            spec: &description.spec,
            docs: "docs/protocol.md",
        }
    }

    fn parse(&self, input: &str, rule: Rule, options: ParseOptions) -> Outcome {
        self.answer(&Request::Parse {
            input: input.to_owned(),
            rule: (rule != Rule::UriReference).then(|| ParseRule::uri(rule)),
            zone_id: options.zone_id,
        })
    }

    fn resolve(&self, base: &str, reference: &str, strict: bool) -> Outcome {
        self.answer(&Request::Resolve {
            base: base.to_owned(),
            input: reference.to_owned(),
            strict,
        })
    }

    fn normalize(&self, input: &str, level: Level) -> Outcome {
        self.answer(&Request::Normalize {
            input: input.to_owned(),
            level: Some(level),
        })
    }

    fn supports_zone_id(&self) -> bool {
        // The program says so itself, by answering or by saying unsupported.
        true
    }

    fn blind_spots(&self) -> &[BlindSpot] {
        &self.description().blind_spots
    }

    fn normalization_level(&self) -> Option<Level> {
        self.description().normalization
    }

    fn answer(&self, request: &Request) -> Outcome {
        self.answer_many(std::slice::from_ref(request))
            .pop()
            .unwrap_or(Outcome::TimedOut)
    }

    fn command_line(&self) -> Option<String> {
        Some(format!(
            "--impl-cmd {}",
            super::reproduction::shell_quote(&format!(
                "{}={}",
                self.about().name,
                relative_paths(&self.command)
            ))
        ))
    }

    fn answer_guarded(&self, requests: &[Request]) -> Option<Vec<Outcome>> {
        Some(self.answer_many(requests))
    }

    fn catalogue_file(&self) -> Option<std::path::PathBuf> {
        // The program is the first word that names a file by a path (`adapters/go/net-url/run`,
        // or the script after an interpreter: `python3 /x/adapter.py`).
        let program = self
            .command
            .split_whitespace()
            .map(std::path::Path::new)
            .find(|word| word.components().count() > 1 && word.is_file())?;
        let file = program.parent()?.join(CATALOGUE_FILE);
        file.is_file().then_some(file)
    }

    /// The optional `serialize` operation; a program that does not know it answers an error
    /// line (or `unsupported`), which leaves the round-trip properties out for it.
    fn serialize(&self, input: &str) -> Option<Result<String, String>> {
        // A program whose `about` lists its operations without `serialize` is not asked.
        if self
            .description()
            .operations
            .as_ref()
            .is_some_and(|operations| !operations.iter().any(|o| o == "serialize"))
        {
            return None;
        }
        let mut state = self.state.lock().unwrap_or_else(|e| e.into_inner());
        if Self::stopped(&state) || (state.running.is_none() && self.start(&mut state).is_err()) {
            return None;
        }
        let id = state.next_id;
        state.next_id += 1;
        let running = state.running.as_ref()?;
        let mut line = protocol::serialize_request(input);
        if running.with_ids {
            line = protocol::with_id(line, Some(&protocol::Id::from(id)));
        }
        line.push('\n');
        running.program.send(line.into_bytes());
        let answer = running
            .program
            .next_line(Instant::now() + self.options.limit);
        match answer {
            Ok(line) => {
                let mut value: Value = serde_json::from_str(&line).ok()?;
                let echoed = value.as_object_mut().and_then(|o| o.remove("id"));
                if running.with_ids && echoed.and_then(|v| v.as_u64()) != Some(id) {
                    // Not this request's answer: start afresh rather than misread later ones.
                    Self::kill(&mut state);
                    return None;
                }
                protocol::read_serialized(&value.to_string())
            }
            Err(_) => {
                Self::kill(&mut state);
                None
            }
        }
    }
}

/// What `implementation` says of itself in answer to `about`.
pub(crate) fn about_of(implementation: &dyn Implementation) -> protocol::About {
    let about = implementation.about();
    protocol::About {
        protocol: protocol::VERSION,
        name: Some(about.name.to_owned()),
        language: None,
        library: None,
        version: Some(about.version.to_owned()),
        spec: Some(about.spec.to_owned()),
        operations: None,
        rules: None,
        normalization: implementation
            .normalization_level()
            .map(|level| level.name().to_owned()),
        blind_spots: implementation
            .blind_spots()
            .iter()
            .map(|b| protocol::DeclaredBlindSpot {
                field: b.field.name().to_owned(),
                how: b.blindness.name().to_owned(),
                reason: b.reason.to_owned(),
            })
            .collect(),
        reproduce: None,
    }
}

/// The longest request line `serve` reads, in bytes (8 MiB: a 1 MiB URL, the longest a URL
/// list may hold, fits with room for JSON escapes and a base). A longer line is answered
/// `{"error":...}` and skipped without being held in memory.
pub(crate) const REQUEST_LINE_LIMIT: usize = 8 << 20;

/// Reads up to the end of the current line (or of the input), keeping nothing.
fn skip_line(input: &mut impl std::io::BufRead) -> std::io::Result<()> {
    loop {
        let (done, used) = {
            let buffer = input.fill_buf()?;
            if buffer.is_empty() {
                return Ok(());
            }
            match buffer.iter().position(|&b| b == b'\n') {
                Some(at) => (true, at + 1),
                None => (false, buffer.len()),
            }
        };
        input.consume(used);
        if done {
            return Ok(());
        }
    }
}

/// Answers requests read from `input` with `implementation`, one JSON line each, to `output`,
/// echoing ids and answering `about`. A line that is not UTF-8 or not a request is answered
/// `{"error":...}` and the loop goes on; it ends at the end of input or when the output is
/// closed.
pub fn serve(
    implementation: &dyn Implementation,
    input: impl std::io::Read,
    output: impl std::io::Write,
) -> std::io::Result<()> {
    use std::io::{BufRead, Write};
    let mut input = std::io::BufReader::with_capacity(1 << 16, input);
    let mut output = std::io::BufWriter::with_capacity(1 << 16, output);
    let mut bytes = Vec::new();
    let mut number = 0u64;
    loop {
        bytes.clear();
        let limit = REQUEST_LINE_LIMIT as u64 + 1;
        if std::io::Read::take(&mut input, limit).read_until(b'\n', &mut bytes)? == 0 {
            return output.flush();
        }
        number += 1;
        if bytes.len() > REQUEST_LINE_LIMIT && bytes.last() != Some(&b'\n') {
            // Too long: the rest of the line is read and dropped, never held.
            bytes = Vec::new();
            skip_line(&mut input)?;
            let answer = protocol::write_with_id(
                &Response::bad_request(format!(
                    "not a valid request: line {number} is longer than the {REQUEST_LINE_LIMIT} bytes a request may have"
                )),
                None,
            );
            writeln!(output, "{answer}")?;
            output.flush()?;
            continue;
        }
        let answer = match std::str::from_utf8(&bytes) {
            Err(e) => protocol::write_with_id(
                &Response::bad_request(format!(
                    "not a valid request: line {number} is not UTF-8 ({e}); JSON escapes (\\u0000) carry any character"
                )),
                None,
            ),
            Ok(line) if line.trim().is_empty() => {
                if input.buffer().is_empty() {
                    output.flush()?;
                }
                continue;
            }
            Ok(line) if protocol::read_serialize_request(line).is_some() => {
                let input = protocol::read_serialize_request(line).unwrap_or_default();
                let serialized = super::guard::catching(|| implementation.serialize(&input))
                    .unwrap_or_else(|panic| Some(Err(format!("panicked: {panic}"))));
                let id = protocol::Id::of(line);
                protocol::with_id(protocol::serialized_response(serialized), id.as_ref())
            }
            Ok(line) if protocol::is_iri_request(line) => {
                let (id, request) = protocol::read_iri_request(line);
                let response = match request {
                    Ok(request) => super::guard::catching(|| implementation.answer_iri(&request))
                        .unwrap_or_else(|panic| {
                            Response::bad_request(format!("panicked: {panic}")).into()
                        }),
                    Err(e) => Response::bad_request(e).into(),
                };
                protocol::write_with_id(&response, id.as_ref())
            }
            Ok(line) => {
                let incoming = protocol::read_incoming(line);
                match incoming.ask {
                    Ok(Ask::About) => {
                        protocol::write_with_id(&about_of(implementation), incoming.id.as_ref())
                    }
                    Ok(Ask::Request(request)) => {
                        let response: Response =
                            super::guard::answer_catching(implementation, &request).into();
                        protocol::write_with_id(&response, incoming.id.as_ref())
                    }
                    Err(e) => {
                        protocol::write_with_id(&Response::bad_request(e), incoming.id.as_ref())
                    }
                }
            }
        };
        writeln!(output, "{answer}")?;
        // A driver may wait for each answer before it sends the next request: flush when
        // every request read so far is answered, before a read that may wait.
        if input.buffer().is_empty() {
            output.flush()?;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn served(implementation: &dyn Implementation, lines: &str) -> Vec<String> {
        let mut output = Vec::new();
        serve(implementation, lines.as_bytes(), &mut output).expect("served");
        String::from_utf8(output)
            .expect("UTF-8 answers")
            .lines()
            .map(str::to_owned)
            .collect()
    }

    #[test]
    fn serve_answers_an_unknown_rule_or_level_with_an_error_and_goes_on() {
        let requests = concat!(
            r#"{"op":"parse","input":"x","rule":"no-such-rule","id":1}"#,
            "\n",
            r#"{"op":"normalize","input":"x","level":"deep","id":2}"#,
            "\n",
            r#"{"op":"normalize","input":"x","level":"deep","iri":true,"id":3}"#,
            "\n",
            r#"{"op":"parse","input":"a:b","rule":"URI","id":4}"#,
            "\n",
        );
        let answers = served(&super::super::reference::Reference, requests);
        assert_eq!(
            answers,
            [
                r#"{"id":1,"error":"not a valid request: unknown rule \"no-such-rule\" (expected URI-reference, URI, absolute-URI, relative-ref, IRI-reference, IRI, absolute-IRI or irelative-ref)"}"#,
                r#"{"id":2,"error":"not a valid request: unknown level \"deep\" (expected syntax or scheme)"}"#,
                r#"{"id":3,"error":"not a valid request: unknown level \"deep\" (expected syntax or scheme)"}"#,
                r#"{"id":4,"valid":true,"components":{"scheme":"a","userinfo":null,"host":null,"port":null,"path":"b","query":null,"fragment":null},"host_kind":null}"#,
            ]
        );
    }

    #[test]
    fn serve_answers_iri_requests_and_others_say_unsupported() {
        let requests = concat!(
            r#"{"op":"parse","input":"http://例/ä","rule":"IRI","id":1}"#,
            "\n",
            r#"{"op":"iri-to-uri","input":"/ä","id":2}"#,
            "\n",
            r#"{"op":"uri-to-iri","input":"/%C3%A4"}"#,
            "\n",
            r#"{"op":"resolve","base":"http://例/ä","input":"ö","iri":true}"#,
            "\n",
            r#"{"op":"normalize","input":"HTTP://例/%c3%a4","iri":true}"#,
            "\n",
            r#"{"op":"iri-to-uri","input":"/\uE000"}"#,
            "\n",
            r#"{"op":"parse","input":"/ä"}"#,
            "\n",
        );
        let answers = served(&super::super::reference::Reference, requests);
        assert_eq!(
            answers,
            [
                r#"{"id":1,"valid":true,"components":{"scheme":"http","userinfo":null,"host":"例","port":null,"path":"/ä","query":null,"fragment":null},"host_kind":"reg-name"}"#,
                r#"{"id":2,"valid":true,"uri":"/%C3%A4"}"#,
                r#"{"valid":true,"iri":"/ä"}"#,
                r#"{"valid":true,"target":"http://例/ö"}"#,
                r#"{"valid":true,"normalized":"http://例/ä"}"#,
                r#"{"valid":false,"error":"ipath: invalid character in ipath at byte 1"}"#,
                r#"{"valid":false,"error":"path: invalid character in path at byte 1"}"#,
            ]
        );
        // An implementation that does not declare RFC 3987 answers every IRI request
        // `unsupported`, and its URI requests as before.
        let answers = served(&super::super::planted::PctDot, requests);
        assert_eq!(
            answers[..6],
            [
                r#"{"id":1,"unsupported":true}"#,
                r#"{"id":2,"unsupported":true}"#,
                r#"{"unsupported":true}"#,
                r#"{"unsupported":true}"#,
                r#"{"unsupported":true}"#,
                r#"{"unsupported":true}"#
            ]
        );
        assert!(
            answers[6].starts_with(r#"{"valid":false"#),
            "{}",
            answers[6]
        );
    }

    #[test]
    fn serve_echoes_every_id_exactly_as_written() {
        let requests = concat!(
            r#"{"op":"parse","input":"a","id":123456789012345678901234567890}"#,
            "\n",
            r#"{"op":"about","id":-0.10}"#,
            "\n",
            r#"{"op":"iri-to-uri","input":"a","id":1e400}"#,
            "\n",
            r#"{"op":"serialize","input":"a","id":"\u00e9"}"#,
            "\n",
        );
        let answers = served(&super::super::reference::Reference, requests);
        for (answer, id) in answers.iter().zip([
            "123456789012345678901234567890",
            "-0.10",
            "1e400",
            r#""\u00e9""#,
        ]) {
            assert!(answer.starts_with(&format!("{{\"id\":{id},")), "{answer}");
        }
    }

    #[test]
    fn names_are_sanitised() {
        assert_eq!(sanitized_name(".."), "external");
        assert_eq!(sanitized_name("."), "external");
        assert_eq!(sanitized_name("My Adapter_v2"), "my-adapter-v2");
        assert_eq!(sanitized_name("../../etc"), "etc");
        assert_eq!(default_name("python3 ..."), "external");
        assert_eq!(
            default_name("python3 ./x/urllib_adapter.py -v"),
            "urllib-adapter"
        );
        assert_eq!(
            External::new("...", Duration::from_secs(1)).given_name,
            None
        );
    }

    #[test]
    fn fault_messages_have_fixed_details() {
        let message = match Fault::NotAnAnswer("x at y.rs:3".repeat(200)).outcome() {
            Outcome::Panicked(m) => m,
            other => panic!("{other:?}"),
        };
        assert_eq!(fixed_detail(&message), Some(NOT_AN_ANSWER));
        assert!(message.chars().count() < QUOTED + 60, "{message}");
        assert_eq!(fixed_detail("program-exited: 3"), Some(EXITED));
        assert_eq!(fixed_detail("program-exitedx"), None);
        assert_eq!(fixed_detail("boom at a.rs:1"), None);
    }

    #[test]
    fn answers_are_credited_by_id_only() {
        let now = Instant::now();
        let requests = [Request::parse("a"), Request::parse("b")];
        let mut flight = VecDeque::from([(4, 0, now), (5, 1, now)]);
        let mut credit = |line: &str| credit(line, true, &mut flight, &requests);
        assert!(credit(r#"{"id":9,"unsupported":true}"#).is_none());
        assert!(credit(r#"{"unsupported":true}"#).is_none());
        assert!(credit("garbage").is_none());
        let (index, outcome) = credit(r#"{"id":5,"unsupported":true}"#).unwrap();
        assert_eq!((index, outcome), (1, Outcome::Unsupported));
        let (index, outcome) = credit(r#"{"id":4,"valid":"maybe"}"#).unwrap();
        assert_eq!(index, 0);
        assert!(matches!(outcome, Outcome::Panicked(m) if m.starts_with(NOT_AN_ANSWER)));
        assert!(flight.is_empty());
    }

    #[test]
    fn an_answer_must_fit_its_request() {
        let parse = Request::parse("a");
        assert!(read_answer(r#"{"valid":false,"error":"x"}"#, &parse).is_some());
        assert!(read_answer(r#"{"valid":true,"target":"http://a/"}"#, &parse).is_none());
        assert!(read_answer(r#"{"protocol":2,"name":"x"}"#, &parse).is_none());
        assert_eq!(Marker::of(r#"{"error":"unknown op"}"#), Some(Marker::Error));
        assert_eq!(Marker::of(r#"{"name":"x"}"#), Some(Marker::Description));
        assert_eq!(Marker::of(r#"{"valid":false,"error":"x"}"#), None);
        assert_eq!(Marker::of(r#"{"unsupported":true}"#), None);
    }
}
