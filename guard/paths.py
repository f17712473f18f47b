"""Where things are: the project root, its git dir, the home and state folders. No heavy imports: the
`kguard run` fast path uses this module."""
from __future__ import annotations

import hashlib
import os
from dataclasses import dataclass
from pathlib import Path


@dataclass(frozen=True)
class Places:
    root: Path  # the work tree top (or the folder kguard was started in, outside git)
    git_dir: Path | None  # the repository's git dir (a linked worktree's own), None outside git
    common_dir: Path | None  # where objects and refs live (shared by linked worktrees)
    home: Path
    state: Path  # kguard's private state folder (bare stores, caches for non-git roots)

    @property
    def project_state(self) -> Path:
        """Per-root folder for the stat cache, the lock and run markers."""
        if self.git_dir is not None:
            return self.git_dir / "kguard"
        digest = hashlib.sha1(os.fsencode(self.root)).hexdigest()[:16]
        return self.state / "projects" / digest

    @property
    def home_state(self) -> Path:
        return self.state / "home"


def home_dir() -> Path:
    env = os.environ.get("KGUARD_HOME")
    return Path(env) if env else Path.home()


def state_dir(home: Path) -> Path:
    env = os.environ.get("KGUARD_STATE")
    if env:
        return Path(env)
    xdg = os.environ.get("XDG_STATE_HOME") if not os.environ.get("KGUARD_HOME") else None
    return Path(xdg) / "kguard" if xdg else home / ".local" / "state" / "kguard"


def _git_dirs(top: Path) -> tuple[Path, Path] | None:
    dot_git = top / ".git"
    if dot_git.is_dir():
        return dot_git, dot_git
    if dot_git.is_file():  # a linked worktree or a submodule: "gitdir: <path>"
        text = dot_git.read_text(encoding="utf-8", errors="strict").strip()
        if not text.startswith("gitdir:"):
            return None
        git_dir = (top / text[len("gitdir:"):].strip()).resolve()
        common = git_dir
        common_file = git_dir / "commondir"
        if common_file.is_file():
            common = (git_dir / common_file.read_text(encoding="utf-8").strip()).resolve()
        return git_dir, common
    return None


def find_places(start: Path | None = None) -> Places:
    here = (start or Path.cwd()).resolve()
    home = home_dir()
    state = state_dir(home)
    for candidate in (here, *here.parents):
        dirs = _git_dirs(candidate)
        if dirs is not None:
            return Places(candidate, dirs[0], dirs[1], home, state)
    return Places(here, None, None, home, state)
