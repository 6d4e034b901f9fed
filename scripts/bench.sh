#!/usr/bin/env bash
# make bench: measurements side by side in one run (alternating, medians), never in a test.
# Part 1 (issue 4): the cost of an excerpt of a 10 KB section against a 1 MB one.
set -euo pipefail
cd "$(dirname "$0")/.."
swift build -c release >/dev/null
BIN=.build/release/quire
RUNS=${RUNS:-7}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# One section of one paragraph of N bytes of prose.
python3 - "$work" <<'PY'
import sys, random
random.seed(1)
words = "the quick brown fox jumps over a lazy dog while typesetting long sections of text".split()
for name, size in (("10k", 10_000), ("1m", 1_000_000)):
    out, n = [], 0
    while n < size:
        w = random.choice(words); out.append(w); n += len(w) + 1
    open(f"{sys.argv[1]}/{name}.md", "w").write("## Section\n\n" + " ".join(out) + "\n")
PY

now() { date +%s.%N; }
median() { sort -n | awk '{a[NR]=$1} END {print (NR%2) ? a[(NR+1)/2] : (a[NR/2]+a[NR/2+1])/2}'; }
: > "$work/10k.t"; : > "$work/1m.t"
for _ in $(seq "$RUNS"); do
  for size in 10k 1m; do
    s=$(now); "$BIN" preview "$work/$size.md" --excerpt-lines 5 >/dev/null; e=$(now)
    echo "$e - $s" | bc -l >> "$work/$size.t"
  done
done
t10=$(median < "$work/10k.t"); t1m=$(median < "$work/1m.t")
printf '%-44s %10s %10s %8s\n' "measure" "10 KB" "1 MB" "ratio"
printf '%-44s %9.3fs %9.3fs %7.2fx\n' "excerpt (quire preview --excerpt-lines 5)" "$t10" "$t1m" "$(echo "$t1m / $t10" | bc -l)"
echo "(medians of $RUNS alternating runs; target: ratio within 2x)"
