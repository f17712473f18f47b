"""The lines a diff adds, removes or changes, with every invisible and bidi character shown (`<U+200B>`)."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from unidiff import PatchSet

from guard.scan.reveal import visible

Kind = Literal["added", "removed", "changed"]


@dataclass(frozen=True)
class Line:
    kind: Kind
    old_line: int | None
    new_line: int | None
    old: str  # as shown: invisible characters made visible
    new: str


def _shown(text: str) -> str:
    return visible(text.rstrip("\r\n"))


def diff_lines(patch: PatchSet) -> list[Line]:
    """Removed lines followed at once by added ones pair up as changed lines; the rest stay added or removed."""
    out: list[Line] = []
    for patched in patch:
        for hunk in patched:
            removed: list[tuple[int, str]] = []
            added: list[tuple[int, str]] = []
            for line in [*hunk, None]:
                if line is not None and line.is_removed:
                    if added:
                        out += _pair(removed, added)
                        removed, added = [], []
                    removed.append((line.source_line_no, line.value))
                elif line is not None and line.is_added:
                    added.append((line.target_line_no, line.value))
                else:
                    out += _pair(removed, added)
                    removed, added = [], []
    return out


def _pair(removed: list[tuple[int, str]], added: list[tuple[int, str]]) -> list[Line]:
    out = [Line("changed", o, n, _shown(a), _shown(b)) for (o, a), (n, b) in zip(removed, added)]
    out += [Line("removed", o, None, _shown(a), "") for o, a in removed[len(added):]]
    out += [Line("added", None, n, "", _shown(b)) for n, b in added[len(removed):]]
    return out


def added_numbers(lines: list[Line]) -> set[int]:
    return {line.new_line for line in lines if line.kind != "removed" and line.new_line is not None}
