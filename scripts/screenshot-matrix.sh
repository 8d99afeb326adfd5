#!/usr/bin/env bash
# Renders a conformance matrix page in headless Chromium to a PNG, to look at it as a reader
# would. Usage: scripts/screenshot-matrix.sh [PAGE.html] [OUT.png] (defaults:
# reports/conformance.html, target/conformance.png). Needs chromium (Debian: apt-get install
# chromium); not part of .ci/run.
set -euo pipefail
cd "$(dirname "$0")/.."
page=${1:-reports/conformance.html}
out=${2:-target/conformance.png}
browser=$(command -v chromium || command -v chromium-browser || command -v google-chrome || true)
if [ -z "$browser" ]; then
  echo "no chromium, chromium-browser or google-chrome on PATH (Debian: apt-get install chromium)" >&2
  exit 1
fi
mkdir -p "$(dirname "$out")"
"$browser" --headless --no-sandbox --disable-gpu --hide-scrollbars \
  --window-size="${WIDTH:-1700},${HEIGHT:-2400}" \
  --screenshot="$(realpath -m "$out")" "file://$(realpath "$page")" 2>/dev/null
echo "$out"
