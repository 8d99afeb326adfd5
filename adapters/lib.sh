# Shared by every adapter's `setup` (sourced, not run): installing what an adapter needs through
# the machine's package managers, each function failing with one line on standard error that
# says what is missing, so that `adapters/setup` can report why an adapter was skipped.

# need_apt PACKAGE...: Debian packages, installed with apt-get when missing (as root, or through
# sudo without a password). `apt-get update` runs once per `adapters/setup` run.
need_apt() {
  local missing=()
  local package
  for package in "$@"; do
    dpkg-query -W -f='${Status}' "$package" 2> /dev/null | grep -q "install ok installed" \
      || missing+=("$package")
  done
  [ ${#missing[@]} -eq 0 ] && return 0
  if ! command -v apt-get > /dev/null; then
    echo "needs the packages ${missing[*]}, and this machine has no apt-get" >&2
    return 1
  fi
  local sudo=()
  if [ "$(id -u)" -ne 0 ]; then
    if sudo -n true 2> /dev/null; then sudo=(sudo -n); else
      echo "needs the packages ${missing[*]} (apt-get install as root)" >&2
      return 1
    fi
  fi
  local stamp="${URI_CONFORMANCE_APT_UPDATED:-}"
  if [ -z "$stamp" ] || [ ! -e "$stamp" ]; then
    "${sudo[@]}" apt-get update -qq > /dev/null 2>&1 || true
    [ -n "$stamp" ] && touch "$stamp"
  fi
  if ! DEBIAN_FRONTEND=noninteractive "${sudo[@]}" apt-get install -y -qq --no-install-recommends \
    "${missing[@]}" > /dev/null 2> "${TMPDIR:-/tmp}/apt-$$.log"; then
    echo "apt-get could not install ${missing[*]}: $(tail -n 1 "${TMPDIR:-/tmp}/apt-$$.log")" >&2
    rm -f "${TMPDIR:-/tmp}/apt-$$.log"
    return 1
  fi
  rm -f "${TMPDIR:-/tmp}/apt-$$.log"
}

# need_command COMMAND [HOW]: a program on PATH, or a line saying it is missing.
need_command() {
  command -v "$1" > /dev/null || { echo "needs $1 on PATH${2:+ ($2)}" >&2; return 1; }
}

# pip_into DIR REQUIREMENT...: Python packages, pinned, into DIR (the adapter's own .deps), never
# into the system's Python; `run` puts DIR on PYTHONPATH.
pip_into() {
  local dir="$1"
  shift
  need_command python3 || return 1
  if [ -f "$dir/.installed" ] && [ "$(cat "$dir/.installed")" = "$*" ]; then return 0; fi
  rm -rf "$dir"
  if ! python3 -m pip install --quiet --disable-pip-version-check --no-input --target "$dir" "$@" \
    > /dev/null 2> "${TMPDIR:-/tmp}/pip-$$.log"; then
    echo "pip could not install $*: $(tail -n 1 "${TMPDIR:-/tmp}/pip-$$.log")" >&2
    rm -f "${TMPDIR:-/tmp}/pip-$$.log"
    return 1
  fi
  rm -f "${TMPDIR:-/tmp}/pip-$$.log"
  echo "$*" > "$dir/.installed"
}

# npm_in DIR: the packages of DIR/package.json, exactly as DIR/package-lock.json pins them.
npm_in() {
  need_command node || return 1
  need_command npm || return 1
  if ! (cd "$1" && npm ci --silent --no-audit --no-fund > /dev/null 2> "${TMPDIR:-/tmp}/npm-$$.log"); then
    echo "npm ci failed in $1: $(tail -n 1 "${TMPDIR:-/tmp}/npm-$$.log")" >&2
    rm -f "${TMPDIR:-/tmp}/npm-$$.log"
    return 1
  fi
  rm -f "${TMPDIR:-/tmp}/npm-$$.log"
}
