"""Loads `.kguard.toml` (or `[tool.kguard]` in pyproject.toml) and hands each layer its own section."""
from __future__ import annotations

import os
import re
import tomllib
from pathlib import Path
from typing import Any

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from guard.provenance.settings import ProvenanceSettings
from guard.scan.settings import ScanSettings
from guard.settings import GuardSettings, KnowledgeSettings
from hooks.pr_review.settings import ReviewSettings
from rules_engine.errors import KguardError
from rules_engine.settings import BudgetSettings, HintSettings, PromotionSettings

CONFIG_NAME = ".kguard.toml"


class Settings(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)

    knowledge: KnowledgeSettings = Field(default_factory=KnowledgeSettings)
    guard: GuardSettings = Field(default_factory=GuardSettings)
    scan: ScanSettings = Field(default_factory=ScanSettings)
    budget: BudgetSettings = Field(default_factory=BudgetSettings)
    hints: HintSettings = Field(default_factory=HintSettings)
    rules_promotion: PromotionSettings = Field(default_factory=PromotionSettings)
    review: ReviewSettings = Field(default_factory=ReviewSettings)
    provenance: ProvenanceSettings = Field(default_factory=ProvenanceSettings)


def config_path(root: Path) -> Path | None:
    """The file the settings come from, or None when the defaults apply."""
    own = root / CONFIG_NAME
    if own.is_file():
        return own
    pyproject = root / "pyproject.toml"
    if pyproject.is_file() and b"kguard" in pyproject.read_bytes():
        return pyproject  # load_settings tells a [tool.kguard] table from a mere mention
    return None


def named_config() -> Path | None:
    """The file `--config PATH` (or KGUARD_CONFIG) names, which replaces the project's own."""
    named = os.environ.get("KGUARD_CONFIG")
    return Path(named) if named else None


def load_settings(root: Path, explicit: Path | None = None) -> Settings:
    path = explicit or named_config() or config_path(root)
    if path is None:
        return Settings()
    try:
        raw = path.read_bytes()
    except FileNotFoundError:
        raise KguardError("config file not found", path) from None
    return parse_settings(raw, path)


def parse_settings(raw: bytes, path: Path) -> Settings:
    """The settings a config file's bytes hold (`path` names it in errors and tells pyproject.toml apart)."""
    try:
        data = tomllib.loads(raw.decode("utf-8"))
    except UnicodeDecodeError as exc:
        raise KguardError(f"not UTF-8 (at byte offset {exc.start})", path) from None
    except tomllib.TOMLDecodeError as exc:
        found = re.search(r"\(at line (\d+), column (\d+)\)", str(exc))
        message = re.sub(r"\s*\(at line \d+, column \d+\)", "", str(exc))
        if found:
            message += f" (column {found.group(2)})"
        raise KguardError(f"invalid TOML: {message}", path, int(found.group(1)) if found else None) from None
    prefix = ""
    if path.name == "pyproject.toml":
        tool = data.get("tool", {})
        data = tool.get("kguard", {}) if isinstance(tool, dict) else {}
        if not isinstance(data, dict):
            raise KguardError(f"'tool.kguard' must be a table, not {type(data).__name__}", path)
        prefix = "tool.kguard."
    return validate(data, path, prefix)


def validate(data: dict[str, Any], path: Path, prefix: str = "") -> Settings:
    try:
        return Settings.model_validate(data)
    except ValidationError as exc:
        raise KguardError(_describe(exc.errors()[0], prefix), path) from None


def _describe(error: Any, prefix: str) -> str:
    loc = [str(part) for part in error["loc"]]
    key = prefix + ".".join(loc)
    if error["type"] == "extra_forbidden":
        model: type[BaseModel] = Settings
        for part in loc[:-1]:
            field = model.model_fields.get(part)
            annotation = field.annotation if field else None
            if isinstance(annotation, type) and issubclass(annotation, BaseModel):
                model = annotation
        allowed = ", ".join(sorted(model.model_fields))
        return f"unknown key '{key}' (allowed: {allowed})"
    return f"bad value for '{key}': {error['msg']} (got {error.get('input')!r})"
