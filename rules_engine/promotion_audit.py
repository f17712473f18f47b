"""The audit of a managed block behind `kguard check`: the BLK IDs, and the issues of one file's block against
its source rules files and the settings' caps."""
from __future__ import annotations

from dataclasses import dataclass
from datetime import date

from rules_engine.block_model import Block
from rules_engine.models import Rule
from rules_engine.promotion_criteria import text_drifted
from rules_engine.promotion_rank import is_stale
from rules_engine.settings import PromotionSettings

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
        if source is not None and text_drifted(rule.text, source):
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
