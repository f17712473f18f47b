"""Where things are: the project root, its git dir, the home and state folders."""
from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path

from guard import where
from rules_engine.errors import KguardError


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
        git_dir = str(self.git_dir) if self.git_dir is not None else None
        return Path(where.project_state(str(self.root), git_dir, str(self.state)))

    @property
    def home_state(self) -> Path:
        return self.state / "home"


def home_dir() -> Path:
    return Path(where.home_dir())


def find_places(start: Path | None = None) -> Places:
    if start is None:
        try:
            start = Path(os.getcwd())
        except FileNotFoundError:
            raise KguardError("the current folder no longer exists; cd into the project again") from None
    root, git_dir, common = where.find_root(str(start))
    home = where.home_dir()
    return Places(Path(root), Path(git_dir) if git_dir else None, Path(common) if common else None,
                  Path(home), Path(where.state_dir(home)))
