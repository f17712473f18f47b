"""Markers of commands in flight, so a parallel run does not take another's in-flight change as the new
baseline, and a run killed half-way is noticed by the next command. Standard library only: the
`kguard run` fast path writes one."""
from __future__ import annotations

import json
import math
import os
import time

# A process whose start is this much later than its marker's is another process that got the same pid.
PID_REUSE_MARGIN = 2.0
DEFERRED = -2  # the pid of a marker left by a run whose decision waits for the last run to end


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
            pass
        except (OverflowError, OSError):
            return False
        began = _process_start(self.pid)
        return began is None or began <= self.started + PID_REUSE_MARGIN


def _process_start(pid: int) -> float | None:
    """When process `pid` started (epoch seconds), where /proc tells; None elsewhere."""
    try:
        with open(f"/proc/{pid}/stat", "rb") as handle:
            fields = handle.read().rpartition(b")")[2].split()
        with open("/proc/stat", "rb") as handle:
            boot = next(int(line.split()[1]) for line in handle if line.startswith(b"btime "))
        return boot + int(fields[19]) / os.sysconf("SC_CLK_TCK")
    except (OSError, ValueError, IndexError, StopIteration):
        return None


def _write(folder: str, name: str, pid: int, command: str, note: str = "", cache: object = None) -> str:
    """Written whole (temp file, rename): a reader never sees half a marker, so one that does not parse
    is garbage and is discarded."""
    os.makedirs(folder, exist_ok=True)
    path = os.path.join(folder, name)
    tmp = os.path.join(folder, f".{name}.{os.getpid()}.tmp")
    record: dict[str, object] = {"pid": pid, "command": command, "started": time.time()}
    if note:
        record["note"] = note
    if isinstance(cache, list):
        record["cache"] = cache
    try:
        with open(tmp, "w", encoding="utf-8") as handle:
            handle.write(json.dumps(record))
        os.replace(tmp, path)
    except OSError:
        unregister(tmp)
        raise
    return path


def register(state_dir: str | os.PathLike[str], command: str, pid: int | None = None,
             name: str | None = None, cache: object = None) -> str:
    """Mark a command in flight. `pid` is the process whose life bounds the command (default: this one;
    a harness hook passes its parent); `name` lets a later hook call find the marker again; `cache` is the
    stat cache's seal, for a later hook call to check."""
    owner = os.getpid() if pid is None else pid
    filename = f"{name}.json" if name else f"{owner}-{time.time_ns()}.json"
    return _write(os.path.join(state_dir, "active"), filename, owner, command, cache=cache)


def keep_unreviewed(state_dir: str | os.PathLike[str], command: str) -> str:
    """A marker no process owns: the next command decides these changes instead of adopting them."""
    return _write(os.path.join(state_dir, "active"), f"unreviewed-{time.time_ns()}.json", -1, command)


def defer(state_dir: str | os.PathLike[str], command: str) -> str:
    """A run that ended while another guarded command was still running: its changes are decided by the
    last one to end (deciding now would replace files another command may still have open)."""
    return _write(os.path.join(state_dir, "active"), f"deferred-{time.time_ns()}.json", DEFERRED, command,
                  "deferred")


def unregister(marker: str | os.PathLike[str]) -> None:
    try:
        os.unlink(marker)
    except (FileNotFoundError, NotADirectoryError):  # (.git swapped for a gitdir file: the folder is gone)
        pass


def markers(state_dir: str | os.PathLike[str]) -> list[RunMarker]:
    folder = os.path.join(state_dir, "active")
    try:
        names = sorted(os.listdir(folder))
    except OSError:
        return []
    found = []
    for name in names:
        if name.startswith("."):
            continue
        path = os.path.join(folder, name)
        try:
            with open(path, "rb") as handle:
                marker = _parse(path, json.loads(handle.read(65536)))
        except OSError:
            continue
        except ValueError:
            marker = None
        if marker is None:
            unregister(path)  # garbage: discarded (a marker is written whole, so this is no half-write)
            continue
        found.append(marker)
    return found


def _parse(path: str, data: object) -> RunMarker | None:
    if not isinstance(data, dict):
        return None
    pid, command, started = data.get("pid"), data.get("command"), data.get("started")
    if type(pid) is not int or not -2 <= pid < 2**31 or not isinstance(command, str):
        return None
    if not isinstance(started, (int, float)) or isinstance(started, bool) or not math.isfinite(started):
        return None
    cache = data.get("cache")
    seal = cache if isinstance(cache, list) and all(type(n) is int for n in cache) else None
    return RunMarker(path, pid, command, float(started), seal)
