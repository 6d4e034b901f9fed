#!/usr/bin/env python3
"""Counts what a reader notices in justified paragraphs, read back from a PDF with poppler's
pdftotext -bbox-layout (so any two PDFs compare, whatever made them):

  lines      body lines (the words of the commonest height, set to the text column's right edge
             or ended by a paragraph's end)
  loose      justified lines whose spaces are stretched past 1.5 times a space's natural width
             (the median space of paragraphs' last lines, which are not stretched)
  hyphenated justified lines ending in a hyphen
  in a row   hyphenated lines right after a hyphenated line
  runts      paragraphs' last lines holding a single short word (narrower than a quarter of
             the column) under a full line of the same paragraph

Usage: paragraph-quality.py FILE.pdf  (prints one line: the counts, space-separated, in that order)
"""
import re
import statistics
import subprocess
import sys


def lines_of(pdf):
    xml = subprocess.run(["pdftotext", "-bbox-layout", pdf, "-"], capture_output=True, text=True, check=True).stdout
    pages = []
    for page in re.findall(r"<page .*?</page>", xml, re.S):
        lines = []
        for line in re.findall(r"<line (.*?)>(.*?)</line>", page, re.S):
            box = dict((k, float(v)) for k, v in re.findall(r'(\w+)="([\d.]+)"', line[0]))
            words = [(float(a), float(b), w) for a, b, w in
                     re.findall(r'<word xMin="([\d.]+)" yMin="[\d.]+" xMax="([\d.]+)" yMax="[\d.]+">(.*?)</word>', line[1])]
            lines.append((box, words))
        pages.append(lines)
    return pages


def main(pdf):
    pages = lines_of(pdf)
    heights = [round(b["yMax"] - b["yMin"], 1) for p in pages for b, _ in p]
    body = statistics.mode(heights)
    # The text column's right edge: where most body lines end (justified ones all do; the
    # widest line may be an overfull one, past it).
    right = statistics.mode(round(b["xMax"]) for p in pages for b, _ in p if round(b["yMax"] - b["yMin"], 1) == body)
    left = statistics.mode(round(b["xMin"]) for p in pages for b, _ in p if round(b["yMax"] - b["yMin"], 1) == body)
    counts = dict(lines=0, loose=0, hyphenated=0, row=0, runts=0)
    last_gaps, justified = [], []
    for page in pages:
        previous = None  # (box, full, hyphenated, words) of the body line just above
        for box, words in sorted(page, key=lambda l: (l[0]["yMin"], l[0]["xMin"])):
            if round(box["yMax"] - box["yMin"], 1) != body or not words:
                previous = None
                continue
            counts["lines"] += 1
            full = abs(box["xMax"] - right) < 1.0
            gaps = [b[0] - a[1] for a, b in zip(words, words[1:])]
            # Under a full line of running text (a table of contents' line, its title and its
            # page number far apart, is none).
            follows = previous is not None and abs(box["yMin"] - previous[0]["yMax"]) < body and previous[1] \
                and len(previous[3]) >= 4
            hyphen = full and words[-1][2].endswith("-")
            if full:
                justified.append(gaps)
                if hyphen:
                    counts["hyphenated"] += 1
                    if follows and previous[2]:
                        counts["row"] += 1
            else:
                last_gaps += gaps
                if len(words) == 1 and follows and 4 * (box["xMax"] - box["xMin"]) < right - left:
                    counts["runts"] += 1
            previous = (box, full, hyphen, words)
    space = statistics.median(last_gaps) if last_gaps else 0
    counts["loose"] = sum(1 for gaps in justified if gaps and space and statistics.mean(gaps) > 1.5 * space)
    print(counts["lines"], counts["loose"], counts["hyphenated"], counts["row"], counts["runts"])


if __name__ == "__main__":
    main(sys.argv[1])
