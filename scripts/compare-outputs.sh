#!/usr/bin/env bash
# Renders every corpus, sample and pathological file plain, excerpted and compact, plus a digest
# and three books,
# with SOURCE_DATE_EPOCH fixed, into OUT_DIR; with a second folder, compares the two byte for byte.
#
#   scripts/compare-outputs.sh render BINARY OUT_DIR     make the PDFs (and each run's warnings)
#   scripts/compare-outputs.sh diff BEFORE_DIR AFTER_DIR list the files that differ; exit 1 if any
#
# For refactors that must keep output: render with the binary before and after, then diff.
set -euo pipefail
cd "$(dirname "$0")/.."

render_all() {
  local bin=$1 out=$2
  mkdir -p "$out/in"
  export SOURCE_DATE_EPOCH=1700000000
  make_pathological "$out/in"
  local inputs=(Tests/Corpus/*.md Samples/*.md "$out"/in/*.md)
  local jobs=()
  for f in "${inputs[@]}"; do
    local name; name=$(basename "${f%.md}")
    jobs+=("$f|$name-plain|")
    jobs+=("$f|$name-excerpt3|--excerpt-lines 3")
    jobs+=("$f|$name-compact|--template compact --page-size a5")
  done
  printf '%s\n' "${jobs[@]}" | xargs -P "${JOBS:-2}" -I{} bash -c '
    IFS="|" read -r f name opts <<<"{}"
    "'"$bin"'" render "$f" -o "'"$out"'/$name.pdf" $opts >"'"$out"'/$name.log" 2>&1 || echo "exit $?" >>"'"$out"'/$name.log"'
  "$bin" digest Tests/Corpus Samples -o "$out/digest.pdf" --title "Corpus digest" >"$out/digest.log" 2>&1 || echo "exit $?" >>"$out/digest.log"
  # Books (several inputs): untitled, untitled with contents, titled by front matter with contents.
  local book=(Samples/lists.md Samples/code.md Tests/Corpus/markdown-test-file.md)
  "$bin" render "${book[@]}" -o "$out/book.pdf" >"$out/book.log" 2>&1 || echo "exit $?" >>"$out/book.log"
  "$bin" render "${book[@]}" --toc -o "$out/book-toc.pdf" >"$out/book-toc.log" 2>&1 || echo "exit $?" >>"$out/book-toc.log"
  "$bin" render Samples/typography.md "${book[@]}" --toc -o "$out/book-titled-toc.pdf" >"$out/book-titled-toc.log" 2>&1 \
    || echo "exit $?" >>"$out/book-titled-toc.log"
  echo "rendered $(ls "$out"/*.pdf | wc -l) PDFs into $out"
}

# Small versions of the pathological inputs of Tests/quireCLITests/PathologicalTests.swift.
make_pathological() {
  local dir=$1
  python3 - "$dir" <<'EOF'
import sys, os
d = sys.argv[1]
def w(name, text):
    open(os.path.join(d, name + ".md"), "w").write(text)
w("patho-lists", "- " * 2000 + "deepest list item\n\nafter\n")
w("patho-quotes", "> " * 2000 + "deepest quote\n")
w("patho-emphasis", "*a " * 1000 + "core" + "*" * 1000 + "\n")
w("patho-spans", "<span><b>" * 1000 + "tagged text\n")
w("patho-line", "a" * 50000 + " endmark\n")
w("patho-table", "| a | b | c |\n|---|---|---|\n" + "".join(f"| {i} | x{i} | `c{i}` |\n" for i in range(3000)))
w("patho-links", " ".join(f"[l{i}](#h{i % 50})" for i in range(5000)) + "\n" + "".join(f"\n# h{i}\n" for i in range(50)))
w("patho-html", "<div align=center><p><b>open <i>never closed<table><tr><td>cell &bull; &rarr; &times; &euro; &deg; &check; &hearts; x&emsp;y</td></table>\n\n<details><summary>More</summary>\n\nInside *details*\n\n</details>\n\n<img src=x.png width=50>\n<a name=anchor></a><sub>sub</sub><sup>sup</sup><kbd>Ctrl</kbd><br>\n")
EOF
}

diff_all() {
  local before=$1 after=$2 differ=0
  for f in "$before"/*.pdf "$before"/*.log; do
    local name; name=$(basename "$f")
    if [[ $name == *.log ]]; then
      # Warnings name the generated inputs by their folder: compare them without it.
      cmp -s <(sed "s#$(realpath "$before")##g" "$f") <(sed "s#$(realpath "$after")##g" "$after/$name") \
        || { echo "differs: $name"; differ=1; }
    elif ! cmp -s "$f" "$after/$name"; then echo "differs: $name"; differ=1; fi
  done
  [ "$differ" -eq 0 ] && echo "all $(ls "$before"/*.pdf | wc -l) PDFs and their warnings identical"
  return $differ
}

case "${1:-}" in
  render) render_all "$(realpath "$2")" "$(realpath -m "$3")" ;;
  diff) diff_all "$2" "$3" ;;
  *) echo "usage: $0 render BINARY OUT_DIR | diff BEFORE_DIR AFTER_DIR" >&2; exit 2 ;;
esac
