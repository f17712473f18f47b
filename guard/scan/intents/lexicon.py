"""A lexicon: a group of words and phrases in ten languages matched as whole words, with the cheap gates that tell,
before any regular expression runs, whether a text or a scope can hold one of them."""
from __future__ import annotations

import re
from collections.abc import Iterable, Iterator
from itertools import chain

from guard.scan.lazyre import LazyPattern
from guard.scan.patterncache import cached_compile, cached_value
from guard.scan.text import Document
from guard.scan.triggers import LETTERS_ONLY
from guard.scan.windows import finditer


def words_pattern(words: Iterable[str]) -> str:
    """One alternation of literal words: ASCII ones whole (a space stands for any whitespace), others as
    they stand (Chinese, Japanese and Korean have no spaces; inflected Cyrillic and accented words are stems).
    (Built once and kept beside the bytecode: escaping a few hundred words costs more than finding the
    compiled pattern.)"""
    chosen = sorted(set(words))
    return cached_value("words\0" + "\0".join(chosen), lambda: _words_pattern(chosen),  # type: ignore[return-value]
                        lambda value: isinstance(value, str))


def _words_pattern(words: list[str]) -> str:
    parts = []
    # Longest first, then in code-point order: the same source in every process (set order follows string
    # hashing, which changes per process), so the compiled pattern is found in guard.scan.patterncache.
    for word in sorted(set(words), key=lambda word: (-len(word), word)):
        body = r"\s+".join(re.escape(piece) for piece in word.split(" "))
        if word.isascii():  # \b only where the word begins or ends with a letter or digit ("\.env\b")
            body = (r"\b" if WORD_CHAR.match(word) else "") + body + (r"\b" if WORD_CHAR.match(word[-1]) else "")
        parts.append(body)
    return "|".join(parts)

LETTERS = cached_compile(r"[a-z]+")

DISGUISED_ASCII = frozenset("\u0130\u0131\u017f\u212a")  # İ ı ſ K: each matches an ASCII letter under re.I

WORD_CHAR = cached_compile(r"\w")

WORD_PIECES = cached_compile(r"[\W_]+")  # the spaces and punctuation between the words of a phrase


class Lexicon:
    """A case-insensitive pattern of literal words (plus a regex source `extra`), compiled on first use.
    Without `extra` it carries a gate: the longest ASCII word of each entry and the first other character of
    the rest, so a frame can tell from the document's word set alone that the part is nowhere."""

    __slots__ = ("words", "extra", "_pattern", "_gate", "_plain")

    def __init__(self, words: Iterable[str], extra: str = "") -> None:
        self.words = words if type(words) is tuple else tuple(words)
        self.extra = extra
        self._pattern: re.Pattern[str] | None = None
        self._gate: tuple[frozenset[bytes], frozenset[str]] | None | bool = False
        self._plain: bool | None = None

    def search(self, text: str, start: int, end: int) -> re.Match[str] | None:
        return self.compiled().search(text, start, end)

    def finditer(self, text: str, start: int, end: int) -> Iterator[re.Match[str]]:
        """Every match in text[start:end], leftmost first, as a compiled pattern's finditer gives them."""
        return self.compiled().finditer(text, start, end)

    def compiled(self) -> re.Pattern[str]:
        if self._pattern is None:
            source = "|".join(part for part in (words_pattern(self.words), self.extra) if part)
            self._pattern = cached_compile(source, re.I)
        return self._pattern

    @property
    def gate(self) -> tuple[frozenset[bytes], frozenset[str]] | None:
        if self._gate is False:
            # (derived once, kept beside the bytecode; keyed by the words in their order, not sorted: every
            # lexicon (and every frame's actions) is built from tuples, the same order in every process, and
            # sorting ~6,700 words cost more than the rest of the look-up; test_scan_patterncache checks the
            # order under two hash seeds)
            self._gate = None if self.extra else cached_value(
                "gate\0" + "\0".join(self.words), self._derive_gate, _is_gate)
        return self._gate  # type: ignore[return-value]

    def _derive_gate(self) -> tuple[frozenset[bytes], frozenset[str]] | None:
        return None if any(w.isascii() and not LETTERS.search(w.lower()) for w in self.words) else _gate(self.words)

    @property
    def needs_non_ascii(self) -> bool:
        """Whether every entry that is not ASCII needs a character that is not ASCII in the text: false when
        one holds a letter that matches an ASCII one case-insensitively (ſ matches "s")."""
        if self._plain is None:
            self._plain = DISGUISED_ASCII.isdisjoint("".join(self.words))
        return self._plain


def _gate(words: tuple[str, ...]) -> tuple[frozenset[bytes], frozenset[str]]:
    ascii_words, chars = set(), set()
    for word in words:
        lower = word.lower()
        if lower.isascii():  # (LETTERS.findall as one translate and split in C: ~2,200 words in every process)
            ascii_words.add(max(lower.encode().translate(LETTERS_ONLY).split(), key=len))
        else:
            chars.add(next(c for c in lower if not c.isascii()))
    return frozenset(ascii_words), frozenset(chars)


def _is_gate(value: object) -> bool:
    return value is None or (isinstance(value, tuple) and len(value) == 2
                             and all(isinstance(part, frozenset) for part in value))


def _is_trigger_map(value: object) -> bool:
    return isinstance(value, dict) and all(isinstance(key, str) and isinstance(words, list)
                                           for key, words in value.items())


def lexicon(*groups: Iterable[str], extra: str = "") -> Lexicon:
    return Lexicon(tuple(chain.from_iterable(groups)), extra)  # (in C: ~6,700 words at import)


def scope_words(doc: Document, a: int, b: int) -> frozenset[bytes]:
    """The words of letters of doc.text[a:b], lower-cased (one translate and split of the scope)."""
    return frozenset(doc.ascii_lower[a:b].translate(LETTERS_ONLY).split())


def may_hold(part: Lexicon | LazyPattern, words: frozenset[bytes], plain: bool) -> bool:
    """Whether a scope whose words of letters are `words` (`plain`: all its text is ASCII) can hold a match of
    the part: the gate of may_occur, asked of one sentence or paragraph instead of the document."""
    gate = getattr(part, "gate", None)
    if gate is None:
        return True
    ascii_words, chars = gate
    if not ascii_words.isdisjoint(words):
        return True
    return bool(chars) and not (plain and part.needs_non_ascii)  # type: ignore[union-attr]


def may_occur(doc: Document, part: Lexicon | LazyPattern) -> bool:
    gate = getattr(part, "gate", None)
    if gate is None:
        return True
    ascii_words, chars = gate
    words = doc.words
    if isinstance(words, frozenset):  # one set operation in C (a view's word set may only answer `in`)
        if not ascii_words.isdisjoint(words):
            return True
    elif any(word in words for word in ascii_words):
        return True
    return bool(chars) and not chars.isdisjoint(doc.non_ascii)
