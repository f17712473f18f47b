"""Decisions taken while a guarded command ran do not judge it. A `kguard keep` (or snapshot, undo, adopt)
that no guarded command owns and that was recorded after the command began may be the command's own, run
from a process that left its tree (`setsid -f`), deleted the run markers and cleared its environment: to
kguard such a process looks like the user in another terminal. So the guarding `kguard run` takes the
baseline back to what it was before each such decision, and the decided files are judged with the
command's other changes (a card; held by default). What the decision accepted stays in the journal."""
from __future__ import annotations

from guard.engine import Guard
from guard.state import JournalEntry

# journal actions that move the baseline to what is on disk (or to a held-back content)
BASELINE_ACTIONS = frozenset({"keep", "snapshot", "undo", "adopt", "approve", "edit", "remove", "uninstall"})


def undo_decisions_since(guard: Guard, began: float) -> list[JournalEntry]:
    """Put the baseline back as it was before every unowned decision recorded since `began` (a time.time())."""
    undone = []
    for root in guard.roots:
        for entry in root.state.journal:  # newest first: the oldest decision's `before` is applied last
            if entry.time < began:
                break
            if entry.command or entry.action not in BASELINE_ACTIONS:
                continue
            for change in entry.changes:
                if change.before is None:
                    root.state.baseline.pop(change.rel, None)
                else:
                    root.state.baseline[change.rel] = change.before
            root.dirty = True
            undone.append(entry)
    return undone
