//! What each phase of a long job costs, printed at its end: wall time and the process's CPU
//! time, so that a user who waits sees where the time goes (docs/performance.md quotes them).
//! Printed only: the reports never hold a time, so that re-running a job changes nothing.

use std::time::{Duration, Instant};

use crate::cost::{ATTRIBUTION, Sums, process_cpu_time};

/// The phases of one job, in the order they ran.
#[derive(Debug)]
pub struct Phases {
    started: Instant,
    cpu_at_start: Option<Duration>,
    attribution_at_start: Sums,
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
    pub(crate) fn start() -> Self {
        Phases {
            started: Instant::now(),
            cpu_at_start: process_cpu_time(),
            attribution_at_start: ATTRIBUTION.sums(),
            current: None,
            done: Vec::new(),
        }
    }

    /// Ends the phase under way, if any, and starts `name`.
    pub(crate) fn next(&mut self, name: impl Into<String>) {
        self.end();
        self.current = Some((name.into(), Instant::now(), process_cpu_time()));
    }

    /// Ends the phase under way.
    pub(crate) fn end(&mut self) {
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
    pub(crate) fn table(&mut self) -> String {
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
        // Attribution runs inside the phases that find something; its sums are a line of
        // their own, with its share of the job.
        let attribution = ATTRIBUTION.sums().since(self.attribution_at_start);
        let share = total
            .cpu
            .filter(|t| !t.is_zero())
            .map_or_else(String::new, |t| {
                format!(
                    ", {:.1}% of the job's CPU",
                    100.0 * attribution.cpu.as_secs_f64() / t.as_secs_f64()
                )
            });
        out.push_str(&format!(
            "  of which attribution ({} searches over the departures, {} of them kept from an earlier one{share}): {:.1}s wall, {:.1}s CPU\n",
            attribution.calls,
            attribution.reused,
            attribution.wall.as_secs_f64(),
            attribution.cpu.as_secs_f64()
        ));
        out
    }
}

fn cpu_since(start: Option<Duration>) -> Option<Duration> {
    Some(process_cpu_time()?.saturating_sub(start?))
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
        assert_eq!(lines.len(), 5, "{table}");
        assert!(lines[1].trim_start().starts_with("matrix"), "{table}");
        assert!(lines[3].trim_start().starts_with("total"), "{table}");
        assert!(lines[4].contains("attribution"), "{table}");
        if cfg!(target_os = "linux") {
            assert!(process_cpu_time().is_some());
            assert!(!table.contains('?'), "{table}");
        }
    }
}
