"""Gemini CLI: BeforeTool / AfterTool around its tools (write_file, replace, run_shell_command, web_fetch,
MCP tools), SessionStart. BeforeTool has no "ask" (decision allow or deny): a write to a knowledge file is
denied with a reason naming the file and findings; a shell command is snapshotted before and compared
after, a change held back and both told (systemMessage, additionalContext); exit 2 fails closed, on BeforeTool
only (on AfterTool it would replace the tool's result). `save_memory` writes ~/.gemini/GEMINI.md, a guarded
user-level file: AfterTool compares it like any other tool's writes and holds the change."""
from __future__ import annotations

import os
TYPE_CHECKING = False  # (typing.TYPE_CHECKING without importing typing: ~3 ms of every hook call)
if TYPE_CHECKING:
    from typing import Any

from hooks.agent.core import Call, Verdict, run
from hooks.agent.protocol import Reply, crash_text
from hooks.agent.tools import output_text, write_target

SHELL = ("run_shell_command",)
WRITES = ("write_file", "replace", "edit", "write_new_file")


def _after(verdict: Verdict) -> Reply:
    out: dict[str, Any] = {}
    if verdict.user:
        out["systemMessage"] = verdict.user
    if verdict.agent:
        out["hookSpecificOutput"] = {"additionalContext": verdict.agent}
    return Reply(0, out or None)


def _before(verdict: Verdict) -> Reply:
    if verdict.failed_closed:
        return Reply(2, None, verdict.reason)
    if verdict.blocks:
        return Reply(0, {"decision": "deny", "reason": verdict.reason,
                         "systemMessage": "\n".join(t for t in (verdict.reason, verdict.user) if t)})
    return Reply(0, {"systemMessage": verdict.user}) if verdict.user else Reply()


def answer(payload: dict[str, Any]) -> Reply:
    event = payload.get("hook_event_name")
    tool = str(payload.get("tool_name") or "")
    tool_input = payload.get("tool_input") if isinstance(payload.get("tool_input"), dict) else {}
    cwd = str(payload.get("cwd") or os.getcwd())
    session = str(payload.get("session_id") or "")
    command = str(tool_input.get("command", ""))
    ids = {"cwd": cwd, "session_id": session, "tool": tool, "harness": "Gemini CLI",
           "pair_key": "" if tool not in SHELL else _pair(session, command)}
    if event == "SessionStart":
        return _after(run(Call("session_start", **ids)))
    if event == "BeforeTool" and tool in SHELL:
        return _before(run(Call("before_shell", command=command, **ids)))
    if event == "BeforeTool" and tool in WRITES:
        path, text = write_target(tool_input)
        return _before(run(Call("before_write", file_path=path, content=text, **ids)))
    response = payload.get("tool_response")
    if event == "AfterTool" and tool in SHELL:
        failed = isinstance(response, dict) and bool(response.get("error"))
        return _after(run(Call("after_shell", command=command, output=output_text(response), failed=failed,
                               **ids)))
    if event == "AfterTool" and tool in WRITES:
        path, text = write_target(tool_input)
        return _after(run(Call("after_write", file_path=path, content=text, **ids)))
    if event == "AfterTool":
        return _after(run(Call("after_tool", output=output_text(response), **ids)))
    return Reply()


def _pair(session: str, command: str) -> str:
    from hooks.agent.core import call_id

    return call_id("gemini", session, command)


def crashed(raw: str, detail: str, readable: bool) -> Reply:
    if "BeforeTool" in raw and (not readable or any(t in raw for t in WRITES)):
        return Reply(2, None, crash_text(detail, True))
    return Reply(0, {"systemMessage": crash_text(detail, False)})
