"""What the pre-commit and pre-merge-commit hooks run: `kguard check --staged` on the blobs being committed,
and, when it refuses, closing words that say how to go on. A commit that would revert a held-back change gets
its own: the file, what brought the change, and the two choices."""
from __future__ import annotations

import click

from hooks.git.held import REVERT_ON_PURPOSE
from rules_engine.errors import KguardError


def gate(name: str) -> int:
    from hooks.cli import main

    code = main(["check", "--staged", "--quiet"])
    if code != 1:
        return code
    held = _held_reverts()
    if held:
        click.echo(refusal(name, held), err=True)
    else:
        click.echo(f"kguard: {name} refused: `kguard check --staged` found errors in the knowledge files being "
                   "committed (above). Fix them, or `git commit --no-verify` skips every hook.", err=True)
    return code


def refusal(name: str, held: list[tuple[str, str]]) -> str:
    """`held`: (path, what brought the change) for each file the commit would revert."""
    width = max(len(f"{REVERT_ON_PURPOSE}={rel} git commit ...") for rel, _ in held)
    lines = []
    for rel, what in held:
        lines += [f"kguard: {name} refused: this commit would revert {rel} to what it held before {what}: kguard "
                  "held that change back and nobody has decided on it. Choose one, then commit again:",
                  f"  {f'kguard keep {rel}':<{width}}  take the change (the work tree gets it)",
                  f"  {f'{REVERT_ON_PURPOSE}={rel} git commit ...':<{width}}  commit the revert on purpose"]
    return "\n".join(lines)


def _held_reverts() -> list[tuple[str, str]]:
    from guard.scan.staged import open_repository
    from hooks.git.held import reverts
    from hooks.session import open_session_or_defaults

    session, _ = open_session_or_defaults()
    try:
        found = reverts(session.places, open_repository(session.places.root))
    except KguardError:  # the check above has refused already (and said why); these are closing words only
        return []
    return [(h.rel, f"`{h.command}`" if h.command else "a command") for h in found]
