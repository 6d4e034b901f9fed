#!/usr/bin/env bash
# `make fuzz-coverage`: a coverage-guided libFuzzer run over Quire.render and Quire.excerpts
# (Tests/Fuzz/QuireFuzzer.swift). Builds the library with `-sanitize=fuzzer` (the toolchain's
# clang runtime: edge coverage and comparison tracing) in its own scratch folder
# (.build/fuzz-coverage), links the target against it, and runs it for FUZZ_SECONDS (default
# 600) with the corpus (Tests/Corpus, Samples) as seeds and a dictionary of Markdown tokens and
# bidi controls (scripts/fuzzing/markdown.dict); each input at most FUZZ_MAX_LEN bytes (4096:
# longer seeds are cut) and FUZZ_TIMEOUT seconds (30), the process at most 2048 MB. Failing
# inputs are written to FUZZ_OUT (default .build/fuzz/coverage) as crash-*, timeout-*, oom-*;
# the grown corpus stays in FUZZ_OUT/corpus for the next run. Not part of `make test`: the
# first build takes about ten minutes here.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
scratch="$root/.build/fuzz-coverage"
out="$(mkdir -p "${FUZZ_OUT:-$root/.build/fuzz/coverage}" && cd "${FUZZ_OUT:-$root/.build/fuzz/coverage}" && pwd)"
seconds="${FUZZ_SECONDS:-600}"
swift build --package-path "$root" --scratch-path "$scratch" --target Quire -Xswiftc -sanitize=fuzzer
# The C modules' header paths, for importing Quire's module into the target.
cflags=()
for flag in $(pkg-config --cflags pangocairo harfbuzz-subset libcmark-gfm libdeflate yaml-0.1 gumbo); do cflags+=(-Xcc "$flag"); done
for map in "$root"/Sources/C*/module.modulemap; do cflags+=(-Xcc "-fmodule-map-file=$map"); done
swiftc -sanitize=fuzzer -parse-as-library -g -I "$scratch/debug/Modules" "${cflags[@]}" \
  "$root/Tests/Fuzz/QuireFuzzer.swift" "$scratch"/debug/Quire.build/*.o -lhyphen \
  $(pkg-config --libs pangocairo pangoft2 harfbuzz-subset libcmark-gfm libdeflate yaml-0.1 gumbo) -lcmark-gfm-extensions \
  -o "$scratch/quire-fuzzer"
mkdir -p "$out/corpus"
# Seeds: each corpus file (libFuzzer reads its first FUZZ_MAX_LEN bytes).
cp "$root"/Tests/Corpus/*.md "$root"/Samples/*.md "$out/corpus/"
cd "$out"
exec "$scratch/quire-fuzzer" "$out/corpus" -max_total_time="$seconds" -timeout="${FUZZ_TIMEOUT:-30}" -rss_limit_mb=2048 \
  -max_len="${FUZZ_MAX_LEN:-4096}" -dict="$root/scripts/fuzzing/markdown.dict" -artifact_prefix="$out/" -print_final_stats=1
