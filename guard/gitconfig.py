"""The git settings that switch hooks off, guarded as one virtual knowledge file.

`core.hooksPath` (pointed at an empty folder or /dev/null), an `[alias]` that adds `--no-verify` or `-n`,
and an `include.path` / `includeIf` (which can bring in either) switch kguard's git hooks off without
touching a hook file. They live in git's config files (local, worktree, global), which change for many
other reasons, so the guard does not hold the files themselves: it keeps a view of just these settings, one
`scope key=value` line each, under the name `.git/config[hooks]`. A change of the view is shown like a
change of a file; Reset and Undo put the settings back with `git config`."""
from __future__ import annotations

import os
import re
import subprocess
from pathlib import Path

REL = ".git/config[hooks]"
SCOPES = ("local", "worktree", "global")
_KEYS = r"^(core\.hookspath|alias\..*|include\.path|includeif\..*)$"
_ALIAS_OFF = re.compile(r"--no-verify|(^|\s)-[a-zA-Z]*n|hookspath|core\.hooks", re.IGNORECASE)


def _git(root: Path, *args: str) -> subprocess.CompletedProcess[str]:
    env = {k: v for k, v in os.environ.items() if k not in ("GIT_DIR", "GIT_WORK_TREE", "GIT_INDEX_FILE")}
    return subprocess.run(["git", *args], cwd=root, capture_output=True, text=True, env=env, timeout=30)


def view(root: Path) -> bytes | None:
    """The hook-related settings as sorted `scope key=value` lines; None when there are none (or no git)."""
    try:
        result = _git(root, "config", "--show-scope", "--get-regexp", _KEYS)
    except (OSError, subprocess.SubprocessError):
        return None
    lines = []
    for raw in result.stdout.splitlines():
        scope, _, rest = raw.partition("\t")
        key, _, value = rest.partition(" ")
        if scope not in SCOPES:
            continue
        if key.startswith("alias.") and not _ALIAS_OFF.search(value):
            continue
        lines.append(f"{scope} {key}={value}")
    return ("\n".join(sorted(lines)) + "\n").encode() if lines else None


def _parse(data: bytes | None) -> dict[tuple[str, str], list[str]]:
    found: dict[tuple[str, str], list[str]] = {}
    for line in (data or b"").decode("utf-8", "replace").splitlines():
        head, _, value = line.partition("=")
        scope, _, key = head.partition(" ")
        if scope in SCOPES and key:
            found.setdefault((scope, key), []).append(value)
    return found


def apply(root: Path, wanted: bytes | None) -> None:
    """Make the settings what `wanted` (a view) says: keys it does not hold are unset, the others set."""
    now = _parse(view(root))
    target = _parse(wanted)
    for scope, key in sorted(set(now) | set(target)):
        if now.get((scope, key)) == target.get((scope, key)):
            continue
        _git(root, "config", f"--{scope}", "--unset-all", key)
        for value in target.get((scope, key), []):
            _git(root, "config", f"--{scope}", "--add", key, value)


def watched_files(root: Path) -> list[Path]:
    """Git's global config files: a change there (outside the repository) must bring the guard to look."""
    home = Path(os.path.expanduser("~"))
    xdg = Path(os.environ.get("XDG_CONFIG_HOME") or home / ".config")
    explicit = os.environ.get("GIT_CONFIG_GLOBAL")
    return [Path(explicit)] if explicit else [home / ".gitconfig", xdg / "git" / "config"]
