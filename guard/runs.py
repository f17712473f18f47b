"""Markers of commands in flight, so a parallel run does not take another's in-flight change as the new
baseline, and a run killed half-way is noticed by the next command. Standard library only: the
`kguard run` fast path writes one."""
from __future__ import annotations

import json
import os
import time



class RunMarker:
    __slots__ = ("path", "pid", "command", "started", "cache")

    def __init__(self, path: str, pid: int, command: str, started: float, cache: object = None) -> None:
        self.path = path
        self.pid = pid
        self.command = command
        self.started = started
        self.cache = cache  # the stat cache's seal when the command started (a Claude Code call records it)

    @property
    def alive(self) -> bool:
        if self.pid <= 0:  # a run whose changes were left unreviewed on purpose (--on-change fail)
            return False
        try:
            os.kill(self.pid, 0)
        except ProcessLookupError:
            return False
        except PermissionError:
            return True
        return True


def _write(folder: str, name: str, pid: int, command: str, cache: object = None) -> str:
    os.makedirs(folder, exist_ok=True)
    path = os.path.join(folder, name)
    data: dict[str, object] = {"pid": pid, "command": command, "started": time.time()}
    if cache is not None:
        data["cache"] = cache
    with open(path, "w", encoding="utf-8") as handle:
        handle.write(json.dumps(data))
    return path


def register(state_dir: str | os.PathLike[str], command: str, pid: int | None = None,
             name: str | None = None, cache: object = None) -> str:
    """Mark a command in flight. `pid` is the process whose life bounds the command (default: this one;
    a harness hook passes its parent); `name` lets a later hook call find the marker again; `cache` is the
    stat cache's seal, for a later hook call to check."""
    owner = os.getpid() if pid is None else pid
    filename = f"{name}.json" if name else f"{owner}-{time.time_ns()}.json"
    return _write(os.path.join(state_dir, "active"), filename, owner, command, cache)


def keep_unreviewed(state_dir: str | os.PathLike[str], command: str) -> str:
    """A marker no process owns: the next command decides these changes instead of adopting them."""
    return _write(os.path.join(state_dir, "active"), f"unreviewed-{time.time_ns()}.json", -1, command)


def unregister(marker: str | os.PathLike[str]) -> None:
    try:
        os.unlink(marker)
    except FileNotFoundError:
        pass


def markers(state_dir: str | os.PathLike[str]) -> list[RunMarker]:
    folder = os.path.join(state_dir, "active")
    try:
        names = sorted(os.listdir(folder))
    except OSError:
        return []
    found = []
    for name in names:
        path = os.path.join(folder, name)
        try:
            with open(path, encoding="utf-8") as handle:
                data = json.loads(handle.read())
            found.append(RunMarker(path, int(data["pid"]), str(data["command"]), float(data["started"]),
                                   data.get("cache")))
        except (OSError, ValueError, KeyError, TypeError):
            continue
    return found
