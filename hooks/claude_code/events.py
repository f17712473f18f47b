"""The Claude Code events past the fast path, each a function from the hook's payload to a Reply (see
hooks.claude_code.protocol). Every event first ends the session's calls whose after-event never came and
decides what changed outside any guarded command (hooks.outside): shown to the user, held back when it
carries an error-level finding, never taken as the baseline without a word."""
from __future__ import annotations

import shlex
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from guard import decide, runs
from guard.engine import Change
from guard.provenance.records import Source
from guard.scan.finding import Finding
from hooks import calls, naming, outside
from hooks.claude_code.fast import ask_reply, stale
from hooks.claude_code.reply import Reply, findings_text, flag_output, new_text, project_dir
from hooks.claude_code.targets import knowledge_target
from hooks.claude_code.tools import WRITE_TOOLS, call_of, described, tracked, unprompted
from hooks.decision import record_kept, review
from hooks.procs import harness_pid
from hooks.session import Session, judging_session, open_session_or_defaults
from rules_engine.errors import KguardError

def session_for(payload: dict[str, Any], reply: Reply) -> Session:
    """The session; a config the agent broke must not switch the guard off: the defaults apply then."""
    session, error = open_session_or_defaults(Path(project_dir(payload)))
    if error is not None:
        reply.user.append(f"kguard: {error}; guarding with the default settings until it is fixed")
    return session


def _listing(changes: Sequence[Change]) -> str:
    return ", ".join(f"{c.display} ({c.kind})" for c in changes)


def agent_source(payload: dict[str, Any], command: str) -> Source:
    """Who wrote the lines a tool call changed: the harness, its session, the call."""
    session = payload.get("session_id")
    return Source("agent", naming.harness(payload), session=session if isinstance(session, str) else "",
                  command=command)


def end_earlier_calls(session: Session, payload: dict[str, Any]) -> None:
    """The session's calls whose after-event never came end now; so do markers of any session older than
    Claude Code's cap on a call."""
    state = session.places.project_state
    calls.end_others(state, call_of(payload))
    now = time.time()
    for marker in runs.markers(state):
        if stale(marker, now):
            runs.unregister(marker.path)


def compare_first(session: Session, payload: dict[str, Any], reply: Reply) -> None:
    """What every event does first: decide the changes no guarded command made, and what runs that died
    left behind."""
    end_earlier_calls(session, payload)
    guard = session.guard
    with guard.transaction():
        reply.user.extend(outside.settle(guard, session.settings.scan).lines())
        leftover, unfinished = decide.before_command(guard)
        if leftover:
            what = ", ".join(f"`{m.command}`" for m in unfinished)
            if review(guard, leftover, "hold", what, headline=f"{what} ended before it could compare"):
                reply.user.append(f"kguard: held back {_listing(leftover)}, left by {what} which ended before "
                                  f"it could compare. Review: kguard diff · accept: kguard keep")


def before_call(payload: dict[str, Any]) -> Reply:
    """PreToolUse of Bash or any tool that may write (MCP tools too): compare, then mark the call in flight."""
    reply = Reply("PreToolUse")
    session = session_for(payload, reply)
    compare_first(session, payload, reply)
    calls.begin(session.places.project_state, call_of(payload), described(payload), harness_pid())
    asked = ask_reply(payload)
    reply.decision = asked.decision
    return reply


def after_call(payload: dict[str, Any]) -> Reply:
    """PostToolUse (and PostToolUseFailure) of a marked call: what changed is the call's; held back."""
    event = str(payload.get("hook_event_name"))
    reply = Reply(event)
    session, _ = judging_session(session_for(payload, reply))  # a config the call changed does not judge it
    sealed = calls.sealed_at_start(session.places.project_state, call_of(payload))
    calls.finish(session.places.project_state, call_of(payload))
    end_earlier_calls(session, payload)
    command = described(payload)
    guard = session.guard
    with guard.transaction(sealed=sealed):
        outside.first_look(guard)
        changes = guard.changes()
        held = review(guard, changes, "hold", command,
                      headline=f"A {naming.harness(payload)} tool call changed a knowledge file",
                      source=agent_source(payload, command))
    if held:
        paths = " ".join(shlex.quote(c.display) for c in changes)
        reply.user.append(f"kguard: held back the change to {_listing(changes)} made by `{command}`. "
                          f"Review: kguard diff {paths} · accept: kguard keep {paths}")
        text = (f"kguard held back this command's change to knowledge files: {_listing(changes)}. The files "
                "hold what they held before the command; the new content is kept for the user to review. "
                "Knowledge files (AGENTS.md, CLAUDE.md, memory, rules, skills, hook settings) change only with "
                "the user's approval: do not retry or work around this, and do not run `kguard keep` "
                "yourself. Tell the user what you wanted to change and why; they can accept it with "
                f"`kguard keep {paths}`.")
        if event == "PostToolUse":
            reply.block = text
        else:
            reply.agent.append(text)
    flag_output(reply, payload, command if payload.get("tool_name") == "Bash" else str(payload.get("tool_name")))
    return reply


def other_event(payload: dict[str, Any]) -> Reply:
    """A read-only tool's events, UserPromptSubmit, Stop and the rest: compare first, flag tool output."""
    event = str(payload.get("hook_event_name"))
    reply = Reply(event)
    compare_first(session_for(payload, reply), payload, reply)
    if event == "PostToolUse":
        flag_output(reply, payload, str(payload.get("tool_name")))
    return reply


def _scan_new(session: Session, text: str, display: str) -> list[Finding]:
    """The new text as the repository's scan settings see it (ignores, per-path ignores, severities)."""
    from guard.scan.engine import filter_findings, scan_text

    found = filter_findings(scan_text(text, display), session.settings.scan, session.places.root)
    return [f for f in found if f.severity != "info"]


def before_write(payload: dict[str, Any]) -> Reply:
    reply = Reply("PreToolUse")
    tool, label = str(payload.get("tool_name")), naming.tool(payload)
    tool_input = payload.get("tool_input")
    if not isinstance(tool_input, dict) or not isinstance(tool_input.get("file_path"), str):
        raise KguardError(f"{label} without a file_path in tool_input")
    session = session_for(payload, reply)
    knowledge = session.settings.knowledge
    text = new_text(tool, tool_input)
    target = knowledge_target(session.places, tuple(knowledge.include), tuple(knowledge.exclude),
                              tool_input["file_path"], text)
    try:  # the question about the write needs no store: a damaged one must not stop it being asked
        compare_first(session, payload, reply)
    except Exception as exc:  # noqa: BLE001 - reported to the user, the write's question still stands
        reply.user.append(f"kguard: could not compare the knowledge files ({exc}); `kguard status` says more")
    if target is None:
        return reply
    why_not_asked = unprompted(payload)
    reason = (f"kguard: {target} is a knowledge file that agents load into every prompt (or that switches "
              f"the guard or the agent's hooks on and off). {label} would change it: ")
    if why_not_asked:  # an "ask" would let it through unasked: denied, and the user makes the change
        reason += (f"denied, since {why_not_asked}. Do not retry or work around this; tell the user what you "
                   "wanted to change and why, and they can make the change themselves.")
    else:
        reason += "allow only if you asked for this change."
    found = _scan_new(session, text, target)
    if found:
        reason += f" Covert signals in the new text:\n{findings_text(found)}"
    reply.decision = ("deny" if why_not_asked else "ask", reason)
    return reply


def after_write(payload: dict[str, Any]) -> Reply:
    """The user was asked (PreToolUse) and the tool ran: record the change in the journal, so it can be
    undone. Where the prompt may not have been shown (a permission mode, a harness that never asks), hold it
    back instead: it never becomes the baseline unasked. Then the rest, as every event does."""
    reply = Reply("PostToolUse")
    tool, call = naming.tool(payload), naming.call(payload)
    tool_input = payload.get("tool_input") or {}
    session = session_for(payload, reply)
    knowledge = session.settings.knowledge
    target = knowledge_target(session.places, tuple(knowledge.include), tuple(knowledge.exclude),
                              str(tool_input.get("file_path", "")))
    guard = session.guard
    why_not_asked = unprompted(payload)
    entries = []
    changes = []
    with guard.transaction():
        changes = [c for c in guard.changes() if target is not None and c.display == target]
        if changes and why_not_asked:
            review(guard, changes, "hold", call, headline=f"{call} changed a knowledge file without a prompt",
                   source=agent_source(payload, call))
        elif changes:
            entries = guard.snapshot("keep", command=f"{call} (after the permission prompt)",
                                     changes=changes)
            record_kept(guard, entries, agent_source(payload, call), "ask")  # the user allowed it at the prompt
    if changes and why_not_asked:
        reply.block = (f"kguard held back the {tool} of {target}: {why_not_asked}. The file holds what it "
                       "held before; the user can accept the change with "
                       f"`kguard keep {shlex.quote(str(target))}`. Do not retry; tell the user.")
        reply.user.append(f"kguard: held back the {tool} of {target} ({why_not_asked}). Review: kguard diff · "
                          f"accept: kguard keep {target}")
    elif entries:
        reply.user.append(f"kguard: {target} changed by {tool}; kept as the new baseline (undo: "
                          f"kguard undo {entries[0].id})")
    compare_first(session, payload, reply)
    return reply


def route(payload: dict[str, Any]) -> Reply:
    event, tool = payload.get("hook_event_name"), payload.get("tool_name")
    if event == "PreToolUse" and tool in WRITE_TOOLS:
        return before_write(payload)
    if event == "PostToolUse" and tool in WRITE_TOOLS:
        return after_write(payload)
    if event == "PreToolUse" and tracked(tool):
        return before_call(payload)
    if event in ("PostToolUse", "PostToolUseFailure") and tracked(tool):
        return after_call(payload)
    if event == "SessionStart":
        from hooks.claude_code.session import session_start

        reply = Reply("SessionStart")
        session = session_for(payload, reply)
        session_start(session, reply)
        compare_first(session, payload, reply)
        return reply
    return other_event(payload)
