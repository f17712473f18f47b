"""The Document lookups that skip work (runs of non-ASCII text, fences, long runs) give what the plain
regular expression over the whole text gives."""
from __future__ import annotations

import re

from hypothesis import given, settings
from hypothesis import strategies as st

from guard.scan.text import FENCE, Document

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
