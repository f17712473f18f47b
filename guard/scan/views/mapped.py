"""Text rebuilt from pieces of a source text, each piece knowing the source span it stands for: the offset
map of a view. A kept piece maps character for character; a changed piece (a look-alike made plain, an
invisible character dropped, a payload decoded) maps as a whole to the source span it replaces."""
from __future__ import annotations

from bisect import bisect_right
from collections import namedtuple


class Piece(namedtuple("Piece", "at start end kind")):  # (not a dataclass: see guard.scan.finding)
    __slots__ = ()
    at: int  # where the piece starts in the view's text
    start: int  # the source span it stands for
    end: int
    kind: str  # "" for a kept piece, else what changed it ("normalised", "skeleton", "base64" ...)


class Builder:
    def __init__(self) -> None:
        self.parts: list[str] = []
        self.pieces: list[Piece] = []
        self.size = 0

    def keep(self, source: str, start: int, end: int) -> None:
        """Copy source[start:end] unchanged."""
        if end > start:
            self._add(source[start:end], start, end, "")

    def put(self, text: str, start: int, end: int, kind: str) -> None:
        """`text` in place of source[start:end] (either may be empty)."""
        self._add(text, start, end, kind)

    def _add(self, text: str, start: int, end: int, kind: str) -> None:
        last = self.pieces[-1] if self.pieces else None
        if last is not None and not kind and not last.kind and last.end == start and last.at + (
                last.end - last.start) == self.size:
            self.pieces[-1] = Piece(last.at, last.start, end, "")  # extend the kept run
        else:
            self.pieces.append(Piece(self.size, start, end, kind))
        self.parts.append(text)
        self.size += len(text)

    def build(self) -> Mapped:
        return Mapped("".join(self.parts), self.pieces)


class Mapped:
    """A view's text and its pieces, in order."""

    def __init__(self, text: str, pieces: list[Piece]) -> None:
        self.text = text
        self.pieces = pieces
        self.ats = [piece.at for piece in pieces]

    def _piece(self, offset: int) -> int:
        return max(0, bisect_right(self.ats, offset) - 1)

    def _length(self, index: int) -> int:
        after = self.ats[index + 1] if index + 1 < len(self.ats) else len(self.text)
        return after - self.ats[index]

    def source(self, start: int, end: int) -> tuple[int, int]:
        """The source span that the view's [start, end) stands for."""
        if not self.pieces:
            return 0, 0
        last_char = max(start, end - 1)
        first = self.pieces[self._piece(start)]
        last = self.pieces[self._piece(last_char)]
        a = first.start + (start - first.at) if not first.kind else first.start
        b = last.start + (last_char - last.at) + 1 if not last.kind else last.end
        return a, max(a, b)

    def kinds(self, start: int, end: int) -> set[str]:
        """What changed the source inside the view's [start, end): pieces that overlap it, and dropped
        characters strictly inside it (empty: the span reads as written)."""
        found = set()
        index = bisect_right(self.ats, start) - 1
        while index > 0 and self.ats[index - 1] == self.ats[index]:
            index -= 1
        for index in range(max(0, index), len(self.pieces)):
            piece = self.pieces[index]
            if piece.at >= end:
                break
            length = self._length(index)
            if piece.kind and (piece.at > start if length == 0 else piece.at + length > start):
                found.add(piece.kind)
        return found
