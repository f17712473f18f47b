"""Finding the work tree, its git dir and kguard's state folders with os.path alone: the `kguard run` fast
path starts here, before any heavier import."""
from __future__ import annotations

import os


def git_dirs(top: str) -> tuple[str, str] | None:
    """(git_dir, common_dir) when `top` is the top of a work tree, else None."""
    dot_git = os.path.join(top, ".git")
    if os.path.isdir(dot_git):
        return dot_git, dot_git
    if not os.path.isfile(dot_git):
        return None
    try:  # a linked worktree or a submodule: "gitdir: <path>"
        with open(dot_git, encoding="utf-8") as handle:
            text = handle.read().strip()
    except (OSError, UnicodeDecodeError):
        return None
    if not text.startswith("gitdir:"):
        return None
    git_dir = os.path.realpath(os.path.join(top, text[len("gitdir:"):].strip()))
    common = git_dir
    try:
        with open(os.path.join(git_dir, "commondir"), encoding="utf-8") as handle:
            common = os.path.realpath(os.path.join(git_dir, handle.read().strip()))
    except OSError:
        pass
    return git_dir, common


def find_root(start: str) -> tuple[str, str | None, str | None]:
    """(root, git_dir, common_dir): the nearest work tree at or above `start`, else `start` alone."""
    here = os.path.realpath(start)
    candidate = here
    while True:
        dirs = git_dirs(candidate)
        if dirs is not None:
            return candidate, dirs[0], dirs[1]
        parent = os.path.dirname(candidate)
        if parent == candidate:
            return here, None, None
        candidate = parent


def home_dir() -> str:
    return os.environ.get("KGUARD_HOME") or os.path.expanduser("~")


def state_dir(home: str) -> str:
    explicit = os.environ.get("KGUARD_STATE")
    if explicit:
        return explicit
    xdg = os.environ.get("XDG_STATE_HOME") if not os.environ.get("KGUARD_HOME") else None
    return os.path.join(xdg, "kguard") if xdg else os.path.join(home, ".local", "state", "kguard")


def project_state(root: str, git_dir: str | None, state: str) -> str:
    """Per-root folder for the stat cache, the lock and run markers."""
    if git_dir is not None:
        return os.path.join(git_dir, "kguard")
    import hashlib

    digest = hashlib.sha1(os.fsencode(root)).hexdigest()[:16]
    return os.path.join(state, "projects", digest)


def state_for(start: str) -> str:
    """The project state folder (stat cache, lock, run markers) of the work tree at or above `start`."""
    return root_and_state(start)[1]


def root_and_state(start: str) -> tuple[str, str]:
    """The work tree at or above `start` and its project state folder."""
    root, git_dir, _ = find_root(start)
    return root, project_state(root, git_dir, state_dir(home_dir()))


def has_config(root: str) -> bool:
    """Whether the root holds a kguard config (.kguard.toml, or [tool.kguard] in pyproject.toml)."""
    if os.path.exists(os.path.join(root, ".kguard.toml")):
        return True
    try:
        with open(os.path.join(root, "pyproject.toml"), "rb") as handle:
            return b"[tool.kguard" in handle.read()
    except OSError:
        return False
