"""Conflicts between the folder's rules and the user's own: opposite polarity on the same subject, an explicit
`contradicts:`, or a folder rule that claims to outweigh the user's rules. Reported, never resolved."""
from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache

from rules_engine.models import Line, Rule
from rules_engine.words import lines, matches, normal, phrase_pattern, words_of


# Two subjects are the same when they share this share of the words of the longer one: "never add agent/AI
# attribution to commits" and "always add AI attribution to commits" share 3 of 4.
SAME_SUBJECT = 0.75


@dataclass(frozen=True)
class Conflict:
    kind: str  # opposite | contradicts | outweighs
    folder: Line
    user: Line | None
    message: str


@lru_cache(maxsize=1)
def _polarity() -> tuple[tuple[str, ...], tuple[str, ...]]:
    entries = lines("polarity")
    return (tuple(e[1:].strip() for e in entries if e.startswith("+")),
            tuple(e[1:].strip() for e in entries if e.startswith("-")))


@lru_cache(maxsize=4096)
def polarity(text: str) -> tuple[int, frozenset[str]]:
    """+1, -1 or 0 (no marker), and the statement's subject: its words without markers and stop words."""
    positive, negative = _polarity()
    norm = normal(text)
    neg = matches(norm, negative)
    pos = matches(norm, positive)
    sign = -1 if neg else 1 if pos else 0
    if not sign and matches(norm, tuple(w for w in lines("rule") if w.startswith("^"))):
        sign = 1  # an imperative ("Use tabs") is a positive statement
    for phrase in (*neg, *pos):
        norm = phrase_pattern(phrase).sub(" ", norm)
    subject = frozenset(words_of(norm)) - frozenset(lines("stopwords"))
    return sign, subject


def _same_subject(a: frozenset[str], b: frozenset[str]) -> bool:
    return len(a & b) / max(len(a), len(b)) >= SAME_SUBJECT


def opposite(folder: Line, user: Line) -> bool:
    a_sign, a_subject = polarity(folder.text)
    b_sign, b_subject = polarity(user.text)
    if a_sign * b_sign != -1 or not a_subject or not b_subject:
        return False
    return _same_subject(a_subject, b_subject)


@lru_cache(maxsize=1)
def _override() -> tuple[tuple[str, ...], tuple[str, ...]]:
    entries = lines("override")
    return (tuple(e.split(":", 1)[1].strip() for e in entries if e.startswith("verb:")),
            tuple(e.split(":", 1)[1].strip() for e in entries if e.startswith("target:")))


def outweighs(text: str) -> bool:
    norm = normal(text)
    verbs, targets = _override()
    for verb in matches(norm, verbs):
        found = phrase_pattern(verb).search(norm)
        if found and any(phrase_pattern(t).search(norm, found.end()) for t in targets):
            return True
    return False


def find(folder_rules: Sequence[Rule], folder_lines: Sequence[Line],
         user_rules: Sequence[Rule], user_lines: Sequence[Line]) -> list[Conflict]:
    """Folder statements (rules bodies plus AGENTS.md-like files) against the user's own."""
    mine = [*user_lines, *(s for r in user_rules for s in r.statements)]
    theirs = [*folder_lines, *(s for r in folder_rules for s in r.statements)]
    out: list[Conflict] = []
    signed = [(own, *polarity(own.text)) for own in mine]
    signed = [item for item in signed if item[1] and item[2]]
    for statement in theirs:
        if outweighs(statement.text):
            out.append(Conflict("outweighs", statement, None,
                                "a folder rule claims to outweigh your own rules"))
        sign, subject = polarity(statement.text)
        if not sign or not subject:
            continue
        for own, own_sign, own_subject in signed:
            if sign * own_sign == -1 and _same_subject(subject, own_subject):
                out.append(Conflict("opposite", statement, own,
                                    f"contradicts your rule at {own.path}:{own.line}"))
    by_name = {r.name: r for r in user_rules}
    folder_by_name = {r.name: r for r in folder_rules}
    for rule in folder_rules:
        for name in rule.contradicts:
            if name in by_name:
                other = by_name[name]
                out.append(Conflict("contradicts", _head(rule, "contradicts"), _head(other, None),
                                    f"says it contradicts your rule '{name}' ({other.path})"))
    for rule in user_rules:
        for name in rule.contradicts:
            if name in folder_by_name:
                other = folder_by_name[name]
                out.append(Conflict("contradicts", _head(other, None), _head(rule, "contradicts"),
                                    f"your rule '{rule.name}' says it contradicts this folder rule"))
    return sorted(out, key=lambda c: (c.folder.path, c.folder.line, c.kind))


def _head(rule: Rule, key: str | None) -> Line:
    line = rule.key_line(key) if key else None
    if line is None:
        line = rule.statements[0].line if rule.statements else 1
    return Line(rule.path, line, rule.description)
