"""Writes into a user's tree: temp file in the same folder, fsync, rename. Never through a symlink, never
outside the root, and only when the bytes (or the mode) change."""
from __future__ import annotations

import os
import stat
import tempfile
from pathlib import Path

from rules_engine.errors import KguardError

SYMLINK = 0o120000


def inside(root: Path, path: Path) -> bool:
    """True when `path`'s folder, with every symlink in it resolved, lies inside `root`."""
    real_root = os.path.realpath(root)
    real_parent = os.path.realpath(path.parent)
    return real_parent == real_root or real_parent.startswith(real_root.rstrip(os.sep) + os.sep)


def _check(root: Path, path: Path) -> None:
    if not inside(root, path):
        raise KguardError(f"refusing to write outside {root}", path)


def _make_parents(root: Path, path: Path) -> None:
    missing = []
    parent = path.parent
    while not os.path.lexists(parent):
        missing.append(parent)
        parent = parent.parent
    for folder in reversed(missing):
        _check(root, folder / "x")
        os.mkdir(folder)


def write_file(root: Path, path: Path, data: bytes, mode: int | None = None) -> bool:
    """Atomically make `path` a regular file holding `data` (replacing a symlink, never following it).
    Returns False when the file already held exactly that (nothing written)."""
    _make_parents(root, path)
    _check(root, path)
    perms = stat.S_IMODE(mode) if mode is not None else None
    try:
        st = os.lstat(path)
    except FileNotFoundError:
        st = None
    if st is not None and stat.S_ISREG(st.st_mode):
        if perms is None:
            perms = stat.S_IMODE(st.st_mode)
        if stat.S_IMODE(st.st_mode) == perms and st.st_size == len(data) and _read(path) == data:
            return False
    if st is not None and stat.S_ISDIR(st.st_mode):
        raise KguardError("a folder stands where a file should be; not replaced", path)
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".kguard-tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "wb") as handle:
            handle.write(data)
            handle.flush()
            os.fsync(handle.fileno())
        os.chmod(tmp, perms if perms is not None else 0o644 & ~_umask())
        os.replace(tmp, path)
    except BaseException:
        if os.path.lexists(tmp):
            os.unlink(tmp)
        raise
    _fsync_dir(path.parent)
    return True


def write_symlink(root: Path, path: Path, target: bytes) -> bool:
    _make_parents(root, path)
    _check(root, path)
    try:
        if os.readlink(path) == os.fsdecode(target):
            return False
    except OSError:
        pass
    if os.path.isdir(path) and not os.path.islink(path):
        raise KguardError("a folder stands where a symlink should be; not replaced", path)
    tmp = path.parent / f".{path.name}.{os.getpid()}.kguard-link"
    os.symlink(os.fsdecode(target), tmp)
    os.replace(tmp, path)
    _fsync_dir(path.parent)
    return True


def write_entry(root: Path, path: Path, data: bytes, mode: int) -> bool:
    """Restore a snapshot entry: a symlink (mode 120000) or a regular file with its permission bits."""
    if stat.S_ISLNK(mode):
        return write_symlink(root, path, data)
    return write_file(root, path, data, mode)


def remove(root: Path, path: Path) -> bool:
    _check(root, path)
    try:
        st = os.lstat(path)
    except FileNotFoundError:
        return False
    if stat.S_ISDIR(st.st_mode):
        raise KguardError("a folder stands where a file was added; not removed", path)
    os.unlink(path)
    _fsync_dir(path.parent)
    return True


def _read(path: Path) -> bytes:
    with open(path, "rb") as handle:
        return handle.read()


def _umask() -> int:
    current = os.umask(0)
    os.umask(current)
    return current


def _fsync_dir(folder: Path) -> None:
    try:
        fd = os.open(folder, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)
