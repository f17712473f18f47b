"""Sharing the notes (opt-in, `kguard hooks install --share-notes`): git's own refspecs, so `git fetch` and
`git push` carry refs/notes/kguard. kguard itself sends nothing anywhere. Fetched notes land beside the
local ones (refs/notes/remotes/REMOTE/kguard, forced: a fetch never fails over them) and are read after
them; a diverged push is git's to refuse, and `git notes --ref=kguard merge` joins them."""
from __future__ import annotations

import os
import subprocess
from pathlib import Path

from guard.provenance.notes import NOTES_REF
from rules_engine.errors import KguardError


def fetched_ref(remote: str) -> str:
    return f"refs/notes/remotes/{remote}/kguard"


def _git(root: Path, *args: str) -> subprocess.CompletedProcess[str]:
    env = {k: v for k, v in os.environ.items() if k not in ("GIT_DIR", "GIT_WORK_TREE", "GIT_INDEX_FILE")}
    try:
        return subprocess.run(["git", *args], cwd=root, capture_output=True, text=True, env=env, timeout=60)
    except (OSError, subprocess.SubprocessError) as exc:
        raise KguardError(f"cannot run git ({exc})", root) from None


def _add(root: Path, key: str, value: str) -> bool:
    have = _git(root, "config", "--get-all", key).stdout.splitlines()
    if value in have:
        return False
    result = _git(root, "config", "--add", key, value)
    if result.returncode != 0:
        raise KguardError(f"cannot set {key} ({result.stderr.strip()})", root)
    return True


def share_notes(root: Path) -> list[str]:
    """Add the refspecs to every remote; what was done, one line each."""
    remotes = _git(root, "remote").stdout.split()
    if not remotes:
        return ["notes: no git remote to share them with (add one, then run this again)"]
    out = []
    for remote in remotes:
        pushes = _git(root, "config", "--get-all", f"remote.{remote}.push").stdout.splitlines()
        changed = _add(root, f"remote.{remote}.fetch", f"+{NOTES_REF}:{fetched_ref(remote)}")
        if not pushes:  # a push refspec replaces git's default: keep pushing the current branch as before
            changed = _add(root, f"remote.{remote}.push", "HEAD") or changed
        changed = _add(root, f"remote.{remote}.push", f"{NOTES_REF}:{NOTES_REF}") or changed
        out.append(f"notes: {'fetched from and pushed to' if changed else 'already shared with'} {remote} "
                   f"({NOTES_REF}; fetched into {fetched_ref(remote)})")
    return out
