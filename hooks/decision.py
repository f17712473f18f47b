"""Showing a card and applying the decision: ask on a TTY, else the mode given (default hold)."""
from __future__ import annotations

import shlex
import sys
from collections.abc import Sequence

import click

from guard import decide
from guard.engine import Change, Guard
from guard.provenance.records import Source
from guard.state import JournalEntry
from hooks.card import render_card
from hooks.style import one_line, use_colour

MODES = ("ask", "keep", "reset", "hold", "fail")


def accept_hint(changes: Sequence[Change]) -> str:
    paths = " ".join(one_line(shlex.quote(c.display)) for c in changes)
    return f"kguard keep {paths}"


def _ask(changes: Sequence[Change]) -> dict[str, str]:
    answers: dict[str, str] = {}
    choice = None
    for change in changes:
        if choice in ("K", "R"):
            answers[change.key] = "keep" if choice == "K" else "reset"
            continue
        prompt = f"{change.kind} {one_line(change.display)}: [k]eep, [r]eset, [K]eep all, [R]eset all"
        choice = click.prompt(prompt, type=click.Choice(["k", "r", "K", "R"]), err=True,
                              show_choices=False)
        answers[change.key] = "keep" if choice in ("k", "K") else "reset"
    return answers


def review(guard: Guard, changes: Sequence[Change], mode: str, command: str,
           headline: str = "A command changed a knowledge file", source: Source | None = None) -> int:
    """Show the card on stderr and decide. Returns how many changes were held back or left unaccepted.
    `source`: who made the changes, for the record of who wrote each line (guard.provenance)."""
    if not changes:
        return 0
    colour = use_colour(sys.stderr)
    click.echo(render_card(command, changes, colour, headline), err=True, nl=False)
    if mode == "ask":
        answers = _ask(changes)
    else:
        answers = {c.key: mode for c in changes}
    kept = [c for c in changes if answers[c.key] == "keep"]
    reset = [c for c in changes if answers[c.key] == "reset"]
    held = [c for c in changes if answers[c.key] == "hold"]
    failed = [c for c in changes if answers[c.key] == "fail"]
    if failed and source is not None:
        record_left(guard, failed, source)
    if kept:
        record_kept(guard, guard.snapshot("keep", command=command, changes=kept), source, mode)
        click.echo(f"kguard: kept {len(kept)} change(s) as the new baseline", err=True)
    if reset:
        guard.roll_back(reset, "reset", command)
        click.echo(f"kguard: reset {len(reset)} file(s) to the snapshot", err=True)
    if held:
        record_held(guard, guard.roll_back(held, "hold", command, hold=True), source)
        click.echo(f"kguard: held back {len(held)} change(s): the files are reset, the new content is kept "
                   f"in the journal.\nkguard: to accept: {accept_hint(held)}", err=True)
    if failed:
        click.echo(f"kguard: {len(failed)} change(s) left in place and not accepted (--on-change fail).\n"
                   f"kguard: to accept: {accept_hint(failed)}   to undo: kguard reset", err=True)
    if mode != "fail":
        decide.clear_unfinished(guard)
    return len(held) + len(failed)


def record_kept(guard: Guard, entries: Sequence[JournalEntry], source: Source | None, mode: str) -> None:
    if source is not None:
        from guard.provenance import recorder

        recorder.decided(guard, entries, source, "user" if mode == "ask" else "policy")


def record_held(guard: Guard, entries: Sequence[JournalEntry], source: Source | None) -> None:
    if source is not None:
        from guard.provenance import recorder

        recorder.held(guard, entries, source)


def record_left(guard: Guard, changes: Sequence[Change], source: Source) -> None:
    from guard.provenance import recorder

    recorder.left(guard, changes, source)
