//! What each phase of a long job costs, printed at its end: wall time and the process's CPU
//! time, so that a user who waits sees where the time goes (docs/performance.md quotes them).
//! Printed only: the reports never hold a time, so that re-running a job changes nothing.

use std::time::{Duration, Instant};

/// The phases of one job, in the order they ran.
#[derive(Debug)]
pub struct Phases {
    started: Instant,
    cpu_at_start: Option<Duration>,
    current: Option<(String, Instant, Option<Duration>)>,
    done: Vec<Phase>,
}

/// One phase's cost.
#[derive(Clone, Debug, PartialEq)]
pub struct Phase {
    /// What it did.
    pub name: String,
    /// Its wall time.
    pub wall: Duration,
    /// The process's CPU time (user and system, every thread) during it; `None` where the
    /// system does not say.
    pub cpu: Option<Duration>,
}

impl Phases {
    /// Starts the clock of a job.
    pub fn start() -> Self {
        Phases {
            started: Instant::now(),
            cpu_at_start: process_cpu_time(),
            current: None,
            done: Vec::new(),
        }
    }

    /// Ends the phase under way, if any, and starts `name`.
    pub fn next(&mut self, name: impl Into<String>) {
        self.end();
        self.current = Some((name.into(), Instant::now(), process_cpu_time()));
    }

    /// Ends the phase under way.
    pub fn end(&mut self) {
        if let Some((name, started, cpu)) = self.current.take() {
            self.done.push(Phase {
                name,
                wall: started.elapsed(),
                cpu: cpu_since(cpu),
            });
        }
    }

    /// The phases ended so far.
    #[cfg(test)]
    fn done(&self) -> &[Phase] {
        &self.done
    }

    /// The table printed at the end of a job: one line per phase and the total.
    pub fn table(&mut self) -> String {
        self.end();
        let total = Phase {
            name: "total".to_owned(),
            wall: self.started.elapsed(),
            cpu: cpu_since(self.cpu_at_start),
        };
        let width = self
            .done
            .iter()
            .chain([&total])
            .map(|p| p.name.chars().count())
            .max()
            .unwrap_or(0);
        let mut out = String::from("what each phase cost (wall, CPU of every thread):\n");
        for phase in self.done.iter().chain([&total]) {
            let cpu = phase
                .cpu
                .map_or_else(|| "?".to_owned(), |c| format!("{:.1}s", c.as_secs_f64()));
            out.push_str(&format!(
                "  {:<width$}  {:>7.1}s  {:>7}\n",
                phase.name,
                phase.wall.as_secs_f64(),
                cpu
            ));
        }
        out
    }
}

fn cpu_since(start: Option<Duration>) -> Option<Duration> {
    Some(process_cpu_time()?.saturating_sub(start?))
}

/// The CPU time (user and system) of this process so far, every thread counted: fields 14
/// and 15 of `/proc/self/stat`, in clock ticks of 1/100 s (Linux's `USER_HZ`, which /proc
/// always uses). `None` off Linux.
fn process_cpu_time() -> Option<Duration> {
    let stat = std::fs::read_to_string("/proc/self/stat").ok()?;
    // The command name, field 2, is in parentheses and may hold spaces: count after it.
    let after_name = &stat[stat.rfind(')')? + 1..];
    let fields: Vec<&str> = after_name.split_whitespace().collect();
    // After the name, field 3 is at index 0: utime (14) at 11, stime (15) at 12.
    let ticks = fields.get(11)?.parse::<u64>().ok()? + fields.get(12)?.parse::<u64>().ok()?;
    Some(Duration::from_millis(ticks * 10))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_phase_is_listed_in_order_with_the_total() {
        let mut phases = Phases::start();
        phases.next("matrix");
        phases.next("fuzz");
        // Work the CPU clock can see.
        let mut x = 0u64;
        for i in 0..2_000_000u64 {
            x = x.wrapping_mul(31).wrapping_add(i);
        }
        std::hint::black_box(x);
        let table = phases.table();
        let names: Vec<&str> = phases.done().iter().map(|p| p.name.as_str()).collect();
        assert_eq!(names, ["matrix", "fuzz"]);
        let lines: Vec<&str> = table.lines().collect();
        assert_eq!(lines.len(), 4, "{table}");
        assert!(lines[1].trim_start().starts_with("matrix"), "{table}");
        assert!(lines[3].trim_start().starts_with("total"), "{table}");
        if cfg!(target_os = "linux") {
            assert!(process_cpu_time().is_some());
            assert!(!table.contains('?'), "{table}");
        }
    }
}
