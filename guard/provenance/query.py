"""`blame` for one file by path: which root it is in, this clone's records for it, the repository."""
from __future__ import annotations

import os
from collections.abc import Callable
from pathlib import Path

import pygit2

from guard.paths import Places
from guard.provenance import store as line_store
from guard.provenance.blame import Line, attribute, carried_local, mtime_of
from rules_engine.errors import KguardError

MAX_BYTES = 64 * 1024 * 1024


def _open(path: str) -> pygit2.Repository | None:
    try:
        return pygit2.Repository(path)
    except (pygit2.GitError, OSError):
        return None


def _reader(repo: pygit2.Repository | None) -> Callable[[str], bytes | None]:
    def read(oid: str) -> bytes | None:
        try:
            return bytes(repo[oid].data) if repo is not None else None  # type: ignore[attr-defined]
        except (KeyError, ValueError, AttributeError, pygit2.GitError):
            return None

    return read


def where(places: Places, path: Path) -> tuple[str, str]:
    """(scope, rel) of a file named by the user: in the project, else in the home."""
    absolute = Path(os.path.abspath(path))
    for scope, base in (("project", places.root), ("home", places.home)):
        try:
            return scope, absolute.relative_to(base).as_posix()
        except ValueError:
            continue
    raise KguardError("not under the project root or the home", path)


def read_file(path: Path) -> bytes:
    try:
        if path.is_symlink() or not path.is_file():
            raise KguardError("not a regular file (blame reads files, not folders or symlinks)", path)
        with open(path, "rb") as handle:
            data = handle.read(MAX_BYTES + 1)
    except OSError as exc:
        raise KguardError(f"cannot read it ({exc.strerror})", path) from None
    if len(data) > MAX_BYTES:
        raise KguardError(f"larger than {MAX_BYTES} bytes: not a knowledge file kguard blames", path)
    if b"\0" in data:
        raise KguardError("binary content: nothing to blame line by line", path)
    return data


def blame_path(places: Places, path: Path, warn: Callable[[str], None]) -> list[Line]:
    scope, rel = where(places, path)
    data = read_file(path)
    in_git = scope == "project" and places.git_dir is not None
    repo = _open(str(places.root)) if in_git else None
    if scope == "project":
        folder = places.project_state
        objects = repo if repo is not None else _open(str(folder / "store.git"))
    else:
        folder = places.home_state
        objects = _open(str(folder / "store.git"))
    records = line_store.load(folder)
    if records.problem:
        warn(records.problem)
    local = carried_local(records.files.get(rel), data, _reader(objects))
    return attribute(data, local, repo, rel if repo is not None else None, warn, mtime_of(str(path)),
                     kept=folder if repo is not None else None)
