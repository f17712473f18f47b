"""The trigger index gives exactly what one find loop per trigger gives, also through a translation table
(the rot13 view's words)."""
from __future__ import annotations

import re

from hypothesis import given, settings
from hypothesis import strategies as st

from guard.scan.text import ROT13_BYTES, Document
from guard.scan.triggers import TriggerIndex, anchor, non_overlapping, overlaps_itself

ALPHABET = "abcu sr-.%$(<|@~/\\\nK\u00e9"
TRIGGERS = st.text(alphabet="abcu sr-.%$(<|@~/\\", min_size=1, max_size=6)


def find_loop(haystack: bytes, needle: bytes) -> list[int]:
    found, pos = [], haystack.find(needle)
    while pos != -1:
        found.append(pos)
        pos = haystack.find(needle, pos + len(needle))
    return found


@settings(max_examples=300, deadline=None)
@given(st.text(alphabet=ALPHABET, max_size=300), st.lists(TRIGGERS, min_size=1, max_size=6))
def test_index_positions_equal_a_find_loop(text: str, triggers: list[str]) -> None:
    haystack = text.lower().encode("ascii", "replace")
    index = TriggerIndex(haystack)
    for trigger in triggers:
        needle = trigger.encode("ascii")
        assert index.positions(needle) == find_loop(haystack, needle), trigger


@settings(max_examples=200, deadline=None)
@given(st.text(alphabet=ALPHABET, max_size=300), st.lists(TRIGGERS, min_size=1, max_size=6))
def test_translated_index_equals_the_index_of_the_translated_text(text: str, triggers: list[str]) -> None:
    haystack = text.lower().encode("ascii", "replace")
    view = TriggerIndex(haystack).translated(ROT13_BYTES)
    direct = TriggerIndex(haystack.translate(ROT13_BYTES))
    assert all(word in view.words for word in direct.words)
    assert all(word.translate(ROT13_BYTES) in direct.words for word in TriggerIndex(haystack).words)
    for trigger in triggers:
        assert view.positions(trigger.encode("ascii")) == direct.positions(trigger.encode("ascii"))


def test_anchor_kinds() -> None:
    assert anchor(b"user") == (b"user", 0, "sub")
    assert anchor(b"you are a") == (b"you", 0, "suffix")
    assert anchor(b"| curl") == (b"curl", 2, "prefix")
    assert anchor(b"this text here") == (b"this", 0, "suffix")
    assert anchor(b"a.claude/x") == (b"claude", 2, "exact")
    assert anchor(b"%e") is None and anchor(b"$(") is None and anchor(b"Upper") is None


def test_non_overlapping_keeps_the_first_of_overlapping_occurrences() -> None:
    assert non_overlapping([4, 0, 1, 2], 2) == [0, 2, 4]


@settings(max_examples=300, deadline=None)
@given(st.text(alphabet="usario \u00e1\u00c1\u00e9?\n", max_size=200),
       st.sampled_from(["usu\u00e1rio", "\u00e1r", "s\u00e1", "\u00e1\u00e1", "a\u00e1a", "\u00e9 u"]))
def test_a_trigger_mixing_ascii_and_other_characters_is_found_as_by_a_find_loop(text: str, trigger: str) -> None:
    from guard.scan.trigger_places import trigger_positions

    doc = Document(text)
    lower = doc.lower
    if lower is not None:
        head = trigger.split(" ")[0]  # a space stands for any run of whitespace, after the first part
        whole = re.compile(r"\s+".join(re.escape(part) for part in trigger.split(" ")))
        found, pos = [], lower.find(head)
        while pos != -1:
            if whole.match(lower, pos):
                found.append(pos)
            pos = lower.find(head, pos + len(head))
        assert list(trigger_positions(doc, trigger)) == found


@given(st.text(alphabet="ab", min_size=1, max_size=8))
def test_overlaps_itself_as_a_search_finds_it(trigger: str) -> None:
    needle = trigger.encode()
    # the needle at 0 and again at `shift` of one string, for some shift shorter than the needle
    overlapping = any((needle[:shift] + needle).startswith(needle) for shift in range(1, len(needle)))
    assert overlaps_itself(needle) == overlapping


def test_positions_are_in_text_order_when_a_trigger_lies_in_several_words() -> None:
    haystack = b"see https://x and http://y " * 3
    assert TriggerIndex(haystack).positions(b"http") == find_loop(haystack, b"http") == [4, 18, 31, 45, 58, 72]
