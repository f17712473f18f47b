"""The context budget: memory, the always rules, AGENTS.md and the rules catalogue share at most `share` of
the context window. When they do not fit, three steps apply in order, each only while still over:
1. the catalogue shrinks to names; 2. the folder's always rules are fetched on demand (largest first, only as
many as needed), each then costing a catalogue name line; 3. AGENTS.md is shortened from the end, by whole
lines, and the report says by how much. Memory always stays whole; the user's own always rules are never moved.
Pure: it takes parsed models and returns a report."""
from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from rules_engine.models import Document, Memory, Rule, Skill
from rules_engine.tokens import estimate


@dataclass(frozen=True)
class Part:
    path: str
    part: str  # memory | always_rules | agents_md | catalogue
    tokens: int
    project: bool = True


@dataclass(frozen=True)
class Step:
    step: str  # catalogue-names | rules-on-demand | agents-md-shortened
    tokens_saved: int
    message: str
    paths: tuple[str, ...] = ()


@dataclass
class Report:
    context_window: int
    share: float
    limit: int
    before: dict[str, int]
    after: dict[str, int]
    files: list[Part]
    steps: list[Step] = field(default_factory=list)
    on_demand: list[str] = field(default_factory=list)  # always rules moved out of the prompt
    agents_lines_kept: tuple[int, int] | None = None  # (kept, of) when AGENTS.md was shortened
    memory_over: bool = False

    @property
    def total_before(self) -> int:
        return sum(self.before.values())

    @property
    def total_after(self) -> int:
        return sum(self.after.values())

    @property
    def fits(self) -> bool:
        return not self.memory_over and self.total_after <= self.limit


def catalogue_line(name: str, description: str | None) -> str:
    return f"- {name}: {description}\n" if description else f"- {name}\n"


def plan(
    memories: Sequence[Memory],
    rules: Sequence[tuple[Rule, bool]],  # (rule, is the folder's own)
    skills: Sequence[Skill],
    agents_md: Document | None,
    context_window: int,
    share: float,
) -> Report:
    limit = int(context_window * share)
    files: list[Part] = [Part(m.path, "memory", estimate(m.text), not m.path.startswith("~")) for m in memories]
    always = [(r, own) for r, own in rules if r.always]
    files += [Part(r.path, "always_rules", estimate(r.body), own) for r, own in always]
    listed = [(r.path, r.name, r.description, own) for r, own in rules if not r.always]
    listed += [(s.path, s.name, s.description, not s.path.startswith("~")) for s in skills]
    full = {path: estimate(catalogue_line(name, desc)) for path, name, desc, _ in listed}
    names = {path: estimate(catalogue_line(name, None)) for path, name, _, _ in listed}
    files += [Part(path, "catalogue", full[path], own) for path, _, _, own in listed]
    agents = estimate(agents_md.text) if agents_md else 0
    if agents_md:
        files.append(Part(agents_md.path, "agents_md", agents))
    parts = {
        "memory": sum(p.tokens for p in files if p.part == "memory"),
        "always_rules": sum(p.tokens for p in files if p.part == "always_rules"),
        "agents_md": agents,
        "catalogue": sum(full.values()),
    }
    report = Report(context_window, share, limit, dict(parts), parts, files)
    report.memory_over = parts["memory"] > limit

    def over() -> int:
        return sum(parts.values()) - limit

    if over() > 0 and full:
        saved = parts["catalogue"] - sum(names.values())
        parts["catalogue"] -= saved
        report.steps.append(Step("catalogue-names", saved, f"the catalogue shrank to names ({saved} tokens saved)"))
    if over() > 0:
        moved: list[str] = []
        saved = 0
        for rule, own in sorted(always, key=lambda ro: (-estimate(ro[0].body), ro[0].path)):
            if not own or over() <= 0:
                continue
            cost = estimate(rule.body)
            line = estimate(catalogue_line(rule.name, None))
            parts["always_rules"] -= cost
            parts["catalogue"] += line
            saved += cost - line
            moved.append(rule.path)
        if moved:
            report.on_demand = moved
            own_count = sum(1 for _, own in always if own)
            report.steps.append(Step("rules-on-demand", saved, f"the folder's always rules are fetched on demand: "
                                     f"{len(moved)} of {own_count} ({saved} tokens saved)", tuple(moved)))
    if over() > 0 and agents_md and agents:
        cut = min(over(), agents)
        kept, total = _keep_lines(agents_md.text, agents - cut)
        parts["agents_md"] = estimate("".join(agents_md.text.splitlines(keepends=True)[:kept]))
        saved = agents - parts["agents_md"]
        percent = round(100 * saved / agents)
        report.agents_lines_kept = (kept, total)
        report.steps.append(Step("agents-md-shortened", saved, f"{agents_md.path} shortened by {saved} tokens "
                                 f"({percent} %): the first {kept} of {total} lines are kept", (agents_md.path,)))
    return report


def _keep_lines(text: str, allowed: int) -> tuple[int, int]:
    lines = text.splitlines(keepends=True)
    used = 0
    for index, line in enumerate(lines):
        used += estimate(line)
        if used > allowed:
            return index, len(lines)
    return len(lines), len(lines)
