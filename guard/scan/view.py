"""The rot13 view of a document, in which ENC003 runs the phrase detectors. Its text is built only when
something reads it (a match, the context of one): the searches run over the document's own text with their
patterns shifted by rot13, which finds the same matches at the same places. What rot13 leaves in place
(lines, code blocks, runs of non-ASCII text, words and their positions) is shared, not computed again."""
from __future__ import annotations

from functools import cached_property

from guard.scan.reveal import ROT13_BYTES, rot13
from guard.scan.text import Document


class Rot13View(Document):
    def __init__(self, source: Document) -> None:  # (no text yet: see `text`)
        self.source = source
        self.path = source.path
        self.cache: dict[object, object] = {}
        shared = self.__dict__
        shared["line_starts"] = source.line_starts
        shared["fenced_lines"] = source.fenced_lines
        shared["non_ascii"] = source.non_ascii
        shared["non_ascii_runs"] = source.non_ascii_runs
        shared["lower_runs"] = source.lower_runs  # rot13 changes ASCII letters only
        shared["blank_runs"] = source.blank_runs
        shared["ascii_kept"] = True  # no KELVIN SIGN (see rot13_view)
        if source.index is not None:
            shared["index"] = source.index.translated(ROT13_BYTES)

    @cached_property
    def text(self) -> str:  # type: ignore[override]
        return rot13(self.source.text)

    @cached_property
    def lower(self) -> str | None:
        return None if self.source.lower is None else rot13(self.source.lower)

    @property
    def size(self) -> int:
        return self.source.size

    @property
    def lowers(self) -> bool:
        return self.source.lowers

    def haystack(self, lower: bool) -> tuple[str, bool]:
        return self.source.haystack(lower)[0], True


def rot13_view(doc: Document) -> Document:
    """The rot13 of `doc`'s text as a document."""
    if not doc.ascii_kept:  # the KELVIN SIGN lower-cases to an ASCII "k", which rot13 would shift
        return Document(rot13(doc.text), doc.path)
    return Rot13View(doc)
