"""Which knowledge files git added once and never touched again, from ONE `git log` for all of them.

A blame costs about 7 ms a file even with one commit (libgit2 walks the history for each path), so 10,000
committed rules files took over two minutes in `kguard hints`. Most files are written once: for a path whose
only change in HEAD's history is its addition, in a commit that deleted nothing (libgit2's blame follows a
rename, which is an addition beside a deletion), every line HEAD holds came from that commit, so its blame
is that commit's author time (the time pygit2's blame reports). The caller still checks that HEAD holds the
very blob that commit added; everything else (edited, renamed, re-added files) is blamed as before."""
from __future__ import annotations

import os
import subprocess
from collections.abc import Iterable
from pathlib import Path

_MARK = "\x01"
_MAX_PATHSPECS = 200  # past this, walk the whole history rather than a huge command line


def _pathspecs(rels: Iterable[str]) -> list[str]:
    folders = {rel.rpartition("/")[0] or rel for rel in rels}
    if len(folders) > _MAX_PATHSPECS:
        return []
    return [f":(literal){folder}" for folder in sorted(folders)]


def added_once(root: Path, rels: Iterable[str]) -> dict[str, tuple[str, float]]:
    """rel -> (commit id, author time) for each of `rels` whose one change in HEAD's history is its
    addition by a commit that deleted no file. {} when git cannot tell (the caller blames each file)."""
    wanted = set(rels)
    if not wanted:
        return {}
    env = {k: v for k, v in os.environ.items() if k not in ("GIT_DIR", "GIT_WORK_TREE", "GIT_INDEX_FILE")}
    command = ["git", "log", "--no-renames", "--full-diff", "--name-status", "-z", f"--format={_MARK}%H %at",
               "HEAD", "--", *_pathspecs(wanted)]
    try:
        result = subprocess.run(command, cwd=root, capture_output=True, env=env, timeout=600)
    except (OSError, subprocess.SubprocessError):
        return {}
    if result.returncode != 0:
        return {}
    return _parse(result.stdout.decode("utf-8", "surrogateescape"), wanted)


def _parse(out: str, wanted: set[str]) -> dict[str, tuple[str, float]]:
    touches: dict[str, int] = {}
    added: dict[str, tuple[str, float]] = {}
    deleting: set[str] = set()  # commits that deleted a file: a rename's source may be among them
    commit, when = "", 0.0
    tokens = iter(out.split("\0"))
    for token in tokens:
        head = token.lstrip("\n")
        if head.startswith(_MARK):
            commit, _, stamp = head[1:].partition(" ")
            when = float(stamp or 0)
            continue
        if not head:
            continue
        path = next(tokens, "")
        if head == "D":
            deleting.add(commit)
        if path in wanted:
            touches[path] = touches.get(path, 0) + 1
            if head == "A":
                added[path] = (commit, when)
    return {path: found for path, found in added.items() if touches[path] == 1 and found[0] not in deleting}
