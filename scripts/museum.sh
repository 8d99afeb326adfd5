#!/usr/bin/env bash
# A museum of real bugs: does the harness see documented, since-fixed bugs of past releases?
#
# For each row of scripts/museum.tsv: pin the crate to the buggy release in a copy of this
# repository, build it (release, only that crate's feature), run `uri-conformance diff` on the
# row's input and read the crate's verdict line: a bug (candidate or confirmed, or a panic),
# `known`, `not judged` or `agrees`. The same input through the pinned (fixed) release must not
# show that bug. With fuzzing on, the stable fuzz loop then runs against the buggy release with
# seed 1 for 1,000, 10,000, 100,000 and 1,000,000 cases until it writes a report with the same
# signature, and gives the case count at which the run first announced it.
#
#   scripts/museum.sh [--no-fuzz] [--only ID]... [--out FILE]
#
# MUSEUM_TARGET_DIR is the cargo target directory, kept between runs so that each release is
# compiled once (default: target/museum). The repository itself is left as it was: everything
# happens in a temporary copy, removed on exit. Not part of .ci/run (it downloads old releases).
set -euo pipefail

repo=$(cd "$(dirname "$0")/.." && pwd)
data="$repo/scripts/museum.tsv"
target=${MUSEUM_TARGET_DIR:-$repo/target/museum}
fuzz=1
out=""
only=()
while [ $# -gt 0 ]; do
  case "$1" in
    --no-fuzz) fuzz=0 ;;
    --only) only+=("$2"); shift ;;
    --out) out="$2"; shift ;;
    -h|--help) sed -n '2,16p' "$0"; exit 0 ;;
    *) echo "unknown argument: $1" >&2; exit 2 ;;
  esac
  shift
done

start=$(date +%s)
work=$(mktemp -d "${TMPDIR:-/tmp}/museum.XXXXXX")
trap 'rm -rf "$work"' EXIT
mkdir -p "$work/repo" "$target"
# A copy of the working tree, without its build output and git metadata.
tar -C "$repo" --exclude=./target --exclude=./.git -cf - . | tar -C "$work/repo" -xf -
cp "$work/repo/Cargo.toml" "$work/Cargo.toml.orig"
cp "$work/repo/Cargo.lock" "$work/Cargo.lock.orig"
export CARGO_TARGET_DIR="$target"

log() { echo "museum: $*" >&2; }

# build FEATURES-ARGS... -> copies the binary to $work/bin.$tag; returns 1 on a failed build
build() {
  local tag="$1"; shift
  if (cd "$work/repo" && cargo build --release --quiet "$@") > "$work/build.$tag.log" 2>&1; then
    cp "$target/release/uri-conformance" "$work/bin.$tag"
  else
    return 1
  fi
}

# verdict OUTPUT-FILE IMPL -> "answer<TAB>verdict" for IMPL's block of `diff` output
verdict() {
  awk -v impl="$2" '
    found == 0 && $1 == impl { found = 1; sub("^" impl "[ ]+", ""); answer = $0; next }
    found == 1 && /^ +-> / { sub(/^ +-> /, ""); print answer "\t" $0; exit }
  ' "$1"
}

# class VERDICT -> bug | known | not judged | agrees | not compared | other
class() {
  case "$1" in
    *"candidate bug"*|*"confirmed bug"*) echo bug ;;
    *"-panic-"*) echo bug ;;
    *"not judged"*) echo "not judged" ;;
    *"(known:"*) echo known ;;
    agrees*) echo agrees ;;
    "not compared"*) echo "not compared" ;;
    *) echo other ;;
  esac
}

# signature VERDICT -> the signature after "differs: "
signature() { sed -n 's/^differs: \([^ ]*\).*/\1/p' <<<"$1"; }

# filed_bugs BIN IMPL TAG ARGS... -> the signatures of the bug reports (candidate or confirmed)
# that `diff ARGS` writes for IMPL, one a line: where a campaign files the case's findings.
filed_bugs() {
  local bin="$1" impl="$2" dir="$work/filed.$3"
  shift 3
  rm -rf "$dir"
  "$bin" diff --impl "$impl" --reports "$dir" "$@" > /dev/null 2>&1 || true
  for f in "$dir/$impl"/*.md; do
    [ -e "$f" ] || continue
    head -1 "$f" | sed -n 's/^# [^:]*: \([^ ]*\) (\(candidate\|confirmed\) bug)$/\1/p'
  done | sort -u
}

# batch_bugs BIN IMPL TAG INPUT -> the signatures of every bug (candidate or confirmed) that a
# batch run over INPUT alone reports, one a line: `diff` on one case prints one verdict per
# implementation, the first finding, while a property (a round trip, a setter) may fail on
# the same case behind a comparison that is known.
batch_bugs() {
  local dir="$work/batch.$3"
  rm -rf "$dir"
  mkdir -p "$dir"
  printf '%s\n' "$4" > "$dir/input.txt"
  "$1" diff --impl "$2" --input-file "$dir/input.txt" --reports "$dir/reports" > /dev/null 2>&1 || true
  for f in "$dir/reports/$2"/*.md; do
    [ -e "$f" ] || continue
    head -1 "$f" | sed -n 's/^# [^:]*: \([^ ]*\) (\(candidate\|confirmed\) bug)$/\1/p'
  done | sort -u
}

log "building the pinned releases (all features)"
build pinned || { cat "$work/build.pinned.log" >&2; exit 1; }

results="$work/results.tsv"
: > "$results"
while IFS=$'\t' read -r id crate feature impl buggy fixed link expect args bug; do
  case "$id" in ''|'#'*) continue ;; esac
  if [ ${#only[@]} -gt 0 ] && ! printf '%s\n' "${only[@]}" | grep -qx -- "$id"; then continue; fi
  eval "words=($args)"
  pinned=$(sed -n "s/^$crate = { version = \"=\([^\"]*\)\".*/\1/p" "$work/Cargo.toml.orig")
  log "$id: $crate $buggy (pinned $pinned): diff ${words[*]@Q}"

  cp "$work/Cargo.toml.orig" "$work/repo/Cargo.toml"
  cp "$work/Cargo.lock.orig" "$work/repo/Cargo.lock"
  sed -i "s/^$crate = { version = \"=[^\"]*\"/$crate = { version = \"=$buggy\"/" "$work/repo/Cargo.toml"
  b_answer="" b_verdict="" b_class="" fuzz_result="not run"
  t0=$(date +%s)
  if build "$id" --no-default-features --features "cli,$feature"; then
    "$work/bin.$id" diff --impl "$impl" "${words[@]}" > "$work/diff.$id.buggy" 2>&1 || true
    IFS=$'\t' read -r b_answer b_verdict < <(verdict "$work/diff.$id.buggy" "$impl") || true
    b_class=$(class "$b_verdict")
  else
    err=$(grep -m1 -E '^error' "$work/build.$id.log" || true)
    b_class="build failed"
    b_verdict="${err:-see the build log}"
    log "$id: build failed: $b_verdict"
  fi
  log "$id: built and judged in $(( $(date +%s) - t0 )) s: $b_class: $b_verdict"

  "$work/bin.pinned" diff --impl "$impl" "${words[@]}" > "$work/diff.$id.pinned" 2>&1 || true
  IFS=$'\t' read -r p_answer p_verdict < <(verdict "$work/diff.$id.pinned" "$impl") || true
  p_class=$(class "$p_verdict")
  b_sig=$(signature "$b_verdict")
  p_sig=$(signature "$p_verdict")
  # A plain input (`-- INPUT`): every finding of a batch run counts, so that a property the
  # buggy release breaks and the pinned one keeps is seen behind a known comparison.
  if [ "$b_class" != "build failed" ] && [ ${#words[@]} -eq 2 ] && [ "${words[0]}" = "--" ] \
      && [[ "${words[1]}" != *$'\n'* ]]; then
    b_bugs=$(batch_bugs "$work/bin.$id" "$impl" "$id.buggy" "${words[1]}")
    p_bugs=$(batch_bugs "$work/bin.pinned" "$impl" "$id.pinned" "${words[1]}")
    new_bugs=$(comm -23 <(printf '%s\n' "$b_bugs") <(printf '%s\n' "$p_bugs") | grep . || true)
    if [ -n "$new_bugs" ] && { [ "$b_class" != bug ] || [ "$b_sig" = "$p_sig" ]; }; then
      b_verdict="$b_verdict; every finding: $(paste -sd, <<<"$new_bugs" | sed 's/,/, /g') (bugs the pinned release does not show)"
      b_class=bug
      b_sig=$(head -1 <<<"$new_bugs")
    fi
  fi
  # The report the fuzz loop would file the row's case under: a campaign signs a finding by
  # its cause (a resolution whose target is written as the crate writes its parse is filed
  # under that parse), which `diff`'s verdict line does not show.
  if [ "$b_class" = bug ] && [ -n "$b_sig" ]; then
    b_filed=$(filed_bugs "$work/bin.$id" "$impl" "$id.filed.buggy" "${words[@]}")
    p_filed=$(filed_bugs "$work/bin.pinned" "$impl" "$id.filed.pinned" "${words[@]}")
    cause_sig=$(comm -23 <(printf '%s\n' "$b_filed") <(printf '%s\n' "$p_filed") | grep . | head -1 || true)
    if [ -n "$cause_sig" ] && ! grep -qx -- "$b_sig" <<<"$b_filed"; then
      b_verdict="$b_verdict; filed under its cause: $cause_sig"
      b_sig=$cause_sig
    fi
  fi
  if [ "$p_class" = bug ] && { [ "$b_class" != bug ] || [ "$p_sig" = "$b_sig" ]; }; then
    fixed_check="NO: the pinned release shows the same bug"
  else
    fixed_check="yes"
  fi

  if [ "$fuzz" = 1 ] && [ "$b_class" = bug ] && [ -n "$b_sig" ]; then
    fuzz_result="not found"
    for n in 1000 10000 100000 1000000; do
      rm -rf "$work/reports"
      f0=$(date +%s.%N)
      "$work/bin.$id" fuzz --impl "$impl" --cases "$n" --seed 1 --reports "$work/reports" \
        > "$work/fuzz.$id.log" 2>&1 || true
      f1=$(date +%s.%N)
      if [ -n "$(find "$work/reports" -name "$b_sig.md" -print -quit 2>/dev/null)" ]; then
        fuzz_result=$(printf 'found within %d cases (%.1f s)' "$n" "$(awk -v a="$f0" -v b="$f1" 'BEGIN { print b - a }')")
        # The case count at which the run first announced the signature, where it did.
        after=$(sed -n "s|^ *new signature after \([0-9]*\) cases .*: $impl/$b_sig\( .*\)\{0,1\}$|\1|p" \
          "$work/fuzz.$id.log" | head -1)
        if [ -n "$after" ]; then
          fuzz_result="$fuzz_result, after $after"
        fi
        break
      fi
      fuzz_result=$(printf 'not found in %d cases (%.1f s)' "$n" "$(awk -v a="$f0" -v b="$f1" 'BEGIN { print b - a }')")
    done
    log "$id: fuzz: $fuzz_result"
  fi
  # Fields joined by the unit separator: with a tab as IFS, empty fields would collapse.
  printf '%s\x1f%s\x1f%s\x1f%s\x1f%s\x1f%s\x1f%s\x1f%s\x1f%s\x1f%s\x1f%s\x1f%s\x1f%s\x1f%s\x1f%s\x1f%s\n' \
    "$id" "$crate" "$buggy" "$fixed" "$pinned" "$link" "$expect" "$bug" \
    "$b_class" "$b_answer" "$b_verdict" "$p_class" "$p_answer | $p_verdict" "$fixed_check" \
    "$fuzz_result" "$args" >> "$results"
done < "$data"

# The table, in Markdown.
{
  echo "| crate | buggy → fixed (pinned) | bug | input | upstream | with the buggy release | with the pinned release | stable fuzz loop |"
  echo "|---|---|---|---|---|---|---|---|"
  while IFS=$'\x1f' read -r id crate buggy fixed pinned link expect bug b_class b_answer b_verdict \
      p_class p_full fixed_check fuzz_result args; do
    mark=""
    [ "$b_class" = "$expect" ] || mark=" **(should be: $expect)**"
    [ "$fixed_check" = yes ] || mark="$mark **($fixed_check)**"
    esc() { sed 's/|/\\|/g; s/\x7f/\\x7f/g' <<<"$1"; }
    if [ "$b_class" = "build failed" ]; then
      buggy_cell="**build failed**$mark: $(esc "$b_verdict" | tr -d '`')"
    else
      buggy_cell="**$b_class**$mark: $(esc "$b_answer") → \`$(esc "$b_verdict")\`"
    fi
    printf '| %s | %s → %s (%s) | %s | `diff %s` | %s | %s | %s: %s | %s |\n' \
      "$crate" "$buggy" "$fixed" "$pinned" "$(esc "$bug")" "$(esc "$args")" "$link" "$buggy_cell" \
      "$p_class" "$(esc "$p_full")" "$fuzz_result"
  done < "$results"
  echo
  echo "museum: $(grep -c . "$results" || true) rows in $(( $(date +%s) - start )) s"
} > "$work/table.md"
cat "$work/table.md"
[ -z "$out" ] || cp "$work/table.md" "$out"
[ -z "$out" ] || tr '\037' '\t' < "$results" > "${out%.md}.tsv"
