"""The guard's own records, versioned: the baseline (what each knowledge file held when last accepted),
the journal of the last changes, and the changes held back waiting for `kguard keep`."""
from __future__ import annotations

import math
import stat
from typing import Annotated, Literal

from pydantic import AfterValidator, BaseModel, ConfigDict, Field, field_validator

STATE_VERSION = 1

ChangeKind = Literal["added", "modified", "deleted", "type-changed", "mode-changed"]


def _blob_id(value: str) -> str:
    if len(value) not in (40, 64) or value.strip("0123456789abcdef"):
        raise ValueError("not a blob id")
    return value


BlobId = Annotated[str, AfterValidator(_blob_id)]  # a git blob id, SHA-1 or SHA-256, lower-case hex


class Entry(BaseModel):
    model_config = ConfigDict(frozen=True)

    oid: BlobId  # git blob id of the content (a symlink's target for symlinks)
    mode: int  # st_mode: file type and permission bits

    @property
    def is_link(self) -> bool:
        return stat.S_ISLNK(self.mode)


class FileChange(BaseModel):
    model_config = ConfigDict(frozen=True)

    rel: str
    kind: ChangeKind
    before: Entry | None
    after: Entry | None


def entry_id(value: str) -> str:
    if not 4 <= len(value) <= 40 or value.strip("0123456789abcdef"):
        raise ValueError("not a journal entry id")
    return value


def change_kind(before: Entry | None, after: Entry | None) -> ChangeKind | None:
    if before == after:
        return None
    if before is None:
        return "added"
    if after is None:
        return "deleted"
    if before.is_link != after.is_link:
        return "type-changed"
    if before.oid != after.oid:
        return "modified"
    return "mode-changed"


class JournalEntry(BaseModel):
    model_config = ConfigDict(frozen=True)

    id: str
    time: float
    action: str  # keep, reset, hold, adopt, approve, edit, remove, undo, snapshot ...
    command: str = ""  # the command that made the change, when one did
    note: str = ""
    changes: list[FileChange]
    # What the file holds once this entry's decision is applied, per change: "after" (the change stands)
    # or "before" (the change was rolled back). Undo requires the file to still hold that side.
    left: Literal["after", "before"]

    @field_validator("id")
    @classmethod
    def _id(cls, value: str) -> str:
        return entry_id(value)

    @field_validator("time")
    @classmethod
    def _finite(cls, value: float) -> float:
        if not math.isfinite(value) or not 0 <= value < 1e11:
            raise ValueError("not a time")
        return value


class Pending(BaseModel):
    model_config = ConfigDict(frozen=True)

    rel: str
    entry: str  # the journal entry that held it back

    @field_validator("entry")
    @classmethod
    def _entry(cls, value: str) -> str:
        return entry_id(value)
    content: Entry | None  # what the command left (None: the command deleted the file)


class Todo(BaseModel):
    """A file write a decision still owes (write-ahead): saved before the write, dropped once it is done.
    Recovery writes `after` only while the file still holds `before`."""

    model_config = ConfigDict(frozen=True)

    rel: str
    before: Entry | None
    after: Entry | None


class State(BaseModel):
    version: int = STATE_VERSION
    baseline: dict[str, Entry] = Field(default_factory=dict)
    journal: list[JournalEntry] = Field(default_factory=list)  # newest first
    pending: list[Pending] = Field(default_factory=list)
    todo: list[Todo] = Field(default_factory=list)

    def referenced_oids(self) -> set[str]:
        oids = {entry.oid for entry in self.baseline.values()}
        for record in self.journal:
            for change in record.changes:
                oids.update(side.oid for side in (change.before, change.after) if side is not None)
        oids.update(p.content.oid for p in self.pending if p.content is not None)
        for item in self.todo:
            oids.update(side.oid for side in (item.before, item.after) if side is not None)
        return oids
