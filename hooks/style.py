"""Colour only on a TTY, and never when NO_COLOR is set."""
from __future__ import annotations

import os
import sys
from typing import TextIO

import click


def use_colour(stream: TextIO | None = None) -> bool:
    stream = stream or sys.stderr
    if os.environ.get("NO_COLOR"):
        return False
    if os.environ.get("FORCE_COLOR"):
        return True
    return hasattr(stream, "isatty") and stream.isatty()


def paint(text: str, colour: str | None = None, bold: bool = False, enabled: bool = False) -> str:
    return click.style(text, fg=colour, bold=bold) if enabled else text
