"""Installing and removing kguard's git hooks. Respects `core.hooksPath`; a hook kguard did not write is
kept as `<hook>.legacy` and called first; kguard's own scripts carry a marker, so install is idempotent and
uninstall puts back what was there."""
from __future__ import annotations

import os
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

from guard import atomic
from guard.paths import Places
from rules_engine.errors import KguardError

MARKER = "# kguard-managed-hook"
GATES = ("pre-commit", "pre-merge-commit")
WATCHERS = ("post-merge", "post-checkout", "post-rewrite")
RECORDERS = ("post-commit",)  # the git note of who wrote the commit's lines (hooks.git.committed)
HOOK_NAMES = GATES + WATCHERS + RECORDERS
LEGACY = ".legacy"

TEMPLATE = """#!/bin/sh
{marker} v1: written by `kguard hooks install`; `kguard hooks uninstall` removes it and puts back
# the hook that was here before (kept as {name}.legacy and called first).
hook={name}
here=$(dirname -- "$0")
legacy="$here/$hook.legacy"
# Another manager (the pre-commit framework) may have moved this script to $hook.legacy: never call itself.
[ "$(basename -- "$0")" = "$hook.legacy" ] && legacy=/nonexistent
python={python}
package={package}

run_kguard() {{
    # The interpreter kguard was installed with comes first (the same installation that wrote this
    # script); `-P` keeps a `hooks/` folder in the repository from shadowing the package.
    if [ -x "$python" ] && [ -f "$package/hooks/entry.py" ]; then
        "$python" -P -m hooks hook git "$hook" "$@"
    elif command -v kguard >/dev/null 2>&1; then
        kguard hook git "$hook" "$@"
    else
        echo "kguard: the $hook hook cannot find kguard (neither $python nor \\`kguard\\` on PATH);" \\
             "reinstall it, or remove the hook with \\`kguard hooks uninstall\\`" >&2
        case "$hook" in pre-*) return 1 ;; *) return 0 ;; esac
    fi
}}

if [ "$hook" = post-rewrite ]; then
    input=$(cat)
    if [ -x "$legacy" ]; then
        printf '%s\\n' "$input" | "$legacy" "$@"
    fi
    printf '%s\\n' "$input" | run_kguard "$@"
    exit 0
fi
if [ -x "$legacy" ]; then
    "$legacy" "$@" || {{ status=$?; case "$hook" in pre-*) exit $status ;; esac; }}
fi
run_kguard "$@"
"""


@dataclass(frozen=True)
class Outcome:
    hook: str
    path: Path
    action: str  # installed, updated, unchanged, chained, removed, restored, not-ours, absent


def _quote(value: str) -> str:
    return "'" + value.replace("'", "'\"'\"'") + "'"


def script(name: str) -> str:
    package = Path(__file__).resolve().parents[2]  # the folder that holds the hooks package
    return TEMPLATE.format(marker=MARKER, name=name, python=_quote(sys.executable),
                           package=_quote(str(package)))


def hooks_dir(places: Places) -> Path:
    """Where git looks for hooks: `core.hooksPath` when set (git resolves it), else the common git dir."""
    if places.git_dir is None:
        raise KguardError("not inside a git repository; git hooks need one", places.root)
    env = {k: v for k, v in os.environ.items() if not k.startswith("GIT_")}
    result = subprocess.run(["git", "rev-parse", "--path-format=absolute", "--git-path", "hooks"],
                            cwd=places.root, capture_output=True, text=True, env=env)
    if result.returncode != 0:
        raise KguardError(f"git cannot name the hooks folder: {result.stderr.strip()}", places.root)
    return Path(result.stdout.strip())


def is_ours(path: Path) -> bool:
    try:
        with open(path, "rb") as handle:
            head = handle.read(512)
    except OSError:
        return False
    return MARKER.encode() in head


def _write(folder: Path, path: Path, text: str) -> bool:
    return atomic.write_file(folder, path, text.encode(), 0o100755)


def install(folder: Path, names: tuple[str, ...] = HOOK_NAMES) -> list[Outcome]:
    folder.mkdir(parents=True, exist_ok=True)
    outcomes = []
    for name in names:
        path = folder / name
        legacy = folder / (name + LEGACY)
        wanted = script(name)
        if not os.path.lexists(path):
            _write(folder, path, wanted)
            outcomes.append(Outcome(name, path, "installed"))
        elif is_ours(path) and not path.is_symlink():
            changed = _write(folder, path, wanted)
            outcomes.append(Outcome(name, path, "updated" if changed else "unchanged"))
        elif os.path.lexists(legacy):
            raise KguardError(f"both {path.name} (not written by kguard) and {legacy.name} exist; move one "
                              "of them away, then install again", path)
        else:
            os.rename(path, legacy)  # a symlink moves as the link itself
            _write(folder, path, wanted)
            outcomes.append(Outcome(name, path, "chained"))
    return outcomes


def uninstall(folder: Path, names: tuple[str, ...] = HOOK_NAMES) -> list[Outcome]:
    outcomes = []
    for name in names:
        path = folder / name
        legacy = folder / (name + LEGACY)
        if os.path.lexists(path) and is_ours(path) and not path.is_symlink():
            path.unlink()
            if os.path.lexists(legacy):
                os.rename(legacy, path)
                outcomes.append(Outcome(name, path, "restored"))
            else:
                outcomes.append(Outcome(name, path, "removed"))
        elif os.path.lexists(legacy) and is_ours(legacy) and not legacy.is_symlink():
            # Another manager (the pre-commit framework) chained our hook under its own: drop ours only.
            legacy.unlink()
            outcomes.append(Outcome(name, legacy, "removed"))
        elif os.path.lexists(path):
            outcomes.append(Outcome(name, path, "not-ours"))
        else:
            outcomes.append(Outcome(name, path, "absent"))
    return outcomes
