"""A frame: an action word found through the trigger index, and parts that must all occur in the same
sentence (or paragraph) as the action. Lexicons are lists of words; they compile into one lazy regex per part,
so a file that holds none of the action words costs one set lookup per word."""
from __future__ import annotations

import re
from collections.abc import Iterator
from functools import cached_property
from itertools import chain

from guard.scan.lazyre import LazyPattern, lazy
from guard.scan.patterncache import cached_compile, cached_value  # (module patterns too: re's parser is Python)
from guard.scan.patterns import Span
from guard.scan.text import Document
from guard.scan.triggers import LETTERS_ONLY, declare, declare_later, declare_whole
from guard.scan.twins import twin_search, twins_known
from guard.scan.windows import finditer
from guard.scan.intents.lexicon import (
    DISGUISED_ASCII,
    Lexicon,
    WORD_PIECES,
    _is_trigger_map,
    _words_pattern,
    may_hold,
    may_occur,
    scope_words,
    words_pattern,
)

PARAGRAPH_END = cached_compile(r"\n[ \t]*\n")
BLOCK_START = cached_compile(r"[ \t]*(?:[#>|*+-]|\d+[.)])")  # a Markdown line that starts its own block
HEADING = cached_compile(r"[ \t]{0,3}#{1,6}(?:[ \t]|$)", re.M)
FENCE_OPEN = cached_compile(r"[ \t]{0,3}(?:`{3,}|~{3,})")


def scope_gate(doc: Document) -> bool:
    """Whether a scope's words tell which parts it can hold (see Frame.find): in a document (not the rot13
    view, whose search shifts patterns) whose lower-cased text keeps every offset and holds no letter that
    matches an ASCII one case-insensitively."""
    found = doc.cache.get("scope-gate")
    if found is None:
        found = doc.cache["scope-gate"] = (type(doc) is Document and doc.lowers
                                           and DISGUISED_ASCII.isdisjoint(doc.non_ascii_text))
    return found  # type: ignore[return-value]


class Frame:
    """A plain class, not a dataclass (`dataclasses` imports `inspect`: ~10 ms of a fresh process)."""

    def __init__(self, actions: tuple[str, ...], parts: tuple[Lexicon | LazyPattern, ...], scope: str = "sentence",
                 reach: int = 300, near: int = 0, near_dense: int = 0, prose: bool = False) -> None:
        self.actions = actions  # lower-case words; each is also a trigger
        self.parts = parts  # every one must occur in the scope
        self.scope = scope  # "sentence" or "paragraph"
        self.reach = reach  # how far the scope may extend on each side of the action
        self.near = near  # when set, every part must lie within this many characters of the action
        self.near_dense = near_dense  # the same for Chinese, Japanese and Korean (default: half of near)
        self.prose = prose  # only in prose: not in fenced code or table rows
        declare_later(self._declare)  # (keying ~1,400 actions at import cost ~1.5 ms of every fresh process)

    def _declare(self) -> None:
        whole = self.whole_triggers
        declare(t for t in self.triggers if t not in whole)
        declare_whole(whole)

    @cached_property
    def by_trigger(self) -> dict[str, list[str]]:
        """The actions keyed by their rarest-looking piece: the longest run of letters ("approved" of "has
        already approved"), whole; the window around it holds the whole action. An action that is not all
        ASCII, alone under a word of ASCII letters, goes under its longest piece that is not ASCII. (Derived
        once and kept beside the bytecode: guard.scan.patterncache.cached_value.)"""
        key = "by_trigger\0" + "\0".join(self.sorted_actions)
        return cached_value(key, self._by_trigger, _is_trigger_map)  # type: ignore[return-value]

    @cached_property
    def sorted_actions(self) -> list[str]:
        """The actions in one order in every process (some lexicons are sets, whose order follows string
        hashing): the cache key, and the order the keys are chosen in."""
        return sorted(self.actions)

    def _by_trigger(self) -> dict[str, list[str]]:
        found: dict[str, list[str]] = {}
        for word in self.sorted_actions:
            lower = word.lower()
            runs = lower.encode().translate(LETTERS_ONLY).decode().split() if lower.isascii() else \
                [p for p in WORD_PIECES.split(lower) if p]  # "maintenant," or "mets-les" is never a word
            found.setdefault(max(runs, key=len) if runs else lower, []).append(word)
        for key, words in list(found.items()):  # "me dê": "me" stands in every "name", "comment", "time" ...
            if len(words) == 1 and key.isalpha() and key.isascii() and not words[0].isascii():
                rarer = max((p for p in words[0].lower().split(" ") if not p.isascii()), key=len)
                if rarer not in found:  # alone under it as under the old key: the same pattern, the same matches
                    found[rarer] = found.pop(key)
        return found

    @cached_property
    def keys(self) -> tuple[tuple[bytes, ...], tuple[tuple[str, str], ...], frozenset[str], dict[str, str]]:
        """What a search needs of by_trigger, derived once and kept beside the bytecode as one value: the ASCII
        triggers (as bytes, in order), the others with their first character that is not ASCII, the whole
        triggers (see whole_triggers) and each trigger's word alternation (words_pattern of its actions). A
        fresh process reads it and no more: no pass over ~1,400 actions, no look-up per trigger found."""
        # (keyed by the actions in their order, not sorted, as a lexicon's gate is: see lexicon.Lexicon.gate)
        return cached_value("frame_keys\0" + "\0".join(self.actions), self._keys, _is_keys)  # type: ignore[return-value]

    def _keys(self) -> tuple[tuple[bytes, ...], tuple[tuple[str, str], ...], frozenset[str], dict[str, str]]:
        by_trigger = self._by_trigger()
        triggers = sorted(by_trigger)
        words = tuple(t.encode() for t in triggers if t.isascii())
        others = tuple((next(c for c in t if not c.isascii()), t) for t in triggers if not t.isascii())
        whole = frozenset(t for t, acts in by_trigger.items() if t.isascii() and all(map(str.isascii, acts)))
        return words, others, whole, {t: _words_pattern(sorted(set(acts))) for t, acts in by_trigger.items()}

    @property
    def whole_triggers(self) -> frozenset[str]:
        """The triggers whose actions are all ASCII: each is a whole run of letters of its actions, which
        begin and end at word boundaries, so it stands whole wherever one matches (never "ai" in "email")."""
        return self.keys[2]

    @property
    def triggers(self) -> tuple[str, ...]:
        return tuple(sorted(self.keys[3]))

    def pattern_for(self, trigger: str) -> LazyPattern:
        """The actions of one trigger as a small pattern: a document searches only the few whose triggers it
        holds, not one alternation of them all. Lazy: the search compiles only the form it runs (the
        lower-cased twin, see patterns.lowered), not this one as well."""
        cache = self.__dict__.setdefault("_patterns", {})
        pattern = cache.get(trigger)
        if pattern is None:
            pattern = cache[trigger] = lazy(self.keys[3][trigger], re.I)
        return pattern

    def present(self, doc: Document) -> tuple[str, ...]:
        """The triggers that can occur in the document, from its word set and its non-ASCII characters: the
        phrase search then looks only for those (the same matches, far fewer lookups)."""
        words, others = self.keys[0], self.keys[1]
        have = doc.words
        if isinstance(have, frozenset):  # the few shared words first, by one set operation in C
            found = [w.decode("ascii") for w in sorted(self._trigger_words.intersection(have))]
        else:  # (ASCII: sorted bytes are in the order of the triggers)
            found = [w.decode("ascii") for w in words if w in have]
        if others and doc.non_ascii:
            found += [t for c, t in others if c in doc.non_ascii]
        return tuple(found)

    @cached_property
    def _trigger_words(self) -> frozenset[bytes]:
        return frozenset(self.keys[0])

    def bounds(self, doc: Document, start: int, end: int) -> tuple[int, int]:
        if self.scope == "sentence":
            a, b = doc.sentence_bounds(start, end, self.reach)
            line = doc.line_of(start)
            lo, hi = doc.line_span(line)
            if BLOCK_START.match(doc.text, lo) or line > 1 and HEADING.match(doc.text, doc.line_starts[line - 2]):
                a = max(a, lo)  # a heading, list item or table row is a sentence of its own
            if HEADING.match(doc.text, lo) or line < len(doc.line_starts) and (
                    BLOCK_START.match(doc.text, doc.line_starts[line]) or FENCE_OPEN.match(doc.text, doc.line_starts[line])):
                b = min(b, hi)  # (a heading ends with its line, whatever follows; so does a line over a fence)
            return a, b
        text = doc.text
        lo, hi = max(0, start - self.reach), min(len(text), end + self.reach)
        left = [m.end() for m in PARAGRAPH_END.finditer(text, lo, start)]
        right = PARAGRAPH_END.search(text, end, hi)
        return (left[-1] if left else lo), (right.start() if right else hi)

    def find(self, doc: Document) -> Iterator[tuple[Span, int, int]]:
        """Each action whose scope holds every part, with the scope (a, b)."""
        if not all(may_occur(doc, part) for part in self.parts):
            return
        present = self.present(doc)
        if not present:
            return
        whole = self.whole_triggers
        gated = scope_gate(doc)
        found = [m for trigger in present
                 for m in finditer(doc, self.pattern_for(trigger), (trigger,), 80, 80, whole=trigger in whole)]
        for match in sorted(found, key=lambda m: m.start()) if len(present) > 1 else found:
            if self.prose and _not_prose(doc, match.start()):
                continue
            scope = self.around(doc, match, gated)
            if scope is not None:
                yield match, scope[0], scope[1]

    def around(self, doc: Document, match: Span, gated: bool | None = None) -> tuple[int, int] | None:
        """The scope of an action found (by this frame or by another with the same actions) when it holds
        every part of this frame, else None: frames that share their actions find them once. `gated`: whether
        the scope's words may rule parts out (scope_gate(doc), asked when not given)."""
        a, b = self.bounds(doc, match.start(), match.end())
        if self.near:
            dense = any(ord(char) >= 0x2E80 for char in match.group())  # Chinese, Japanese, Korean
            near = (self.near_dense or self.near // 2) if dense else self.near
            a, b = max(a, match.start() - near), min(b, match.end() + near)
        text, start, end = doc.text, match.start(), match.end()
        if scope_gate(doc) if gated is None else gated:  # parts whose words the scope lacks: no search at all
            words, plain = scope_words(doc, a, b), text[a:b].isascii()
            if not all(may_hold(part, words, plain) for part in self.parts):
                return None
        if twins_hold(doc):
            lower = doc.lower
            found = all(twin_search(part, text, lower, a, start) or twin_search(part, text, lower, end, b)
                        for part in self.parts)
        else:
            found = all(part.search(text, a, start) or part.search(text, end, b) for part in self.parts)
        return (a, b) if found else None  # (a part is never the action's own word: "report" in "don't report")


def _is_keys(value: object) -> bool:
    """The shape of Frame.keys, checked in C (map, not a loop in Python: ~30 frames in every fresh process)."""
    if not (isinstance(value, tuple) and len(value) == 4):
        return False
    words, others, whole, sources = value
    return (isinstance(words, tuple) and {*map(type, words)} <= {bytes} and isinstance(others, tuple)
            and {*map(type, others)} <= {tuple} and {*map(len, others)} <= {2}
            and {*map(type, chain.from_iterable(others))} <= {str}
            and isinstance(whole, frozenset) and {*map(type, whole)} <= {str}
            and isinstance(sources, dict) and {*map(type, sources)} <= {str} and {*map(type, sources.values())} <= {str})


def twins_hold(doc: Document) -> bool:
    """Whether a part may first be looked for by its lower-case twin (guard.scan.twins): in a large document (a
    small one would compile the twins for a few searches) whose lower-cased text keeps its offsets and holds no
    letter of DISGUISED_ASCII (scope_gate) or of twins.CASE_ODD."""
    found = doc.cache.get("twins-hold")
    if found is None:
        found = doc.cache["twins-hold"] = doc.index is not None and scope_gate(doc) and twins_known(doc.non_ascii)
    return found  # type: ignore[return-value]


def _not_prose(doc: Document, offset: int) -> bool:
    line = doc.line_of(offset)
    return line in doc.fenced_lines or doc.text.startswith("|", doc.line_span(line)[0])


def excerpt(doc: Document, a: int, b: int, limit: int = 120) -> str:
    return " ".join(doc.text[a:b].split())[:limit]
