"""`kguard blame FILE`: each line of a knowledge file with who wrote it (a person, an agent, a git operation,
promotion) and who accepted it, shaped like `git blame`."""
from __future__ import annotations

import datetime as dt
import json
from pathlib import Path

from typing import TYPE_CHECKING

import click

from guard.scan.reveal import visible
from hooks.style import one_line, printable

if TYPE_CHECKING:  # pygit2 and pydantic load when a file is blamed, not for --help
    from guard.provenance.blame import Line
    from guard.provenance.records import Record


def who(record: Record, commit: str | None) -> str:
    """The one-line answer to "who wrote it": the author; the harness, session and command; the git
    operation and commit; the rule."""
    if record.origin == "agent":
        session = f" session {record.session}" if record.session else ""
        return f"{record.who}{session}: {record.command}" if record.command else f"{record.who}{session}"
    if record.origin == "git":
        return f"{record.who} {commit[:12]}" if commit else record.who
    if record.origin == "promotion":
        return f"rule {record.rule}" if record.rule else record.who
    return record.who


def when(record: Record) -> str | None:
    if not record.when:
        return None
    return dt.datetime.fromtimestamp(record.when, dt.timezone.utc).isoformat(timespec="seconds")


def as_json(line: Line) -> dict[str, object]:
    record = line.record
    return {"line": line.number, "text": line.text.decode("utf-8", "replace"), "origin": record.origin,
            "who": who(record, line.commit), "when": when(record), "accepted": record.accepted,
            "commit": line.commit, "session": record.session or None, "command": record.command or None,
            "rule": record.rule or None}


def as_text(line: Line, width: int) -> str:
    record = line.record
    commit = (line.commit or "0" * 8)[:8]
    date = dt.datetime.fromtimestamp(record.when).strftime("%Y-%m-%d %H:%M") if record.when else " " * 16
    name = one_line(who(record, line.commit))
    name = name if len(name) <= 32 else name[:31] + "…"
    text = printable(visible(line.text.decode("utf-8", "replace")))
    return (f"{commit} ({name:<32} {date} {record.origin:<9} {record.accepted:<6} {line.number:>{width}}) "
            f"{text}")


@click.command()
@click.argument("path", type=click.Path(path_type=Path))
@click.option("--format", "fmt", type=click.Choice(["text", "json"]), default="text", show_default=True,
              help="text for people, json for machines")
def blame(path: Path, fmt: str) -> int:
    """Who wrote each line of PATH: a person, an agent (harness, session, command), a git operation or
    promotion, and whether a person (user) or a policy accepted it, or nobody (none).

    Lines nobody recorded are git's own blame: a person, the commit's author. Records made in this clone
    are kept beside kguard's state; committed ones travel in git notes (refs/notes/kguard, see
    docs/provenance.md on sharing them)."""
    from guard.paths import find_places
    from guard.provenance.query import blame_path

    places = find_places()
    lines = blame_path(places, path, lambda message: click.echo(one_line(f"kguard: warning: {message}"),
                                                                err=True))
    if fmt == "json":
        click.echo(json.dumps([as_json(line) for line in lines], indent=2, ensure_ascii=False))
        return 0
    width = len(str(len(lines)))
    click.echo("".join(as_text(line, width) + "\n" for line in lines), nl=False)
    return 0
