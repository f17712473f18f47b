"""What a change does to the managed block of AGENTS.md: rules promoted, removed or reworded, provenance
trailers added or lost, and the cap before and after."""
from __future__ import annotations

from dataclasses import dataclass

from rules_engine.block import Block, parse
from rules_engine.settings import PromotionSettings


@dataclass(frozen=True)
class Side:
    rules: int
    lines: int
    missing_trailers: int  # BLK003: bullets without (or with a malformed) provenance trailer

    @classmethod
    def of(cls, block: Block) -> Side:
        return cls(len(block.rules), block.line_count, sum(p.code == "BLK003" for p in block.problems))


@dataclass(frozen=True)
class BlockDelta:
    path: str
    promoted: tuple[str, ...]
    removed: tuple[str, ...]
    reworded: tuple[str, ...]
    before: Side
    after: Side
    max_rules: int
    max_lines: int
    problems: tuple[str, ...]  # the head's trailer problems, as "line N: message"

    @property
    def trailers_lost(self) -> int:
        return max(0, self.after.missing_trailers - self.before.missing_trailers)

    @property
    def trailers_added(self) -> int:
        return max(0, self.before.missing_trailers - self.after.missing_trailers)

    @property
    def over_cap(self) -> bool:
        """Over a cap at HEAD, and further over than at BASE (a change that shrinks a full block passes)."""
        after, before = self.after, self.before
        return ((after.rules > self.max_rules and after.rules > before.rules)
                or (after.lines > self.max_lines and after.lines > before.lines))

    @property
    def changed(self) -> bool:
        return bool(self.promoted or self.removed or self.reworded or self.before != self.after)


def block_delta(path: str, old: str | None, new: str | None, settings: PromotionSettings) -> BlockDelta | None:
    """None when neither side has a managed block."""
    before = parse(old or "", settings.marker_prefix)
    after = parse(new or "", settings.marker_prefix)
    if before.start is None and after.start is None:
        return None
    old_rules = {r.id: r for r in before.rules}
    new_rules = {r.id: r for r in after.rules}
    return BlockDelta(
        path,
        tuple(sorted(set(new_rules) - set(old_rules))),
        tuple(sorted(set(old_rules) - set(new_rules))),
        tuple(sorted(i for i in set(old_rules) & set(new_rules) if old_rules[i].text != new_rules[i].text)),
        Side.of(before), Side.of(after), settings.max_promoted, settings.max_lines,
        tuple(f"line {p.line}: {p.message}" for p in after.problems if p.code == "BLK003"),
    )
