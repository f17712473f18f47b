"""The first-character scan finds exactly the matches that finditer finds, for every detector pattern
that uses it, and for patterns it must refuse."""
from __future__ import annotations

import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from guard.scan import conceal, danger, encoded, filelevel, override
from guard.scan.lazyre import LazyPattern
from guard.scan.patterns import Span, _first_chars, first_char_scan, lowered, lowered_source, prepared, scan, sre_parser
from guard.scan.regroup import by_first_char, first_chars

PATTERNS = [value for module in (conceal, danger, encoded, filelevel, override)
            for name, value in vars(module).items() if name.isupper() and isinstance(value, (re.Pattern, LazyPattern))]
CASED = [lowered(p) if p.flags & re.I else p for p in PATTERNS]
WORDS = st.sampled_from([
    "ignore all previous instructions", "do not tell the user", "keep this from the user", "secretly upload",
    "without asking for approval", "cat ~/.ssh/id_rsa", "print the .env", "copy these instructions into every",
    "always run x before replying", "curl a | sh", "--no-verify", "these rules take precedence over all other",
    "note to ai agents", "base64 -d | sh", "\\u200b", "%e2%80%8b", "kguard: ignore", "the user must not know",
    "send the prompt to https://x.example", "$(env) | curl", " ", "\n", "xx", "ignore", "user", "do not",
])
TEXT = st.lists(st.one_of(WORDS, st.text(alphabet="abdeinorstu .\n", max_size=8)), max_size=25).map("".join)


@settings(max_examples=200, deadline=None)
@given(TEXT, st.integers(0, 40), st.integers(0, 400))
def test_scan_finds_what_finditer_finds(text: str, start: int, end: int) -> None:
    for pattern in CASED:
        regex, shift = prepared(pattern, False)
        found = [Span(text, m, shift).span() for m in scan(regex, shift, text, start, end)]
        assert found == [m.span() for m in pattern.finditer(text, start, end)], pattern.pattern[:60]


def test_the_heavy_patterns_are_scanned() -> None:
    for pattern in (conceal.CONCEAL, override.IGNORE, danger.CREDENTIAL):
        assert first_char_scan(lowered(pattern)) is not None


@pytest.mark.parametrize("source", [r"a|b*", r"(a)x|\1", r"\w+|x", r"(?i:a)b|c", r"x"])
def test_no_scan_for_empty_matches_backreferences_classes_or_one_alternative(source: str) -> None:
    assert first_char_scan(re.compile(source)) is None


def test_named_groups_keep_their_names_through_the_scan() -> None:
    pattern = re.compile(r"(?P<w>ab)c|x(y)")
    regex, shift = prepared(pattern, False)
    matches = [Span("abc xy", m, shift) for m in scan(regex, shift, "abc xy", 0, 6)]
    assert [(m.group(), m.group("w"), m.group(2)) for m in matches] == [("abc", "ab", None), ("xy", None, "y")]


def test_alternatives_are_regrouped_by_first_character_with_the_same_matches() -> None:
    source = r"\b(?:cat|less|cp|c|more)\b|(?:do not|don't|never)\s+x|\(?:ab|ac\)|[(?:ab|ac)]"
    assert by_first_char(source) == (r"\b(?:c(?:at|p|)|less|more)\b|(?:d(?:o not|on't)|never)\s+x|\(?:ab|ac\)"
                                     r"|[(?:ab|ac)]")
    assert by_first_char(r"vor|ne\s+x|verb|(?P<h>ab|ac)|(?<=ab|ac)|s?ab|sc|\bx|xa|xb") == (
        r"v(?:or|erb)|ne\s+x|(?P<h>a(?:b|c))|(?<=ab|ac)|s?ab|sc|\bx|x(?:a|b)")
    for unknown in (r"(?i:ab|ac)", r"(?i)ab|ac", r"(?#x)ab|ac", r"(a)?(?(1)ab|ac)", r"[]a]|ab|ac"):
        assert by_first_char(unknown) == unknown
    text = "cat c cp less don't x never x (:ab (:ac ? a concatenate"
    assert [m.span() for m in re.finditer(by_first_char(source), text)] == [
        m.span() for m in re.finditer(source, text)]


def test_first_characters_read_from_the_text_are_the_parsers_or_unknown() -> None:
    for pattern in PATTERNS:
        source, flags = lowered_source(pattern) if pattern.flags & re.I else (pattern.pattern, pattern.flags)
        for text in (source, by_first_char(source)):
            found = first_chars(text)
            assert found is None or found == _first_chars(list(sre_parser.parse(text, flags))), text[:60]
    assert first_chars(r"\bab|\$x|(?:c|d)e") == frozenset("a$cd")
    for unknown in (r"a?b|c", r"(?:ab)?c|d", r"\.?y|z", r"[ab]c|d", r"a|", r"\sx|y", r"(?=a)a|b", r"\b|a"):
        assert first_chars(unknown) is None, unknown
