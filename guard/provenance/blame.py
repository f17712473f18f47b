"""Each line of a file and who wrote it. In order: the records this clone kept (carried to the work tree's
content), the git notes of the commit git blames the line on (pygit2's blame, following lines moved and
copied within the file as `git blame -M` does), and, for a line nobody recorded, git's own answer: a person,
the commit's author. Uncommitted lines with no record are the user's own, "Not Committed Yet" as git says."""
from __future__ import annotations

import os
from collections.abc import Callable
from dataclasses import dataclass

import pygit2

from guard.provenance import lines as line_map
from guard.provenance.notes import Notes
from guard.provenance.records import Record
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


FLAGS = pygit2.enums.BlameFlag.TRACK_COPIES_SAME_FILE


def git_blame(repo: pygit2.Repository, head: pygit2.Commit, rel: str) -> tuple[bytes, list[Blamed | None]] | None:
    """HEAD's content of `rel` and, per line, what git blames it on; None when HEAD has no such file."""
    try:
        entry = head.tree[rel]
        data = bytes(repo[entry.id].data)  # type: ignore[attr-defined]
    except (KeyError, ValueError, AttributeError, pygit2.GitError):
        return None
    count = len(line_map.split(data))
    out: list[Blamed | None] = [None] * count
    try:
        hunks = repo.blame(rel, flags=FLAGS, newest_commit=head.id)
    except (KeyError, ValueError, pygit2.GitError):
        return data, out
    for hunk in hunks:
        author = hunk.final_committer
        name = author.name if author is not None else ""
        when = float(author.time) if author is not None else 0.0
        start = hunk.final_start_line_number - 1
        commit = str(hunk.orig_commit_id)
        for offset in range(hunk.lines_in_hunk):
            if 0 <= start + offset < count:
                out[start + offset] = Blamed(commit, hunk.orig_path or rel, hunk.orig_start_line_number + offset,
                                             name, when)
    return data, out


def attribute(data: bytes, local: list[Record | None], repo: pygit2.Repository | None, rel: str | None,
              warn: Callable[[str], None], user: str = "", mtime: float = 0.0) -> list[Line]:
    """`data` is the work tree's content; `local`, this clone's records carried to it."""
    texts = line_map.split(data)
    blamed: list[Blamed | None] = [None] * len(texts)
    notes = None
    if repo is not None and rel is not None:
        head = head_commit(repo)
        at_head = git_blame(repo, head, rel) if head is not None else None
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
            if where is not None:
                record = Record(origin="human", who=where.author, when=where.when, accepted="user")
            else:
                record = Record(origin="human", who=user or NOT_COMMITTED, when=mtime, accepted="user")
        out.append(Line(index + 1, text, record, where, noted is not None))
    return out


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
