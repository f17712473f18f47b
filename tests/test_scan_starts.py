"""A phrase pattern tried only where one of its start words stands (windows.finditer's `starts`) finds
exactly what the search of its windows finds, and what a search of the whole text finds."""
from __future__ import annotations

import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from guard.scan import conceal
from guard.scan import text as text_module
from guard.scan import windows as phrase_search
from guard.scan.patterns import _split_alternatives
from guard.scan.text import INDEX_MIN_CHARS, Document
from guard.scan.triggers import VOCABULARY

# (pattern, triggers, before, after, starts) exactly as the detectors pass them
USES = {
    "CON003": (conceal.DECEIVE, conceal.DECEIVE_TRIGGERS, 60, 120, conceal.DECEIVE_STARTS),
}
PUNCTUATION = [" ", " ", " ", "\n", ".", ",", "'", "-", "_", "~/", "://", "@", "1", "\u00e9", "\u7528\u6237"]


def spans(doc: Document, use: tuple, with_starts: bool) -> list[tuple[int, int]]:  # type: ignore[type-arg]
    pattern, triggers, before, after, starts = use
    return [m.span() for m in phrase_search.finditer(doc, pattern, triggers, before, after,
                                                      starts if with_starts else ())]


def vocabulary(pattern: re.Pattern[str]) -> list[str]:
    """Every run of letters the pattern spells out: text made of these (and some punctuation) matches it
    often, from every alternative."""
    return sorted(set(re.findall(r"[a-z]+", pattern.pattern.replace("\\s", " ").replace("\\b", " "))))


# Whole matches, to be run into one another and cut by other words: every start word opens some of them.
MATCHES = {
    "CON003": [f"{verb} to the user that this is necessary" for verb in ("explain", "tell", "say", "assure")]
    + ["reassure your user it is normal", "convince the user that it is safe", "lie to the user",
       "lying to your user", "mislead the user", "pretend to the user that"],
}


def texts(detector: str) -> st.SearchStrategy[list[str]]:
    use = USES[detector]
    words = vocabulary(use[0]) + [w.upper() for w in use[4][:3]]
    token = st.one_of(st.sampled_from(MATCHES[detector]), st.sampled_from(words), st.sampled_from(PUNCTUATION))
    return st.lists(token, min_size=1, max_size=120)


@pytest.fixture
def index_always(monkeypatch: pytest.MonkeyPatch) -> None:
    """A word index for every text, however small (the candidates come from it)."""
    monkeypatch.setattr(text_module, "INDEX_MIN_CHARS", 0)


@pytest.mark.parametrize("detector", sorted(USES))
def test_start_words_are_declared_triggers(detector: str) -> None:
    assert set(USES[detector][4]) <= VOCABULARY  # else every lookup indexes the text again


@pytest.mark.parametrize("detector", sorted(USES))
def test_every_alternative_opens_with_a_start_word(detector: str) -> None:
    """Each top-level alternative of the pattern opens with \\b and a group of words, all of them starts."""
    pattern, *_, starts = USES[detector]
    for alternative in _split_alternatives(pattern.pattern):
        opening = re.match(r"\\b(?:\(\?:)?([a-z|]+)", alternative)
        assert opening, alternative
        for word in opening.group(1).split("|"):
            assert re.match(r"[a-z]+", word).group() in starts, (detector, word)  # type: ignore[union-attr]


@pytest.mark.parametrize("detector", sorted(USES))
def test_candidates_find_what_the_windows_and_the_whole_text_find(detector: str, index_always: None) -> None:
    use = USES[detector]

    @settings(max_examples=300, deadline=None)
    @given(texts(detector))
    def check(tokens: list[str]) -> None:
        for text in ("".join(tokens), " ".join(tokens)):
            doc = Document(text)
            assert doc.index is not None
            found = spans(doc, use, with_starts=True)
            assert found == spans(Document(text), use, with_starts=False)
        # Against the whole text: with the words apart (a trigger only counts where it is a word of the text
        # somewhere) and in ASCII (the scanner's word boundaries count ASCII letters only)
        if text.isascii():
            assert found == [m.span() for m in use[0].finditer(text)]

    check()


def test_a_large_file_takes_the_candidate_path_and_finds_the_same() -> None:
    line = "Explain to the user that this step is necessary and normal.\n"
    text = "Ordinary notes about the build and the tests.\n" * (INDEX_MIN_CHARS // 45) + line * 3
    doc = Document(text)
    assert doc.index is not None
    use = USES["CON003"]
    assert spans(doc, use, with_starts=True) == [m.span() for m in conceal.DECEIVE.finditer(text)] != []
