"""The Claude Code events, each a function from the hook's payload to a Reply (see hooks.claude_code.protocol)."""
from __future__ import annotations

import os
import shlex
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from guard import decide, runs, statcache
from guard.engine import Change
from guard.scan.finding import Finding
from hooks.claude_code.fast import STALE_AFTER, sealed_at_start
from hooks.claude_code.reply import ACCEPT_REASON, ACCEPTING, Reply, findings_text, flag_output, new_text, project_dir
from hooks.claude_code.targets import knowledge_target
from hooks.procs import harness_pid
from hooks.decision import review
from hooks.session import Session, judging_session, open_session_or_defaults
from rules_engine.errors import KguardError

# Permission modes in which Claude Code has been seen to run a tool without showing the prompt that a
# hook's "ask" requested (anthropics/claude-code#89561): a write there cannot count as approved.
UNPROMPTED_MODES = frozenset({"auto"})


def session_for(payload: dict[str, Any], reply: Reply) -> Session:
    """The session; a config the agent broke must not switch the guard off: the defaults apply then."""
    session, error = open_session_or_defaults(project_dir(payload))
    if error is not None:
        reply.user.append(f"kguard: {error}; guarding with the default settings until it is fixed")
    return session


def marker_path(session: Session, payload: dict[str, Any]) -> Path:
    return session.places.project_state / "active" / f"claude-{payload.get('tool_use_id', 'unknown')}.json"


def _listing(changes: Sequence[Change]) -> str:
    return ", ".join(f"{c.display} ({c.kind})" for c in changes)


def drop_stale_markers(session: Session) -> None:
    """A Bash call whose PostToolUse never came (Claude Code killed mid-call) leaves a marker that its
    long-lived pid keeps "alive"; while one stands, changes made outside any call are never adopted. No Bash
    call outlives Claude Code's 10-minute cap, so older markers go."""
    now = time.time()
    for marker in runs.markers(session.places.project_state):
        if os.path.basename(marker.path).startswith("claude-") and now - marker.started > STALE_AFTER:
            runs.unregister(marker.path)


def before_bash(payload: dict[str, Any]) -> Reply:
    reply = Reply("PreToolUse")
    command = str((payload.get("tool_input") or {}).get("command", ""))
    session = session_for(payload, reply)
    drop_stale_markers(session)
    guard = session.guard
    with guard.transaction():
        leftover, unfinished = decide.before_command(guard)
        if leftover:
            what = ", ".join(f"`{m.command}`" for m in unfinished)
            held = review(guard, leftover, "hold", what, headline=f"{what} ended before it could compare")
            if held:
                reply.user.append(f"kguard: held back {_listing(leftover)}, left by {what} which ended before "
                                  f"it could compare. Review: kguard diff · accept: kguard keep")
    # after the transaction, which rewrote the stat cache: the seal recorded is the one the command starts with
    runs.register(session.places.project_state, command, pid=harness_pid(),
                  name=f"claude-{payload.get('tool_use_id', 'unknown')}", cache=statcache.seal(guard.cache_path))
    if ACCEPTING.search(command):
        reply.decision = ("ask", ACCEPT_REASON)
    return reply


def _scan_new(session: Session, text: str, display: str) -> list[Finding]:
    """The new text as the repository's scan settings see it (ignores, per-path ignores, severities)."""
    from guard.scan.engine import filter_findings, scan_text

    found = filter_findings(scan_text(text, display), session.settings.scan, session.places.root)
    return [f for f in found if f.severity != "info"]


def before_write(payload: dict[str, Any]) -> Reply:
    reply = Reply("PreToolUse")
    tool = str(payload.get("tool_name"))
    tool_input = payload.get("tool_input")
    if not isinstance(tool_input, dict) or not isinstance(tool_input.get("file_path"), str):
        raise KguardError(f"{tool} without a file_path in tool_input")
    session = session_for(payload, reply)
    knowledge = session.settings.knowledge
    text = new_text(tool, tool_input)
    target = knowledge_target(session.places, tuple(knowledge.include), tuple(knowledge.exclude),
                              tool_input["file_path"], text)
    if target is None:
        return reply
    reason = (f"kguard: {target} is a knowledge file that agents load into every prompt (or that switches "
              f"the guard or the agent's hooks on and off). {tool} would change it: allow only if you asked "
              "for this change.")
    found = _scan_new(session, text, target)
    if found:
        reason += f" Covert signals in the new text:\n{findings_text(found)}"
    reply.decision = ("ask", reason)
    return reply


def after_bash(payload: dict[str, Any]) -> Reply:
    event = str(payload.get("hook_event_name"))
    reply = Reply(event)
    command = str((payload.get("tool_input") or {}).get("command", ""))
    session = session_for(payload, reply)
    session, _ = judging_session(session)  # a config the command changed does not judge it
    sealed = sealed_at_start(str(session.places.project_state), payload)
    runs.unregister(marker_path(session, payload))
    guard = session.guard
    with guard.transaction(sealed=sealed):
        changes = guard.changes()
        held = review(guard, changes, "hold", command, headline="A Claude Code Bash command changed a knowledge file")
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
    flag_output(reply, payload, command)
    return reply


def after_write(payload: dict[str, Any]) -> Reply:
    """The user was asked (PreToolUse) and the tool ran: record the change in the journal, so it can be
    undone. In a mode where the prompt may not have been shown, hold it back instead."""
    reply = Reply("PostToolUse")
    tool = str(payload.get("tool_name"))
    tool_input = payload.get("tool_input") or {}
    session = session_for(payload, reply)
    knowledge = session.settings.knowledge
    target = knowledge_target(session.places, tuple(knowledge.include), tuple(knowledge.exclude),
                              str(tool_input.get("file_path", "")))
    if target is None:
        return reply
    guard = session.guard
    unprompted = payload.get("permission_mode") in UNPROMPTED_MODES
    entries = []
    with guard.transaction():
        changes = [c for c in guard.changes() if c.display == target]
        if not changes:
            return reply
        if unprompted:
            review(guard, changes, "hold", f"Claude Code {tool}",
                   headline=f"Claude Code {tool} changed a knowledge file without a prompt")
        else:
            entries = guard.snapshot("keep", command=f"Claude Code {tool} (after the permission prompt)",
                                     changes=changes)
    if unprompted:
        reply.block = (f"kguard held back the {tool} of {target}: in permission mode "
                       f"'{payload.get('permission_mode')}' the user may not have been asked. The file holds "
                       "what it held before; the user can accept the change with "
                       f"`kguard keep {shlex.quote(target)}`. Do not retry; tell the user.")
        reply.user.append(f"kguard: held back the {tool} of {target} (permission mode "
                          f"{payload.get('permission_mode')}). Review: kguard diff · accept: kguard keep {target}")
    elif entries:
        reply.user.append(f"kguard: {target} changed by {tool}; kept as the new baseline (undo: "
                          f"kguard undo {entries[0].id})")
    return reply
