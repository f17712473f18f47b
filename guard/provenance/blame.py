"""Each line of a file and who wrote it. In order: the records this clone kept (carried to the work tree's
content), the git notes of the commit git blames the line on (pygit2's blame, following lines moved and
copied within the file as `git blame -M` does), and, for a line nobody recorded, git's own answer: a person,
the commit's author. Uncommitted lines with no record are the user's own, "Not Committed Yet" as git says."""
from __future__ import annotations

import os
import subprocess
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path

import pygit2

from guard.provenance import blamecache
from guard.provenance import lines as line_map
from guard.provenance.notes import Notes
from guard.provenance.records import MAX_TEXT, Record
from guard.provenance.store import Lines

NOT_COMMITTED = "Not Committed Yet"


@dataclass(frozen=True)
class Blamed:
    commit: str  # the commit git blames the line on
    path: str  # the file's path in that commit
    line: int  # 1-based, in that commit's version of the file
    author: str
    when: float


@dataclass(frozen=True)
class Line:
    number: int
    text: bytes
    record: Record
    where: Blamed | None  # None while uncommitted
    noted: bool = False  # the record came from the commit's git note

    @property
    def commit(self) -> str | None:
        return self.where.commit if self.where is not None else None


def head_commit(repo: pygit2.Repository) -> pygit2.Commit | None:
    try:
        return None if repo.head_is_unborn else repo.head.peel(pygit2.Commit)
    except (pygit2.GitError, KeyError, ValueError):
        return None


def git_blame(repo: pygit2.Repository, head: pygit2.Commit, rel: str, kept: Path | None = None,
              warn: Callable[[str], None] = lambda message: None) -> tuple[bytes, list[Blamed | None]] | None:
    """HEAD's content of `rel` and, per line, what `git blame -M` blames it on; None when HEAD has no such
    file. git's own blame, not libgit2's: libgit2 1.9 ignores the track-copies flags, so a line moved within
    the file was blamed on the commit that moved it (tests/test_blame.py pins the move). With `kept` (the
    state folder), only the commits since the blame kept there are walked (guard.provenance.blamecache)."""
    try:
        entry = head.tree[rel]
        data = bytes(repo[entry.id].data)  # type: ignore[attr-defined]
    except (KeyError, ValueError, AttributeError, pygit2.GitError):
        return None
    count = len(line_map.split(data))
    head_id = str(head.id)
    last = blamecache.load(kept, rel) if kept is not None else None
    if last is not None and last[0] == head_id and len(last[1]) == count:
        return data, [Blamed(*row) if row else None for row in last[1]]
    since = last if last is not None and _descends(repo, head, last[0]) else None
    rows = _run_blame(repo, head_id, rel, count, since)
    if rows is None and since is not None:
        rows = _run_blame(repo, head_id, rel, count, None)
    if rows is None:
        return data, [None] * count
    if kept is not None:
        blamecache.save(kept, rel, head_id, rows, warn)
    return data, [Blamed(*row) if row else None for row in rows]


def _descends(repo: pygit2.Repository, head: pygit2.Commit, older: str) -> bool:
    try:
        return repo.descendant_of(head.id, older)
    except (KeyError, ValueError, pygit2.GitError):
        return False


def _run_blame(repo: pygit2.Repository, head: str, rel: str, count: int,
               since: tuple[str, list[blamecache.Row | None]] | None) -> list[blamecache.Row | None] | None:
    """git blame's rows; with `since`, of the commits after it, the boundary's lines read from it. None when
    git fails, or a line stops at a boundary that is not `since` (a merge brought older history)."""
    env = {k: v for k, v in os.environ.items() if k not in ("GIT_DIR", "GIT_WORK_TREE", "GIT_INDEX_FILE")}
    revision = f"{since[0]}..{head}" if since is not None else head
    command = ["git", "-c", "blame.ignoreRevsFile=", "blame", "--line-porcelain", "-M", revision, "--", rel]
    try:
        result = subprocess.run(command, cwd=repo.workdir or repo.path, capture_output=True, env=env, timeout=600)
    except (OSError, subprocess.SubprocessError):
        return None
    if result.returncode != 0:
        return None
    rows: list[blamecache.Row | None] = [None] * count
    for final, row, boundary in _porcelain(result.stdout, rel):
        if since is not None and boundary:
            if row[0] != since[0] or not 0 < row[2] <= len(since[1]):
                return None
            row = since[1][row[2] - 1]  # type: ignore[assignment]
        if 0 <= final < count:
            rows[final] = row
    return rows


def _porcelain(stdout: bytes, rel: str) -> Iterator[tuple[int, blamecache.Row, bool]]:
    commit, orig, final = "", 0, 0
    fields: dict[bytes, bytes] = {}
    for raw in stdout.split(b"\n"):
        if raw.startswith(b"\t"):
            name = fields.get(b"filename", rel.encode()).decode("utf-8", "surrogateescape")
            author = fields.get(b"author", b"").decode("utf-8", "replace")
            try:
                when = float(fields.get(b"author-time", b"0"))
            except ValueError:
                when = 0.0
            yield final - 1, (commit, name, orig, author, when), b"boundary" in fields
            fields = {}
            continue
        key, _, value = raw.partition(b" ")
        if len(key) in (40, 64) and not key.strip(b"0123456789abcdef"):
            parts = value.split(b" ")
            commit, orig, final = key.decode(), int(parts[0]), int(parts[1])
        else:
            fields[key] = value


def attribute(data: bytes, local: list[Record | None], repo: pygit2.Repository | None, rel: str | None,
              warn: Callable[[str], None], mtime: float = 0.0, at: pygit2.Commit | None = None,
              kept: Path | None = None) -> list[Line]:
    """`data` is the work tree's content (or `at`'s); `local`, this clone's records carried to it."""
    texts = line_map.split(data)
    blamed: list[Blamed | None] = [None] * len(texts)
    notes = None
    if repo is not None and rel is not None:
        head = at or head_commit(repo)
        at_head = git_blame(repo, head, rel, kept, warn) if head is not None else None
        if at_head is not None:
            blamed = line_map.carry(at_head[0], data, at_head[1])
            notes = Notes(repo, warn)
    out = []
    for index, text in enumerate(texts):
        where = blamed[index]
        record = local[index] if index < len(local) else None
        noted = None
        if where is not None and notes is not None:
            noted = notes.lines(where.commit, where.path).get(where.line)
            record = noted or record
        if record is None:
            # git's own answer: nothing to validate (model_construct: 5,000 lines are 5,000 validations)
            if where is not None:
                record = Record.model_construct(origin="human", who=where.author[:MAX_TEXT], when=where.when,
                                                accepted="user", session="", command="", rule="")
            else:
                record = Record.model_construct(origin="human", who=NOT_COMMITTED, when=mtime, accepted="user",
                                                session="", command="", rule="")
        out.append(Line(index + 1, text, record, where, noted is not None))
    return out


def at_commit(repo: pygit2.Repository, commit: pygit2.Commit, rel: str, local: Lines | None,
              warn: Callable[[str], None]) -> list[Line]:
    """Each line of `rel` as `commit` holds it ([] when it holds no such file)."""
    try:
        data = bytes(repo[commit.tree[rel].id].data)  # type: ignore[attr-defined]
    except (KeyError, ValueError, AttributeError, pygit2.GitError):
        return []

    def read(oid: str) -> bytes | None:
        try:
            return bytes(repo[oid].data)  # type: ignore[attr-defined]
        except (KeyError, ValueError, AttributeError, pygit2.GitError):
            return None

    return attribute(data, carried_local(local, data, read), repo, rel, warn, at=commit)


def carried_local(known: Lines | None, data: bytes, read_blob: Callable[[str], bytes | None]) -> list[Record | None]:
    count = len(line_map.split(data))
    if known is None:
        return [None] * count
    if known.oid == str(pygit2.hash(data)):
        return (known.records + [None] * count)[:count]
    old = read_blob(known.oid)
    return [None] * count if old is None else line_map.carry(old, data, known.records)


def mtime_of(path: str) -> float:
    try:
        return os.stat(path).st_mtime
    except OSError:
        return 0.0
