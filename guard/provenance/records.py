"""What is known of a line's origin: the record kept beside the guard's state and in git notes.
Both are input (an agent can write the state folder, anyone can push notes): validated when read."""
from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, field_validator

Origin = Literal["human", "agent", "git", "promotion"]
Accepted = Literal["user", "policy", "none"]
MAX_TEXT = 500  # a who, session or command longer than this is cut: it is shown, never run


def _short(value: str) -> str:
    return value[:MAX_TEXT]


class Record(BaseModel):
    model_config = ConfigDict(frozen=True, extra="ignore")

    origin: Origin
    who: str = ""
    when: float = 0.0  # epoch seconds
    accepted: Accepted = "none"
    session: str = ""  # the harness's session id
    command: str = ""  # the command or tool call that wrote the line
    rule: str = ""  # a promoted rule's id

    @field_validator("who", "session", "command", "rule")
    @classmethod
    def _cut(cls, value: str) -> str:
        return _short(value)

    @field_validator("when")
    @classmethod
    def _finite(cls, value: float) -> float:
        if not math.isfinite(value) or not 0 <= value < 1e11:
            raise ValueError("not a time")
        return value

    def accepted_by(self, accepted: Accepted) -> Record:
        return self.model_copy(update={"accepted": accepted})


@dataclass(frozen=True)
class Source:
    """Who made a change the guard is deciding on, as the surface that saw it knows it."""

    origin: Origin
    who: str
    session: str = ""
    command: str = ""
    rule: str = ""

    def record(self, when: float, accepted: Accepted) -> Record:
        return Record(origin=self.origin, who=self.who, when=when, accepted=accepted, session=self.session,
                      command=self.command, rule=self.rule)


class NoteLines(Record):
    lines: list[int] = Field(min_length=1, max_length=100_000)  # 1-based, in the commit's version of the file

    @field_validator("lines")
    @classmethod
    def _positive(cls, value: list[int]) -> list[int]:
        if any(number < 1 for number in value):
            raise ValueError("line numbers start at 1")
        return value


NOTES_VERSION = 1


class NoteDocument(BaseModel):
    """The git note kguard keeps on a commit (refs/notes/kguard): for each knowledge file the commit holds,
    the lines whose origin was not the commit author's own hand."""

    model_config = ConfigDict(frozen=True, extra="ignore")

    kguard: Literal[1] = NOTES_VERSION
    files: dict[str, list[NoteLines]] = Field(default_factory=dict)

    def lines_of(self, path: str) -> dict[int, Record]:
        out: dict[int, Record] = {}
        for group in self.files.get(path, []):
            record = Record.model_validate(group.model_dump(exclude={"lines"}))
            for number in group.lines:
                out[number] = record
        return out
