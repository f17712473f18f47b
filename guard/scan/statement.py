"""The statement a line belongs to, as a reader takes it in: the list item it is part of (with its continuation
lines, and the lead-in that introduces the list: "As part of applying it:"), or else its paragraph. Two findings
agree only where they read the same statement: a learned model leaning to an injection in one item of a memory
file says nothing about the next item (issue 21, precision: a memory of the user's own approvals)."""
from __future__ import annotations

from guard.scan.lazyre import lazy
from guard.scan.text import Document

ITEM = lazy(r"[ \t]*(?:[-*+]|\d{1,9}[.)])[ \t]")
LEAD_IN_END = (":", "\uff1a")  # (and its full-width form)


def _blank(doc: Document, line: int) -> bool:
    return not doc.line_text(line).strip()


def _item(doc: Document, line: int) -> bool:
    return ITEM.match(doc.line_text(line)) is not None


def _continues(doc: Document, line: int) -> bool:
    """An indented line that is neither blank nor an item of its own: a wrapped line of the item above."""
    text = doc.line_text(line)
    return text[:1] in (" ", "\t") and text.strip() != "" and not _item(doc, line)


def statement(doc: Document, line: int) -> list[tuple[int, int]]:
    """The (first, last) lines of the statement holding `line`: its item and, for an item, the paragraph of the
    list's lead-in when one ends with a colon just above the list."""
    count = len(doc.line_starts)
    line = min(max(line, 1), count)
    first = line
    while first > 1 and not _blank(doc, first - 1) and not _item(doc, first):
        first -= 1
    if not _item(doc, first):  # a paragraph
        last = line
        while last < count and not _blank(doc, last + 1) and not _item(doc, last + 1):
            last += 1
        return [(first, last)]
    last = line
    while last < count and _continues(doc, last + 1):
        last += 1
    top = first  # up over the list's items to the line above it
    while top > 1 and (_item(doc, top - 1) or _continues(doc, top - 1)):
        top -= 1
    lead = top - 1
    if lead >= 1 and _blank(doc, lead):
        lead -= 1  # (a lead-in, a blank line, then its list)
    if lead < 1 or not doc.line_text(lead).rstrip().endswith(LEAD_IN_END):
        return [(first, last)]
    start = lead
    while start > 1 and not _blank(doc, start - 1):
        start -= 1
    return [(start, lead), (first, last)]


def same_statement(doc: Document, first: int, last: int, lines: list[tuple[int, int]]) -> bool:
    """Whether one of `lines` ((first, last) pairs) overlaps the statements of the lines first..last."""
    head, tail = statement(doc, first), statement(doc, last)
    spans = [*head[:-1], *tail[:-1], (head[-1][0], tail[-1][1])]  # (a hit over several items: those between too)
    return any(a <= hi and lo <= b for a, b in lines for lo, hi in spans)
