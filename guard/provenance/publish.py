"""Records that reach a commit go into its git note (refs/notes/kguard), so they survive clones: after a
commit (the lines it added that this clone recorded), after a decision on lines a commit already holds (a
run that committed before it ended, a pull), and when a person accepts committed lines (`kguard keep`)."""
from __future__ import annotations

import time
from collections.abc import Callable, Iterable
from pathlib import Path

import pygit2

from guard.paths import Places
from guard.provenance import lines as line_map
from guard.provenance.blame import attribute, carried_local, git_blame, head_commit
from guard.provenance.notes import Notes
from guard.provenance.records import Record, Source
from guard.provenance.store import LineStore, Lines, load

Warn = Callable[[str], None]


def _blob(repo: pygit2.Repository, tree: pygit2.Tree | None, rel: str) -> tuple[str, bytes] | None:
    try:
        entry = tree[rel] if tree is not None else None
        return (str(entry.id), bytes(repo[entry.id].data)) if entry is not None else None  # type: ignore[attr-defined]
    except (KeyError, ValueError, AttributeError, pygit2.GitError):
        return None


def _reader(repo: pygit2.Repository) -> Callable[[str], bytes | None]:
    def read(oid: str) -> bytes | None:
        try:
            return bytes(repo[oid].data)  # type: ignore[attr-defined]
        except (KeyError, ValueError, AttributeError, pygit2.GitError):
            return None

    return read


def _note(notes: Notes, commit: str, rel: str, records: dict[int, Record], warn: Warn) -> None:
    try:
        notes.merge(commit, rel, records)
    except (pygit2.GitError, OSError, ValueError) as exc:
        warn(f"cannot write the kguard note on commit {commit[:12]} ({exc}); `kguard blame` still reads the "
             "records kept in this clone")


def to_notes(repo: pygit2.Repository, rel: str, data: bytes, marks: list[Record | None], warn: Warn,
             kept: Path | None = None) -> None:
    """`marks`: records just decided for lines of `data`. Those HEAD already holds go to the notes of the
    commits git blames them on."""
    head = head_commit(repo)
    found = _blob(repo, head.tree, rel) if head is not None else None
    if head is None or found is None or not any(marks):
        return
    if not any(line_map.carry(data, found[1], marks)):
        return
    at_head = git_blame(repo, head, rel, kept, warn)
    if at_head is None:
        return
    notes = Notes(repo, warn)
    grouped: dict[tuple[str, str], dict[int, Record]] = {}
    for record, where in zip(line_map.carry(data, found[1], marks), at_head[1]):
        if record is not None and where is not None:
            grouped.setdefault((where.commit, where.path), {})[where.line] = record
    for (commit, path), records in sorted(grouped.items()):
        _note(notes, commit, path, records, warn)


def after_commit(places: Places, baseline: Callable[[], dict[str, str]], unrecorded: Source | None,
                 warn: Warn) -> int:
    """The post-commit hook: the lines the new commit added whose recorded origin is not its author's hand
    go into its note. `unrecorded`: the guarded command this commit ran inside; the lines it added that are
    neither recorded nor in the guard's baseline (`baseline()`: rel -> blob id) are that command's,
    accepted by nobody yet. Returns how many lines were noted."""
    store = load(places.project_state)
    if store.problem:
        warn(store.problem)
    if not store.files and unrecorded is None:
        return 0
    try:
        repo = pygit2.Repository(str(places.root))
    except (pygit2.GitError, OSError):
        return 0
    head = head_commit(repo)
    if head is None:
        return 0
    parent = head.parents[0].tree if head.parents else None
    base = baseline() if unrecorded is not None else {}
    read = _reader(repo)
    notes = Notes(repo, warn)
    noted = 0
    now = time.time()
    for rel in sorted(set(store.files) | set(base)):
        found = _blob(repo, head.tree, rel)
        before = _blob(repo, parent, rel)
        if found is None or (before is not None and before[0] == found[0]):
            continue
        oid, data = found
        local = carried_local(store.files.get(rel), data, read)
        added = line_map.added(before[1] if before else None, data)
        if unrecorded is not None:
            known = base.get(rel)
            old = read(known) if known else None
            in_base = line_map.carry(old, data, [True] * len(line_map.split(old))) if old is not None else []
            fresh = unrecorded.record(now, "none")
            for index in added:
                if local[index] is None and not (index < len(in_base) and in_base[index]):
                    local[index] = fresh
            if any(local):
                store.files[rel] = Lines(oid, local)
        records = {i + 1: r for i in added if (r := local[i]) is not None and r.origin != "human"}
        if records:
            _note(notes, str(head.id), rel, records, warn)
            noted += len(records)
    if unrecorded is not None and noted:
        store.save()
    return noted


def accept(places: Places, store: LineStore, rels: Iterable[str], objects: pygit2.Repository, warn: Warn) -> int:
    """A person keeps these files: their lines written by an agent, git or promotion and accepted by
    nobody (recorded here, or in the note of the commit that holds them) are accepted by the user."""
    repo = objects if places.git_dir is not None else None
    notes = Notes(repo, warn) if repo is not None else None
    accepted = 0
    for rel in rels:
        path = places.root / rel
        try:
            data = path.read_bytes()
        except OSError:
            continue
        local = carried_local(store.files.get(rel), data, _reader(objects))
        found = attribute(data, local, repo, rel if repo is not None else None, warn, kept=places.project_state)
        changed = False
        for line in found:
            if line.record.origin == "human" or line.record.accepted == "user":
                continue
            record = line.record.accepted_by("user")
            local[line.number - 1] = record
            changed = True
            accepted += 1
            if notes is not None and line.where is not None:
                _note(notes, line.where.commit, line.where.path, {line.where.line: record}, warn)
        if changed:
            store.files[rel] = Lines(str(objects.create_blob(data)), local)
    return accepted
