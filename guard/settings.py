"""Settings owned by the guard layer: which files are knowledge files, and how changes are handled."""
from __future__ import annotations

from pydantic import BaseModel, ConfigDict, Field, field_validator


class KnowledgeSettings(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)

    include: list[str] = Field(default_factory=list, description="extra globs, relative to the root")
    exclude: list[str] = Field(default_factory=list, description="globs of files or folders never guarded")
    home: bool = Field(True, description="also guard the home-level knowledge files")

    @field_validator("include", "exclude")
    @classmethod
    def _relative_globs(cls, globs: list[str]) -> list[str]:
        for glob in globs:
            parts = glob.split("/")
            if not glob or glob.startswith(("/", "~")) or ".." in parts or "\\" in glob:
                raise ValueError(f"{glob!r} is not a glob relative to the root (no leading /, ~ or ..)")
        return globs


class GuardSettings(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)

    journal_size: int = Field(50, ge=1, le=10_000, description="how many changes the journal keeps")
