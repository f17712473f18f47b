"""Views of a text: the text as written is one; the others undo a disguise or decode a payload, so that
every detector reads what the model reads. Each view is built once per file, only where the text gives a
reason (a clean ASCII text gets none), and maps every offset back to the source (guard.scan.views.mapped).

- the inline view (inline.py): escapes decoded in place (HTML entities, percent-encoding, \\u and \\x
  escapes), invisible characters dropped and compatibility forms normalised (NFKC), look-alike letters
  mapped to their TR39 skeleton, spaced and l33t letters collapsed;
- the payload view (payloads below): base64, base32, Ascii85, hex, Morse, tag characters, variation
  selectors, rot13 and reversed lines, each decoded as a whole.
A view's own text is viewed again, up to MAX_DEPTH levels (base64 inside HTML entities, say)."""
from __future__ import annotations

from collections.abc import Iterator
from collections import namedtuple
from itertools import islice

from guard.scan.text import Document
from guard.scan.views import decoders, spelled, wordplay
from guard.scan.views.inline import SEPARATOR, inline_view
from guard.scan.views.letters import TIDY
from guard.scan.views.mapped import Builder, Mapped

MAX_DEPTH = 3
FINDERS = (decoders.binary_encodings, decoders.hex_pairs, decoders.ascii85, decoders.base85, spelled.morse, spelled.numbers,
           decoders.hidden_characters, wordplay.shuffled, spelled.upside_down, spelled.split_pieces)


class View(namedtuple("View", "doc mapped parent", defaults=(None,))):  # (not a dataclass: guard.scan.finding)
    __slots__ = ()
    doc: Document
    mapped: Mapped
    parent: View | None

    @property
    def depth(self) -> int:
        return 1 + (self.parent.depth if self.parent else 0)

    def source(self, start: int, end: int) -> tuple[int, int]:
        """The span of the scanned file that the view's [start, end) stands for."""
        start, end = self.mapped.source(start, end)
        return self.parent.source(start, end) if self.parent else (start, end)

    def kinds(self, start: int, end: int) -> list[str]:
        """What was undone to show [start, end), outermost first ("decoded:html", "skeleton" ...); empty
        when the span reads as written."""
        own = sorted(kind for kind in self.mapped.kinds(start, end) if kind != TIDY)
        if not own:
            return []
        outer = self.parent.kinds(*self.mapped.source(start, end)) if self.parent else []
        return outer + own


def payload_view(doc: Document) -> Mapped | None:
    """Every payload decoded, one after another (blank lines between): payloads may overlap (a line that
    reads as a letter cipher and as reversed words), each maps back to its own source span."""
    found = sorted(set(islice((p for finder in FINDERS for p in finder(doc)), decoders.MAX_PAYLOADS)))
    if not found:
        return None
    out = Builder()
    for start, end, text, kind in found:
        if out.size:
            out.put(SEPARATOR, start, start, TIDY)
        out.put(text, start, end, kind)
    return out.build()


def views_of(doc: Document, parent: View | None = None) -> Iterator[View]:
    """The views of `doc` and, below MAX_DEPTH, the views of their text (depth first)."""
    depth = parent.depth if parent else 0
    if depth >= MAX_DEPTH:
        return
    for build in (inline_view, payload_view):
        mapped = build(doc)
        if mapped is None or mapped.text == doc.text:
            continue
        view = View(Document(mapped.text, doc.path), mapped, parent)
        yield view
        yield from views_of(view.doc, view)
