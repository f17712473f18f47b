"""Word lists as data files (one word or phrase a line, `#` comments). Hints and conflicts come from these
lists and from counts, never from a model."""
from __future__ import annotations

import re
from functools import lru_cache
from pathlib import Path

HERE = Path(__file__).parent
WORD = re.compile(r"[^\W_]+(?:'[^\W_]+)?")


@lru_cache(maxsize=None)
def lines(name: str) -> tuple[str, ...]:
    text = (HERE / f"{name}.txt").read_text(encoding="utf-8")
    return tuple(
        line.strip().lower() for line in text.splitlines() if line.strip() and not line.lstrip().startswith("#")
    )


def words_of(text: str) -> list[str]:
    """Lower-case words; an apostrophe inside a word keeps it whole (don't, user's)."""
    return WORD.findall(text.lower().replace("\u2019", "'"))


@lru_cache(maxsize=None)
def phrase_pattern(phrase: str) -> re.Pattern[str]:
    """A phrase matched on word boundaries; a leading `^` anchors it to the start of the text."""
    anchored = phrase.startswith("^")
    body = re.escape(phrase.lstrip("^")).replace(r"\ ", r"\s+")
    edge = r"(?<![\w'])" if phrase.lstrip("^")[:1].isalnum() else ""
    tail = r"(?![\w'])" if phrase[-1:].isalnum() else ""
    return re.compile(("^" if anchored else edge) + body + tail)


def normal(text: str) -> str:
    return " ".join(text.lower().replace("\u2019", "'").replace("`", "").split())


def matches(text: str, phrases: tuple[str, ...]) -> list[str]:
    """The phrases of a list that occur in a text (already `normal`ised)."""
    return [p for p in phrases if phrase_pattern(p).search(text)]
