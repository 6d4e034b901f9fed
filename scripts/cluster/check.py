#!/usr/bin/env python3
"""The cluster test's checks on a sharded batch's output folder (scripts/cluster-test.sh).

  check.py complete DOCS REFERENCE OUT [MAX_RATIO]
      The manifests OUT/manifest-*.jsonl, merged, name every Markdown file under DOCS exactly
      once, none failed; every shard's summary line is there and finished; OUT holds exactly
      REFERENCE's PDFs, byte for byte, and no temporary file. Prints each shard's files, bytes
      and wall time, and fails when the slowest is over MAX_RATIO times the mean.
  check.py snapshot OUT FILE
      Writes each PDF's inode and modification time (ns) under OUT to FILE.
  check.py unfinished OUT N
      Prints the shards (1..N, comma-separated) whose manifest is missing, unfinished or lists
      a failure: those a retry resubmits.
  check.py retried OUT SNAPSHOT SHARDS
      Every PDF of SNAPSHOT is untouched (same inode and time), and no file the resubmitted
      SHARDS' manifests list as rendered was in SNAPSHOT: nothing rendered twice.
"""
import glob, json, os, sys


def fail(message):
    print("cluster-test: FAIL: " + message, file=sys.stderr)
    sys.exit(1)


def inputs(docs):
    found = set()
    for folder, subfolders, files in os.walk(docs):
        subfolders[:] = [s for s in subfolders if not s.startswith(".")]
        for name in files:
            if not name.startswith(".") and name.endswith((".md", ".markdown")):
                found.add(os.path.relpath(os.path.join(folder, name), docs))
    return found


def manifest(path):
    """(file entries, shard summary or None) of one manifest."""
    entries, summary = [], None
    with open(path, encoding="utf-8") as f:
        for number, line in enumerate(f, 1):
            if not line.strip():
                continue
            record = json.loads(line)
            if "path" in record:
                entries.append(record)
            elif "shard" in record:
                summary = record
            else:
                fail("%s:%d: neither a file nor a shard line" % (path, number))
    return entries, summary


def manifests(out):
    return {int(os.path.basename(p)[len("manifest-"):-len(".jsonl")]): manifest(p)
            for p in glob.glob(os.path.join(out, "manifest-*.jsonl"))}


def files_under(root):
    found = {}
    for folder, _, names in os.walk(root):
        for name in names:
            path = os.path.join(folder, name)
            found[os.path.relpath(path, root)] = path
    return found


def complete(docs, reference, out, max_ratio=None):
    wanted = inputs(docs)
    shards = manifests(out)
    seen = {}
    for k, (entries, summary) in sorted(shards.items()):
        if summary is None:
            fail("manifest-%d.jsonl has no shard line" % k)
        if summary["finished"] != summary["files"] or summary["failed"]:
            fail("shard %s did not finish: %s" % (summary["shard"], json.dumps(summary)))
        if len(entries) != summary["files"]:
            fail("shard %s lists %d files, its summary %d" % (summary["shard"], len(entries), summary["files"]))
        for e in entries:
            seen.setdefault(e["path"], []).append(k)
            if e["status"] not in ("rendered", "skipped"):
                fail("%s: %s (%s)" % (e["path"], e["status"], e["reason"]))
    twice = {p: k for p, k in seen.items() if len(k) > 1}
    if twice:
        fail("listed by more than one shard: %s" % sorted(twice.items())[:5])
    if set(seen) != wanted:
        fail("missing from the manifests: %s; not inputs: %s"
             % (sorted(wanted - set(seen))[:5], sorted(set(seen) - wanted)[:5]))
    expected = {p: f for p, f in files_under(reference).items() if p.endswith(".pdf")}
    got = files_under(out)
    extra = sorted(p for p in got if p not in expected and not p.startswith("manifest-"))
    if extra:
        fail("%d files not in the one-process batch's output (temporary files?): %s" % (len(extra), extra[:5]))
    for p, f in expected.items():
        if p not in got:
            fail("no PDF %s" % p)
        with open(f, "rb") as a, open(got[p], "rb") as b:
            if a.read() != b.read():
                fail("%s differs from the one-process batch's" % p)
    print("cluster-test: %d files, each in one manifest once, %d PDFs byte-identical to the one-process batch"
          % (len(wanted), len(expected)))
    seconds = []
    for k, (_, s) in sorted(shards.items()):
        print("cluster-test:   shard %-5s (--shard-by %s) %4d files %9d bytes %8.2f s"
              % (s["shard"], s["by"], s["files"], s["inputBytes"], s["seconds"]))
        seconds.append(s["seconds"])
    mean = sum(seconds) / len(seconds)
    ratio = max(seconds) / mean if mean > 0 else 1.0
    print("cluster-test:   slowest shard %.2f s, mean %.2f s: %.2fx the mean" % (max(seconds), mean, ratio))
    if max_ratio is not None and ratio > max_ratio:
        fail("the slowest shard took %.2fx the mean (more than %.2fx)" % (ratio, max_ratio))


def snapshot(out, file):
    state = {}
    for p, f in files_under(out).items():
        if p.endswith(".pdf"):
            info = os.stat(f)
            state[p] = [info.st_ino, info.st_mtime_ns]
    with open(file, "w") as f:
        json.dump(state, f)
    print("cluster-test: %d PDFs were made before the retry" % len(state))


def unfinished(out, count):
    shards = manifests(out)
    missing = []
    for k in range(1, count + 1):
        summary = shards.get(k, ([], None))[1]
        if summary is None or summary["finished"] != summary["files"] or summary["failed"]:
            missing.append(str(k))
    print(",".join(missing))


def retried(out, snapshot_file, shards):
    with open(snapshot_file) as f:
        before = json.load(f)
    for p, (inode, mtime) in before.items():
        info = os.stat(os.path.join(out, p))
        if [info.st_ino, info.st_mtime_ns] != [inode, mtime]:
            fail("%s was written again by the retry" % p)
    all_manifests = manifests(out)
    again = 0
    for k in (int(s) for s in shards.split(",") if s):
        for e in all_manifests[k][0]:
            if e["status"] == "rendered":
                again += 1
                if e["output"] in before:
                    fail("%s rendered by the retry though its PDF was made before" % e["path"])
    print("cluster-test: the retry rendered %d files, none of the %d made before" % (again, len(before)))


if __name__ == "__main__":
    command, args = sys.argv[1], sys.argv[2:]
    if command == "complete":
        complete(args[0], args[1], args[2], float(args[3]) if len(args) > 3 else None)
    elif command == "snapshot":
        snapshot(args[0], args[1])
    elif command == "unfinished":
        unfinished(args[0], int(args[1]))
    elif command == "retried":
        retried(args[0], args[1], args[2])
    else:
        fail("unknown command " + command)
