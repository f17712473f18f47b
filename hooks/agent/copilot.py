"""GitHub Copilot (coding agent and CLI): `.github/hooks/*.json`, events with `toolName` and `toolArgs` (a JSON
string). Only a preToolUse `permissionDecision: "deny"` is acted on: a write to a knowledge file through the
file tools is denied, naming the file and findings; a shell command is snapshotted before and compared
after, and a change is held back by the guard itself (postToolUse's answer is ignored, so the notice goes to
stderr, the hook log). A crash denies what may be a write (the JSON deny, exit 0: Copilot skips a hook that exits non-zero) and lets
the rest through."""
from __future__ import annotations

import os
TYPE_CHECKING = False  # (typing.TYPE_CHECKING without importing typing: ~3 ms of every hook call)
if TYPE_CHECKING:
    from typing import Any

from hooks.agent.core import Call, Verdict, call_id, run
from hooks.agent.protocol import Reply, crash_text
from hooks.agent.tools import loaded_json, output_text, write_target

SHELL = ("bash", "shell", "powershell", "run_in_terminal")
WRITES = ("create", "edit", "write", "str_replace", "str_replace_editor", "create_file", "insert")


def _deny(reason: str, failed: bool = False) -> Reply:
    """Exit 0 always: Copilot logs and skips a hook that exits non-zero, so only the deny on stdout blocks."""
    return Reply(0, {"permissionDecision": "deny", "permissionDecisionReason": reason}, reason if failed else "")


def _notice(verdict: Verdict) -> Reply:
    return Reply(0, None, "\n".join(t for t in (verdict.user, verdict.agent) if t))


def answer(payload: dict[str, Any]) -> Reply:
    """The event comes from the installed command (`kguard hook copilot preToolUse`): the payload has none."""
    event = str(payload.get("hook_event_name") or "")
    cwd = str(payload.get("cwd") or os.getcwd())
    tool = str(payload.get("toolName") or "")
    args = loaded_json(payload.get("toolArgs"))
    args = args if isinstance(args, dict) else {}
    command = str(args.get("command") or "")
    session = str(payload.get("sessionId") or "")  # the CLI sends it; the coding agent's examples have none
    ids = {"cwd": cwd, "tool": tool, "harness": "Copilot", "session_id": session,
           "pair_key": call_id("copilot", session, cwd, command) if tool in SHELL else ""}
    if event == "sessionStart":
        return _notice(run(Call("session_start", cwd=cwd, harness="Copilot", session_id=session)))
    if event == "preToolUse" and tool in (*SHELL, *WRITES):
        if tool in SHELL:
            verdict = run(Call("before_shell", command=command, **ids))
        else:
            path, text = write_target(args)
            verdict = run(Call("before_write", file_path=path, content=text, **ids))
        if verdict.failed_closed:
            return _deny(verdict.reason, True)
        reply = _deny(verdict.reason) if verdict.blocks else Reply()
        reply.err = verdict.user  # Copilot shows no message of a hook's: its log does
        return reply
    result = payload.get("toolResult")
    if event == "postToolUseFailure" and tool in SHELL:  # the CLI's event for a failed call
        return _notice(run(Call("after_shell", command=command, output=str(payload.get("error") or ""),
                                failed=True, **ids)))
    if event == "postToolUse" and tool in SHELL:
        failed = isinstance(result, dict) and result.get("resultType") in ("failure", "error", "denied")
        return _notice(run(Call("after_shell", command=command, output=output_text(result), failed=failed,
                                **ids)))
    if event in ("postToolUse", "postToolUseFailure") and tool in WRITES:
        path, text = write_target(args)
        return _notice(run(Call("after_write", file_path=path, content=text, **ids)))
    return Reply()


def crashed(raw: str, detail: str, readable: bool) -> Reply:
    if '"preToolUse"' in raw and (not readable or any(f'{t}' in raw for t in WRITES)):
        return _deny(crash_text(detail, True), True)
    return Reply(0, None, crash_text(detail, False))
