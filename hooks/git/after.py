"""What the post-merge, post-checkout and post-rewrite hooks do: find the knowledge files the git operation
changed (the paths whose blob differs between the old head and the new one), compare each with what it
held before (the old commit's blob: git refuses to overwrite local edits, so that is what was on disk), and
show the Keep/Reset card. Nobody to answer (no terminal): the change is held back for `kguard keep`.
Changes the operation did not make are left alone for the next `kguard run` or `kguard status`."""
from __future__ import annotations

import contextlib
import os
import stat
import sys
from collections.abc import Iterator, Sequence

import click
import pygit2

from guard import runs
from guard.engine import Change, Guard, Root
from guard.paths import Places
from guard.state import Entry, change_kind
from hooks.git.ops import Operation, operation, touches_knowledge
from hooks.procs import ancestors
from hooks.decision import MODES, review
from hooks.session import open_session_or_defaults
from rules_engine.errors import KguardError

def _tree_entry(repo: pygit2.Repository, rev: str, rel: str) -> tuple[str, int] | None:
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


def _as_entry(git: tuple[str, int] | None, now: Entry | None) -> Entry | None:
    """A git tree entry in the guard's terms (st_mode): permission bits taken from the file on disk."""
    if git is None:
        return None
    oid, mode = git
    if stat.S_ISLNK(mode):
        return Entry(oid=oid, mode=0o120777)
    perms = stat.S_IMODE(now.mode) if now is not None and stat.S_ISREG(now.mode) else 0o644
    perms = perms | 0o111 if mode & 0o111 else perms & ~0o111
    return Entry(oid=oid, mode=stat.S_IFREG | perms)


def attribute(guard: Guard, op: Operation, repo: pygit2.Repository) -> list[Change]:
    """The changes the operation made, each against what the file held before it."""
    found = []
    for change in guard.changes():
        root: Root = change.root
        if root.scope != "project":
            continue  # git does not write into the home
        old = _tree_entry(repo, op.old, change.rel)
        new = _tree_entry(repo, op.new, change.rel)
        if not op.files_only and old == new:
            continue  # the operation did not touch this path
        now = change.after_entry
        if op.files_only:
            before = change.before if change.before is not None else _as_entry(new, now)
        else:
            before = _as_entry(old, now)
        if change_kind(before, now) is None:
            continue
        if root.state.baseline.get(change.rel) != before:
            if before is None:
                root.state.baseline.pop(change.rel, None)
            else:
                root.state.baseline[change.rel] = before
            root.dirty = True
        found.append(Change(root, change.rel, change_kind(before, now) or "modified", before, change.after))
    return found


def _busy(places: Places, name: str) -> str | None:
    """Checkouts in the middle of a longer operation: comparing there would disturb it."""
    git_dir = places.git_dir
    if git_dir is None or name != "post-checkout":
        return None
    if (git_dir / "rebase-merge").is_dir() or (git_dir / "rebase-apply").is_dir():
        return "a rebase is in progress: its post-rewrite hook compares the knowledge files at its end"
    if (git_dir / "BISECT_LOG").exists():
        return "git bisect is in progress: knowledge files are not compared (`kguard status` shows changes)"
    return None


def enclosing_run(places: Places) -> runs.RunMarker | None:
    """A `kguard run` (or a Claude Code Bash call) this git command runs inside: it compares at its end."""
    alive = {m.pid: m for m in runs.markers(places.project_state) if m.alive}
    if not alive:
        return None
    return next((alive[pid] for pid in ancestors() if pid in alive), None)


@contextlib.contextmanager
def terminal() -> Iterator[bool]:
    """Git gives hooks no stdin; a person at a terminal can still answer through /dev/tty."""
    if sys.stdin is not None and sys.stdin.isatty():
        yield True
        return
    if not sys.stderr.isatty():
        yield False
        return
    try:
        tty = open("/dev/tty", encoding="utf-8")
    except OSError:
        yield False
        return
    saved = sys.stdin
    sys.stdin = tty
    try:
        yield True
    finally:
        sys.stdin = saved
        tty.close()


def after(name: str, args: Sequence[str], stdin: str = "") -> int:
    """Returns how many changes were held back or left unaccepted."""
    op = operation(name, args, stdin)
    if op is None:
        return 0
    session, error = open_session_or_defaults()
    if error is not None:  # a broken config must not switch the guard off
        click.echo(f"kguard: warning: {error}; comparing with the default settings", err=True)
    places = session.places
    busy = _busy(places, name)
    if busy:
        click.echo(f"kguard: {busy}", err=True)
        return 0
    outer = enclosing_run(places)
    if outer is not None:
        click.echo(f"kguard: `{op.what}` runs inside `{outer.command}`; that run compares the knowledge "
                   "files when it ends", err=True)
        return 0
    if not op.files_only and not touches_knowledge(places, op, session.settings.knowledge.include,
                                                   session.settings.knowledge.exclude):
        return 0
    chosen = os.environ.get("KGUARD_ON_CHANGE", "")
    if chosen and chosen not in MODES:
        raise KguardError(f"KGUARD_ON_CHANGE must be one of {', '.join(MODES)} (got {chosen!r})")
    guard = session.guard
    with guard.transaction(), terminal() as can_ask:
        mode = chosen or ("ask" if can_ask else "hold")
        project = next(root for root in guard.roots if root.scope == "project")
        changes = attribute(guard, op, project.store.repo)
        if not guard.has_baseline():  # the guard's first look at this project: the rest is the baseline
            keys = {c.key for c in changes}
            guard.snapshot(changes=[c for c in guard.changes() if c.key not in keys])
        return review(guard, changes, mode, op.what, headline=f"`{op.what}` changed a knowledge file")
