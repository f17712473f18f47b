"""The stat cache: (size, mtime_ns, inode, mode, blob id) per knowledge file and the mtime of every watched
folder, so an unchanged file is never re-read and only folders whose mtime moved are listed again (git's
untracked cache does the same). Entries modified within a second of the cache's own write are racily clean
and are re-hashed, as git does. Pure standard library: the `kguard run` fast path uses `unchanged()`."""
from __future__ import annotations

import json
import os
import stat
import time
from dataclasses import dataclass, field
from pathlib import Path

from guard.blobhash import blob_id, read_entry

CACHE_VERSION = 1
RACY_NS = 1_000_000_000
ABSENT = -1


@dataclass
class RootCache:
    base: str
    signature: str  # what counted as knowledge when this was written (layout + config globs)
    dirs: dict[str, list[int]] = field(default_factory=dict)  # rel -> [mtime_ns or ABSENT, recursive]
    files: dict[str, list[int | str]] = field(default_factory=dict)  # rel -> [size, mtime, ino, mode, oid]


@dataclass
class Cache:
    written_ns: int = 0
    consistent: bool = False  # every listed file held what its baseline holds when this was written
    roots: dict[str, RootCache] = field(default_factory=dict)
    watch: dict[str, list[int] | None] = field(default_factory=dict)  # path -> [size, mtime, ino] / None

    def dump(self, path: Path) -> None:
        data = {
            "version": CACHE_VERSION,
            "written_ns": self.written_ns,
            "consistent": self.consistent,
            "roots": {name: vars(root) for name, root in sorted(self.roots.items())},
            "watch": self.watch,
        }
        path.parent.mkdir(parents=True, exist_ok=True)
        tmp = path.with_name(f"{path.name}.{os.getpid()}.tmp")
        tmp.write_text(json.dumps(data, sort_keys=True, separators=(",", ":")))
        os.replace(tmp, path)


def load(path: Path) -> Cache | None:
    try:
        data = json.loads(path.read_bytes())
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


def unchanged(cache: Cache) -> bool:
    """True when nothing under any guarded root can have changed since the cache was written."""
    if not cache.consistent:
        return False
    racy_after = cache.written_ns - RACY_NS
    for path, expected in cache.watch.items():
        if watch_entry(path) != expected:
            return False
    for root in cache.roots.values():
        base = root.base
        for rel, (mtime, _recursive) in root.dirs.items():
            try:
                now = os.stat(os.path.join(base, rel) if rel else base, follow_symlinks=False).st_mtime_ns
            except OSError:
                now = ABSENT
            if now != mtime or (now != ABSENT and now >= racy_after):
                return False
        for rel, record in root.files.items():
            path = os.path.join(base, rel)
            try:
                st = os.lstat(path)
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
