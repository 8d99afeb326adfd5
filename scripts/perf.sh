#!/usr/bin/env bash
# The figures of "Where people wait" in docs/performance.md, taken on the tree as it is:
#
#   scripts/perf.sh job     the main job's CPU: its phase table (wall, then CPU of every thread;
#                           the last line is attribution's share) and /usr/bin/time's user and
#                           system seconds. Its reports go to a scratch folder (never reports/).
#   scripts/perf.sh test    `cargo test --release`'s CPU after its build: the build first
#                           (`--no-run`, not timed), then the whole run under /usr/bin/time.
#   scripts/perf.sh         both.
#
# Each figure is printed with the load average (`uptime`) before and after it: on a shared
# machine the CPU seconds rise with the load, so a figure means little without it.
set -euo pipefail
cd "$(dirname "$0")/.."

what=${1:-all}
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT

# "user+sys" of a /usr/bin/time -v log.
cpu_of() {
  awk -F': ' '/User time/ {u=$2} /System time/ {s=$2} /Elapsed/ {w=$2}
    END {printf "%.1f s of CPU (%.1f s user, %.1f s system), %s wall\n", u+s, u, s, w}' "$1"
}

if [ "$what" = job ] || [ "$what" = all ]; then
  cargo build --release --quiet
  echo "main job: load average before: $(uptime | sed 's/.*load average: //')"
  /usr/bin/time -v -o "$scratch/job.time" target/release/uri-conformance run \
    --reports "$scratch/reports" > "$scratch/job.log" 2>&1
  echo "main job: load average after:  $(uptime | sed 's/.*load average: //')"
  sed -n '/^what each phase cost/,$p' "$scratch/job.log"
  echo "main job (/usr/bin/time): $(cpu_of "$scratch/job.time")"
fi

if [ "$what" = test ] || [ "$what" = all ]; then
  cargo test --release --no-run --quiet 2> /dev/null
  echo "cargo test --release: load average before: $(uptime | sed 's/.*load average: //')"
  /usr/bin/time -v -o "$scratch/test.time" cargo test --release > "$scratch/test.log" 2>&1 ||
    { tail -n 40 "$scratch/test.log"; echo "cargo test failed" >&2; exit 1; }
  echo "cargo test --release: load average after:  $(uptime | sed 's/.*load average: //')"
  echo "cargo test --release, once built (/usr/bin/time): $(cpu_of "$scratch/test.time")"
fi
