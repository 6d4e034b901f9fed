#!/usr/bin/env bash
# Builds the library's documentation (Sources/Quire/API/Quire.docc and every public symbol's doc
# comment) into .build/Quire.doccarchive with the toolchain's docc, no plugin needed; fails on
# any DocC warning (an unresolved link, an undocumented parameter) and on a public symbol
# without a doc comment.
#   scripts/docs.sh            then: docc preview, or serve .build/Quire.doccarchive
set -euo pipefail
cd "$(dirname "$0")/.."
swift package dump-symbol-graph --minimum-access-level public >/dev/null
graphs=$(swift build --show-bin-path)/../symbolgraph
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cp "$graphs"/Quire.symbols.json "$graphs"/Quire@*.symbols.json "$work"/ 2>/dev/null || cp "$graphs"/Quire.symbols.json "$work"/
python3 - "$work" <<'PY'
import json, glob, sys
missing = []
for path in glob.glob(sys.argv[1] + "/*.symbols.json"):
    graph = json.load(open(path))
    defaults = {r["source"] for r in graph["relationships"] if r["kind"] == "defaultImplementationOf"}
    for s in graph["symbols"]:
        # Synthesized members (no location) and protocol default implementations (documented
        # at the requirement) aside.
        if not s.get("docComment") and s.get("location") and s["identifier"]["precise"] not in defaults:
            missing.append(".".join(s["pathComponents"]) + "  " + s["location"]["uri"].split("/Sources/")[-1])
if missing:
    print("public symbols without a doc comment:\n  " + "\n  ".join(sorted(missing)))
    sys.exit(1)
PY
docc convert Sources/Quire/API/Quire.docc --additional-symbol-graph-dir "$work" \
  --output-path .build/Quire.doccarchive --fallback-display-name Quire --fallback-bundle-identifier quire \
  --analyze --warnings-as-errors
echo "documentation: .build/Quire.doccarchive"
