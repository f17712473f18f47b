"""Is a path a knowledge file? For Claude Code's Write, Edit and MultiEdit, which name their target by an
absolute path. A false alarm costs one question to the user, a miss costs the guard, so every spelling
counts: the path as given, with symlinks resolved, and in any letter case (macOS and Windows file systems
ignore case). `fallback_target` works without the guard, for the hook's crash path."""
from __future__ import annotations

import os
from pathlib import Path

from guard.discovery import home_rules, project_rules
from guard.paths import Places
from hooks.git.scripts import hooks_dir
from rules_engine.layout import HOME, PROJECT, display_path, glob_match

CONTROL_MARKER = b"[tool.kguard"
GUARDED_DIRS = (".agents/", ".claude/", ".cursor/", ".snotra/", ".github/copilot", ".git/hooks/")


def _spellings(file_path: str, cwd: Path) -> list[Path]:
    given = Path(os.path.normpath(os.path.join(cwd, os.path.expanduser(file_path))))
    real = Path(os.path.realpath(given))
    return [given] if real == given else [given, real]


def _relative(path: Path, base: Path) -> str | None:
    for b in {base, Path(os.path.realpath(base))}:
        try:
            return path.relative_to(b).as_posix()
        except ValueError:
            continue
    return None


def _matches(rel: str, patterns: list[str]) -> bool:
    lower = rel.lower()
    return any(glob_match(p, rel) or glob_match(p.lower(), lower) for p in patterns)


def _git_hooks(places: Places) -> Path | None:
    try:
        return hooks_dir(places) if places.git_dir is not None else None
    except Exception:  # no git, or git refused: the layout's other rules still apply
        return None


def knowledge_target(places: Places, include: tuple[str, ...], exclude: tuple[str, ...], file_path: str,
                     new_text: str = "") -> str | None:
    """How the guard names `file_path` when it is a knowledge file (e.g. `AGENTS.md`, `~/.claude/CLAUDE.md`),
    else None."""
    rules = project_rules(places, include, exclude, git_ignores=False)
    project = [loc.pattern for loc in rules.locations] + list(include)
    home = [loc.pattern for loc in home_rules(places).locations]
    hooks = _git_hooks(places)
    for path in _spellings(file_path, places.root):
        rel = _relative(path, places.root)
        if rel is not None:
            if rules.classify(rel) is not None or _matches(rel, project):
                if not any(glob_match(p, rel) for p in exclude):
                    return display_path("project", rel)
            if rel.lower() == "pyproject.toml" and (CONTROL_MARKER.decode() in new_text
                                                    or _holds_marker(path)):
                return rel
        if hooks is not None and _relative(path.parent, hooks) == "." and not path.name.endswith(".sample"):
            return display_path("project", rel) if rel is not None else str(path)
        home_rel = _relative(path, places.home)
        if home_rel is not None and _matches(home_rel, home):
            return display_path("home", home_rel)
    return None


def _holds_marker(path: Path) -> bool:
    try:
        return CONTROL_MARKER in path.read_bytes()
    except OSError:
        return False


def fallback_target(file_path: object, cwd: str) -> bool:
    """Without the guard (it just failed): could this be a knowledge file? Unsure means yes."""
    try:
        if not isinstance(file_path, str) or not file_path:
            return True
        path = os.path.normpath(os.path.join(cwd, file_path)).replace(os.sep, "/")
        lower = path.lower()
        name = lower.rsplit("/", 1)[-1]
        patterns = [loc.pattern.lower() for loc in (*PROJECT, *HOME)]
        if any(glob_match(p, name) for p in patterns) or name == "pyproject.toml":
            return True
        return any(f"/{folder}" in lower for folder in GUARDED_DIRS)
    except Exception:
        return True
