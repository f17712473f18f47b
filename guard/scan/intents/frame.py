"""A frame: an action word found through the trigger index, and parts that must all occur in the same
sentence (or paragraph) as the action. Lexicons are lists of words; they compile into one lazy regex per part,
so a file that holds none of the action words costs one set lookup per word."""
from __future__ import annotations

import re
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from functools import cached_property

from guard.scan.lazyre import LazyPattern, lazy
from guard.scan.patterns import Span
from guard.scan.text import Document
from guard.scan.triggers import declare

PARAGRAPH_END = re.compile(r"\n[ \t]*\n")
BLOCK_START = re.compile(r"[ \t]*(?:[#>|*+-]|\d+[.)])")  # a Markdown line that starts its own block


def words_pattern(words: Iterable[str]) -> str:
    """One alternation of literal words: ASCII ones whole (a space stands for any whitespace), others as
    they stand (Chinese, Japanese and Korean have no spaces; inflected Cyrillic and accented words are stems)."""
    parts = []
    for word in sorted(set(words), key=len, reverse=True):
        body = r"\s+".join(re.escape(piece) for piece in word.split(" "))
        parts.append(rf"\b{body}\b" if word.isascii() else body)
    return "|".join(parts)


def lexicon(*groups: Iterable[str], extra: str = "") -> LazyPattern:
    """A case-insensitive pattern of the words of every group (plus a regex source `extra`)."""
    source = words_pattern(word for group in groups for word in group)
    return lazy("|".join(part for part in (source, extra) if part), re.I)


@dataclass(frozen=True)
class Frame:
    actions: tuple[str, ...]  # lower-case words; each is also a trigger
    parts: tuple[LazyPattern, ...]  # every one must occur in the scope
    scope: str = "sentence"  # or "paragraph"
    reach: int = 300  # how far the scope may extend on each side of the action
    near: int = 0  # when set, every part must lie within this many characters of the action
    prose: bool = False  # only in prose: not in fenced code or table rows

    @cached_property
    def pattern(self) -> LazyPattern:
        return lazy(words_pattern(self.actions), re.I)

    def __post_init__(self) -> None:
        declare(self.triggers)

    @property
    def triggers(self) -> tuple[str, ...]:
        return tuple(sorted({word.lower() for word in self.actions}))

    def bounds(self, doc: Document, start: int, end: int) -> tuple[int, int]:
        if self.scope == "sentence":
            a, b = doc.sentence_bounds(start, end, self.reach)
            line = doc.line_of(start)
            lo, hi = doc.line_span(line)
            if BLOCK_START.match(doc.text, lo):
                a = max(a, lo)  # a heading, list item or table row is a sentence of its own
            if line < len(doc.line_starts) and BLOCK_START.match(doc.text, doc.line_starts[line]):
                b = min(b, hi)
            return a, b
        text = doc.text
        lo, hi = max(0, start - self.reach), min(len(text), end + self.reach)
        left = [m.end() for m in PARAGRAPH_END.finditer(text, lo, start)]
        right = PARAGRAPH_END.search(text, end, hi)
        return (left[-1] if left else lo), (right.start() if right else hi)

    def find(self, doc: Document) -> Iterator[tuple[Span, int, int]]:
        """Each action whose scope holds every part, with the scope (a, b)."""
        for match in doc.finditer(self.pattern, self.triggers, 80, 80):
            if self.prose and _not_prose(doc, match.start()):
                continue
            a, b = self.bounds(doc, match.start(), match.end())
            if self.near:
                near = self.near if doc.text[match.start():match.end()].isascii() else self.near // 2
                a, b = max(a, match.start() - near), min(b, match.end() + near)
            if all(part.search(doc.text, a, b) for part in self.parts):
                yield match, a, b


def _not_prose(doc: Document, offset: int) -> bool:
    line = doc.line_of(offset)
    return line in doc.fenced_lines or doc.text.startswith("|", doc.line_span(line)[0])


def excerpt(doc: Document, a: int, b: int, limit: int = 120) -> str:
    return " ".join(doc.text[a:b].split())[:limit]
