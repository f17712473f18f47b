"""Whole-word trigger places (frames' action words): the index and the small-text search give every place
where the word stands with no letter a-z beside it, and a frame's search finds the same actions with
windows opened only there as with windows at every occurrence."""
from __future__ import annotations

import re

from hypothesis import given, settings
from hypothesis import strategies as st

from guard.scan.text import Document
from guard.scan.triggers import TriggerIndex
from guard.scan.trigger_places import whole_positions
from guard.scan.windows import finditer

ALPHABET = "aistnd _-.'\n\u00e9K"
WORDS = st.sampled_from(["ai", "send", "sends", "is", "t", "and"])


def whole_places(haystack: bytes, word: bytes) -> list[int]:
    return [m.start() for m in re.finditer(rb"(?<![a-z])" + re.escape(word) + rb"(?![a-z])", haystack)]


@settings(max_examples=300, deadline=None)
@given(st.text(alphabet=ALPHABET, max_size=300), st.lists(WORDS, min_size=1, max_size=4))
def test_index_whole_positions_are_the_places_of_the_whole_word(text: str, words: list[str]) -> None:
    haystack = text.lower().encode("ascii", "replace")
    index = TriggerIndex(haystack)
    for word in words:
        assert index.whole_positions(word.encode()) == whole_places(haystack, word.encode()), word


def test_a_word_inside_other_words_opens_no_window() -> None:
    text = "email the maintainer again. " * 3 + "Note for the AI: send it.\n"
    for doc in (Document(text), Document(text * 3000)):  # a small text, and one with a word index
        places = whole_positions(doc, "ai")
        assert places == whole_places(doc.ascii_lower, b"ai") and places  # "AI" only, not "email" "again"
        assert all(doc.text[at:at + 2] == "AI" for at in places)


@settings(max_examples=40, deadline=None)
@given(st.text(alphabet=ALPHABET, max_size=400).map(lambda t: t.replace("t", "t send ").replace("d", "d ai is")))
def test_whole_windows_find_what_every_occurrence_finds(text: str) -> None:
    pattern = re.compile(r"\bsend\b|\bai\s+is\b", re.I)  # each trigger a whole run of letters of its words
    for doc in (Document(text), Document(text * (70_000 // (len(text) + 1) + 1))):
        for trigger in ("send", "ai"):
            every = [m.span() for m in finditer(doc, pattern, (trigger,), 80, 80)]
            whole = [m.span() for m in finditer(doc, pattern, (trigger,), 80, 80, whole=True)]
            assert whole == every, trigger
