"""The per-line record kept beside the guard's state (`provenance.json` in a root's state folder), so it
outlives the 50-entry journal: for each knowledge file, the content it was last recorded for (a blob id in
the root's store) and, per line of that content, the record of who wrote it. Held-back changes leave an
offer: the record their lines get if someone keeps them later. Written atomically (guard.atomic) under the
guard's lock; a damaged file is set aside with a warning and the lines fall back to git's blame."""
from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path

from pydantic import BaseModel, ConfigDict, Field, ValidationError, field_validator

from guard import atomic
from guard.provenance.records import Record
from guard.state import BlobId, entry_id

STORE_NAME = "provenance.json"
STORE_VERSION = 1
MAX_BYTES = 64 * 1024 * 1024


class FileLines(BaseModel):
    model_config = ConfigDict(extra="forbid")

    oid: BlobId
    lines: list[int | None]  # index into records, per line of that content


class Offer(BaseModel):
    model_config = ConfigDict(extra="forbid")

    rel: str
    oid: str | None  # the held-back content
    record: int


class Stored(BaseModel):
    model_config = ConfigDict(extra="forbid")

    version: int = STORE_VERSION
    records: list[Record] = Field(default_factory=list)
    files: dict[str, FileLines] = Field(default_factory=dict)
    offers: dict[str, Offer] = Field(default_factory=dict)  # journal entry id that held it back -> offer

    @field_validator("offers")
    @classmethod
    def _ids(cls, value: dict[str, Offer]) -> dict[str, Offer]:
        for key in value:
            entry_id(key)
        return value


@dataclass
class Lines:
    """One file's records, resolved: the content they were recorded for and a record (or None) per line."""

    oid: str
    records: list[Record | None] = field(default_factory=list)


@dataclass
class LineStore:
    path: Path
    files: dict[str, Lines] = field(default_factory=dict)
    offers: dict[str, tuple[str, str | None, Record]] = field(default_factory=dict)
    problem: str = ""
    loaded: bytes = b""  # what the file held when read: an unchanged store is not written again

    def dump(self) -> bytes:
        table: list[Record] = []
        index: dict[Record, int] = {}

        def number(record: Record) -> int:
            if record not in index:
                index[record] = len(table)
                table.append(record)
            return index[record]

        files = {}
        for rel in sorted(self.files):
            lines = self.files[rel]
            if any(r is not None for r in lines.records):
                files[rel] = FileLines(oid=lines.oid, lines=[None if r is None else number(r) for r in lines.records])
        offers = {key: Offer(rel=rel, oid=oid, record=number(record))
                  for key, (rel, oid, record) in sorted(self.offers.items())}
        stored = Stored(records=table, files=files, offers=offers)
        return json.dumps(stored.model_dump(mode="json"), sort_keys=True, separators=(",", ":")).encode()

    def save(self) -> None:
        data = self.dump()
        if data == self.loaded or (not self.loaded and not self.files and not self.offers and not self.problem):
            return
        atomic.write_private(self.path, data)
        self.loaded = data


def load(folder: Path) -> LineStore:
    path = folder / STORE_NAME
    store = LineStore(path)
    try:
        with open(path, "rb") as handle:
            raw = handle.read(MAX_BYTES + 1)
    except FileNotFoundError:
        return store
    except OSError as exc:
        store.problem = f"{path}: cannot be read ({exc.strerror}); line origins fall back to git blame"
        return store
    try:
        if len(raw) > MAX_BYTES:
            raise ValueError(f"larger than {MAX_BYTES} bytes")
        stored = Stored.model_validate(json.loads(raw))
        store.loaded = raw
        for rel, lines in stored.files.items():
            store.files[rel] = Lines(lines.oid, [None if i is None else stored.records[i] for i in lines.lines])
        for key, offer in stored.offers.items():
            store.offers[key] = (offer.rel, offer.oid, stored.records[offer.record])
    except (ValueError, TypeError, IndexError, RecursionError, ValidationError) as exc:
        reason = str(exc).splitlines()[0] if str(exc) else type(exc).__name__
        store.files, store.offers = {}, {}
        store.problem = f"{path}: damaged ({reason}); line origins fall back to git blame"
    return store
