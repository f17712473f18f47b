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
# Permission modes in which a hook's "ask" is not put to the user: bypassPermissions approves it, dontAsk
# settles it without a prompt, and auto has been seen to run the tool unasked (anthropics/claude-code#89561).
UNPROMPTED_MODES = frozenset({"auto", "bypassPermissions", "dontAsk"})
NEVER_ASKS = "kguard_never_asks"  # set by an adapter (hooks.agent.core) whose harness puts no "ask" to the user
# Copilot CLI runs the hooks of .claude/settings.json with its own tool and argument names
COPILOT_TOOLS = {"create": "Write", "edit": "Edit"}
COPILOT_ARGS = {"path": "file_path", "old_str": "old_string", "new_str": "new_string", "file_text": "content"}


def unprompted(payload: dict[str, Any]) -> str:
    """Why a hook's "ask" would not reach the user in this call; "" when it would."""
    if payload.get(NEVER_ASKS):
        return f"{naming.harness(payload)} puts no hook's question to the user"
    mode = payload.get("permission_mode")
    if mode in UNPROMPTED_MODES:
        return f"in permission mode '{mode}' the user may not have been asked"
    return ""


def claude_names(payload: dict[str, Any]) -> dict[str, Any]:
    """A write tool's input in Claude Code's names, where another harness (Copilot CLI) sent its own: `path`,
    `old_str`, `new_str`, `file_text`, and the tools `create` and `edit`. Anything else is returned as is."""
    tool, tool_input = payload.get("tool_name"), payload.get("tool_input")
    if tool not in WRITE_TOOLS and tool not in COPILOT_TOOLS:
        return payload
    if not isinstance(tool_input, dict) or "file_path" in tool_input or not any(k in tool_input for k in COPILOT_ARGS):
        return payload
    named = {COPILOT_ARGS.get(k, k): v for k, v in tool_input.items()}
    claude_tool = COPILOT_TOOLS.get(str(tool), tool)
    return {**payload, "tool_name": claude_tool, "tool_input": named,
            naming.TOOL: payload.get(naming.TOOL) or tool}


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
