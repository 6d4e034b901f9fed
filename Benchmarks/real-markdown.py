#!/usr/bin/env python3
"""Writes COUNT real Markdown files into OUT_DIR, taken from the Swift package mirrors' bare
repositories (their HEAD's *.md files, each repository in order, each file at its own path
under OUT_DIR/<owner>/<repo>/); when the mirrors hold fewer, the list starts again in a
folder of its own ("again-2/..."), so every file is a real one at a path of its own.

    Benchmarks/real-markdown.py COUNT OUT_DIR [MIRRORS]   (MIRRORS: /opt/swift-packages)

Prints the number of files and their total size. Exits 1 when the mirrors hold no Markdown.
"""
import glob, os, subprocess, sys

count, out_dir = int(sys.argv[1]), sys.argv[2]
mirrors = sys.argv[3] if len(sys.argv) > 3 else "/opt/swift-packages"
found = []  # (repository, path in it, blob)
for repo in sorted(glob.glob(f"{mirrors}/*/*.git")):
    listing = subprocess.run(["git", "--git-dir", repo, "ls-tree", "-r", "HEAD"], capture_output=True, text=True).stdout
    for line in listing.splitlines():
        meta, path = line.split("\t", 1)
        mode, kind, blob = meta.split()
        if kind == "blob" and mode != "120000" and path.lower().endswith(".md"):
            found.append((repo, path, blob))
if not found:
    sys.exit(f"no Markdown files in the mirrors under {mirrors}")
# Each repository's files read by one `git cat-file --batch` (a process per file is minutes).
wanted = {}
for k in range(count):
    wanted.setdefault(found[k % len(found)][0], set()).add(found[k % len(found)][2])
blobs = {}
for repo, shas in wanted.items():
    shas = sorted(shas)
    out = subprocess.run(["git", "--git-dir", repo, "cat-file", "--batch"], input="".join(s + "\n" for s in shas).encode(),
                         capture_output=True).stdout
    at = 0
    for sha in shas:
        header_end = out.index(b"\n", at)
        size = int(out[at:header_end].split()[2])
        blobs[(repo, sha)] = out[header_end + 1:header_end + 1 + size]
        at = header_end + 1 + size + 1
total = 0
for k in range(count):
    repo, path, blob = found[k % len(found)]
    round_ = k // len(found)
    name = os.path.join(out_dir, *([f"again-{round_ + 1}"] if round_ else []), *repo.split("/")[-2:], path)
    os.makedirs(os.path.dirname(name), exist_ok=True)
    data = blobs[(repo, blob)]
    with open(name, "wb") as f:
        f.write(data)
    total += len(data)
print(count, total)
