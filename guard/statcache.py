"""The stat cache: (size, mtime_ns, inode, mode, blob id) per knowledge file and the mtime of every watched
folder, so an unchanged file is never re-read and only folders whose mtime moved are listed again (git's
untracked cache does the same). Entries modified within a second of the cache's own write are racily clean
and are re-hashed, as git does. Pure standard library: the `kguard run` fast path uses `unchanged()`."""
from __future__ import annotations

import json
import os
import time

from guard.blobhash import blob_id, read_entry

CACHE_VERSION = 1
RACY_NS = 1_000_000_000
ABSENT = -1


class RootCache:
    """One root's records: the folders watched and the knowledge files found."""

    __slots__ = ("base", "signature", "dirs", "files")

    def __init__(self, base: str, signature: str, dirs: dict[str, list[int]] | None = None,
                 files: dict[str, list[int | str]] | None = None) -> None:
        self.base = base
        self.signature = signature  # what counted as knowledge when this was written (layout + globs)
        self.dirs = dirs or {}  # rel -> [mtime_ns or ABSENT, recursive]
        self.files = files or {}  # rel -> [size, mtime_ns, ino, mode, oid]

    def as_dict(self) -> dict[str, object]:
        return {"base": self.base, "signature": self.signature, "dirs": self.dirs, "files": self.files}


class Cache:
    __slots__ = ("written_ns", "consistent", "roots", "watch")

    def __init__(self, written_ns: int = 0, consistent: bool = False,
                 roots: dict[str, RootCache] | None = None,
                 watch: dict[str, list[int] | None] | None = None) -> None:
        self.written_ns = written_ns
        self.consistent = consistent  # every listed file held its baseline's content when written
        self.roots = roots or {}
        self.watch = watch or {}  # path -> [size, mtime, ino], or None while it does not exist

    def dump(self, path: str | os.PathLike[str]) -> None:
        data = {
            "version": CACHE_VERSION,
            "written_ns": self.written_ns,
            "consistent": self.consistent,
            "roots": {name: root.as_dict() for name, root in sorted(self.roots.items())},
            "watch": self.watch,
        }
        os.makedirs(os.path.dirname(path), exist_ok=True)
        tmp = f"{os.fspath(path)}.{os.getpid()}.tmp"
        with open(tmp, "w", encoding="utf-8") as handle:
            handle.write(json.dumps(data, sort_keys=True, separators=(",", ":")))
        os.replace(tmp, path)


def load(path: str | os.PathLike[str]) -> Cache | None:
    try:
        with open(path, "rb") as handle:
            data = json.loads(handle.read())
    except (OSError, ValueError):
        return None
    if not isinstance(data, dict) or data.get("version") != CACHE_VERSION:
        return None
    try:
        roots = {name: RootCache(**value) for name, value in data["roots"].items()}
        return Cache(data["written_ns"], data["consistent"], roots, data["watch"])
    except (KeyError, TypeError):
        return None


def stat_key(st: os.stat_result) -> list[int]:
    return [st.st_size, st.st_mtime_ns, st.st_ino, st.st_mode]


def watch_entry(path: str) -> list[int] | None:
    try:
        st = os.stat(path)
    except OSError:
        return None
    return [st.st_size, st.st_mtime_ns, st.st_ino]


def _same_mtimes(paths: list[str], expected: list[int], racy_after: int) -> bool:
    if max(expected, default=ABSENT) >= racy_after:
        return False
    lstat = os.lstat
    if ABSENT not in expected:  # the common case as one list comprehension: the loop that grows with the repo
        try:
            return [lstat(path).st_mtime_ns for path in paths] == expected
        except OSError:  # a folder vanished
            return False
    for path, mtime in zip(paths, expected):
        try:
            now = lstat(path).st_mtime_ns
        except OSError:
            now = ABSENT
        if now != mtime:
            return False
    return True


def _roots_folders_unchanged(cache: Cache, racy_after: int) -> bool:
    for root in cache.roots.values():
        prefix = root.base.rstrip("/") + "/"
        paths = [prefix + rel if rel else root.base for rel in root.dirs]
        if not _same_mtimes(paths, [entry[0] for entry in root.dirs.values()], racy_after):
            return False
    return True


def unchanged(cache: Cache, with_folders: bool = True) -> bool:
    """True when nothing under any guarded root can have changed since the cache was written. Without
    folders, only the known files and watched paths are checked: a new file would go unseen."""
    if not cache.consistent:
        return False
    racy_after = cache.written_ns - RACY_NS
    for path, expected in cache.watch.items():
        if watch_entry(path) != expected:
            return False
    lstat = os.lstat
    if with_folders:
        if not _roots_folders_unchanged(cache, racy_after):
            return False
    for root in cache.roots.values():
        base = root.base
        for rel, record in root.files.items():
            path = os.path.join(base, rel)
            try:
                st = lstat(path)
            except OSError:
                return False
            if stat_key(st) != record[:4]:
                return False
            if st.st_mtime_ns >= racy_after:
                try:
                    if blob_id(read_entry(path, st)) != record[4]:
                        return False
                except OSError:
                    return False
    return True


def now_ns() -> int:
    return time.time_ns()
