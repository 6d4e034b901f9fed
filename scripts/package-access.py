#!/usr/bin/env python3
"""Gives every declaration that has no access modifier `package` access, so that the
library's layers, now separate SwiftPM targets, still see one another's internals (Swift's
`package` level: visible to the package's modules, never to its users).

Only declarations at file scope or directly in a type's body are touched: local
declarations, protocol requirements, and members of private types or of extensions that
carry their own access modifier keep theirs. Idempotent: run it again after new code lands.

Usage: scripts/package-access.py FILE... (rewrites the files in place)
"""
import re, sys

def mask(src):
    """The source with comments and string contents blanked, offsets kept."""
    out = list(src); i = 0; n = len(src)
    def blank(a, b):
        for k in range(a, b):
            if out[k] != '\n': out[k] = ' '
    stack = []  # for interpolation: depth of parens inside \( )
    while i < n:
        c = src[i]
        if src.startswith('//', i):
            j = src.find('\n', i); j = n if j < 0 else j
            blank(i, j); i = j; continue
        if src.startswith('/*', i):
            depth = 0; j = i
            while j < n:
                if src.startswith('/*', j): depth += 1; j += 2; continue
                if src.startswith('*/', j):
                    depth -= 1; j += 2
                    if depth == 0: break
                    continue
                j += 1
            blank(i, j); i = j; continue
        m = re.match(r'(#*)("""|")', src[i:i+10])
        if m and (m.group(1) == '' or c == '#'):
            hashes, quote = m.group(1), m.group(2)
            close = quote + hashes
            j = i + len(m.group(0))
            start = j
            while j < n:
                if src[j] == '\\' and src.startswith('\\' + hashes, j) and hashes == '' :
                    if j + 1 < n and src[j+1] == '(':
                        # interpolation: skip balanced parens (strings inside are rare; handle simply)
                        depth = 0; k = j + 1
                        while k < n:
                            if src[k] == '(': depth += 1
                            elif src[k] == ')':
                                depth -= 1
                                if depth == 0: break
                            elif src[k] == '"':
                                # nested string inside interpolation
                                k2 = src.find('"', k + 1)
                                k = k2 if k2 > 0 else k
                            k += 1
                        j = k + 1; continue
                    j += 2; continue
                if src.startswith(close, j):
                    break
                if quote == '"' and src[j] == '\n':
                    break
                j += 1
            blank(start, j); i = j + len(close); continue
        i += 1
    return ''.join(out)

TYPE_HEAD = re.compile(r'(?<![\w.])(struct|class|enum|extension|protocol|actor)\s+(?!func\b|var\b|let\b|subscript\b|init\b)[A-Za-z_\[(]')
ACCESS = re.compile(r'(?<![\w(])(public|package|internal|fileprivate|private|open)(?!\s*\(set\))\b')
DECL = re.compile(r'^(\s*)((?:@[\w.]+(?:\([^()\n]*(?:\([^()\n]*\)[^()\n]*)*\))?\s+)*)'
                  r'((?:(?:static|class|final|override|mutating|nonmutating|consuming|borrowing|lazy|weak|unowned|convenience|required|nonisolated|indirect|dynamic|(?:private|fileprivate|internal)\(set\))\s+)*)'
                  r'(func|var|let|struct|class|enum|protocol|typealias|init|subscript|actor)\b')

def process(src):
    m = mask(src)
    inserts = []
    # context stack entries: ('file'|'type'|'code', annotate: bool)
    stack = [('file', True)]
    boundary = 0
    line_start = 0
    i = 0; n = len(m)
    # walk line by line, but braces within lines change the context
    while i <= n:
        j = m.find('\n', i); j = n if j < 0 else j
        line = m[i:j]
        kind, ok = stack[-1]
        if ok and kind in ('file', 'type'):
            d = DECL.match(line)
            if d and not ACCESS.search(line[:d.start(4)]):
                inserts.append(i + d.start(3))
        # braces in this line
        for k in range(i, j):
            ch = m[k]
            if ch == '{':
                head = m[boundary:k]
                kind, ok = stack[-1]
                if kind == 'code':
                    stack.append(('code', False))
                else:
                    t = None
                    for t in TYPE_HEAD.finditer(head): pass
                    if t:
                        keyword = t.group(1)
                        prefix = head[head.rfind('\n', 0, t.start()) + 1:t.start()]
                        private = bool(re.search(r'\b(private|fileprivate)\b', prefix))
                        has_access = bool(ACCESS.search(prefix))
                        annotate = ok and not private and keyword != 'protocol' and not (keyword == 'extension' and has_access)
                        stack.append(('type', annotate))
                    else:
                        stack.append(('code', False))
                boundary = k + 1
            elif ch == '}':
                if len(stack) > 1: stack.pop()
                boundary = k + 1
            elif ch == ';':
                boundary = k + 1
        i = j + 1
    out = src
    for pos in reversed(inserts):
        out = out[:pos] + 'package ' + out[pos:]
    return out, len(inserts)

if __name__ == '__main__':
    total = 0
    for path in sys.argv[1:]:
        src = open(path).read()
        out, count = process(src)
        if out != src:
            open(path, 'w').write(out); total += count
    print(f'{total} declarations given package access', file=sys.stderr)
