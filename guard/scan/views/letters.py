"""Substitutions that undo disguised letters: default-ignorable and format characters dropped (zero-width
characters, soft hyphen, variation selectors, bidi controls, tag characters, Hangul fillers), compatibility
forms NFKC-normalised (fullwidth and mathematical letters), and look-alike letters replaced by the ASCII
letter they imitate (Unicode TR39 confusables, see confusables.py). Only non-ASCII characters are read."""
from __future__ import annotations

import unicodedata
from collections.abc import Iterator

from guard.scan.lazyre import lazy
from guard.scan.text import Document
from guard.scan.views import confusables

# A substitution: (start, end, replacement, kind); kind "tidy" changes nothing a finding can rest on.
Sub = tuple[int, int, str, str]
TIDY = "tidy"
ASCII_LETTER = lazy("[A-Za-z]")
ASCII_LETTERS = lazy("[A-Za-z]+")  # counted as words on a line: a Latin line has more of them
OTHER_LETTERS = lazy(r"[^\W\dA-Za-z_]+")
BLANK = lazy(r"\s")
BLANK_BEFORE = lazy(r"\s(?=\S*\Z)")
IGNORABLE = lazy(
    "[\u00ad\u034f\u061c\u115f\u1160\u17b4\u17b5\u180b-\u180f\u200b-\u200f\u202a-\u202e\u2060-\u206f\u3164"
    "\ufe00-\ufe0f\ufeff\uffa0\ufff0-\ufff8\U0001bca0-\U0001bca3\U0001d173-\U0001d17a\U000e0000-\U000e0fff]"
)
WORD_AFTER = lazy(f"(?:[^\\W_]|{IGNORABLE.pattern})*")

COMBINING = lazy("[\u0300-\u036f\u1ab0-\u1aff\u1dc0-\u1dff\u20d0-\u20ff\ufe20-\ufe2f]+")
# Blocks whose characters NFKC may turn into ASCII letters or digits.
COMPATIBLE = lazy(
    "[\u00aa\u00b2\u00b3\u00b9\u00ba\u02b0-\u02ff\u1d2c-\u1dbf\u2070-\u209f\u2100-\u218f\u2460-\u24ff"
    "\u3250-\u32ff\u3380-\u33ff\ufb00-\ufb06\uff10-\uff5a\U0001d400-\U0001d7ff\U0001f100-\U0001f1ff]"
)


def _wordy(char: str) -> bool:
    return char.isalnum() or char in "'-"


def _neighbour(text: str, index: int, step: int) -> str:
    """The nearest character before (step -1) or after (step 1) `index` that is not ignorable."""
    index += step
    while 0 <= index < len(text) and IGNORABLE.match(text[index]):
        index += step
    return text[index] if 0 <= index < len(text) else " "


def normalised(doc: Document) -> Iterator[Sub]:
    """Ignorable characters dropped (evidence inside a word; tidy between words, such as a selector after an
    emoji or one at the end of a disguised word), combining marks stacked on ASCII text dropped (a
    strike-through or zalgo; an accent typed as a letter plus a mark goes too), and compatibility forms that
    NFKC turns into ASCII letters or digits (fullwidth, mathematical, circled letters, ligatures) replaced.
    Forms that stay punctuation (a no-break space, an ellipsis) are left: they change no word."""
    text = doc.text
    for match in doc.finditer_non_ascii(IGNORABLE):
        i = match.start()
        inside = _wordy(_neighbour(text, i, -1)) and _wordy(_neighbour(text, i, 1))
        yield i, i + 1, "", "normalised" if inside else TIDY  # (a tidy one alone builds no view)
    for match in doc.finditer_non_ascii(COMBINING):  # marks stacked on Latin letters: s̶t̶r̶u̶c̶k̶, zalgo
        i = match.start()
        if i and text[i - 1].isascii():  # (on an ASCII letter, or a blank between such words)
            yield i, match.end(), "", "normalised"
    for match in doc.finditer_non_ascii(COMPATIBLE):
        i = match.start()
        form = unicodedata.normalize("NFKC", match.group())
        if form != match.group() and any(c.isascii() and c.isalnum() for c in form):
            yield i, i + 1, form, "normalised"


def _word(text: str, index: int) -> tuple[int, int]:
    """The word around `index`: letters, digits and ignorable characters (a candidate run usually starts
    its word, so the step back is short; the end is searched)."""
    start = index
    while start > 0 and (text[start - 1].isalnum() or IGNORABLE.match(text[start - 1])):
        start -= 1
    return start, WORD_AFTER.match(text, index).end()


def _latin_line(doc: Document, index: int, cache: dict[int, bool]) -> bool:
    """More words of ASCII letters than of other letters on the line: a look-alike word there stands for a
    Latin one."""
    line = doc.line_of(index)
    if line not in cache:
        lo, hi = doc.line_span(line)
        ascii_letters = len(ASCII_LETTERS.findall(doc.text, lo, hi))
        cache[line] = ascii_letters > len(OTHER_LETTERS.findall(doc.text, lo, hi))
    return cache[line]


def _latin_token(text: str, start: int, end: int) -> bool:
    """The run of non-blank characters around the word holds ASCII letters (a host, a path, a command)."""
    lo, hi = max(0, start - 80), min(len(text), end + 80)
    left = BLANK_BEFORE.search(text, lo, start)
    right = BLANK.search(text, end, hi)
    return ASCII_LETTER.search(text, left.end() if left else lo, right.start() if right else hi) is not None


def skeleton(doc: Document) -> Iterator[Sub]:
    """Look-alike letters replaced by the ASCII ones they imitate, in words that mix them with ASCII letters,
    in words of Latin letters only (small capitals), and in words wholly of look-alikes on a line of Latin
    text or inside a run of non-blank characters with ASCII letters (a host name, a path): a Russian
    sentence stays Russian."""
    text = doc.text
    words: list[tuple[int, int]] = []
    seen: list[int] = []
    lines: dict[int, bool] = {}
    for match in doc.finditer_non_ascii(confusables.CANDIDATES):
        i = match.start()
        if seen and i < seen[-1]:
            continue
        start, end = _word(text, i)
        seen.append(end)
        if (ASCII_LETTER.search(text, start, end) or _latin_line(doc, i, lines) or _latin_token(text, start, end)
                or confusables.latin(text[start:end])):
            words.append((start, end))
    if not words:
        return
    for start, end in words:
        if not ASCII_LETTER.search(text, start, end) and not all(
                confusables.plain(c) for c in text[start:end] if c.isalpha()):
            continue  # a foreign word on a Latin line, not a disguised one
        for i in range(start, end):
            target = confusables.plain(text[i])
            if target is not None:
                yield i, i + 1, target, "skeleton"
