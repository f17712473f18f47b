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


@lru_cache(maxsize=None)
def _index(phrases: tuple[str, ...]) -> tuple[dict[tuple[str, ...], list[str]], list[tuple[tuple[str, ...], str]],
                                              list[str], int]:
    """Phrases as word sequences (anywhere, or `^` at the start), and the few with other signs as substrings."""
    anywhere: dict[tuple[str, ...], list[str]] = {}
    start: list[tuple[tuple[str, ...], str]] = []
    raw: list[str] = []
    for phrase in phrases:
        body = phrase.lstrip("^")
        seq = tuple(words_of(body))
        if not seq or " ".join(seq) != " ".join(body.split()):
            raw.append(phrase)  # "->", "~/.snotra": matched as they are
        elif phrase.startswith("^"):
            start.append((seq, phrase))
        else:
            anywhere.setdefault(seq, []).append(phrase)
    longest = max((len(seq) for seq in anywhere), default=0)
    return anywhere, start, raw, longest


def matches(text: str, phrases: tuple[str, ...]) -> list[str]:
    """The phrases of a list that occur in a text (already `normal`ised), whole words only. Word sequences are
    looked up in a table of the text's n-grams, so a list costs one pass over the text, not one regex a phrase."""
    anywhere, start, raw, longest = _index(phrases)
    words = words_of(text)
    found: set[str] = set()
    for size in range(1, longest + 1):
        for i in range(len(words) - size + 1):
            hit = anywhere.get(tuple(words[i:i + size]))
            if hit:
                found.update(hit)
    for seq, phrase in start:
        if tuple(words[: len(seq)]) == seq:
            found.add(phrase)
    for phrase in raw:
        if phrase_pattern(phrase).search(text):
            found.add(phrase)
    return [p for p in phrases if p in found]
