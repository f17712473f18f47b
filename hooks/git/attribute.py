"""Which changes since the snapshot a git operation made, judged after it ran (git's post-* hooks say
little): a path checkout (`git checkout -- PATH`) writes index entries into the work tree, so a path it
checked out now holds its index entry and was written while the git command ran; a branch checkout, merge,
rebase or pull writes the paths whose entry differs between the old and the new commit, so such a path now
holds what git wrote (the index or the new tree). Every other change is not the operation's: it is left on
disk for `kguard status` (hooks.outside). Knowledge files only; git never writes into the home."""
from __future__ import annotations

import os
import stat
import time

import pygit2

from guard.engine import Change, Guard, Root
from guard.state import Entry, change_kind
from hooks.git.ops import Operation
from hooks.procs import ancestors, describe

# /proc gives a process's start to the clock tick; file times come from a coarse clock too.
START_MARGIN_NS = 500_000_000


def tree_entry(repo: pygit2.Repository, rev: str, rel: str) -> tuple[str, int] | None:
    try:
        if rev == "INDEX":
            index = repo.index
            index.read()
            item = index[rel]
            return str(item.id), int(item.mode)
        tree = repo.revparse_single(rev).peel(pygit2.Tree)
        obj = tree[rel]
        return str(obj.id), int(obj.filemode)
    except (KeyError, ValueError, pygit2.GitError):
        return None


def as_entry(git: tuple[str, int] | None, now: Entry | None) -> Entry | None:
    """A git tree entry in the guard's terms (st_mode): permission bits taken from the file on disk."""
    if git is None:
        return None
    oid, mode = git
    if stat.S_ISLNK(mode):
        return Entry(oid=oid, mode=0o120777)
    perms = stat.S_IMODE(now.mode) if now is not None and stat.S_ISREG(now.mode) else 0o644
    perms = perms | 0o111 if mode & 0o111 else perms & ~0o111
    return Entry(oid=oid, mode=stat.S_IFREG | perms)


def _same_content(git: tuple[str, int] | None, now: Entry | None) -> bool:
    return as_entry(git, now) == now


def git_started_ns() -> int | None:
    """When the git command this hook runs under started (Linux: /proc), or None when it cannot be told."""
    try:
        with open("/proc/uptime", encoding="ascii") as handle:
            uptime = float(handle.read().split()[0])
        now = time.time_ns()
        ticks = os.sysconf("SC_CLK_TCK")
    except (OSError, IndexError, ValueError):
        return None
    for pid in ancestors():
        info = describe(pid)
        if info is None or info[0] != "git":
            continue
        try:
            with open(f"/proc/{pid}/stat", "rb") as handle:
                fields = handle.read().rpartition(b")")[2].split()
            age_ns = int(uptime * 1_000_000_000) - int(fields[19]) * 1_000_000_000 // ticks
            return now - age_ns
        except (OSError, IndexError, ValueError):
            return None
    return None


def _written_since(root: Root, rel: str, started: int | None) -> bool:
    if started is None:
        return True
    try:
        return os.lstat(root.path(rel)).st_ctime_ns >= started - START_MARGIN_NS
    except OSError:
        return False


def _rebase_to(root: Root, rel: str, before: Entry | None) -> None:
    """The operation's change is judged against what the file held before it (the old commit's entry:
    git refuses to overwrite local edits), not against an older snapshot."""
    if root.state.baseline.get(rel) != before:
        if before is None:
            root.state.baseline.pop(rel, None)
        else:
            root.state.baseline[rel] = before
        root.dirty = True


def attribute(guard: Guard, op: Operation, repo: pygit2.Repository) -> list[Change]:
    """The changes the operation made, each against what the file held before it."""
    found = []
    started = git_started_ns() if op.files_only else None
    for change in guard.changes():
        root, rel, now = change.root, change.rel, change.after_entry
        if root.scope != "project":
            continue
        if op.files_only:
            index = tree_entry(repo, "INDEX", rel)
            if index is None or not _same_content(index, now) or not _written_since(root, rel, started):
                continue
            before = change.before
        else:
            old, new = tree_entry(repo, op.old, rel), tree_entry(repo, op.new, rel)
            if old == new:
                continue  # the operation did not touch this path
            wrote = new if op.new != "INDEX" else tree_entry(repo, "HEAD", rel)
            if not (_same_content(new, now) or _same_content(wrote, now)):
                continue  # not what git wrote there: changed by something else
            before = as_entry(old, now)
            if change_kind(before, now) is None:
                continue
            _rebase_to(root, rel, before)
        found.append(Change(root, rel, change_kind(before, now) or "modified", before, change.after))
    return found
