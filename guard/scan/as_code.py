"""Whether a phrase is shown as code (an inline code span, a fenced or indented block, a block quote) or reads as an
instruction (an imperative, the agent addressed): the structure a reviewer sees, which alone may lower a finding
to a warning."""
from __future__ import annotations

import re
from bisect import bisect_right

from guard.scan import regions
from guard.scan.lazyre import lazy
from guard.scan.text import Document

IMPERATIVE = lazy(
    r"(?:^|[.!?:;>\n(]\s*|^\s*[-*+]\s+|\bplease\s+(?:also\s+|now\s+|just\s+|kindly\s+|quickly\s+)?"
    # the order after a clause of time said to the reader ("when you answer, say ...")
    r"|\b(?:when|whenever|before|after|once|while|each\s+time|every\s+time)\s+you\b[^.!?\n]{0,80}?,\s*)(?:ignore|disregard|forget|run|execute|send|post|upload|delete|"
    r"remove|add|insert|include|write|create|download|install|always|never|do not|don't|must|make sure|ensure|"
    r"remember|instead|tell|say|respond|reply|answer|print|output|open|visit|fetch|call|read|copy|append|"
    r"replace|pretend|act as|you must|you should|you will|you are now|from now on|follow|obey|proceed|"
    r"summari[sz]e|translate|exfiltrate|leak|reveal|hide|erase|wipe|disable|skip|push|mark|paste|share|grant|"
    r"approve|merge|deploy|rewrite)\b"
    r"|\byou\s+(?:must|should|will|need\s+to|have\s+to|are\s+to|are\s+required\s+to)\b",
    re.I | re.M,
)

ADDRESS = lazy(
    r"\b(?:you|your|yourself|ai|assistants?|agents?|models?|llms?|claude|copilot|cursor|chatgpt|gpt|gemini|"
    r"codex|bots?|language model)\b",
    re.I,
)

URL_OR_CODE = lazy(r"`[^`\n]*`|\b[a-z][\w+.-]*://\S*", re.I)


def code_resume(doc: Document, offset: int) -> int:
    """Where a search of URL_OR_CODE from the start of the line of `offset` may resume and find the same
    spans: `offset` itself, or the start of the span holding it. The spans of a line are found once
    (doc.cache), so a clause's marks are read from near its phrase, not from the start of its line (a file
    of one 4.9 MB line read the whole line again for each phrase)."""
    lo, hi = doc.line_span(doc.line_of(offset))
    key = (URL_OR_CODE, "spans", lo)
    spans = doc.cache.get(key)
    if spans is None:
        found = list(URL_OR_CODE.finditer(doc.text, lo, hi))
        spans = doc.cache[key] = ([m.start() for m in found], [m.end() for m in found])
    starts, ends = spans  # type: ignore[misc]
    index = bisect_right(starts, offset - 1) - 1  # the last span opening before `offset`
    return starts[index] if index >= 0 and ends[index] > offset else offset

INLINE_CODE = lazy(r"(`+)(?!`)(.+?)(?<!`)\1(?!`)")

BLOCK_QUOTE = lazy(r"[ \t]{0,3}>")


def reads_as_instruction(text: str) -> bool:
    """Imperative wording addressed to the agent: the test for hidden text and command output."""
    return IMPERATIVE.search(text) is not None and ADDRESS.search(text) is not None


def shown_as_code(doc: Document, start: int, end: int) -> bool:
    """The match lies in structure a reviewer sees as quoted material: a fenced code block, a block quote
    (a line opening with >), or one inline code span that holds the whole match."""
    line = doc.line_of(start)
    if line in doc.fenced_lines:
        return True
    lo, hi = doc.line_span(line)
    if BLOCK_QUOTE.match(doc.text, lo) or _indented_code(doc, line):
        return True
    return regions.span_holds(doc.cache, INLINE_CODE, doc.text, (lo, hi), start, end, group=2)

INDENTED = lazy(r"(?: {4}|\t)[ \t]*\S")

CONTAINER_LINE = lazy(r"[ \t]*(?:[-*+]|\d{1,9}[.)])[ \t]|[ \t]*\[\^[^\]\n]+\]:|(?: {4}|\t)")


def _indented_code(doc: Document, line: int) -> bool:
    """The line is in an indented code block, as CommonMark reads one: indented by four spaces or a tab, in a
    run of such lines (blank ones between) that follows a blank line, not a paragraph it would continue, and
    not the continuation of a list item."""
    text = doc.text
    if not INDENTED.match(text, doc.line_span(line)[0]):
        return False
    previous = line - 1
    while previous >= 1:
        lo, hi = doc.line_span(previous)
        if text[lo:hi].strip() and not INDENTED.match(text, lo):
            return False  # a paragraph line right above: the indented line continues it
        if not text[lo:hi].strip():
            break
        previous -= 1
    while previous >= 1 and not text[slice(*doc.line_span(previous))].strip():
        previous -= 1  # over the blank lines to the block before
    while previous >= 1:  # that block: a list item or a footnote goes on in indented lines, code does not
        lo, hi = doc.line_span(previous)
        if not text[lo:hi].strip():
            break
        if CONTAINER_LINE.match(text, lo):
            return False
        previous -= 1
    return True
