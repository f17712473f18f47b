"""A guarded root (the project folder or the home, with its store, rules and state) and a change found in
it; and how the roots of a project are set up."""
from __future__ import annotations

import hashlib
import os
import stat
import time
from dataclasses import dataclass, field, replace
from pathlib import Path

import pygit2

from guard.blobhash import blob_id
from guard.discovery import CONFIG_IN_PYPROJECT, Rules
from guard.observe import Observed
from guard.paths import Places
from guard.statcache import RootCache
from guard.state import Entry, State
from guard.store import Store
from rules_engine.errors import Refused
from rules_engine.layout import Scope, display_path


@dataclass
class Root:
    scope: Scope
    base: Path
    store: Store
    rules: Rules
    dir_specs: list[tuple[str, bool]]
    lock_dir: Path
    state: State = field(default_factory=State)
    fresh: bool = True  # no state was stored yet
    found_fresh: bool = False  # no state was found when the transaction began (fresh then, whatever since)
    dirty: bool = False
    observed: dict[str, Observed] = field(default_factory=dict)
    cache: RootCache | None = None  # the stat cache records observe() produced for this root

    def display(self, rel: str) -> str:
        return display_path(self.scope, rel)

    def path(self, rel: str) -> Path:
        return self.base / rel


@dataclass
class Change:
    """A difference between a root's baseline and what is on disk now."""

    root: Root
    rel: str
    kind: str
    before: Entry | None
    after: Observed | None

    @property
    def display(self) -> str:
        return self.root.display(self.rel)

    @property
    def key(self) -> str:
        return f"{self.root.scope}:{self.rel}"

    @property
    def after_entry(self) -> Entry | None:
        return None if self.after is None else Entry(oid=self.after.oid, mode=self.after.mode)

    def before_bytes(self) -> bytes | None:
        return None if self.before is None else self.root.store.read_blob(self.before.oid)

    def after_bytes(self) -> bytes | None:
        if self.after is None:
            return None
        if self.after.data is None:
            self.after.data = read_entry_now(self.root.path(self.rel), self.after, self.display)
        return self.after.data


def read_entry_now(path: Path, seen: Observed, display: str) -> bytes:
    """The content `seen` observed, read again now (the look that found it did not keep it). A file gone,
    swapped (its folder for a symlink, say) or rewritten since is a refusal, never what gets recorded."""
    try:
        data = os.fsencode(os.readlink(path)) if stat.S_ISLNK(seen.mode) else path.read_bytes()
    except OSError as exc:
        raise Refused(f"changed while kguard was deciding ({exc.strerror}); run it again", display) from None
    if blob_id(data) != seen.oid:
        raise Refused("changed while kguard was deciding; run it again", display)
    return data


def new_id() -> str:
    seed = f"{time.time_ns()}-{os.getpid()}-{id(object())}".encode()
    return hashlib.sha1(seed).hexdigest()[:8]


def keep_guarding_config(root: Root) -> None:
    """pyproject.toml is guarded while it configures kguard; a command that strips the [tool.kguard] table
    must show as a change to it, not make it vanish from the guard."""
    if root.scope == "project" and CONFIG_IN_PYPROJECT in root.state.baseline \
            and CONFIG_IN_PYPROJECT not in root.rules.extra_files:
        root.rules = replace(root.rules, extra_files=(*root.rules.extra_files, CONFIG_IN_PYPROJECT))


def hooks_dirs(places: Places) -> list[Path]:
    """The hooks folder git uses now and git's default one: moving `core.hooksPath` away leaves the hooks in
    the default folder guarded (the move itself is a change of guard.gitconfig's settings)."""
    if places.git_dir is None:
        return []
    default = (places.common_dir or places.git_dir) / "hooks"
    configured = hooks_dir(places)
    return [default] if configured is None or configured == default else [configured, default]


def inside(root: Path, folders: list[Path]) -> list[str]:
    """The folders (relative, POSIX) that are inside `root`."""
    found = []
    for folder in folders:
        try:
            found.append(Path(os.path.realpath(folder)).relative_to(os.path.realpath(root)).as_posix())
        except ValueError:
            continue
    return found


def hooks_dir(places: Places) -> Path | None:
    if places.git_dir is None:
        return None
    try:
        repo = pygit2.Repository(str(places.git_dir))
        configured = repo.config["core.hooksPath"]
    except (KeyError, pygit2.GitError):
        return (places.common_dir or places.git_dir) / "hooks"
    path = Path(os.path.expanduser(configured))
    return path if path.is_absolute() else places.root / path
