"""Files whose change can switch a guard off: the agents' hook settings, kguard's own config, the scan
baseline, the pre-commit config, and CI workflows that run kguard."""
from __future__ import annotations

from rules_engine.layout import glob_match

HOOK_SETTINGS = (
    ".claude/settings.json", ".claude/settings.local.json", ".cursor/hooks.json", ".codex/hooks.json",
    ".codex/config.toml", ".gemini/settings.json", ".github/hooks/*.json", ".pre-commit-config.yaml",
    ".kguard.toml",
)
MENTIONING = ("pyproject.toml", ".github/workflows/*.yml", ".github/workflows/*.yaml")  # only when they name us
NAMES = (b"kguard", b"knowledge-guard")


def switches_guard(path: str, old: bytes | None, new: bytes | None, baseline: str | None = None,
                   is_control: bool = False) -> bool:
    if is_control or path == baseline or any(glob_match(p, path) for p in HOOK_SETTINGS):
        return True
    if any(glob_match(p, path) for p in MENTIONING):
        return any(name in side for side in (old or b"", new or b"") for name in NAMES)
    return False


def allowed(path: str, globs: list[str]) -> bool:
    return any(glob_match(glob, path) for glob in globs)
