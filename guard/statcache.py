"""The stat cache: (size, mtime_ns, ctime_ns, inode, mode, blob id) per knowledge file and the stamp of every
watched folder (guard.folders), so an unchanged file is never re-read and only folders whose stamp moved are
listed again (git's untracked cache does the same). Entries touched within a second of the cache's own write
are racily clean and are re-hashed, as git does. The ctime is part of every key, as with git's trustctime:
a same-size rewrite whose mtime was set back still moves it. Pure standard library: the fast paths of
`kguard run` and the Claude Code hook use `unchanged()`."""
from __future__ import annotations

import json
import os
import stat
import time

from guard import folders
from guard.blobhash import entry_id

CACHE_VERSION = 2
RACY_NS = 1_000_000_000


class RootCache:
    """One root's records: the folders watched and the knowledge files found."""

    __slots__ = ("base", "signature", "files", "_dirs", "_folders", "linked")

    def __init__(self, base: str, signature: str, dirs: dict[str, list[int]] | None = None,
                 files: dict[str, list[int | str]] | None = None,
                 folder_record: dict[str, object] | None = None, linked: dict[str, str] | None = None) -> None:
        self.base = base
        self.linked = linked or {}  # symlinked knowledge folders: rel -> the real folder behind the link
        self.signature = signature  # what counted as knowledge when this was written (layout + globs)
        self.files = files or {}  # rel -> [size, mtime_ns, ctime_ns, ino, mode, oid]
        self._folders = folder_record  # the stored form, decoded into `dirs` only when asked for
        self._dirs = {} if dirs is None and folder_record is None else dirs

    @property
    def dirs(self) -> dict[str, list[int]]:
        """rel -> [stamp or ABSENT, recursive]."""
        if self._dirs is None:
            try:
                self._dirs = folders.decode(self._folders or {})
            except (KeyError, TypeError, ValueError):
                self._dirs = {}  # damaged: every folder is listed again
        return self._dirs

    def folders_unchanged(self, racy_after: int) -> bool:
        record = self._folders if self._dirs is None else folders.encode(self._dirs)
        return folders.unchanged(self.base, record or {}, racy_after)

    def as_dict(self) -> dict[str, object]:
        record = self._folders if self._dirs is None else folders.encode(self._dirs)
        return {"base": self.base, "signature": self.signature, "folders": record, "files": self.files,
                "linked": self.linked}


class Cache:
    __slots__ = ("written_ns", "consistent", "roots", "watch", "rules_ns")

    def __init__(self, written_ns: int = 0, consistent: bool = False,
                 roots: dict[str, RootCache] | None = None,
                 watch: dict[str, list[int] | None] | None = None, rules_ns: int = 0) -> None:
        self.written_ns = written_ns
        # since when git's ignore rules are the ones the user accepted (ignores.py); 0: as written_ns
        self.rules_ns = rules_ns or written_ns
        self.consistent = consistent  # every listed file held its baseline's content when written
        self.roots = roots or {}
        self.watch = watch or {}  # path -> [size, mtime, ctime, ino], or None while it does not exist

    def dump(self, path: str | os.PathLike[str]) -> None:
        data = {
            "version": CACHE_VERSION,
            "written_ns": self.written_ns,
            "rules_ns": self.rules_ns,
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
    """The cache, or None when it is missing or damaged in any way (it is then rebuilt from the disk)."""
    try:
        with open(path, "rb") as handle:
            data = json.loads(handle.read())
    except (OSError, ValueError, RecursionError):
        return None
    if not isinstance(data, dict) or data.get("version") != CACHE_VERSION or not _valid(data):
        return None
    roots = {name: RootCache(value["base"], value["signature"], None, value["files"], value["folders"],
                             _linked(value.get("linked")))
             for name, value in data["roots"].items()}
    rules_ns = data.get("rules_ns")
    return Cache(data["written_ns"], data["consistent"], roots, data["watch"],
                 rules_ns if _int(rules_ns) and 0 < rules_ns <= data["written_ns"] else 0)


def _int(value: object) -> bool:
    return type(value) is int


def _linked(value: object) -> dict[str, str]:
    if not isinstance(value, dict):
        return {}
    return {k: v for k, v in value.items() if isinstance(k, str) and isinstance(v, str)}


def _valid(data: dict[str, object]) -> bool:
    roots, watch = data.get("roots"), data.get("watch")
    if not (_int(data.get("written_ns")) and type(data.get("consistent")) is bool
            and isinstance(roots, dict) and isinstance(watch, dict)):
        return False
    for stamp_ in watch.values():
        if stamp_ is not None and not (isinstance(stamp_, list) and len(stamp_) == 4 and all(map(_int, stamp_))):
            return False
    for value in roots.values():
        if not (isinstance(value, dict) and isinstance(value.get("base"), str)
                and isinstance(value.get("signature"), str) and isinstance(value.get("folders"), dict)
                and isinstance(value.get("files"), dict)):
            return False
        for record in value["files"].values():
            if not (isinstance(record, list) and len(record) == 6 and all(map(_int, record[:5]))
                    and isinstance(record[5], str)):
                return False
    return True


def seal(path: str | os.PathLike[str]) -> list[int] | None:
    """What identifies one write of the cache file: kguard writes it by rename, so every write has a new inode
    and a new ctime, and no process can set a ctime back. A guarded command that rewrites the cache (to make
    a changed file look unchanged) changes its seal; the guarding process compares it with the seal it took
    before the command. None when there is no cache."""
    try:
        st = os.lstat(path)
    except OSError:
        return None
    return [st.st_ino, st.st_ctime_ns, st.st_size]


def stat_key(st: os.stat_result) -> list[int]:
    return [st.st_size, st.st_mtime_ns, st.st_ctime_ns, st.st_ino, st.st_mode]


def racy(st: os.stat_result, racy_after: int) -> bool:
    """Touched so close to the cache's write that a later change in the same tick could keep its stamp."""
    return st.st_mtime_ns >= racy_after or st.st_ctime_ns >= racy_after


def watch_entry(path: str) -> list[int] | None:
    try:
        st = os.stat(path)
    except OSError:
        return None
    return [st.st_size, st.st_mtime_ns, st.st_ctime_ns, st.st_ino]


def unchanged(cache: Cache, with_folders: bool = True, root: str | None = None) -> bool:
    """True when nothing under any guarded root can have changed since the cache was written. Without
    folders, only the known files and watched paths are checked: a new file would go unseen. `root` is the
    project root the cache is used for: a cache written for another one (a repository copied with `cp -a`
    carries the original's absolute paths) says nothing about this one."""
    if not cache.consistent:
        return False
    if root is not None and (cache.roots.get("project") is None
                             or cache.roots["project"].base != os.path.realpath(root)):
        return False
    racy_after = cache.written_ns - RACY_NS
    for path, expected in cache.watch.items():
        if watch_entry(path) != expected:
            return False
    if with_folders and not all(root.folders_unchanged(racy_after) for root in cache.roots.values()):
        return False
    lstat = os.lstat
    for root in cache.roots.values():
        base = root.base
        for rel, record in root.files.items():
            path = os.path.join(base, rel)
            try:
                st = lstat(path)
            except OSError:
                return False
            if stat_key(st) != record[:5] and not (stat.S_ISLNK(st.st_mode) and _target_key(path) == record[:5]):
                return False  # (a link to a file outside the root is recorded by its target: observe.loaded_through)
            if racy(st, racy_after):
                try:
                    if entry_id(path, st)[0] != record[5]:
                        return False
                except OSError:
                    return False
    return True


def _target_key(path: str) -> list[int] | None:
    try:
        return stat_key(os.stat(path))
    except OSError:
        return None


def now_ns() -> int:
    return time.time_ns()
