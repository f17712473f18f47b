"""An exclusive lock per state folder, so parallel `kguard run`s never corrupt the store or lose a decision.
flock is released by the kernel when a process dies, so a killed run never leaves a stale lock."""
from __future__ import annotations

import fcntl
import os
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from rules_engine.errors import KguardError


@contextmanager
def locked(folder: Path, timeout: float = 120.0) -> Iterator[None]:
    try:
        folder.mkdir(parents=True, exist_ok=True)
        fd = os.open(folder / "lock", os.O_RDWR | os.O_CREAT, 0o600)
    except OSError as exc:
        raise KguardError(f"cannot open the lock file: {exc.strerror}", folder / "lock") from None
    try:
        deadline = time.monotonic() + timeout
        while True:
            try:
                fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
                break
            except BlockingIOError:
                if time.monotonic() > deadline:
                    raise KguardError(f"another kguard holds the lock for over {timeout:.0f} s", folder / "lock") from None
                time.sleep(0.02)
        yield
    finally:
        os.close(fd)  # closing drops the flock
