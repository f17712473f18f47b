"""Finds the knowledge files of a project root and of the home. The walk looks at every folder below the
root (a new nested AGENTS.md can appear anywhere) but reads no file; the stat cache (guard.statcache) then
re-lists only the folders whose stamp changed, so later runs cost what the number of folders costs."""
from __future__ import annotations

import os
import stat
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from pathlib import Path

from guard.folders import ABSENT, stamp
from guard.paths import Places
from rules_engine.layout import (
    PROJECT,
    SKIPPED_DIRS,
    Location,
    Scope,
    claude_project_key,
    display_path,
    glob_match,
    home_locations,
    locate,
)

CONFIG_IN_PYPROJECT = "pyproject.toml"
CONTROL = Location("", "project", "control", "every-tool")
INCLUDED = Location("", "project", "instructions", "every-tool")


@dataclass(frozen=True)
class KnowledgeFile:
    scope: Scope
    rel: str  # POSIX path relative to the project root or the home
    path: Path
    location: Location

    @property
    def display(self) -> str:
        return display_path(self.scope, self.rel)

    @property
    def key(self) -> str:
        """Unique across both scopes: what the store, the journal and the cache are keyed by."""
        return f"{self.scope}:{self.rel}"


@dataclass(frozen=True)
class Rules:
    """What counts as knowledge in one scope: the layout plus the config's include and exclude globs."""

    scope: Scope
    locations: tuple[Location, ...]
    include: tuple[str, ...] = ()
    exclude: tuple[str, ...] = ()
    extra_files: tuple[str, ...] = ()  # exact paths guarded as control files (git hooks, pyproject)
    # Whether git ignores a folder: the usual heavy folders (node_modules, venv, target ...) are skipped only
    # when it does; one git does not ignore may hold a nested AGENTS.md like any other. None: outside git.
    git_ignores: Callable[[str], bool] | None = field(default=None, compare=False, repr=False)

    def classify(self, rel: str) -> Location | None:
        if any(glob_match(pattern, rel) for pattern in self.exclude):
            return None
        if rel in self.extra_files or self.knowledge_folder(rel):
            return CONTROL
        found = locate(rel, self.locations)
        if found is not None:
            return found
        if any(glob_match(pattern, rel) for pattern in self.include):
            return INCLUDED
        return None

    def knowledge_folder(self, rel: str) -> bool:
        """A folder some location lies in by name (`.claude/rules`, `.cursor`): when it is a symlink, the link
        is guarded as a file of its own and the folder behind it is walked (agents read through links)."""
        prefixes = _literal_prefixes(self.locations, self.include)
        return any(prefix.startswith(rel + "/") for prefix in prefixes)

    def skip_dir(self, rel: str, name: str) -> bool:
        if name == ".git":
            return True
        if name in SKIPPED_DIRS and (self.git_ignores is None or self.git_ignores(rel)):
            return True
        return any(glob_match(p, rel) or glob_match(p, rel + "/") for p in self.exclude)


@dataclass
class WalkResult:
    files: dict[str, KnowledgeFile] = field(default_factory=dict)
    dirs: dict[str, int] = field(default_factory=dict)  # rel folder ("" = base) -> stamp (guard.folders)
    linked: dict[str, str] = field(default_factory=dict)  # rel of a symlinked knowledge folder -> its real path


_PREFIXES: dict[tuple[object, ...], tuple[str, ...]] = {}


def _literal_prefixes(locations: tuple[Location, ...], include: tuple[str, ...]) -> tuple[str, ...]:
    """The part of each pattern before its first wildcard (`.claude/rules/` of `.claude/rules/**/*.md`)."""
    key = (locations, include)
    if key not in _PREFIXES:
        found = []
        for pattern in (*(loc.pattern for loc in locations), *include):
            cut = min((i for i, ch in enumerate(pattern) if ch in "*?["), default=len(pattern))
            head = pattern[:cut].rpartition("/")[0]
            if head:
                found.append(head + "/")
        _PREFIXES[key] = tuple(found)
    return _PREFIXES[key]


def configures_kguard(pyproject: Path) -> bool:
    """Whether pyproject.toml holds kguard's settings ([tool.kguard], in any TOML spelling): then it is guarded
    like the config file it is. A file that does not parse is guarded too (it may be meant to)."""
    try:
        data = pyproject.read_bytes()
    except OSError:
        return False
    if b"kguard" not in data:
        return False
    import tomllib

    try:
        tool = tomllib.loads(data.decode("utf-8")).get("tool", {})
    except (UnicodeDecodeError, tomllib.TOMLDecodeError):
        return True
    return isinstance(tool, dict) and "kguard" in tool


def project_rules(places: Places, include: Iterable[str] = (), exclude: Iterable[str] = (),
                  hooks_dir: Path | Iterable[Path] | None = None, git_ignores: bool = True) -> Rules:
    """`git_ignores=False`: rules that only classify paths (the walk asks git's ignore rules, classify never
    does), without opening the repository (pygit2 is ~80 % of a hook call that only names a write's target)."""
    extra: list[str] = []
    if configures_kguard(places.root / CONFIG_IN_PYPROJECT):
        extra.append(CONFIG_IN_PYPROJECT)
    folders = [hooks_dir] if isinstance(hooks_dir, Path) else list(hooks_dir or ())
    for folder in folders:
        if not folder.is_dir():
            continue
        try:
            rel_hooks = folder.resolve().relative_to(places.root.resolve()).as_posix()
        except ValueError:
            continue  # outside the work tree (some linked worktrees): not guarded
        for entry in sorted(os.listdir(folder)):
            rel = f"{rel_hooks}/{entry}"
            if not entry.endswith(".sample") and (folder / entry).is_file() and rel not in extra:
                extra.append(rel)
    return Rules("project", PROJECT, tuple(include), tuple(exclude), tuple(extra),
                 _ignore_check(places) if git_ignores else None)


def _ignore_check(places: Places) -> Callable[[str], bool] | None:
    if places.git_dir is None:
        return None
    import pygit2

    from guard.ignores import GitIgnores

    try:
        repo = pygit2.Repository(str(places.git_dir))
    except pygit2.GitError:
        return None
    return GitIgnores(repo, places.root, places.common_dir or places.git_dir)


def home_rules(places: Places) -> Rules:
    return Rules("home", home_locations(str(places.root)))


def home_dirs(places: Places) -> tuple[tuple[str, bool], ...]:
    """Home folders worth listing, each (folder, recursive); the home itself is never walked."""
    memory = f".claude/projects/{claude_project_key(str(places.root))}/memory"
    return ((".snotra", True), (".agents/rules", False), (".claude", False), (".gemini", False), (memory, False))


def walk(base: Path, rules: Rules, start: str = "", result: WalkResult | None = None,
         recursive: bool = True) -> WalkResult:
    """Walk `start` (a folder relative to `base`) and, if recursive, everything below it not skipped."""
    result = result or WalkResult()
    stack = [start]
    while stack:
        rel_dir = stack.pop()
        folder = base / rel_dir if rel_dir else base
        try:
            st = os.stat(folder, follow_symlinks=False)
            if stat.S_ISLNK(st.st_mode) and rel_dir and rules.knowledge_folder(rel_dir):
                real = os.path.realpath(folder)
                if real in result.linked.values():
                    continue  # a loop
                result.linked[rel_dir] = real
                st = os.stat(folder) if os.path.isdir(folder) else st  # the link's stamp is kept (below)
                result.dirs[rel_dir] = stamp(os.lstat(folder))
        except OSError:
            st = None
        if st is None or not stat.S_ISDIR(st.st_mode):
            if rel_dir == start:
                result.dirs[rel_dir] = ABSENT
            continue
        if rel_dir not in result.linked:
            result.dirs[rel_dir] = stamp(st)
        try:
            entries = list(os.scandir(folder))
        except OSError:
            continue
        for entry in entries:
            rel = f"{rel_dir}/{entry.name}" if rel_dir else entry.name
            try:
                is_dir = entry.is_dir(follow_symlinks=False)
            except OSError:
                continue
            if is_dir:
                if recursive and not rules.skip_dir(rel, entry.name):
                    stack.append(rel)
                continue
            if recursive and entry.is_symlink() and rules.knowledge_folder(rel) and os.path.isdir(entry.path):
                stack.append(rel)  # walked through the link; the link itself is classified below
            location = rules.classify(rel)
            if location is not None:
                result.files[f"{rules.scope}:{rel}"] = KnowledgeFile(
                    rules.scope, rel, Path(entry.path), location
                )
    return result


def add_extras(base: Path, rules: Rules, result: WalkResult) -> WalkResult:
    """The control files that live in skipped folders (git hooks under .git/hooks) and their folders."""
    for rel in rules.extra_files:
        path = base / rel
        if os.path.lexists(path):
            result.files[f"{rules.scope}:{rel}"] = KnowledgeFile(rules.scope, rel, path, CONTROL)
        parent = rel.rpartition("/")[0]
        if parent not in result.dirs:
            try:
                result.dirs[parent] = stamp(os.stat(base / parent, follow_symlinks=False))
            except OSError:
                pass
    return result


def walk_project(root: Path, rules: Rules) -> WalkResult:
    return add_extras(root, rules, walk(root, rules))


def walk_home(places: Places, rules: Rules) -> WalkResult:
    result = WalkResult()
    for rel_dir, recursive in home_dirs(places):
        walk(places.home, rules, rel_dir, result, recursive)
    return result


def discover(places: Places, include: Iterable[str] = (), exclude: Iterable[str] = (),
             with_home: bool = True, hooks_dir: Path | None = None) -> list[KnowledgeFile]:
    """Every knowledge file now present, project files first, sorted by path."""
    found = walk_project(places.root, project_rules(places, include, exclude, hooks_dir)).files
    if with_home:
        found.update(walk_home(places, home_rules(places)).files)
    return sorted(found.values(), key=lambda f: (f.scope != "project", f.rel))
