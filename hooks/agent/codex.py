"""OpenAI Codex: Claude-shaped events (session_id, tool_name, tool_input.command, tool_use_id) with a strict
output schema and no "ask" before a tool: a write to a knowledge file (apply_patch) is denied, naming the
file and its findings; a shell command is snapshotted before and compared after (a change is held back and
PostToolUse says so); a hook failure exits 2 (closed) for apply_patch and 0 (open) otherwise."""
from __future__ import annotations

import os
TYPE_CHECKING = False  # (typing.TYPE_CHECKING without importing typing: ~3 ms of every hook call)
if TYPE_CHECKING:
    from typing import Any

from hooks.agent.core import Call, Verdict, run
from hooks.agent.protocol import Reply, crash_text, strongest
from hooks.agent.tools import output_text, patch_files

PATCH = "apply_patch"
SHELL = ("Bash", "shell", "local_shell", "exec_command")


def _tool_input(payload: dict[str, Any]) -> dict[str, Any]:
    value = payload.get("tool_input")
    return value if isinstance(value, dict) else {}


def _deny(reason: str) -> Reply:
    return Reply(0, {"hookSpecificOutput": {"hookEventName": "PreToolUse", "permissionDecision": "deny",
                                            "permissionDecisionReason": reason}})


def _before(verdict: Verdict) -> Reply:
    """No "ask" before a tool in Codex: what would ask is denied; the user hears what the guard settled."""
    if verdict.failed_closed:
        return Reply(2, None, verdict.reason)
    reply = _deny(verdict.reason) if verdict.blocks else Reply(0, {})
    if verdict.user:
        reply.out = {**(reply.out or {}), "systemMessage": verdict.user}
    return reply if reply.out else Reply()


def _after(verdict: Verdict, event: str) -> Reply:
    out: dict[str, Any] = {}
    if verdict.held:
        out.update(decision="block", reason=verdict.agent)
    elif verdict.agent:
        out["hookSpecificOutput"] = {"hookEventName": event, "additionalContext": verdict.agent}
    if verdict.user:
        out["systemMessage"] = verdict.user
    return Reply(0, out or None)


def answer(payload: dict[str, Any]) -> Reply:
    event = payload.get("hook_event_name")
    tool = str(payload.get("tool_name") or "")
    cwd = str(payload.get("cwd") or os.getcwd())
    command = str(_tool_input(payload).get("command", ""))
    ids = {"cwd": cwd, "harness": "Codex", "call_id": str(payload.get("tool_use_id") or ""), "session_id": str(payload.get(
        "session_id") or ""), "tool": tool}
    if event == "SessionStart":
        verdict = run(Call("session_start", **ids))
        return _after(verdict, "SessionStart") if (verdict.agent or verdict.user) else Reply()
    if event == "PreToolUse" and tool == PATCH:
        # the patch's paths are relative to the call's folder (cwd), which may be below the root
        verdict = strongest([run(Call("before_write", file_path=os.path.join(cwd, path), content=text, **ids))
                             for path, text in patch_files(command)])
        if not verdict.blocks:  # snapshot and marker, as before a shell command
            verdict = strongest([verdict, run(Call("before_shell", command=PATCH, **ids))])
        return _before(verdict)
    if event == "PreToolUse" and tool in SHELL:
        return _before(run(Call("before_shell", command=command, **ids)))
    if event == "PostToolUse" and tool in (PATCH, *SHELL):
        # apply_patch too: a patch that reached a knowledge file without the question is held back
        verdict = run(Call("after_shell", command=command if tool != PATCH else "apply_patch",
                           output=output_text(payload.get("tool_response")), **ids))
        return _after(verdict, "PostToolUse")
    if event == "PostToolUse":
        return _after(run(Call("after_tool", output=output_text(payload.get("tool_response")), **ids)),
                      "PostToolUse")
    return Reply()


def crashed(raw: str, detail: str, readable: bool) -> Reply:
    """Closed (exit 2, the reason on stderr) for what may be a patch; open, with a message, otherwise."""
    if "PreToolUse" in raw and (PATCH in raw or not readable):
        return Reply(2, None, crash_text(detail, True))
    return Reply(0, {"systemMessage": crash_text(detail, False)})
