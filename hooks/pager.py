"""Long output on a terminal goes through a pager, as `git diff` does: $KGUARD_PAGER, else $PAGER, else
`less` with LESS=FRX (quit when it fits on one screen, keep colours, leave the screen as it was)."""
from __future__ import annotations

import os
import shutil
import subprocess
import sys

import click


def page(text: str) -> None:
    """Write `text` to stdout, through the pager when stdout is a terminal and `text` is taller than it."""
    command = os.environ.get("KGUARD_PAGER", os.environ.get("PAGER", "less")).strip()
    tall = text.count("\n") >= shutil.get_terminal_size().lines - 1
    if not (tall and sys.stdout.isatty()) or command in ("", "cat"):
        click.echo(text, nl=False)
        return
    env = {**os.environ, "LESS": os.environ.get("LESS", "FRX")}
    try:
        pager = subprocess.Popen(command, shell=True, stdin=subprocess.PIPE, env=env)
    except OSError:
        click.echo(text, nl=False)
        return
    assert pager.stdin is not None
    try:
        pager.stdin.write(text.encode("utf-8", "surrogateescape"))
        pager.stdin.close()
    except BrokenPipeError:  # the reader quit the pager early
        pass
    pager.wait()
