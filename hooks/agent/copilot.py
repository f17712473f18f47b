"""GitHub Copilot (coding agent and CLI): `.github/hooks/*.json`, events with `toolName` and `toolArgs` (a JSON
string). A preToolUse `permissionDecision: "deny"` blocks (the CLI also honours "ask"; the coding agent does
not, so kguard denies): a write to a knowledge file through the file tools or `apply_patch` (its file names
read as Codex's are) is denied, naming the file and findings; a shell command or a patch is snapshotted
before and compared after, and a change is held back by the guard itself (postToolUse's answer never reaches
the agent, so the notice goes to stderr, the hook log). A crash denies what may be a write (the JSON deny,
exit 0) and lets the rest through."""
from __future__ import annotations

import os
TYPE_CHECKING = False  # (typing.TYPE_CHECKING without importing typing: ~3 ms of every hook call)
if TYPE_CHECKING:
    from typing import Any

from hooks.agent.core import Call, Verdict, call_id, run
from hooks.agent.protocol import Reply, crash_text, strongest
from hooks.agent.tools import first_str, loaded_json, output_text, patch_files, write_target

SHELL = ("bash", "shell", "powershell", "run_in_terminal")
WRITES = ("create", "edit", "write", "str_replace", "str_replace_editor", "create_file", "insert")
PATCH = "apply_patch"
PATCH_KEYS = ("input", "patch", "command", "text")


def _patch_text(raw: object, args: object) -> str:
    """apply_patch's text: toolArgs as a string (the patch itself, or JSON holding it) or an object."""
    if isinstance(args, str):
        return args
    found = first_str(args, PATCH_KEYS) if isinstance(args, dict) else ""
    return found or (raw if isinstance(raw, str) and "*** " in raw else "")  # not JSON: the patch as sent


def _before_patch(patch: str, cwd: str, ids: dict[str, object]) -> Verdict:
    """Each file the patch touches, as a write (relative paths against the call's folder); then, when none is
    denied, the snapshot and marker a shell command gets, so what the patch did is compared after it."""
    verdict = strongest([run(Call("before_write", file_path=os.path.join(cwd, path), content=text, **ids))
                         for path, text in patch_files(patch)])
    return verdict if verdict.blocks else strongest([verdict, run(Call("before_shell", command=PATCH, **ids))])


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
    loaded = loaded_json(payload.get("toolArgs"))
    args = loaded if isinstance(loaded, dict) else {}
    patch = _patch_text(payload.get("toolArgs"), loaded) if tool == PATCH else ""
    command = patch or str(args.get("command") or "")
    session = str(payload.get("sessionId") or "")  # the CLI sends it; the coding agent's examples have none
    ids = {"cwd": cwd, "tool": tool, "harness": "Copilot", "session_id": session,
           "pair_key": call_id("copilot", session, cwd, command) if tool in (*SHELL, PATCH) else ""}
    if event == "sessionStart":
        return _notice(run(Call("session_start", cwd=cwd, harness="Copilot", session_id=session)))
    if event == "preToolUse" and tool in (*SHELL, *WRITES, PATCH):
        if tool == PATCH:
            verdict = _before_patch(patch, cwd, ids)
        elif tool in SHELL:
            verdict = run(Call("before_shell", command=command, **ids))
        else:
            path, text = write_target(args)
            verdict = run(Call("before_write", file_path=path and os.path.join(cwd, path), content=text, **ids))
        if verdict.failed_closed:
            return _deny(verdict.reason, True)
        reply = _deny(verdict.reason) if verdict.blocks else Reply()
        reply.err = verdict.user  # Copilot shows no message of a hook's: its log does
        return reply
    result = payload.get("toolResult")
    shown = PATCH if tool == PATCH else command  # (a patch is named, not quoted whole, in cards)
    if event == "postToolUseFailure" and tool in (*SHELL, PATCH):  # the CLI's event for a failed call
        return _notice(run(Call("after_shell", command=shown, output=str(payload.get("error") or ""),
                                failed=True, **ids)))
    if event == "postToolUse" and tool in (*SHELL, PATCH):
        failed = isinstance(result, dict) and result.get("resultType") in ("failure", "error", "denied")
        return _notice(run(Call("after_shell", command=shown, output=output_text(result), failed=failed,
                                **ids)))
    if event in ("postToolUse", "postToolUseFailure") and tool in WRITES:
        path, text = write_target(args)
        return _notice(run(Call("after_write", file_path=path and os.path.join(cwd, path), content=text, **ids)))
    return Reply()


def crashed(raw: str, detail: str, readable: bool) -> Reply:
    if '"preToolUse"' in raw and (not readable or any(f'{t}' in raw for t in (*WRITES, PATCH))):
        return _deny(crash_text(detail, True), True)
    return Reply(0, None, crash_text(detail, False))
