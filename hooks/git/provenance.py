"""What the git hooks add to the record of who wrote each line: the source of a pull or checkout's lines,
and, after a commit, the git note that carries the commit's recorded lines (guard.provenance.publish)."""
from __future__ import annotations

import pygit2

from guard.provenance.records import Source


def git_source(repo: pygit2.Repository, what: str) -> Source:
    try:
        head = str(repo.head.target)[:12]
    except (pygit2.GitError, KeyError, ValueError):
        head = ""
    return Source("git", what, command=f"{what} to {head}" if head else what)
