"""Decisions taken while a guarded command ran do not judge it. A `kguard keep` (or snapshot, undo, adopt,
or a `kguard run --on-change keep`) recorded after the command began may be the command's own, run from a
process that left its tree (`setsid -f`), deleted the run markers and cleared its environment: to kguard
such a process looks like the user in another terminal. Guarded commands in one root do not decide while
another runs (the last to end decides), so no legitimate run decides during the command either. The
guarding `kguard run` therefore takes the baseline back to what it was before each such decision, except
one the user confirmed on the guarding terminal, and the decided files are judged with the command's
other changes (a card; held by default). What the decision accepted stays in the journal."""
from __future__ import annotations

from guard.engine import Guard
from guard.state import JournalEntry

# journal actions that move the baseline to what is on disk (or to a held-back content)
BASELINE_ACTIONS = frozenset({"keep", "snapshot", "undo", "adopt", "approve", "edit", "remove", "uninstall"})
CONFIRMED = "confirmed by the user on the terminal"  # in the note of a decision the user answered for


def undo_decisions_since(guard: Guard, began: float) -> list[JournalEntry]:
    """Put the baseline back as it was before every decision recorded since `began` (a time.time())."""
    undone = []
    for root in guard.roots:
        for entry in root.state.journal:  # newest first: the oldest decision's `before` is applied last
            if entry.time < began:
                break
            if entry.action not in BASELINE_ACTIONS or CONFIRMED in entry.note:
                continue
            for change in entry.changes:
                if change.before is None:
                    root.state.baseline.pop(change.rel, None)
                else:
                    root.state.baseline[change.rel] = change.before
            root.dirty = True
            undone.append(entry)
    return undone


def confirm(guard: Guard, entries: list[JournalEntry]) -> None:
    """Note on `entries` that the user confirmed them on the guarding terminal (they then stand)."""
    ids = {e.id for e in entries}
    for root in guard.roots:
        for i, entry in enumerate(root.state.journal):
            if entry.id in ids:
                note = f"{entry.note}; {CONFIRMED}" if entry.note else CONFIRMED
                root.state.journal[i] = entry.model_copy(update={"note": note})
                root.dirty = True
