"""Settings owned by the rules engine. Each section is one table of the config file."""
from __future__ import annotations

from pydantic import BaseModel, ConfigDict, Field, field_validator


class BudgetSettings(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)

    context_window: int = Field(200_000, gt=0, description="the model's context window in tokens")
    share: float = Field(0.25, gt=0, le=1, description="the share of it knowledge may take")


class HintSettings(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)

    max_age_days: int = Field(180, gt=0)
    duplicate_ratio: float = Field(0.8, gt=0, le=1)


class PromotionSettings(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)

    enabled: bool = Field(False, description="allow approve/edit/remove to write the managed block")
    max_promoted: int = Field(15, ge=0, description="most rules the promoted-rules sub-block may hold")
    max_lines: int = Field(40, ge=0, description="most non-blank lines the sub-block may hold")
    min_confidence: float = Field(0.7, ge=0, le=1, description="lowest confidence a rule may be promoted with")
    min_sessions: int = Field(3, ge=0, description="sessions a rule must have survived to be promoted")
    recommend_hint: bool = Field(False, description="`kguard status` says when the candidate set has grown")
    marker_prefix: str = Field("ai-memory", min_length=1, pattern=r"^[A-Za-z0-9_.-]+$",
                               description="the marker prefix: <!-- PREFIX:start --> ... <!-- PREFIX:end -->")
    memory_store: str = Field(".ai-memory", min_length=1, description="an ai-memory store (relative to the root) whose "
                              "_rules/ pages are candidates too, when present")
    half_life_days: int = Field(90, gt=0, description="recency of use halves every this many days")
    stale_days: int = Field(180, gt=0, description="a promoted rule unused for this long is flagged stale")
    top: int = Field(5, gt=0, description="how many candidates `rules recommend` shows without --all")

    @field_validator("memory_store")
    @classmethod
    def _inside_root(cls, value: str) -> str:
        parts = value.replace("\\", "/").split("/")
        if value.startswith(("/", "~")) or ".." in parts or "\0" in value or (len(value) > 1 and value[1] == ":"):
            raise ValueError("must be a folder inside the project, relative to its root (no '..', not absolute)")
        return value
