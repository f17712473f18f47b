"""A scanned text: offsets to line and column, code regions, and the visible rendering of invisible
characters (`<U+200B>`) that every excerpt goes through."""
from __future__ import annotations

import re
from bisect import bisect_right
from collections.abc import Iterator
from functools import cached_property, lru_cache

from guard.scan.patterns import Span, first_char_scan, lowered, scan
from guard.scan.triggers import LETTERS_ONLY, TranslatedIndex, TriggerIndex

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
WINDOW = 400
NEWLINE = re.compile("\n")
RUN_SPACING = 64  # runs of non-ASCII text closer than this on average: one search of the whole text is cheaper
INDEX_MIN_CHARS = 65_536  # below this, one find per trigger is cheaper than indexing the words
SENTENCE_ENDS = (". ", "! ", "? ", "\n\n", "\u3002", ".\n")


ROT13_BYTES = bytes.maketrans(
    b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz", b"NOPQRSTUVWXYZABCDEFGHIJKLMnopqrstuvwxyzabcdefghijklm"
)


def rot13(text: str) -> str:
    """rot13 of the ASCII letters; every other character keeps its place (bytes.translate is fast)."""
    return text.encode("utf-8", "surrogatepass").translate(ROT13_BYTES).decode("utf-8", "surrogatepass")


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
        starts += [match.end() for match in NEWLINE.finditer(self.text)]
        return starts

    @cached_property
    def lower(self) -> str | None:
        """The text lower-cased, when that keeps every offset (it does for all but a few letters)."""
        lowered = self.text.lower()
        return lowered if len(lowered) == len(self.text) else None

    @cached_property
    def ascii(self) -> bytes:
        """One byte per character: the text's ASCII characters, and "?" for every other one."""
        return self.text.encode("ascii", "replace")

    def long_runs(self, members: bytes, minimum: int) -> Iterator[tuple[int, int]]:
        """Spans of the maximal runs of at least `minimum` characters whose byte in `ascii` is one of
        `members` (b"?" stands for any non-ASCII character), found by plain searches."""
        marks = self.ascii.translate(_marking_table(members))
        needle = b"a" * minimum
        pos = marks.find(needle)
        while pos != -1:
            end = marks.find(b" ", pos + minimum)
            end = len(marks) if end == -1 else end
            yield pos, end
            pos = marks.find(needle, end)

    @cached_property
    def ascii_lower(self) -> bytes:
        """The lower-cased text as one byte per character (non-ASCII characters become "?")."""
        return (self.lower or "").encode("ascii", "replace")

    def rot13(self) -> Document:
        """The rot13 of this text. What rot13 leaves in place (lines, code blocks, words and their
        positions) is shared, not computed again."""
        shifted = Document(rot13(self.text))
        if "\u212a" in self.text:  # KELVIN SIGN lower-cases to an ASCII "k", which rot13 would shift
            return shifted
        shared = shifted.__dict__
        shared["line_starts"] = self.line_starts
        shared["lower"] = None if self.lower is None else rot13(self.lower)
        shared["fenced_lines"] = self.fenced_lines
        shared["non_ascii"] = self.non_ascii
        shared["non_ascii_runs"] = self.non_ascii_runs
        shared["lower_runs"] = self.lower_runs  # rot13 changes ASCII letters only
        if self.index is not None:
            shared["index"] = self.index.translated(ROT13_BYTES)
        return shifted

    @cached_property
    def index(self) -> TriggerIndex | TranslatedIndex | None:
        """Trigger positions from one pass over the words, for texts large enough to need it."""
        return TriggerIndex(self.ascii_lower) if len(self.text) >= INDEX_MIN_CHARS else None

    @cached_property
    def words(self) -> frozenset[bytes]:
        """Every run of ASCII letters in the lower-cased text: a cheap test of which triggers occur."""
        if self.index is not None:
            return self.index.words
        return frozenset(self.ascii_lower.translate(LETTERS_ONLY).split())

    @cached_property
    def non_ascii(self) -> frozenset[str]:
        """The non-ASCII characters of the lower-cased text (all of them lie in the text's non-ASCII runs)."""
        return frozenset(char for char in set(self.lower_runs[0]) if not char.isascii())

    @cached_property
    def non_ascii_runs(self) -> list[tuple[int, int]]:
        """Spans of the runs of non-ASCII characters (for ASCII text found in constant time)."""
        text = self.text
        if text.isascii():
            return []
        runs: list[tuple[int, int]] = []
        for a, b in _runs_of_question_marks(self.ascii):  # every non-ASCII character is a "?" there
            if "?" not in text[a:b]:
                runs.append((a, b))
                continue
            start = -1
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

    @cached_property
    def non_ascii_text(self) -> str:
        """The runs of non-ASCII characters, one per line."""
        text = self.text
        return "\n".join(text[a:b] for a, b in self.non_ascii_runs)

    def finditer_non_ascii(self, pattern: re.Pattern[str]) -> Iterator[re.Match[str]]:
        """pattern.finditer(text) for a pattern that matches only non-ASCII characters (no anchors, no
        lookaround): its matches lie inside the runs of them, so only those are searched."""
        if pattern.search(self.non_ascii_text) is None:
            return
        if len(self.non_ascii_runs) * RUN_SPACING > len(self.text):
            yield from pattern.finditer(self.text)
            return
        for a, b in self.non_ascii_runs:
            yield from pattern.finditer(self.text, a, b)

    @cached_property
    def lower_runs(self) -> tuple[str, list[int], list[int]]:
        """The lower-cased runs of non-ASCII characters joined by newlines, where each run starts in that
        string, and where it starts in the text."""
        lower, runs = self.lower or "", self.non_ascii_runs
        joined_starts, pos = [], 0
        for a, b in runs:
            joined_starts.append(pos)
            pos += b - a + 1
        return "\n".join(lower[a:b] for a, b in runs), joined_starts, [a for a, _ in runs]

    def _non_ascii_positions(self, trigger: str) -> Iterator[int]:
        """Occurrences of a trigger made only of non-ASCII characters in the lower-cased text: they lie inside
        its runs of non-ASCII characters (no ASCII character lower-cases to one)."""
        joined, joined_starts, starts = self.lower_runs
        pos = joined.find(trigger)
        while pos != -1:
            run = bisect_right(joined_starts, pos) - 1
            yield starts[run] + pos - joined_starts[run]
            pos = joined.find(trigger, pos + len(trigger))

    def _positions(self, trigger: str) -> Iterator[int]:
        if trigger.isascii():
            needle = trigger.encode("ascii")
            if needle.isalpha() and needle not in self.words:
                return
            if self.index is not None:
                yield from self.index.positions(needle)
                return
            haystack: bytes | str = self.ascii_lower
        else:
            if trigger[0] not in self.non_ascii:
                return
            if not any(char.isascii() for char in trigger):
                yield from self._non_ascii_positions(trigger)
                return
            needle, haystack = trigger, self.lower or ""  # type: ignore[assignment]
        pos = haystack.find(needle)  # type: ignore[arg-type]
        while pos != -1:
            yield pos
            pos = haystack.find(needle, pos + len(needle))  # type: ignore[arg-type]

    def windows(self, triggers: tuple[str, ...], before: int = WINDOW, after: int = WINDOW) -> list[tuple[int, int]]:
        """Merged spans from `before` characters ahead of each occurrence of a (lower-case) trigger to `after`
        characters past it: the only places a phrase detector's regex needs to look. A trigger of letters
        only counts when it occurs as a whole run of letters ("http" is not found in "https://"), which costs
        one set lookup; any other trigger is a plain substring ("<script", "base64", "://")."""
        key = f"win:{before}:{after}:" + "\0".join(triggers)
        cached = self.cache.get(key)
        if cached is not None:
            return cached  # type: ignore[return-value]
        size = len(self.text)
        if self.lower is None:
            spans = [(0, size)] if size else []
        else:
            points = sorted((max(0, pos - before), min(size, pos + len(trigger) + after))
                            for trigger in triggers for pos in self._positions(trigger))
            spans = []
            for a, b in points:
                if spans and a <= spans[-1][1]:
                    if b > spans[-1][1]:
                        spans[-1] = (spans[-1][0], b)
                else:
                    spans.append((a, b))
        self.cache[key] = spans
        return spans

    def finditer(self, pattern: re.Pattern[str], triggers: tuple[str, ...], before: int = WINDOW,
                 after: int = WINDOW) -> Iterator[Span]:
        """Matches of `pattern` inside the windows around the triggers (every match holds one of them).
        A case-insensitive pattern runs case-sensitively over the lower-cased text (several times faster),
        with leading word boundaries checked afterwards."""
        text = self.text
        if self.lower is not None and pattern.flags & re.I:
            compiled, haystack = lowered(pattern), self.lower
        else:
            compiled, haystack = pattern, text
        shift = 0 if first_char_scan(compiled) is None else 1
        last_end = -1
        for a, b in self.windows(triggers, before, after):
            for match in scan(compiled, haystack, a, b):
                start, end = match.span(shift)
                if start < last_end:
                    continue
                if compiled is not pattern and start > 0 and _word(text[start]) and _word(text[start - 1]):
                    continue  # the original pattern's leading \b would not have matched here
                last_end = max(end, start + 1)
                yield Span(text, match, shift)

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
        for match in self._fences():
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

    def _fences(self) -> Iterator[re.Match[str]]:
        """FENCE.finditer(text), tried only at the start of the lines that hold ``` or ~~~ (FENCE matches at
        a line's start, within the line)."""
        text = self.text
        starts = set()
        for marker in ("```", "~~~"):
            pos = text.find(marker)
            while pos != -1:
                starts.add(text.rfind("\n", 0, pos) + 1)
                pos = text.find(marker, text.find("\n", pos) + 1 or len(text))
        for start in sorted(starts):
            match = FENCE.match(text, start)
            if match:
                yield match

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


def _word(char: str) -> bool:
    return char.isascii() and (char.isalnum() or char == "_")


def _runs_of_question_marks(data: bytes) -> Iterator[tuple[int, int]]:
    pos = data.find(b"?")
    while pos != -1:
        end = pos + 1
        while end < len(data) and data[end] == 63:
            end += 1
        yield pos, end
        pos = data.find(b"?", end)


@lru_cache(maxsize=None)
def _marking_table(members: bytes) -> bytes:
    return bytes(97 if byte in members else 32 for byte in range(256))


def _is_tag(char: str) -> bool:
    return 0xE0000 <= ord(char) <= 0xE007F
