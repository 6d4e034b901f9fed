#!/usr/bin/env python3
"""Builds the cluster test's input tree from Quire's own corpus: every Markdown file of
Tests/Corpus and Samples as it is (Samples with its images), and, because the repository holds
only a few dozen files where a cluster batch has hundreds, each corpus file also split at its
level-2 and level-3 headings (outside code fences) into one file per section, under
sections/NAME/NNN.md. Nothing is invented: every line of every generated file is a line of the
corpus. Usage: make-corpus.py REPOSITORY DESTINATION; prints the number of files made."""
import os, re, shutil, sys

FENCE = re.compile(r"^ {0,3}(`{3,}|~{3,})")
HEADING = re.compile(r"^#{2,3} ")


def sections(lines):
    """The lines cut before each level-2 or level-3 heading that is not inside a code fence."""
    parts, current, fence = [], [], None
    for line in lines:
        m = FENCE.match(line)
        if fence is None and m:
            fence = m.group(1)
        elif fence is not None and m and m.group(1)[0] == fence[0] and len(m.group(1)) >= len(fence) \
                and line.strip() == m.group(1):
            fence = None
        elif fence is None and HEADING.match(line) and current:
            parts.append(current)
            current = []
        current.append(line)
    if current:
        parts.append(current)
    return parts


def main(repository, destination):
    count = 0
    corpus = os.path.join(repository, "Tests", "Corpus")
    shutil.copytree(os.path.join(repository, "Samples"), os.path.join(destination, "samples"),
                    ignore=shutil.ignore_patterns("out"))
    count += sum(1 for f in os.listdir(os.path.join(destination, "samples")) if f.endswith(".md"))
    os.makedirs(os.path.join(destination, "corpus"))
    for name in sorted(os.listdir(corpus)):
        if not name.endswith(".md") or name == "SOURCES.md":
            continue
        shutil.copy(os.path.join(corpus, name), os.path.join(destination, "corpus", name))
        count += 1
        with open(os.path.join(corpus, name), encoding="utf-8") as f:
            parts = sections(f.readlines())
        folder = os.path.join(destination, "sections", name[:-3])
        os.makedirs(folder)
        for number, part in enumerate(parts, 1):
            if not "".join(part).strip():
                continue
            with open(os.path.join(folder, "%03d.md" % number), "w", encoding="utf-8") as f:
                f.writelines(part)
            count += 1
    print(count)


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2])
