"""Whether git ignores a folder, as the guard asks it: the usual heavy folders (node_modules, target ...) are
skipped only when git ignores them. A guarded command must be judged by the ignore rules as they were before
it ran, or `echo target/ >> .gitignore; mkdir target; echo ... > target/AGENTS.md` hides its own write, and
by the rules the user accepted, or the same in two commands (`.gitignore` first, the write later) does. So,
once `since_ns` is set (from kguard's trusted stat cache: since when the rules are the ones the user
accepted, i.e. unchanged since, or kept), a folder git ignores now is still walked when it changed since, or
was walked at the last look (`known`), and one of the files that make git's ignore rules (the `.gitignore` of
the root and of every folder above it, the repository's `info/exclude` and config, the user's excludes file
and git config) changed since: ctimes, which no process can set back. The walked folders are noted in
`hidden`; `rules_unchanged` says whether the rules may be trusted from now on."""
from __future__ import annotations

import os
from collections.abc import Iterable
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
        self.known: set[str] = set()  # folders walked at the last look

    def __call__(self, rel: str) -> bool:
        try:
            ignored = bool(self.repo.path_is_ignored(rel + "/"))
        except pygit2.GitError:
            return True
        if not ignored or not self.since_ns:
            return ignored
        after = self.since_ns - RACY_NS
        folder_new = rel in self.known or _changed(self.root / rel, after)
        if folder_new and any(_changed(path, after) for path in self._rule_files(rel)):
            self.hidden.add(rel)
            return False
        return True

    def rules_unchanged(self, folders: Iterable[str]) -> bool:
        """Whether none of the files that make the rules for `folders` (those walked) changed since `since_ns`."""
        if not self.since_ns:
            return True
        after = self.since_ns - RACY_NS
        files = self._global_files() + [self.root / folder / ".gitignore" for folder in folders]
        return not any(_changed(path, after) for path in files)

    def _rule_files(self, rel: str) -> list[Path]:
        parts = rel.split("/")[:-1]
        return [self.root.joinpath(*parts[:i], ".gitignore") for i in range(len(parts) + 1)] + self._global_files()

    def _global_files(self) -> list[Path]:
        files = [self.root / ".gitignore", self.common_dir / "info" / "exclude", self.common_dir / "config"]
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
