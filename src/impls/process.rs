//! An external program in its own process group, so that the program and everything it starts
//! (`sh -c` starts the program; the program may start more) are killed together: on a time-out,
//! on a restart, when the harness drops it, and when the harness exits or is interrupted
//! ([`kill_all`]). Its standard error is read into a capped buffer, never passed to the
//! terminal, so that a flood neither blocks the program nor keeps a `| tail` pipeline waiting.
//!
//! A process can leave its group (`setsid`, a double fork): on Linux, three more measures find
//! it ([`sweep`]).
//! - Every program is started with `URI_CONFORMANCE_PROGRAM=<harness pid>.<number>` in its
//!   environment, which whatever it starts inherits; killing a program kills every process that
//!   holds its mark (read from `/proc/<pid>/environ`) and every descendant of its leader (from
//!   `/proc/<pid>/stat`), round after round until none is left.
//! - The harness makes itself a child subreaper (`prctl(PR_SET_CHILD_SUBREAPER)`): a process
//!   whose parent exits becomes the harness's child, not init's, and the sweep reaps it.
//! - The `sh` that leads the group gets `SIGKILL` when the harness dies
//!   (`prctl(PR_SET_PDEATHSIG)`), even when the harness is killed outright.
//!
//! Limits: a process that both leaves the group and clears its environment (`env -i`, a new
//! session of a login shell) after its parent exited is found only while the leader lives; a
//! harness killed with `SIGKILL` cannot sweep, so what left the group survives it; a
//! process of another user (a setuid program) cannot be killed. Elsewhere than Linux only the
//! group is killed.

use std::io::{BufRead, BufReader, Read, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError, Sender};
use std::sync::{Arc, Condvar, Mutex, OnceLock};
use std::thread::{self, JoinHandle};
use std::time::{Duration, Instant};

/// The most of a program's standard error kept (its last bytes).
pub(crate) const STDERR_KEPT: usize = 4096;

/// The longest answer line kept, in bytes (8 MiB, as much as a request may have: the answer to
/// a 1 MiB URL fits with its escapes). The rest of a longer line is read and dropped in the
/// reader's buffer, never held, and the line is no answer ([`read_line_bounded`]).
pub const LINE_LIMIT: usize = 8 << 20;

/// The most of a program's output read and not yet taken by the harness, in bytes (each line
/// counted with [`LINE_OVERHEAD`] more): past it the reader stops reading until lines are
/// taken, so that a program that writes faster than it is read (a flood) waits in its pipe,
/// not in the harness's memory. With the line being read and the one being judged, what the
/// harness holds of one program's output is at most `QUEUED_BYTES + 2 * LINE_LIMIT` (32 MiB).
pub(crate) const QUEUED_BYTES: usize = 16 << 20;

/// What a queued line costs beside its text (the channel's node, the string's header), so
/// that a flood of empty lines is bounded too.
const LINE_OVERHEAD: usize = 64;

/// The most of an over-long or non-UTF-8 line quoted in its place.
const EXCERPT: usize = 100;

/// The environment variable that marks a program and everything it starts.
pub(crate) const MARK: &str = "URI_CONFORMANCE_PROGRAM";

/// How long a program that was asked to end (its input closed) may take before it is killed.
const GRACE: Duration = Duration::from_millis(300);

/// How long the standard error's reader gets to drain the pipe once the output has closed.
const STDERR_DRAIN: Duration = Duration::from_millis(500);

/// The place of the standard error's reader among a program's threads.
const STDERR_READER: usize = 2;

/// How long to wait for the reading threads once the group is dead.
const THREAD_WAIT: Duration = Duration::from_secs(2);

/// How often a wait for a line looks at [`interrupted`].
const POLL: Duration = Duration::from_millis(50);

/// The programs alive, for [`kill_all`]: the process group (the leader's id) and the mark.
static GROUPS: Mutex<Vec<(u32, String)>> = Mutex::new(Vec::new());

/// Set when the harness is told to stop (a signal, or the end of `--time`): every wait for a
/// program's line ends within [`POLL`].
static INTERRUPTED: AtomicBool = AtomicBool::new(false);

/// The time after which no wait for a program's line goes on (`fuzz --time`), in nanoseconds
/// after [`epoch`]; 0 for none.
static CUTOFF: AtomicU64 = AtomicU64::new(0);

fn epoch() -> Instant {
    static EPOCH: OnceLock<Instant> = OnceLock::new();
    *EPOCH.get_or_init(Instant::now)
}

/// Tells every wait for a program's line to end now: the harness is stopping.
pub fn interrupt() {
    INTERRUPTED.store(true, Ordering::SeqCst);
}

/// No wait for a program's line goes past `at` (`fuzz --time`): the run then ends within one
/// time-out of the slowest program, however many cases it had left to answer.
pub fn cut_off_at(at: Instant) {
    let nanos = at.saturating_duration_since(epoch()).as_nanos().max(1);
    CUTOFF.store(u64::try_from(nanos).unwrap_or(u64::MAX), Ordering::SeqCst);
}

/// Whether a signal told the harness to stop ([`interrupt`]); unlike [`interrupted`], not the
/// end of `fuzz --time`: a task of the bundled crates is given up for this only.
pub(crate) fn interrupt_requested() -> bool {
    INTERRUPTED.load(Ordering::SeqCst)
}

/// Whether the harness is stopping ([`interrupt`]) or past its cut-off ([`cut_off_at`]): an
/// answer missing now says nothing about the program.
pub(crate) fn interrupted() -> bool {
    if interrupt_requested() {
        return true;
    }
    let cutoff = CUTOFF.load(Ordering::SeqCst);
    cutoff != 0 && epoch().elapsed().as_nanos() >= u128::from(cutoff)
}

/// Kills every program started here that is still alive, with all it started: for the
/// harness's exit and its signal handler.
pub fn kill_all() {
    let groups = GROUPS.lock().unwrap_or_else(|e| e.into_inner()).clone();
    for (group, mark) in groups {
        sweep(group, &mark);
    }
}

/// Set where every child of the harness that is not a program's leader was left by a program
/// ([`reap_strays`]).
static REAP_STRAYS: AtomicBool = AtomicBool::new(false);

/// Says that this process starts no child processes but programs (the command line does; a
/// test process does not): a program's process that ended on its own after its parent, and so
/// became the harness's child, is then reaped too, not only the ones the sweep killed.
pub fn reap_strays() {
    REAP_STRAYS.store(true, Ordering::SeqCst);
}

/// Reaps, at most once a second, the processes programs left that ended on their own after
/// their parent and so became the harness's zombie children (the subreaper's), where the
/// harness starts nothing else ([`reap_strays`]): a program that orphans a helper per case
/// leaves no pile of zombies over a long run.
fn reap_orphans_now_and_then() {
    #[cfg(target_os = "linux")]
    {
        static LAST: AtomicU64 = AtomicU64::new(0);
        if !REAP_STRAYS.load(Ordering::Relaxed) {
            return;
        }
        let now = u64::try_from(epoch().elapsed().as_millis()).unwrap_or(u64::MAX);
        let last = LAST.load(Ordering::Relaxed);
        if now.saturating_sub(last) < 1000
            || LAST
                .compare_exchange(last, now, Ordering::Relaxed, Ordering::Relaxed)
                .is_err()
        {
            return;
        }
        linux::reap_orphans();
    }
}

/// Held while a program is started and registered, and while a zombie is judged a stray and
/// reaped: a leader that ends at once is never reaped before it is known as a leader.
static SPAWNING: Mutex<()> = Mutex::new(());

/// Reaps a zombie child of the harness as a program's stray, if it is one: it is not a leader
/// (whose `Child` waits for it) and the harness starts nothing else ([`reap_strays`]).
#[cfg(target_os = "linux")]
fn reap_if_stray(pid: u32) {
    if !REAP_STRAYS.load(Ordering::SeqCst) {
        return;
    }
    let _spawning = SPAWNING.lock().unwrap_or_else(|e| e.into_inner());
    let leader = GROUPS
        .lock()
        .unwrap_or_else(|e| e.into_inner())
        .iter()
        .any(|(group, _)| *group == pid);
    if !leader {
        linux::reap(pid);
    }
}

/// Kills a program's process group, every process that holds its mark and every descendant of
/// its leader, until none is left (at most a second), and reaps the ones that became the
/// harness's children.
pub fn sweep(group: u32, mark: &str) {
    kill_group(group);
    #[cfg(target_os = "linux")]
    {
        let until = Instant::now() + Duration::from_secs(1);
        let mut killed = std::collections::HashSet::new();
        loop {
            let found = linux::kill_marked(group, mark, &mut killed);
            if found == 0 || Instant::now() >= until {
                break;
            }
            thread::sleep(Duration::from_millis(2));
        }
    }
    #[cfg(not(target_os = "linux"))]
    let _ = mark;
}

#[cfg(unix)]
#[allow(unsafe_code)]
fn kill_group(group: u32) {
    let Ok(group) = libc::pid_t::try_from(group) else {
        return;
    };
    if group > 1 {
        // SAFETY: kill(2) takes plain integers and touches no memory of ours; a negative pid
        // names the process group, which was made for this program alone (process_group(0)).
        unsafe {
            libc::kill(-group, libc::SIGKILL);
        }
    }
}

#[cfg(not(unix))]
fn kill_group(_: u32) {}

/// Blocks SIGINT, SIGTERM and SIGHUP in the calling thread (and so in every thread it starts
/// later: call it first thing in `main`) and calls `handler` with each one that arrives, on a
/// thread of its own, where it may take locks and write files. Programs started afterwards get
/// the default mask back (the standard library resets it in the child).
#[cfg(unix)]
#[allow(unsafe_code)]
pub fn on_termination_signals(handler: fn(i32)) -> Result<(), String> {
    // SAFETY: the set is a plain value initialised by sigemptyset before use; the calls take
    // pointers to it only for their duration.
    let set = unsafe {
        let mut set: libc::sigset_t = std::mem::zeroed();
        libc::sigemptyset(&mut set);
        for signal in [libc::SIGINT, libc::SIGTERM, libc::SIGHUP] {
            libc::sigaddset(&mut set, signal);
        }
        if libc::pthread_sigmask(libc::SIG_BLOCK, &set, std::ptr::null_mut()) != 0 {
            return Err("cannot block the termination signals".to_owned());
        }
        set
    };
    thread::Builder::new()
        .name("signals".to_owned())
        .spawn(move || {
            loop {
                let mut signal: libc::c_int = 0;
                // SAFETY: sigwait reads the set and writes one integer, both ours.
                if unsafe { libc::sigwait(&set, &mut signal) } == 0 {
                    handler(signal);
                }
            }
        })
        .map(|_| ())
        .map_err(|e| format!("cannot start the signal thread: {e}"))
}

/// Without Unix signals, nothing to install.
#[cfg(not(unix))]
pub fn on_termination_signals(_: fn(i32)) -> Result<(), String> {
    Ok(())
}

/// A running program.
pub(crate) struct Program {
    child: Child,
    group: u32,
    /// The value of [`MARK`] in its environment.
    mark: String,
    requests: Option<Sender<Vec<u8>>>,
    /// The lines of its output, without their ends; a line that is too long or not UTF-8
    /// comes as a note that is no answer ([`read_lines`]).
    lines: Receiver<String>,
    /// What of the output is queued in `lines`, bounded by [`QUEUED_BYTES`].
    backlog: Arc<Backlog>,
    stderr: Arc<Mutex<Vec<u8>>>,
    threads: Vec<JoinHandle<()>>,
    stopped: bool,
}

/// What went wrong while waiting for a line.
#[derive(Debug, PartialEq, Eq)]
pub(crate) enum Silence {
    /// Nothing came within the time.
    TimedOut,
    /// The program closed its output (it exited, most likely).
    Closed,
    /// The harness is stopping ([`interrupted`]): the wait was cut short.
    Interrupted,
}

impl Program {
    /// Starts `sh -c command` in a new process group, with its standard input, output and
    /// error piped.
    pub(crate) fn start(name: &str, command: &str) -> Result<Program, String> {
        static STARTED: AtomicU64 = AtomicU64::new(0);
        let mark = format!(
            "{}.{}",
            std::process::id(),
            STARTED.fetch_add(1, Ordering::Relaxed)
        );
        let mut shell = Command::new("sh");
        shell
            .arg("-c")
            .arg(command)
            .env(MARK, &mark)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped());
        #[cfg(unix)]
        std::os::unix::process::CommandExt::process_group(&mut shell, 0);
        #[cfg(target_os = "linux")]
        linux::prepare(&mut shell);
        let spawning = SPAWNING.lock().unwrap_or_else(|e| e.into_inner());
        let mut child =
            linux::spawn(shell).map_err(|e| format!("cannot start `sh -c {command:?}`: {e}"))?;
        let group = child.id();
        GROUPS
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .push((group, mark.clone()));
        drop(spawning);
        let (Some(stdin), Some(stdout), Some(stderr)) =
            (child.stdin.take(), child.stdout.take(), child.stderr.take())
        else {
            sweep(group, &mark);
            let _ = child.wait();
            return Err("the program's pipes are missing".to_owned());
        };
        let mut program = Program {
            child,
            group,
            mark,
            requests: None,
            lines: mpsc::channel().1,
            backlog: Arc::new(Backlog::default()),
            stderr: Arc::new(Mutex::new(Vec::new())),
            threads: Vec::new(),
            stopped: false,
        };
        let (send_line, lines) = mpsc::channel();
        let (requests, inbox) = mpsc::channel::<Vec<u8>>();
        let kept = Arc::clone(&program.stderr);
        let backlog = Arc::clone(&program.backlog);
        // The standard error's reader is the third ([`STDERR_READER`]).
        let spawned = [
            thread::Builder::new()
                .name(format!("{name}-stdout"))
                .spawn(move || read_lines(stdout, &send_line, &backlog)),
            thread::Builder::new()
                .name(format!("{name}-stdin"))
                .spawn(move || write_requests(stdin, &inbox)),
            thread::Builder::new()
                .name(format!("{name}-stderr"))
                .spawn(move || keep_tail(stderr, &kept)),
        ];
        for thread in spawned {
            match thread {
                Ok(handle) => program.threads.push(handle),
                Err(e) => return Err(format!("cannot start a thread for {name}: {e}")),
            }
        }
        program.requests = Some(requests);
        program.lines = lines;
        Ok(program)
    }

    /// Queues one line for the program's input. `false` when the program no longer reads.
    pub(crate) fn send(&self, line: Vec<u8>) -> bool {
        self.requests
            .as_ref()
            .is_some_and(|requests| requests.send(line).is_ok())
    }

    /// The next line of output, waiting until `deadline`.
    /// The next line of output, waiting until `deadline`, or less when the harness is stopping
    /// ([`interrupted`]: then [`Silence::Interrupted`]).
    pub(crate) fn next_line(&self, deadline: Instant) -> Result<String, Silence> {
        reap_orphans_now_and_then();
        loop {
            if interrupted() {
                // Even with lines waiting: a program that writes without end (a flood) must
                // not keep the harness from stopping.
                return Err(Silence::Interrupted);
            }
            let wait = deadline.saturating_duration_since(Instant::now());
            match self.lines.recv_timeout(wait.min(POLL)) {
                Ok(text) => return Ok(self.backlog.taken(text)),
                Err(RecvTimeoutError::Timeout) if wait <= POLL => return Err(Silence::TimedOut),
                Err(RecvTimeoutError::Timeout) => {}
                Err(RecvTimeoutError::Disconnected) => return Err(Silence::Closed),
            }
        }
    }

    /// The last [`STDERR_KEPT`] bytes of the program's standard error, lossily.
    pub(crate) fn stderr_tail(&self) -> String {
        let kept = self.stderr.lock().unwrap_or_else(|e| e.into_inner());
        String::from_utf8_lossy(&kept).into_owned()
    }

    /// [`Program::stderr_tail`] once the program's output has closed (it exited, most likely):
    /// the last bytes it wrote to its error may still be in the pipe, so the reader gets
    /// [`STDERR_DRAIN`] to reach their end first.
    pub(crate) fn stderr_after_close(&self) -> String {
        let until = Instant::now() + STDERR_DRAIN;
        while self
            .threads
            .get(STDERR_READER)
            .is_some_and(|t| !t.is_finished())
            && Instant::now() < until
        {
            thread::sleep(Duration::from_millis(2));
        }
        self.stderr_tail()
    }

    /// Kills the whole group and waits for it; the exit status of the `sh` that led it.
    pub(crate) fn kill(mut self) -> String {
        self.stop(Duration::ZERO)
    }

    /// Closes the program's input, gives it [`GRACE`] to end, then kills the whole group.
    pub(crate) fn close(mut self) -> String {
        self.stop(GRACE)
    }

    fn stop(&mut self, grace: Duration) -> String {
        self.stopped = true;
        // Closing the input ends the writing thread and tells the program to finish; the
        // reading thread, should it wait for room in the backlog, ends too.
        self.requests = None;
        self.backlog.close();
        let until = Instant::now() + grace;
        let mut status = None;
        while Instant::now() < until {
            if let Ok(Some(s)) = self.child.try_wait() {
                status = Some(s);
                break;
            }
            thread::sleep(Duration::from_millis(5));
        }
        // Whatever the leader did, the rest of the group goes too, and whatever left it.
        sweep(self.group, &self.mark);
        let status = match status {
            Some(s) => s.to_string(),
            None => self
                .child
                .wait()
                .map_or_else(|e| e.to_string(), |s| s.to_string()),
        };
        GROUPS
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .retain(|(g, _)| *g != self.group);
        // The pipes close when the last process of the group is gone, which ends the reading
        // threads; a process that left the group could keep them open, so the wait is bounded.
        let until = Instant::now() + THREAD_WAIT;
        while self.threads.iter().any(|t| !t.is_finished()) && Instant::now() < until {
            thread::sleep(Duration::from_millis(2));
        }
        for thread in std::mem::take(&mut self.threads) {
            if thread.is_finished() {
                let _ = thread.join();
            }
        }
        status
    }
}

impl Drop for Program {
    fn drop(&mut self) {
        if !self.stopped {
            self.stop(GRACE);
        }
    }
}

/// The bytes of a program's output read and not yet taken ([`QUEUED_BYTES`]).
#[derive(Default)]
struct Backlog {
    bytes: Mutex<usize>,
    taken: Condvar,
    closed: AtomicBool,
}

impl Backlog {
    fn cost(text: &str) -> usize {
        text.len() + LINE_OVERHEAD
    }

    /// Waits until `text` fits in the backlog (or the backlog is empty), then counts it in;
    /// `false` once the program is stopped.
    fn admit(&self, text: &str) -> bool {
        let cost = Backlog::cost(text);
        let mut bytes = self.bytes.lock().unwrap_or_else(|e| e.into_inner());
        while *bytes > 0 && *bytes + cost > QUEUED_BYTES {
            if self.closed.load(Ordering::SeqCst) {
                return false;
            }
            bytes = self
                .taken
                .wait_timeout(bytes, POLL)
                .unwrap_or_else(|e| e.into_inner())
                .0;
        }
        *bytes += cost;
        true
    }

    /// Counts `text` out of the backlog, and returns it.
    fn taken(&self, text: String) -> String {
        let mut bytes = self.bytes.lock().unwrap_or_else(|e| e.into_inner());
        *bytes = bytes.saturating_sub(Backlog::cost(&text));
        self.taken.notify_all();
        text
    }

    fn close(&self) {
        self.closed.store(true, Ordering::SeqCst);
        self.taken.notify_all();
    }

    #[cfg(test)]
    fn queued(&self) -> usize {
        *self.bytes.lock().unwrap_or_else(|e| e.into_inner())
    }
}

/// Reads one line into `line`, without its end, keeping at most [`LINE_LIMIT`] bytes: the
/// rest of a longer line is read and dropped a buffer at a time. `None` at the end of the
/// output; else how many bytes were dropped.
fn read_line_bounded(
    reader: &mut impl BufRead,
    line: &mut Vec<u8>,
) -> std::io::Result<Option<u64>> {
    line.clear();
    let mut dropped = 0u64;
    let mut read_any = false;
    loop {
        let buffer = match reader.fill_buf() {
            Ok(buffer) => buffer,
            Err(e) if e.kind() == std::io::ErrorKind::Interrupted => continue,
            Err(e) => return Err(e),
        };
        if buffer.is_empty() {
            return Ok(read_any.then_some(dropped));
        }
        read_any = true;
        let (chunk, used, done) = match buffer.iter().position(|&b| b == b'\n') {
            Some(at) => (&buffer[..at], at + 1, true),
            None => (buffer, buffer.len(), false),
        };
        let kept = chunk.len().min(LINE_LIMIT - line.len());
        if line.len() + kept > line.capacity() {
            // Grown by doubling as usual, but never past the limit.
            let want = (line.len() + kept).max(2 * line.capacity()).min(LINE_LIMIT);
            line.reserve_exact(want - line.len());
        }
        line.extend_from_slice(&chunk[..kept]);
        dropped += (chunk.len() - kept) as u64;
        reader.consume(used);
        if done {
            if dropped == 0 && line.last() == Some(&b'\r') {
                line.pop();
            }
            return Ok(Some(dropped));
        }
    }
}

/// A line as the harness takes it: its text, or, for a line too long or not UTF-8, a note
/// that is not JSON (so no answer: the case's finding, `not-a-protocol-answer`) with the
/// line's start. A program's bytes are never decoded with replacement characters and judged.
/// The note leaves the request id out (its value masked in the excerpt, not counted in the
/// length or the offset it gives): the id is the harness's count of requests, which depends
/// on how the cases were batched, and a report must not.
fn line_text(line: Vec<u8>, dropped: u64) -> String {
    let id = id_value(&line);
    let id_len = id.as_ref().map_or(0, |r| r.len());
    let excerpt = |bytes: &[u8]| {
        let parts: [&[u8]; 3] = match &id {
            Some(r) => [&bytes[..r.start], ID_MASK.as_bytes(), &bytes[r.end..]],
            None => [bytes, &[], &[]],
        };
        let head: Vec<u8> = parts
            .iter()
            .flat_map(|part| part.iter().copied())
            .take(4 * EXCERPT)
            .collect();
        let text = String::from_utf8_lossy(&head).into_owned();
        text.chars().take(EXCERPT).collect::<String>()
    };
    let without_id = if id.is_some() {
        ", its id's value not counted"
    } else {
        ""
    };
    if dropped > 0 {
        return format!(
            "(a line longer than the {LINE_LIMIT} bytes an answer may have: {} bytes{without_id}, cut) {}...",
            line.len() as u64 + dropped - id_len as u64,
            excerpt(&line)
        );
    }
    String::from_utf8(line).unwrap_or_else(|e| {
        let mut at = e.utf8_error().valid_up_to();
        if id.as_ref().is_some_and(|r| r.end <= at) {
            at -= id_len;
        }
        format!(
            "(a line that is not UTF-8: invalid byte at {at}{without_id}) {}",
            excerpt(e.as_bytes())
        )
    })
}

/// What stands for the value of a request id in a program's line that the harness quotes.
pub(crate) const ID_MASK: &str = "…";

/// `line` with the value of its request id ([`id_value`]) replaced by [`ID_MASK`], for a
/// line the harness quotes in a finding: the id depends on how the cases were batched.
pub(crate) fn id_masked(line: &str) -> std::borrow::Cow<'_, str> {
    match id_value(line.as_bytes()) {
        Some(r) => format!("{}{ID_MASK}{}", &line[..r.start], &line[r.end..]).into(),
        None => line.into(),
    }
}

/// Where the value of a line's request id is: the first `"id"` that begins a member (after
/// `{` or `,`), then `:`, then a number's characters (the ids the harness sends are numbers,
/// which a program that speaks version 2 of the protocol echoes: docs/protocol.md). The line
/// need not be JSON nor UTF-8: it is read as bytes.
fn id_value(line: &[u8]) -> Option<std::ops::Range<usize>> {
    const KEY: &[u8] = b"\"id\"";
    let space = |b: &u8| matches!(b, b' ' | b'\t' | b'\r' | b'\n');
    let skip_space = |mut at: usize| {
        while line.get(at).is_some_and(space) {
            at += 1;
        }
        at
    };
    let mut key = 0;
    while let Some(found) = line.get(key..)?.windows(KEY.len()).position(|w| w == KEY) {
        key += found;
        let begins_member = matches!(
            line[..key].iter().rev().find(|b| !space(b)),
            Some(b'{' | b',')
        );
        let colon = skip_space(key + KEY.len());
        key += KEY.len();
        if !begins_member || line.get(colon) != Some(&b':') {
            continue;
        }
        let start = skip_space(colon + 1);
        let mut end = start;
        while line
            .get(end)
            .is_some_and(|b| b.is_ascii_digit() || matches!(b, b'-' | b'+' | b'.' | b'e' | b'E'))
        {
            end += 1;
        }
        if end > start {
            return Some(start..end);
        }
    }
    None
}

fn read_lines(stdout: impl Read, lines: &Sender<String>, backlog: &Backlog) {
    let mut reader = BufReader::with_capacity(1 << 16, stdout);
    let mut line = Vec::new();
    loop {
        match read_line_bounded(&mut reader, &mut line) {
            Ok(None) | Err(_) => return,
            Ok(Some(dropped)) => {
                let text = line_text(std::mem::take(&mut line), dropped);
                if !backlog.admit(&text) || lines.send(text).is_err() {
                    return;
                }
            }
        }
    }
}

fn write_requests(mut stdin: ChildStdin, requests: &Receiver<Vec<u8>>) {
    for line in requests {
        if stdin.write_all(&line).and_then(|()| stdin.flush()).is_err() {
            return;
        }
    }
}

fn keep_tail(mut stderr: impl Read, kept: &Mutex<Vec<u8>>) {
    let mut buffer = [0u8; 8192];
    loop {
        match stderr.read(&mut buffer) {
            Ok(0) | Err(_) => return,
            Ok(n) => {
                let mut kept = kept.lock().unwrap_or_else(|e| e.into_inner());
                kept.extend_from_slice(&buffer[..n]);
                if kept.len() > STDERR_KEPT {
                    let cut = kept.len() - STDERR_KEPT;
                    kept.drain(..cut);
                }
            }
        }
    }
}

/// Linux's means of finding what a program started ([`sweep`]).
#[cfg(target_os = "linux")]
#[allow(unsafe_code)]
mod linux {
    use std::collections::{HashMap, HashSet};
    use std::process::{Child, Command};
    use std::sync::Mutex;
    use std::sync::mpsc::{self, Sender};

    type Spawn = (Command, Sender<std::io::Result<Child>>);

    /// Makes the harness a subreaper (once) and has the program's `sh` killed when the thread
    /// that starts it ends: [`spawn`] starts every program from one thread that lives as long as
    /// the harness, so that is when the harness ends.
    pub(super) fn prepare(command: &mut Command) {
        static SUBREAPER: std::sync::Once = std::sync::Once::new();
        SUBREAPER.call_once(|| {
            // SAFETY: prctl with integer arguments only changes this process's attributes.
            unsafe {
                libc::prctl(libc::PR_SET_CHILD_SUBREAPER, 1, 0, 0, 0);
            }
        });
        let parent = std::process::id();
        // SAFETY: the closure runs in the child between fork and exec and calls only
        // async-signal-safe functions (prctl, getppid, _exit).
        unsafe {
            std::os::unix::process::CommandExt::pre_exec(command, move || {
                libc::prctl(libc::PR_SET_PDEATHSIG, libc::SIGKILL, 0, 0, 0);
                // The harness died before the line above: nobody will kill this program.
                if u32::try_from(libc::getppid()).ok() != Some(parent) {
                    libc::_exit(1);
                }
                Ok(())
            });
        }
    }

    /// Starts `command` from the one thread that starts programs (the parent-death signal
    /// follows the thread that forked, not the process).
    pub(super) fn spawn(command: Command) -> std::io::Result<Child> {
        static SPAWNER: Mutex<Option<Sender<Spawn>>> = Mutex::new(None);
        let mut spawner = SPAWNER.lock().unwrap_or_else(|e| e.into_inner());
        if spawner.is_none() {
            let (send, receive) = mpsc::channel::<Spawn>();
            std::thread::Builder::new()
                .name("program-starter".to_owned())
                .spawn(move || {
                    for (mut command, answer) in receive {
                        let _ = answer.send(command.spawn());
                    }
                })?;
            *spawner = Some(send);
        }
        let (answer, started) = mpsc::channel();
        let sent = spawner
            .as_ref()
            .is_some_and(|s| s.send((command, answer)).is_ok());
        drop(spawner);
        if !sent {
            return Err(std::io::Error::other("the program starter is gone"));
        }
        started
            .recv()
            .unwrap_or_else(|_| Err(std::io::Error::other("the program starter is gone")))
    }

    /// One round of the sweep: kills the leader's descendants and every process holding
    /// `MARK=mark`, reaps those that are the harness's own children, and says how many live
    /// ones it found.
    pub(super) fn kill_marked(leader: u32, mark: &str, killed: &mut HashSet<u32>) -> usize {
        let me = std::process::id();
        let needle = format!("{}={mark}\0", super::MARK);
        let mut parents: HashMap<u32, u32> = HashMap::new();
        let mut live: Vec<u32> = Vec::new();
        let Ok(entries) = std::fs::read_dir("/proc") else {
            return 0;
        };
        for entry in entries.flatten() {
            let Some(pid) = entry
                .file_name()
                .to_str()
                .and_then(|n| n.parse::<u32>().ok())
            else {
                continue;
            };
            if pid == me {
                continue;
            }
            let Ok(stat) = std::fs::read_to_string(entry.path().join("stat")) else {
                continue;
            };
            // pid (comm) state ppid ...: the name may hold spaces and parentheses.
            let Some((_, rest)) = stat.rsplit_once(')') else {
                continue;
            };
            let mut fields = rest.split_whitespace();
            let (Some(state), Some(ppid)) = (fields.next(), fields.next()) else {
                continue;
            };
            let Ok(ppid) = ppid.parse::<u32>() else {
                continue;
            };
            parents.insert(pid, ppid);
            if state == "Z" {
                // A zombie of ours: reap it if it was the program's (one killed here, or any
                // child but a leader where the harness starts no other processes).
                if ppid == me && pid != leader {
                    if killed.contains(&pid) {
                        reap(pid);
                    } else {
                        super::reap_if_stray(pid);
                    }
                }
                continue;
            }
            live.push(pid);
        }
        let descends = |mut pid: u32| {
            for _ in 0..64 {
                if pid == leader {
                    return true;
                }
                match parents.get(&pid) {
                    Some(&parent) if parent > 1 && parent != me => pid = parent,
                    _ => return false,
                }
            }
            false
        };
        let mut found = 0;
        for pid in live {
            if pid != leader && (descends(pid) || marked(pid, &needle) == Some(true)) {
                found += 1;
                killed.insert(pid);
                if let Ok(pid) = libc::pid_t::try_from(pid) {
                    // SAFETY: kill(2) takes plain integers.
                    unsafe {
                        libc::kill(pid, libc::SIGKILL);
                    }
                }
                if parents.get(&pid) == Some(&me) {
                    reap(pid);
                }
            }
        }
        found
    }

    /// Reaps every zombie child of the harness that is not a program's leader ([`super::reap_strays`]).
    pub(super) fn reap_orphans() {
        let me = std::process::id();
        let Ok(entries) = std::fs::read_dir("/proc") else {
            return;
        };
        for entry in entries.flatten() {
            let Some(pid) = entry
                .file_name()
                .to_str()
                .and_then(|n| n.parse::<u32>().ok())
            else {
                continue;
            };
            let Ok(stat) = std::fs::read_to_string(entry.path().join("stat")) else {
                continue;
            };
            let Some((_, rest)) = stat.rsplit_once(')') else {
                continue;
            };
            let mut fields = rest.split_whitespace();
            if fields.next() == Some("Z")
                && fields.next().and_then(|p| p.parse::<u32>().ok()) == Some(me)
            {
                super::reap_if_stray(pid);
            }
        }
    }

    /// Whether the process's environment holds the mark; `None` when it cannot be read (a
    /// zombie, another user's process).
    fn marked(pid: u32, needle: &str) -> Option<bool> {
        let environ = std::fs::read(format!("/proc/{pid}/environ")).ok()?;
        if environ.is_empty() {
            return None;
        }
        let needle = needle.as_bytes();
        // The first variable has no NUL before it.
        Some(
            environ.starts_with(needle)
                || environ
                    .windows(needle.len() + 1)
                    .any(|w| w[0] == 0 && &w[1..] == needle),
        )
    }

    /// Reaps a child of the harness that a program left behind (it became ours as the
    /// subreaper's), if it has ended; never the leader, which its `Child` waits for.
    pub(super) fn reap(pid: u32) {
        if let Ok(pid) = libc::pid_t::try_from(pid) {
            let mut status = 0;
            // SAFETY: waitpid on one pid, writing one integer of ours.
            unsafe {
                libc::waitpid(pid, &mut status, libc::WNOHANG);
            }
        }
    }
}

#[cfg(not(target_os = "linux"))]
mod linux {
    /// Starts the program.
    pub fn spawn(mut command: std::process::Command) -> std::io::Result<std::process::Child> {
        command.spawn()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::io::Cursor;

    #[test]
    fn an_over_long_line_is_cut_and_its_rest_dropped_without_being_held() {
        let mut text = vec![b'a'; 3 * LINE_LIMIT];
        text.extend_from_slice(b"\n{\"valid\":true}\r\n");
        let mut reader = BufReader::with_capacity(1 << 16, Cursor::new(text));
        let mut line = Vec::new();
        let dropped = read_line_bounded(&mut reader, &mut line).expect("read");
        assert_eq!(dropped, Some(2 * LINE_LIMIT as u64));
        assert_eq!(line.len(), LINE_LIMIT);
        assert!(line.capacity() <= LINE_LIMIT, "{}", line.capacity());
        let note = line_text(std::mem::take(&mut line), 2 * LINE_LIMIT as u64);
        assert!(note.starts_with("(a line longer than"), "{note}");
        assert!(note.len() < 300, "{note}");
        assert!(serde_json::from_str::<serde_json::Value>(&note).is_err());
        assert_eq!(
            read_line_bounded(&mut reader, &mut line).expect("read"),
            Some(0)
        );
        assert_eq!(line, b"{\"valid\":true}");
        assert_eq!(
            read_line_bounded(&mut reader, &mut line).expect("read"),
            None
        );
    }

    #[test]
    fn a_line_that_is_not_utf8_is_a_note_not_a_lossy_answer() {
        let note = line_text(b"{\"valid\":false,\"error\":\"caf\xe9\"}".to_vec(), 0);
        assert!(
            note.starts_with("(a line that is not UTF-8: invalid byte at 27)"),
            "{note}"
        );
        assert!(serde_json::from_str::<serde_json::Value>(&note).is_err());
        assert_eq!(line_text(b"{}".to_vec(), 0), "{}");
    }

    #[test]
    fn a_note_is_the_same_whatever_the_request_id() {
        let answer = |id: &str| {
            let mut line = format!("{{\"id\":{id},\"valid\":false,\"error\":\"caf").into_bytes();
            line.extend_from_slice(b"\xe9\"}");
            line
        };
        let note = line_text(answer("7"), 0);
        assert_eq!(
            note,
            "(a line that is not UTF-8: invalid byte at 33, its id's value not counted) {\"id\":…,\"valid\":false,\"error\":\"caf\u{fffd}\"}"
        );
        assert_eq!(line_text(answer("123456"), 0), note);
        assert_eq!(
            line_text(answer(" 98765432101234"), 0),
            note.replace(":…", ": …").replace("at 33", "at 34")
        );
        // An over-long line: its length counted without the id's value, its start masked.
        let long = |id: &str| {
            let mut line = answer(id);
            line.truncate(line.len() - 1);
            line.extend(std::iter::repeat_n(b'a', 100));
            line
        };
        let cut = line_text(long("7"), 10);
        assert!(
            cut.starts_with(&format!(
                "(a line longer than the {LINE_LIMIT} bytes an answer may have: 145 bytes, its id's value not counted, cut) {{\"id\":…,"
            )),
            "{cut}"
        );
        assert_eq!(line_text(long("40000"), 10), cut);
        // An id inside a string is no member: what the program wrote is quoted as it is.
        let quoted = line_text(b"{\"error\":\"\\\"id\\\":5 \xe9\"}".to_vec(), 0);
        assert!(quoted.contains(r#"\"id\":5"#), "{quoted}");
        assert!(
            quoted.starts_with("(a line that is not UTF-8: invalid byte at 19)"),
            "{quoted}"
        );
    }

    #[test]
    fn a_quoted_line_has_its_id_masked() {
        assert_eq!(
            id_masked(r#"{"id":12,"valid":"maybe"}"#),
            r#"{"id":…,"valid":"maybe"}"#
        );
        assert_eq!(
            id_masked(r#"{ "valid":1 , "id" : -4e2}"#),
            r#"{ "valid":1 , "id" : …}"#
        );
        assert_eq!(id_masked(r#"{"id":"x"}"#), r#"{"id":"x"}"#);
        assert_eq!(
            id_masked(r#"{"error":"\"id\":3"}"#),
            r#"{"error":"\"id\":3"}"#
        );
        assert_eq!(id_masked("garbage"), "garbage");
        // A note already masked stays as it is.
        assert_eq!(
            id_masked(r#"(a note) {"id":…,"v"#),
            r#"(a note) {"id":…,"v"#
        );
    }

    /// Short lines without end, counting what was read of them.
    struct Flood(Arc<AtomicU64>);

    impl Read for Flood {
        fn read(&mut self, buffer: &mut [u8]) -> std::io::Result<usize> {
            for pair in buffer.chunks_mut(2) {
                pair[0] = b'x';
                if let Some(end) = pair.get_mut(1) {
                    *end = b'\n';
                }
            }
            self.0.fetch_add(buffer.len() as u64, Ordering::SeqCst);
            Ok(buffer.len())
        }
    }

    #[test]
    fn a_flood_waits_in_its_pipe_once_the_backlog_is_full() {
        let read = Arc::new(AtomicU64::new(0));
        let backlog = Arc::new(Backlog::default());
        let (send, lines) = mpsc::channel();
        let reader = {
            let (read, backlog) = (Arc::clone(&read), Arc::clone(&backlog));
            thread::spawn(move || read_lines(Flood(read), &send, &backlog))
        };
        // Nothing is taken: the reader must stop once the backlog is full.
        let mut last = u64::MAX;
        for _ in 0..600 {
            thread::sleep(Duration::from_millis(50));
            let now = read.load(Ordering::SeqCst);
            if now == last {
                break;
            }
            last = now;
        }
        assert_eq!(
            read.load(Ordering::SeqCst),
            last,
            "the reader never stopped"
        );
        assert!(backlog.queued() <= QUEUED_BYTES, "{}", backlog.queued());
        assert!(last < QUEUED_BYTES as u64, "{last} bytes read");
        // Taking lines makes room again.
        let first = lines.recv().expect("a line");
        assert_eq!(backlog.taken(first), "x");
        backlog.close();
        drop(lines);
        reader.join().expect("the reader ends");
    }
}
