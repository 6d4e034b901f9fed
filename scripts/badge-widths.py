#!/usr/bin/env python3
"""Compares Quire's static badges with shields.io's own renderer, badge-maker.

For each badge below, computes the widths badge-maker gives it (its layout rules, and the
Verdana widths of the `anafanafo` package badge-maker measures text with), renders the same
badges with Quire, reads the PDF back with MuPDF (`mutool trace`: each badge is a form, its
boxes filled rectangles) and checks each box's width within 2% and its colour exactly.

The width tables below are anafanafo's (MIT licence, (c) 2018 Metabolize LLC), data/
verdana-11px-normal.json, verdana-10px-normal.json and verdana-10px-bold.json, for the
printable ASCII characters (U+0020-U+007E), in pixels; a character outside them counts as
an "m", as anafanafo guesses. Run: scripts/badge-widths.py [path/to/quire]. Exit 1 on a
difference. Needs mutool (mupdf-tools).
"""
import os
import subprocess
import sys
import tempfile
import xml.etree.ElementTree as ET

TABLES = {
    "11px Verdana": "3.87 4.33 5.05 9 6.99 11.84 7.99 2.95 5 5 6.99 9 4 5 4 5 6.99 6.99 6.99 6.99 6.99 6.99 6.99 6.99 6.99 6.99 5 5 9 9 9 6 11 7.52 7.54 7.68 8.48 6.96 6.32 8.53 8.27 4.63 5 7.62 6.12 9.27 8.23 8.66 6.63 8.66 7.65 7.52 6.78 8.05 7.52 10.88 7.54 6.77 7.54 5 5 5 9 6.99 6.99 6.61 6.85 5.73 6.85 6.55 3.87 6.85 6.96 3.02 3.79 6.51 3.02 10.7 6.96 6.68 6.85 6.85 4.69 5.73 4.33 6.96 6.51 9 6.51 6.51 5.78 6.98 5 6.98 9",
    "10px Verdana": "3.52 3.94 4.59 8.18 6.36 10.76 7.27 2.69 4.54 4.54 6.36 8.18 3.64 4.54 3.64 4.54 6.36 6.36 6.36 6.36 6.36 6.36 6.36 6.36 6.36 6.36 4.54 4.54 8.18 8.18 8.18 5.45 10 6.84 6.86 6.98 7.71 6.32 5.75 7.75 7.51 4.21 4.55 6.93 5.57 8.43 7.48 7.87 6.03 7.87 6.95 6.84 6.16 7.32 6.84 9.89 6.85 6.15 6.85 4.54 4.54 4.54 8.18 6.36 6.36 6.01 6.23 5.21 6.23 5.96 3.52 6.23 6.33 2.74 3.44 5.92 2.74 9.73 6.33 6.07 6.23 6.23 4.27 5.21 3.94 6.33 5.92 8.18 5.92 5.92 5.25 6.35 4.54 6.35 8.18",
    "bold 10px Verdana": "3.42 4.02 5.87 8.67 7.11 12.72 8.62 3.32 5.43 5.43 7.11 8.67 3.61 4.8 3.61 6.89 7.11 7.11 7.11 7.11 7.11 7.11 7.11 7.11 7.11 7.11 4.02 4.02 8.67 8.67 8.67 6.17 9.64 7.76 7.62 7.24 8.3 6.83 6.5 8.11 8.37 5.46 5.55 7.71 6.37 9.48 8.47 8.5 7.33 8.5 7.82 7.1 6.82 8.12 7.64 11.28 7.64 7.37 6.92 5.43 6.89 5.43 8.67 7.11 7.11 6.68 6.99 5.88 6.99 6.64 4.22 6.99 7.12 3.42 4.03 6.71 3.42 10.58 7.12 6.87 6.99 6.99 4.97 5.93 4.56 7.12 6.5 9.79 6.69 6.51 5.97 7.11 5.43 7.11 8.67",
}
WIDTHS = {font: [float(w) for w in row.split()] for font, row in TABLES.items()}

# badge-maker's lib/color.js: its names, their aliases; hex without "#".
NAMED = {"brightgreen": "4c1", "green": "97ca00", "yellow": "dfb317", "yellowgreen": "a4a61d", "orange": "fe7d37",
         "red": "e05d44", "blue": "007ec6", "grey": "555", "lightgrey": "9f9f9f"}
ALIASES = {"gray": "grey", "lightgray": "lightgrey", "critical": "red", "important": "orange", "success": "brightgreen",
           "informational": "blue", "inactive": "lightgrey"}

# (label, message, colour, query) as a README writes them: the URL is made from these.
BADGES = [
    ("build", "passing", "brightgreen", ""),
    ("license", "MIT", "blue", ""),
    ("coverage", "97%", "green", ""),
    ("version", "1.4.2", "orange", ""),
    ("made with", "Swift", "F05138", ""),
    ("docs", "latest", "informational", ""),
    ("PRs", "welcome", "ff69b4", ""),
    ("", "only a message", "critical", ""),
    ("chat", "on Discord", "7289da", "?style=flat-square"),
    ("platform", "Linux | macOS", "lightgrey", "?style=plastic"),
    ("status", "experimental", "yellow", "?labelColor=000"),
    ("docs", "latest", "blue", "?style=for-the-badge"),
    ("Quire", "Markdown to PDF", "important", "?style=for-the-badge&logo=github"),
    ("downloads", "12k/month", "yellowgreen", "?style=flat-square&color=success"),
]


def anafanafo(text, font):
    table = WIDTHS[font]
    em = table[ord("m") - 32]
    return sum(table[ord(c) - 32] if 32 <= ord(c) <= 126 else em for c in text)


def preferred(text):
    w = int(anafanafo(text, "11px Verdana"))
    return w + 1 if w % 2 == 0 else w


def hex_colour(name):
    name = name.lower()
    name = ALIASES.get(name, name)
    value = NAMED.get(name, name)
    if len(value) == 3:
        value = "".join(c * 2 for c in value)
    return "#" + value


def query_value(query, key):
    for pair in query.lstrip("?").split("&"):
        k, _, v = pair.partition("=")
        if k.lower() == key.lower():
            return v
    return None


def badge_maker(label, message, colour, query):
    """[(box width, colour)] as badge-maker lays the badge out (no logo drawn)."""
    style = query_value(query, "style") or "flat"
    colour = hex_colour(query_value(query, "color") or colour)
    label_colour = query_value(query, "labelColor")
    if style == "for-the-badge":
        label, message = label.upper(), message.upper()
        lw = int(anafanafo(label, "10px Verdana")) + 1.25 * len(label) if label else 0
        mw = int(anafanafo(message, "bold 10px Verdana")) + 1.25 * len(message) if message else 0
        boxes = [(24 + lw, hex_colour(label_colour or "555"))] if label else []
        return boxes + [(24 + mw, colour)]
    has_label = bool(label) or label_colour is not None
    boxes = []
    if has_label:
        lw = preferred(label) if label else 0
        boxes.append((lw + 10, hex_colour(label_colour or "555")))
    return boxes + [(preferred(message) + 10, colour)]


def url(label, message, colour, query):
    def escape(s):
        return s.replace("-", "--").replace("_", "__").replace(" ", "%20").replace("/", "%2F")
    content = f"{escape(label)}-{escape(message)}-{colour}" if label else f"{escape(message)}-{colour}"
    return f"https://img.shields.io/badge/{content}{query}"


def drawn(pdf):
    """[[(box width in px, colour)]] per badge, in reading order, from MuPDF's trace."""
    trace = subprocess.run(["mutool", "trace", pdf], check=True, capture_output=True, text=True).stdout
    page = ET.fromstring(trace).find("page")
    badges = []
    for form in page.find("group").findall("group"):
        boxes = []
        for fill in form.iter("fill_path"):
            xs = [float(p.get("x")) for p in fill if p.get("x") is not None]
            rgb = [float(c) for c in fill.get("color").split()]
            colour = "#" + "".join(f"{round(c * 255):02x}" for c in rgb)
            boxes.append(((max(xs) - min(xs)) / 0.75, colour))
        badges.append(boxes)
    return badges


def main():
    quire = sys.argv[1] if len(sys.argv) > 1 else ".build/debug/quire"
    with tempfile.TemporaryDirectory() as folder:
        source = os.path.join(folder, "badges.md")
        with open(source, "w") as f:
            f.write("\n\n".join(f"![{label or message}]({url(*b)})" for b in BADGES for label, message in [b[:2]]) + "\n")
        pdf = os.path.join(folder, "badges.pdf")
        subprocess.run([quire, "render", source, "-o", pdf], check=True, stderr=subprocess.DEVNULL)
        found = drawn(pdf)
    failures = 0
    if len(found) != len(BADGES):
        print(f"expected {len(BADGES)} badges, MuPDF found {len(found)}")
        return 1
    print(f"{'badge':58} {'badge-maker':>18} {'Quire':>18}  worst")
    for badge, boxes in zip(BADGES, found):
        expected = badge_maker(*badge)
        widths = [w for w, _ in boxes]
        worst = max((abs(w - e) / e for (e, _), w in zip(expected, widths)), default=1)
        same_colours = [c for _, c in expected] == [c for _, c in boxes]
        ok = len(expected) == len(boxes) and worst <= 0.02 and same_colours
        failures += not ok
        show = lambda ws: "+".join(f"{w:g}" for w in ws)
        print(f"{url(*badge)[29:]:58} {show(e for e, _ in expected):>18} {show(widths):>18}  {worst:5.1%}"
              + ("" if ok else f"  MISMATCH {[c for _, c in expected]} {[c for _, c in boxes]}"))
    print("all within 2%, same colours" if not failures else f"{failures} badge(s) differ")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
