"""The provenance policy `kguard check` enforces (opt-in)."""
from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field


class ProvenanceSettings(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)

    agent_lines: Literal["off", "review"] = Field(
        "off", description='"review": `kguard check` fails when a committed knowledge-file line written by an '
        "agent was accepted by no person (kept by `--on-change keep` or a config, or by nobody); `kguard keep "
        'PATH` accepts it. "off": not checked')
