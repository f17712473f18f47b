"""Which applicable rule wins: what the user says in the chat, then the more specific condition, then the
newer entry. Ties keep a stable, documented order (by path). Pure: modification times come from the caller."""
from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from rules_engine.models import Rule


@dataclass(frozen=True)
class Applicable:
    name: str
    path: str  # "chat" for an instruction given in the chat
    text: str = ""
    from_chat: bool = False
    always: bool = False
    globs: tuple[str, ...] = ()
    modified: float = 0.0  # seconds since the epoch: when the entry was last written


def glob_specificity(glob: str) -> int:
    """Literal characters outside wildcards: `src/api/*.ts` (9) is more specific than `**/*.ts` (3)."""
    return sum(1 for part in glob.split("/") if part not in {"*", "**"} for ch in part if ch not in "*?[]{}")


def specificity(item: Applicable) -> tuple[int, int]:
    """(level, detail): 2 = a path condition (more literal characters win), 1 = a described condition
    (fetched when it applies), 0 = no condition at all (always on)."""
    if item.globs:
        return 2, max(glob_specificity(g) for g in item.globs)
    return (0, 0) if item.always else (1, 0)


def from_rule(rule: Rule, modified: float) -> Applicable:
    return Applicable(rule.name, rule.path, rule.description, False, rule.always, rule.globs, modified)


def from_chat(text: str) -> Applicable:
    return Applicable("chat", "chat", text, from_chat=True)


def order(items: Iterable[Applicable]) -> list[Applicable]:
    """Strongest first."""
    def key(item: Applicable) -> tuple[bool, int, int, float, str]:
        level, detail = specificity(item)
        return (not item.from_chat, -level, -detail, -item.modified, item.path)
    return sorted(items, key=key)
