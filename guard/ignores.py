"""Whether git ignores a folder, as the guard asks it: the usual heavy folders (node_modules, target ...) are
skipped only when git ignores them. A guarded command must be judged by the ignore rules as they were before
it ran, or `echo target/ >> .gitignore; mkdir target; echo ... > target/AGENTS.md` hides its own write. So,
once `since_ns` is set (the time kguard last looked, from its trusted stat cache), a folder git ignores now is
still walked when both it and one of the files that make git's ignore rules (the `.gitignore` of the root and
of every folder above it, the repository's `info/exclude` and config, the user's excludes file and git
config) changed since: ctimes, which no process can set back. The walked folders are noted in `hidden`."""
from __future__ import annotations

import os
from pathlib import Path

import pygit2

from guard.folders import stamp
from guard.statcache import RACY_NS


class GitIgnores:
    def __init__(self, repo: pygit2.Repository, root: Path, common_dir: Path) -> None:
        self.repo = repo
        self.root = root
        self.common_dir = common_dir
        self.since_ns = 0  # 0: the rules as they are now are trusted
        self.hidden: set[str] = set()  # folders the new rules hide and the old did not (as far as known)

    def __call__(self, rel: str) -> bool:
        try:
            ignored = bool(self.repo.path_is_ignored(rel + "/"))
        except pygit2.GitError:
            return True
        if not ignored or not self.since_ns:
            return ignored
        after = self.since_ns - RACY_NS
        if _changed(self.root / rel, after) and any(_changed(path, after) for path in self._rule_files(rel)):
            self.hidden.add(rel)
            return False
        return True

    def _rule_files(self, rel: str) -> list[Path]:
        parts = rel.split("/")[:-1]
        files = [self.root.joinpath(*parts[:i], ".gitignore") for i in range(len(parts) + 1)]
        files += [self.common_dir / "info" / "exclude", self.common_dir / "config"]
        home = Path(os.path.expanduser("~"))
        xdg = Path(os.environ.get("XDG_CONFIG_HOME") or home / ".config") / "git"
        files += [home / ".gitconfig", xdg / "config", xdg / "ignore"]
        try:
            named = self.repo.config["core.excludesFile"]
            files.append(Path(os.path.expanduser(str(named))))
        except (KeyError, pygit2.GitError, ValueError):
            pass
        return files


def _changed(path: Path, after: int) -> bool:
    """Whether `path` was created or changed after `after` (one that cannot be statted counts as changed)."""
    try:
        return stamp(os.stat(path)) >= after
    except FileNotFoundError:
        return False
    except OSError:
        return True
