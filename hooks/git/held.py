"""Held-back changes and git's own view of the files. A change git wrote and kguard held back leaves the work
tree at the snapshot while HEAD holds the new content: git sees the file as modified, a later commit would
revert the change without anyone deciding so, and after a held branch switch git refuses to switch back.
So: a held branch switch stages what kguard put back (git then carries it across the switch back, as it does
any staged change equal to the target); the pre-commit gate fails when the commit would revert a held-back
change, naming the two ways on (`kguard keep PATH`, or KGUARD_COMMIT_REVERT=PATH on the commit); `kguard
status` says why git sees the file as modified."""
from __future__ import annotations

import os
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

import pygit2

from guard.engine import Change
from guard.paths import Places
from guard.state import Entry, JournalEntry, State


@dataclass(frozen=True)
class Held:
    rel: str
    action: str  # the journal entry's action (hold)
    command: str  # what made the change ("git merge (or pull)", a Bash command)
    restored: Entry | None  # what kguard put back on disk
    content: Entry | None  # the held-back content


def stage_held(repo: pygit2.Repository, changes: Sequence[Change]) -> None:
    """Stage the restored content of held paths (only those now pending)."""
    pending = {p.rel for c in changes for p in c.root.state.pending}
    index = repo.index
    index.read()
    for change in changes:
        if change.rel not in pending:
            continue
        if change.root.path(change.rel).exists() or change.root.path(change.rel).is_symlink():
            index.add(change.rel)
        elif change.rel in index:
            index.remove(change.rel)
    index.write()


def reset_against_head(repo: pygit2.Repository, changes: Sequence[Change]) -> list[str]:
    """Paths a merge or rebase changed that were reset (not held: the gate would stop their revert) and now
    differ from HEAD: an ordinary `git commit -a` commits them as a revert, which the user chose, so it is said."""
    pending = {p.rel for c in changes for p in c.root.state.pending}
    found = []
    for change in changes:
        if change.rel in pending:
            continue
        try:
            flags = repo.status_file(change.rel)
        except (KeyError, pygit2.GitError):
            continue
        if flags & (pygit2.enums.FileStatus.WT_MODIFIED | pygit2.enums.FileStatus.WT_DELETED):  # what -a takes
            found.append(change.rel)
    return found


def held_items(state: State) -> list[Held]:
    entries: dict[str, JournalEntry] = {e.id: e for e in state.journal}
    found = []
    for item in state.pending:
        entry = entries.get(item.entry)
        record = next((c for c in entry.changes if c.rel == item.rel), None) if entry else None
        if entry is not None and record is not None:
            found.append(Held(item.rel, entry.action, entry.command, record.before, item.content))
    return found


def project_state(places: Places) -> State | None:
    from guard.store import Store

    try:
        loaded = Store.for_project(places).load()
        return None if loaded is None else loaded.state
    except Exception:  # noqa: BLE001 - the gate and status must still work; the guard reports damage itself
        return None


def _oid(entry: tuple[str, int] | None) -> str | None:
    return None if entry is None else entry[0]


REVERT_ON_PURPOSE = "KGUARD_COMMIT_REVERT"


def reverts_allowed(env: Mapping[str, str] = os.environ) -> set[str]:
    """The paths named in KGUARD_COMMIT_REVERT (comma-separated, relative to the repository's top): the user
    commits them knowingly as they are, reverting the held-back change."""
    return {p.strip().removeprefix("./") for p in env.get(REVERT_ON_PURPOSE, "").split(",") if p.strip()}


def reverts(places: Places, repo: pygit2.Repository) -> list[Held]:
    """Held items the commit of the index would revert without anyone deciding so: the staged content differs
    from HEAD's, and either it is what kguard put back (HEAD holds the change) or HEAD holds the held-back
    content itself (the work tree was edited on top of what kguard put back, then staged). Paths named in
    KGUARD_COMMIT_REVERT are the user's choice and left out."""
    from hooks.git.attribute import tree_entry

    state = project_state(places)
    if state is None:
        return []
    allowed = reverts_allowed()
    found = []
    index = repo.index
    for held in held_items(state):
        if held.rel in allowed:
            continue
        try:
            staged = str(index[held.rel].id)
        except KeyError:
            staged = None
        head = _oid(tree_entry(repo, "HEAD", held.rel))
        restored = None if held.restored is None else held.restored.oid
        brought = None if held.content is None else held.content.oid
        if staged != head and (staged == restored or head == brought):
            found.append(held)
    return found


def revert_choices(held: Held) -> str:
    """The two ways on from a refused revert, for the gate's finding and its closing words."""
    return (f"take the change: kguard keep {held.rel} · or commit the revert on purpose: "
            f"{REVERT_ON_PURPOSE}={held.rel} git commit ...")


def why_modified(places: Places, rels: Sequence[str]) -> dict[str, str]:
    """For held paths git shows as modified (against HEAD): a sentence saying why."""
    if places.git_dir is None:
        return {}
    from hooks.git.attribute import tree_entry

    state = project_state(places)
    try:
        repo = pygit2.Repository(str(places.root))
    except pygit2.GitError:
        return {}
    out = {}
    for held in held_items(state) if state is not None else []:
        if held.rel not in rels:
            continue
        head = _oid(tree_entry(repo, "HEAD", held.rel))
        restored = None if held.restored is None else held.restored.oid
        brought = None if held.content is None else held.content.oid
        if head != restored and head == brought:  # not after the revert was committed on purpose
            what = held.command or held.action
            out[held.rel] = (f"git sees it as modified: HEAD holds the content `{what}` brought, the work tree what "
                             f"it held before (kguard held the change back). `kguard keep {held.rel}` takes HEAD's "
                             f"content; `kguard reset {held.rel}` keeps the old one (commit it to make it HEAD's)")
    return out


def unstage_kept(places: Places, entries: Sequence[JournalEntry]) -> None:
    """After `kguard keep` of a held branch switch: the index still holds what kguard staged when it held the
    change; where the file now equals HEAD again, the index follows it (the path is clean for git)."""
    from hooks.git.attribute import as_entry, tree_entry

    try:
        repo = pygit2.Repository(str(places.root))
        index = repo.index
        index.read()
    except pygit2.GitError:
        return
    changed = False
    for entry in entries:
        for change in entry.changes:
            head = tree_entry(repo, "HEAD", change.rel)
            staged = tree_entry(repo, "INDEX", change.rel)
            kept = change.after
            if head is None or kept is None or as_entry(head, kept) != kept or staged == head:
                continue
            if change.before is not None and staged is not None and staged[0] == change.before.oid:
                index.add(change.rel)  # the work tree holds HEAD's content now
                changed = True
    if changed:
        index.write()
