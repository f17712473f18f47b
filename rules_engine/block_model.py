"""The records of a parsed managed block: the block, its promoted rules and its problems."""
from __future__ import annotations

import re
from dataclasses import dataclass

from rules_engine.errors import KguardError

SUB_LABEL = "promoted rules (managed)"
ID_RE = re.compile(r"[A-Za-z0-9_][A-Za-z0-9._@+-]*\Z")
BLOCKING = ("BLK004", "BLK005")  # broken markers or a duplicated rule: no edit can be placed safely


class BlockError(KguardError):
    """The block cannot be edited as asked (broken markers, unknown rule, bad text)."""


@dataclass(frozen=True)
class Problem:
    code: str  # BLK003 trailer, BLK004 markers, BLK005 duplicate rule
    line: int  # 1-based
    message: str
    rule: str = ""


@dataclass(frozen=True)
class PromotedRule:
    id: str
    text: str  # the rule's lines without bullet, indentation and trailer, joined by "\n"
    src: str
    conf: float
    line: int  # 1-based first line (the bullet)
    end_line: int  # 1-based last line (the one with the trailer)


@dataclass(frozen=True)
class Block:
    prefix: str
    start: int | None  # 0-based line indices
    end: int | None
    sub: int | None
    sub_end: int  # index of the first line after the sub-block (its next marker)
    rules: tuple[PromotedRule, ...]
    problems: tuple[Problem, ...]
    line_count: int  # non-blank lines of the sub-block below its marker: what max_lines counts

    @property
    def broken(self) -> bool:
        return any(p.code == "BLK004" for p in self.problems)

    def rule(self, rule_id: str) -> PromotedRule | None:
        return next((r for r in self.rules if r.id == rule_id), None)

    def blocking_problem(self) -> Problem | None:
        """The first problem that has to be fixed by hand before the block may be rewritten."""
        return next((p for p in self.problems if p.code in BLOCKING), None)
