#!/usr/bin/env python3
"""Quire's fuzzer: renders hostile mutants of real Markdown and reports what broke.

Mutants of Tests/Corpus/*.md and Samples/*.md (scripts/fuzzing/mutations.py: byte flips, cut
and repeated spans, NULs, bidi control runs, deep nesting, `$` storms, broken HTML, huge
colspans, 100 KB lines, invalid UTF-8, odd characters, Mermaid garbage, front matter, strange
links, splices) are rendered by the built binary, each under a wall-clock and a memory limit,
and classified (scripts/fuzzing/outcome.py). The first input of each distinct failure is
minimized by delta debugging (lines, then bytes) while it still fails the same way, and kept
with its original under RESULTS/findings/; RESULTS/summary.txt counts the outcomes.

Mutant N of seed S is the same bytes on any machine and in any order, so a run of --count N is
reproducible, and a finding is replayed with --replay S:N.

Usage:
  scripts/fuzz.py [--binary .build/debug/quire] [--seed S] (--count N | --seconds T)
                  [--jobs J] [--out .build/fuzz] [--timeout 60] [--memory-mb 2048] ...
  scripts/fuzz.py --minimize FILE.md [--options '--toc'] [...]   (one file: classified, minimized)
Exit status: 0 when no outcome of --fail-on (default: crash, timeout, memory, invalid-pdf,
bad-exit) was seen, 1 when one was, 2 on a usage error.
"""
import argparse
import json
import os
import queue
import shutil
import sys
import threading
import time
from concurrent.futures import ThreadPoolExecutor

sys.dont_write_bytecode = True  # no __pycache__ in the source tree
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from fuzzing import mutations, outcome  # noqa: E402
from fuzzing.minimize import minimize  # noqa: E402

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def parse_arguments():
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("--binary", default=os.path.join(ROOT, ".build/debug/quire"))
    p.add_argument("--seed", default="1")
    p.add_argument("--count", type=int, help="render this many mutants (numbers 0 to N-1)")
    p.add_argument("--seconds", type=float, help="render mutants until this many seconds have passed")
    p.add_argument("--jobs", type=int, default=2)
    p.add_argument("--out", default=os.path.join(ROOT, ".build/fuzz"), help="results folder (default .build/fuzz)")
    p.add_argument("--timeout", type=float, default=60, help="seconds one render may take")
    p.add_argument("--memory-mb", type=int, default=2048, help="address space one render may use, in MiB")
    p.add_argument("--max-bytes", type=int, default=262144, help="largest window of a corpus file a mutant starts from")
    p.add_argument("--corpus", nargs="+", default=[os.path.join(ROOT, "Tests/Corpus"), os.path.join(ROOT, "Samples")])
    p.add_argument("--minimize-seconds", type=float, default=180, help="time to minimize each distinct finding")
    p.add_argument("--fail-on", default=",".join(outcome.FAILING), help="outcomes that fail the run (comma list, or 'none')")
    p.add_argument("--no-readers", action="store_true", help="check PDFs with qpdf only (not pdftotext and mutool)")
    p.add_argument("--replay", metavar="SEED:N", help="render mutant N of SEED only (its bytes go to RESULTS/replay.md)")
    p.add_argument("--minimize", metavar="FILE", help="classify FILE alone and minimize it if it fails")
    p.add_argument("--options", default="", help="with --minimize: render options, as one string ('--toc --excerpt-lines 2')")
    args = p.parse_args()
    if not (args.count or args.seconds or args.replay or args.minimize):
        p.error("give --count, --seconds, --replay or --minimize")
    if not os.access(args.binary, os.X_OK):
        p.error("%s is not an executable (build it first: swift build)" % args.binary)
    bad = set(args.fail_on.split(",")) - set(outcome.ALL) - {"none"}
    if bad:
        p.error("--fail-on: unknown outcome %s (known: %s)" % (", ".join(sorted(bad)), ", ".join(outcome.ALL)))
    return args


def load_corpus(folders):
    files = []
    for folder in folders:
        for name in sorted(os.listdir(folder)):
            if name.endswith(".md"):
                with open(os.path.join(folder, name), "rb") as f:
                    files.append((os.path.relpath(os.path.join(folder, name), ROOT), f.read()))
    if not files:
        sys.exit("fuzz: no .md files in " + ", ".join(folders))
    return files


class Findings:
    """Every non-ok outcome, by signature; the first input of each kept for minimizing."""

    def __init__(self, fail_on):
        self.fail_on = set(fail_on.split(",")) - {"none"}
        self.counts = {name: 0 for name in outcome.ALL}
        self.first = {}     # key -> (mutant index, data, options, result, how it was made)
        self.others = {}    # key -> further mutant indexes with that key
        self.refusals = {}  # an error's message, numbers blanked -> how many
        self.rendered, self.seconds, self.peak = 0, 0.0, (0.0, None)
        self.lock = threading.Lock()

    def add(self, index, data, options, result, made):
        with self.lock:
            self.rendered += 1
            self.seconds += result.seconds
            self.counts[result.outcome] += 1
            if result.peak_mb > self.peak[0]:
                self.peak = (result.peak_mb, index)
            if result.outcome == "error":
                message = [l for l in result.stderr.splitlines() if "error" in l] or ["?"]
                message = outcome.normalize(message[-1].replace("mutant.md", "FILE"), 100)
                self.refusals[message] = self.refusals.get(message, 0) + 1
            if result.outcome in ("ok", "error"):
                return
            if result.key in self.first:
                self.others[result.key].append(index)
                return
            self.first[result.key] = (index, data, options, result, made)
            self.others[result.key] = []
        print("fuzz: mutant %s: %s (%s; %d bytes)" % (index, result.key, made, len(data)), flush=True)

    def failed(self):
        return any(self.counts[name] for name in self.fail_on)


def run_mutants(args, corpus, findings, renderers):
    """Renders mutants 0, 1, 2 ... on `renderers` (one per job) until --count or --seconds."""
    stop_at = time.monotonic() + args.seconds if args.seconds else None
    free = queue.Queue()
    for r in renderers:
        free.put(r)

    def one(index):
        data, name, edits = mutations.mutant(corpus, args.seed, index, args.max_bytes)
        options = mutations.options(args.seed, index)
        renderer = free.get()
        try:
            result = renderer.run(data, options)
        finally:
            free.put(renderer)
        made = "%s with %s%s" % (name, "+".join(edits), (" rendered with " + " ".join(options)) if options else "")
        findings.add(index, data, options, result, made)

    with ThreadPoolExecutor(max_workers=len(renderers)) as pool:
        index, pending = 0, set()
        while (args.count is None or index < args.count) and (stop_at is None or time.monotonic() < stop_at):
            while len(pending) >= 2 * len(renderers):
                pending = {f for f in pending if not f.done()}
                time.sleep(0.01)
            pending.add(pool.submit(one, index))
            index += 1
    return index


def legible(data, limit=1500):
    """`data` with printable ASCII as it is and anything else escaped, a run of one character as
    `\\u{202A}x11`: what a bidi run or a NUL is, where a terminal would show nothing."""
    text = data[:limit].decode("utf-8", "backslashreplace")
    out, i = [], 0
    while i < len(text):
        j = i
        while j < len(text) and text[j] == text[i]:
            j += 1
        c = text[i]
        if " " <= c <= "~" or c == "\\":
            out.append(c * (j - i))
        else:
            out.append("\\u{%X}" % ord(c) + ("x%d" % (j - i) if j - i > 1 else ""))
        i = j
    return "".join(out) + ("..." if len(data) > limit else "")


def keep(args, number, key, entry, others, renderer):
    """Minimizes one finding and writes its folder under RESULTS/findings/; the folder."""
    index, data, options, result, made = entry
    folder = os.path.join(args.out, "findings", "%02d-%s" % (number, result.outcome))
    os.makedirs(folder)
    smallest, renders = data, 0
    if args.minimize_seconds > 0:
        smallest, renders = minimize(data, lambda d: renderer.run(d, options).key == key, args.minimize_seconds)
    again = renderer.run(smallest, options)
    for name, content in (("input.md", data), ("minimized.md", smallest), ("stderr.txt", result.stderr.encode()),
                          ("minimized-stderr.txt", again.stderr.encode())):
        with open(os.path.join(folder, name), "wb") as f:
            f.write(content)
    if b"images/" in smallest:
        shutil.copytree(os.path.join(renderer.doc, "images"), os.path.join(folder, "images"))
    command = " ".join(["quire"] + renderer.command(options)).replace("mutant.", "minimized.")
    with open(os.path.join(folder, "about.txt"), "w") as f:
        origin = ("input:     %s\n" % made if args.minimize else
                  "mutant:    %s of seed %s (%s)\nreplay:    scripts/fuzz.py --replay %s:%s\n" % (index, args.seed, made, args.seed, index))
        f.write("finding:   %s\n%sminimized: %d bytes from %d (%d renders): %s\nrerun:     %s\nreproduce: cd %s && %s\nsame in:   %s\n"
                % (key, origin, len(smallest), len(data), renders, legible(smallest),
                   "fails the same way" if again.key == key else "gave %s this time (not every time: a timeout near the limit, or memory corruption)" % again.key,
                   folder, command, ", ".join(map(str, others[key][:50])) or "no other mutant"))
    return folder


def summarize(args, findings, mutating, elapsed, folders):
    lines = ["quire fuzz: seed %s, %d mutants in %.0f s (%.1f per minute, %d jobs), %.0f s minimizing; binary %s"
             % (args.seed, findings.rendered, mutating, 60 * findings.rendered / max(mutating, 1e-9), args.jobs,
                elapsed - mutating, args.binary),
             "limits: %.0f s and %d MiB per render; largest peak %.0f MiB (mutant %s)"
             % (args.timeout, args.memory_mb, findings.peak[0], findings.peak[1]),
             "outcomes: " + ", ".join("%s %d" % (name, findings.counts[name]) for name in outcome.ALL)]
    for message, count in sorted(findings.refusals.items(), key=lambda kv: -kv[1])[:8]:
        lines.append("  error %d x %s" % (count, message))
    for key, folder in folders.items():
        lines.append("  %s  (%d mutants) -> %s" % (key, 1 + len(findings.others[key]), folder))
    verdict = "FAILED: " + ", ".join(n for n in sorted(findings.fail_on) if findings.counts[n]) if findings.failed() else "passed"
    lines.append(verdict + " (failing outcomes: %s)" % (", ".join(sorted(findings.fail_on)) or "none"))
    text = "\n".join(lines) + "\n"
    with open(os.path.join(args.out, "summary.txt"), "w") as f:
        f.write(text)
    with open(os.path.join(args.out, "summary.json"), "w") as f:
        json.dump({"seed": args.seed, "mutants": findings.rendered, "seconds": round(mutating, 1),
                   "minimizing_seconds": round(elapsed - mutating, 1), "counts": findings.counts,
                   "findings": {k: {"folder": v, "mutants": 1 + len(findings.others[k])} for k, v in folders.items()},
                   "failed": findings.failed()}, f, indent=1)
    print(text, end="")


def prepare_out(out):
    """Clears what an earlier run wrote in the results folder (only the fuzzer's own names)."""
    os.makedirs(out, exist_ok=True)
    for name in ("findings", "work"):
        shutil.rmtree(os.path.join(out, name), ignore_errors=True)


def main():
    args = parse_arguments()
    args.out = os.path.abspath(args.out)
    args.binary = os.path.abspath(args.binary)
    prepare_out(args.out)
    images = os.path.join(ROOT, "Samples", "images")
    renderers = [outcome.Renderer(args.binary, os.path.join(args.out, "work", "job%d" % i), images, args.timeout,
                                  args.memory_mb, readers=not args.no_readers) for i in range(max(1, args.jobs))]
    findings = Findings(args.fail_on)
    started = time.monotonic()
    if args.minimize or args.replay:
        if args.minimize:
            with open(args.minimize, "rb") as f:
                data, index, options, made = f.read(), 0, args.options.split(), args.minimize
        else:
            seed, _, index = args.replay.rpartition(":")
            args.seed, index = seed, int(index)
            data, name, edits = mutations.mutant(load_corpus(args.corpus), seed, index, args.max_bytes)
            options, made = mutations.options(seed, index), name + " with " + "+".join(edits)
            with open(os.path.join(args.out, "replay.md"), "wb") as f:
                f.write(data)
        findings.add(index, data, options, renderers[0].run(data, options), made)
    else:
        run_mutants(args, load_corpus(args.corpus), findings, renderers)
    mutating = time.monotonic() - started
    folders = {}
    # Minimizing, one renderer per finding at a time.
    free = queue.Queue()
    for r in renderers:
        free.put(r)

    def keep_one(number, key, entry):
        renderer = free.get()
        try:
            return keep(args, number, key, entry, findings.others, renderer)
        finally:
            free.put(renderer)

    ordered = sorted(findings.first.items(), key=lambda kv: kv[1][0])
    with ThreadPoolExecutor(max_workers=len(renderers)) as pool:
        futures = [(key, pool.submit(keep_one, n, key, entry)) for n, (key, entry) in enumerate(ordered, 1)]
        for key, future in futures:
            folders[key] = future.result()
    summarize(args, findings, mutating, time.monotonic() - started, folders)
    shutil.rmtree(os.path.join(args.out, "work"), ignore_errors=True)
    return 1 if findings.failed() else 0


if __name__ == "__main__":
    sys.exit(main())
