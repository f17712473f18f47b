"""What the post-merge, post-checkout and post-rewrite hooks do: find the knowledge files the git operation
changed (the paths whose blob differs between the old head and the new one), compare each with what it
held before (the old commit's blob: git refuses to overwrite local edits, so that is what was on disk), and
show the Keep/Reset card. Nobody to answer (no terminal): the change is held back for `kguard keep`.
Changes the operation did not make are left alone for the next `kguard run` or `kguard status`."""
from __future__ import annotations

import contextlib
import os
import sys
from collections.abc import Iterator, Sequence

import click

from guard import runs
from guard.paths import Places
from hooks import outside
from hooks.decision import MODES, review
from hooks.git.attribute import attribute
from hooks.git.held import reset_against_head, stage_held
from hooks.git.provenance import git_source
from hooks.git.ops import operation, touches_knowledge
from hooks.procs import ancestors
from hooks.session import open_session_or_defaults
from rules_engine.errors import KguardError

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
        keys = {c.key for c in changes}
        # the guard's first look at a root: what the operation did not write is the baseline
        guard.snapshot(changes=[c for c in guard.changes() if c.root.fresh and c.key not in keys])
        held = review(guard, changes, mode, op.what, headline=f"`{op.what}` changed a knowledge file",
                      source=git_source(project.store.repo, op.what))
        guard.refresh()  # the decision's writes are done here (write-ahead), before the index is touched
        if held and not op.files_only and op.what == "git checkout":
            stage_held(project.store.repo, [c for c in changes if c.root.state.pending])
        if not op.files_only and op.what != "git checkout":
            for rel in reset_against_head(project.store.repo, changes):
                click.echo(f"kguard: {rel} keeps what it held before `{op.what}` while HEAD holds what that "
                           f"brought: an ordinary `git commit -a` commits the revert", err=True)
        outside.settle(guard, session.settings.scan, mode, adopt=False)
        return held
