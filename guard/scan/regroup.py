"""Regular-expression sources read as text: alternatives that start with the same literal character
regrouped (`cat|cp|less` as `c(?:at|p)|less`), and the characters a match must start with. Works on the
source string with a small tokenizer, and leaves alone any construct it does not know."""
from __future__ import annotations

import re

PLAIN_FIRST = re.compile(r"[\w' -](?![?*+{])")  # a literal character, not made optional or repeated
# Tokens of a regex source: an escape, a class (not one that starts with "]"), a group opener, ")", "|", or a
# run of other characters.
TOKEN = re.compile(r"\\.|\[\^?(?:\\.|[^\]\\])*\]|\((?:\?(?:P<\w+>|<?[=!]|:))?|[)|]|[^\\\[()|]+", re.S)
REGROUPED = ("(?:", "(?P<", "(?=", "(?!", "(")  # groups whose alternatives can be regrouped
# Inline flags, comments, conditionals, a class that starts with "]" (or might: after an escaped backslash).
UNKNOWN = re.compile(r"\(\?(?!:|P<\w+>|P=\w+\)|<?[=!])|(?<!\\)\[\^?\]|\\\\\[")


LITERAL_FIRST = re.compile(r"[\w' \-<>@%&~/:;,=!#\"]")  # characters that stand for themselves
QUANTIFIERS = ("?", "*", "+", "{")
PENDING: frozenset[str] = frozenset({"pending"})  # an alternative whose first character is not seen yet


def _first_of(token: str, body_first: frozenset[str] | None, following: str) -> frozenset[str] | None:
    """The characters an alternative can start with, given its first token that consumes a character
    (`body_first`: a group's, None for any other group), or PENDING for a zero-width \\b or \\B."""
    if token in ("\\b", "\\B"):
        return PENDING
    if following.startswith(QUANTIFIERS) and len(token) == 1 or token.startswith("(") and following.startswith(
            QUANTIFIERS):
        return None  # made optional or repeated
    if token.startswith("("):
        return body_first if token in ("(", "(?:") or token.startswith("(?P<") else None
    if token.startswith("\\"):
        return None if token[1].isalnum() or following.startswith(QUANTIFIERS) else frozenset(token[1])
    if token.startswith("[") or not LITERAL_FIRST.match(token) or token[1:2] in QUANTIFIERS:
        return None
    return frozenset(token[0])


def _alternatives(tokens: list[str], at: int, regroup: bool) -> tuple[str, int, frozenset[str] | None]:
    """The alternatives from tokens[at] to the ")" that ends them (or the end), as source; regrouped by
    first character when `regroup`. Returns (source, index of that ")", the characters a match can start
    with or None when that is not known)."""
    alternatives: list[str] = []
    current: list[str] = []
    firsts: set[str] | None = set()
    first: frozenset[str] | None = PENDING
    while at < len(tokens):
        token = tokens[at]
        if token == ")":
            break
        if token == "|":
            alternatives.append("".join(current))
            current = []
            firsts = None if firsts is None or first is None or first is PENDING else firsts | first
            first = PENDING
        elif token.startswith("("):
            body, at, body_first = _alternatives(tokens, at + 1, token in REGROUPED or token.startswith("(?P<"))
            if at >= len(tokens):
                raise ValueError("unbalanced")
            current.append(token + body + ")")
            if first is PENDING:
                first = _first_of(token, body_first, tokens[at + 1] if at + 1 < len(tokens) else "")
        else:
            current.append(token)
            if first is PENDING:
                first = _first_of(token, None, tokens[at + 1] if at + 1 < len(tokens) else "")
        at += 1
    alternatives.append("".join(current))
    firsts = None if firsts is None or first is None or first is PENDING else firsts | first
    source = "|".join(_regrouped(alternatives)) if regroup else "|".join(alternatives)
    return source, at, None if firsts is None else frozenset(firsts)


def _regrouped(alternatives: list[str]) -> list[str]:
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
    return out


def by_first_char(source: str) -> str:
    """The same expression with alternatives that start with the same literal character regrouped:
    `cat|cp|less` as `c(?:at|p)|less`, inside groups too. Only alternatives next to each other that all start
    with a plain literal character are regrouped; at any position only those starting with the character
    there can match, and they keep their order, so every match stays the same; the regex engine drops a
    whole subgroup on one failed character instead of trying each alternative. Not inside lookbehinds; for
    a case-sensitive, non-verbose source; left as it is when it holds a construct this does not know
    (inline flags, comments, conditionals, a class that starts with "]")."""
    read = _read(source, True)
    return source if read is None else read[0]


def first_chars(source: str) -> frozenset[str] | None:
    """The characters a match of a case-sensitive, non-verbose source must start with, read from its
    text; None when that is not known this way (sre's parser can still tell)."""
    read = _read(source, False)
    return read[1] if read is not None and read[1] else None


def _read(source: str, regroup: bool) -> tuple[str, frozenset[str] | None] | None:
    """(the source, regrouped when `regroup`; its first characters) from _alternatives over the whole
    source; None when it holds a construct this does not know or does not read to its end."""
    if UNKNOWN.search(source):
        return None
    tokens = TOKEN.findall(source)
    if "".join(tokens) != source:
        return None
    try:
        text, end, firsts = _alternatives(tokens, 0, regroup)
    except (ValueError, RecursionError):
        return None
    return (text, firsts) if end == len(tokens) else None
