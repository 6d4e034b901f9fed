#!/usr/bin/env bash
# make test's runner (docs/testing.md): every XCTest class of QuireTests and quireCLITests, run
# by the built test bundle, TEST_JOBS classes at a time (default: one more than the cores, 3 on
# two: nearly every class keeps a core busy, in its own process or in the binary and readers it
# waits for, and the one more covers the few that wait on a clock or a server).
#
# Each class runs in a process of its own, so a render a class shares between its tests (a
# static, made once: CorpusRun.outcome, SharedRender) is made once, which `swift test --parallel`
# (a process per test) would redo for every test. The slowest classes start first, so that
# none is left running alone at the end. Each class's output goes to a log of its own; the
# log of a class that failed (or crashed) is printed whole, and the exit status is 1.
#
# At the end it prints the classes that used the most CPU (user + system of the class's process
# and every process it waited for: the binary, the PDF readers), with their elapsed time, and
# the totals: on a machine shared with other work the CPU time is the figure that compares.
#
# Usage: scripts/test.sh [REGEX]  runs the classes whose Module.Class name matches REGEX
# (grep -E); TEST_LOG=FILE keeps every class's output, one after the other, in FILE;
# TEST_TIMES=FILE keeps every class's times (CPU s, elapsed s, user s, system s, name), most
# CPU first; TEST_TOP=N prints N classes (default 15).
# Build first: swift build --build-tests (or `make test`, which builds them optimised in
# .build/tests: TEST_SCRATCH=.build/tests TEST_CONFIG=release name that build here).
set -euo pipefail
cd "$(dirname "$0")/.."
jobs=${TEST_JOBS:-$(( $(nproc 2>/dev/null || echo 2) + 1 ))}
filter=${1:-.}
bin=$(${SWIFT:-swift} build --show-bin-path ${TEST_SCRATCH:+--scratch-path "$TEST_SCRATCH"} -c "${TEST_CONFIG:-debug}")
xctest=$bin/QuirePackageTests.xctest
[ -x "$xctest" ] || { echo "test: $xctest is missing: run swift build --build-tests (or make test) first" >&2; exit 2; }
logs=$(mktemp -d "${TMPDIR:-/tmp}/quire-tests.XXXXXX")
trap 'rm -rf "$logs"' EXIT
# Renders several classes make of the same file with the same options, made once for the whole
# run (Tests/quireCLITests/SharedRenders.swift), removed with the logs.
export QUIRE_TEST_RENDERS="$logs/renders"

# The slowest classes by CPU time, measured (docs/testing.md), slowest first; the others follow by name.
slowest="ExcerptEveryNTests StreamingCLITests CorpusTests PathologicalTests SamplesTests SectionedBodyTests
  FuzzTests StandardsTests PDFPixelTests CodeWrapCorpusTests RemoteImageCLITests ParagraphEngineTests PageCensusTests
  LargeBatchTests ReadmeCommandsTests HighlightCLITests LongTextTests CommandLineTriedTests NewUserRegressionTests
  HostileInputTests KeepsTests PDFFileTests MathLayoutTests ParagraphLayoutTests BatchTests"
"$xctest" --list-tests | sed -n 's|^\([A-Za-z0-9_]*\.[A-Za-z0-9_]*\)/.*|\1|p' | sort -u | grep -E -- "$filter" > "$logs/all" || true
[ -s "$logs/all" ] || { echo "test: no test class matches '$filter'" >&2; exit 2; }
{
  for name in $slowest; do grep -E "\.$name\$" "$logs/all" || true; done
  grep -v -E "\.($(echo $slowest | tr ' ' '|'))\$" "$logs/all" || true
} > "$logs/order"

# run_class NAME: runs one class, its output in $logs/NAME.log, its exit status in NAME.status;
# prints the class's summary line.
# Its times (elapsed, user, system: bash's `time`, which counts the children it waited for) in NAME.time.
run_class() {
  local status=0 TIMEFORMAT='%R %U %S'
  { time "$xctest" "$1" > "$logs/$1.log" 2>&1 || status=$?; } 2> "$logs/$1.time"
  echo "$status" > "$logs/$1.status"
  local summary
  summary=$(grep -E '^[[:space:]]*Executed [0-9]+ tests?' "$logs/$1.log" | tail -1 | sed 's/^[[:space:]]*//')
  printf '%-45s %s%s\n' "$1" "${summary:-no summary}" "$([ "$status" = 0 ] || echo " (exit $status)")"
}
export -f run_class
export xctest logs

started=$(date +%s)
xargs -P "$jobs" -I{} bash -c 'run_class "$1"' _ {} < "$logs/order"

tests=0 failures=0 failed=()
while read -r name; do
  [ -n "${TEST_LOG:-}" ] && cat "$logs/$name.log" >> "$TEST_LOG"
  counts=$(grep -E '^[[:space:]]*Executed [0-9]+ tests?' "$logs/$name.log" | tail -1 || true)
  tests=$((tests + $(echo "$counts" | sed -n 's/.*Executed \([0-9]*\) test.*/\1/p' | grep . || echo 0)))
  failures=$((failures + $(echo "$counts" | sed -n 's/.*with \([0-9]*\) failure.*/\1/p' | grep . || echo 0)))
  if [ "$(cat "$logs/$name.status" 2>/dev/null || echo missing)" != 0 ]; then failed+=("$name"); fi
done < "$logs/order"
# The classes by CPU time: CPU elapsed user system name.
while read -r name; do
  # (bash writes the times with the locale's decimal separator)
  read -r real user sys < <(tr , . 2>/dev/null < "$logs/$name.time") || continue
  awk -v r="$real" -v u="$user" -v s="$sys" -v n="$name" 'BEGIN { printf "%.1f %.1f %.1f %.1f %s\n", u + s, r, u, s, n }'
done < "$logs/order" | sort -k1,1 -g -r > "$logs/times"
[ -n "${TEST_TIMES:-}" ] && cp "$logs/times" "$TEST_TIMES"
echo
echo "test: the $(( ${TEST_TOP:-15} )) classes that used the most CPU (user + system, children included):"
printf '  %8s %8s  %s\n' "CPU s" "wall s" "class"
head -n "${TEST_TOP:-15}" "$logs/times" | awk '{ printf "  %8.1f %8.1f  %s\n", $1, $2, $5 }'
awk '{ cpu += $1; wall += $2 } END { printf "test: CPU %.0f s in all (user + system), %.0f s of class time\n", cpu, wall }' "$logs/times"

for name in "${failed[@]}"; do
  echo; echo "==== $name failed: its output ===="; cat "$logs/$name.log"
done
echo
echo "test: $tests tests in $(wc -l < "$logs/order") classes, $failures failures, $(( $(date +%s) - started )) s with $jobs jobs"
if [ ${#failed[@]} -gt 0 ]; then echo "test: failed: ${failed[*]}"; exit 1; fi
