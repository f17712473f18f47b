"""The Document lookups that skip work (runs of non-ASCII text, fences, long runs) give what the plain
regular expression over the whole text gives."""
from __future__ import annotations

import re

from hypothesis import given, settings
from hypothesis import strategies as st

from guard.scan.text import FENCE, Document, rot13
from guard.scan.view import rot13_view

TEXT = st.text(alphabet="a? \n`~\t\u00e9\u200b\U0001f600\udcff", max_size=200)


@settings(max_examples=300, deadline=None)
@given(TEXT)
def test_lookups_equal_their_plain_definitions(text: str) -> None:
    doc = Document(text)
    assert doc.non_ascii_runs == [m.span() for m in re.finditer("[^\x00-\x7f]+", text)]
    assert doc.line_starts == [0] + [m.end() for m in re.finditer("\n", text)]
    assert [m.span() for m in doc._fences()] == [m.span() for m in FENCE.finditer(text)]
    lower = doc.lower
    if lower is not None:
        assert doc.non_ascii == frozenset(c for c in lower if not c.isascii())
    runs = [m.span() for m in re.finditer("[ \t?\u00e9\u200b\U0001f600\udcff]{3,}", text)]  # "?": itself too
    assert list(doc.long_runs(b" \t?", 3)) == runs


def test_literal_question_marks_split_runs_of_non_ascii_text() -> None:
    assert Document("a\u00e9?\u00e9\u00e9 ? \u200b").non_ascii_runs == [(1, 2), (3, 5), (8, 9)]


def naive_windows(text: str, triggers: tuple[str, ...], before: int, after: int) -> list[tuple[int, int]]:
    lower = text.lower()
    if len(lower) != len(text):
        return [(0, len(text))] if text else []
    haystack = lower.encode("ascii", "replace")
    words = frozenset(re.findall(rb"[a-z]+", haystack))
    points = []
    for trigger in triggers:
        if trigger.isascii() and trigger.isalpha() and trigger.encode() not in words:
            continue
        needle, where = (trigger.encode(), haystack) if trigger.isascii() else (trigger, lower)
        pos = where.find(needle)  # type: ignore[arg-type]
        while pos != -1:
            points.append((max(0, pos - before), min(len(text), pos + len(trigger) + after)))
            pos = where.find(needle, pos + len(needle))  # type: ignore[arg-type]
    spans: list[tuple[int, int]] = []
    for a, b in sorted(points):
        if spans and a <= spans[-1][1]:
            spans[-1] = (spans[-1][0], max(b, spans[-1][1]))
        else:
            spans.append((a, b))
    return spans


@settings(max_examples=200, deadline=None)
@given(st.text(alphabet="ab us-\n\u00e9\u0130", max_size=120), st.integers(0, 9), st.integers(0, 9))
def test_windows_equal_their_plain_definition(text: str, before: int, after: int) -> None:
    triggers = ("ab", "us", "b-u", "\u00e9", "a")
    assert Document(text).windows(triggers, before, after) == naive_windows(text, triggers, before, after)


NON_ASCII_TEXT = st.text(alphabet="a? \n\u00e9\u00ad\u200b\u200d\u0430\u0435\u3164\ufe0f\ufe00\U000e0041\udcff\U0001f600",
                         max_size=200)


@settings(max_examples=300, deadline=None)
@given(NON_ASCII_TEXT)
def test_non_ascii_pattern_matches_equal_finditer_over_the_text(text: str) -> None:
    from guard.scan import disguise, filelevel, invisible

    doc = Document(text)
    for pattern in (invisible.ZERO_WIDTH, invisible.BIDI, invisible.TAGS, invisible.SELECTORS, disguise.IGNORABLE,
                    disguise.FILLER, disguise.CONFUSABLE, filelevel.UNDECODABLE, re.compile("[\u00e9\u0430]{2,}")):
        assert [m.span() for m in doc.finditer_non_ascii(pattern)] == [m.span() for m in pattern.finditer(text)]


@settings(max_examples=300, deadline=None)
@given(st.text(alphabet="aZ? \n\u00e9\u00c9\u041d\u03a3\u03c3\u0130\u212a\U0001f600\udcff\ud83d\U000e0041",
               max_size=60))
def test_lower_case_forms_equal_their_plain_definitions(text: str) -> None:
    doc = Document(text)
    lowered = text.lower()
    assert doc.lower == (lowered if len(lowered) == len(text) else None)
    kept = doc.lower or "".join(c.lower() if len(c.lower()) == 1 else c for c in text)  # (one byte per character)
    assert doc.ascii_lower == kept.encode("ascii", "replace") and len(doc.ascii_lower) == len(text)
    shifted, fresh = rot13_view(doc), Document(rot13(text))
    assert shifted.text == fresh.text and shifted.lower == fresh.lower
