"""Which Claude Code tools do what, for the hook: the write tools whose target is asked about before they
run, the tools known to change no file (compared around, never marked), and every other tool (Bash,
NotebookEdit, MCP tools such as `mcp__filesystem__write_file`, tools added later), which is marked in flight
and compared after it, as Bash is. Standard library only."""
from __future__ import annotations

TYPE_CHECKING = False  # (typing.TYPE_CHECKING without importing typing: ~3 ms of every hook call)
if TYPE_CHECKING:
    from typing import Any

from hooks import naming
from hooks.calls import Call

WRITE_TOOLS = ("Write", "Edit", "MultiEdit")
READ_ONLY = frozenset({
    "Read", "Glob", "Grep", "LS", "NotebookRead", "WebFetch", "WebSearch", "TodoWrite", "TodoRead", "Task",
    "Agent", "BashOutput", "TaskOutput", "KillShell", "KillBash", "ExitPlanMode", "EnterPlanMode",
    "AskUserQuestion", "ListMcpResourcesTool", "ReadMcpResourceTool", "Skill", "SlashCommand", "ToolSearch",
})
TOOL_EVENTS = ("PreToolUse", "PostToolUse", "PostToolUseFailure")


def tracked(tool: object) -> bool:
    """A tool that may write files in ways the hook cannot read from its input: marked and compared."""
    return isinstance(tool, str) and tool not in WRITE_TOOLS and tool not in READ_ONLY


def call_of(payload: dict[str, Any]) -> Call:
    def text(key: str) -> str:
        value = payload.get(key)
        return value if isinstance(value, str) else ""

    call_id = text("tool_use_id") if payload.get("hook_event_name") in TOOL_EVENTS else ""
    return Call("claude", text("session_id"), text("agent_id"), call_id)


def described(payload: dict[str, Any]) -> str:
    """How a card names the call: a Bash command as typed, any other tool by its harness and name."""
    tool = str(payload.get("tool_name") or "tool")
    tool_input = payload.get("tool_input")
    if tool == "Bash" and isinstance(tool_input, dict):
        return str(tool_input.get("command", ""))
    return naming.call(payload)
