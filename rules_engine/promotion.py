"""Which rules may be promoted into the managed AGENTS.md block, and how they rank.

A candidate must pass four tests (each reported with its reason): broad (always-on or applying across several
paths), imperative and falsifiable (says do X / never Y), durable and confident (confidence and sessions high
enough, no open `contradicts`), compact (one or two lines). Score = confidence x breadth x recency of use; it
only ranks and suggests what to drop. Decay lowers the rank and can flag a promoted rule stale; nothing here
ever removes a rule. Pure functions over parsed rules: no I/O."""
from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, replace
from datetime import date

from rules_engine.block import Block, PromotedRule
from rules_engine.models import Rule
from rules_engine.settings import PromotionSettings

MAX_LINE_CHARS = 200
UNKNOWN_RECENCY = 0.5  # no `last_used` recorded: neither fresh nor decayed
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
BULLET = re.compile(r"^\s*(?:[-*+]|\d{1,3}[.)])\s+")


@dataclass(frozen=True)
class Test:
    name: str  # broad | imperative | durable | compact
    passed: bool
    reason: str


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


def rule_lines(rule: Rule) -> list[str]:
    """The rule as it would read in the block: the body's non-blank lines (bullets taken off), or the
    description when the body is empty."""
    lines = [BULLET.sub("", line).strip() for line in rule.body.split("\n") if line.strip()]
    lines = [line for line in lines if not (line.startswith("<!--") and line.endswith("-->"))]
    return lines or [rule.description.strip()]


def normalise(text: str) -> str:
    return " ".join(text.split()).casefold()


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
    if first in IMPERATIVE_VERBS or any(re.search(rf"(^|\W){re.escape(m.strip())}\b", low)
                                        for m in IMPERATIVE_MARKERS):
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


def recency(last_used: date | None, today: date, half_life_days: int) -> float:
    if last_used is None:
        return UNKNOWN_RECENCY
    days = max(0, (today - last_used).days)
    return 0.5 ** (days / half_life_days)


def is_stale(last_used: date | None, today: date, settings: PromotionSettings) -> bool:
    return last_used is not None and (today - last_used).days > settings.stale_days


def evaluate(rule: Rule, rules: Sequence[Rule], settings: PromotionSettings, today: date) -> Candidate:
    lines = rule_lines(rule)
    breadth, broad = breadth_of(rule)
    live = {r.name for r in rules}
    against = [r.name for r in rules if rule.name in r.contradicts and r.name != rule.name]
    own = replace(rule, contradicts=tuple(n for n in rule.contradicts if n in live))
    tests = (broad, imperative(lines), durable(own, settings, against), compact(lines))
    rec = recency(rule.last_used, today, settings.half_life_days)
    score = round((rule.confidence or 0.0) * breadth * rec, 4)
    return Candidate(rule.name, "\n".join(lines[:2]), rule.path, rule.confidence, rule.sessions, rule.last_used,
                     breadth, round(rec, 4), score, tests)


def evaluate_all(rules: Sequence[Rule], settings: PromotionSettings, today: date) -> list[Candidate]:
    """Every rule evaluated, best first (eligible before not, then by score, then by id)."""
    found = [evaluate(rule, rules, settings, today) for rule in rules]
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


# --- the audit behind `kguard check` -------------------------------------------------------------------

CHECKS: dict[str, tuple[str, str, str]] = {
    # id: (name, severity, what it means)
    "BLK001": ("too-many-promoted-rules", "error", "the promoted-rules sub-block holds more rules than max_promoted"),
    "BLK002": ("too-many-block-lines", "error", "the sub-block holds more non-blank lines than max_lines"),
    "BLK003": ("missing-provenance-trailer", "error",
               "a promoted rule lost its '<!-- rule: ID; src: PATH; conf: N -->' trailer, or it is malformed, "
               "or a line in the sub-block is not a rule bullet"),
    "BLK004": ("broken-block-markers", "error", "start/end markers unbalanced, nested or duplicated, or the "
               "sub-block marker outside the block"),
    "BLK005": ("duplicate-promoted-rule", "error", "the same rule id is promoted twice"),
    "BLK101": ("promoted-source-missing", "warning", "the trailer's source rules file no longer exists"),
    "BLK102": ("promoted-confidence-low", "warning", "the rule's confidence is under min_confidence"),
    "BLK103": ("promoted-text-drift", "warning", "the promoted text no longer matches its source rule"),
    "BLK104": ("double-loaded-rules", "warning", "the same promoted rules sit in AGENTS.md and CLAUDE.md, "
               "so a tool that reads both loads them twice"),
    "BLK105": ("promoted-rule-stale", "info", "a promoted rule has not been used for stale_days; consider "
               "`kguard rules remove ID` (nothing is removed automatically)"),
}


@dataclass(frozen=True)
class Issue:
    code: str
    line: int
    message: str
    rule: str = ""

    @property
    def name(self) -> str:
        return CHECKS[self.code][0]

    @property
    def severity(self) -> str:
        return CHECKS[self.code][1]


def audit(block: Block, path: str, sources: dict[str, Rule], source_exists: set[str],
          settings: PromotionSettings, today: date) -> list[Issue]:
    """Everything `kguard check` reports about one file's managed block (messages without path and line:
the finding carries them). `sources` maps the
    parsed rules files by display path; `source_exists` holds the display paths that exist."""
    issues = [Issue(p.code, p.line, p.message, p.rule) for p in block.problems]
    if block.sub is None:
        return issues
    marker = block.sub + 1
    if len(block.rules) > settings.max_promoted:
        over = block.rules[settings.max_promoted]
        issues.append(Issue("BLK001", over.line, f"{len(block.rules)} promoted rules, over "
                            f"max_promoted = {settings.max_promoted} (from rule '{over.id}' on)", over.id))
    if block.line_count > settings.max_lines:
        issues.append(Issue("BLK002", marker, f"the promoted-rules block of {path} has {block.line_count} "
                            f"lines, over max_lines = {settings.max_lines}"))
    for rule in block.rules:
        where = f"rule '{rule.id}'"
        source = sources.get(rule.src)
        if rule.src not in source_exists:
            issues.append(Issue("BLK101", rule.end_line, f"{where}: its source {rule.src} no longer exists", rule.id))
            continue
        conf = source.confidence if source is not None and source.confidence is not None else rule.conf
        if conf < settings.min_confidence:
            issues.append(Issue("BLK102", rule.end_line, f"{where}: confidence {conf:.2f} is under min_confidence "
                                f"{settings.min_confidence:.2f}", rule.id))
        if source is not None and normalise(rule.text) != normalise("\n".join(rule_lines(source)[:2])):
            fix = ("`kguard rules edit` sets both" if rule.src.startswith(".agents/rules/")
                   else "make the page and the block say the same")
            issues.append(Issue("BLK103", rule.line, f"{where}: the text no longer matches {rule.src} ({fix})",
                                rule.id))
        if source is not None and is_stale(source.last_used, today, settings):
            issues.append(Issue("BLK105", rule.line, f"{where}: last used {source.last_used}, over stale_days = "
                                f"{settings.stale_days}", rule.id))
    return issues


def double_loading(agents: Block, other: Block, other_path: str) -> list[Issue]:
    """BLK104 when CLAUDE.md (or another file a tool reads beside AGENTS.md) repeats promoted rules."""
    shared = [r for r in other.rules if agents.rule(r.id) is not None]
    if not shared:
        return []
    first = shared[0]
    names = ", ".join(r.id for r in shared)
    return [Issue("BLK104", first.line, f"promoted rules of {other_path} also in AGENTS.md ({names}); "
                  "a tool reading both loads them twice: keep one block (a CLAUDE.md can just say @AGENTS.md)",
                  first.id)]


def rewrite_source(text: str, rule: Rule, lines: Sequence[str]) -> str:
    """The rules file with its rule text replaced by `lines`: frontmatter, blank lines around the body and
    line endings kept. Only for a compact body (one or two non-blank lines)."""
    from rules_engine.block import BOM, content, detect_newline, ending, split_lines

    bom = BOM if text.startswith(BOM) else ""
    all_lines = split_lines(text[len(bom):])
    head, body = all_lines[: rule.body_line - 1], all_lines[rule.body_line - 1:]
    filled = [i for i, line in enumerate(body) if content(line).strip()]
    if not filled or len(filled) > 2:
        raise ValueError("not a compact body")
    first, last = filled[0], filled[-1]
    newline = ending(body[first]) or detect_newline(text)
    bullet = BULLET.match(content(body[first]))
    marker = bullet.group(0) if bullet else ""
    new = [f"{marker if i == 0 else ' ' * len(marker)}{line}{newline}" for i, line in enumerate(lines)]
    if not ending(body[last]):
        new[-1] = new[-1][: -len(newline)]
    return bom + "".join(head + body[:first] + new + body[last + 1:])
