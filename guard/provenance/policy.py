"""The `agent_lines = "review"` policy: the committed lines an agent wrote that no person accepted (kept
by a policy, or by nobody), read from the notes of the commits that hold them and this clone's records."""
from __future__ import annotations

from collections.abc import Callable, Iterable

import pygit2

from guard.paths import Places
from guard.provenance.blame import Line, at_commit, head_commit
from guard.provenance.notes import Notes
from guard.provenance.store import load


def _noted_paths(repo: pygit2.Repository, warn: Callable[[str], None]) -> set[str]:
    notes = Notes(repo, warn)
    paths: set[str] = set()
    for ref in notes.refs():
        try:
            for note in repo.notes(ref):
                doc = notes.document(str(note.annotated_id))
                if doc is not None:
                    paths.update(doc.files)
        except (pygit2.GitError, KeyError, ValueError):
            continue
    return paths


def unreviewed(places: Places, rels: Iterable[str], warn: Callable[[str], None]) -> list[tuple[str, Line]]:
    """(rel, line) for each line of HEAD's `rels` that an agent wrote and no person accepted."""
    if places.git_dir is None:
        return []
    try:
        repo = pygit2.Repository(str(places.root))
    except (pygit2.GitError, OSError):
        return []
    head = head_commit(repo)
    if head is None:
        return []
    store = load(places.project_state)
    if store.problem:
        warn(store.problem)
    candidates = set(store.files) | _noted_paths(repo, warn)
    found = []
    for rel in sorted(set(rels) & candidates):
        for line in at_commit(repo, head, rel, store.files.get(rel), warn):
            if line.record.origin == "agent" and line.record.accepted != "user" and line.commit is not None:
                found.append((rel, line))
    return found
