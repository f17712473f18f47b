"""The path most Claude Code events take: nothing under the guarded roots moved since the stat cache was
written (the same test `kguard run` makes on its fast path), so there is nothing to compare. The call's
marker is written or removed, the session's earlier calls whose after-event never came are ended; neither the
guard nor pydantic is loaded. Anything unusual (no cache, a moved file, a run that died, a stale marker)
returns None and the full path (hooks.claude_code.events) decides."""
from __future__ import annotations

import os
import time

from guard import runs, statcache, where
from hooks import calls
from hooks.asking import reaches_decisions
from hooks.claude_code.reply import ACCEPT_REASON, Reply, flag_output, project_dir
from hooks.claude_code.tools import WRITE_TOOLS, call_of, described, tracked
from hooks.procs import harness_pid

TYPE_CHECKING = False  # (typing.TYPE_CHECKING without importing typing: ~3 ms of every hook call)
if TYPE_CHECKING:
    from typing import Any

STALE_AFTER = 15 * 60  # seconds; Claude Code caps a Bash call at 10 minutes (shared with hooks.claude_code.events)


def stale(marker: runs.RunMarker, now: float) -> bool:
    return os.path.basename(marker.path).startswith("claude-") and now - marker.started > STALE_AFTER


def _state_if_unchanged(payload: dict[str, Any]) -> str | None:
    if os.environ.get("KGUARD_NO_FAST_PATH"):
        return None
    root, state = where.root_and_state(project_dir(payload))
    calls.end_others(state, call_of(payload))
    cache = statcache.load(os.path.join(state, "cache.json"))
    if cache is None or not statcache.unchanged(cache, root=root):
        return None
    now = time.time()
    if any(not marker.alive or stale(marker, now) for marker in runs.markers(state)):
        return None
    return state


def ask_reply(payload: dict[str, Any]) -> Reply:
    reply = Reply("PreToolUse")
    if payload.get("tool_name") == "Bash" and reaches_decisions(described(payload), project_dir(payload)):
        reply.decision = ("ask", ACCEPT_REASON)
    return reply


def handle(payload: dict[str, Any]) -> Reply | None:
    event, tool = payload.get("hook_event_name"), payload.get("tool_name")
    if event == "SessionStart":
        return None
    if tool in WRITE_TOOLS and event == "PostToolUse":
        # after a write, an unchanged tree says it all: no knowledge file changed (what the full path would
        # find), so the target need not be named (that takes the guard's discovery)
        return Reply(str(event)) if _state_if_unchanged(payload) is not None else None
    if tool in WRITE_TOOLS and not_knowledge(payload) is None:
        return None
    state = _state_if_unchanged(payload)
    if state is None:
        return None
    call = call_of(payload)
    reply = Reply(str(event))
    if event == "PreToolUse" and tracked(tool):
        calls.begin(state, call, described(payload), harness_pid())
        return ask_reply(payload)
    if event in ("PostToolUse", "PostToolUseFailure"):
        # a cache the call rewrote must not judge it: only the one it started with is trusted
        if tracked(tool) and calls.sealed_at_start(state, call) != statcache.seal(os.path.join(state, "cache.json")):
            return None
        if tracked(tool):
            calls.finish(state, call)
        if tool not in WRITE_TOOLS:
            flag_output(reply, payload, described(payload) if tool == "Bash" else str(tool))
    return reply


def not_knowledge(payload: dict[str, Any]) -> Reply | None:
    """Write, Edit, MultiEdit of an ordinary file (most of them): an empty answer without loading the guard.
    With a config file (its include/exclude could change the answer) or a knowledge target: None."""
    from pathlib import Path

    from guard.paths import Places
    from hooks.claude_code.reply import new_text
    from hooks.claude_code.targets import knowledge_target

    tool_input = payload.get("tool_input")
    if os.environ.get("KGUARD_NO_FAST_PATH") or not isinstance(tool_input, dict):
        return None
    file_path = tool_input.get("file_path")
    if not isinstance(file_path, str) or not file_path:
        return None
    root, git_dir, common = where.find_root(project_dir(payload))
    if where.has_config(root):
        return None
    home = where.home_dir()
    places = Places(Path(root), Path(git_dir) if git_dir else None, Path(common) if common else None, Path(home),
                    Path(where.state_dir(home)))
    text = new_text(str(payload.get("tool_name")), tool_input) if payload.get("hook_event_name") == "PreToolUse" else ""
    if knowledge_target(places, (), (), file_path, text) is not None:
        return None
    return Reply(str(payload.get("hook_event_name")))

