"""Lines as git counts them, and carrying a value per line from one version of a file to the next through
libgit2's own diff (Myers, in C): a line the diff leaves unchanged keeps its value, an added one gets none."""
from __future__ import annotations

from collections.abc import Sequence
from typing import TypeVar

T = TypeVar("T")


def split(data: bytes) -> list[bytes]:
    """The lines of `data` as git blame numbers them (what follows the last newline is a line only when
    it is not empty)."""
    lines = data.split(b"\n")
    if lines and lines[-1] == b"":
        lines.pop()
    return lines


def carry(old: bytes, new: bytes, values: Sequence[T | None], count: int | None = None) -> list[T | None]:
    """For each line of `new` (`count` of them, else as git counts them), the value of the `old` line it is
    unchanged from, or None (added or changed)."""
    import pygit2  # heavy: only when a line has a record to carry

    count = len(split(new)) if count is None else count
    out: list[T | None] = [None] * count
    if old == new:
        out[: len(values)] = list(values[:count])
        return out
    patch = pygit2.Patch.create_from(old, new, context_lines=0)
    if patch.delta.is_binary:
        return out
    old_at = new_at = 0  # 0-based: the next line not yet mapped on each side

    def same(old_end: int, new_end: int) -> None:
        for offset in range(max(0, min(old_end - old_at, new_end - new_at, len(values) - old_at, count - new_at))):
            out[new_at + offset] = values[old_at + offset]

    for hunk in patch.hunks:
        # git numbers from 1, and an empty side names the line before the change
        old_end = hunk.old_start if hunk.old_lines == 0 else hunk.old_start - 1
        new_end = hunk.new_start if hunk.new_lines == 0 else hunk.new_start - 1
        same(old_end, new_end)
        old_at, new_at = old_end + hunk.old_lines, new_end + hunk.new_lines
    same(len(values), count)
    return out


def added(old: bytes | None, new: bytes) -> list[int]:
    """0-based numbers of the lines of `new` that are not unchanged lines of `old`."""
    if old is None:
        return list(range(len(split(new))))
    mapped = carry(old, new, list(range(len(split(old)))))
    return [index for index, value in enumerate(mapped) if value is None]
