"""Colour only on a TTY, and never when NO_COLOR is set."""
from __future__ import annotations

import os
import sys

from guard.scan.lazyre import lazy

TYPE_CHECKING = False  # (typing.TYPE_CHECKING without importing typing: ~3 ms of a fresh process)
if TYPE_CHECKING:
    from re import Match
    from typing import TextIO


def use_colour(stream: TextIO | None = None) -> bool:
    stream = stream or sys.stderr
    if os.environ.get("NO_COLOR"):
        return False
    if os.environ.get("FORCE_COLOR"):
        return True
    return hasattr(stream, "isatty") and stream.isatty()


def paint(text: str, colour: str | None = None, bold: bool = False, enabled: bool = False) -> str:
    if not enabled:
        return text
    import click  # (only here: the scan's fast path renders without loading click)

    return click.style(text, fg=colour, bold=bold)


# Characters that must never reach a terminal as they are: C0 and C1 controls (ESC starts the sequences that
# move the cursor and erase lines), bidi embeddings, overrides and isolates, and line separators. Tab and
# newline stay. (Compiled when first used: a scan without findings prints none of them.)
_UNPRINTABLE = lazy("[\x00-\x08\x0b-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069\u2028\u2029]")
_UNPRINTABLE_ON_ONE_LINE = lazy("[\x00-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069\u2028\u2029]")


def printable(text: str) -> str:
    """`text` with every character that could rewrite the terminal shown as <U+XXXX>: file names and the text
    of knowledge files are whatever a cloned repository holds."""
    return _UNPRINTABLE.sub(_shown, text)


def one_line(text: object) -> str:
    """`printable`, with tab and newline shown too: for file names, and for anything a one-line listing
    holds (a folder named "x\n  deleted  CLAUDE.md" must not add a line of its own to a card)."""
    return _UNPRINTABLE_ON_ONE_LINE.sub(_shown, str(text))


def _shown(match: Match[str]) -> str:
    return f"<U+{ord(match.group()):04X}>"
