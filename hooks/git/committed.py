"""The post-commit hook: the commit's lines whose recorded origin is not its author's hand go into its git
note (guard.provenance.publish). A commit made inside a guarded command (an agent committing its own edit)
charges the lines nobody recorded to that command, accepted by nobody until the run's card or `kguard keep`
decides. Never fails the commit: git ignores a post-commit hook's status, and kguard reports in one line."""
from __future__ import annotations

import click

from guard.paths import find_places
from guard.provenance.publish import after_commit
from guard.provenance.records import Source
from guard.store import Store
from hooks.git.after import enclosing_run
from hooks.style import one_line
from rules_engine.errors import KguardError


def committed() -> int:
    places = find_places()
    if places.git_dir is None:
        return 0
    outer = enclosing_run(places)
    source = None
    if outer is not None:
        who = "kguard run" if outer.cache is None else "agent tool call"
        source = Source("agent", who, command=outer.command)

    def baseline() -> dict[str, str]:
        try:
            loaded = Store.for_project(places).load()
        except KguardError:
            return {}
        return {rel: entry.oid for rel, entry in loaded.state.baseline.items()} if loaded else {}

    def warn(message: str) -> None:
        click.echo(one_line(f"kguard: warning: {message}"), err=True)

    from guard.lock import locked

    with locked(places.project_state):
        after_commit(places, baseline, source, warn)
    return 0
