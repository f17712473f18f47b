"""The click side of the harness adapters: the `--cursor/--codex/--gemini/--copilot` flags of `kguard hooks
install|uninstall`, what they do, and the `kguard hook HARNESS [EVENT]` commands."""
from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any

import click

from hooks.agent import install as agent_install
from hooks.agent.install import SPECS

if TYPE_CHECKING:
    from hooks.session import Session

HARNESSES = ("cursor", "codex", "gemini", "copilot")


def harness_options(verb: str) -> Callable[[Any], Any]:
    def decorate(command: Any) -> Any:
        for harness in reversed(HARNESSES):
            spec = SPECS[harness]
            command = click.option(f"--{harness}", harness, is_flag=True,
                                   help=f"{verb} {spec.path} ({spec.name})")(command)
        return command
    return decorate


def install_harnesses(session: Session, verb: str, chosen: dict[str, bool]) -> list[Path]:
    """Install or uninstall the chosen harnesses' entries, saying what happened; the files written."""
    written: list[Path] = []
    root = session.places.root
    for harness in (h for h in HARNESSES if chosen.get(h)):
        spec = SPECS[harness]
        if verb == "install":
            changed = agent_install.install(harness, root)
            click.echo(f"{spec.name}: {'merged kguard hooks into' if changed else 'kguard hooks already in'} "
                       f"{spec.path}")
            if spec.note:
                click.echo(spec.note)
        else:
            removed = agent_install.uninstall(harness, root)
            click.echo(f"{spec.name}: removed {removed} kguard hook entr{'y' if removed == 1 else 'ies'} from "
                       f"{spec.path}" if removed else f"{spec.name}: no kguard hook entries in {spec.path}")
        written.append(root / spec.path)
    return written


def agent_command(harness: str) -> click.Command:
    def command(event: str) -> int:
        from hooks.agent.protocol import answer_stdin

        return answer_stdin(harness, event)
    command.__doc__ = (f"{harness.capitalize()}'s hook protocol: the event on stdin (EVENT names it where the "
                       "payload does not), the answer in the harness's own fields and exit code.")
    return click.command(harness)(click.argument("event", required=False, default="")(command))
