//! Any program that speaks the JSON-lines protocol (see `protocol.rs`) is an implementation:
//! `--impl-cmd "python3 my_adapter.py"`.
//!
//! The program is started once and fed one request a line; a program that dies is started
//! again for the next case, and one that does not answer within the time limit is killed and
//! started again, its case reported as timed out.

use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::Mutex;
use std::sync::mpsc::{self, Receiver, RecvTimeoutError};
use std::thread;
use std::time::Duration;

use super::{About, Implementation};
use crate::model::Outcome;
use crate::protocol::{self, Request, Response};
use crate::reference::{Level, ParseOptions, Rule};

/// An external program behind the protocol.
pub struct External {
    name: String,
    command: String,
    limit: Duration,
    process: Mutex<Option<Process>>,
}

struct Process {
    child: Child,
    stdin: ChildStdin,
    lines: Receiver<String>,
}

impl External {
    /// A program run by `sh -c command`. `spec` is `NAME=COMMAND` or just `COMMAND`, in which
    /// case the name is the file stem of the command's last word that is not an option.
    pub fn new(spec: &str, limit: Duration) -> Self {
        let (name, command) = match spec.split_once('=') {
            Some((name, command))
                if !name.is_empty()
                    && name
                        .bytes()
                        .all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_') =>
            {
                (name.to_owned(), command.to_owned())
            }
            _ => (default_name(spec), spec.to_owned()),
        };
        External {
            name,
            command,
            limit,
            process: Mutex::new(None),
        }
    }

    fn start(&self) -> Result<Process, String> {
        let mut child = Command::new("sh")
            .arg("-c")
            .arg(&self.command)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::inherit())
            .spawn()
            .map_err(|e| format!("cannot start {:?}: {e}", self.command))?;
        let stdin = child.stdin.take().ok_or("no stdin")?;
        let stdout = child.stdout.take().ok_or("no stdout")?;
        let (send, lines) = mpsc::channel();
        thread::Builder::new()
            .name(format!("read-{}", self.name))
            .spawn(move || {
                for line in BufReader::new(stdout).lines() {
                    let Ok(line) = line else { break };
                    if send.send(line).is_err() {
                        break;
                    }
                }
            })
            .map_err(|e| e.to_string())?;
        Ok(Process {
            child,
            stdin,
            lines,
        })
    }

    fn ask(&self, request: &Request) -> Outcome {
        let line = serde_json::to_string(request).expect("requests serialize");
        match self.exchange(&line) {
            Ok(line) => match serde_json::from_str::<Response>(&line) {
                Ok(response) => outcome(response),
                Err(e) => Outcome::Panicked(format!("not a protocol response: {e}: {line}")),
            },
            Err(outcome) => *outcome,
        }
    }

    /// Sends one request line and waits for one response line.
    fn exchange(&self, line: &str) -> Result<String, Box<Outcome>> {
        let mut slot = self.process.lock().unwrap_or_else(|e| e.into_inner());
        if slot.is_none() {
            match self.start() {
                Ok(process) => *slot = Some(process),
                Err(e) => return Err(Box::new(Outcome::Panicked(e))),
            }
        }
        let process = slot.as_mut().expect("started above");
        let line = format!("{line}\n");
        if process
            .stdin
            .write_all(line.as_bytes())
            .and_then(|()| process.stdin.flush())
            .is_err()
        {
            let status = stop(slot.take());
            return Err(Box::new(Outcome::Panicked(format!(
                "the program exited ({status})"
            ))));
        }
        match process.lines.recv_timeout(self.limit) {
            Ok(line) => Ok(line),
            Err(RecvTimeoutError::Timeout) => {
                stop(slot.take());
                Err(Box::new(Outcome::TimedOut))
            }
            Err(RecvTimeoutError::Disconnected) => {
                let status = stop(slot.take());
                Err(Box::new(Outcome::Panicked(format!(
                    "the program exited ({status})"
                ))))
            }
        }
    }
}

fn default_name(command: &str) -> String {
    command
        .split_whitespace()
        .rev()
        .find(|word| !word.starts_with('-'))
        .and_then(|word| std::path::Path::new(word).file_stem())
        .map_or_else(
            || "external".to_owned(),
            |s| s.to_string_lossy().into_owned(),
        )
}

fn stop(process: Option<Process>) -> String {
    match process {
        Some(mut p) => {
            let _ = p.child.kill();
            p.child
                .wait()
                .map_or_else(|e| e.to_string(), |s| s.to_string())
        }
        None => "not running".to_owned(),
    }
}

impl Drop for External {
    fn drop(&mut self) {
        let process = self
            .process
            .get_mut()
            .map(Option::take)
            .unwrap_or_else(|e| e.into_inner().take());
        if let Some(mut p) = process {
            // Closing stdin lets a well-behaved program end by itself.
            drop(p.stdin);
            let _ = p.child.wait();
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
        Response::Invalid { error, .. } => Outcome::Invalid(error),
        Response::Unsupported { .. } => Outcome::Unsupported,
        Response::BadRequest { error } => Outcome::Panicked(format!("protocol error: {error}")),
    }
}

impl Implementation for External {
    fn about(&self) -> About<'_> {
        About {
            name: &self.name,
            version: &self.command,
            spec: "external program",
            docs: "README.md#the-protocol",
        }
    }

    fn parse(&self, input: &str, rule: Rule, options: ParseOptions) -> Outcome {
        self.ask(&Request::Parse {
            input: input.to_owned(),
            rule: (rule != Rule::UriReference).then(|| rule.name().to_owned()),
            zone_id: options.zone_id,
        })
    }

    fn resolve(&self, base: &str, reference: &str, strict: bool) -> Outcome {
        self.ask(&Request::Resolve {
            base: base.to_owned(),
            input: reference.to_owned(),
            strict,
        })
    }

    fn normalize(&self, input: &str, level: Level) -> Outcome {
        self.ask(&Request::Normalize {
            input: input.to_owned(),
            level: Some(level.name().to_owned()),
        })
    }

    fn supports_zone_id(&self) -> bool {
        // The program says so itself, by answering or by saying unsupported.
        true
    }

    fn answer(&self, request: &Request) -> Outcome {
        self.ask(request)
    }

    /// The optional `serialize` operation; a program that does not know it answers an error
    /// line (or `unsupported`), which leaves the round-trip properties out for it.
    fn serialize(&self, input: &str) -> Option<Result<String, String>> {
        let line = protocol::serialize_request(input);
        let answer = self.exchange(&line).ok()?;
        protocol::read_serialized(&answer)
    }
}

/// Answers requests read from `input` with `implementation`, one JSON line each, to `output`.
pub fn serve(
    implementation: &dyn Implementation,
    input: impl BufRead,
    mut output: impl Write,
) -> std::io::Result<()> {
    for line in input.lines() {
        let line = line?;
        if line.trim().is_empty() {
            continue;
        }
        if let Some(input) = protocol::read_serialize_request(&line) {
            let serialized = crate::diff::run::catching(|| implementation.serialize(&input))
                .unwrap_or_else(|panic| Some(Err(format!("panicked: {panic}"))));
            writeln!(output, "{}", protocol::serialized_response(serialized))?;
            output.flush()?;
            continue;
        }
        let response: Response = match protocol::read_request(&line) {
            Ok(request) => crate::diff::run::answer_catching(implementation, &request).into(),
            Err(e) => Response::bad_request(e),
        };
        writeln!(output, "{}", protocol::write_response(&response))?;
        // A driver waits for each answer before it sends the next request.
        output.flush()?;
    }
    Ok(())
}
