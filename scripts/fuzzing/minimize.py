"""Delta debugging (Zeller's ddmin): the smallest input found that still fails the same way.

`minimize(data, still_fails, seconds)` removes lines while the input still fails, then
characters (bytes when the input is not UTF-8), trying chunks from halves down to single units;
each candidate is tested at most once. It stops
at a local minimum (no single unit can go) or when `seconds` run out, and returns the smallest
failing input it saw, never one that did not fail.
"""
import time


def _ddmin(units, test, deadline):
    granularity = 2
    while len(units) >= 2 and time.monotonic() < deadline:
        size = -(-len(units) // granularity)
        chunks = [units[i:i + size] for i in range(0, len(units), size)]
        reduced = False
        # Complements first: removing one chunk is the step that most often keeps the failure.
        for i in range(len(chunks)):
            if time.monotonic() >= deadline:
                return units
            rest = [u for chunk in chunks[:i] + chunks[i + 1:] for u in chunk]
            if test(rest):
                units, granularity, reduced = rest, max(granularity - 1, 2), True
                break
        if not reduced and granularity > 2:
            for chunk in chunks:
                if time.monotonic() >= deadline:
                    return units
                if test(chunk):
                    units, granularity, reduced = chunk, 2, True
                    break
        if not reduced:
            if granularity >= len(units):
                break
            granularity = min(len(units), granularity * 2)
    return units


def minimize(data, still_fails, seconds):
    """`data` shrunk while `still_fails(bytes)` holds; (result, number of renders)."""
    deadline = time.monotonic() + seconds
    seen = {}

    def test_bytes(candidate):
        if candidate not in seen:
            seen[candidate] = bool(candidate) and still_fails(candidate)
        return seen[candidate]

    lines = data.splitlines(keepends=True)
    data = b"".join(_ddmin(lines, lambda units: test_bytes(b"".join(units)), deadline))
    try:
        # Characters, not bytes, when it is UTF-8: a third of the renders for CJK or bidi controls.
        text = data.decode("utf-8")
        data = "".join(_ddmin(list(text), lambda units: test_bytes("".join(units).encode()), deadline)).encode()
    except UnicodeDecodeError:
        data = bytes(_ddmin(list(data), lambda units: test_bytes(bytes(units)), deadline))
    return data, len(seen)
