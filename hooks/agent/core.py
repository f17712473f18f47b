"""The harness-neutral core behind `kguard hook cursor|codex|gemini|copilot`. An adapter turns its harness's
event into a `Call`; `run` hands it to the very guard, scanner and decision `kguard hook claude-code` uses
(hooks.claude_code.protocol, crash policy included: closed for writes to knowledge files, open otherwise) and
returns a `Verdict` the adapter spells in its harness's own fields."""
from __future__ import annotations

import json
from collections import namedtuple

from hooks import naming
from hooks.claude_code.tools import NEVER_ASKS

try:  # the built-in SHA-256: hashlib loads OpenSSL's first (~2 ms of every hook call), same digest
    from _sha256 import sha256  # (Python 3.11)
except ImportError:  # pragma: no cover - 3.12 and later name it _sha2; a Python without either has hashlib
    try:
        from _sha2 import sha256
    except ImportError:
        from hashlib import sha256

TYPE_CHECKING = False  # (typing.TYPE_CHECKING without importing typing: ~3 ms of every hook call)
if TYPE_CHECKING:
    from typing import Any, Literal

    Event = Literal["session_start", "before_shell", "after_shell", "before_write", "after_write", "after_tool"]
SESSION = "kguard-agent"  # the session of a harness that names none (Copilot)
SHELL, WRITE = "Bash", "Write"  # how the shared guard names a shell call and a whole-file write

# Records as named tuples, not dataclasses: `dataclasses` imports `inspect` (~10 ms of every hook call).
_CALL = "event cwd call_id pair_key tool command file_path content output failed session_id harness"


class Call(namedtuple("Call", _CALL, defaults=("", "", "", "", "", "", "", False, "", ""))):
    __slots__ = ()
    event: Event
    cwd: str
    call_id: str  # pairs a shell call's before and after (the marker of the command in flight)
    pair_key: str  # instead of call_id, where the harness has no id: see hooks.agent.pairing
    tool: str  # the harness's own tool name, for messages
    command: str
    file_path: str
    content: str  # a write's new text (what is scanned)
    output: str  # a tool's output (checked for text that reads like instructions)
    failed: bool
    session_id: str
    harness: str  # as the user reads it ("Cursor"): named in messages and cards


class Verdict(namedtuple("Verdict", "decision reason user agent held failed_closed",
                         defaults=(None, "", "", "", False, False))):
    __slots__ = ()
    decision: str | None  # "ask" or "deny" before a tool; None: no objection
    reason: str  # why, for the agent and the prompt
    user: str  # what the user should see
    agent: str  # context for the agent (a change held back, output that reads like instructions)
    held: bool  # a change was restored by the guard itself (Reset as hold)
    failed_closed: bool  # the guard crashed on a possible write to a knowledge file

    @property
    def blocks(self) -> bool:
        return self.decision in ("ask", "deny") or self.failed_closed


def call_id(*parts: object) -> str:
    """A stable id from what a harness repeats in its before and after events (no tool-call id of its own)."""
    return "h" + sha256("\0".join(str(p) for p in parts).encode("utf-8", "surrogatepass")).hexdigest()[:16]


def claude_payload(call: Call) -> dict[str, Any]:
    # None of these harnesses puts a hook's "ask" to the user (Cursor's preToolUse does not enforce it, Codex
    # and Gemini CLI have none, Copilot's coding agent acts on deny only): a write to a knowledge file is
    # denied before it runs, and one found after it is held, never kept as if the user had approved it.
    base: dict[str, Any] = {"session_id": call.session_id or SESSION, "cwd": call.cwd,
                            "permission_mode": "default", "transcript_path": "", naming.HARNESS: call.harness,
                            naming.TOOL: call.tool, NEVER_ASKS: True}
    if call.event == "session_start":
        return {**base, "hook_event_name": "SessionStart", "source": "startup"}
    tool_use_id = call.call_id or call_id(call.cwd, call.tool, call.command or call.file_path)
    if call.event in ("before_shell", "after_shell"):
        payload = {**base, "tool_name": SHELL, "tool_use_id": tool_use_id,
                   "tool_input": {"command": call.command, "description": "", "timeout": 0,
                                  "run_in_background": False}}
        if call.event == "before_shell":
            return {**payload, "hook_event_name": "PreToolUse"}
        if call.failed:
            return {**payload, "hook_event_name": "PostToolUseFailure", "error": call.output}
        return {**payload, "hook_event_name": "PostToolUse", "tool_response": {"stdout": call.output}}
    if call.event in ("before_write", "after_write"):
        event = "PreToolUse" if call.event == "before_write" else "PostToolUse"
        # no path: None makes the shared guard fail closed, as it does for Claude Code's own tools
        return {**base, "hook_event_name": event, "tool_name": WRITE, "tool_use_id": tool_use_id,
                "tool_input": {"file_path": call.file_path or None, "content": call.content}}
    # any other tool, after it ran: by its own name, so the shared hook compares after a tool that may write
    # (an MCP server's write_file) and only reads the output of one known to change nothing
    tool = call.tool if call.tool and call.tool not in (SHELL, WRITE, "Edit", "MultiEdit") else "tool"
    return {**base, "hook_event_name": "PostToolUse", "tool_name": tool, "tool_use_id": tool_use_id,
            "tool_response": {"output": call.output}}


def paired(call: Call) -> Call:
    """A shell call keyed by its command gets its own id: a fresh one before, the oldest in flight after."""
    if not call.pair_key or call.event not in ("before_shell", "after_shell"):
        return call
    from hooks.agent import pairing

    pair = pairing.before(call.pair_key) if call.event == "before_shell" else \
        pairing.after(call.cwd, call.session_id or SESSION, call.pair_key)
    return call._replace(call_id=pair)


def run(call: Call) -> Verdict:
    from hooks.claude_code.protocol import respond

    call = paired(call)
    answer = respond(json.dumps(claude_payload(call)))
    if answer.code == 2:
        return Verdict("deny", answer.err.strip(), failed_closed=True)
    out = answer.out or {}
    specific = out.get("hookSpecificOutput") or {}
    decision = specific.get("permissionDecision")
    block = str(out.get("reason") or "")
    agent = "\n".join(t for t in (block, str(specific.get("additionalContext") or "")) if t)
    return Verdict(decision if decision in ("ask", "deny") else None,
                   str(specific.get("permissionDecisionReason") or ""), str(out.get("systemMessage") or ""),
                   agent, held=out.get("decision") == "block" or "held back" in str(specific.get(
                       "additionalContext") or ""))
