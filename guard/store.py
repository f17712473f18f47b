"""The snapshot store: file contents as blobs in git's object database (pygit2), the guard's state as one
commit under a private ref (`refs/kguard/...`), so `git gc` keeps it and `git push` does not send it. Outside
a git repository, and for home-level files, a private bare repository under the state folder."""
from __future__ import annotations

import json
import time
from pathlib import Path

import pygit2

from guard.paths import Places
from guard.state import STATE_VERSION, State
from rules_engine.errors import KguardError

SIGNATURE = ("kguard", "kguard@localhost")
FILE_MODE = pygit2.enums.FileMode.BLOB
TREE_MODE = pygit2.enums.FileMode.TREE


class Store:
    """One object database plus the ref that holds the guard's state for one root."""

    def __init__(self, repo: pygit2.Repository, ref: str) -> None:
        self.repo = repo
        self.ref = ref

    @classmethod
    def for_project(cls, places: Places) -> Store:
        if places.git_dir is None or places.common_dir is None:
            return cls(_bare(places.project_state / "store.git"), "refs/kguard/state")
        repo = pygit2.Repository(str(places.git_dir))
        if places.git_dir == places.common_dir:
            return cls(repo, "refs/kguard/state")
        return cls(repo, f"refs/kguard/worktrees/{places.git_dir.name}/state")

    @classmethod
    def for_home(cls, places: Places) -> Store:
        return cls(_bare(places.home_state / "store.git"), "refs/kguard/state")

    def write_blob(self, data: bytes) -> str:
        return str(self.repo.create_blob(data))

    def read_blob(self, oid: str) -> bytes:
        try:
            blob = self.repo[oid]
        except (KeyError, ValueError):
            raise KguardError(f"the store lost object {oid}", self.repo.path) from None
        return bytes(blob.data)

    def load(self) -> State | None:
        try:
            reference = self.repo.references[self.ref]
        except KeyError:
            return None
        try:
            tree = self.repo[reference.target].peel(pygit2.Tree)
            data = json.loads(bytes(tree["state.json"].data))
        except (KeyError, ValueError, TypeError, pygit2.GitError) as exc:
            raise KguardError(f"the guard's state under {self.ref} is damaged ({type(exc).__name__}: {exc}); "
                              f"`git update-ref -d {self.ref}` starts over with a new baseline (the journal "
                              "is lost)", self.repo.path) from None
        version = data.get("version")
        if version != STATE_VERSION:
            raise KguardError(f"state version {version} is not one this kguard reads ({STATE_VERSION})",
                              self.repo.path)
        return State.model_validate(data)

    def save(self, state: State) -> None:
        payload = json.dumps(state.model_dump(mode="json"), sort_keys=True, indent=1).encode()
        objects = self.repo.TreeBuilder()
        for oid in sorted(state.referenced_oids()):
            objects.insert(oid, pygit2.Oid(hex=oid), FILE_MODE)
        root = self.repo.TreeBuilder()
        root.insert("state.json", self.repo.create_blob(payload), FILE_MODE)
        root.insert("objects", objects.write(), TREE_MODE)
        now = int(time.time())
        signature = pygit2.Signature(*SIGNATURE, now, 0)
        commit = self.repo.create_commit(None, signature, signature, "kguard state", root.write(), [])
        self.repo.references.create(self.ref, commit, force=True)


def _bare(path: Path) -> pygit2.Repository:
    if (path / "HEAD").is_file():
        return pygit2.Repository(str(path))
    path.parent.mkdir(parents=True, exist_ok=True)
    return pygit2.init_repository(str(path), bare=True)
