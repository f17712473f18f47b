"""What a parsed knowledge file is. The models are frozen dataclasses, not pydantic: they are cheap to import,
hashable and immutable, and all validation happens in the parser (rules_engine.parse), where the file and the
line of each problem are known."""
from __future__ import annotations

from dataclasses import dataclass, field
from datetime import date
from typing import Literal

RuleFormat = Literal["markdown", "cursor", "claude"]


@dataclass(frozen=True)
class Line:
    """One statement of a file: a bullet (with its continuation lines) or a paragraph line."""

    path: str
    line: int  # 1-based line in the file
    text: str
    bullet: bool = True
    section: str = ""  # the nearest heading above it


@dataclass(frozen=True)
class Rule:
    path: str  # as displayed: relative to the root, or ~/...
    name: str  # the file's stem: the rule's id everywhere (promotion, contradicts)
    description: str
    description_derived: bool  # no description in the frontmatter: taken from the body's first line
    always: bool  # goes in full into every prompt
    body: str
    body_line: int  # the file line the body starts on
    format: RuleFormat = "markdown"
    globs: tuple[str, ...] = ()  # Cursor `globs`, Claude Code `paths`: where the rule applies
    confidence: float | None = None
    sessions: int | None = None
    last_used: date | None = None
    contradicts: tuple[str, ...] = ()
    key_lines: tuple[tuple[str, int], ...] = ()  # frontmatter key -> file line, for messages
    statements: tuple[Line, ...] = field(default=(), compare=False)

    def key_line(self, key: str) -> int | None:
        return dict(self.key_lines).get(key)


@dataclass(frozen=True)
class Skill:
    path: str
    name: str
    name_derived: bool  # no `name` in the frontmatter: the folder's name
    description: str
    body: str
    body_line: int


@dataclass(frozen=True)
class Memory:
    path: str
    entries: tuple[Line, ...]
    text: str


@dataclass(frozen=True)
class Document:
    """A free-form instructions file every tool reads (AGENTS.md, CLAUDE.md, .cursorrules ...)."""

    path: str
    text: str
    statements: tuple[Line, ...]


Knowledge = Rule | Skill | Memory | Document
