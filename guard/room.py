"""Room on the disk for a decision. Holding a change back writes its content and the journal into git's
object store and writes the file's earlier content again; a disk without that room would leave the change
on disk, unreviewed (issue 10: "with 8 KB free a change that should be held stays on disk"). So a guarded
command is not started without it. Standard library only: the fast path of `kguard run` asks too."""
from __future__ import annotations

import os

MIN_FREE = 1 << 20  # bytes: the state commit's objects, a journal of 50 entries, the files written back


def free_bytes(path: str | os.PathLike[str]) -> int | None:
    """What an unprivileged writer may still use on the disk holding `path`; None when it cannot be told."""
    try:
        st = os.statvfs(path)
    except (OSError, AttributeError):  # no statvfs (Windows) or the folder is gone: the writes will say
        return None
    return st.f_bavail * st.f_frsize


def writable(folder: str | os.PathLike[str]) -> bool:
    """The folder takes new files (its rights and a read-only mount both say no); True when it cannot be told."""
    try:
        return os.access(folder, os.W_OK)
    except (OSError, ValueError):
        return True


def refusal(state: str | os.PathLike[str], object_folders: list[str]) -> tuple[str, str] | None:
    """(why, the path to name) when a guarded command must not start: too little room on the disk of the
    state folder, or an object store that takes no new files; None when it may start."""
    free = free_bytes(state)
    if free is not None and free < MIN_FREE:
        return (f"only {free // 1024} KB free on this disk; holding back a change needs {MIN_FREE // 1024} KB "
                "there; the command was not run", os.fspath(state))
    for objects in object_folders:
        if os.path.isdir(objects) and not writable(objects):
            return "cannot write to the object store, where a change is held back; the command was not run", objects
    return None
