"""Markers of `kguard run`s in flight, so a parallel run does not take another's in-flight change as the
new baseline, and a run killed half-way is noticed by the next command. Standard library only."""
from __future__ import annotations

import json
import os
import time
from dataclasses import dataclass
from pathlib import Path


@dataclass(frozen=True)
class RunMarker:
    path: Path
    pid: int
    command: str
    started: float

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


def register(state_dir: Path, command: str, pid: int | None = None, name: str | None = None) -> Path:
    """Mark a command in flight. `pid` is the process whose life bounds the command (default: this one;
    a harness hook passes its parent); `name` lets a later hook call find the marker again."""
    folder = state_dir / "active"
    folder.mkdir(parents=True, exist_ok=True)
    owner = os.getpid() if pid is None else pid
    path = folder / (f"{name}.json" if name else f"{owner}-{time.time_ns()}.json")
    path.write_text(json.dumps({"pid": owner, "command": command, "started": time.time()}))
    return path


def unregister(marker: Path) -> None:
    try:
        marker.unlink()
    except FileNotFoundError:
        pass


def markers(state_dir: Path) -> list[RunMarker]:
    folder = state_dir / "active"
    found = []
    try:
        names = sorted(os.listdir(folder))
    except OSError:
        return []
    for name in names:
        path = folder / name
        try:
            data = json.loads(path.read_text())
            found.append(RunMarker(path, int(data["pid"]), str(data["command"]), float(data["started"])))
        except (OSError, ValueError, KeyError, TypeError):
            continue
    return found


def keep_unreviewed(state_dir: Path, command: str) -> Path:
    """Leave a marker that no process owns: the next command decides these changes instead of taking
    them as the baseline."""
    folder = state_dir / "active"
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / f"unreviewed-{time.time_ns()}.json"
    path.write_text(json.dumps({"pid": -1, "command": command, "started": time.time()}))
    return path
