"""Writes into a user's tree: temp file in the same folder, fsync, rename. Never through a symlink, never
outside the root, and only when the bytes (or the mode) change. Every step goes through an opened folder
(`dir_fd`, `O_NOFOLLOW`): a folder swapped for a symlink after a check cannot redirect a write."""
from __future__ import annotations

import os
import secrets
import stat
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from rules_engine.errors import KguardError

SYMLINK = 0o120000
TEMP_SUFFIXES = (".kguard-tmp", ".kguard-link")
_DIR_FLAGS = os.O_RDONLY | os.O_DIRECTORY | os.O_NOFOLLOW | getattr(os, "O_CLOEXEC", 0)


def inside(root: Path, path: Path) -> bool:
    """True when `path`'s folder, with every symlink in it resolved, lies inside `root`."""
    real_root = os.path.realpath(root)
    real_parent = os.path.realpath(path.parent)
    return real_parent == real_root or real_parent.startswith(real_root.rstrip(os.sep) + os.sep)


def _parts(root: Path, path: Path) -> list[str]:
    try:
        rel = Path(os.path.normpath(path)).relative_to(os.path.normpath(root))
    except ValueError:
        raise KguardError(f"refusing to write outside {root}", path) from None
    parts = list(rel.parts)
    if not parts or ".." in parts:
        raise KguardError(f"refusing to write outside {root}", path)
    return parts


def _walk(root_fd: int, folders: list[str], create: bool) -> int:
    """Open folder by folder from `root_fd`, never following a symlink; -1 when one is missing."""
    fd = os.dup(root_fd)
    try:
        for name in folders:
            try:
                nxt = os.open(name, _DIR_FLAGS, dir_fd=fd)
            except FileNotFoundError:
                if not create:
                    os.close(fd)
                    return -1
                os.mkdir(name, 0o777, dir_fd=fd)
                nxt = os.open(name, _DIR_FLAGS, dir_fd=fd)
            os.close(fd)
            fd = nxt
        return fd
    except OSError:
        os.close(fd)
        raise


@contextmanager
def opened_parent(root: Path, path: Path, create: bool = True) -> Iterator[tuple[int, str]]:
    """(fd of `path`'s folder, its name). A symlinked folder on the way is followed only when it resolves
    inside the root; the folders are then opened again along the resolved path, each with O_NOFOLLOW."""
    parts = _parts(root, path)
    try:
        root_fd = os.open(root, os.O_RDONLY | os.O_DIRECTORY | getattr(os, "O_CLOEXEC", 0))
    except OSError as exc:
        raise KguardError(f"cannot open the folder ({exc.strerror})", root) from None
    fd = -1
    try:
        try:
            fd = _walk(root_fd, parts[:-1], create)
        except OSError:
            if not inside(root, path):
                raise KguardError(f"refusing to write outside {root}", path) from None
            real = Path(os.path.realpath(path.parent)).relative_to(os.path.realpath(root))
            try:
                fd = _walk(root_fd, list(real.parts), create)
            except OSError as exc:
                raise KguardError(f"refusing to write outside {root} (a folder changed under kguard: "
                                  f"{exc.strerror})", path) from None
        if fd < 0:
            raise FileNotFoundError(path)
        yield fd, parts[-1]
    finally:
        if fd >= 0:
            os.close(fd)
        os.close(root_fd)


def _lstat(fd: int, name: str) -> os.stat_result | None:
    try:
        return os.stat(name, dir_fd=fd, follow_symlinks=False)
    except FileNotFoundError:
        return None


def _temp_name(name: str, suffix: str) -> str:
    return f".{name}.{secrets.token_hex(4)}{suffix}"


def write_file(root: Path, path: Path, data: bytes, mode: int | None = None) -> bool:
    """Atomically make `path` a regular file holding `data` (replacing a symlink, never following it).
    Returns False when the file already held exactly that (nothing written)."""
    perms = stat.S_IMODE(mode) if mode is not None else None
    with opened_parent(root, path) as (fd, name):
        st = _lstat(fd, name)
        if st is not None and stat.S_ISDIR(st.st_mode):
            raise KguardError("a folder stands where a file should be; not replaced", path)
        if st is not None and stat.S_ISREG(st.st_mode):
            if perms is None:
                perms = stat.S_IMODE(st.st_mode)
            if stat.S_IMODE(st.st_mode) == perms and st.st_size == len(data) and _read(fd, name) == data:
                return False
        tmp = _temp_name(name, ".kguard-tmp")
        out = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_EXCL | os.O_NOFOLLOW, 0o600, dir_fd=fd)
        try:
            with os.fdopen(out, "wb") as handle:
                handle.write(data)
                handle.flush()
                os.fsync(handle.fileno())
                os.chmod(handle.fileno(), perms if perms is not None else 0o644 & ~_umask())
            os.replace(tmp, name, src_dir_fd=fd, dst_dir_fd=fd)
        except BaseException:
            _unlink_quietly(fd, tmp)
            raise
        _fsync(fd)
    return True


def write_symlink(root: Path, path: Path, target: bytes) -> bool:
    with opened_parent(root, path) as (fd, name):
        st = _lstat(fd, name)
        if st is not None and stat.S_ISLNK(st.st_mode) and os.readlink(name, dir_fd=fd) == os.fsdecode(target):
            return False
        if st is not None and stat.S_ISDIR(st.st_mode):
            raise KguardError("a folder stands where a symlink should be; not replaced", path)
        tmp = _temp_name(name, ".kguard-link")
        os.symlink(os.fsdecode(target), tmp, dir_fd=fd)
        try:
            os.replace(tmp, name, src_dir_fd=fd, dst_dir_fd=fd)
        except BaseException:
            _unlink_quietly(fd, tmp)
            raise
        _fsync(fd)
    return True


def write_entry(root: Path, path: Path, data: bytes, mode: int) -> bool:
    """Restore a snapshot entry: a symlink (mode 120000) or a regular file with its permission bits."""
    if stat.S_ISLNK(mode):
        return write_symlink(root, path, data)
    return write_file(root, path, data, mode)


def remove(root: Path, path: Path) -> bool:
    try:
        with opened_parent(root, path, create=False) as (fd, name):
            st = _lstat(fd, name)
            if st is None:
                return False
            if stat.S_ISDIR(st.st_mode):
                raise KguardError("a folder stands where a file was added; not removed", path)
            os.unlink(name, dir_fd=fd)
            _fsync(fd)
    except FileNotFoundError:
        return False
    return True


def remove_leftovers(root: Path, folder: Path) -> int:
    """Remove temp files a killed kguard left in `folder` (under the root); returns how many."""
    removed = 0
    try:
        with opened_parent(root, folder / "x", create=False) as (fd, _):
            for name in os.listdir(fd):
                if name.startswith(".") and name.endswith(TEMP_SUFFIXES):
                    st = _lstat(fd, name)
                    if st is not None and not stat.S_ISDIR(st.st_mode):
                        _unlink_quietly(fd, name)
                        removed += 1
    except (OSError, KguardError):
        return removed
    return removed


def write_private(path: Path, data: bytes) -> None:
    """Atomically write one of kguard's own state files (the folder must not be a symlink)."""
    folder = path.parent
    st = os.lstat(folder)
    if stat.S_ISLNK(st.st_mode):
        raise KguardError("kguard's state folder is a symlink; refusing to use it", folder)
    write_file(folder, path, data, 0o100600)


def _read(fd: int, name: str) -> bytes:
    handle = os.open(name, os.O_RDONLY | os.O_NOFOLLOW, dir_fd=fd)
    with os.fdopen(handle, "rb") as stream:
        return stream.read()


def _unlink_quietly(fd: int, name: str) -> None:
    try:
        os.unlink(name, dir_fd=fd)
    except OSError:
        pass


def _umask() -> int:
    current = os.umask(0)
    os.umask(current)
    return current


def _fsync(fd: int) -> None:
    try:
        os.fsync(fd)
    except OSError:
        pass
