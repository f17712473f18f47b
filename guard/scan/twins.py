"""A case-insensitive pattern looked for first by its case-sensitive twin over the lower-cased text
(patterns.lowered: literals lower-cased, the leading \\b of each alternative dropped). Under re.I the regex
engine has no first characters to skip to and tries every alternative at every character; the twin it scans
by first character. The twin matches wherever the pattern does (given the conditions below), so no twin match
means no match; a twin match is confirmed by the pattern itself."""
from __future__ import annotations

import re

from guard.scan.lazyre import LazyPattern
from guard.scan.patterns import lowered

try:
    from re._casefix import _EXTRA_CASES  # type: ignore[import-not-found]
except ImportError:  # pragma: no cover - another Python: the pairs are not known, no twins
    _EXTRA_CASES = None

# Lower-case letters that match one another under re.I although neither is the other's lower case (U+0131
# and "i", U+017F and "s", U+1C82 and Cyrillic "о" ...): all but the first of each such group. Where neither
# the lower-cased text nor a pattern holds one, the twin over the lower-cased text matches wherever the
# pattern matches in the text.
CASE_ODD = frozenset(char for group in {frozenset((chr(code), *map(chr, more)))
                                        for code, more in (_EXTRA_CASES or {}).items()}
                     for char in sorted(group)[1:])
# What lower-casing a source would change the meaning of: a character named by its number or name (\x41 is
# "A" in the twin too), a range with an end that is not ASCII ("[À-ÿ]" lower-cased holds less).
TWIN_UNSAFE = re.compile(r"\\[0-9xuUN]|[^\x00-\x7f]-|-[^\x00-\x7f]")
_TWINS: dict[int, tuple[object, re.Pattern[str] | None]] = {}  # id(part) -> (the part, kept alive; its twin)


def twins_known(lower_non_ascii: frozenset[str]) -> bool:
    """Whether twins may stand in for a text whose lower-cased non-ASCII characters are these (its offsets
    kept by lower-casing, and none of the four letters of frame.DISGUISED_ASCII: the caller's checks)."""
    return _EXTRA_CASES is not None and CASE_ODD.isdisjoint(lower_non_ascii)


def twin_search(part: object, text: str, lower: str, start: int, end: int) -> bool:
    """part.search(text, start, end) is not None, the part first tried as its twin over `lower` (the
    lower-cased text, same offsets; see twins_known). A part is a frame's Lexicon (its `compiled()`), a
    pattern, or anything with a `pattern` and a `search` of that pattern (toolcall.Gated)."""
    twin = _twin(part)
    if twin is not None and twin.search(lower, start, end) is None:
        return False
    return part.search(text, start, end) is not None  # type: ignore[attr-defined]


def _twin(part: object) -> re.Pattern[str] | None:
    entry = _TWINS.get(id(part))
    if entry is None:
        if isinstance(part, (LazyPattern, re.Pattern)):
            pattern: object = part
        elif callable(getattr(part, "compiled", None)):  # a frame's Lexicon
            pattern = part.compiled()  # type: ignore[attr-defined]
        else:
            pattern = getattr(part, "pattern", None)  # toolcall.Gated
        twin = None
        if isinstance(pattern, (LazyPattern, re.Pattern)) and int(pattern.flags) & re.I and \
                CASE_ODD.isdisjoint(pattern.pattern) and not TWIN_UNSAFE.search(pattern.pattern):
            try:
                twin = lowered(pattern)  # type: ignore[arg-type]
            except re.error:
                twin = None
        entry = _TWINS[id(part)] = (part, twin)
    return entry[1]
