#!/bin/bash -eu
# Builds the four cargo-fuzz targets for ClusterFuzzLite / OSS-Fuzz and puts into $OUT, for each
# target: the binary, its dictionary (<target>.dict), its seed corpus (<target>_seed_corpus.zip)
# and, for the differential targets, its libFuzzer options (<target>.options).

cd "$SRC/uri-conformance"

TARGETS="diff_parse diff_resolve diff_normalize reference_props"

# Optimized, with debug assertions; the sanitizer comes from cargo fuzz (address by default)
# and the flags the base image sets.
cargo fuzz build -O --debug-assertions

for target in $TARGETS; do
  cp "fuzz/target/x86_64-unknown-linux-gnu/release/$target" "$OUT/"
  cp fuzz/uri.dict "$OUT/$target.dict"
done

# Seed corpora from the vector corpus (the real-world URL lists are not in the image), written
# by the command-line tool: one directory per target. The tool is a plain build, without the
# sanitizer or coverage flags of the environment, in a target directory of its own.
RUSTFLAGS="" cargo run --release --locked --target-dir "$WORK/corpus-tool" -- corpus "$WORK/corpus"
for target in $TARGETS; do
  rm -f "$OUT/${target}_seed_corpus.zip"
  (cd "$WORK/corpus/$target" && zip -q -r "$OUT/${target}_seed_corpus.zip" .)
done

# The differential targets keep one campaign for the whole process (findings deduplicated by
# signature), which grows by design: libFuzzer's leak check after each input that allocated
# more than it freed would cost much and could find nothing.
for target in diff_parse diff_resolve diff_normalize; do
  printf '[libfuzzer]\ndetect_leaks = 0\n' > "$OUT/$target.options"
done
