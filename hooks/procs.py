"""Process ancestry: which processes a hook runs under. A git hook that fires inside `kguard run -- git pull`
(or inside a Claude Code Bash call) leaves the comparison to that run; a Claude Code hook marks its command
in flight with the pid of the long-lived harness, not of the short-lived shell that started the hook.
Linux reads /proc; elsewhere `ps` answers."""
from __future__ import annotations

import os
from collections.abc import Iterator

SHELLS = frozenset({"sh", "bash", "dash", "zsh", "ksh", "mksh", "fish", "busybox", "env", "timeout"})


def _stat_fields(pid: int) -> tuple[str, list[str]] | None:
    try:
        with open(f"/proc/{pid}/stat", "rb") as handle:
            raw = handle.read().decode("utf-8", "replace")
    except OSError:
        return None
    # "pid (comm) state ppid pgrp session tty_nr ...": comm may hold spaces and parentheses, so split at the
    # last ')'.
    head, _, tail = raw.rpartition(")")
    return head.partition("(")[2], tail.split()


def _proc_stat(pid: int) -> tuple[str, int] | None:
    found = _stat_fields(pid)
    if found is None:
        return None
    try:
        return found[0], int(found[1][1])
    except (IndexError, ValueError):
        return None


def terminal(pid: int) -> int:
    """The controlling terminal's device number of a process (0: none, or not known)."""
    found = _stat_fields(pid) if os.path.isdir("/proc/self") else None
    try:
        return int(found[1][4]) if found else 0
    except (IndexError, ValueError):
        return 0


def command_line(pid: int) -> list[str]:
    """A process's argv as the kernel keeps it (no process can change another's); [] when unknown."""
    try:
        with open(f"/proc/{pid}/cmdline", "rb") as handle:
            raw = handle.read()
    except OSError:
        return []
    return [part.decode("utf-8", "replace") for part in raw.split(b"\0") if part]


def _ps(pid: int) -> tuple[str, int] | None:
    import subprocess  # (only where there is no /proc: ~6 ms of every hook call on Linux)

    try:
        out = subprocess.run(["ps", "-o", "ppid=,comm=", "-p", str(pid)], capture_output=True,
                             text=True, timeout=5).stdout.strip()
    except (OSError, subprocess.SubprocessError):
        return None
    ppid, _, name = out.partition(" ")
    try:
        return os.path.basename(name.strip()), int(ppid)
    except ValueError:
        return None


def describe(pid: int) -> tuple[str, int] | None:
    """(name, parent pid) of a process, or None when it is gone or cannot be read."""
    if os.path.isdir("/proc/self"):
        return _proc_stat(pid)
    return _ps(pid)


def ancestors(pid: int | None = None) -> Iterator[int]:
    """The parent chain of `pid` (default: this process), nearest first, without pid 0 and 1."""
    current = os.getpid() if pid is None else pid
    seen = {current}
    for _ in range(64):
        info = describe(current)
        if info is None:
            return
        parent = info[1]
        if parent <= 1 or parent in seen:
            return
        seen.add(parent)
        yield parent
        current = parent


def harness_pid() -> int:
    """The nearest ancestor that is not a shell: the harness (Claude Code) that runs this hook and whose
    life bounds the tool call. Falls back to the direct parent."""
    parent = os.getppid()
    for pid in ancestors():
        info = describe(pid)
        if info is None:
            break
        if os.path.basename(info[0]).lstrip("-") not in SHELLS:
            return pid
    return parent
