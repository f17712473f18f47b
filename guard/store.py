"""The snapshot store: file contents as blobs in git's object database (pygit2), the guard's state as one
commit under a private ref (`refs/kguard/...`), so `git gc` keeps it and `git push` does not send it. Outside
a git repository, and for home-level files, a private bare repository under the state folder."""
from __future__ import annotations

import json
import os
import time
from dataclasses import dataclass, field
from pathlib import Path

import pygit2

from guard.paths import Places
from guard.state import State
from guard.state_read import parse_state
from rules_engine.errors import KguardError

SIGNATURE = ("kguard", "kguard@localhost")
FILE_MODE = pygit2.enums.FileMode.BLOB
TREE_MODE = pygit2.enums.FileMode.TREE


@dataclass
class Loaded:
    """A state as read back: what validated, what did not, and whether the baseline is lost altogether."""

    state: State
    problems: list[str] = field(default_factory=list)
    untrusted: set[str] = field(default_factory=set)  # paths whose baseline entry was damaged
    lost: bool = False  # no readable state although one was kept: no file's baseline can be trusted


class Store:
    """One object database plus the ref that holds the guard's state for one root. The ref's commit id is
    also kept in `backup` (the state folder), so a deleted or damaged ref is recovered from it."""

    def __init__(self, repo: pygit2.Repository, ref: str, backup: Path) -> None:
        self.repo = repo
        self.ref = ref
        self.backup = backup

    @classmethod
    def for_project(cls, places: Places) -> Store:
        backup = places.project_state / "state-head"
        try:
            if places.git_dir is None or places.common_dir is None:
                return cls(_bare(places.project_state / "store.git"), "refs/kguard/state", backup)
            repo = pygit2.Repository(str(places.git_dir))
        except (pygit2.GitError, OSError) as exc:
            raise KguardError(f"cannot open the repository's object store ({exc})", places.git_dir) from None
        if places.git_dir == places.common_dir:
            return cls(repo, "refs/kguard/state", backup)
        return cls(repo, f"refs/kguard/worktrees/{places.git_dir.name}/state", backup)

    @classmethod
    def for_home(cls, places: Places) -> Store:
        try:
            return cls(_bare(places.home_state / "store.git"), "refs/kguard/state", places.home_state / "state-head")
        except (pygit2.GitError, OSError) as exc:
            raise KguardError(f"cannot open the home store ({exc})", places.home_state) from None

    def write_blob(self, data: bytes) -> str:
        try:
            return str(self.repo.create_blob(data))
        except (pygit2.GitError, OSError) as exc:
            raise KguardError(f"cannot write to the object store ({exc}); kguard changed no file",
                              self.repo.path) from None

    def read_blob(self, oid: str) -> bytes:
        try:
            blob = self.repo[oid]
        except (KeyError, ValueError, TypeError, pygit2.GitError):
            raise KguardError(f"the store lost object {oid}", self.repo.path) from None
        if not isinstance(blob, pygit2.Blob):
            raise KguardError(f"the store's object {oid} is not file content", self.repo.path)
        return bytes(blob.data)

    def load(self) -> Loaded | None:
        """The stored state; None when none was ever kept. A damaged or missing ref is recovered from the
        backup; when neither can be read, `lost` says the baseline cannot be trusted."""
        problems: list[str] = []
        target: object = None
        try:
            target = self.repo.references[self.ref].target
        except KeyError:
            pass
        except (pygit2.GitError, ValueError, TypeError, OSError) as exc:
            problems.append(f"{self.ref} is damaged ({exc})")
        backup = self._read_backup()
        if backup is None and os.path.lexists(self.backup):
            problems.append(f"{self.backup} is damaged")
        if target is None and not problems and backup is not None:
            problems.append(f"{self.ref} is missing")
        if target is None and backup is None and not problems:
            return None
        for where, commit in ((self.ref, target), (str(self.backup), backup)):
            if commit is None:
                continue
            try:
                tree = self.repo[commit].peel(pygit2.Tree)  # type: ignore[index]
                state, damaged, untrusted = parse_state(json.loads(bytes(tree["state.json"].data)))
            except (KeyError, ValueError, TypeError, RecursionError, pygit2.GitError, OSError) as exc:
                problems.append(f"the state in {where} is damaged ({type(exc).__name__}: {exc})")
                continue
            if commit is backup and commit != target:
                problems.append(f"recovered the state from {self.backup}")
            return Loaded(state, problems + damaged, untrusted)
        if target is None and not any(self.ref in p for p in problems):
            problems.insert(0, f"{self.ref} is missing")
        return Loaded(State(), problems, set(), lost=True)

    def _read_backup(self) -> str | None:
        try:
            with open(self.backup, encoding="ascii") as handle:
                text = handle.read(100).strip()
        except (OSError, UnicodeDecodeError):
            return None
        return text if len(text) in (40, 64) and not text.strip("0123456789abcdef") else None

    def save(self, state: State) -> None:
        try:
            commit = self._commit(state)
            self._set_ref(commit)
        except (pygit2.GitError, OSError) as exc:
            raise KguardError(f"cannot save the guard's state ({exc}); no file was changed after this point",
                              self.repo.path) from None
        from guard import atomic

        try:
            atomic.remove_leftovers(self.backup.parent, self.backup.parent)  # of a kguard killed writing it
            atomic.write_private(self.backup, f"{commit}\n".encode())
        except OSError:
            pass  # the ref holds the state; the backup only helps recover a deleted ref

    def _commit(self, state: State) -> pygit2.Oid:
        payload = json.dumps(state.model_dump(mode="json"), sort_keys=True, indent=1).encode()
        objects = self.repo.TreeBuilder()
        for oid in sorted(state.referenced_oids()):
            if oid in self.repo:  # a blob lost from the store is reported where it is used, not here
                objects.insert(oid, pygit2.Oid(hex=oid), FILE_MODE)
        root = self.repo.TreeBuilder()
        root.insert("state.json", self.repo.create_blob(payload), FILE_MODE)
        root.insert("objects", objects.write(), TREE_MODE)
        now = int(time.time())
        signature = pygit2.Signature(*SIGNATURE, now, 0)
        return self.repo.create_commit(None, signature, signature, "kguard state", root.write(), [])

    def _set_ref(self, commit: pygit2.Oid) -> None:
        try:
            self.repo.references.create(self.ref, commit, force=True)
        except (pygit2.GitError, OSError, ValueError):  # libgit2 reports a held lock as an OSError
            if not self._clear_way():
                raise
            self.repo.references.create(self.ref, commit, force=True)

    def objects_folder(self) -> str:
        """Where the object database keeps its objects (a linked worktree's are its main repository's)."""
        return os.path.join(_common(self.repo.path), "objects")

    def _clear_way(self) -> bool:
        """Remove what keeps the ref from being written: a ref lock left by a killed process (the caller
        holds kguard's own lock, so no kguard owns it; git holds a ref lock for milliseconds, so one older
        than a second is stale, git's own rule), or a loose ref file that is not a ref (damaged)."""
        cleared = False
        for folder in {self.repo.path, _common(self.repo.path)}:
            lock = os.path.join(folder, self.ref + ".lock")
            loose = os.path.join(folder, self.ref)
            try:
                if time.time() - os.lstat(lock).st_mtime < 1.0:
                    time.sleep(1.0)
                os.unlink(lock)
                cleared = True
            except FileNotFoundError:
                pass
            try:
                with open(loose, "rb") as handle:
                    text = handle.read(200).strip()
                if not (len(text) in (40, 64) and not text.strip(b"0123456789abcdef")):
                    os.unlink(loose)
                    cleared = True
            except (FileNotFoundError, IsADirectoryError, NotADirectoryError):
                pass
        return cleared


def _common(git_dir: str) -> str:
    try:
        with open(os.path.join(git_dir, "commondir"), encoding="utf-8") as handle:
            return os.path.normpath(os.path.join(git_dir, handle.read().strip()))
    except OSError:
        return git_dir


def _bare(path: Path) -> pygit2.Repository:
    if (path / "HEAD").is_file():
        return pygit2.Repository(str(path))
    path.parent.mkdir(parents=True, exist_ok=True)
    return pygit2.init_repository(str(path), bare=True)
