"""`[review]`: what `kguard review` lets a pull request change without failing."""
from __future__ import annotations

from pydantic import BaseModel, ConfigDict, Field


class ReviewSettings(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)

    allow_guard_changes: list[str] = Field(
        default_factory=list,
        description="globs of guard-switching files (hook settings, kguard's config) a change may touch without "
                    "failing the review; read from the BASE commit's config, so a change cannot allow itself")
