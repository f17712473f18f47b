"""Faster ways to run a detector's regular expression with the same result: a case-sensitive twin for
lower-cased text, and a scan that tries the expression only where its first character can occur."""
from __future__ import annotations

import re
from collections.abc import Iterator
from functools import lru_cache

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
    return re.compile(*lowered_source(pattern))


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


def _scan_source(source: str, flags: int) -> str | None:
    """`[F](?<=(?=(P))[\\s\\S])`: one character of F (the characters P can start with) where P matches, with
    P's match as group 1. The regex engine skips every other character fast, which pays for patterns of
    several alternatives. None when it would not help or cannot be built."""
    if sre_parser is None or flags & re.I or len(_split_alternatives(source)) < 2 or BACKREFERENCE.search(source):
        return None  # (with a backreference, group numbers would shift by one)
    try:
        parsed = sre_parser.parse(source, flags)
        first = _first_chars(list(parsed))
    except (re.error, AttributeError, TypeError, ValueError):  # an unexpected parser: no scan, same results
        return None
    if first is None or parsed.getwidth()[0] == 0:
        return None
    return "[" + "".join(re.escape(char) for char in sorted(first)) + f"](?<=(?=({source}))[\\s\\S])"


PLAIN_FIRST = re.compile(r"[\w' -](?![?*+{])")  # a literal character, not made optional or repeated
CLASS_WITH_BRACKET_FIRST = re.compile(r"(?<!\\)\[\^?\]")
OPENERS = ("(?:", "(?P<", "(?=", "(?!", "(")  # groups whose alternatives can be regrouped


def _group_end(source: str, start: int) -> int:
    """Index of the ")" that closes the group opened at source[start] (no class in source starts with "]")."""
    depth, in_class, escaped = 0, False, False
    for i in range(start, len(source)):
        char = source[i]
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
            if depth == 0:
                return i
    raise ValueError("unbalanced")


def _inner(source: str) -> str:
    """The source with the alternatives inside each group regrouped (see by_first_char)."""
    out, i, in_class, escaped = [], 0, False, False
    while i < len(source):
        char = source[i]
        if escaped or in_class or char == "\\" or char == "[":
            if escaped:
                escaped = False
            elif char == "\\":
                escaped = True
            elif in_class:
                in_class = char != "]"
            else:
                in_class = True
            out.append(char)
            i += 1
            continue
        if char != "(":
            out.append(char)
            i += 1
            continue
        end = _group_end(source, i)
        body = source[i:end + 1]
        opener = next((o for o in OPENERS if body.startswith(o) and (o != "(" or not body.startswith("(?"))), None)
        if opener == "(?P<":
            opener = body[:body.index(">") + 1]
        out.append(body if opener is None else opener + by_first_char(body[len(opener):-1]) + ")")
        i = end + 1
    return "".join(out)


def by_first_char(source: str) -> str:
    """The same expression with alternatives that start with the same literal character regrouped:
    `cat|cp|less` as `c(?:at|p)|less`, inside groups too. Only alternatives next to each other that all start
    with a plain literal character are regrouped; at any position only those starting with the character
    there can match, and they keep their order, so every match stays the same; the regex engine drops a
    whole subgroup on one failed character instead of trying each alternative. For a case-sensitive,
    non-verbose source; left as it is when it holds a construct this does not know."""
    if CLASS_WITH_BRACKET_FIRST.search(source) or "\\\\[" in source:
        return source  # a class that holds "]" first (or might): left alone
    try:
        alternatives = [_inner(alt) for alt in _split_alternatives(source)]
    except ValueError:
        return source
    out: list[str] = []
    run: dict[str, list[str]] = {}
    for alt in [*alternatives, None]:
        if alt is not None and PLAIN_FIRST.match(alt):
            run.setdefault(alt[0], []).append(alt)
            continue
        out.extend(alts[0] if len(alts) == 1 else alts[0][0] + "(?:" + "|".join(a[1:] for a in alts) + ")"
                   for alts in run.values())
        run = {}
        if alt is not None:
            out.append(alt)
    return "|".join(out)


@lru_cache(maxsize=None)
def prepared(pattern: re.Pattern[str], lower: bool) -> tuple[re.Pattern[str], int]:
    """What to run for `pattern` (its lowered twin when `lower`) and the group that holds a match: the
    first-character scan (group 1) when it helps, else the pattern itself (group 0). Compiled once."""
    source, flags = lowered_source(pattern) if lower else (pattern.pattern, pattern.flags)
    if not flags & (re.I | re.X):
        source = by_first_char(source)
    scan_source = _scan_source(source, flags)
    if scan_source is not None:
        try:
            return re.compile(scan_source, flags), 1
        except re.error:
            pass
    return (pattern if source == pattern.pattern and flags == pattern.flags else re.compile(source, flags)), 0


def first_char_scan(pattern: re.Pattern[str]) -> re.Pattern[str] | None:
    regex, group = prepared(pattern, False)
    return regex if group else None


def scan(regex: re.Pattern[str], group: int, haystack: str, start: int, end: int) -> Iterator[re.Match[str]]:
    """The raw matches of finditer(haystack, start, end) for the pattern that `regex` and `group` prepare
    (see prepared()): each match's own span is that group."""
    if not group:
        yield from regex.finditer(haystack, start, end)
        return
    last = -1
    for match in regex.finditer(haystack, start, end):
        a, b = match.span(group)
        if a >= last:  # finditer resumes after a match: one that starts inside it is never seen
            last = b
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
