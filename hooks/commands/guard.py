"""`kguard snapshot`, `status`, `diff`, `keep`, `reset`: the baseline and the changes against it."""
from __future__ import annotations

import json
import sys
from typing import Any

import click

from guard import decide, runs, tamper
from hooks.card import colour_line, diff_lines, text_lines, unified
from hooks.consent import require_user
from hooks.pager import page
from hooks.session import open_session
from hooks.style import one_line, paint, use_colour

FORMAT = click.option("--format", "fmt", type=click.Choice(["text", "json"]), default="text",
                      show_default=True, help="text for people, json for machines")


@click.command()
@FORMAT
def snapshot(fmt: str) -> int:
    """Record every knowledge file as it is now: the baseline later commands are compared with.

    For harnesses that call kguard before and after a command instead of wrapping it."""
    session = open_session()
    guard = session.guard
    consent = require_user("snapshot", session.places.project_state)
    guard.own_markers |= consent or set()
    with guard.transaction(wait_for_runs=True):
        entries = guard.snapshot()
        if consent is not None:
            tamper.confirm(guard, entries)
        decide.clear_unfinished(guard)
        count = sum(len(root.state.baseline) for root in guard.roots)
    changed = sum(len(e.changes) for e in entries)
    if fmt == "json":
        return _json({"files": count, "changed": changed, "entry": entries[0].id if entries else None})
    click.echo(f"kguard: snapshot of {count} knowledge file(s)" + (f", {changed} changed since the last one" if changed else ""))
    return 0


@click.command()
@FORMAT
def status(fmt: str) -> int:
    """What changed since the snapshot, and what is held back. Exit 1 if anything."""
    session = open_session()
    guard = session.guard
    with guard.transaction():
        from hooks.outside import first_look

        first_look(guard)  # a root never recorded starts from what it holds, not from a list of "added"
        changes = guard.changes()
        pending = guard.pending()
        unfinished = [m for m in runs.markers(session.places.project_state) if not m.alive]
        files = sum(len(root.state.baseline) for root in guard.roots)
    hint = _recommend_hint(session)
    if fmt == "json":
        click.echo(json.dumps({
            "changed": [{"path": c.display, "kind": c.kind} for c in changes],
            "pending": [{"path": root.display(p.rel), "entry": p.entry,
                         "deleted": p.content is None} for root, p in pending],
            "unfinished_runs": [{"pid": m.pid, "command": m.command} for m in unfinished],
            "guarded_files": files,
        }, indent=2, sort_keys=True))
    else:
        colour = use_colour(sys.stdout)
        for marker in unfinished:
            who = f"pid {marker.pid}" if marker.pid > 0 else "--on-change fail"
            click.echo(f"unfinished: a kguard run of `{one_line(marker.command)}` ({who}) ended before its changes "
                       "were accepted; they are listed below (kguard keep / kguard reset)")
        if changes:
            running = any(m.alive for m in runs.markers(session.places.project_state))
            click.echo("changed while a guarded command is running (it decides at its end):" if running else
                       "changed outside any guarded command (accept: kguard keep · undo: kguard reset):")
        for change in changes:
            click.echo(paint(f"{change.kind:<13} {one_line(change.display)}", "yellow", enabled=colour))
        why = held_why(session, [item.rel for root, item in pending if root.scope == "project"])
        for root, item in pending:
            shown_path = one_line(root.display(item.rel))
            click.echo(paint(f"{'held back':<13} {shown_path}", "red", enabled=colour)
                       + f"  (entry {item.entry}; accept: kguard keep {shown_path})")
            if root.scope == "project" and item.rel in why:
                click.echo(f"{'':<14}{one_line(why[item.rel])}")
        if not (changes or pending or unfinished):
            click.echo(f"kguard: {files} knowledge file(s), nothing changed since the snapshot")
        if hint:
            click.echo(hint)
    return 1 if changes or pending or unfinished else 0


def held_why(session: object, rels: list[str]) -> dict[str, str]:
    if not rels:
        return {}
    from hooks.git.held import why_modified

    return why_modified(session.places, rels)  # type: ignore[attr-defined]


def _recommend_hint(session: object) -> str | None:
    if not session.settings.rules_promotion.recommend_hint:  # type: ignore[attr-defined]
        return None
    try:
        from hooks.commands.rules import recommend_hint_line
    except ImportError:
        return None
    return recommend_hint_line(session)


@click.command()
@click.argument("paths", nargs=-1)
@FORMAT
def diff(paths: tuple[str, ...], fmt: str) -> int:
    """Show the unified diff of each knowledge file against the snapshot (all, or PATHS).

    Held-back content is shown against what the file holds now. On a terminal: coloured, and paged
    ($KGUARD_PAGER, $PAGER or less -FRX) when longer than the screen."""
    session = open_session()
    guard = session.guard
    changed: list[dict[str, object]] = []
    held: list[dict[str, object]] = []
    with guard.transaction():
        wanted = guard.resolve_paths(paths or None)
        for change in guard.changes(paths or None):
            changed.append({"path": change.display, "kind": change.kind, "diff": "".join(diff_lines(change))})
        for root, item in guard.pending():
            if wanted is not None and f"{root.scope}:{item.rel}" not in wanted:
                continue
            held.append({"path": root.display(item.rel), "entry": item.entry, "deleted": item.content is None,
                         "diff": "" if item.content is None else _held_diff(root, item)})
    if fmt == "json":
        return _json({"changed": changed, "held": held})
    colour = use_colour(sys.stdout)
    out = [colour_line(line, colour) for c in changed for line in str(c["diff"]).splitlines(keepends=True)]
    for h in held:
        out.append(f"held back (entry {h['entry']}): {one_line(h['path'])}"
                   + (" would be deleted\n" if h["deleted"] else "\n"))
        out += [colour_line(line, colour) for line in str(h["diff"]).splitlines(keepends=True)]
    page("".join(out))
    return 0


def _held_diff(root: Any, item: Any) -> str:
    now = root.path(item.rel)
    old = text_lines(now.read_bytes() if now.is_file() and not now.is_symlink() else b"")
    new = text_lines(root.store.read_blob(item.content.oid))
    label = one_line(root.display(item.rel))
    if old is None or new is None:
        return "binary or non-UTF-8 content\n"
    return "".join(unified(old, new, f"a/{label}", f"b/{label} (held)"))


def _json(data: dict[str, object]) -> int:
    click.echo(json.dumps(data, indent=2, sort_keys=True))
    return 0


@click.command()
@click.argument("paths", nargs=-1)
@FORMAT
def keep(paths: tuple[str, ...], fmt: str) -> int:
    """Accept changes: held-back content comes back, and what is on disk becomes the baseline.

    With no PATHS: every change and everything held back."""
    session = open_session()
    guard = session.guard
    consent = require_user("keep", session.places.project_state)
    guard.own_markers |= consent or set()
    from guard.provenance import recorder  # keep alone needs it: status, diff and log start without it

    with guard.transaction(wait_for_runs=True):
        offers = recorder.pending_offers(guard)
        entries = decide.keep(guard, paths or None)
        recorder.kept(guard, entries, offers)
        accepted = recorder.accept_left(guard, paths or None, entries)
        if consent is not None:
            tamper.confirm(guard, entries)
    files = sorted({c.rel for e in entries for c in e.changes})
    if files and session.places.git_dir is not None:
        from hooks.git.held import unstage_kept

        unstage_kept(session.places, [e for e in entries if e.note.startswith("held back by ")])
    if fmt == "json":
        data: dict[str, object] = {"kept": files, "undo": entries[0].id if files else None}
        if accepted:
            data["accepted_lines"] = accepted
        return _json(data)
    if accepted:
        click.echo(f"kguard: accepted {accepted} line(s) an agent, git or promotion wrote that no person had "
                   "accepted (kguard blame shows them)")
    if not files:
        if not accepted:
            click.echo("kguard: nothing to keep")
        return 0
    click.echo(f"kguard: kept {len(files)} file(s): {', '.join(map(one_line, files))}  (undo: kguard undo {entries[0].id})")
    return 0


@click.command()
@click.argument("paths", nargs=-1)
@FORMAT
def reset(paths: tuple[str, ...], fmt: str) -> int:
    """Put the snapshot back: restore changed files' bytes and mode, remove added ones, recreate deleted
    ones. Held-back content for PATHS is dropped (it stays in the journal). With no PATHS: all."""
    session = open_session()
    guard = session.guard
    with guard.transaction():
        wanted = guard.resolve_paths(paths or None)
        held = [p for root, p in guard.pending() if wanted is None or f"{root.scope}:{p.rel}" in wanted]
    if held:  # putting the snapshot back is always safe; dropping what the user has not seen yet is not
        guard.own_markers |= require_user("reset", session.places.project_state) or set()
    with guard.transaction(wait_for_runs=True):
        entries, dropped = decide.reset(guard, paths or None)
    files = sorted({c.rel for e in entries for c in e.changes})
    if fmt == "json":
        return _json({"reset": files, "dropped": dropped, "undo": entries[0].id if files else None})
    if not files and not dropped:
        click.echo("kguard: nothing to reset")
        return 0
    if files:
        click.echo(f"kguard: reset {len(files)} file(s): {', '.join(map(one_line, files))}  (undo: kguard undo {entries[0].id})")
    if dropped:
        click.echo(f"kguard: dropped {dropped} held-back change(s); `kguard log` still has their content")
    return 0
