"""Reads the blobs staged in the git index, the one a git hook was given (GIT_INDEX_FILE, linked
worktrees, `git commit -a` / `--only`), never the work tree."""
from __future__ import annotations

import os
from collections.abc import Callable, Iterator
from pathlib import Path

import pygit2
from pygit2.enums import RepositoryOpenFlag

from rules_engine.errors import KguardError

GITLINK = 0o160000


def open_repository(root: Path) -> pygit2.Repository:
    """Open with git's environment (GIT_DIR, GIT_INDEX_FILE ...), as git does inside a hook."""
    try:
        return pygit2.Repository(str(root), RepositoryOpenFlag.FROM_ENV)
    except pygit2.GitError as exc:
        raise KguardError(f"not a git repository: {exc}", root) from None


def staged_blobs(root: Path, wanted: Callable[[str], bool]) -> Iterator[tuple[str, bytes]]:
    """(path, staged bytes) for each index entry at stage 0 whose path `wanted` accepts; symlinks yield
    their target text as git stores it; submodules are skipped."""
    repo = open_repository(root)
    try:
        index = repo.index
    except (pygit2.GitError, OSError, ValueError) as exc:
        where = os.environ.get("GIT_INDEX_FILE") or os.path.join(repo.path, "index")
        raise KguardError(f"cannot read the git index: {exc}", where) from None
    for entry in index:
        if entry.mode == GITLINK or not wanted(entry.path):
            continue
        blob = repo.get(entry.id)
        if isinstance(blob, pygit2.Blob):
            yield entry.path, blob.data
