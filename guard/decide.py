"""Decisions on changes: keep, reset, undo, and what a run does with changes it finds before its command."""
from __future__ import annotations

import os
from collections.abc import Iterable

from guard import runs
from guard.engine import Change, Guard, Root
from guard.merge import fold
from guard.state import Entry, FileChange, JournalEntry, Pending, change_kind
from rules_engine.errors import KguardError, Refused


def keep(guard: Guard, paths: Iterable[str] | None = None) -> list[JournalEntry]:
    """Accept: held-back content comes back and becomes the baseline (several held-back versions of one
    file are merged, none dropped); other changes on disk become the baseline as they are."""
    wanted = guard.resolve_paths(paths)
    handled: set[str] = set()
    entries: list[JournalEntry] = []
    on_disk = guard.changes(paths)
    for root in guard.roots:
        held: dict[str, list[Pending]] = {}
        for item in root.state.pending:
            if wanted is None or f"{root.scope}:{item.rel}" in wanted:
                held.setdefault(item.rel, []).append(item)
        for rel, items in sorted(held.items()):
            handled.add(f"{root.scope}:{rel}")
            try:
                content = fold(root.store, [(_held_over(root, item), item.content) for item in items])
                if content is not None:
                    root.store.read_blob(content.oid)
            except KguardError as exc:
                guard.warn(f"{root.display(rel)}: held-back content of entry {items[-1].entry} cannot be brought "
                           f"back ({exc.message}); `kguard reset {root.display(rel)}` drops it")
                continue
            now = root.observed.get(rel)
            before = None
            if now is not None:
                before = guard.store_content(Change(root, rel, "modified", None, now))
            kind = change_kind(before, content) or "modified"
            note = "held back by " + ", ".join(item.entry for item in items)
            entries.append(guard.record(root, "keep", [FileChange(rel=rel, kind=kind, before=before,
                                                                  after=content)], "after", note=note))
            if content is None:
                root.state.baseline.pop(rel, None)
            else:
                root.state.baseline[rel] = content
            root.state.pending = [p for p in root.state.pending if p.rel != rel]
            guard.restore(root, rel, content)
    rest = [c for c in on_disk if c.key not in handled]
    entries += guard.snapshot("keep", changes=rest)
    clear_unfinished(guard)
    guard.rules_ns = 0  # the user accepts git's ignore rules as they are now, too
    return entries


def _held_over(root: Root, item: Pending) -> Entry | None:
    """The baseline the held-back content was written over (from the entry that held it back)."""
    for entry in root.state.journal:
        if entry.id == item.entry:
            for change in entry.changes:
                if change.rel == item.rel:
                    return change.before
    return root.state.baseline.get(item.rel)


def reset(guard: Guard, paths: Iterable[str] | None = None) -> tuple[list[JournalEntry], int]:
    """Put the baseline back for changes on disk; drop held-back content (it stays in the journal).
    Returns the journal entries and how many held-back items were dropped."""
    wanted = guard.resolve_paths(paths)
    entries = guard.roll_back(guard.changes(paths), "reset")
    dropped = 0
    for root in guard.roots:
        keep_these = [p for p in root.state.pending
                      if not (wanted is None or f"{root.scope}:{p.rel}" in wanted)]
        dropped += len(root.state.pending) - len(keep_these)
        if dropped:
            root.state.pending = keep_these
            root.dirty = True
    clear_unfinished(guard)
    return entries, dropped


MIN_ID = 4  # a shorter prefix could name an entry nobody meant (an empty one names every entry)


def find_entry(guard: Guard, entry_id: str) -> tuple[Root, JournalEntry]:
    if len(entry_id) < MIN_ID or not all(ch in "0123456789abcdef" for ch in entry_id.lower()):
        raise KguardError(f"'{entry_id}' is not a journal entry ID: give at least {MIN_ID} of its hex digits "
                          "(`kguard log` lists them)")
    entry_id = entry_id.lower()
    matches = [(root, e) for root, e in guard.journal() if e.id.startswith(entry_id)]
    if not matches:
        raise KguardError(f"no journal entry '{entry_id}' (`kguard log` lists them)")
    if len(matches) > 1:
        raise KguardError(f"'{entry_id}' names {len(matches)} journal entries; give more characters")
    return matches[0]


def undo(guard: Guard, entry_id: str) -> JournalEntry:
    root, entry = find_entry(guard, entry_id)
    for change in entry.changes:
        expected = change.after if entry.left == "after" else change.before
        now = root.observed.get(change.rel)
        now_entry = None if now is None else Entry(oid=now.oid, mode=now.mode)
        if now_entry != expected:
            raise Refused(f"changed since entry {entry.id} ({entry.action}): {_what_changed(guard, root, entry, change.rel)}"
                          "; undo refused, nothing was changed", root.display(change.rel))
    records = []
    for change in entry.changes:
        expected = change.after if entry.left == "after" else change.before
        target = change.before if entry.left == "after" else change.after
        guard.restore(root, change.rel, target)
        if target is None:
            root.state.baseline.pop(change.rel, None)
        else:
            root.state.baseline[change.rel] = target
        records.append(FileChange(rel=change.rel, kind=change_kind(expected, target) or "modified",
                                  before=expected, after=target))
    root.state.pending = [p for p in root.state.pending if p.entry != entry.id]
    return guard.record(root, "undo", records, "after", note=f"undo of {entry.id} ({entry.action})")


def _what_changed(guard: Guard, root: Root, entry: JournalEntry, rel: str) -> str:
    for later in root.state.journal:
        if later.id == entry.id:
            break
        if any(c.rel == rel for c in later.changes):
            return f"entry {later.id} ({later.action}) changed it later"
    return "it was edited outside kguard after that"


# Filesystem timestamps come from a coarse clock; a file the command made in its first moments may carry a
# ctime a few ms before the command's start. Only files older than this are taken as made before it.
CTIME_MARGIN_NS = 200_000_000


def added_before(changes: list[Change], started_ns: int) -> list[Change]:
    """Added files whose inode change time (which no process can set back) predates the command."""
    earlier = []
    for change in changes:
        if change.kind != "added":
            continue
        try:
            ctime = os.lstat(change.root.path(change.rel)).st_ctime_ns
        except OSError:
            continue
        if ctime < started_ns - CTIME_MARGIN_NS:
            earlier.append(change)
    return earlier


def clear_unfinished(guard: Guard) -> None:
    """The changes of ended runs are decided: their markers go once that decision is saved."""
    for marker in runs.markers(guard.places.project_state):
        if not marker.alive:
            guard.finished_markers.append(marker.path)


def before_command(guard: Guard) -> tuple[list[Change], list[runs.RunMarker]]:
    """What a run does first. Changes made outside any run are taken as the baseline ("adopt", in the
    journal); changes of a run in flight are left to it; changes a killed run left behind are returned
    (with its markers) so the caller can decide them now."""
    changes = guard.changes()
    markers = runs.markers(guard.places.project_state)
    unfinished = [m for m in markers if not m.alive]
    if not changes:
        guard.finished_markers += [m.path for m in unfinished]
        if not guard.has_baseline():
            guard.snapshot()
        return [], []
    if any(m.alive for m in markers):
        return [], []  # left to the commands in flight: the last one to end decides
    if unfinished:
        return changes, unfinished
    if not guard.has_baseline():
        guard.snapshot()
    else:
        guard.snapshot("adopt", note="changed outside kguard; taken as the baseline before a command")
    return [], []
