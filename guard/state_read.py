"""Reading the guard's state as input, not as trusted data: whatever the guarded command (or a crash) did
to it, every part that validates is kept and every part that does not is named, never a traceback."""
from __future__ import annotations

from typing import Any

from pydantic import BaseModel, ValidationError

from guard.state import STATE_VERSION, Entry, JournalEntry, Pending, State, Todo

def _each(raw: object, model: type[BaseModel], what: str, problems: list[str]) -> list[Any]:
    if not isinstance(raw, list):
        if raw is not None:
            problems.append(f"{what}: not a list; ignored")
        return []
    kept = []
    for index, item in enumerate(raw):
        try:
            kept.append(model.model_validate(item))
        except ValidationError as exc:
            name = item.get("id") if isinstance(item, dict) and isinstance(item.get("id"), str) else f"#{index}"
            problems.append(f"{what} {name[:40]}: damaged ({exc.errors()[0]['msg']}); skipped")
    return kept


def parse_state(data: object) -> tuple[State, list[str], set[str]]:
    """The state in `data`, what was damaged in it, and the paths whose baseline entry was damaged (their
    baseline cannot be trusted). Raises ValueError only when `data` is not a state at all."""
    if not isinstance(data, dict):
        raise ValueError("not a JSON object")
    if data.get("version") != STATE_VERSION:
        raise ValueError(f"state version {data.get('version')!r} is not one this kguard reads ({STATE_VERSION})")
    problems: list[str] = []
    untrusted: set[str] = set()
    baseline: dict[str, Entry] = {}
    raw_baseline = data.get("baseline")
    if not isinstance(raw_baseline, dict):
        raise ValueError("the baseline is not a mapping")
    for rel, raw in raw_baseline.items():
        try:
            baseline[str(rel)] = Entry.model_validate(raw)
        except ValidationError:
            untrusted.add(str(rel))
            problems.append(f"baseline of {str(rel)[:200]}: damaged; the file is treated as changed")
    journal = _each(data.get("journal"), JournalEntry, "journal entry", problems)
    pending = _each(data.get("pending"), Pending, "held-back item", problems)
    todo = _each(data.get("todo"), Todo, "unfinished write", problems)
    return State(baseline=baseline, journal=journal, pending=pending, todo=todo), problems, untrusted
