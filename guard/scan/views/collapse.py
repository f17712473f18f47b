"""Substitutions that collapse letters written apart or in l33t: `i g n o r e` and `i.g.n.o.r.e` lose the
characters between their letters, `1gn0r3` reads "ignore". Searched over the one-byte form of the text."""
from __future__ import annotations

import re
from collections.abc import Iterator

from guard.scan.lazyre import lazy
from guard.scan.text import Document
from guard.scan.views.letters import TIDY, Sub

# Single letters with one separator (the same each time) between them: a word spelled out.
SPACED = lazy(r"(?<![^\W_])[^\W\d_]([ ._*|+~-])[^\W\d_](?:\1[^\W\d_])*(?![^\W_])")  # any script
WIDE_GAP = lazy(r"[ \t]{2,}|[ \t]*/[ \t]*")  # between two words spelled out with single spaces
GAP = lazy(r"[ \t]+|[ \t]*/[ \t]*")  # between two words spelled out with other separators
# _marks: one byte per character, a letter "a" (any non-ASCII character too: "?" in doc.ascii), a separator "s", a l33t digit "l", anything else "x"; a byte search
# in it finds where the patterns could match (a regex starting at every letter costs more).
HEX_WORD = lazy(rb"[0-9A-Fa-f]+")
CASES = lazy(rb"[A-Z0-9]?[a-z0-9]+|[A-Z0-9]+")  # lower case, capitalised or upper case: not CamelCase
LEET = {ord("0"): "o", ord("1"): "i", ord("3"): "e", ord("4"): "a", ord("5"): "s", ord("7"): "t"}


def _marks(doc: Document) -> bytes:
    marks = doc.cache.get("collapse-marks")
    if marks is None:
        table = bytearray(b"x" * 256)
        for chars, mark in ((b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz?", b"a"),
                            (b" ._*|+~-", b"s"), (b"013457", b"l")):
            for char in chars:
                table[char] = mark[0]
        marks = doc.cache["collapse-marks"] = doc.ascii.translate(bytes(table))
    return marks  # type: ignore[return-value]


def _gap(data: str, sep: str, start: int, end: int) -> bool:
    return (WIDE_GAP if sep == " " else GAP).fullmatch(data, start, end) is not None


def _words(data: str, marks: bytes) -> list[re.Match[str]]:
    """Words spelled out: each of three or more letters (found by a byte search for "asasa"), with the
    shorter ones ("d o", "a.l.l") next to them, gap by gap, to the right and to the left."""
    found: dict[int, re.Match[str]] = {}
    pos = marks.find(b"asasa")
    while pos != -1:
        anchor = SPACED.match(data, pos) or SPACED.match(data, pos + 2)
        pos = marks.find(b"asasa", anchor.end() if anchor else pos + 1)
        if anchor is None or anchor.start() in found:
            continue
        found[anchor.start()] = anchor
        sep, right = anchor.group(1), anchor
        while True:  # to the right
            gap = GAP.match(data, right.end())
            after = SPACED.match(data, gap.end()) if gap else None
            if after is None or after.group(1) != sep or not _gap(data, sep, right.end(), after.start()):
                break
            found[after.start()] = right = after
        left = anchor
        while True:  # to the left
            before = [m for m in SPACED.finditer(data, max(0, left.start() - 80), left.start())
                      if m.group(1) == sep and _gap(data, sep, m.end(), left.start())]
            if not before:
                break
            found[before[-1].start()] = left = before[-1]
    return [found[start] for start in sorted(found)]


def spaced(doc: Document) -> Iterator[Sub]:
    """The separators inside words spelled out dropped; a wide gap between two such words made one space.
    A lone short one with dots (X.Y.Z, a.k.a) is an abbreviation and stays."""
    data = doc.text
    words = _words(data, _marks(doc))
    joined = [a.group(1) == b.group(1) and _gap(data, a.group(1), a.end(), b.start()) for a, b in zip(words, words[1:])]
    for index, match in enumerate(words):
        start, end = match.span()
        before = index > 0 and joined[index - 1]
        if not (before or index < len(joined) and joined[index]) and match.group(1) == "." and end - start < 7:
            continue
        if before and start - words[index - 1].end() > 1:
            yield words[index - 1].end(), start, " ", TIDY
        for sep in range(start + 1, end, 2):
            yield sep, sep + 1, "", "collapsed"


def leet(doc: Document) -> Iterator[Sub]:
    """Digits that stand for letters (0 o, 1 i, 3 e, 4 a, 5 s, 7 t) replaced in words of four or more
    characters, lower case, capitalised or upper case, with a digit between two letters and two letters at
    least, not a hex number ("python3", "auth0", "f5f4ed", "Web3Provider" stay)."""
    data, marks = doc.ascii, _marks(doc)
    pos = marks.find(b"al")
    end = 0
    while pos != -1:
        after = pos + 2
        while after < len(marks) and marks[after] == ord("l"):
            after += 1
        hint, pos = pos, marks.find(b"al", after)
        if after >= len(marks) or marks[after] != ord("a") or hint < end:
            continue
        a, b = hint, after
        while a > 0 and marks[a - 1] in b"al":
            a -= 1
        while b < len(marks) and marks[b] in b"al":
            b += 1
        end = b
        if a > 0 and data[a - 1:a].isdigit() or data[b:b + 1].isdigit():
            continue  # part of a longer word with other digits (sha256, x86_64)
        word = data[a:b]
        letters = sum(1 for c in word if c > 57)
        if len(word) < 4 or letters < 2 or HEX_WORD.fullmatch(word) or not CASES.fullmatch(word):
            continue
        for i, byte in enumerate(word, a):
            if byte in LEET:
                yield i, i + 1, LEET[byte], "collapsed"
