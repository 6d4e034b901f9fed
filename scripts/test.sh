#!/usr/bin/env bash
# make test's runner (docs/testing.md): every XCTest class of QuireTests and quireCLITests, run
# by the built test bundle, TEST_JOBS classes at a time (default 3 on two cores: the end-to-end
# tests spend much of their time waiting for the binary and the PDF readers they start).
#
# Each class runs in a process of its own, so a render a class shares between its tests (a
# static, made once: CorpusRun.outcome, SharedRender) is made once, which `swift test --parallel`
# (a process per test) would redo for every test. The slowest classes start first, so that
# none is left running alone at the end. Each class's output goes to a log of its own; the
# log of a class that failed (or crashed) is printed whole, and the exit status is 1.
#
# Usage: scripts/test.sh [REGEX]  runs the classes whose Module.Class name matches REGEX
# (grep -E); TEST_LOG=FILE keeps every class's output, one after the other, in FILE.
# Build first: swift build --build-tests.
set -euo pipefail
cd "$(dirname "$0")/.."
jobs=${TEST_JOBS:-3}
filter=${1:-.}
bin=$(${SWIFT:-swift} build --show-bin-path)
xctest=$bin/QuirePackageTests.xctest
[ -x "$xctest" ] || { echo "test: $xctest is missing: run swift build --build-tests first" >&2; exit 2; }
logs=$(mktemp -d "${TMPDIR:-/tmp}/quire-tests.XXXXXX")
trap 'rm -rf "$logs"' EXIT

# The slowest classes, measured (docs/testing.md), slowest first; the others follow by name.
slowest="StreamingCLITests PDFPixelTests ExcerptEveryNTests SamplesTests PathologicalTests StandardsTests
  CorpusTests CodeWrapCorpusTests LongTextTests FuzzTests LargeBatchTests CommandLineTriedTests ParagraphLayoutTests
  ReadmeCommandsTests MathLayoutTests HighlightCLITests PDFFileTests KeepsTests HostileInputTests
  NewUserRegressionTests BatchTests"
"$xctest" --list-tests | sed -n 's|^\([A-Za-z0-9_]*\.[A-Za-z0-9_]*\)/.*|\1|p' | sort -u | grep -E -- "$filter" > "$logs/all" || true
[ -s "$logs/all" ] || { echo "test: no test class matches '$filter'" >&2; exit 2; }
{
  for name in $slowest; do grep -E "\.$name\$" "$logs/all" || true; done
  grep -v -E "\.($(echo $slowest | tr ' ' '|'))\$" "$logs/all" || true
} > "$logs/order"

# run_class NAME: runs one class, its output in $logs/NAME.log, its exit status in NAME.status;
# prints the class's summary line.
run_class() {
  local status=0
  "$xctest" "$1" > "$logs/$1.log" 2>&1 || status=$?
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
for name in "${failed[@]}"; do
  echo; echo "==== $name failed: its output ===="; cat "$logs/$name.log"
done
echo
echo "test: $tests tests in $(wc -l < "$logs/order") classes, $failures failures, $(( $(date +%s) - started )) s with $jobs jobs"
if [ ${#failed[@]} -gt 0 ]; then echo "test: failed: ${failed[*]}"; exit 1; fi
