"""The watched folders of one root as the stat cache keeps them, and the check that none of them changed.

A new file anywhere (a nested AGENTS.md) shows only in its own folder's stamp, so every `kguard run` stats
every watched folder: the one cost that grows with the repository. The record is laid out for that check:
the names as one string, the stamps as one packed string, so loading it creates a handful of objects, not a
few per folder, and the check is one stat per folder. Pure standard library (the fast paths use it)."""
from __future__ import annotations

import os
import stat
import sys
from array import array
from operator import attrgetter

ABSENT = -1  # the stamp of a watched folder that does not exist (or is not a folder)
ROOT_NAME = "."  # the root itself, as it is stored and statted
_NATIVE = sys.byteorder  # stamps are packed in this machine's order; another machine's cache is rebuilt
_POSIX = os.name == "posix"
_STAMP = attrgetter("st_ctime_ns" if _POSIX else "st_mtime_ns")


def stamp(st: os.stat_result) -> int:
    """What marks a folder as changed. On POSIX its ctime: adding, removing or renaming an entry moves it,
    and unlike the mtime no process can set it back (`touch -d` moves the ctime too). Elsewhere the mtime
    (Windows' st_ctime is the creation time)."""
    return st.st_ctime_ns if _POSIX else st.st_mtime_ns


def encode(dirs: dict[str, list[int]]) -> dict[str, object]:
    """{rel: [stamp, recursive]} as stored: folders that exist first, then the absent ones."""
    present = sorted(rel for rel, (when, _) in dirs.items() if when != ABSENT)
    absent = sorted(rel for rel, (when, _) in dirs.items() if when == ABSENT)
    order = present + absent
    return {
        "names": _joined([rel or ROOT_NAME for rel in order]),
        "present": len(present),
        "stamps": array("q", [dirs[rel][0] for rel in present]).tobytes().hex(),
        "newest": max((dirs[rel][0] for rel in present), default=ABSENT),
        "byteorder": _NATIVE,
        "recursive": "".join("1" if dirs[rel][1] else "0" for rel in order),
    }


def decode(record: dict[str, object]) -> dict[str, list[int]]:
    """The stored form back as {rel: [stamp, recursive]}; ValueError when it is damaged."""
    names = _names(record)
    present = int(record["present"])  # type: ignore[call-overload]
    stamps = _stamps(record)
    recursive = str(record["recursive"])
    if len(stamps) != present or len(recursive) != len(names) or present > len(names):
        raise ValueError("folder record out of step")
    return {("" if name == ROOT_NAME else name): [stamps[i] if i < present else ABSENT, recursive[i] == "1"]
            for i, name in enumerate(names)}


def unchanged(base: str, record: dict[str, object], racy_after: int) -> bool:
    """True when every folder of the record still has its stamp and every absent one is still absent. A
    stamp from within the racy second of the cache's own write counts as changed (as git does)."""
    try:
        if int(record["newest"]) >= racy_after or record["byteorder"] != _NATIVE:  # type: ignore[call-overload]
            return False
        names = _names(record)
        present = int(record["present"])  # type: ignore[call-overload]
        expected = bytes.fromhex(str(record["stamps"]))
    except (KeyError, TypeError, ValueError):
        return False
    try:
        now, returned = _now(base, names, present)
    except OSError:  # the root or one of its folders vanished
        return False
    return not returned and now.tobytes() == expected


def _now(base: str, names: list[str], present: int) -> tuple[array[int], bool]:
    """The stamps of the folders that exist, one lstat each, and whether any absent one is a folder again.
    The names are statted from inside `base` (fewer path components for the kernel to walk, no joined
    strings); the current folder is put back before returning."""
    here = _enter(base)
    try:
        if here is None:
            names = [os.path.join(base, name) for name in names]
        now = array("q", map(_STAMP, map(os.lstat, names[:present])))  # the loop that grows with the repo
        for name in names[present:]:
            try:
                if stat.S_ISDIR(os.lstat(name).st_mode):
                    return now, True
            except OSError:
                continue  # still absent
        return now, False
    finally:
        if here is not None:
            os.fchdir(here)
            os.close(here)


def _enter(base: str) -> int | None:
    """Change into `base`, returning a handle on the folder to come back to; None where that cannot be
    done (no fchdir, or the current folder cannot be opened), and the caller uses full paths."""
    if not hasattr(os, "fchdir"):
        return None
    try:
        here = os.open(".", os.O_RDONLY)
    except OSError:
        return None
    try:
        os.chdir(base)
    except OSError:
        os.close(here)
        raise
    return here


def _joined(names: list[str]) -> str | list[str]:
    """The names as one string, one per line; as a list in the rare repository with a newline in one."""
    return names if any("\n" in name for name in names) else "\n".join(names)


def _names(record: dict[str, object]) -> list[str]:
    names = record["names"]
    if isinstance(names, list) and all(isinstance(name, str) for name in names):
        return names
    if not isinstance(names, str):
        raise ValueError("folder names are not text")
    return names.split("\n") if names else []


def _stamps(record: dict[str, object]) -> list[int]:
    stamps = array("q")
    stamps.frombytes(bytes.fromhex(str(record["stamps"])))
    return stamps.tolist()
