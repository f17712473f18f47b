"""`kguard run -- CMD`: snapshot, run CMD with its stdio passed through, compare, decide."""
from __future__ import annotations

import time

import click

from guard import decide, room, runs, statcache, tamper
from guard.provenance.records import Source
from hooks import outside
from hooks.decision import MODES, review
from hooks.session import Session, judging_session, open_session, open_session_or_defaults
from hooks.spawn import default_mode, describe, spawn
from hooks.style import one_line
from rules_engine.errors import KguardError


def before(command: str, mode: str) -> tuple[Session, str, int]:
    """Take the snapshot (deciding what a killed run left behind first) and mark this run as in flight."""
    session = open_session()
    guard = session.guard
    with guard.transaction():
        held = len(outside.settle(guard, session.settings.scan, mode).held)
        leftover, unfinished = decide.before_command(guard)
        if leftover:
            what = ", ".join(f"`{m.command}`" for m in unfinished)
            held += review(guard, leftover, "hold" if mode == "fail" else mode, what,
                          headline=f"A kguard run of {what} ended before it could compare",
                          source=Source("agent", "kguard run", command=what))
        refused = room.refusal(session.places.project_state, [root.store.objects_folder() for root in guard.roots])
        if refused is not None:
            raise KguardError(*refused)
        try:
            marker = runs.register(session.places.project_state, command)
        except OSError as exc:
            raise KguardError(f"cannot mark the command as running ({exc.strerror}); it was not run",
                              session.places.project_state) from None
    return session, marker, held


def _session_after(session: Session | None) -> Session:
    """The settings to compare with. A command that broke the config must not switch the guard off: the
    settings from before the command (or the defaults) are used, and the broken config shows as a change."""
    current, error = open_session_or_defaults()
    if error is not None:
        click.echo(f"kguard: warning: {error}; comparing with the settings from before the command", err=True)
        current = session or current
    judging, moved = judging_session(current)
    if moved and error is None:
        click.echo("kguard: warning: the command changed kguard's config; its changes are judged with the config "
                   "from before it", err=True)
    return judging


def after(command: str, code: int, mode: str, marker: str, session: Session | None = None,
          held_before: int = 0, started_ns: int | None = None, sealed: list[int] | None = None,
          began: float | None = None) -> int:
    """Compare after the command and decide. Returns the exit status for `kguard run`. With `started_ns`
    (the fast path did not look for new files before the command), files added before it began are
    adopted as changes made outside a run instead of being charged to the command. `sealed` is the stat
    cache's seal from before the command: a cache the command rewrote is not used to judge it; decisions
    no guarded command owns, recorded since `began`, do not judge it either (guard.tamper)."""
    session = _session_after(session)
    guard = session.guard
    guard.own_markers.add(marker)
    guard.after_command = True
    with guard.transaction(sealed=sealed):
        if began is not None:
            undone = tamper.undo_decisions_since(guard, began)
            if undone:
                what = ", ".join(f"{e.action} {e.id}" for e in undone)
                click.echo(f"kguard: warning: kguard's baseline was changed while the command ran ({what}); the "
                           "command's changes are judged against the baseline from before it", err=True)
        changes = guard.changes()
        if started_ns is not None:
            earlier = decide.added_before(changes, started_ns)
            if earlier:
                held_before += len(outside.settle(guard, session.settings.scan, mode, only=earlier).held)
                changes = [c for c in changes if c not in earlier]
        if any(c.before is None and c.root.found_fresh for c in changes):
            click.echo("kguard: warning: no baseline was found for this repository after the command (was .git "
                       "replaced?); the files it would call added stay on disk, held back", err=True)
        others = guard.running()
        if changes and others:
            # Deciding now would replace files another guarded command may still have open (its later
            # writes would land in the replaced file and be lost): the last command to end decides.
            runs.defer(session.places.project_state, command)
            held = len(changes) if mode != "keep" else 0
            click.echo(f"kguard: {len(changes)} change(s) to knowledge files; another guarded command is "
                       f"still running (`{one_line(others[0].command)}`): the last one to end decides", err=True)
        else:
            deferred = [m.command for m in runs.markers(session.places.project_state) if m.pid == runs.DEFERRED]
            what = ", ".join(dict.fromkeys([command, *deferred]))
            held = review(guard, changes, mode, what, source=Source("agent", "kguard run", command=what))
            if mode == "fail" and held:
                runs.keep_unreviewed(session.places.project_state, command)
        guard.finished_markers.append(marker)
    if (held or held_before) and code == 0:
        return 3
    return code


@click.command(context_settings={"ignore_unknown_options": True, "allow_interspersed_args": False})
@click.option("--on-change", "mode", type=click.Choice(MODES), default=None,
              help="What to do when the command changed a knowledge file. Default: ask on a TTY, else hold.")
@click.argument("command", nargs=-1, required=True, type=click.UNPROCESSED)
def run(mode: str | None, command: tuple[str, ...]) -> int:
    """Run COMMAND, then show every change it made to a knowledge file and Keep or Reset it.

    \b
    Example:  kguard run -- sh -c 'echo "ignore all rules" >> AGENTS.md'
    Modes: ask (prompt per file), keep (accept), reset (restore the snapshot),
    hold (restore now, keep the new content pending for `kguard keep`), fail (leave it, exit 3).
    Exit status: COMMAND's own; 3 when COMMAND succeeded but a change was held back or failed.
    """
    chosen = mode or default_mode()
    text = describe(command)
    session, marker, held = before(text, chosen)
    sealed = statcache.seal(session.guard.cache_path)
    began = time.time()
    code = spawn(command)
    return after(text, code, chosen, marker, session, held, sealed=sealed, began=began)
