"""The inline view: the text with its disguises undone in place (escapes decoded, markup inside words and
ignorable characters dropped, compatibility and look-alike letters made plain, spaced and l33t letters
collapsed), built only around the lines that hold such a disguise. A clean ASCII text costs a few byte
searches and no view."""
from __future__ import annotations

from collections.abc import Iterable

from guard.scan.text import Document
from guard.scan.views import collapse, escapes, letters, markup
from guard.scan.views.letters import TIDY, Sub
from guard.scan.views.mapped import Builder, Mapped

CONTEXT = 300  # characters of the lines around a disguise that the view keeps (detectors read sentences)
SEPARATOR = "\n\n"


def substitutions(doc: Document) -> list[Sub]:
    """Every substitution, none overlapping another (escapes first: they span several characters)."""
    found: list[Iterable[Sub]] = [escapes.escapes(doc), markup.markup(doc), collapse.spaced(doc), collapse.leet(doc),
                                  collapse.noise(doc)]
    if doc.non_ascii_runs:
        found += [letters.normalised(doc), letters.skeleton(doc)]
    taken: dict[int, Sub] = {}
    covered: set[int] = set()
    for subs in found:
        for sub in subs:
            start, end = sub[0], sub[1]
            span = range(start, max(end, start + 1))
            if any(i in covered for i in span):
                if sub[3] == "skeleton" and start in taken and taken[start][3] == TIDY:
                    taken[start] = sub  # a look-alike letter that NFKC leaves a letter (not one it makes ASCII)
                continue
            covered.update(span)
            taken[start] = sub
    return [taken[start] for start in sorted(taken)]


def regions(doc: Document, subs: list[Sub]) -> list[tuple[int, int]]:
    """The lines around each disguise (the line before and after too), at most CONTEXT characters each
    side, merged where they meet."""
    spans: list[tuple[int, int]] = []
    for start, end, _, kind in subs:
        if kind == TIDY:
            continue
        line = doc.line_of(start)
        lo = doc.line_starts[max(0, line - 2)]
        hi = doc.line_span(min(len(doc.line_starts), doc.line_of(end) + 1))[1]
        lo, hi = max(lo, start - CONTEXT), min(hi, end + CONTEXT)
        if spans and lo <= spans[-1][1]:
            spans[-1] = (spans[-1][0], max(spans[-1][1], hi))
        else:
            spans.append((lo, hi))
    return spans


def inline_view(doc: Document) -> Mapped | None:
    subs = substitutions(doc)
    spans = regions(doc, subs)
    if not spans:
        return None
    text = doc.text
    out = Builder()
    index = 0
    for lo, hi in spans:
        if out.size:
            out.put(SEPARATOR, lo, lo, TIDY)
        at = lo
        while index < len(subs) and subs[index][0] < lo:
            index += 1
        while index < len(subs) and subs[index][1] <= hi:
            start, end, replacement, kind = subs[index]
            out.keep(text, at, start)
            out.put(replacement, start, end, kind)
            at = end
            index += 1
        out.keep(text, at, hi)
    return out.build()
