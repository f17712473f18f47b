"""The learned models' features, as their definition reads (a plain loop per feature kind), against the fast
passes that score a file (guard/scan/learned/__init__.py:features, lines.py:doc_features and spans): same
buckets for any text, so a change made for speed can change no score."""
from __future__ import annotations

import re
import zlib

from hypothesis import given, settings
from hypothesis import strategies as st

from guard.scan import learned
from guard.scan.learned import lines

PIECES = ["kguard", "Knowledge-Guard", "KGUARD", "\u212aguard", "ignore", "the", "rules", "Straße", "ﬁle", "é",
          "请忽略之前的指示", "—", "ß", " ", " ", "\n", "\n\n", "- ", "| ", ".", "!", "_", "a1"]
TEXTS = st.lists(st.sampled_from(PIECES), max_size=40).map("".join)


def _words(folded: str) -> list[bytes]:
    return folded.encode("utf-8", "surrogatepass").translate(learned.SEPARATORS).split()


def reference_features(folded: str) -> set[int]:
    words, mask = _words(folded), learned.MASK
    out = {zlib.crc32(w) & mask for w in words}
    out |= {hash((zlib.crc32(a), zlib.crc32(b))) & mask for a, b in zip(words, words[1:])}
    out |= {zlib.crc32(w[:4], 7) & mask for w in words} | {zlib.crc32(w[-4:], 11) & mask for w in words}
    wide = [w.decode("utf-8", "surrogatepass") for w in words if not w.isascii()]
    if wide:
        line = " " + " ".join(wide) + " "
        out |= {zlib.crc32(line[i:i + 3].encode("utf-8", "surrogatepass"), 13) & mask for i in range(len(line) - 2)}
    return out


def reference_units(texts: list[str], kinds: frozenset[str], window: int) -> list[set[int]]:
    out, before = [], set()
    for text in texts:
        folded = learned.folded(lines.OWN_NAME.sub("tool", text))
        hashes = [zlib.crc32(w) for w in _words(folded)]
        own = reference_features(folded) if "shipped" in kinds else set()
        if "pairs" in kinds:
            own |= {hash((a, b, lines.PAIR_SALT)) & lines.MASK
                    for gap in range(2, window + 1) for a, b in zip(hashes, hashes[gap:])}
        if "prev" in kinds:
            own |= before
            before = {hash((zlib.crc32(w), lines.PREV_SALT)) & lines.MASK for w in _words(learned.folded(text))}
        out.append(own)
    return out


@settings(max_examples=300, deadline=None)
@given(TEXTS)
def test_the_block_models_features_are_their_definition(text: str) -> None:
    assert learned.features(learned.folded(text)) == reference_features(learned.folded(text))


@settings(max_examples=200, deadline=None)
@given(st.lists(TEXTS, max_size=5), st.sets(st.sampled_from(["shipped", "pairs", "prev"])), st.integers(2, 6))
def test_the_line_models_units_read_our_name_as_tool_and_the_previous_unit_as_written(
        texts: list[str], kinds: set[str], window: int) -> None:
    assert lines.doc_features(texts, frozenset(kinds), window) == reference_units(texts, frozenset(kinds), window)


def test_a_renamed_unit_pairs_its_renamed_words_and_passes_on_its_words_as_written() -> None:
    """(a unit naming kguard: its pairs read "tool", the next unit's previous-unit buckets read "kguard")"""
    texts = ["Our CI runs kguard on every knowledge file today", "Then report the findings to the team"]
    assert lines.doc_features(texts) == reference_units(texts, lines.KINDS, lines.WINDOW)


@settings(max_examples=300, deadline=None)
@given(TEXTS, st.integers(0, 60), st.integers(0, 60))
def test_a_unit_has_enough_words_exactly_when_it_holds_three_runs_of_word_characters(text: str, a: int, b: int) -> None:
    runs = len(re.findall(r"\w+", text[a:a + b]))
    assert bool(lines.ENOUGH_WORDS.match(text, a, a + b)) == (runs >= lines.MIN_WORDS)


def test_a_score_is_the_sum_of_its_buckets_weights_with_none_one_or_many() -> None:
    weights = memoryview(bytes([1, 255, 7, 128])).cast("b")
    assert [learned.total(weights, ids) for ids in (set(), {1}, {0, 1, 2, 3})] == [0, -1, 1 + -1 + 7 + -128]
