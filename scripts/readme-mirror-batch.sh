#!/usr/bin/env bash
# Renders a folder of real READMEs with --fetch-images=all against a local mirror of their
# images (issue 50), twice, and says what was requested, fetched and cached.
#
#   scripts/readme-mirror-batch.sh READMES_DIR WORK_DIR [QUIRE]
#
# Every http(s) URL in each README is rewritten to scripts/image-server.py on 127.0.0.1
# (http://127.0.0.1:PORT/mirror/HOST/PATH, which serves a stand-in image chosen by the path's
# extension), but shields.io's static badges (/badge/...), which Quire draws from their URL
# and never fetches. The first batch starts with an empty cache (WORK_DIR/cache); the second
# is forced to render every file again and should make no request at all (images.max-age).
# No address but 127.0.0.1 is ever asked for.
set -euo pipefail
readmes=$(cd "$1" && pwd); work=$2; quire=${3:-$(dirname "$0")/../.build/debug/quire}
root=$(cd "$(dirname "$0")/.." && pwd)
rm -rf "$work" && mkdir -p "$work/in"
log="$work/requests.log"; : > "$log"
python3 "$root/scripts/image-server.py" "$root/Samples/images/diagram.png" "$log" > "$work/port" &
server=$!
trap 'kill $server 2>/dev/null' EXIT
for _ in $(seq 100); do [ -s "$work/port" ] && break; sleep 0.05; done
port=$(head -1 "$work/port")
python3 - "$readmes" "$work/in" "$port" <<'PY'
import os, re, sys
source, target, port = sys.argv[1], sys.argv[2], sys.argv[3]
url = re.compile(r'https?://([A-Za-z0-9.-]+)/')
for name in sorted(os.listdir(source)):
    if not name.endswith(".md"):
        continue
    # Slashes written as entities (https:&#x2F;&#x2F;github.com&#x2F;...) are URLs too.
    text = open(os.path.join(source, name), encoding="utf-8", errors="replace").read().replace("&#x2F;", "/")
    def mirror(m):
        rest = m.string[m.end():m.end() + 7]
        if m.group(1) == "img.shields.io" and rest == "badge/":
            return m.group(0)
        return "http://127.0.0.1:%s/mirror/%s/" % (port, m.group(1))
    open(os.path.join(target, name), "w", encoding="utf-8").write(url.sub(mirror, text))
PY
run() {  # $1: manifest name; the rest: more options
  local manifest=$1; shift
  /usr/bin/time -f "%e" -o "$work/$manifest.seconds" "$quire" batch "$work/in" -o "$work/out" --fetch-images=all \
    --set "images.cache=\"$work/cache\"" --manifest "$work/$manifest" "$@" 2> "$work/$manifest.stderr" || true
}
run first.jsonl
first=$(wc -l < "$log")
run second.jsonl --force
second=$(( $(wc -l < "$log") - first ))
python3 - "$work" "$first" "$second" <<'PY'
import collections, json, os, sys
work, first, second = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
def images(manifest):
    kinds, docs = collections.Counter(), 0
    for line in open(os.path.join(work, manifest)):
        entry = json.loads(line)
        listed = entry.get("images", [])
        docs += 1 if listed else 0
        for item in listed:
            kinds[item.split(" ", 2)[1].rstrip(":")] += 1
    return docs, kinds
requests = [l.split()[1] for l in open(os.path.join(work, "requests.log")).read().splitlines()]
cache = [f for f in os.listdir(os.path.join(work, "cache")) if f.endswith(".image")]
size = sum(os.path.getsize(os.path.join(work, "cache", f)) for f in cache)
docs = len([f for f in os.listdir(os.path.join(work, "in"))])
for name, count in (("first", first), ("second", second)):
    with_images, kinds = images(name + ".jsonl")
    seconds = open(os.path.join(work, name + ".jsonl.seconds")).read().strip()
    print(f"{name} run: {docs} documents ({with_images} with remote images), {seconds} s; requests {count}; images {dict(kinds)}")
print(f"distinct URLs requested in all: {len(set(requests))}; requested more than once: "
      f"{sum(1 for c in collections.Counter(requests[:first]).values() if c > 1)} (first run)")
print(f"cache: {len(cache)} entries, {size} bytes")
PY
