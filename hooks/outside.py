"""Changes made outside any guarded command (a hand edit, an editor, a background process that wrote after its
command ended, an agent tool the hooks do not wrap): every `kguard run`, agent-hook event and git hook looks
for them first. They are never taken as the baseline without a word: each is shown (a card on stderr, and a
line the caller passes on, e.g. as Claude Code's `systemMessage`), one whose new content carries an
error-level finding is held back (a hook script is only reported: it belongs to whoever installed it), and
the rest becomes the baseline with an `adopt` journal entry, so the next command is not blamed for it.
Harness-neutral: Claude Code's events and `kguard run` share it; other agent adapters can too."""
from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

import click

from guard import runs
from guard.discovery import CONFIG_IN_PYPROJECT
from guard.engine import Change, Guard
from guard.scan.settings import ScanSettings
from hooks.card import render_card, scanned
from hooks.decision import accept_hint, review
from hooks.style import use_colour

HEADLINE = "changed outside any guarded command"


@dataclass
class Settled:
    held: list[Change] = field(default_factory=list)
    adopted: list[Change] = field(default_factory=list)
    left: list[Change] = field(default_factory=list)  # reported, left on disk (adopt=False)
    undo: str = ""  # the journal entry of the adoption

    def lines(self) -> list[str]:
        """What to tell the user, one line each."""
        out = []
        if self.held:
            out.append(f"kguard: held back {listing(self.held)}: {HEADLINE}, with covert signals in the new "
                       f"content. Review: kguard diff · accept: {accept_hint(self.held)}")
        if self.adopted:
            out.append(f"kguard: {listing(self.adopted)} {HEADLINE}; taken as the baseline "
                       f"(undo: kguard undo {self.undo})")
        if self.left:
            out.append(f"kguard: {listing(self.left)} {HEADLINE}; left as it is (kguard status · kguard keep · "
                       "kguard reset)")
        return out


def listing(changes: Sequence[Change]) -> str:
    return ", ".join(f"{c.display} ({c.kind})" for c in changes)


def is_hook_script(change: Change) -> bool:
    """A git hook script (guarded because it switches checks on and off, but written by its installer)."""
    rules = change.root.rules
    return change.root.scope == "project" and change.rel in rules.extra_files and change.rel != CONFIG_IN_PYPROJECT


def late_write(change: Change) -> bool:
    """Written since a guarded command touched the file without changing it, and with no stat change: a
    process the command left behind writing through a shared mapping (guard.observe.REREAD). Held."""
    return change.after is not None and change.after.mapped


def has_error(change: Change, scan: ScanSettings | None) -> bool:
    found = scanned(change)
    if found is None:
        return False
    from guard.scan.engine import filter_findings

    if scan is not None:
        found = filter_findings(found, scan, change.root.base if change.root.scope == "project" else None)
    return any(f.severity == "error" for f in found)


def first_look(guard: Guard) -> None:
    """A root the guard has never recorded (a second repository under a home that already has a baseline)
    starts from what is there: its own baseline, not a list of "added" files."""
    fresh = [c for c in guard.changes() if c.root.fresh]
    if fresh:
        guard.snapshot(changes=fresh)


def settle(guard: Guard, scan: ScanSettings | None, mode: str = "hold", adopt: bool = True,
           quiet: bool = False, only: Sequence[Change] | None = None) -> Settled:
    """Decide the changes on disk that no guarded command made: a risky one is held back (or asked about);
    the rest is adopted, or with `adopt=False` (git's hooks) left on disk for `kguard status`, and named on
    stderr. Changes are left to the runs in flight (or killed) when any is marked: those decide them."""
    first_look(guard)
    settled = Settled()
    if only is not None:  # these are known to predate the run that asks (see hooks.commands.run.after)
        changes = list(only)
    else:
        changes = guard.changes()
        if runs.markers(guard.places.project_state):
            return settled
    if not changes:
        return settled
    risky = [c for c in changes if not is_hook_script(c) and (late_write(c) or has_error(c, scan))]
    rest = [c for c in changes if c not in risky]
    if risky:
        held_mode = mode if mode in ("ask", "hold") else "hold"
        if review(guard, risky, held_mode, "", headline=f"A knowledge file was {HEADLINE}"):
            settled.held = risky
        guard.refresh()
    if rest and adopt:
        if not quiet:
            click.echo(render_card("", rest, use_colour(click.get_text_stream("stderr")),
                                   headline=f"Taken as the baseline: {HEADLINE}"), err=True, nl=False)
        entries = guard.snapshot("adopt", changes=rest, note=f"{HEADLINE}; taken as the baseline before a command")
        settled.adopted = rest
        settled.undo = entries[0].id if entries else ""
    elif rest:
        settled.left = rest
        if not quiet:
            click.echo(settled.lines()[-1], err=True)
    return settled
