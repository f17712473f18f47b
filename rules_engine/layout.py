"""Where knowledge lives: every knowledge location, by kind and reader. Pure paths, no I/O, no heavy
imports (the `kguard run` fast path matches paths against this table).

| kind \\ reader | only you, every folder   | this tool, this folder   | every tool, this folder |
| fact          | ~/.snotra/memory.md        | .agents/memory.md          | AGENTS.md |
| rule          | ~/.snotra/rules/*.md       | .agents/rules/*.md         | AGENTS.md |
| procedure     | ~/.snotra/skills/*/SKILL.md| .agents/skills/*/SKILL.md  | AGENTS.md |

plus the files other agents load (CLAUDE.md, GEMINI.md, Copilot, Cursor, Windsurf, Cline), Claude Code's
user memory, and the control files that switch the guard or the agent's hooks on and off."""
from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache
from pathlib import PurePosixPath
from typing import Literal

Scope = Literal["project", "home"]
Kind = Literal["fact", "rule", "procedure", "instructions", "control"]
Reader = Literal["you", "this-tool", "every-tool"]


@dataclass(frozen=True)
class Location:
    pattern: str  # glob relative to the project root or the home; `**/` matches any number of folders
    scope: Scope
    kind: Kind
    reader: Reader
    read_only: bool = False  # read, never written by anything but Reset (another tool's folder)


PROJECT: tuple[Location, ...] = (
    Location("AGENTS.md", "project", "instructions", "every-tool"),
    Location("**/AGENTS.md", "project", "instructions", "every-tool"),
    Location(".agents/memory.md", "project", "fact", "this-tool"),
    Location(".agents/rules/*.md", "project", "rule", "this-tool"),
    Location(".agents/skills/*/SKILL.md", "project", "procedure", "this-tool"),
    Location("CLAUDE.md", "project", "instructions", "every-tool"),
    Location("**/CLAUDE.md", "project", "instructions", "every-tool"),
    Location("CLAUDE.local.md", "project", "instructions", "you"),
    Location(".claude/CLAUDE.md", "project", "instructions", "every-tool"),
    Location("GEMINI.md", "project", "instructions", "every-tool"),
    Location(".github/copilot-instructions.md", "project", "instructions", "every-tool"),
    Location(".cursorrules", "project", "instructions", "every-tool"),
    Location(".cursor/rules/**/*.mdc", "project", "rule", "every-tool"),
    Location(".claude/rules/**/*.md", "project", "rule", "every-tool"),
    Location(".claude/skills/*/SKILL.md", "project", "procedure", "every-tool"),
    Location(".windsurfrules", "project", "instructions", "every-tool"),
    Location(".clinerules", "project", "instructions", "every-tool"),
    Location(".claude/settings.json", "project", "control", "every-tool"),
    Location(".claude/settings.local.json", "project", "control", "you"),
    Location(".kguard.toml", "project", "control", "every-tool"),
    Location(".cursor/hooks.json", "project", "control", "every-tool"),
    Location(".codex/hooks.json", "project", "control", "every-tool"),
    Location(".gemini/settings.json", "project", "control", "every-tool"),
    Location(".github/hooks/*.json", "project", "control", "every-tool"),
)

HOME: tuple[Location, ...] = (
    Location(".snotra/memory.md", "home", "fact", "you"),
    Location(".snotra/rules/*.md", "home", "rule", "you"),
    Location(".snotra/skills/*/SKILL.md", "home", "procedure", "you"),
    Location(".agents/rules/*.md", "home", "rule", "you", read_only=True),
    Location(".claude/CLAUDE.md", "home", "instructions", "you"),
    Location(".claude/rules/**/*.md", "home", "rule", "you"),
    Location(".claude/skills/*/SKILL.md", "home", "procedure", "you"),
    Location(".claude/settings.json", "home", "control", "you"),
    Location(".gemini/GEMINI.md", "home", "instructions", "you"),  # Gemini CLI's save_memory writes it
)

# The table of DESIGN.md: every (kind, reader) pair has exactly one file or folder.
TABLE: dict[tuple[Kind, Reader], Location] = {
    ("fact", "you"): HOME[0],
    ("rule", "you"): HOME[1],
    ("procedure", "you"): HOME[2],
    ("fact", "this-tool"): PROJECT[2],
    ("rule", "this-tool"): PROJECT[3],
    ("procedure", "this-tool"): PROJECT[4],
    ("fact", "every-tool"): PROJECT[0],
    ("rule", "every-tool"): PROJECT[0],
    ("procedure", "every-tool"): PROJECT[0],
}


def where(kind: Kind, reader: Reader) -> Location:
    """The one place a new entry of this kind for this reader is written (never a read-only location)."""
    return TABLE[(kind, reader)]


# Folders below the project root never walked for knowledge files: build output and dependency trees.
SKIPPED_DIRS = frozenset(
    {".git", "node_modules", ".venv", "venv", "__pycache__", ".tox", ".nox", ".mypy_cache",
     ".pytest_cache", ".ruff_cache", ".hypothesis", ".eggs", ".gradle", ".idea", "target"}
)


def claude_project_key(project_root: str) -> str:
    """Claude Code keeps a project's auto memory under ~/.claude/projects/<path with / as ->/memory/."""
    return re.sub(r"[^A-Za-z0-9-]", "-", project_root)


def home_locations(project_root: str) -> tuple[Location, ...]:
    memory = f".claude/projects/{claude_project_key(project_root)}/memory/*.md"
    return (*HOME, Location(memory, "home", "fact", "you"))


@lru_cache(maxsize=256)
def _compile(pattern: str) -> re.Pattern[str]:
    out = []
    parts = pattern.split("/")
    for index, part in enumerate(parts):
        last = index == len(parts) - 1
        if part == "**":
            out.append(".*" if last else "(?:[^/]+/)*")
            continue
        piece = "".join(
            "[^/]*" if ch == "*" else "[^/]" if ch == "?" else re.escape(ch) for ch in part
        )
        out.append(piece if last else piece + "/")
    return re.compile("".join(out) + r"\Z")


def glob_match(pattern: str, rel_path: str) -> bool:
    """Match a POSIX relative path against a glob where `*` stays inside one folder and `**/` spans many."""
    return _compile(pattern).match(rel_path) is not None


def locate(rel_path: str, locations: tuple[Location, ...]) -> Location | None:
    for location in locations:
        if glob_match(location.pattern, rel_path):
            return location
    return None


def display_path(scope: Scope, rel_path: str) -> str:
    return rel_path if scope == "project" else str(PurePosixPath("~") / rel_path)
