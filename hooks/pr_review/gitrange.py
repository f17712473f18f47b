"""The one place `kguard review` reads git: the range, the changed paths between two commits, their blobs and
each file's unified diff (parsed with unidiff). Opened with git's environment, as every kguard git reader is."""
from __future__ import annotations


from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pygit2
from unidiff import PatchSet

from guard.scan.staged import open_repository
from rules_engine.errors import KguardError

DEFAULT_BRANCHES = ("refs/remotes/origin/HEAD", "refs/heads/main", "refs/heads/master",
                    "refs/remotes/origin/main", "refs/remotes/origin/master")


def bad_range(message: str) -> KguardError:
    return KguardError(message, exit_code=2)


@dataclass(frozen=True)
class Range:
    repo: pygit2.Repository
    base: pygit2.Commit
    head: pygit2.Commit
    spec: str  # as the user gave it, or as it was worked out

    def blob(self, commit: pygit2.Commit, path: str) -> bytes | None:
        try:
            obj = self.repo.get(commit.tree[path].id)
        except KeyError:
            return None
        return obj.data if isinstance(obj, pygit2.Blob) else None

    def changed(self) -> Iterator[tuple[str | None, str | None, PatchSet]]:
        """(old path or None, new path or None, the parsed diff) for every changed file, renames found."""
        diff = self.repo.diff(self.base.tree, self.head.tree, context_lines=3)
        diff.find_similar()
        for patch in diff:
            delta = patch.delta
            old = None if delta.status == pygit2.enums.DeltaStatus.ADDED else delta.old_file.path
            new = None if delta.status == pygit2.enums.DeltaStatus.DELETED else delta.new_file.path
            yield old, new, PatchSet(patch.data.decode("utf-8", "surrogateescape"))

    def tree_files(self, commit: pygit2.Commit) -> Iterator[str]:
        """Every blob path of the commit's tree."""
        stack: list[tuple[str, pygit2.Tree]] = [("", commit.tree)]
        while stack:
            prefix, tree = stack.pop()
            for entry in tree:
                path = prefix + entry.name
                if entry.type_str == "tree":
                    stack.append((path + "/", self.repo.get(entry.id)))
                elif entry.type_str == "blob":
                    yield path


def _commit(repo: pygit2.Repository, rev: str) -> pygit2.Commit:
    try:
        return repo.revparse_single(rev).peel(pygit2.Commit)
    except (KeyError, ValueError, pygit2.GitError, pygit2.InvalidSpecError):
        hint = " (a shallow clone: fetch the history, e.g. actions/checkout with fetch-depth: 0)" \
            if repo.is_shallow else ""
        raise bad_range(f"unknown revision {rev!r}{hint}") from None


def default_base(repo: pygit2.Repository) -> str:
    for ref in DEFAULT_BRANCHES:
        try:
            target = repo.lookup_reference(ref).resolve().target
        except (KeyError, pygit2.GitError, ValueError):
            continue
        return str(target)
    raise bad_range("no default branch to compare with (no origin/HEAD, main or master): give BASE..HEAD")


def open_range(root: Path, spec: str | None) -> Range:
    repo = open_repository(root)
    if spec:
        if "..." in spec or ".." not in spec:
            raise bad_range(f"bad range {spec!r}: expected BASE..HEAD (either side may be empty: HEAD)")
        left, right = spec.split("..", 1)
        base, head = _commit(repo, left or "HEAD"), _commit(repo, right or "HEAD")
        return Range(repo, base, head, spec)
    head = _commit(repo, "HEAD")
    other = _commit(repo, default_base(repo))
    merge_base = repo.merge_base(other.id, head.id)
    if merge_base is None:
        raise bad_range("HEAD and the default branch share no history: give BASE..HEAD")
    base = repo.get(merge_base)
    return Range(repo, base, head, f"{str(base.id)[:12]}..{str(head.id)[:12]}")


