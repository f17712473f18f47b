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
# _marks: one byte per character, a letter "a" (any non-ASCII character too: "?" in doc.ascii), a separator
# "s", a l33t digit "l", anything else "x"; a byte search in it finds where the patterns could match (a regex
# starting at every letter costs more).
HEX_WORD = lazy(rb"[0-9A-Fa-f]+")
CASES = lazy(rb"[A-Z0-9]?[a-z0-9]+|[A-Z0-9]+")  # lower case, capitalised or upper case: not CamelCase
LEET = {ord("0"): "o", ord("1"): "i", ord("3"): "e", ord("4"): "a", ord("5"): "s", ord("6"): "g", ord("7"): "t",
        ord("8"): "b", ord("9"): "g"}
TOKEN = lazy(rb"[A-Za-z0-9]+")
# Each starts with a plain literal, which a search skips to (a leading class, repeat or look-behind is tried
# at every position: 5-13 ms on 1 MB instead of 0.5); the look-behind after it checks the letter before.
NOISE_INSIDE = tuple(lazy(rb"%s(?<=[A-Za-z0-9]%s)%s*(?=[A-Za-z0-9])" % (sign, sign, sign))
                     for sign in (rb"\*", rb"\^", b"~"))
NOISE = lazy(rb"[*^~]+")


def _marks(doc: Document) -> bytes:
    marks = doc.cache.get("collapse-marks")
    if marks is None:
        table = bytearray(b"x" * 256)
        for chars, mark in ((b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz?", b"a"),
                            (b" ._*|+~-", b"s"), (b"013456789", b"l")):
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
        if anchor is None or anchor.end() - anchor.start() < 5 or anchor.start() in found:
            continue  # (an anchor spells three letters at least: "때 이" is two words of one syllable)
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
        elif index > 0 and match.group(1) == " " == words[index - 1].group(1):
            yield from _symbols_between(data, words[index - 1].end(), start)
        for sep in range(start + 1, end, 2):
            yield sep, sep + 1, "", "collapsed"


# Symbols spelled out between two spaced words, each followed by one space: ". e n v", "h t t p s : / / x"
SYMBOLS_BETWEEN = lazy(r"( +)((?:[.:/@#?=&%,_-] )+)")


def _symbols_between(data: str, start: int, end: int) -> Iterator[Sub]:
    """The symbols joined to the word after them, and to the one before when one space parts them from it
    (a URL); a wider gap before them stays one space (" . env" reads ".env")."""
    match = SYMBOLS_BETWEEN.fullmatch(data, start, end)
    if match is None:
        return
    gap = match.end(1) - start
    yield start, start + gap, "" if gap == 1 else " ", TIDY if gap > 1 else "collapsed"
    for space in range(match.start(2) + 1, end, 2):
        yield space, space + 1, "", "collapsed"


def _leet_word(word: bytes) -> bool:
    return any(c > 57 for c in word) and CASES.fullmatch(word) is not None


def leet(doc: Document) -> Iterator[Sub]:
    """Digits that stand for letters (0 o, 1 i, 3 e, 4 a, 5 s, 6 g, 7 t, 8 b, 9 g) replaced: in words of four
    or more characters with a digit between two letters, two letters at least, in one case or capitalised,
    not a hex number ("python3", "auth0", "f5f4ed", "Web3Provider" stay); and, on a line that holds such a
    word, in every word of letters and digits ("4ll", "7h3" beside "pr3v10u5"), when there are two such
    words at least ("i18n" alone is a name)."""
    data, marks = doc.ascii, _marks(doc)
    strong: list[tuple[int, int]] = []
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
        if len(word) >= 4 and sum(1 for c in word if c > 57) >= 2 and _leet_word(word) and not HEX_WORD.fullmatch(word):
            strong.append((a, b))
    held = set(strong)  # (a list made this quadratic on a file of one long line)
    for line in sorted({doc.line_of(a) for a, _ in strong}):
        lo, hi = doc.line_span(line)
        words = [token for token in TOKEN.finditer(data, lo, hi) if token.span() in held or (
            any(c in LEET for c in token.group()) and not token.group().isdigit() and _leet_word(token.group()))]
        if len(words) < 2:
            continue  # one word with digits ("i18n", "x86"): a name, not a line written in l33t
        for token in words:
            for i, byte in enumerate(token.group(), token.start()):
                if byte in LEET:
                    yield i, i + 1, LEET[byte], "collapsed"


def noise(doc: Document) -> Iterator[Sub]:
    """Signs scattered inside words ("Ign*ore al*l"): dropped on a line with two or more of them, together
    with the signs standing alone or around words there ("* *tell*")."""
    data = doc.ascii
    per_line: dict[int, int] = {}
    for pattern in NOISE_INSIDE:
        for match in pattern.finditer(data):
            line = doc.line_of(match.start())
            per_line[line] = per_line.get(line, 0) + 1
    for line in sorted(n for n, count in per_line.items() if count >= 2):
        lo, hi = doc.line_span(line)
        for match in NOISE.finditer(data, lo, hi):
            a, b = match.span()
            inside = a > lo and b < hi and chr(data[a - 1]).isalnum() and chr(data[b]).isalnum()
            if not inside and a > lo and data[a - 1:a].isspace():
                while b < hi and data[b:b + 1] in (b" ", b"\t"):
                    b += 1  # " * " between words: one blank stays
            yield a, b, "", "collapsed" if inside else TIDY
