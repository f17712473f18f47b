"""The four tests a rule must pass to be promoted (broad, imperative, durable, compact), each with its reason,
and the rule's text as it would read in the block. Pure functions over parsed rules."""
from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from rules_engine.models import Rule
from rules_engine.settings import PromotionSettings

MAX_LINE_CHARS = 200
IMPERATIVE_MARKERS = ("always", "never", "must", "must not", "do not", "don't", "dont", "only", "avoid",
                      "prefer", "should", "shall", "no ", "every", "all ", "keep", "make sure", "ensure")
IMPERATIVE_VERBS = frozenset(
    "use run write read keep put call add avoid prefer never always do don't make check commit push pull test "
    "format lint name prefix store send return raise log validate quote escape pin lock sort follow ask "
    "document update remove delete create import export wrap handle mark set give treat go route".split()
)
NARRATIVE = re.compile(r"\b(we|i) (discussed|decided|chose|talked|tried|found|noticed)\b|\b(yesterday|last "
                       r"(week|month|year)|in (january|february|march|april|may|june|july|august|september|"
                       r"october|november|december))\b", re.IGNORECASE)
# one search for all markers (a marker's own spaces at its ends do not count: "no " is the word "no")
MARKED = re.compile(r"(^|\W)(?:" + "|".join(re.escape(m.strip()) for m in IMPERATIVE_MARKERS) + r")\b")
BULLET = re.compile(r"^\s*(?:[-*+]|\d{1,3}[.)])\s+")


@dataclass(frozen=True)
class Test:
    name: str  # broad | imperative | durable | compact
    passed: bool
    reason: str


def rule_lines(rule: Rule) -> list[str]:
    """The rule as it would read in the block: the body's non-blank lines (bullets taken off), or the
    description when the body is empty."""
    lines = [BULLET.sub("", line).strip() for line in rule.body.split("\n") if line.strip()]
    lines = [line for line in lines if not (line.startswith("<!--") and line.endswith("-->"))]
    return lines or [rule.description.strip()]


def normalise(text: str) -> str:
    return " ".join(text.split()).casefold()


def promoted_text(rule: Rule) -> str:
    """What the block should say for this rule: its first two lines."""
    return "\n".join(rule_lines(rule)[:2])


def text_drifted(text: str, source: Rule) -> bool:
    """True when a promoted text no longer says what its source rule says (whitespace and case aside)."""
    return normalise(text) != normalise(promoted_text(source))


def breadth_of(rule: Rule) -> tuple[float, Test]:
    if rule.always:
        return 1.0, Test("broad", True, "broad: always-on")
    wide = [g for g in rule.globs if g.startswith("**") or g in ("*", "**")]
    if len(rule.globs) >= 2 or wide:
        value = 1.0 if wide else min(1.0, 0.4 + 0.2 * len(rule.globs))
        return value, Test("broad", True, f"broad: applies across {len(rule.globs)} path pattern(s) "
                                           f"({', '.join(rule.globs[:3])})")
    if rule.globs:
        return 0.4, Test("broad", False, f"not broad: applies only to {rule.globs[0]}")
    return 0.3, Test("broad", False, "not broad: fetched only when its description applies (not always-on)")


def imperative(lines: Sequence[str]) -> Test:
    text = " ".join(lines)
    low = text.casefold()
    if NARRATIVE.search(text):
        return Test("imperative", False, "not imperative: reads like an episode or a decision's history")
    first = re.split(r"[\s,:;.]+", low.strip(), maxsplit=1)[0] if low.strip() else ""
    if first in IMPERATIVE_VERBS or MARKED.search(low):
        return Test("imperative", True, "imperative: says what to do or never do")
    return Test("imperative", False, "not imperative: no do/never/must wording a violation could be caught by")


def durable(rule: Rule, settings: PromotionSettings, contradicted_by: Iterable[str]) -> Test:
    against = sorted(set(rule.contradicts) | set(contradicted_by))
    if rule.confidence is None:
        return Test("durable", False, "not durable: no confidence recorded")
    if rule.confidence < settings.min_confidence:
        return Test("durable", False, f"not durable: confidence {rule.confidence:.2f} < min_confidence "
                                      f"{settings.min_confidence:.2f}")
    if (rule.sessions or 0) < settings.min_sessions:
        return Test("durable", False, f"not durable: {rule.sessions or 0} session(s) < min_sessions "
                                      f"{settings.min_sessions}")
    if against:
        return Test("durable", False, f"not durable: open contradiction with {', '.join(against)}")
    return Test("durable", True, f"durable: confidence {rule.confidence:.2f}, {rule.sessions} sessions, "
                                 "no contradiction")


def compact(lines: Sequence[str]) -> Test:
    if len(lines) > 2:
        return Test("compact", False, f"not compact: {len(lines)} lines (a promoted rule is one or two)")
    longest = max(len(line) for line in lines)
    if longest > MAX_LINE_CHARS:
        return Test("compact", False, f"not compact: a line of {longest} characters (at most {MAX_LINE_CHARS})")
    return Test("compact", True, f"compact: {len(lines)} line(s)")
