"""The mutator of scripts/fuzz.py: deterministic hostile edits of real Markdown.

`mutant(corpus, seed, index, max_bytes)` is a pure function of its arguments: the same seed and
index give the same bytes on any machine (Python's `random.Random` seeded with a string is
stable across versions and platforms), whatever order or parallelism the driver runs them in.
Each mutant is a line-aligned window of one corpus file (a size drawn log-uniformly up to
`max_bytes`, so most are small and fast, some whole files) with one to four edits, each named in
the result so a finding says how its input was made.
"""
import math
import random

# Explicit bidi controls: the embeddings and overrides (LRE RLE PDF LRO RLO), the isolates
# (LRI RLI FSI PDI) and the marks (LRM RLM ALM). Unbalanced deep runs of the first two kinds
# crashed fribidi 1.0.8 inside pango_itemize (issue 51).
BIDI = ["\u202a", "\u202b", "\u202c", "\u202d", "\u202e", "\u2066", "\u2067", "\u2068", "\u2069",
        "\u200e", "\u200f", "\u061c"]
# Odd characters: controls, BOM, noncharacters, line and paragraph separators, joiners,
# combining marks (long clusters), a variation selector, emoji parts, CJK, Arabic.
ODD = ["\x01", "\x08", "\x0b", "\x0c", "\x1b", "\x7f", "\u0085", "\u00ad", "\ufeff", "\ufffe", "\uffff",
       "\u2028", "\u2029", "\u200b", "\u200c", "\u200d", "\u0301", "\u0489", "\u20dd", "\ufe0f",
       "\U0001f469", "\U0001f3fd", "\U000e0041", "\U0010ffff", "\u4e2d", "\u0645", "\t", "\r"]
# Byte sequences that are not UTF-8: stray continuations, overlong forms, surrogates, code
# points past U+10FFFF, truncated sequences, bytes never valid.
INVALID_UTF8 = [b"\x80", b"\xbf", b"\xc0\x80", b"\xc1\xbf", b"\xe0\x80\x80", b"\xed\xa0\x80", b"\xed\xbf\xbf",
                b"\xf4\x90\x80\x80", b"\xf5\x80\x80\x80", b"\xff", b"\xfe", b"\xe2\x82", b"\xf0\x9f\x98", b"\xc3"]
HTML = ["<div>", "</div>", "<table>", "<tr>", "<td>", "</td>", "<th colspan=3>", "<span style='x'>", "<b>", "</i>",
        "<a href=\"javascript:alert(1)\">", "<img src=", "<img src=\"images/corrupt.png\" width=99999>", "<!--",
        "-->", "<script>", "</script>", "<style>", "<svg><g><g>", "<math>", "<details><summary>", "<pre>",
        "<br/>", "<p", "<!DOCTYPE x>", "<![CDATA[", "<?php", "&#0;", "&#x110000;", "&amp", "&nbsp;", "<sup>",
        "<sub>", "<kbd>", "<ruby>", "<rt>", "<ol start=-99999999999>", "<li value=1e9>", "<h1>", "<blockquote>"]
MATH = ["$", "$$", "\\frac{", "}{", "}", "{", "\\sqrt[", "]", "^", "_", "\\left(", "\\right)", "\\begin{matrix}",
        "\\end{matrix}", "&", "\\\\", "\\mathbb{R}", "\\over", "\\unknowncommand", "\\", "\\text{", "x"]
MERMAID_WORDS = ["graph TD", "flowchart LR", "sequenceDiagram", "A-->B", "-->", "--", "[", "]", "((", "))", "{",
                 "}", "%%", "subgraph", "end", "click A callback", "style A fill:#f9f", ":::", "|x|", "classDef"]


def _pick_window(rng, data, max_bytes):
    """A line-aligned slice of `data` no longer than a size drawn log-uniformly in [256, max_bytes]."""
    if len(data) <= 256:
        return data
    size = int(math.exp(rng.uniform(math.log(256), math.log(max(257, max_bytes)))))
    if size >= len(data):
        return data
    start = rng.randrange(0, len(data) - size)
    line_start = data.rfind(b"\n", 0, start) + 1
    end = data.find(b"\n", line_start + size)
    return data[line_start:len(data) if end < 0 else end + 1]


def _position(rng, data):
    """Where to insert: a line start half of the time (block syntax), anywhere otherwise."""
    if not data:
        return 0
    at = rng.randrange(len(data) + 1)
    if rng.random() < 0.5:
        return data.rfind(b"\n", 0, at) + 1
    return _boundary(data, at)


def _insert(rng, data, payload):
    at = _position(rng, data)
    return data[:at] + payload + data[at:]


def _boundary(data, at):
    """`at` moved forward past UTF-8 continuation bytes: a character boundary."""
    while at < len(data) and 0x80 <= data[at] < 0xc0:
        at += 1
    return at


def _span(rng, data, longest=4096):
    """A random (start, end) span of `data` of at most `longest` bytes; on character boundaries
    19 times in 20 (a cut inside a character makes an input Quire refuses as not UTF-8, which
    tests the refusal only)."""
    if not data:
        return 0, 0
    start = rng.randrange(len(data))
    end = min(len(data), start + rng.randint(1, longest))
    if rng.random() < 0.95:
        start, end = _boundary(data, start), _boundary(data, end)
    return start, end


def _wrap(rng, text):
    """`text` put into a block or inline context of a random kind (paragraph, heading, code, table
    cell, list, quote, footnote, link, emphasis, HTML cell), so each payload meets each path."""
    kinds = [lambda t: t, lambda t: "\n# " + t + "\n", lambda t: "\n```\n" + t + "\n```\n",
             lambda t: "\n| a | " + t + " |\n|---|---|\n| " + t + " | b |\n", lambda t: "\n- " + t + "\n  - " + t + "\n",
             lambda t: "\n> " + t + "\n", lambda t: "[^f" + str(len(t)) + "]\n\n[^f" + str(len(t)) + "]: " + t + "\n",
             lambda t: "[" + t + "](#x)", lambda t: "*" + t + "*", lambda t: "`" + t + "`",
             lambda t: "\n<table><tr><td>" + t + "</td></tr></table>\n", lambda t: "\n" + t + "\n===\n"]
    return rng.choice(kinds)(text).encode()


def flip_bytes(rng, data, _):
    """Bit flips: in ASCII bytes, keeping them ASCII and not NUL, nine times in ten (so the input
    stays UTF-8 and reaches the parser); anywhere one time in ten."""
    out = bytearray(data)
    anywhere = rng.random() < 0.1
    for _ in range(rng.randint(1, 16)):
        if not out:
            break
        at = rng.randrange(len(out))
        flipped = out[at] ^ (1 << rng.randrange(8 if anywhere else 7))
        if anywhere or (out[at] < 0x80 and flipped != 0):
            out[at] = flipped
    return bytes(out)


def cut_span(rng, data, _):
    start, end = _span(rng, data)
    return data[:start] + data[end:]


def repeat_span(rng, data, _):
    start, end = _span(rng, data, 512)
    times = rng.choice([2, 3, 10, 100, 1000])
    return data[:end] + data[start:end] * times + data[end:]


def nuls(rng, data, _):
    out = data
    for _ in range(rng.randint(1, 8)):
        out = _insert(rng, out, b"\x00" * rng.choice([1, 1, 2, 100]))
    return out


def _bidi_to_the_limit(rng):
    """Openers that climb to an embedding level at or just under UAX #9's limit of 125 (the
    boundary, where implementations count wrong: fribidi 1.0.8 crashed on LRE x11, LRI x52,
    RLI, PDI x53), isolates of both parities at the edge, then closers about as many as the
    isolates (and embeddings' PDFs)."""
    even, odd = ["\u202a", "\u202d", "\u2066", "\u2068"], ["\u202b", "\u202e", "\u2067"]  # to the next even / odd level
    target, level, runs, isolates = rng.choice([123, 124, 124, 124, 125]), 0, [], 0
    while level < target - 1:
        kind = rng.choice(even + odd)
        step_even = kind in even
        # How many of `kind` fit under the target: each goes to the next even (odd) level.
        first = level + 2 - level % 2 if step_even else level + 1 + level % 2
        room = (target - first) // 2 + 1 if first <= target else 0
        if room <= 0:
            continue
        count = room if rng.random() < 0.5 else rng.randint(1, room)
        runs.append(kind * count)
        level = first + 2 * (count - 1)
        isolates += count if kind in ("\u2066", "\u2067", "\u2068") else 0
    # At the limit: an isolate of each parity (one fits, or neither), in either order, and maybe
    # another run of openers among them.
    edge = [rng.choice(["\u2066", "\u2068"]), "\u2067"]
    rng.shuffle(edge)
    isolates += 2
    if rng.random() < 0.5:
        kind, count = rng.choice(even + odd), rng.choice([1, 2, 11])
        edge.insert(rng.randrange(3), kind * count)
        isolates += count if kind in ("\u2066", "\u2067", "\u2068") else 0
    runs += edge
    closers = [BIDI[8] * max(0, isolates + rng.choice([-1, 0, 1, 1, 5])), BIDI[2] * rng.choice([0, 1, 11, 130])]
    rng.shuffle(closers)
    return "".join(runs + closers + ([rng.choice(BIDI)] if rng.random() < 0.5 else []))


def bidi_run(rng):
    """Bidi controls: runs of any of them, openers deep past the limit then closers, or a climb to
    the limit exactly (_bidi_to_the_limit)."""
    draw = rng.random()
    if draw < 0.3:
        return "".join(rng.choice(BIDI) * rng.choice([1, 1, 2, 3, 11, 60, 126, 200]) for _ in range(rng.randint(1, 8)))
    if draw < 0.5:
        openers, closers = BIDI[:2] + BIDI[3:8], [BIDI[2], BIDI[8]]
        return "".join(rng.choice(openers if rng.random() < 0.7 else closers) * rng.choice([1, 3, 11, 40, 60, 64, 126])
                       for _ in range(rng.randint(2, 7)))
    return _bidi_to_the_limit(rng)


def bidi_controls(rng, data, _):
    runs = bidi_run(rng)
    if rng.random() < 0.5:
        runs = "text " + runs + " \u05e9\u05dc\u05d5\u05dd abc"
    return _insert(rng, data, _wrap(rng, runs))


def deep_nesting(rng, data, _):
    depth = rng.choice([50, 200, 1000, 5000])
    opener = rng.choice(["> ", "- ", "1. ", "* ", ">- ", "    ", "\t"])
    inline = rng.choice(["*", "**", "[", "_", "~~", "<span>", "<div>", "<b><i>", "(", "`", "\\frac{"])
    if rng.random() < 0.5:
        return _insert(rng, data, (opener * depth + "deep\n").encode())
    return _insert(rng, data, (inline * depth + "deep" + inline[::-1] * rng.randint(0, depth)).encode())


def dollar_storm(rng, data, _):
    pieces = [rng.choice(MATH) for _ in range(rng.randint(5, 400))]
    if rng.random() < 0.5:
        pieces = ["$"] * rng.choice([2, 3, 101, 1000, 5000])
    text = "".join(pieces)
    return _insert(rng, data, (text if rng.random() < 0.5 else "\n$$\n" + text + "\n$$\n").encode())


def broken_html(rng, data, _):
    return _insert(rng, data, "".join(rng.choice(HTML) + rng.choice(["", "x", " ", "\n"])
                                       for _ in range(rng.randint(1, 60))).encode())


def huge_table(rng, data, _):
    """Colspans and rowspans past any page, or a pipe table of thousands of columns."""
    if rng.random() < 0.6:
        span = rng.choice(["1000", "100000", "2147483648", "-1", "0", "1e9", "99999999999999999999"])
        cells = "".join("<td colspan=\"%s\" rowspan=\"%s\">c</td>" % (span, rng.choice(["1", span])) for _ in range(rng.randint(1, 5)))
        return _insert(rng, data, ("\n<table><tr>" + cells + "</tr><tr><td>d</td></tr></table>\n").encode())
    columns = rng.choice([50, 500, 3000])
    row = "|" + "|".join("c%d" % i for i in range(columns)) + "|\n"
    return _insert(rng, data, ("\n" + row + "|" + "---|" * columns + "\n" + row * rng.randint(1, 3)).encode())


def long_line(rng, data, _):
    """A line of about 100 KB: one unbroken word, words, or text taken from the input itself."""
    size = rng.choice([100_000, 150_000])
    kind = rng.randrange(3)
    if kind == 0:
        line = b"w" * size
    elif kind == 1:
        line = (b"word " * (size // 5))
    else:
        piece = data.replace(b"\n", b" ")[: rng.randint(1, 300)] or b"x"
        line = piece * (size // len(piece) + 1)
    prefix = rng.choice([b"", b"# ", b"| ", b"> ", b"    ", b"```\n"])
    return _insert(rng, data, prefix + line + b"\n")


def invalid_utf8(rng, data, _):
    out = data
    for _ in range(rng.randint(1, 6)):
        out = _insert(rng, out, rng.choice(INVALID_UTF8))
    return out


def odd_characters(rng, data, _):
    text = "".join(rng.choice(ODD) * rng.choice([1, 1, 5, 50, 300]) for _ in range(rng.randint(1, 10)))
    return _insert(rng, data, _wrap(rng, text))


def mermaid_garbage(rng, data, _):
    body = " ".join(rng.choice(MERMAID_WORDS) for _ in range(rng.randint(1, 300)))
    if rng.random() < 0.3:
        body = body * 50
    fence = rng.choice(["```mermaid\n", "~~~mermaid\n", "```mermaid {init}\n", "``` mermaid\n"])
    close = rng.choice(["\n```\n", "\n", "\n~~~\n"])
    return _insert(rng, data, ("\n" + fence + body + close).encode())


def front_matter(rng, data, _):
    """YAML front matter that is broken, huge, typed oddly, or an alias bomb."""
    bodies = ["title: [unclosed", "title: !!binary AAAA", "toc: maybe\ntitle: 3", "a: &a [x, x, x, x, x, x, x, x]\n"
              + "".join("%s: &%s [*%s, *%s, *%s, *%s, *%s, *%s, *%s, *%s]\n" % ((chr(98 + i), chr(98 + i)) + (chr(97 + i),) * 8)
                        for i in range(8)) + "title: *i", "title: " + "x" * 5000, "- a\n- b", "\t: :", "title: {a: [b: {c"]
    return b"---\n" + rng.choice(bodies).encode() + b"\n---\n" + data


def strange_links(rng, data, _):
    links = ["[x](javascript:alert(1))", "[x](file:///etc/passwd)", "![x](/dev/zero)", "![x](../../../../etc/shadow)",
             "![x](images/corrupt.png)", "![x](images/ring.gif)", "![](images/logo.svg)", "[x](#)", "[x](<>)",
             "[x][y]\n\n[y]: <" + "a" * 3000 + ">", "<http://" + "a." * 2000 + "b>", "[x](data:text/html,<b>)",
             "![x](" + "../" * 500 + "x.png)", "[x](missing.md#nowhere)", "[x](%00.md)"]
    return _insert(rng, data, rng.choice(links).encode())


def splice(rng, data, corpus):
    """A span of another corpus file, pasted in: structures meet that never met."""
    other = corpus[rng.randrange(len(corpus))][1]
    start, end = _span(rng, other)
    return _insert(rng, data, other[start:end])


def line_endings(rng, data, _):
    return data.replace(b"\n", rng.choice([b"\r\n", b"\r", b"\n\n", b"\x0c\n", "\u2028".encode()]))


MUTATIONS = [flip_bytes, cut_span, repeat_span, nuls, bidi_controls, deep_nesting, dollar_storm, broken_html,
             huge_table, long_line, invalid_utf8, odd_characters, mermaid_garbage, front_matter, strange_links,
             splice, line_endings]
# How often each is drawn: the cheap generic edits and the known-hostile ones most.
WEIGHTS = [6, 4, 4, 1, 6, 3, 3, 3, 2, 1, 1, 4, 2, 1, 2, 3, 1]


def mutant(corpus, seed, index, max_bytes):
    """The `index`th mutant of run `seed`: (bytes, seed file's name, names of the edits).

    `corpus` is a list of (name, bytes) in a fixed order (the driver sorts it)."""
    rng = random.Random("quire-fuzz:%s:%d" % (seed, index))
    name, data = corpus[rng.randrange(len(corpus))]
    data = _pick_window(rng, data, max_bytes)
    edits = rng.choices(MUTATIONS, weights=WEIGHTS, k=rng.choice([1, 1, 2, 2, 3, 4]))
    for edit in edits:
        data = edit(rng, data, corpus)
    return data, name, [e.__name__ for e in edits]


# Options a mutant is rendered with, beside the plain render: each reaches other layout paths.
OPTION_SETS = [[], [], [], [], ["--toc"], ["--excerpt-lines", "2"], ["--template", "compact", "--page-size", "a6"],
               ["--landscape", "--page-size", "a5"], ["--pdf-standard", "a-2b"], ["--pdf-standard", "none"]]


def options(seed, index):
    return random.Random("quire-fuzz-options:%s:%d" % (seed, index)).choice(OPTION_SETS)
