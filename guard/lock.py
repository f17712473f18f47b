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
    if not stat.S_ISDIR(st.st_mode):
        set_aside(folder, "a symlink" if stat.S_ISLNK(st.st_mode) else "not a folder")


def set_aside(folder: str | os.PathLike[str], what: str) -> None:
    """The state folder was replaced (by a symlink to a folder elsewhere, say, so that kguard's marks and
    cache land where the guarded command wrote them): it is renamed aside, never followed nor deleted, and a
    new one is made. The baseline and the held-back content are in git's refs, so the changes the command
    made are still decided against them."""
    aside = f"{os.fspath(folder)}.replaced-{time.time_ns()}"
    try:
        os.rename(folder, aside)
    except FileNotFoundError:
        pass  # another kguard set it aside first
    except OSError as exc:
        raise KguardError(f"kguard's state folder is {what} and cannot be set aside ({exc.strerror}); refusing "
                          "to use it", folder) from None
    else:
        os.write(2, f"kguard: warning: {os.fspath(folder)} was {what}; kept as {aside}, and a new state folder "
                    "is used (the baseline is in git's refs)\n".encode("utf-8", "replace"))
    try:
        os.mkdir(folder)
    except FileExistsError:
        pass
    except OSError as exc:
        raise KguardError(f"cannot create kguard's state folder ({exc.strerror})", folder) from None
    if not stat.S_ISDIR(os.lstat(folder).st_mode):
        raise KguardError("kguard's state folder keeps being replaced; refusing to use it", folder)


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
