"""`kguard log` and `kguard undo ID`: the last changes to knowledge files, each undoable."""
from __future__ import annotations

import datetime as dt
import json

import click

from guard import decide, tamper
from hooks.consent import require_user
from hooks.session import open_session
from hooks.style import one_line


@click.command()
@click.option("--format", "fmt", type=click.Choice(["text", "json"]), default="text", show_default=True)
@click.option("-n", "--max-count", type=click.IntRange(min=0), default=None,
              help="show at most this many entries")
def log(fmt: str, max_count: int | None) -> int:
    """The journal: the last changes to knowledge files, newest first, each with its ID for `kguard undo`."""
    session = open_session()
    guard = session.guard
    with guard.transaction():
        entries = guard.journal()[:max_count]
    if fmt == "json":
        click.echo(json.dumps([{
            "id": e.id,
            "action": e.action,
            "paths": [root.display(c.rel) for c in e.changes],
            "time": dt.datetime.fromtimestamp(e.time, dt.timezone.utc).isoformat(timespec="seconds"),
            "command": e.command,
            "note": e.note,
            "changes": [{"path": root.display(c.rel), "kind": c.kind,
                         "before": c.before.oid if c.before else None,
                         "after": c.after.oid if c.after else None} for c in e.changes],
        } for root, e in entries], indent=2))
        return 0
    if not entries:
        click.echo("kguard: the journal is empty")
    for root, e in entries:
        when = dt.datetime.fromtimestamp(e.time).strftime("%Y-%m-%d %H:%M:%S")
        paths = ", ".join(f"{c.kind} {one_line(root.display(c.rel))}" for c in e.changes)
        extra = f"  `{one_line(e.command)}`" if e.command else ""
        extra += f"  ({one_line(e.note)})" if e.note else ""
        click.echo(one_line(f"{e.id}  {when}  {e.action:<8} ") + f"{paths}{extra}")
    return 0


@click.command()
@click.argument("entry_id", metavar="ID")
@click.option("--format", "fmt", type=click.Choice(["text", "json"]), default="text", show_default=True)
def undo(entry_id: str, fmt: str) -> int:
    """Take back a journal entry (see `kguard log`), as long as the file still holds what it left.

    Refuses, changing nothing, when the file was changed since; exit 1."""
    session = open_session()
    guard = session.guard
    consent = require_user("undo", session.places.project_state)
    guard.own_markers |= consent or set()
    with guard.transaction(wait_for_runs=True):
        entry = decide.undo(guard, entry_id)
        if consent is not None:
            tamper.confirm(guard, [entry])
    if fmt == "json":
        click.echo(json.dumps({"restored": [c.rel for c in entry.changes], "note": entry.note,
                               "undo": entry.id}, indent=2, sort_keys=True))
        return 0
    files = ", ".join(one_line(c.rel) for c in entry.changes)
    click.echo(one_line(f"kguard: {entry.note}: restored {files}  (undo this: kguard undo {entry.id})"))
    return 0
