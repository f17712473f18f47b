"""Who wrote the lines a range adds (guard.provenance: the notes of the commits that hold them, this clone's
records, git's blame), shown beside each added line and counted by origin."""
from __future__ import annotations

from collections import Counter
from collections.abc import Iterable

import click

from guard.paths import Places
from guard.provenance.blame import Line as Origin
from guard.provenance.blame import at_commit
from guard.provenance.store import load
from hooks.pr_review.gitrange import Range
from hooks.style import one_line

ORIGINS = ("human", "agent", "git", "promotion")


def _warn(message: str) -> None:
    click.echo(one_line(f"kguard: warning: {message}"), err=True)


def added_origins(rng: Range, places: Places, path: str, numbers: Iterable[int]) -> dict[int, Origin]:
    wanted = set(numbers)
    if not wanted:
        return {}
    local = load(places.project_state).files.get(path)
    return {line.number: line for line in at_commit(rng.repo, rng.head, path, local, _warn) if line.number in wanted}


def label(origin: Origin) -> str:
    """`agent, accepted none: Claude Code session S: Write` - the origin and how it was accepted, then who
    (`human: Ada` for a person's own line)."""
    from hooks.commands.blame import who

    record = origin.record
    how = "" if record.origin == "human" else f", accepted {record.accepted}"
    return one_line(f"{record.origin}{how}: {who(record, origin.commit)}")


def counted(origins: Iterable[Origin]) -> dict[str, int]:
    found = Counter(origin.record.origin for origin in origins)
    return {name: found.get(name, 0) for name in ORIGINS}
