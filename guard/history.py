"""How old each line of a knowledge file is, for the hints and for precedence ("the newer entry wins").
Inside git: `git blame` of HEAD through pygit2 (for a file added once and never changed, the time of the
commit that added it, from one `git log` for all files: guard/history_log.py), carried over to the work
tree's lines by a line diff (lines changed since HEAD are as old as the file's mtime). Outside git,
untracked, and for home files: the mtime."""
from __future__ import annotations

import os
import time
from collections.abc import Sequence
from dataclasses import dataclass, field

from guard.discovery import KnowledgeFile
from guard.history_log import added_once
from guard.paths import Places
from guard.provenance.lines import carry as carry_lines
from rules_engine.errors import KguardError
from rules_engine.parse import read

DAY = 86_400.0


@dataclass
class Ages:
    lines: dict[tuple[str, int], float] = field(default_factory=dict)  # (display, line) -> age in days
    files: dict[str, float] = field(default_factory=dict)  # display -> days since the newest line changed
    modified: dict[str, float] = field(default_factory=dict)  # display -> epoch seconds of that change


def _repo(places: Places):  # type: ignore[no-untyped-def]
    if places.git_dir is None:
        return None, None
    import pygit2  # heavy: only here, only when a command asks for ages

    # libgit2 caches only trees under 4 KB: a folder of 10,000 rules files (a 600 KB tree) was read and
    # parsed again at every step of every blame, 25 ms a blame instead of 0.25 ms
    pygit2.settings.cache_object_limit(pygit2.enums.ObjectType.TREE, 64 * 1024 * 1024)
    try:
        repo = pygit2.Repository(str(places.root))
        return repo, None if repo.head_is_unborn else repo.head.peel(pygit2.Commit)
    except (pygit2.GitError, KeyError, ValueError):
        return None, None


def _carry(old: bytes, new: bytes, at_head: list[float], count: int, mtime: float) -> list[float]:
    """The age of each work-tree line: a line the diff from HEAD leaves unchanged keeps its blamed time, an
    added or changed one is as old as the file's mtime. The diff is libgit2's (Myers, in C): difflib without
    autojunk is quadratic on repeated lines and took minutes on a 40,000-line AGENTS.md."""
    return [mtime if when is None else when for when in carry_lines(old, new, at_head, count)]


def _blamed(repo, head, rel: str, work: list[bytes], mtime: float,  # type: ignore[no-untyped-def]
            added: tuple[str, float] | None) -> list[float] | None:
    try:
        entry = head.tree[rel]
        data = repo[entry.id].data
        if added is not None and repo[added[0]].tree[rel].id == entry.id:
            blame = None  # added once, as it is: every line is that commit's (guard/history_log.py)
        else:
            blame = repo.blame(rel, newest_commit=head.id)
    except (KeyError, ValueError, AttributeError, OSError):
        return None
    except Exception:  # noqa: BLE001 - pygit2.GitError and friends: fall back to the mtime
        return None
    old = data.split(b"\n")
    at_head = [mtime] * len(old)
    if blame is None:
        lines = data.count(b"\n") + (1 if data and not data.endswith(b"\n") else 0)  # as blame counts them
        at_head[:lines] = [added[1]] * lines  # type: ignore[index]
    for hunk in blame or ():
        when = float(hunk.final_committer.time) if hunk.final_committer else mtime
        start = hunk.final_start_line_number - 1
        for index in range(start, min(start + hunk.lines_in_hunk, len(old))):
            at_head[index] = when
    return _carry(data, b"\n".join(work), at_head, len(work), mtime)


def ages(places: Places, files: Sequence[KnowledgeFile], now: float | None = None) -> Ages:
    now = time.time() if now is None else now
    repo, head = _repo(places)
    added: dict[str, tuple[str, float]] = {}
    if repo is not None and head is not None:
        added = added_once(places.root, [kf.rel for kf in files if kf.scope == "project"])
    out = Ages()
    for kf in files:
        try:
            mtime = os.stat(kf.path).st_mtime
            work = read(kf.path, kf.display).split(b"\n")  # never blocks on a FIFO
        except (OSError, KguardError):
            continue
        times = None
        if kf.scope == "project" and repo is not None and head is not None:
            times = _blamed(repo, head, kf.rel, work, mtime, added.get(kf.rel))
        if times is None:
            times = [mtime] * len(work)
        if work[-1] == b"":
            times = times[:-1]  # what follows the last newline is no line (it always had the mtime)
        for number, when in enumerate(times, 1):
            out.lines[(kf.display, number)] = max(0.0, (now - when) / DAY)
        newest = max(times, default=mtime)
        out.modified[kf.display] = newest
        out.files[kf.display] = max(0.0, (now - newest) / DAY)
    return out
