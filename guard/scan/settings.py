"""Settings owned by the scanner: per-repository tuning lives only here (the config file is guarded)."""
from __future__ import annotations

from pydantic import BaseModel, ConfigDict, Field


class ScanSettings(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)

    ignore: list[str] = Field(default_factory=list, description="detector IDs never reported")
    per_path_ignores: dict[str, list[str]] = Field(
        default_factory=dict, description="glob -> detector IDs ignored in matching files"
    )
    baseline: str | None = Field(None, description="file of accepted finding hashes, relative to the root")
