"""What the next command does about a decision a killed kguard left half-done, and about a baseline that
was damaged or lost: complete or roll back the writes (write-ahead), and fail closed on what cannot be
trusted, without deleting a file from disk."""
from __future__ import annotations

import os
import stat
from pathlib import Path

from guard import atomic, gitconfig
from guard.roots import Root
from guard.state import Entry, FileChange, JournalEntry, Pending, Todo


def on_disk(root: Root, rel: str) -> Entry | None:
    now = root.observed.get(rel)
    return None if now is None else Entry(oid=now.oid, mode=now.mode)


def write(root: Root, item: Todo) -> None:
    """Carry out one owed write. Raises KguardError or OSError; the todo stays saved until it is done."""
    if root.scope == "project" and item.rel == gitconfig.REL:  # the git settings that switch hooks off
        gitconfig.apply(root.base, None if item.after is None else root.store.read_blob(item.after.oid))
        return
    base, path = behind_link(root, item.rel)
    if item.after is None:
        atomic.remove(base, path)
    else:
        atomic.write_entry(base, path, root.store.read_blob(item.after.oid), item.after.mode)


def behind_link(root: Root, rel: str) -> tuple[Path, Path]:
    """Where to write `rel`: below the root; or, for a file behind a symlinked knowledge folder whose link
    is in the baseline as it is now (the user's own set-up), in the real folder behind the link."""
    parts = rel.split("/")
    for end in range(len(parts) - 1, 0, -1):
        link = "/".join(parts[:end])
        entry = root.state.baseline.get(link)
        if entry is None or not stat.S_ISLNK(entry.mode):
            continue
        try:
            current = os.readlink(root.path(link))
        except OSError:
            break
        if os.fsencode(current) != root.store.read_blob(entry.oid):
            break
        real = Path(os.path.realpath(root.path(link)))
        return real, real.joinpath(*parts[end:])
    return root.base, root.path(rel)


def complete(root: Root) -> list[str]:
    """Finish the writes a killed decision owed, where the file still holds what it held before them; a file
    changed since is left alone (it then shows as a change). Returns what was done, for a warning."""
    done = []
    folders = set()
    for item in root.state.todo:
        folders.add(root.path(item.rel).parent)
        now = on_disk(root, item.rel)
        if now == item.after:
            continue
        if now != item.before:
            done.append(f"{root.display(item.rel)}: changed since an interrupted decision; left as it is")
            continue
        write(root, item)
        done.append(f"{root.display(item.rel)}: completed an interrupted decision")
    for folder in sorted(folders):
        atomic.remove_leftovers(root.base, folder)
    root.state.todo = []
    root.dirty = True
    return done


def head_entries(root: Root) -> dict[str, Entry]:
    """What git's HEAD holds for the root's knowledge files (project root in a repository only)."""
    if root.scope != "project":
        return {}
    try:
        import pygit2

        repo = root.store.repo
        tree = repo.head.peel(pygit2.Tree)
    except Exception:  # noqa: BLE001 - no HEAD, an unborn branch, a bare store: nothing to fall back on
        return {}
    found = {}
    for rel in root.observed:
        try:
            item = tree[rel]
        except (KeyError, ValueError):
            continue
        if item.type_str == "blob":
            found[rel] = Entry(oid=str(item.id), mode=int(item.filemode))
    return found


def distrust(root: Root, rels: set[str], why: str, entry_id: str, now: float) -> JournalEntry | None:
    """Baselines that cannot be trusted: a file git's HEAD holds is compared with HEAD (a difference is a
    change, decided as any other); any other file keeps its content on disk but is held back, listed in
    the journal and in `kguard status` until the user runs `kguard keep` (or `kguard reset`)."""
    head = head_entries(root)
    records = []
    for rel in sorted(rels):
        if rel in head:
            root.state.baseline[rel] = head[rel]
            continue
        current = on_disk(root, rel)
        if current is None:
            root.state.baseline.pop(rel, None)
            continue
        root.state.baseline[rel] = current
        records.append(FileChange(rel=rel, kind="added", before=None, after=current))
    root.dirty = True
    if not records:
        return None
    entry = JournalEntry(id=entry_id, time=now, action="hold", note=why, changes=records, left="after")
    root.state.journal.insert(0, entry)
    root.state.pending += [Pending(rel=r.rel, entry=entry_id, content=r.after) for r in records]
    return entry
