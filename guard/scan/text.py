"""A scanned text: offsets to line and column, code regions, sentences, excerpts, and the lookups the
detectors share (lower-cased and one-byte forms, words, runs of non-ASCII text), each computed once."""
from __future__ import annotations

import re
from bisect import bisect_right
from collections.abc import Container, Iterator
from functools import cached_property

from guard.scan import regions, runs
from guard.scan import windows as phrase_search
from guard.scan.lazyre import lazy
from guard.scan.patterns import Span
from guard.scan.regions import INLINE_CODE
from guard.scan.reveal import ROT13_BYTES, decode_tags, is_tag, rot13, visible
from guard.scan.triggers import LETTERS_ONLY, TranslatedIndex, TriggerIndex
from guard.scan.windows import WINDOW

__all__ = ["FENCE", "ROT13_BYTES", "WINDOW", "Document", "Span", "decode_tags", "rot13", "visible"]

FENCE = lazy(r"^ {0,3}(`{3,}|~{3,})", re.M)
EXCERPT_BEFORE = 40
EXCERPT_AFTER = 80
NEWLINE = re.compile("\n")
INDEX_MIN_CHARS = 65_536  # below this, one find per trigger is cheaper than indexing the words
WIDE = lazy("[\u2e80-\u9fff\uac00-\ud7af\uf900-\ufaff]")  # CJK, kana, Hangul: words without spaces
SENTENCE_ENDS = (". ", "! ", "? ", "\n\n", "\u3002", ".\n")
# The same as two searches: ahead in the text, and back (each end reversed) in the reversed text. At most one
# of them can end at any place, so the first found back is the one rfind would give.
SENTENCE_END = lazy(r"\. |! |\? |\n\n|\u3002|\.\n")
SENTENCE_END_BACK = lazy(r" \.| !| \?|\n\n|\u3002|\n\.")


class Document:
    """The text of one file, with the lookups detectors share (computed once, on demand)."""

    def __init__(self, text: str, path: str = "<text>") -> None:
        self.text = text
        self.path = path
        self.cache: dict[object, object] = {}

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
    def ascii_kept(self) -> bool:
        """True when the ASCII characters of `lower` are exactly the lower-cased ASCII characters of the
        text: the one other character that lower-cases to ASCII is the KELVIN SIGN (to "k")."""
        return "\u212a" not in self.non_ascii_text

    @cached_property
    def ascii(self) -> bytes:
        """One byte per character: the text's ASCII characters, and "?" for every other one."""
        return self.text.encode("ascii", "replace")

    @cached_property
    def ascii_lower(self) -> bytes:
        """The lower-cased text as one byte per character (non-ASCII characters become "?")."""
        if self.lower is not None and self.ascii_kept:  # then only ASCII characters lower-case to ASCII ones
            return self.ascii.lower()
        # (one letter whose lower case is two characters, a Turkish "İ", must not leave every trigger unread)
        lowered = self.lower or "".join(c.lower() if len(c.lower()) == 1 else c for c in self.text)
        return lowered.encode("ascii", "replace")

    @property
    def size(self) -> int:
        return len(self.text)

    @property
    def lowers(self) -> bool:
        """Whether `lower` keeps every offset (is not None)."""
        return self.lower is not None

    def haystack(self, lower: bool) -> tuple[str, bool]:
        """The text a search runs over (`lower`: the lower-cased one), and whether the search must shift its
        pattern by rot13 there (a rot13 view searches the text it was made from, see guard.scan.view)."""
        return (self.lower if lower else self.text), False  # type: ignore[return-value]

    @cached_property
    def index(self) -> TriggerIndex | TranslatedIndex | None:
        """Trigger positions from one pass over the words, for texts large enough to need it."""
        return TriggerIndex(self.ascii_lower) if len(self.text) >= INDEX_MIN_CHARS else None

    @cached_property
    def words(self) -> Container[bytes]:
        """Every run of ASCII letters in the lower-cased text: a cheap test of which triggers occur."""
        if self.index is not None:
            return self.index.words
        return frozenset(self.ascii_lower.translate(LETTERS_ONLY).split())

    @cached_property
    def blank_runs(self) -> list[tuple[int, int]]:
        """Runs of at least runs.BLANK_RUN whitespace characters (phrase windows stretch over them)."""
        return runs.blank_runs(self.text, self.ascii, self.non_ascii)

    @cached_property
    def non_ascii(self) -> frozenset[str]:
        """The non-ASCII characters of the lower-cased text (all of them lie in the text's non-ASCII runs)."""
        return frozenset(char for char in set(self.lower_runs[0]) if not char.isascii())

    @cached_property
    def non_ascii_runs(self) -> list[tuple[int, int]]:
        return runs.non_ascii_runs(self.text, self.ascii)

    @cached_property
    def non_ascii_text(self) -> str:
        """The runs of non-ASCII characters, one per line."""
        text = self.text
        return "\n".join(text[a:b] for a, b in self.non_ascii_runs)

    @cached_property
    def lower_runs(self) -> tuple[str, list[int], list[int]]:
        return runs.lower_runs(self.lower or "", self.non_ascii_runs)

    def finditer_non_ascii(self, pattern: re.Pattern[str]) -> Iterator[re.Match[str]]:
        """pattern.finditer(text) for a pattern of non-ASCII characters only (see runs.finditer_in_runs)."""
        return runs.finditer_in_runs(pattern, self.text, self.non_ascii_runs, self.non_ascii_text,
                                     self.non_ascii_starts)

    @cached_property
    def non_ascii_starts(self) -> list[int]:
        """Where each run of non-ASCII characters starts in `non_ascii_text`."""
        return runs.run_starts(self.non_ascii_runs)

    def long_runs(self, members: bytes, minimum: int) -> Iterator[tuple[int, int]]:
        """Maximal runs of at least `minimum` characters whose byte in `ascii` is one of `members` (b"?"
        stands for any non-ASCII character, and a question mark)."""
        return runs.long_runs(self.ascii, members, minimum)

    def windows(self, triggers: tuple[str, ...], before: int = WINDOW,
                after: int = WINDOW) -> list[tuple[int, int]]:
        return phrase_search.windows(self, triggers, before, after)

    def finditer(self, pattern: re.Pattern[str], triggers: tuple[str, ...], before: int = WINDOW,
                 after: int = WINDOW, starts: tuple[str, ...] = (), whole: bool = False) -> Iterator[Span]:
        return phrase_search.finditer(self, pattern, triggers, before, after, starts, whole)

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
        while a > lo and is_tag(text[a]) and is_tag(text[a - 1]):
            a -= 1  # never cut a run of tag characters: its decoding must stay whole
        while b < hi and is_tag(text[b - 1]) and is_tag(text[b]):
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
        ascii = self.ascii  # the same offsets, one byte per character: faster to search
        starts = set()
        for marker in (b"```", b"~~~"):
            pos = ascii.find(marker)
            while pos != -1:
                starts.add(ascii.rfind(b"\n", 0, pos) + 1)
                pos = ascii.find(marker, ascii.find(b"\n", pos) + 1 or len(ascii))
        for start in sorted(starts):
            match = FENCE.match(text, start)
            if match:
                yield match

    @cached_property
    def hidden_regions(self) -> list[regions.Region]:
        """The ranges a person does not see when the file is rendered (sorted by start, each with its kind),
        Markdown ones confirmed by a CommonMark parse: see guard.scan.regions."""
        return regions.precise(self)

    @cached_property
    def hidden_candidates(self) -> list[regions.Region]:
        """The hidden regions as found without a parser: a superset-like first look, cheap on any file."""
        return regions.candidates(self)

    @cached_property
    def _hidden_ends(self) -> list[int]:
        return regions.running_ends(self.hidden_regions)

    def is_hidden(self, start: int, end: int | None = None) -> str | None:
        """The kind of the innermost hidden region that holds offset `start` (a span is judged by where it
        begins; `end` is accepted for symmetry), or None where the rendered file shows the text."""
        region = regions.holding(self.hidden_regions, self._hidden_ends, start)
        return region.kind if region is not None else None

    def in_code(self, offset: int) -> bool:
        """True inside a fenced block or an inline code span."""
        line = self.line_of(offset)
        if line in self.fenced_lines:
            return True
        return regions.span_holds(self.cache, INLINE_CODE, self.text, self.line_span(line), offset)

    def sentence_bounds(self, start: int, end: int, limit: int = 300) -> tuple[int, int]:
        """The sentence around [start, end): bounded by . ! ? or a blank line, at most `limit` each side."""
        text = self.text
        size = len(text)
        lo = max(0, start - limit)
        hi = min(size, end + limit)
        back = SENTENCE_END_BACK.search(self.reversed_text, size - start, size - lo)  # the last end before start
        ahead = SENTENCE_END.search(text, end, hi)
        return (size - back.end() + 1 if back else lo), (ahead.start() if ahead else hi)

    @cached_property
    def reversed_text(self) -> str:
        return self.text[::-1]

    def sentence_around(self, start: int, end: int, limit: int = 300) -> str:
        a, b = self.sentence_bounds(start, end, limit)
        return self.text[a:b]
