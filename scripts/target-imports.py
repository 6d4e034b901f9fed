#!/usr/bin/env python3
"""Adds to every Swift file of a library target an import of each Quire target it depends on
(as Package.swift declares them) and whose top-level names the file mentions, after the
file's own imports. Idempotent; a use the names miss (a member of an extension alone) the
compiler reports, and a line `// imports: QuireX` in the file forces one.

Usage: scripts/target-imports.py   (from the package's root)
"""
import re, os

manifest = open('Package.swift').read()
targets = {}
for m in re.finditer(r'\.target\(name: "(\w+)"(?:, dependencies: \[([^\]]*)\])?, path: "([^"]+)"\)', manifest):
    deps = re.findall(r'"(Quire\w+)"', m.group(2) or '')
    targets[m.group(1)] = (deps, m.group(3))

DECL = re.compile(r'^(?:@\w+(?:\([^)]*\))?\s+)*(?:(?:public|package|internal|final|indirect)\s+)*(?:struct|enum|class|protocol|typealias|actor|func|let|var)\s+([A-Za-z_]\w*)', re.M)
names = {}
for name, (deps, path) in targets.items():
    found = set()
    for dirpath, _, files in os.walk(path):
        for f in files:
            if f.endswith('.swift'):
                found |= set(DECL.findall(open(os.path.join(dirpath, f)).read()))
    names[name] = found

def code_words(text):
    text = re.sub(r'//.*', '', text)
    return set(re.findall(r'[A-Za-z_]\w*', text))

for name, (deps, path) in targets.items():
    for dirpath, _, files in os.walk(path):
        for f in files:
            if not f.endswith('.swift'):
                continue
            p = os.path.join(dirpath, f)
            lines = open(p).read().split('\n')
            have = {l.split()[-1] for l in lines if re.match(r'\s*(@\w+\s+)?import \w+\s*$', l)}
            words = code_words('\n'.join(lines))
            forced = set(re.findall(r'// imports: (.*)', '\n'.join(lines)))
            forced = {w for line in forced for w in line.split()}
            missing = [d for d in deps if d not in have and (d in forced or words & names[d])]
            if not missing:
                continue
            # after the last import at file top (before the first declaration), else after the
            # leading comment block
            last_import = -1
            for i, l in enumerate(lines):
                if re.match(r'(@\w+\s+)?import \w+', l) or l.startswith('#if canImport') or (l.startswith('#endif') and last_import >= 0 and i - last_import <= 3):
                    last_import = i
                elif l.strip() and not l.startswith('//') and not l.startswith('#'):
                    break
            if last_import < 0:
                i = 0
                while i < len(lines) and lines[i].startswith('//') and not lines[i].startswith('///'):
                    i += 1
                insert_at = i
                new = [f'import {d}' for d in missing] + ([''] if lines[i:i+1] != [''] else [])
            else:
                insert_at = last_import + 1
                new = [f'import {d}' for d in missing]
            lines[insert_at:insert_at] = new
            open(p, 'w').write('\n'.join(lines))
