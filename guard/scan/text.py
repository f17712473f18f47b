"""A scanned text: offsets to line and column, code regions, and the visible rendering of invisible
characters (`<U+200B>`) that every excerpt goes through."""
from __future__ import annotations

import re
from bisect import bisect_right
from functools import cached_property

# Characters a reader cannot see (or that change what is seen): shown as <U+XXXX> in excerpts.
# Tag characters are decoded instead (see visible()); lone surrogates come from undecodable bytes.
_HIDDEN_CLASS = (
    "\x00-\x08\x0b-\x1f\x7f-\x9f\u00a0\u00ad\u034f\u061c\u115f\u1160\u17b4\u17b5\u180b-\u180f"
    "\u2000-\u200f\u2028-\u202f\u205f-\u206f\u2800\u3000\u3164\ufe00-\ufe0f\ufeff\uffa0\ufff0-\ufffb"
    "\U0001d173-\U0001d17a\U000e0100-\U000e01ef\ud800-\udfff"
)
HIDDEN = re.compile(f"[{_HIDDEN_CLASS}]|[\U000e0000-\U000e007f]+")
TAG_RUN = re.compile("[\U000e0000-\U000e007f]+")
FENCE = re.compile(r"^ {0,3}(`{3,}|~{3,})", re.M)
INLINE_CODE = re.compile(r"`[^`\n]+`")
EXCERPT_BEFORE = 40
EXCERPT_AFTER = 80
SENTENCE_ENDS = (". ", "! ", "? ", "\n\n", "\u3002", ".\n")


def decode_tags(run: str) -> str:
    """Unicode tag characters mirror ASCII at U+E0000; what they spell is the hidden message."""
    return "".join(chr(ord(c) - 0xE0000) if 0xE0020 <= ord(c) <= 0xE007E else f"<U+{ord(c):X}>" for c in run)


def _reveal(match: re.Match[str]) -> str:
    text = match.group()
    if len(text) > 1 or 0xE0000 <= ord(text) <= 0xE007F:
        return f"<TAGS:{decode_tags(text)}>"
    code = ord(text)
    if 0xDC80 <= code <= 0xDCFF:  # surrogateescape of an undecodable byte
        return f"<0x{code - 0xDC00:02X}>"
    return f"<U+{code:04X}>"


def visible(text: str) -> str:
    """`text` with every invisible or format character made visible and tag runs decoded; never raises."""
    return HIDDEN.sub(_reveal, text)


class Document:
    """The text of one file, with the lookups detectors share (computed once, on demand)."""

    def __init__(self, text: str, path: str = "<text>") -> None:
        self.text = text
        self.path = path
        self.cache: dict[str, object] = {}

    @cached_property
    def line_starts(self) -> list[int]:
        starts = [0]
        find = self.text.find
        pos = find("\n")
        while pos != -1:
            starts.append(pos + 1)
            pos = find("\n", pos + 1)
        return starts

    def line_of(self, offset: int) -> int:
        return bisect_right(self.line_starts, offset)

    def pos(self, offset: int) -> tuple[int, int]:
        """1-based (line, column) of a character offset; columns count code points."""
        line = self.line_of(offset)
        return line, offset - self.line_starts[line - 1] + 1

    def line_span(self, line: int) -> tuple[int, int]:
        start = self.line_starts[line - 1]
        end = self.line_starts[line] - 1 if line < len(self.line_starts) else len(self.text)
        if end > start and self.text[end - 1] == "\r":
            end -= 1
        return start, end

    def line_text(self, line: int) -> str:
        start, end = self.line_span(line)
        return self.text[start:end]

    def excerpt(self, start: int, end: int) -> str:
        """The visible form of the part of the reported line around [start, end)."""
        line = self.line_of(start)
        lo, hi = self.line_span(line)
        a = max(lo, min(start, hi) - EXCERPT_BEFORE)
        b = min(hi, max(end, start) + EXCERPT_AFTER)
        text = self.text
        while a > lo and _is_tag(text[a]) and _is_tag(text[a - 1]):
            a -= 1  # never cut a run of tag characters: its decoding must stay whole
        while b < hi and _is_tag(text[b - 1]) and _is_tag(text[b]):
            b += 1
        return visible(text[a:b]).strip()

    @cached_property
    def fenced_lines(self) -> frozenset[int]:
        """Line numbers inside fenced code blocks (fence lines included)."""
        inside: set[int] = set()
        opener = ""
        start_line = 0
        for match in FENCE.finditer(self.text):
            line = self.line_of(match.start())
            marker = match.group(1)
            if not opener:
                opener, start_line = marker, line
            elif marker[0] == opener[0] and len(marker) >= len(opener):
                inside.update(range(start_line, line + 1))
                opener = ""
        if opener:
            inside.update(range(start_line, len(self.line_starts) + 1))
        return frozenset(inside)

    def in_code(self, offset: int) -> bool:
        """True inside a fenced block or an inline code span."""
        line = self.line_of(offset)
        if line in self.fenced_lines:
            return True
        lo, hi = self.line_span(line)
        for span in INLINE_CODE.finditer(self.text, lo, hi):
            if span.start() <= offset < span.end():
                return True
        return False

    def sentence_bounds(self, start: int, end: int, limit: int = 300) -> tuple[int, int]:
        """The sentence around [start, end): bounded by . ! ? or a blank line, at most `limit` each side."""
        text = self.text
        lo = max(0, start - limit)
        hi = min(len(text), end + limit)
        left = max(text.rfind(sep, lo, start) for sep in SENTENCE_ENDS)
        rights = [i for i in (text.find(sep, end, hi) for sep in SENTENCE_ENDS) if i != -1]
        return (left + 1 if left != -1 else lo), (min(rights) if rights else hi)

    def sentence_around(self, start: int, end: int, limit: int = 300) -> str:
        a, b = self.sentence_bounds(start, end, limit)
        return self.text[a:b]


def _is_tag(char: str) -> bool:
    return 0xE0000 <= ord(char) <= 0xE007F
