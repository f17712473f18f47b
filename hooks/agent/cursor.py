"""Cursor: beforeShellExecution / afterShellExecution around shell commands, preToolUse for the file tools,
afterFileEdit, postToolUse for the other tools' output, sessionStart. "Before" events answer `permission`
(allow, deny, ask) with `user_message` and `agent_message`. Cursor does not enforce "ask" on preToolUse (it is
reported as allowed), so a write to a knowledge file is denied, naming the file and the findings in its new
text (Write's `fileText`). "After" events cannot block and their answer reaches neither the agent nor the
user: a change found there (a shell command's, or an afterFileEdit nobody was asked about) is restored by the
guard itself (held, never kept) and said in `user_message` / `agent_message` and on stderr, Cursor's hook
log. The installed preToolUse entry has `failClosed: true`, so a crash there blocks the write; elsewhere
kguard fails open."""
from __future__ import annotations

import os
TYPE_CHECKING = False  # (typing.TYPE_CHECKING without importing typing: ~3 ms of every hook call)
if TYPE_CHECKING:
    from typing import Any

from hooks.agent.core import Call, Verdict, call_id, run
from hooks.agent.protocol import Reply, crash_text
from hooks.agent.tools import output_text, write_target

WRITES = ("Write", "StrReplace", "Edit", "MultiEdit", "Delete", "edit_file", "search_replace", "write")
SHELL = ("Shell", "run_terminal_cmd", "Bash")


def _root(payload: dict[str, Any]) -> str:
    roots = payload.get("workspace_roots")
    if isinstance(roots, list) and roots and isinstance(roots[0], str):
        return roots[0]
    return str(payload.get("cwd") or os.getcwd())


def _before(verdict: Verdict) -> Reply:
    if verdict.failed_closed:
        return Reply(2, {"permission": "deny", "user_message": verdict.reason, "agent_message": verdict.reason},
                     verdict.reason)
    if verdict.decision:
        user = "\n".join(t for t in (verdict.reason, verdict.user) if t)
        return Reply(0, {"permission": verdict.decision, "user_message": user, "agent_message": verdict.reason})
    return Reply(0, {"user_message": verdict.user} if verdict.user else {})


def _after(verdict: Verdict, context_key: str = "") -> Reply:
    out: dict[str, Any] = {}
    if verdict.user:
        out["user_message"] = verdict.user
    if verdict.agent:
        out["agent_message"] = verdict.agent
        if context_key:
            out[context_key] = verdict.agent
    return Reply(0, out, verdict.user)


def answer(payload: dict[str, Any]) -> Reply:
    event = payload.get("hook_event_name")
    root = _root(payload)
    cwd = str(payload.get("cwd") or root)
    ids = {"cwd": root, "session_id": str(payload.get("conversation_id") or ""), "harness": "Cursor"}
    if event == "sessionStart":
        return _after(run(Call("session_start", **ids)), "additional_context")
    command = str(payload.get("command") or "")
    pair = call_id("cursor", payload.get("conversation_id"), payload.get("generation_id"), cwd, command)
    if event == "beforeShellExecution":
        return _before(run(Call("before_shell", pair_key=pair, tool="shell", command=command, **ids)))
    if event == "afterShellExecution":
        return _after(run(Call("after_shell", pair_key=pair, tool="shell", command=command,
                               output=str(payload.get("output") or ""), **ids)))
    tool = str(payload.get("tool_name") or "")
    tool_input = payload.get("tool_input") if isinstance(payload.get("tool_input"), dict) else {}
    if event == "preToolUse" and tool in WRITES:
        path, text = write_target(tool_input)
        return _before(run(Call("before_write", tool=tool, file_path=path, content=text, **ids)))
    if event == "afterFileEdit":
        edits = payload.get("edits") if isinstance(payload.get("edits"), list) else []
        text = "\n".join(str(e.get("new_string", "")) for e in edits if isinstance(e, dict))
        return _after(run(Call("after_write", tool="edit", file_path=str(payload.get("file_path") or ""),
                               content=text, **ids)))
    if event == "postToolUse" and tool not in WRITES and tool not in SHELL:
        output = output_text(payload.get("tool_output")) or output_text(payload.get("result_json"))
        return _after(run(Call("after_tool", tool=tool, output=output, **ids)), "additional_context")
    return Reply(0, {})


def crashed(raw: str, detail: str, readable: bool) -> Reply:
    """Cursor's failClosed turns the preToolUse entry's error into a block; the answer says it outright too."""
    if "preToolUse" in raw and (not readable or any(f'"{t}"' in raw for t in WRITES)):
        text = crash_text(detail, True)
        return Reply(2, {"permission": "deny", "user_message": text, "agent_message": text}, text)
    return Reply(0, {}, crash_text(detail, False))
