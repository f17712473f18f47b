"""Substitutions that collapse letters written apart or in l33t: `i g n o r e` and `i.g.n.o.r.e` lose the
characters between their letters, `1gn0r3` reads "ignore". Searched over the one-byte form of the text."""
from __future__ import annotations

import re
from collections.abc import Iterator

from guard.scan.text import Document
from guard.scan.views.letters import TIDY, Sub

# Three or more single letters, one separator (the same each time) between them.
SPACED = re.compile(rb"(?<![A-Za-z0-9])[A-Za-z]([ ._*|+~-])[A-Za-z](?:\1[A-Za-z])+(?![A-Za-z0-9])")
WORD_GAP = re.compile(rb"[ \t]{2,}|[ \t]*/[ \t]*")  # between two spaced words
# _marks: one byte per character, a letter "a", a separator "s", a l33t digit "l", anything else "x"; a byte search
# in it finds where the patterns could match (a regex starting at every letter costs more).
HEX_WORD = re.compile(rb"[0-9A-Fa-f]+")
DIGITS = re.compile(rb"[0-9]{2}")
LEET = {ord("0"): "o", ord("1"): "i", ord("3"): "e", ord("4"): "a", ord("5"): "s", ord("7"): "t"}


def _marks(doc: Document) -> bytes:
    marks = doc.cache.get("collapse-marks")
    if marks is None:
        table = bytearray(b"x" * 256)
        for chars, mark in ((b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz", b"a"),
                            (b" ._*|+~-", b"s"), (b"013457", b"l")):
            for char in chars:
                table[char] = mark[0]
        marks = doc.cache["collapse-marks"] = doc.ascii.translate(bytes(table))
    return marks  # type: ignore[return-value]


def spaced(doc: Document) -> Iterator[Sub]:
    """The separators inside spaced-out words dropped; the gap between two such words made one space."""
    data, marks = doc.ascii, _marks(doc)
    previous = -1
    pos = marks.find(b"asasa")
    while pos != -1:
        match = SPACED.match(data, pos) or SPACED.match(data, pos + 2)
        pos = marks.find(b"asasa", match.end() if match else pos + 1)
        if match is None:
            continue
        start, end = match.span()
        if match.group(1) == b"." and end - start < 7:
            continue  # X.Y.Z, a.k.a: abbreviations, not a word spelled out
        if previous >= 0:
            gap = WORD_GAP.fullmatch(data, previous, start)
            if gap and start - previous > 1:
                yield previous, start, " ", TIDY
        for sep in range(start + 1, end, 2):
            yield sep, sep + 1, "", "collapsed"
        previous = end


def leet(doc: Document) -> Iterator[Sub]:
    """Digits that stand for letters (0 o, 1 i, 3 e, 4 a, 5 s, 7 t) replaced in words of four or more
    characters, all lower or all upper case, with a digit between two letters, at least as many letters
    as digits and never two digits in a row ("python3", "auth0", "GO111MODULE", "f5f4ed" stay)."""
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
        if (len(word) < 4 or letters < len(word) - letters or HEX_WORD.fullmatch(word) or DIGITS.search(word)
                or not (word.lower() == word or word.upper() == word)):
            continue
        for i, byte in enumerate(word, a):
            if byte in LEET:
                yield i, i + 1, LEET[byte], "collapsed"
