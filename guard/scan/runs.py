"""Runs of characters found with plain byte searches instead of a regular expression over the whole
text: the runs of non-ASCII text (where every invisible-character detector and non-ASCII trigger looks),
and long runs of one class of characters (base64, hex, padding)."""
from __future__ import annotations

import re
from bisect import bisect_left, bisect_right
from collections.abc import Iterator
from functools import lru_cache

RUN_SPACING = 64  # runs of non-ASCII text closer than this on average: one search of the whole text is cheaper


def non_ascii_runs(text: str, ascii: bytes) -> list[tuple[int, int]]:
    """Spans of the runs of non-ASCII characters of `text`, given its one-byte form in which every
    non-ASCII character is "?" (for ASCII text found in constant time)."""
    if text.isascii():
        return []
    runs: list[tuple[int, int]] = []
    for a, b in _runs_of(ascii, 63):
        if "?" not in text[a:b]:
            runs.append((a, b))
            continue
        start = -1  # literal question marks split the run
        for i in range(a, b):
            if text[i] == "?":
                if start >= 0:
                    runs.append((start, i))
                start = -1
            elif start < 0:
                start = i
        if start >= 0:
            runs.append((start, b))
    return runs


def finditer_in_runs(pattern: re.Pattern[str], text: str, runs: list[tuple[int, int]],
                     joined: str, joined_starts: list[int] | None = None) -> Iterator[re.Match[str]]:
    """pattern.finditer(text) for a pattern that matches only non-ASCII characters (no anchors, no
    lookaround): its matches lie inside the runs (`joined`: their text, one per line). With the offsets
    of the runs in `joined`, each match found there is matched again at its place in the text (what
    stops a match, an ASCII character, is there in both), so the cost follows the matches, not the runs."""
    if pattern.search(joined) is None:
        return
    if joined_starts is not None:
        for found in pattern.finditer(joined):
            run = bisect_right(joined_starts, found.start()) - 1
            match = pattern.match(text, runs[run][0] + found.start() - joined_starts[run])
            if match is not None:
                yield match
        return
    if len(runs) * RUN_SPACING > len(text):
        yield from pattern.finditer(text)
        return
    for a, b in runs:
        yield from pattern.finditer(text, a, b)


def run_starts(runs: list[tuple[int, int]]) -> list[int]:
    """Where each run starts in the runs joined by newlines."""
    starts, pos = [], 0
    for a, b in runs:
        starts.append(pos)
        pos += b - a + 1
    return starts


def lower_runs(lower: str, runs: list[tuple[int, int]]) -> tuple[str, list[int], list[int]]:
    """The lower-cased runs joined by newlines, where each run starts in that string, and in the text."""
    return "\n".join(lower[a:b] for a, b in runs), run_starts(runs), [a for a, _ in runs]


def positions_in_runs(runs: tuple[str, list[int], list[int]], trigger: str) -> Iterator[int]:
    """Non-overlapping occurrences of a trigger made only of non-ASCII characters in the lower-cased text:
    they lie inside its runs of non-ASCII characters (no ASCII character lower-cases to one)."""
    joined, joined_starts, starts = runs
    pos = joined.find(trigger)
    while pos != -1:
        run = bisect_right(joined_starts, pos) - 1
        yield starts[run] + pos - joined_starts[run]
        pos = joined.find(trigger, pos + len(trigger))


def long_runs(ascii: bytes, members: bytes, minimum: int) -> Iterator[tuple[int, int]]:
    """Spans of the maximal runs of at least `minimum` bytes of `ascii` that are `members`."""
    marks = ascii.translate(_marking_table(members))
    needle = b"a" * minimum
    pos = marks.find(needle)
    while pos != -1:
        end = marks.find(b" ", pos + minimum)
        end = len(marks) if end == -1 else end
        yield pos, end
        pos = marks.find(needle, end)


def _runs_of(data: bytes, byte: int) -> Iterator[tuple[int, int]]:
    """The maximal runs of `byte` (found by the regex engine, not byte by byte in Python)."""
    return (match.span() for match in _run_pattern(byte).finditer(data))


@lru_cache(maxsize=None)
def _run_pattern(byte: int) -> re.Pattern[bytes]:
    return re.compile(re.escape(bytes((byte,))) + b"+")


@lru_cache(maxsize=None)
def _marking_table(members: bytes) -> bytes:
    return bytes(97 if byte in members else 32 for byte in range(256))


BLANK_RUN = 16  # whitespace this long between two words of a phrase stretches the windows around it
# One byte per character: ASCII whitespace (what \s matches there) as a space, anything else as "x".
_BLANKS = bytes(32 if byte in (9, 10, 11, 12, 13, 28, 29, 30, 31, 32) else 120 for byte in range(256))
_LONG_BLANK = b" " * BLANK_RUN
LONG_BLANKS = re.compile(r"\s{%d,}" % BLANK_RUN)  # what the byte search below finds, as a regex


def blank_runs(text: str, ascii: bytes, non_ascii: frozenset[str]) -> list[tuple[int, int]]:
    """Spans of the runs of at least BLANK_RUN whitespace characters (what a regular expression's \\s
    matches). With no non-ASCII whitespace in the text, found with byte searches in its one-byte form."""
    if any(char.isspace() for char in non_ascii):
        return [match.span() for match in LONG_BLANKS.finditer(text)]
    flat = ascii.translate(_BLANKS)
    runs: list[tuple[int, int]] = []
    start = flat.find(_LONG_BLANK)
    while start != -1:
        end = flat.find(b"x", start)
        end = len(flat) if end == -1 else end
        runs.append((start, end))
        start = flat.find(_LONG_BLANK, end)
    return runs


def stretched(spans: list[tuple[int, int]], blanks: list[tuple[int, int]], size: int) -> list[tuple[int, int]]:
    """The spans widened on both sides by the length (beyond one character each) of the long whitespace runs
    they reach into, again until no new run comes in, then merged: a phrase padded with a long run of blanks
    between its words ("Ignore all previous" + 300 spaces + "instructions") still lies in its trigger's
    window. Both lists are sorted and apart; spans no run reaches stay as they are."""
    starts = [start for start, _ in blanks]
    ends = [end for _, end in blanks]
    reached: set[int] = set()
    if len(spans) < len(blanks):  # each span asks whether a run reaches into it (the shorter list is walked)
        for i, (a, b) in enumerate(spans):
            j = bisect_right(ends, a)  # the first run that ends past the span's start
            if j < len(blanks) and starts[j] < b:
                reached.add(i)
    else:
        span_ends = [end for _, end in spans]
        for start, end in blanks:  # the spans each run reaches into
            i = bisect_right(span_ends, start)
            while i < len(spans) and spans[i][0] < end:
                reached.add(i)
                i += 1
    if not reached:
        return spans
    excess = [0]  # excess[i]: the extra length of the first i runs
    for start, end in blanks:
        excess.append(excess[-1] + end - start - 1)
    out = list(spans)
    for i in sorted(reached):
        a, b = spans[i]
        width = 0
        while True:  # the runs that reach into [a - width, b + width)
            first, last = bisect_right(ends, a - width), bisect_left(starts, b + width)
            grown = excess[last] - excess[first] if last > first else 0
            if grown <= width:
                break
            width = grown
        out[i] = (max(0, a - width), min(size, b + width))
    return merged(sorted(out))


def merged(spans: list[tuple[int, int]]) -> list[tuple[int, int]]:
    """Sorted spans with the ones that overlap or touch joined."""
    out: list[tuple[int, int]] = []
    for a, b in spans:
        if out and a <= out[-1][1]:
            if b > out[-1][1]:
                out[-1] = (out[-1][0], b)
        else:
            out.append((a, b))
    return out
