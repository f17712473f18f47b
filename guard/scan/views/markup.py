"""Substitutions that drop markup a renderer hides or shows as nothing inside a word: HTML tags and comments
(`ig<b></b>nore`, `ig<!-- x -->nore`) and backticks (`ig`no`re`). Emphasis signs inside words are in
collapse.noise. Each search starts with its literal character."""
from __future__ import annotations

from collections.abc import Iterator

from guard.scan.lazyre import lazy
from guard.scan.text import Document
from guard.scan.views.letters import Sub

_ONE = rb"(?:!--[^\n]{0,80}?-->|/?[A-Za-z][^<>\n]{0,60}>)"
# A run of tags and comments, and backticks, between two letters: the literal first (a search skips to it),
# then a look-behind at the letter before it, so that no other match reaches Python.
TAGS = lazy(rb"<(?<=[A-Za-z]<)" + _ONE + rb"(?:<" + _ONE + rb")*(?=[A-Za-z])")
TICK = lazy(rb"`(?<=[A-Za-z]`)`*(?=[A-Za-z])")


def markup(doc: Document) -> Iterator[Sub]:
    data = doc.ascii
    for match in TAGS.finditer(data):
        yield match.start(), match.end(), "", "collapsed"
    if b"`" in data:
        inside = [match.span() for match in TICK.finditer(data)]
        lines: dict[int, int] = {}
        for start, _ in inside:
            lines[doc.line_of(start)] = lines.get(doc.line_of(start), 0) + 1
        for start, end in inside:
            if lines[doc.line_of(start)] >= 2:  # one is a typo; code spans glued to words come in pairs
                yield start, end, "", "collapsed"
