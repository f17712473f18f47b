from __future__ import annotations

from pathlib import Path

import pytest

from rules_engine.words import HERE, lines, matches, normal, words_of


@pytest.mark.parametrize("name", sorted(p.stem for p in HERE.glob("*.txt")))
def test_every_list_loads_and_is_used(name: str) -> None:
    assert lines(name)
    sources = "".join(p.read_text() for p in (HERE.parent).glob("*.py"))
    assert f'"{name}"' in sources


def test_whole_words_and_phrases() -> None:
    assert matches(normal("Never   push to main"), ("never", "push to main")) == ["never", "push to main"]
    assert matches(normal("nevertheless"), ("never",)) == []
    assert matches(normal("Don\u2019t do that"), ("don't",)) == ["don't"]
    assert matches(normal("Use tabs"), ("^use",)) == ["^use"]
    assert matches(normal("We use tabs"), ("^use",)) == []
    assert matches(normal("build -> test"), ("->",)) == ["->"]
    assert matches(normal("see ~/.snotra/rules"), ("~/.snotra",)) == ["~/.snotra"]


def test_words_of() -> None:
    assert words_of("The user's rules: don't!") == ["the", "user's", "rules", "don't"]


def test_lists_are_data_files() -> None:
    assert Path(HERE / "episode.txt").read_text().startswith("#")
