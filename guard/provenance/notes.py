"""The records that travel with commits: one JSON document per commit in git notes (refs/notes/kguard).
Anyone can push a note, so a note is input: one that is too big, not JSON, or not the expected shape is
reported in one line and ignored (the lines fall back to git's own blame)."""
from __future__ import annotations

import json
from collections.abc import Callable, Mapping

import pygit2
from pydantic import ValidationError

from guard.provenance.records import NoteDocument, NoteLines, Record

NOTES_REF = "refs/notes/kguard"
MAX_NOTE_BYTES = 4 * 1024 * 1024


class Notes:
    """The notes of one repository, each read and validated once."""

    def __init__(self, repo: pygit2.Repository, warn: Callable[[str], None]) -> None:
        self.repo = repo
        self.warn = warn
        self._read: dict[str, NoteDocument | None] = {}
        self._lines: dict[tuple[str, str], dict[int, Record]] = {}
        self._refs: list[str] | None = None

    def refs(self) -> list[str]:
        """The local notes first, then those fetched from remotes (`kguard hooks install --share-notes`)."""
        if self._refs is None:
            try:
                fetched = sorted(name for name in self.repo.references
                                 if name.startswith("refs/notes/remotes/") and name.endswith("/kguard"))
            except pygit2.GitError:
                fetched = []
            self._refs = [ref for ref in (NOTES_REF, *fetched) if ref in self.repo.references]
        return self._refs

    def _lookup(self, commit: str) -> pygit2.Note | None:
        for ref in self.refs():
            try:
                return self.repo.lookup_note(commit, ref)
            except (KeyError, ValueError, pygit2.GitError):
                continue
        return None

    def document(self, commit: str) -> NoteDocument | None:
        if commit in self._read:
            return self._read[commit]
        self._read[commit] = None
        note = self._lookup(commit)
        if note is None:
            return None
        try:
            blob = self.repo[note.id]
            raw = bytes(blob.data)  # type: ignore[attr-defined]
            if len(raw) > MAX_NOTE_BYTES:
                raise ValueError(f"{len(raw)} bytes, more than {MAX_NOTE_BYTES}")
            self._read[commit] = NoteDocument.model_validate(json.loads(raw))
        except (ValueError, TypeError, RecursionError, AttributeError, ValidationError, pygit2.GitError) as exc:
            reason = str(exc).splitlines()[0] if str(exc) else type(exc).__name__
            self.warn(f"the kguard note on commit {commit[:12]} ({NOTES_REF}) is damaged ({reason[:200]}); "
                      "its lines are shown as git blames them")
        return self._read[commit]

    def lines(self, commit: str, path: str) -> dict[int, Record]:
        found = self._lines.get((commit, path))
        if found is None:
            doc = self.document(commit)
            found = self._lines[commit, path] = doc.lines_of(path) if doc is not None else {}
        return found

    def merge(self, commit: str, path: str, records: Mapping[int, Record]) -> bool:
        """Add (or replace) the records of these lines of `path` in `commit`'s note. False when unchanged."""
        doc = self.document(commit)
        files = {p: dict(doc.lines_of(p)) for p in doc.files} if doc is not None else {}
        mine = files.setdefault(path, {})
        if all(mine.get(n) == r for n, r in records.items()):
            return False
        mine.update(records)
        new = NoteDocument(files={p: _grouped(lines) for p, lines in sorted(files.items()) if lines})
        text = json.dumps(new.model_dump(mode="json"), sort_keys=True, indent=1) + "\n"
        try:
            signature = self.repo.default_signature
        except (KeyError, pygit2.GitError):
            signature = pygit2.Signature("kguard", "kguard@localhost")
        self.repo.create_note(text, signature, signature, commit, NOTES_REF, True)
        self._read[commit] = new
        self._lines = {key: value for key, value in self._lines.items() if key[0] != commit}
        self._refs = None
        return True


def _grouped(lines: Mapping[int, Record]) -> list[NoteLines]:
    groups: dict[Record, list[int]] = {}
    for number in sorted(lines):
        groups.setdefault(lines[number], []).append(number)
    return [NoteLines(lines=numbers, **record.model_dump()) for record, numbers in groups.items()]
