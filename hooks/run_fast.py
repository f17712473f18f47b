"""The path every `kguard run` takes when nothing changed: no click, pydantic or pygit2 imports. It stats
the cached knowledge files and folders before and after the command; only when something moved does it
hand over to the full implementation (hooks.commands.run)."""
from __future__ import annotations

import gc
import os
import time
from collections.abc import Sequence

from guard import room, runs, statcache, where
from guard.lock import locked
from rules_engine.errors import KguardError

MODES = ("ask", "keep", "reset", "hold", "fail")


def parse(args: Sequence[str]) -> tuple[str | None, list[str]] | None:
    """`[--on-change MODE] -- CMD...`; None for anything else (click then gives the proper message)."""
    mode = None
    rest = list(args)
    while rest and rest[0] != "--":
        head = rest.pop(0)
        if head == "--on-change" and rest:
            mode = rest.pop(0)
        elif head.startswith("--on-change="):
            mode = head.partition("=")[2]
        else:
            return None
    if not rest or mode not in (None, *MODES):
        return None
    command = rest[1:]
    return (mode, command) if command else None


def try_fast(args: Sequence[str]) -> int | None:
    parsed = parse(args)
    if parsed is None:
        return None
    mode, command = parsed
    if os.environ.get("KGUARD_NO_FAST_PATH") or os.environ.get("KGUARD_CONFIG"):
        return None  # a config named from outside may watch other files than the cache was built for
    gc.disable()  # a short-lived process: collecting the cache's many small objects only costs time
    try:
        return _fast(mode, command)
    finally:
        gc.enable()


def _fast(mode: str | None, command: list[str]) -> int | None:
    try:
        root, git_dir, common = where.find_root(os.getcwd())
    except OSError:  # the current folder is gone: the full path says so in one line
        return None
    state = where.project_state(root, git_dir, where.state_dir(where.home_dir()))
    objects = [os.path.join(common, "objects")] if common else []
    if os.path.islink(state) or room.refusal(state, objects) is not None:
        return None  # the full path refuses it in one line
    from hooks.spawn import default_mode, describe, spawn

    text = describe(command)
    # Checked and registered under the lock: a run deciding now either sees this one in flight (and
    # leaves the decision to the last one to end) or has finished rewriting files before it starts.
    try:
        with locked(state):
            cache_path = os.path.join(state, "cache.json")
            sealed = statcache.seal(cache_path)  # taken first: a cache written after it is untrusted, not missed
            cache = statcache.load(cache_path)
            if cache is None:
                return None
            # Before the command only the known files are checked; folders (new files) are checked once,
            # after it. A file that appeared before the command is told apart by its ctime (see run.after).
            if not statcache.unchanged(cache, with_folders=False, root=root):
                return None
            if any(not marker.alive for marker in runs.markers(state)):
                return None
            marker = runs.register(state, text)
    except (KguardError, OSError):
        return None  # the full path says what is wrong, in one line
    started = time.time_ns()
    began = time.time()
    code = spawn(command)
    if statcache.unchanged(cache) and not any(not m.alive for m in runs.markers(state)):
        runs.unregister(marker)
        if os.environ.get("KGUARD_DEBUG"):
            os.write(2, b"kguard: debug: fast path, nothing changed\n")
        return code
    gc.enable()
    from hooks.startup import full_start

    full_start()
    from hooks.cli import guarded
    from hooks.commands.run import after

    return guarded(lambda: after(text, code, mode or default_mode(), marker, started_ns=started, sealed=sealed,
                                 began=began))
