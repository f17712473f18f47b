"""Where a phrase detector's regex needs to look: windows around the occurrences of its trigger strings,
and the regex run inside them (over the lower-cased text, as a first-character scan when that helps)."""
from __future__ import annotations

import re
from bisect import bisect_left
from collections.abc import Callable, Iterator
from functools import lru_cache

from guard.scan.patterns import Span, lowered, prepared, scan, shiftable
from guard.scan.reveal import rot13
from guard.scan.runs import merged, stretched
from guard.scan.trigger_places import _whole, trigger_positions, whole_positions

TYPE_CHECKING = False  # (typing.TYPE_CHECKING without importing typing: ~3 ms of a fresh process)
if TYPE_CHECKING:
    from guard.scan.searched import Searched

WINDOW = 400
IGNORECASE = int(re.I)  # (an int: `flags & re.I` on an int runs RegexFlag's Python-level operator)


def windows(doc: Searched, triggers: tuple[str, ...], before: int = WINDOW,
            after: int = WINDOW, whole: bool = False) -> list[tuple[int, int]]:
    """Merged spans from `before` characters ahead of each occurrence of a (lower-case) trigger to `after`
    characters past it: the only places a phrase detector's regex needs to look. A trigger of letters
    only counts when it occurs as a whole run of letters ("http" is not found in "https://"), which costs
    one set lookup; any other trigger is a plain substring ("<script", "base64", "://"). `whole`: a trigger of
    letters counts only where it stands as a whole word (see whole_positions)."""
    others, letters, joined = _words_of(triggers)
    key = (before, after, whole, joined)  # (the joined triggers: one string, its hash kept, per tuple of them)
    cached = doc.cache.get(key)
    if cached is not None:
        return cached  # type: ignore[return-value]
    size = doc.size
    if not doc.lowers:
        spans = [(0, size)] if size else []
    else:
        points: list[tuple[int, int]] = []
        words = doc.words
        # Most triggers of letters are not words of a small text: the few that are, by one set operation in C
        # when the text's words are a set (a view's may only answer `in`). The points are sorted below, so
        # the order the triggers are looked up in does not matter.
        if isinstance(words, frozenset):
            present = [letters[word] for word in words.intersection(letters)] if letters else []
        else:
            present = [trigger for word, trigger in letters.items() if word in words]
        # The other triggers that can occur at all: trigger_positions finds none of a phrase whose first word
        # of letters is no word of the text, nor of a trigger whose first non-ASCII character is nowhere in it.
        plain, spaced, wide = others
        if spaced:
            plain = [*plain, *(trigger for trigger, head in spaced if head is None or head in words)]
        if wide and doc.non_ascii:
            non_ascii = doc.non_ascii
            plain = [*plain, *(trigger for trigger, char in wide if char in non_ascii)]
        lists = [(trigger, trigger_positions(doc, trigger)) for trigger in plain]
        lists += [(trigger, whole_positions(doc, trigger) if whole else trigger_positions(doc, trigger))
                  for trigger in present]
        lists = [(trigger, places) for trigger, places in lists if places]
        if len(lists) == 1:  # one trigger: windows of one width, merged where two places lie close enough
            trigger, places = lists[0]
            spans = merged_places(sorted(places), before, len(trigger) + after)
        else:
            for trigger, places in lists:
                reach = len(trigger) + after
                points.extend([(pos - before, pos + reach) for pos in places])
            points.sort()
            spans = merged(points)  # merged before clamping to the text: the same spans, fewer calls
        if spans:  # sorted and apart: only the first can start before the text, only the last end after it
            spans[0] = (max(0, spans[0][0]), spans[0][1])
            spans[-1] = (spans[-1][0], min(size, spans[-1][1]))
        if spans and doc.blank_runs:
            spans = stretched(spans, doc.blank_runs, size)
    doc.cache[key] = spans
    return spans


def merged_places(places: list[int], before: int, reach: int) -> list[tuple[int, int]]:
    """merged([(pos - before, pos + reach) for pos in places]) for sorted places, with comprehensions
    instead of a loop: two windows join where their places lie at most before + reach apart."""
    if not places:
        return []
    width = before + reach
    gaps = [i for i, (a, b) in enumerate(zip(places, places[1:]), 1) if b - a > width]
    firsts = [0, *gaps]
    lasts = [i - 1 for i in gaps] + [len(places) - 1]
    return [(places[i] - before, places[j] + reach) for i, j in zip(firsts, lasts)]


Others = tuple[tuple[str, ...], tuple[tuple[str, "bytes | None"], ...], tuple[tuple[str, str], ...]]


@lru_cache(maxsize=None)
def _words_of(triggers: tuple[str, ...]) -> tuple[Others, dict[bytes, str], str]:
    """The triggers that are no word of ASCII letters, the others keyed by their bytes (a trigger of letters
    counts only where it is a whole word of the text, see windows), and all of them joined (a cache key).
    The first are split three ways, by what tells cheaply that one is nowhere in a text: phrases with the
    bytes of their first word when it is all letters (else None), triggers that are not ASCII with their first
    non-ASCII character, and the rest."""
    letters = {t.encode("ascii"): t for t in triggers if t.isascii() and t.isalpha()}
    plain, spaced, wide = [], [], []
    for t in triggers:
        if t.isascii() and t.isalpha():
            continue
        if " " in t:
            head = t.split(" ")[0]
            spaced.append((t, head.encode("ascii") if head.isascii() and head.isalpha() else None))
        elif t.isascii():
            plain.append(t)
        else:
            wide.append((t, next(char for char in t if not char.isascii())))
    return (tuple(plain), tuple(spaced), tuple(wide)), letters, "\0".join(triggers)


def finditer(doc: Searched, pattern: re.Pattern[str], triggers: tuple[str, ...], before: int = WINDOW,
             after: int = WINDOW, starts: tuple[str, ...] = (), whole: bool = False) -> Iterator[Span]:
    """Matches of `pattern` inside the windows around the triggers (every match holds one of them).
    A case-insensitive pattern runs case-sensitively over the lower-cased text (several times faster),
    with leading word boundaries checked afterwards.

    `starts`: for a case-insensitive pattern every match of which begins with one of these words (lower
    case ASCII letters), the word whole: nothing but a character that is no letter before and after it
    (the pattern opens with `\\b(?:send|post|...)\\b`). In a text with a word index the pattern is then tried
    only where one of them stands inside a window, not at every character of the windows: the same
    matches (none can begin elsewhere), several times faster where the words are rare. The words must be
    declared as triggers (guard.scan.triggers.declare), so that one pass indexes them.

    `whole`: every match holds one of the triggers of letters as a whole word (the pattern bounds it by
    \\b or by characters that are no letters): windows open only there (declare them with declare_whole)."""
    spans = windows(doc, triggers, before, after, whole)
    if not spans:
        return  # nothing to search: the pattern need not even be compiled
    if doc.index is None:
        yield from _small(doc, pattern, spans)
        return
    lower = doc.lowers and bool(pattern.flags & IGNORECASE)
    haystack, shifted = doc.haystack(lower)
    if shifted and not shiftable(pattern, lower):
        haystack, shifted = (doc.lower if lower else doc.text), False  # type: ignore[assignment]
    # The start check can run inside the regex, on the lower-cased text, when that text's ASCII word
    # characters are the text's own (see Document.ascii_kept).
    checked_inside = lower and doc.ascii_kept
    regex, shift = prepared(pattern, lower, checked_inside, shifted)
    plain = doc.haystack(False)[0]  # the text, or one with the same word characters (rot13 keeps them)

    def at_boundary(start: int) -> bool:  # the original pattern's leading \b, checked here instead
        return start == 0 or not (_word(plain[start]) and _word(plain[start - 1]))

    accept = at_boundary if lower and not (checked_inside and shift) else None
    candidates = _candidates(doc, starts) if starts and lower and not shifted else None
    if candidates is not None:
        yield from _at_candidates(doc, regex, shift, haystack, spans, candidates, accept)
        return
    last_end = -1
    search = regex.search
    for a, b in spans:
        if search(haystack, a, b) is None:  # (most windows hold no match: one call, no generator)
            continue
        # A candidate that starts mid-word is no match of the original pattern: the search goes on at the
        # next character, so a real match that starts inside the discarded one is still found.
        for match in scan(regex, shift, haystack, a, b, accept):  # type: ignore[arg-type]
            start, end = match.span(shift)
            if start < last_end:
                continue
            last_end = max(end, start + 1)
            yield Span(doc.text, match, shift)


def _small(doc: Searched, pattern: re.Pattern[str], spans: list[tuple[int, int]]) -> Iterator[Span]:
    """The search of a small text (one without a word index): a case-insensitive pattern as its lower-cased
    twin over the lower-cased text, its leading word boundary checked on ASCII word characters as below,
    but without the first-character scan and regrouping of patterns.prepared: building those (a parse of
    the source, one more compilation) costs far more than a small text's search, and in a fresh process
    that was most of a scan. Leftmost first and not overlapping across windows, as below."""
    text = doc.text
    if doc.lowers and pattern.flags & IGNORECASE:
        regex, haystack = lowered(pattern), doc.lower

        def accept(start: int) -> bool:
            return start == 0 or not (_word(text[start]) and _word(text[start - 1]))
    else:
        regex, haystack, accept = pattern, text, None  # type: ignore[assignment]
    last_end = -1
    for a, b in spans:
        for match in scan(regex, 0, haystack, a, b, accept):  # type: ignore[arg-type]
            start, end = match.span()
            if start < last_end:
                continue
            last_end = max(end, start + 1)
            yield Span(text, match)


def _candidates(doc: Searched, starts: tuple[str, ...]) -> list[int] | None:
    """Where the words `starts` occur whole in the lower-cased text, in order; None without a word index (a
    small text, whose windows are searched as they are)."""
    if doc.index is None:
        return None
    key = "starts:" + "\0".join(starts)
    found = doc.cache.get(key)
    if found is None:
        words = doc.words
        places: list[int] = []
        for word in starts:
            needle = word.encode("ascii")
            if needle in words:  # then the index has its places (where it is whole or part of a word)
                text = doc.ascii_lower
                places.extend(at for at in doc.index.positions(needle) if _whole(text, at, len(needle)))
        found = doc.cache[key] = sorted(places)
    return found  # type: ignore[return-value]


def _at_candidates(doc: Searched, regex: re.Pattern[str], shift: int, haystack: str,
                   spans: list[tuple[int, int]], candidates: list[int],
                   accept: Callable[[int], bool] | None) -> Iterator[Span]:
    """What the window search gives, with the pattern tried only at the candidate starts: leftmost first
    and not overlapping, as finditer gives them."""
    last_end = -1
    for a, b in spans:
        for at in candidates[bisect_left(candidates, max(a, last_end)):bisect_left(candidates, b)]:
            if at < last_end or (accept is not None and not accept(at)):
                continue
            match = regex.match(haystack, at, b)
            if match is None:
                continue
            start, end = match.span(shift)
            last_end = max(end, start + 1)
            yield Span(doc.text, match, shift)


def _word(char: str) -> bool:
    return char.isascii() and (char.isalnum() or char == "_")
