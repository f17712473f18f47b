"""Settings owned by the guard layer: which files are knowledge files, and how changes are handled."""
from __future__ import annotations

from pydantic import BaseModel, ConfigDict, Field


class KnowledgeSettings(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)

    include: list[str] = Field(default_factory=list, description="extra globs, relative to the root")
    exclude: list[str] = Field(default_factory=list, description="globs of files or folders never guarded")
    home: bool = Field(True, description="also guard the home-level knowledge files")


class GuardSettings(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)

    journal_size: int = Field(50, ge=1, le=10_000, description="how many changes the journal keeps")
