//! What a piece of work inside a long job costs, summed over every time it runs: how many times,
//! its wall time and the process's CPU time (user and system, every thread: the work may hand
//! calls to an executor thread) while it ran. The main job prints the sums beside its phase
//! table ([`crate::job`]), so that the share of the job a costly step takes is a printed figure
//! and not an estimate (docs/performance.md). Printed only: no report holds a time.

use std::cell::Cell;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::{Duration, Instant};

/// The sums of one kind of work.
#[derive(Debug)]
pub(crate) struct Meter {
    calls: AtomicU64,
    wall_nanos: AtomicU64,
    cpu_nanos: AtomicU64,
    reused: AtomicU64,
}

/// What a [`Meter`] summed so far.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Sums {
    /// How many times the work ran (the outermost times: a call inside another is counted in it).
    pub calls: u64,
    /// Its wall time.
    pub wall: Duration,
    /// The process's CPU time while it ran.
    pub cpu: Duration,
    /// How many of the calls gave back what an earlier one found ([`Meter::reused`]).
    pub reused: u64,
}

/// Attribution: the search over the library of departures for the set that reproduces a
/// finding ([`crate::diff::Engine::attributed`], which calls `Catalogue::attribute`).
pub(crate) static ATTRIBUTION: Meter = Meter::new();

thread_local! {
    /// How deep this thread is inside measured work, so that work nested in work of the same
    /// meter (a round trip's attribution attributes its parse) is not counted twice.
    static DEPTH: Cell<u32> = const { Cell::new(0) };
}

impl Meter {
    /// A meter at zero.
    pub(crate) const fn new() -> Self {
        Meter {
            calls: AtomicU64::new(0),
            wall_nanos: AtomicU64::new(0),
            cpu_nanos: AtomicU64::new(0),
            reused: AtomicU64::new(0),
        }
    }

    /// Counts a call that gave back what an earlier call found, without doing the work again.
    pub(crate) fn reused(&self) {
        self.reused.fetch_add(1, Ordering::Relaxed);
    }

    /// Runs `work`, adding its cost to the sums unless this thread is already inside measured
    /// work.
    pub(crate) fn time<T>(&self, work: impl FnOnce() -> T) -> T {
        let outermost = DEPTH.with(|d| {
            d.set(d.get() + 1);
            d.get() == 1
        });
        struct Leave;
        impl Drop for Leave {
            fn drop(&mut self) {
                DEPTH.with(|d| d.set(d.get() - 1));
            }
        }
        let _leave = Leave;
        if !outermost {
            return work();
        }
        let (started, cpu) = (Instant::now(), cpu_clock());
        let out = work();
        let wall = started.elapsed();
        let cpu = match (cpu, cpu_clock()) {
            (Some(before), Some(after)) => after.saturating_sub(before),
            _ => Duration::ZERO,
        };
        self.calls.fetch_add(1, Ordering::Relaxed);
        self.wall_nanos
            .fetch_add(wall.as_nanos() as u64, Ordering::Relaxed);
        self.cpu_nanos
            .fetch_add(cpu.as_nanos() as u64, Ordering::Relaxed);
        out
    }

    /// The sums so far.
    pub(crate) fn sums(&self) -> Sums {
        Sums {
            calls: self.calls.load(Ordering::Relaxed),
            wall: Duration::from_nanos(self.wall_nanos.load(Ordering::Relaxed)),
            cpu: Duration::from_nanos(self.cpu_nanos.load(Ordering::Relaxed)),
            reused: self.reused.load(Ordering::Relaxed),
        }
    }
}

impl Default for Meter {
    fn default() -> Self {
        Meter::new()
    }
}

impl Sums {
    /// The sums since `earlier` (a job reads its meters at its start and its end).
    pub(crate) fn since(self, earlier: Sums) -> Sums {
        Sums {
            calls: self.calls.saturating_sub(earlier.calls),
            wall: self.wall.saturating_sub(earlier.wall),
            cpu: self.cpu.saturating_sub(earlier.cpu),
            reused: self.reused.saturating_sub(earlier.reused),
        }
    }
}

/// The process's CPU clock (user and system, every thread), to the nanosecond: a meter reads
/// it twice around each piece of work, tens of thousands of times in a job, so it must cost
/// far less than the work (a system call, where reading `/proc` would cost as much as the
/// work measured). `None` off Unix.
#[cfg(unix)]
#[allow(unsafe_code)]
fn cpu_clock() -> Option<Duration> {
    let mut now = libc::timespec {
        tv_sec: 0,
        tv_nsec: 0,
    };
    // SAFETY: `now` is a valid, writable timespec; clock_gettime writes it and nothing else.
    let status = unsafe { libc::clock_gettime(libc::CLOCK_PROCESS_CPUTIME_ID, &mut now) };
    (status == 0).then(|| {
        Duration::new(
            u64::try_from(now.tv_sec).unwrap_or(0),
            u32::try_from(now.tv_nsec).unwrap_or(0),
        )
    })
}

#[cfg(not(unix))]
fn cpu_clock() -> Option<Duration> {
    None
}

/// The CPU time (user and system) of this process so far, every thread counted: fields 14
/// and 15 of `/proc/self/stat`, in clock ticks of 1/100 s (Linux's `USER_HZ`, which /proc
/// always uses), which a job's phases read once each. `None` off Linux.
pub(crate) fn process_cpu_time() -> Option<Duration> {
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
    fn nested_work_is_counted_once() {
        let meter = Meter::new();
        let out = meter.time(|| meter.time(|| 2) + meter.time(|| 3));
        assert_eq!(out, 5);
        assert_eq!(meter.sums().calls, 1);
        meter.time(|| ());
        let sums = meter.sums();
        assert_eq!(sums.calls, 2);
        assert_eq!(
            sums.since(Sums {
                calls: 1,
                wall: Duration::ZERO,
                cpu: Duration::ZERO,
                reused: 0,
            })
            .calls,
            1
        );
    }
}
