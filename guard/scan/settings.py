"""Settings owned by the scanner: per-repository tuning lives only here (the config file is guarded).
No inline comment in a scanned file can change what is reported."""
from __future__ import annotations

from pydantic import BaseModel, ConfigDict, Field

from guard.scan.finding import Severity


class ScanSettings(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)

    ignore: list[str] = Field(default_factory=list, description="detector IDs (or prefixes) never reported")
    per_path_ignores: dict[str, list[str]] = Field(
        default_factory=dict, description="glob -> detector IDs ignored in matching files"
    )
    baseline: str | None = Field(None, description="file of accepted finding hashes, relative to the root")
    max_file_bytes: int = Field(5_000_000, ge=1, description="larger files get FIL003 and are not scanned")
    severity: dict[str, Severity] = Field(default_factory=dict, description="detector ID -> severity override")
    trusted_hosts: list[str] = Field(
        default_factory=list,
        description="hosts (or URLs) that are the project's own besides its git remotes: sending to them is no flow (ACT)",
    )
