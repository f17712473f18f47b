"""Faster ways to run a detector's regular expression with the same result: a case-sensitive twin for
lower-cased text, and a scan that tries the expression only where its first character can occur."""
from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from functools import lru_cache

from guard.scan.patterncache import cached_compile
from guard.scan.regroup import TOKEN, UNKNOWN, by_first_char, first_chars

try:
    from re import _constants as sre_constants  # type: ignore[attr-defined]
    from re import _parser as sre_parser  # type: ignore[attr-defined]
except ImportError:  # pragma: no cover - another Python: no first-character scan, same results
    sre_parser = sre_constants = None


BACKREFERENCE = re.compile(r"\\[1-9]|\(\?P=")


def _split_alternatives(source: str) -> list[str]:
    parts, depth, in_class, escaped, current = [], 0, False, False, []
    for char in source:
        if escaped:
            escaped = False
        elif char == "\\":
            escaped = True
        elif in_class:
            in_class = char != "]"
        elif char == "[":
            in_class = True
        elif char == "(":
            depth += 1
        elif char == ")":
            depth -= 1
        elif char == "|" and depth == 0:
            parts.append("".join(current))
            current = []
            continue
        current.append(char)
    parts.append("".join(current))
    return parts


def _lower_source(source: str) -> str:
    out, escaped = [], False
    for char in source:
        out.append(char if escaped else char.lower())
        escaped = not escaped and char == "\\"
    return "".join(out)


def lowered_source(pattern: re.Pattern[str]) -> tuple[str, int]:
    """Source and flags of the case-sensitive twin of a case-insensitive pattern, for lower-cased text:
    literals lower-cased (escapes kept) and the leading \\b of each alternative dropped (checked afterwards,
    much faster)."""
    alternatives = [alt.removeprefix("\\b") for alt in _split_alternatives(pattern.pattern)]
    return _lower_source("|".join(alternatives)).replace("(?p<", "(?P<"), pattern.flags & ~re.I


@lru_cache(maxsize=None)
def lowered(pattern: re.Pattern[str]) -> re.Pattern[str]:
    def lower_cased() -> tuple[str, int]:
        return lowered_source(pattern)

    return cached_compile(pattern.pattern, pattern.flags | re.U, lower_cased)  # (a lazy one has no re.U yet)


def _first_chars(items: list[tuple[object, object]]) -> set[str] | None:
    """Every character a match of the parsed pattern can start with; None when that is not a short list."""
    out: set[str] = set()
    c = sre_constants
    for op, av in items:
        if op is c.AT:
            continue  # \b, ^, $: zero width
        if op is c.LITERAL:
            return out | {chr(av)}  # type: ignore[arg-type]
        if op is c.IN:
            for kind, value in av:  # type: ignore[union-attr]
                if kind is c.LITERAL:
                    out.add(chr(value))
                elif kind is c.RANGE and value[1] - value[0] < 64:
                    out.update(chr(code) for code in range(value[0], value[1] + 1))
                else:
                    return None
            return out
        if op is c.BRANCH:
            for alternative in av[1]:  # type: ignore[index]
                found = _first_chars(list(alternative))
                if found is None:
                    return None
                out |= found
            return out
        if op is c.SUBPATTERN:
            if av[1] & re.I:  # type: ignore[index]
                return None  # a case-insensitive group: its first letter has two cases
            found = _first_chars(list(av[3]))  # type: ignore[index]
            return None if found is None else out | found
        if op in (c.MAX_REPEAT, c.MIN_REPEAT):
            low, _, sub = av  # type: ignore[misc]
            found = _first_chars(list(sub))
            if found is None:
                return None
            out |= found
            if low > 0:
                return out
            continue
        return None
    return None  # the pattern can match the empty string


def _scan_source(source: str, flags: int, start_check: str = "") -> str | None:
    """`[F](?<=(?=(P))[\\s\\S])`: one character of F (the characters P can start with) where P matches, with
    P's match as group 1. The regex engine skips every other character fast, which pays for patterns of
    several alternatives. `start_check`, a zero-width test, goes before P (cheaper than trying P and
    dropping the match afterwards). None when it would not help or cannot be built."""
    if sre_parser is None or flags & re.I or len(_split_alternatives(source)) < 2 or BACKREFERENCE.search(source):
        return None  # (with a backreference, group numbers would shift by one)
    first: set[str] | frozenset[str] | None = None if flags & re.X else first_chars(source)
    if first is None:  # not known from the text (which is cheaper, and means a match is never empty)
        try:
            parsed = sre_parser.parse(source, flags)
            first = _first_chars(list(parsed))
        except (re.error, AttributeError, TypeError, ValueError):  # an unexpected parser: no scan, same results
            return None
        if first is None or parsed.getwidth()[0] == 0:
            return None
    return "[" + "".join(re.escape(char) for char in sorted(first)) + f"](?<={start_check}(?=({source}))[\\s\\S])"


ROT13 = str.maketrans("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz",
                      "NOPQRSTUVWXYZABCDEFGHIJKLMnopqrstuvwxyzabcdefghijklm")
NUMBERED = re.compile(r"\\[0-9xuUN]")  # escapes that name a character (or a group) by number or name
LETTER_RANGE = re.compile(r"[A-Za-z]-[A-Za-z]")


@lru_cache(maxsize=None)
def rot13_source(source: str) -> str | None:
    """A case-sensitive source with every literal letter shifted by rot13 (escapes, group names and
    inline syntax kept): it matches a text where the source matches that text's rot13, at the same places
    with the same groups, as rot13 maps ASCII letters to letters and leaves every other character alone.
    None when that is not certain (a letter range, a character named by number, a construct this does not
    know)."""
    if UNKNOWN.search(source) or NUMBERED.search(source):
        return None
    tokens = TOKEN.findall(source)
    if "".join(tokens) != source:
        return None
    out = []
    for token in tokens:
        if token.startswith("(") or token in (")", "|") or token.startswith("\\"):
            out.append(token)
        elif token.startswith("["):
            if LETTER_RANGE.search(token):
                return None
            out.append("".join(part if part.startswith("\\") else part.translate(ROT13)
                               for part in re.split(r"(\\.)", token)))
        else:
            out.append(token.translate(ROT13))
    return "".join(out)


# Not inside a word of ASCII letters, digits and "_": the test windows.finditer makes of a lowered twin's
# match start (in place of the original's leading \b), as a zero-width expression.
WORD_START = "(?:(?<![0-9A-Z_a-z])|(?![0-9A-Z_a-z]))"


@lru_cache(maxsize=None)
def shiftable(pattern: re.Pattern[str], lower: bool) -> bool:
    """Whether prepared() can shift `pattern` (its lowered twin when `lower`) by rot13."""
    source, flags = lowered_source(pattern) if lower else (pattern.pattern, pattern.flags)
    return not flags & re.I and rot13_source(source) is not None  # (re.I: "s" also matches U+017F ...)


@lru_cache(maxsize=None)
def prepared(pattern: re.Pattern[str], lower: bool, word_start: bool = False,
             shifted: bool = False) -> tuple[re.Pattern[str], int]:
    """What to run for `pattern` (its lowered twin when `lower`; shifted by rot13 when `shifted`, see
    shiftable()) and the group that holds a match: the first-character scan (group 1) when it helps, else
    the pattern itself (group 0). With `word_start`, a first-character scan finds only matches that start
    where WORD_START holds (no accept check needed for that); a group-0 expression is unchanged. Compiled
    once."""
    source, flags = lowered_source(pattern) if lower else (pattern.pattern, pattern.flags)
    if shifted:
        source = rot13_source(source)  # type: ignore[assignment]
    if not flags & (re.I | re.X):
        source = by_first_char(source)
    scan_source = _scan_source(source, flags, WORD_START if word_start else "")
    if scan_source is not None:
        try:
            return re.compile(scan_source, flags), 1
        except re.error:
            pass
    return (pattern if source == pattern.pattern and flags == pattern.flags else re.compile(source, flags)), 0


def first_char_scan(pattern: re.Pattern[str]) -> re.Pattern[str] | None:
    regex, group = prepared(pattern, False)
    return regex if group else None


def scan(regex: re.Pattern[str], group: int, haystack: str, start: int, end: int,
         accept: Callable[[int], bool] | None = None) -> Iterator[re.Match[str]]:
    """The raw matches of finditer(haystack, start, end) for the pattern that `regex` and `group` prepare
    (see prepared()): each match's own span is that group. A match whose start `accept` rejects counts as
    no match there: it is dropped and the search goes on at the next position, not after it (a rejected
    "od" at the end of "method" must not hide a match that starts inside it)."""
    if not group:
        pos = start
        while pos <= end:
            for match in regex.finditer(haystack, pos, end):
                if accept is None or accept(match.start()):
                    yield match
                    continue
                pos = match.start() + 1  # rare: start again just past the rejected start
                break
            else:
                return
        return
    last = -1
    for match in regex.finditer(haystack, start, end):
        a, b = match.span(group)
        if a >= last and (accept is None or accept(a)):  # finditer resumes after a match: one that starts
            last = b  # inside it is never seen
            yield match


class Span:
    """A match found in the lower-cased text (or the text itself), reporting the original text; `shift`
    is 1 for a match of a first-character scan, whose group n is the pattern's group n - 1."""

    __slots__ = ("_text", "_match", "_shift")

    def __init__(self, text: str, match: re.Match[str], shift: int = 0) -> None:
        self._text, self._match, self._shift = text, match, shift

    def _group(self, group: int | str) -> int | str:
        return group + self._shift if isinstance(group, int) else group

    def start(self, group: int | str = 0) -> int:
        return self._match.start(self._group(group))

    def end(self, group: int | str = 0) -> int:
        return self._match.end(self._group(group))

    def span(self, group: int | str = 0) -> tuple[int, int]:
        return self._match.span(self._group(group))

    def group(self, group: int | str = 0) -> str | None:  # type: ignore[return]
        a, b = self._match.span(self._group(group))
        return None if a < 0 else self._text[a:b]
