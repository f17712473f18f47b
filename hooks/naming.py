"""Which harness and which tool a hook event speaks of, for the messages and cards the shared guard writes.
`kguard hook claude-code` reads Claude Code's own payload; the other harnesses' adapters (hooks.agent.core)
pass the Claude-shaped code their own names in two fields Claude Code never sends, so a card says "Cursor
StrReplace" or "Gemini CLI write_file" where the guard itself routes by Claude Code's tool names. Standard
library only: the fast path uses it."""
from __future__ import annotations

TYPE_CHECKING = False  # (typing.TYPE_CHECKING without importing typing: ~3 ms of every hook call)
if TYPE_CHECKING:
    from typing import Any

HARNESS, TOOL = "kguard_harness", "kguard_tool"
DEFAULT = "Claude Code"


def _text(payload: dict[str, Any], key: str) -> str:
    value = payload.get(key)
    return value if isinstance(value, str) else ""


def harness(payload: dict[str, Any]) -> str:
    return _text(payload, HARNESS) or DEFAULT


def tool(payload: dict[str, Any]) -> str:
    """The tool as the harness names it (the payload's tool_name for Claude Code)."""
    return _text(payload, TOOL) or _text(payload, "tool_name") or "tool"


def call(payload: dict[str, Any]) -> str:
    """A tool call by harness and tool: "Claude Code Write", "Codex apply_patch"."""
    return f"{harness(payload)} {tool(payload)}"
