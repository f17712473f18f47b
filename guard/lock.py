"""An exclusive lock per state folder, so parallel `kguard run`s never corrupt the store or lose a decision.
flock is released by the kernel when a process dies, so a killed run never leaves a stale lock. Standard
library only (and no pathlib): the `kguard run` fast path takes it to register a run."""
from __future__ import annotations

import fcntl
import os
import stat
import time
from collections.abc import Iterator
from contextlib import contextmanager

from rules_engine.errors import KguardError


def safe_folder(folder: str | os.PathLike[str]) -> None:
    """Make sure kguard's state folder exists and is a real folder: state written through a symlink would
    land wherever the link points."""
    try:
        st = os.lstat(folder)
    except FileNotFoundError:
        try:
            os.makedirs(folder, exist_ok=True)
        except OSError as exc:
            raise KguardError(f"cannot create kguard's state folder ({exc.strerror})", folder) from None
        st = os.lstat(folder)
    except OSError as exc:
        raise KguardError(f"cannot read kguard's state folder ({exc.strerror})", folder) from None
    if stat.S_ISLNK(st.st_mode):
        raise KguardError("kguard's state folder is a symlink; refusing to use it (remove the link, and kguard "
                          "starts a new one)", folder)
    if not stat.S_ISDIR(st.st_mode):
        raise KguardError("kguard's state folder is not a folder; refusing to use it", folder)


@contextmanager
def locked(folder: str | os.PathLike[str], timeout: float = 120.0) -> Iterator[None]:
    safe_folder(folder)
    path = os.path.join(folder, "lock")
    try:
        fd = os.open(path, os.O_RDWR | os.O_CREAT | os.O_NOFOLLOW | getattr(os, "O_CLOEXEC", 0), 0o600)
    except OSError as exc:
        raise KguardError(f"cannot open the lock file: {exc.strerror}", path) from None
    try:
        deadline = time.monotonic() + timeout
        while True:
            try:
                fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
                break
            except BlockingIOError:
                if time.monotonic() > deadline:
                    raise KguardError(f"another kguard holds the lock for over {timeout:.0f} s", path) from None
                time.sleep(0.02)
        yield
    finally:
        os.close(fd)  # closing drops the flock
