"""Score and decay: rank the candidates (confidence x breadth x recency of use), pick what `rules recommend`
lists and which promoted rule to drop first, flag stale rules. Nothing here ever removes a rule."""
from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, replace
from datetime import date

from rules_engine.block_model import PromotedRule
from rules_engine.models import Rule
from rules_engine.promotion_criteria import Test, breadth_of, compact, durable, imperative, normalise, rule_lines
from rules_engine.settings import PromotionSettings

UNKNOWN_RECENCY = 0.5  # no `last_used` recorded: neither fresh nor decayed


@dataclass(frozen=True)
class Candidate:
    id: str
    text: str  # the one or two lines that would go into the block
    source: str  # display path of the rules file or page
    confidence: float | None
    sessions: int | None
    last_used: date | None
    breadth: float
    recency: float
    score: float
    tests: tuple[Test, ...]

    @property
    def eligible(self) -> bool:
        return all(t.passed for t in self.tests)

    @property
    def why(self) -> str:
        return "; ".join(t.reason for t in self.tests)


def recency(last_used: date | None, today: date, half_life_days: int) -> float:
    if last_used is None:
        return UNKNOWN_RECENCY
    days = max(0, (today - last_used).days)
    return 0.5 ** (days / half_life_days)


def is_stale(last_used: date | None, today: date, settings: PromotionSettings) -> bool:
    return last_used is not None and (today - last_used).days > settings.stale_days


def evaluate(rule: Rule, rules: Sequence[Rule], settings: PromotionSettings, today: date,
             index: tuple[set[str], dict[str, list[str]]] | None = None) -> Candidate:
    """`index` (from contradiction_index) saves evaluate_all from reading every rule once per rule."""
    lines = rule_lines(rule)
    breadth, broad = breadth_of(rule)
    live, contradicted_by = index or contradiction_index(rules)
    against = [name for name in contradicted_by.get(rule.name, ()) if name != rule.name]
    own = replace(rule, contradicts=tuple(n for n in rule.contradicts if n in live))
    tests = (broad, imperative(lines), durable(own, settings, against), compact(lines))
    rec = recency(rule.last_used, today, settings.half_life_days)
    score = round((rule.confidence or 0.0) * breadth * rec, 4)
    return Candidate(rule.name, "\n".join(lines[:2]), rule.path, rule.confidence, rule.sessions, rule.last_used,
                     breadth, round(rec, 4), score, tests)


def contradiction_index(rules: Sequence[Rule]) -> tuple[set[str], dict[str, list[str]]]:
    """The names of the rules, and for each name the rules that say they contradict it (in file order)."""
    contradicted_by: dict[str, list[str]] = {}
    for other in rules:
        for name in dict.fromkeys(other.contradicts):
            contradicted_by.setdefault(name, []).append(other.name)
    return {r.name for r in rules}, contradicted_by


def evaluate_all(rules: Sequence[Rule], settings: PromotionSettings, today: date) -> list[Candidate]:
    """Every rule evaluated, best first (eligible before not, then by score, then by id)."""
    index = contradiction_index(rules)
    found = [evaluate(rule, rules, settings, today, index) for rule in rules]
    return sorted(found, key=lambda c: (not c.eligible, -c.score, c.id))


def recommend(candidates: Sequence[Candidate], promoted: Iterable[str], settings: PromotionSettings,
              show_all: bool = False) -> list[Candidate]:
    """What `rules recommend` lists: eligible rules not yet promoted, top N; with show_all, every rule not
    yet promoted (the ineligible ones with the reason they failed)."""
    done = set(promoted)
    todo = [c for c in candidates if c.id not in done]
    return todo if show_all else [c for c in todo if c.eligible][: settings.top]


def lowest_promoted(block_rules: Sequence[PromotedRule], candidates: Sequence[Candidate]) -> PromotedRule | None:
    """The promoted rule to suggest dropping first: the lowest score (a rule whose source is gone scores 0)."""
    scores = {c.id: c.score for c in candidates}
    if not block_rules:
        return None
    return min(block_rules, key=lambda r: (scores.get(r.id, 0.0), r.line))


def drifted(promoted: PromotedRule, candidate: Candidate) -> bool:
    return normalise(promoted.text) != normalise(candidate.text)
