#!/usr/bin/env bash
# make bench: Quire's performance, measured side by side in one run on this machine.
# Every comparison alternates its commands (RUNS times each, default 5; SHORT_RUNS, default
# three times that, for the sub-second ones) and reports medians and their ratio, because
# these machines are shared and noisy. Never part of `make test`.
set -euo pipefail
cd "$(dirname "$0")/.."
RUNS=${RUNS:-5}
# Runs of a fraction of a second are noisier: three times as many of them.
SHORT_RUNS=${SHORT_RUNS:-$((RUNS * 3))}
CORPUS=${CORPUS:-Tests/Corpus}
# The release build as `make release` makes it (Makefile's RELEASE_BUILD).
${SWIFT_BUILD_RELEASE:-swift build -c release --static-swift-stdlib -Xswiftc -enforce-exclusivity=unchecked} 2>&1 | grep -v 'prohibited flag' | tail -1
BIN=$PWD/.build/release/quire
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cc -O2 Benchmarks/floor.c -o "$work/floor" $(pkg-config --cflags --libs pangocairo)

now() { date +%s.%N; }
median() { sort -n | awk '{a[NR]=$1} END {print (NR%2) ? a[(NR+1)/2] : (a[NR/2]+a[NR/2+1])/2}'; }
# A measured command that fails makes its times meaningless: it is listed, and the bench
# ends with a non-zero status (a batch that refuses to overwrite its outputs was found so).
failed() { echo "failed: $1" >&2; echo "$1" >> "$work/failures"; }
# run_timed CMD FILE_ELAPSED FILE_CPU: runs the command once, appending its elapsed seconds and
# its CPU seconds (user + system, of every process it waited for) to the two files.
run_timed() {
  local TIMEFORMAT='%R %U %S' t
  t=$( { time bash -c "$1" >/dev/null 2>&1 || failed "$1"; } 2>&1 | tail -1)
  echo "$t" | awk '{print $1}' >> "$2"
  echo "$t" | awk '{print $2 + $3}' >> "$3"
}
# time_pair CMD_A CMD_B [RUNS]: alternate the two commands; sets A and B to their median
# elapsed seconds, CA and CB to their median CPU seconds.
time_pair() {
  : > "$work/a.t"; : > "$work/b.t"; : > "$work/a.c"; : > "$work/b.c"
  for _ in $(seq "${3:-$RUNS}"); do
    run_timed "$1" "$work/a.t" "$work/a.c"
    run_timed "$2" "$work/b.t" "$work/b.c"
  done
  A=$(median < "$work/a.t"); B=$(median < "$work/b.t"); CA=$(median < "$work/a.c"); CB=$(median < "$work/b.c")
}
# peak_kb CMD: the largest resident set of the command and every process it waited for.
peak_kb() {
  python3 -c 'import resource,subprocess,sys; subprocess.run(sys.argv[1], shell=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL); print(resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss)' "$1"
}
row() { printf '%-52s %12s %12s %9s\n' "$@"; }

# 10. Memory flat in the document's size (issue 34): two generated inputs, each at 1x and 10x
#     (10 MB of real Markdown: the corpus, the samples and the docs concatenated, then 100 MB;
#     a list of 100,000 items, then 1,000,000), rendered once each: peak resident memory (the
#     largest of the process, as getrusage reports it) and time, beside cmark-gfm's own peak on
#     the same text (its HTML output discarded; with Quire's extensions, and without). Fails
#     when a target is missed: 10 MB in 100 MiB, 100 MB in 150 MiB, the 100,000-item list in
#     150 MiB, the 1,000,000-item list in cmark-gfm's peak plus 64 MiB (the smaller of the two
#     peaks: cmark-gfm without extensions), and 10x the input in at most 10.5x the CPU time.
#     Then one fenced code block of 25 MB and of 37 MB (5,000 and 6,100 lines, each indented
#     further: issue 51): each in 200 MiB, the larger in at most 1.5x the smaller's CPU time
#     per byte.
memory_benchmarks() {
  python3 - "$work" "$CORPUS" <<'PY2'
import glob, os, sys
work, corpus = sys.argv[1], sys.argv[2]
files = [f for f in sorted(glob.glob(f"{corpus}/*.md")) if not f.endswith("SOURCES.md")]
files += sorted(glob.glob("Samples/*.md")) + ["README.md"] + sorted(glob.glob("docs/*.md"))
texts = [open(f, encoding="utf-8").read() + "\n\n" for f in files]
parts, size, k = [], 0, 0
while size < 10 << 20:
    parts.append(texts[k % len(texts)]); size += len(parts[-1].encode()); k += 1
real = "".join(parts)
open(f"{work}/real-1x.md", "w").write(real)
open(f"{work}/real-10x.md", "w").write(real * 10)
item = "- item {}: the quick brown fox jumps over the lazy dog\n"
open(f"{work}/list-1x.md", "w").write("".join(item.format(i) for i in range(100_000)))
open(f"{work}/list-10x.md", "w").write("".join(item.format(i) for i in range(1_000_000)))
# Issue 51: one fenced code block, line i indented by 2i spaces (every line wider than the page
# from the fiftieth on, each wrapping under itself): 5,000 lines are 25 MB, 6,100 lines 37 MB.
for name, n in (("code-25mb", 5_000), ("code-37mb", 6_100)):
    with open(f"{work}/{name}.md", "w") as f:
        f.write("# Code\n\n```\n" + "".join(" " * (2 * i) + f"line {i} = value({i})\n" for i in range(n)) + "```\n\nafter the code\n")
PY2
  # measure CMD: "peak_kib elapsed_s cpu_s" of the command and what it waited for.
  measure() {
    python3 -c 'import resource, subprocess, sys, time
s = time.time(); r = subprocess.run(sys.argv[1], shell=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL); e = time.time()
u = resource.getrusage(resource.RUSAGE_CHILDREN)
print(u.ru_maxrss, "%.2f" % (e - s), "%.2f" % (u.ru_utime + u.ru_stime)); sys.exit(r.returncode)' "$1"
  }
  local cmark=${CMARK_GFM:-cmark-gfm}
  command -v "$cmark" >/dev/null || { failed "cmark-gfm is not installed (scripts/install-deps.sh installs it)"; return; }
  echo
  printf '%-44s %9s %9s %9s %13s %13s\n' "memory: document" "peak MiB" "elapsed s" "CPU s" "cmark-gfm MiB" "(no ext.) MiB"
  # Each 1x document is rendered before and after its 10x one, its CPU time the mean of the
  # two (the host's load drifts over the minutes a 10x run takes) and its peak the larger.
  row_for() {  # row_for DOC QUIRE_MEASURE: prints the row, with cmark-gfm's peaks on DOC
    local c p qk qe qc ck pk
    c=$(measure "'$cmark' -e table -e strikethrough -e autolink -e tasklist '$work/$1.md'")
    p=$(measure "'$cmark' '$work/$1.md'")
    read -r qk qe qc <<<"$2"; read -r ck _ _ <<<"$c"; read -r pk _ _ <<<"$p"
    eval "peak_${1//-/_}=$((qk / 1024)) cpu_${1//-/_}=$qc cmark_${1//-/_}=$((ck / 1024)) plain_${1//-/_}=$((pk / 1024))"
    printf '%-44s %9s %9s %9s %13s %13s\n' "$1 ($(( $(stat -c %s "$work/$1.md") / 1048576 )) MB, $(pdfinfo "$work/$1.pdf" 2>/dev/null | awk '/^Pages/ {print $2}') pages)" \
      "$((qk / 1024))" "$qe" "$qc" "$((ck / 1024))" "$((pk / 1024))"
  }
  render() { measure "'$BIN' render '$work/$1.md' -o '$work/$1.pdf' -q" || failed "render $1.md"; }
  for kind in real list; do
    local before ten after
    before=$(render "$kind-1x"); ten=$(render "$kind-10x"); after=$(render "$kind-1x")
    read -r k1 e1 c1 <<<"$before"; read -r k2 e2 c2 <<<"$after"
    row_for "$kind-1x" "$((k1 > k2 ? k1 : k2)) $(echo "($e1 + $e2) / 2" | bc -l | xargs printf %.2f) $(echo "($c1 + $c2) / 2" | bc -l | xargs printf %.2f)"
    row_for "$kind-10x" "$ten"
  done
  target() {  # target NAME VALUE LIMIT: a row, and a failure when VALUE > LIMIT
    local ok; ok=$(echo "$2 <= $3" | bc -l)
    printf '  %-58s %10s <= %-10s %s\n' "$1" "$2" "$3" "$([ "$ok" = 1 ] && echo met || echo MISSED)"
    [ "$ok" = 1 ] || failed "memory target missed: $1 ($2 > $3)"
  }
  # One huge code block (issue 51), 25 MB and 37 MB: the block streams as a long document does.
  local code_cpu=() code_mb=()
  for doc in code-25mb code-37mb; do
    read -r qk qe qc <<<"$(render "$doc")"
    eval "peak_${doc//-/_}=$((qk / 1024))"
    code_cpu+=("$qc"); code_mb+=("$(stat -c %s "$work/$doc.md")")
    printf '%-44s %9s %9s %9s\n' "$doc ($(( ${code_mb[-1]} / 1048576 )) MB, $(pdfinfo "$work/$doc.pdf" 2>/dev/null | awk '/^Pages/ {print $2}') pages)" \
      "$((qk / 1024))" "$qe" "$qc"
  done
  # Issue 45: documents set together stream as one document does: a digest of 2,000 real files
  # (the Swift package mirrors' Markdown, Benchmarks/real-markdown.py) and a book of 100 of them
  # as chapters, each held to the target of 10 MB of real Markdown in one file.
  sets_benchmarks
  target "real Markdown 1x: peak MiB" "$peak_real_1x" 100
  [ -n "${peak_digest:-}" ] && target "digest of 2,000 real files: peak MiB (as real Markdown 1x)" "$peak_digest" 100
  [ -n "${peak_book:-}" ] && target "book of 100 real files: peak MiB (as real Markdown 1x)" "$peak_book" 100
  target "real Markdown 10x: peak MiB" "$peak_real_10x" 150
  target "list of 100,000 items: peak MiB" "$peak_list_1x" 150
  target "list of 1,000,000 items: peak MiB (cmark-gfm's + 64)" "$peak_list_10x" "$((plain_list_10x + 64))"
  target "real Markdown 10x vs 1x: CPU time ratio" "$(printf %.2f "$(echo "$cpu_real_10x / $cpu_real_1x" | bc -l)")" 10.5
  target "list 10x vs 1x: CPU time ratio" "$(printf %.2f "$(echo "$cpu_list_10x / $cpu_list_1x" | bc -l)")" 10.5
  target "code block of 25 MB: peak MiB" "$peak_code_25mb" 200
  target "code block of 37 MB: peak MiB" "$peak_code_37mb" 200
  target "code block 37 MB vs 25 MB: CPU time per byte ratio" \
    "$(printf %.2f "$(echo "(${code_cpu[1]} / ${code_mb[1]}) / (${code_cpu[0]} / ${code_mb[0]})" | bc -l)")" 1.5
}

# sets_benchmarks: the digest and book rows of memory_benchmarks (sets peak_digest, peak_book).
sets_benchmarks() {
  local real=$work/real-files
  if ! python3 Benchmarks/real-markdown.py 2000 "$real" ${SWIFT_PACKAGES:+"$SWIFT_PACKAGES"} > "$work/real.count"; then
    failed "no Swift package mirrors to take 2,000 real Markdown files from"; return
  fi
  # The book's chapters: the first 100 of them that are UTF-8 text, copied flat.
  mkdir -p "$work/book"
  python3 - "$real" "$work/book" <<'PY3'
import os, shutil, sys
files = sorted(os.path.join(d, f) for d, _, fs in os.walk(sys.argv[1]) for f in fs if f.lower().endswith(".md"))
k = 0
for f in files:
    try: open(f, encoding="utf-8").read()
    except (UnicodeDecodeError, OSError): continue
    k += 1; shutil.copy(f, os.path.join(sys.argv[2], f"ch{k:03}.md"))
    if k == 100: break
PY3
  local qk qe qc
  # A digest lists the files it could not read and exits 1: the PDF is what is measured.
  read -r qk qe qc <<<"$(measure "'$BIN' digest '$real' -o '$work/digest.pdf' -q" || true)"
  [ -s "$work/digest.pdf" ] || failed "digest of 2,000 real files"
  peak_digest=$((qk / 1024))
  printf '%-44s %9s %9s %9s\n' "digest of 2,000 files ($(( $(cut -d' ' -f2 "$work/real.count") / 1048576 )) MB, $(pdfinfo "$work/digest.pdf" 2>/dev/null | awk '/^Pages/ {print $2}') pages)" \
    "$peak_digest" "$qe" "$qc"
  read -r qk qe qc <<<"$(measure "'$BIN' render '$work'/book/ch*.md -o '$work/book.pdf' -q")" || failed "book of 100 chapters"
  peak_book=$((qk / 1024))
  printf '%-44s %9s %9s %9s\n' "book of 100 files ($(( $(cat "$work"/book/ch*.md | wc -c) / 1024 )) KB, $(pdfinfo "$work/book.pdf" 2>/dev/null | awk '/^Pages/ {print $2}') pages)" \
    "$peak_book" "$qe" "$qc"
}

echo
row "measure" "quire" "reference" "ratio"
row "-------" "-----" "---------" "-----"

if [ -n "${MEMORY_ONLY:-}" ]; then
  memory_benchmarks
  [ -s "$work/failures" ] && { echo "$(wc -l < "$work/failures") failures (listed above)" >&2; exit 1; }
  exit 0
fi

# 1. Large documents against the floor (same text: what Quire's PDF shows, via pdftotext);
#    commonmark-spec also with its fences' languages removed (the floor does not highlight),
#    indented fences too (13 `markdown` blocks in its list items).
sed -E 's/^([[:space:]]*)(`{3,}|~{3,})[[:space:]]*[^`~[:space:]].*$/\1\2/' "$CORPUS/commonmark-spec.md" > "$work/commonmark-spec-plain.md"
for doc in commonmark-spec.md commonmark-spec-plain.md free-programming-books-langs.md; do
  src="$CORPUS/$doc"; [ -f "$src" ] || src="$work/$doc"
  "$BIN" render "$src" -o "$work/doc.pdf" -q
  # The text the PDF shows, without the form feeds pdftotext puts between pages (not text).
  pdftotext -enc UTF-8 "$work/doc.pdf" - | tr -d '\f' > "$work/doc.txt"
  time_pair "'$BIN' render '$src' -o '$work/doc.pdf' -q" "'$work/floor' '$work/doc.txt' '$work/floor.pdf'" "$SHORT_RUNS"; q=$A; f=$B
  row "render $doc vs floor (s)" "$(printf %.3f "$q")" "$(printf %.3f "$f")" "$(printf %.2fx "$(echo "$q / $f" | bc -l)")"
  row "  CPU time, user + system (s)" "$(printf %.3f "$CA")" "$(printf %.3f "$CB")" "$(printf %.2fx "$(echo "$CA / $CB" | bc -l)")"
  qs=$(stat -c %s "$work/doc.pdf"); fs=$(stat -c %s "$work/floor.pdf")
  row "  PDF size vs the floor's (Cairo, text only) (KB)" "$((qs / 1024))" "$((fs / 1024))" "$(printf %.2fx "$(echo "$qs / $fs" | bc -l)")"
  for other in pandoc typst; do
    if command -v "$other" >/dev/null; then echo "  ($other is installed but not wired in)"; fi
  done
done

# 2. Batch throughput: a few hundred files (the corpus's files under 100 KB, 25 times over,
#    in 10 folders), --jobs 1 against --jobs 2.
mkdir -p "$work/many"
i=0
for round in $(seq 1 25); do
  for f in $(find "$CORPUS" -name '*.md' -size -100k | sort); do
    i=$((i + 1)); mkdir -p "$work/many/d$((i % 10))"; cp "$f" "$work/many/d$((i % 10))/f$i.md"
  done
done
files=$(find "$work/many" -name '*.md' | wc -l)
mb=$(du -sb "$work/many" | awk '{print $1 / 1048576}')
time_pair "'$BIN' batch '$work/many' -o '$work/out1' --jobs 1 --force -q" "'$BIN' batch '$work/many' -o '$work/out2' --jobs 2 --force -q"; one=$A; two=$B
row "batch $files files ($(printf %.1f "$mb") MB), --jobs 2 vs --jobs 1 (s)" "$(printf %.2f "$two")" "$(printf %.2f "$one")" "$(printf %.2fx "$(echo "$one / $two" | bc -l)")"
row "  throughput --jobs 1: files/s, MB/s" "$(printf %.1f "$(echo "$files / $one" | bc -l)")" "$(printf %.2f "$(echo "$mb / $one" | bc -l)")" ""
row "  throughput --jobs 2: files/s, MB/s" "$(printf %.1f "$(echo "$files / $two" | bc -l)")" "$(printf %.2f "$(echo "$mb / $two" | bc -l)")" ""

# 3. Excerpt cost: one section of 1 MB against one of 10 KB.
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
time_pair "'$BIN' preview '$work/1m.md' --excerpt-lines 5" "'$BIN' preview '$work/10k.md' --excerpt-lines 5" "$SHORT_RUNS"; big=$A; small=$B
row "excerpt of a 1 MB section vs a 10 KB one (s)" "$(printf %.3f "$big")" "$(printf %.3f "$small")" "$(printf %.2fx "$(echo "$big / $small" | bc -l)")"

# 4. Peak memory: one large document; batches of 100 and 1,000 files.
row "peak memory, render commonmark-spec.md (MiB)" "$(echo "$(peak_kb "'$BIN' render '$CORPUS/commonmark-spec.md' -o '$work/m.pdf'") / 1024" | bc)" "" ""
mkdir -p "$work/k1" "$work/k100"
for n in $(seq 1 1000); do cp "$CORPUS/howto-he.md" "$work/k1/f$n.md"; done
for n in $(seq 1 100); do cp "$CORPUS/howto-he.md" "$work/k100/f$n.md"; done
p100=$(peak_kb "'$BIN' batch '$work/k100' -o '$work/ok100' --jobs 2 -q")
p1000=$(peak_kb "'$BIN' batch '$work/k1' -o '$work/ok1' --jobs 2 -q")
row "peak memory, batch of 1,000 vs 100 files (MiB)" "$((p1000 / 1024))" "$((p100 / 1024))" "$(printf %.2fx "$(echo "$p1000 / $p100" | bc -l)")"

# 5. Scaling: the same document repeated 1x, 4x and 16x.
for k in 1 4 16; do for _ in $(seq "$k"); do cat "$CORPUS/commonmark-spec.md"; echo; done > "$work/x$k.md"; done
time_pair "'$BIN' render '$work/x4.md' -o '$work/x4.pdf' -q" "'$BIN' render '$work/x1.md' -o '$work/x1.pdf' -q"; t4=$A; t1=$B
time_pair "'$BIN' render '$work/x16.md' -o '$work/x16.pdf' -q" "true"; t16=$A; : "$B"
row "scaling: commonmark-spec 4x vs 1x (s)" "$(printf %.2f "$t4")" "$(printf %.2f "$t1")" "$(printf %.2fx "$(echo "$t4 / $t1" | bc -l)")"
row "scaling: commonmark-spec 16x vs 1x (s)" "$(printf %.2f "$t16")" "$(printf %.2f "$t1")" "$(printf %.2fx "$(echo "$t16 / $t1" | bc -l)")"
# 6. Shards: the 300 files as 4 shards, 4 processes at once over the same folder (each one file
#    at a time), against one batch with --jobs 2: the same PDFs, byte for byte, and the time.
rm -rf "$work/one" "$work/sharded"
s=$(now); "$BIN" batch "$work/many" -o "$work/one" --jobs 2 -q 2>/dev/null || failed "one batch"; e=$(now)
whole=$(echo "$e - $s" | bc -l)
s=$(now)
pids=()
for k in 1 2 3 4; do
  "$BIN" batch "$work/many" -o "$work/sharded" --jobs 1 -q --shard "$k/4" --manifest "$work/shard-$k.jsonl" 2>/dev/null &
  pids+=($!)
done
for pid in "${pids[@]}"; do wait "$pid" || failed "a shard of 4"; done
e=$(now)
sharded=$(echo "$e - $s" | bc -l)
counts=$(for k in 1 2 3 4; do wc -l < "$work/shard-$k.jsonl"; done | tr '\n' ' ')
if diff -r -q "$work/one" "$work/sharded" >/dev/null; then same="identical"; else same="DIFFERENT"; failed "4 shards differ from one batch"; fi
row "4 shards (4 processes) vs one batch --jobs 2 (s)" "$(printf %.2f "$sharded")" "$(printf %.2f "$whole")" "$(printf %.2fx "$(echo "$sharded / $whole" | bc -l)")"
row "  $(find "$work/one" -name '*.pdf' | wc -l) PDFs $same; files per shard: $counts" "" "" ""

# 7. Code-heavy: Quire's own Swift sources, one fenced block per file, with the language
#    (highlighted on the highlight thread while layout goes on) against the same document
#    with the fences' languages removed. Elapsed and CPU time (user + system, all threads).
for f in $(find Sources/Quire -name '*.swift' | sort); do
  printf '## %s\n\n~~~~swift\n' "$f"; cat "$f"; printf '~~~~\n\n'
done > "$work/code.md"
sed 's/^~~~~swift$/~~~~/' "$work/code.md" > "$work/code-plain.md"
# run_cpu CMD: prints the command's elapsed and CPU seconds.
run_cpu() {
  python3 -c 'import resource, subprocess, sys, time
s = time.time(); r = subprocess.run(sys.argv[1], shell=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL); e = time.time()
u = resource.getrusage(resource.RUSAGE_CHILDREN); print(e - s, u.ru_utime + u.ru_stime); sys.exit(r.returncode)' "$1"
}
: > "$work/hl.t"; : > "$work/pl.t"
for _ in $(seq "$SHORT_RUNS"); do
  run_cpu "'$BIN' render '$work/code.md' -o '$work/code.pdf' -q" >> "$work/hl.t" || failed "render code.md"
  run_cpu "'$BIN' render '$work/code-plain.md' -o '$work/code-plain.pdf' -q" >> "$work/pl.t" || failed "render code-plain.md"
done
kb=$(( $(wc -c < "$work/code.md") / 1024 ))
he=$(cut -d' ' -f1 "$work/hl.t" | median); pe=$(cut -d' ' -f1 "$work/pl.t" | median)
hc=$(cut -d' ' -f2 "$work/hl.t" | median); pc=$(cut -d' ' -f2 "$work/pl.t" | median)
row "code ($kb KB of Swift) highlighted vs plain (s)" "$(printf %.3f "$he")" "$(printf %.3f "$pe")" "$(printf %.2fx "$(echo "$he / $pe" | bc -l)")"
row "  CPU time, all threads (s)" "$(printf %.3f "$hc")" "$(printf %.3f "$pc")" "$(printf %.2fx "$(echo "$hc / $pc" | bc -l)")"

# 8. Math: 1,000 inline formulas (those of Samples/math.md, each made distinct, so no cache
#    helps) against the same document with every formula as inline code.
python3 - "$work" Samples/math.md <<'PY'
import re, sys
sample = open(sys.argv[2]).read()
# The sample's macros (\R, \norm, ...) come first, as in the sample.
macros = next(m for m in re.findall(r"\$\$.+?\$\$", sample, flags=re.S) if "newcommand" in m)
# The formulas from the first section on (the introduction shows dollars that are not math).
text = re.sub(r"\$\$.+?\$\$", "", sample[sample.index("\n## "):], flags=re.S)
found = [f for f in re.findall(r"\$([^$\s`][^$]*?)\$", text) if "`" not in f]
math, code = [], []
for k in range(1000):
    f = found[k % len(found)] + " + a_{%d}" % k
    math.append("Formula $%s$ in a line." % f)
    code.append("Formula `%s` in a line." % f)
for name, lines in (("formulas", math), ("formulas-code", code)):
    paragraphs = [" ".join(lines[i:i + 5]) for i in range(0, 1000, 5)]
    open(f"{sys.argv[1]}/{name}.md", "w").write("# Formulas\n\n" + macros + "\n\n" + "\n\n".join(paragraphs) + "\n")
PY
time_pair "'$BIN' render '$work/formulas.md' -o '$work/formulas.pdf' -q" "'$BIN' render '$work/formulas-code.md' -o '$work/formulas-code.pdf' -q" "$SHORT_RUNS"
row "1,000 formulas vs the same as inline code (s)" "$(printf %.3f "$A")" "$(printf %.3f "$B")" "$(printf %.2fx "$(echo "$A / $B" | bc -l)")"
row "  CPU time, user + system (s)" "$(printf %.3f "$CA")" "$(printf %.3f "$CB")" "$(printf %.2fx "$(echo "$CA / $CB" | bc -l)")"
row "  elapsed per formula (ms: the difference over 1,000)" "$(printf %.3f "$(echo "$A - $B" | bc -l)")" "" ""

# 11. Diagrams (issue 47): 100 Mermaid flowcharts of 20 nodes and 24 links each (three
#     columns of steps, five labelled links across, distinct labels, a subgraph in each) against the same document with every diagram as plain code.
#     Target: the diagrams add less than one second.
python3 - "$work" <<'PY'
import sys
drawn, plain = ["# Flowcharts\n"], ["# Flowcharts\n"]
for d in range(100):
    lines = ["flowchart TD"]
    for n in range(17):
        lines.append(f"  d{d}n{n}[Step {d}.{n}] --> d{d}n{n + 3}[Step {d}.{n + 3}]")
    for n in range(0, 15, 3):
        lines.append(f"  d{d}n{n} -->|or {n}| d{d}n{n + 4}")
    lines += [f"  d{d}n1 --> d{d}n0", f"  d{d}n2 --> d{d}n0"]
    lines += ["  subgraph g [Group]", f"    d{d}n5", f"    d{d}n6", "  end"]
    body = "\n".join(lines)
    drawn.append(f"Diagram {d}.\n\n```mermaid\n{body}\n```\n")
    plain.append(f"Diagram {d}.\n\n```text\n{body}\n```\n")
open(f"{sys.argv[1]}/diagrams.md", "w").write("\n".join(drawn))
open(f"{sys.argv[1]}/diagrams-code.md", "w").write("\n".join(plain))
PY
time_pair "'$BIN' render '$work/diagrams.md' -o '$work/diagrams.pdf' -q" "'$BIN' render '$work/diagrams-code.md' -o '$work/diagrams-code.pdf' -q"
row "100 flowcharts of 20 nodes vs the same as code (s)" "$(printf %.3f "$A")" "$(printf %.3f "$B")" "$(printf %.2fx "$(echo "$A / $B" | bc -l)")"
row "  CPU time, user + system (s)" "$(printf %.3f "$CA")" "$(printf %.3f "$CB")" "$(printf %.2fx "$(echo "$CA / $CB" | bc -l)")"
row "  added by the diagrams (s, elapsed; target < 1)" "$(printf %.3f "$(echo "$A - $B" | bc -l)")" "" ""

# 9. Paragraph quality: Samples/typography.md justified on A5 (the compact template), read
#    back from the PDF (scripts/paragraph-quality.py): body lines, loose lines (spaces past 1.5
#    times their width), hyphenated lines, hyphenated lines right after one, runts.
"$BIN" render Samples/typography.md --template compact --page-size a5 -o "$work/typography-a5.pdf" -q \
  || failed "render typography.md on A5"
read -r lines loose hyphens inrow runts < <(python3 scripts/paragraph-quality.py "$work/typography-a5.pdf")
row "typography.md justified on A5: lines, loose" "$lines" "$loose" ""
row "  hyphenated, in a row, runts" "$hyphens" "$inrow" "$runts"

memory_benchmarks

echo
echo "Medians of alternating runs: $SHORT_RUNS for single documents and excerpts, $RUNS for the"
echo "rest. Targets: large document's CPU time at most the floor's and elapsed time well below it"
echo "(Quire draws on a second thread); --jobs 2 at least 1.6x the throughput"
echo "of --jobs 1; peak memory at most 100 MiB and flat across a batch; 16x input within 17x"
echo "time; an excerpt of 1 MB within 2x the cost of 10 KB; 4 shards byte-identical to one batch;"
echo "highlighted code within 1.25x the elapsed time of the same code plain; the memory targets"
echo "of section 10 (issue 34). MEMORY_ONLY=1 runs section 10 alone."
if [ -s "$work/failures" ]; then
  echo
  echo "$(wc -l < "$work/failures") measured runs failed (listed above): their rows are not valid." >&2
  exit 1
fi
