//! An external program in its own process group, so that the program and everything it starts
//! (`sh -c` starts the program; the program may start more) are killed together: on a time-out,
//! on a restart, when the harness drops it, and when the harness exits or is interrupted
//! ([`kill_all`]). Its standard error is read into a capped buffer, never passed to the
//! terminal, so that a flood neither blocks the program nor keeps a `| tail` pipeline waiting.

use std::io::{BufRead, BufReader, Read, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError, Sender};
use std::sync::{Arc, Mutex};
use std::thread::{self, JoinHandle};
use std::time::{Duration, Instant};

/// The most of a program's standard error kept (its last bytes).
pub const STDERR_KEPT: usize = 4096;

/// The longest answer line read; a longer one is cut there (and is then not an answer).
pub const LINE_LIMIT: usize = 256 << 20;

/// How long a program that was asked to end (its input closed) may take before it is killed.
const GRACE: Duration = Duration::from_millis(300);

/// How long the standard error's reader gets to drain the pipe once the output has closed.
const STDERR_DRAIN: Duration = Duration::from_millis(500);

/// The place of the standard error's reader among a program's threads.
const STDERR_READER: usize = 2;

/// How long to wait for the reading threads once the group is dead.
const THREAD_WAIT: Duration = Duration::from_secs(2);

/// The process groups alive, for [`kill_all`].
static GROUPS: Mutex<Vec<u32>> = Mutex::new(Vec::new());

/// Kills every process group started here that is still alive: for the harness's exit and its
/// Ctrl-C handler.
pub fn kill_all() {
    let groups = GROUPS.lock().unwrap_or_else(|e| e.into_inner()).clone();
    for group in groups {
        kill_group(group);
    }
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

/// A running program.
pub struct Program {
    child: Child,
    group: u32,
    requests: Option<Sender<Vec<u8>>>,
    /// The lines of its output, without their ends; bytes that are not UTF-8 come out lossily.
    lines: Receiver<String>,
    stderr: Arc<Mutex<Vec<u8>>>,
    threads: Vec<JoinHandle<()>>,
    stopped: bool,
}

/// What went wrong while waiting for a line.
#[derive(Debug, PartialEq, Eq)]
pub enum Silence {
    /// Nothing came within the time.
    TimedOut,
    /// The program closed its output (it exited, most likely).
    Closed,
}

impl Program {
    /// Starts `sh -c command` in a new process group, with its standard input, output and
    /// error piped.
    pub fn start(name: &str, command: &str) -> Result<Program, String> {
        let mut shell = Command::new("sh");
        shell
            .arg("-c")
            .arg(command)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped());
        #[cfg(unix)]
        std::os::unix::process::CommandExt::process_group(&mut shell, 0);
        let mut child = shell
            .spawn()
            .map_err(|e| format!("cannot start `sh -c {command:?}`: {e}"))?;
        let group = child.id();
        GROUPS.lock().unwrap_or_else(|e| e.into_inner()).push(group);
        let (Some(stdin), Some(stdout), Some(stderr)) =
            (child.stdin.take(), child.stdout.take(), child.stderr.take())
        else {
            kill_group(group);
            let _ = child.wait();
            return Err("the program's pipes are missing".to_owned());
        };
        let mut program = Program {
            child,
            group,
            requests: None,
            lines: mpsc::channel().1,
            stderr: Arc::new(Mutex::new(Vec::new())),
            threads: Vec::new(),
            stopped: false,
        };
        let (send_line, lines) = mpsc::channel();
        let (requests, inbox) = mpsc::channel::<Vec<u8>>();
        let kept = Arc::clone(&program.stderr);
        // The standard error's reader is the third ([`STDERR_READER`]).
        let spawned = [
            thread::Builder::new()
                .name(format!("{name}-stdout"))
                .spawn(move || read_lines(stdout, &send_line)),
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

    /// The process group (the id of the `sh` that leads it).
    pub fn group(&self) -> u32 {
        self.group
    }

    /// Queues one line for the program's input. `false` when the program no longer reads.
    pub fn send(&self, line: Vec<u8>) -> bool {
        self.requests
            .as_ref()
            .is_some_and(|requests| requests.send(line).is_ok())
    }

    /// The next line of output, waiting until `deadline`.
    pub fn next_line(&self, deadline: Instant) -> Result<String, Silence> {
        let wait = deadline.saturating_duration_since(Instant::now());
        match self.lines.recv_timeout(wait) {
            Ok(text) => Ok(text),
            Err(RecvTimeoutError::Timeout) => Err(Silence::TimedOut),
            Err(RecvTimeoutError::Disconnected) => Err(Silence::Closed),
        }
    }

    /// The last [`STDERR_KEPT`] bytes of the program's standard error, lossily.
    pub fn stderr_tail(&self) -> String {
        let kept = self.stderr.lock().unwrap_or_else(|e| e.into_inner());
        String::from_utf8_lossy(&kept).into_owned()
    }

    /// [`Program::stderr_tail`] once the program's output has closed (it exited, most likely):
    /// the last bytes it wrote to its error may still be in the pipe, so the reader gets
    /// [`STDERR_DRAIN`] to reach their end first.
    pub fn stderr_after_close(&self) -> String {
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
    pub fn kill(mut self) -> String {
        self.stop(Duration::ZERO)
    }

    /// Closes the program's input, gives it [`GRACE`] to end, then kills the whole group.
    pub fn close(mut self) -> String {
        self.stop(GRACE)
    }

    fn stop(&mut self, grace: Duration) -> String {
        self.stopped = true;
        // Closing the input ends the writing thread and tells the program to finish.
        self.requests = None;
        let until = Instant::now() + grace;
        let mut status = None;
        while Instant::now() < until {
            if let Ok(Some(s)) = self.child.try_wait() {
                status = Some(s);
                break;
            }
            thread::sleep(Duration::from_millis(5));
        }
        // Whatever the leader did, the rest of the group goes too.
        kill_group(self.group);
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
            .retain(|&g| g != self.group);
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

fn read_lines(stdout: impl Read, lines: &Sender<String>) {
    let mut reader = BufReader::new(stdout);
    let mut line = Vec::new();
    loop {
        line.clear();
        match (&mut reader)
            .take(LINE_LIMIT as u64)
            .read_until(b'\n', &mut line)
        {
            Ok(0) | Err(_) => return,
            Ok(_) => {
                if line.last() == Some(&b'\n') {
                    line.pop();
                    if line.last() == Some(&b'\r') {
                        line.pop();
                    }
                } else if line.len() >= LINE_LIMIT {
                    // Skip the rest of an over-long line.
                    let mut rest = Vec::new();
                    if reader.read_until(b'\n', &mut rest).is_err() {
                        return;
                    }
                }
                let text = String::from_utf8_lossy(&line).into_owned();
                if lines.send(text).is_err() {
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
