"""Where the phrase detectors' trigger strings occur in a large text, found in one pass over its words
instead of one scan of the whole text per trigger. Gives exactly what a `bytes.find` loop would: every
non-overlapping occurrence, left to right."""
from __future__ import annotations

from bisect import bisect_left
from collections.abc import Callable, Iterable, Iterator, Mapping
from functools import cached_property, lru_cache

# Where a trigger's occurrences go, trigger start minus word start, the trigger to check there (None: no check)
Entry = tuple[list[int], int, bytes | None]
FEW_WORDS = 8  # up to this many words to look for: one search each beats a pass over every word
LETTERS_ONLY = bytes(c if 97 <= c <= 122 else 32 for c in range(256))
# Every trigger the detector modules declare (see declare()): one index pass finds them all.
VOCABULARY: set[str] = set()
# Views that will be asked too (rot13, see TranslatedIndex): their translation table and the triggers they are
# asked for, indexed, translated, in the same pass.
TABLES: dict[bytes, set[str]] = {}
# Words of letters wanted only whole (see declare_whole): one more pass over the words finds them all.
WHOLE: set[str] = set()
PENDING: list[Callable[[], None]] = []  # declarers not yet run (see declare_later)


def declare(*groups: Iterable[str]) -> None:
    """Name triggers up front, so that the first lookup in a text indexes all of them at once. A trigger of
    several words is looked up by its first (see trigger_places.trigger_positions)."""
    for group in groups:
        VOCABULARY.update(trigger.split(" ")[0] if " " in trigger else trigger for trigger in group)


def declare_later(declarer: Callable[[], None]) -> None:
    """Run `declarer` (which declares triggers) before the first lookup in a large text, not at import: a
    small text, the case of a fresh `kguard scan FILE`, never needs the vocabulary."""
    PENDING.append(declarer)


def _declare_pending() -> None:
    while PENDING:
        PENDING.pop()()


def declare_whole(*groups: Iterable[str]) -> None:
    """Name words of ASCII letters that are only ever wanted where they stand as whole words (see
    TriggerIndex.whole_positions): far fewer places than every word holding them ("ai" in "email")."""
    for group in groups:
        WHOLE.update(group)


def declare_table(table: bytes, *groups: Iterable[str]) -> None:
    TABLES.setdefault(table, set()).update(*groups)


@lru_cache(maxsize=None)
def anchor(trigger: bytes) -> tuple[bytes, int, str] | None:
    """(run, offset, how) for the trigger's longest run of letters, which lies in one word of the text:
    "sub" the whole trigger inside a word, "exact" the whole word, "prefix" its start, "suffix" its end.
    None: no usable run (found by a plain search instead)."""
    runs: list[tuple[int, int]] = []
    start = -1
    for i, byte in enumerate(trigger + b" "):
        if 65 <= byte <= 90:
            return None  # the text is lower-cased: an upper-case trigger is never there
        if 97 <= byte <= 122:
            if start < 0:
                start = i
        elif start >= 0:
            runs.append((start, i))
            start = -1
    if not runs:
        return None
    a, b = max(runs, key=lambda run: run[1] - run[0])
    if a == 0 and b == len(trigger):
        return trigger, 0, "sub"
    if b - a < 3:
        return None  # two letters ("ed" in "ed25519", "st" in "0x0.st") start or end too many words
    how = "suffix" if a == 0 else "prefix" if b == len(trigger) else "exact"
    return trigger[a:b], a, how


def find_all(haystack: bytes, needle: bytes) -> list[int]:
    """Every non-overlapping occurrence of `needle`, left to right (what the index gives)."""
    return _find_all(haystack, needle, len(needle))


def _find_all(haystack: bytes, needle: bytes, step: int) -> list[int]:
    found = []
    pos = haystack.find(needle)
    while pos != -1:
        found.append(pos)
        pos = haystack.find(needle, pos + step)
    return found


@lru_cache(maxsize=None)
def overlaps_itself(trigger: bytes) -> bool:
    """Whether two occurrences of `trigger` can overlap ("aa" in "aaa"): only then can a list of its
    occurrences hold one that a find loop would skip."""
    return any(trigger[:size] == trigger[-size:] for size in range(1, len(trigger)))


def non_overlapping(positions: list[int], length: int) -> list[int]:
    """Keep occurrences left to right, skipping any that overlaps the last one kept (as a find loop does)."""
    kept: list[int] = []
    end = -1
    for pos in sorted(positions):
        if pos >= end:
            kept.append(pos)
            end = pos + length
    return kept


class TriggerIndex:
    """The words (runs of a-z) of a lower-cased one-byte-per-character text, and the occurrences of
    triggers, computed on demand for the whole vocabulary at once and cached."""

    def __init__(self, haystack: bytes) -> None:
        self.haystack = haystack
        self.letters = b" " + haystack.translate(LETTERS_ONLY) + b" "  # word at i: letters[i] is a space
        self.parts = self.letters.split()
        self.words = frozenset(self.parts)
        self.found: dict[bytes, list[int]] = {}
        self.whole: dict[bytes, list[int]] = {}

    def whole_positions(self, word: bytes) -> list[int]:
        """Where a word of lower-case ASCII letters stands whole (no letter a-z before or after it), in
        order; the first lookup finds every declared whole word of the text in one pass over its words."""
        if word not in self.whole:
            _declare_pending()
            if word not in self.words:
                return []
            WHOLE.add(word.decode("ascii"))
            wanted = {w.encode("ascii") for w in WHOLE} & self.words
            plan: dict[bytes, list[Entry]] = {}
            for each in wanted - self.whole.keys():
                self.whole[each] = []
                plan[each] = [(self.whole[each], 0, None)]
            for at, entries in self._occurrences(plan):
                entries[0][0].append(at)
        return self.whole[word]

    def positions(self, trigger: bytes, table: bytes | None = None) -> list[int]:
        """Occurrences of `trigger`, or, with a translation table, of the trigger translated (the first
        lookup of either kind indexes the whole vocabulary, translated the same way)."""
        key = trigger if table is None else trigger.translate(table)
        if key not in self.found:
            _declare_pending()
            # an undeclared trigger: indexed with the rest from now on
            (VOCABULARY if table is None else TABLES.setdefault(table, set())).add(trigger.decode("ascii"))
            wanted = {v.encode("ascii") for v in VOCABULARY if v.isascii()}
            for each, vocabulary in TABLES.items():
                wanted.update(v.encode("ascii").translate(each) for v in vocabulary if v.isascii())
            # Callers look a trigger of letters up only when it is a word of the text (Document.windows).
            words = self.words
            batch = {t for t in wanted if t not in self.found and (not t.isalpha() or t in words)}
            self._index(sorted(batch | {key}))
        return self.found[key]

    def translated(self, table: bytes) -> TranslatedIndex:
        return TranslatedIndex(self, table)

    @cached_property
    def sorted_words(self) -> list[bytes]:
        return sorted(self.words)

    @cached_property
    def blob(self) -> bytes:
        return b" " + b" ".join(self.sorted_words) + b" "

    def _words_with(self, run: bytes, how: str) -> list[tuple[bytes, int]]:
        """(word, where the run starts in it) for every word holding the run as `how` says; "sub" lists every
        (overlapping) place inside each word."""
        if how == "exact":
            return [(run, 0)] if run in self.words else []
        if how == "prefix":
            words = self.sorted_words
            out = []
            for i in range(bisect_left(words, run), len(words)):
                if not words[i].startswith(run):
                    break
                out.append((words[i], 0))
            return out
        return _words_with(self.blob, run, how)

    def _index(self, triggers: list[bytes]) -> None:
        haystack = self.haystack
        raw: dict[bytes, list[int]] = {trigger: [] for trigger in triggers}
        plan: dict[bytes, list[Entry]] = {}  # word -> what its occurrences tell
        plain: dict[int, list[bytes]] = {}
        for trigger in triggers:
            spec = anchor(trigger)
            if spec is None:
                if trigger[:1].isalnum():
                    raw[trigger] = _find_all(haystack, trigger, len(trigger))  # a letter or digit: too common
                else:
                    plain.setdefault(trigger[0], []).append(trigger)
                continue
            run, offset, how = spec
            check = None if how == "sub" else trigger
            for word, shift in self._words_with(run, how):
                plan.setdefault(word, []).append((raw[trigger], shift - offset, check))
        for first, group in plain.items():
            places = _find_all(haystack, bytes((first,)), 1)
            for trigger in group:
                raw[trigger] = [pos for pos in places if haystack.startswith(trigger, pos)]
        for at, entries in self._occurrences(plan):
            for found, delta, check in entries:
                start = at + delta
                if check is None or (start >= 0 and haystack.startswith(check, start)):
                    found.append(start)
        for trigger, positions in raw.items():
            if overlaps_itself(trigger):
                self.found[trigger] = non_overlapping(positions, len(trigger))
            else:  # no two occurrences can overlap: in text order (the searches of a few words go word by word)
                positions.sort()
                self.found[trigger] = positions

    def _occurrences(self, plan: Mapping[bytes, list[Entry]]) -> Iterator[tuple[int, list[Entry]]]:
        """(offset, the word's plan) for every occurrence of a word of the plan: for a few words, one search
        each; else one pass over all words, each chosen one being the next bounded occurrence of itself."""
        letters = self.letters
        if len(plan) <= FEW_WORDS:
            for word, entries in plan.items():
                for at in _find_all(letters, b" " + word + b" ", len(word) + 1):
                    yield at, entries
            return
        pos = 0
        find = letters.find
        steps = {word: (b" " + word + b" ", len(word) + 1, entries) for word, entries in plan.items()}
        for word in filter(frozenset(steps).__contains__, self.parts):  # (a set answers faster than a dict)
            bounded, step, entries = steps[word]
            pos = find(bounded, pos)
            yield pos, entries
            pos += step


class TranslatedIndex:
    """The index of a text whose letters went through a translation table that keeps them letters and is
    its own inverse (rot13): every word stays in place, so the original index answers for it."""

    def __init__(self, index: TriggerIndex, table: bytes) -> None:
        self.index = index
        self.table = table
        self.words = TranslatedWords(index.words, table)

    def positions(self, trigger: bytes) -> list[int]:
        return self.index.positions(trigger, self.table)


class TranslatedWords:
    """The words of the translated text, as a membership test (the table is its own inverse)."""

    def __init__(self, words: frozenset[bytes], table: bytes) -> None:
        self.words, self.table = words, table

    def __contains__(self, word: object) -> bool:
        return isinstance(word, bytes) and word.translate(self.table) in self.words


def _words_with(blob: bytes, run: bytes, how: str) -> list[tuple[bytes, int]]:
    """(word, where the run starts in it) for every word of `blob` (" word word ") holding the run as `how`
    says; "sub" lists every (overlapping) place inside each word."""
    out: list[tuple[bytes, int]] = []
    if how == "exact":
        return [(run, 0)] if b" " + run + b" " in blob else []
    if how == "prefix":
        for pos in _find_all(blob, b" " + run, 1):
            out.append((blob[pos + 1:blob.index(b" ", pos + 1)], 0))
        return out
    if how == "suffix":
        for pos in _find_all(blob, run + b" ", 1):
            start = blob.rindex(b" ", 0, pos) + 1
            out.append((blob[start:pos + len(run)], pos - start))
        return out
    for pos in _find_all(blob, run, 1):
        start = blob.rindex(b" ", 0, pos) + 1
        end = blob.index(b" ", pos)
        out.append((blob[start:end], pos - start))
    return out
