"""Which rules may be promoted into the managed AGENTS.md block, and how they rank.

A candidate must pass four tests (each reported with its reason): broad (always-on or applying across several
paths), imperative and falsifiable (says do X / never Y), durable and confident (confidence and sessions high
enough, no open `contradicts`), compact (one or two lines). Score = confidence x breadth x recency of use; it
only ranks and suggests what to drop. Decay lowers the rank and can flag a promoted rule stale; nothing here
ever removes a rule. Pure functions over parsed rules: no I/O.

This module gathers the public names: promotion_criteria (the four tests), promotion_rank (score, decay,
recommendations), promotion_audit (the BLK checks of `kguard check`), promotion_rewrite (rewording a rules file)."""
from __future__ import annotations

from rules_engine.block_model import Block, PromotedRule
from rules_engine.models import Rule
from rules_engine.promotion_audit import CHECKS, Issue, audit, double_loading
from rules_engine.promotion_criteria import (
    BULLET, IMPERATIVE_MARKERS, IMPERATIVE_VERBS, MAX_LINE_CHARS, NARRATIVE, Test, breadth_of, compact, durable,
    imperative, normalise, promoted_text, rule_lines, text_drifted,
)
from rules_engine.promotion_rank import (
    UNKNOWN_RECENCY, Candidate, drifted, evaluate, evaluate_all, is_stale, lowest_promoted, recency, recommend,
)
from rules_engine.promotion_rewrite import rewrite_source
from rules_engine.settings import PromotionSettings

__all__ = [
    "BULLET", "CHECKS", "IMPERATIVE_MARKERS", "IMPERATIVE_VERBS", "MAX_LINE_CHARS", "NARRATIVE", "UNKNOWN_RECENCY",
    "Block", "Candidate", "Issue", "PromotedRule", "PromotionSettings", "Rule", "Test",
    "audit", "breadth_of", "compact", "double_loading", "drifted", "durable", "evaluate", "evaluate_all",
    "imperative", "is_stale", "lowest_promoted", "normalise", "promoted_text", "recency", "recommend",
    "rewrite_source", "rule_lines", "text_drifted",
]
