"""Settings owned by the rules engine. Each section is one table of the config file."""
from __future__ import annotations

from pydantic import BaseModel, ConfigDict, Field


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

    enabled: bool = False
    max_promoted: int = Field(15, ge=0)
    max_lines: int = Field(40, ge=0)
    min_confidence: float = Field(0.7, ge=0, le=1)
    recommend_hint: bool = False
    marker_prefix: str = Field("ai-memory", min_length=1)
