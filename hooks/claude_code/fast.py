"""The path most Claude Code Bash calls take: nothing under the guarded roots moved since the stat cache was
written (the same test `kguard run` makes on its fast path), so there is nothing to adopt before the command
and nothing to compare after it. Only the marker is written or removed; neither the guard nor pydantic is
loaded. Anything unusual (no cache, a moved file, a run that died, a stale marker) returns None and the full
path (hooks.claude_code.events) decides."""
from __future__ import annotations

import os
import time
from typing import Any

from guard import runs, statcache, where
from guard.paths import Places
from hooks.claude_code.reply import ACCEPT_REASON, ACCEPTING, Reply, flag_output, project_dir
from hooks.procs import harness_pid

STALE_AFTER = 15 * 60  # seconds; Claude Code caps a Bash call at 10 minutes (shared with hooks.claude_code.events)


def _state_if_unchanged(payload: dict[str, Any]) -> str | None:
    if os.environ.get("KGUARD_NO_FAST_PATH"):
        return None
    root = where.find_root(str(project_dir(payload)))[0]
    state = where.state_for(root)
    cache = statcache.load(os.path.join(state, "cache.json"))
    if cache is None or not statcache.unchanged(cache, root=root):
        return None
    now = time.time()
    for marker in runs.markers(state):
        stale = os.path.basename(marker.path).startswith("claude-") and now - marker.started > STALE_AFTER
        if not marker.alive or stale:
            return None
    return state


def _marker_name(payload: dict[str, Any]) -> str:
    return f"claude-{payload.get('tool_use_id', 'unknown')}"


def before_bash(payload: dict[str, Any]) -> Reply | None:
    state = _state_if_unchanged(payload)
    if state is None:
        return None
    command = str((payload.get("tool_input") or {}).get("command", ""))
    runs.register(state, command, pid=harness_pid(), name=_marker_name(payload),
                  cache=statcache.seal(os.path.join(state, "cache.json")))
    reply = Reply("PreToolUse")
    if ACCEPTING.search(command):
        reply.decision = ("ask", ACCEPT_REASON)
    return reply


def sealed_at_start(state: str, payload: dict[str, Any]) -> list[int] | bool:
    """The stat cache's seal the PreToolUse of this call recorded; False (trust no cache) without one."""
    path = os.path.join(state, "active", _marker_name(payload) + ".json")
    for marker in runs.markers(state):
        if marker.path == path and isinstance(marker.cache, list):
            return marker.cache
    return False


def after_bash(payload: dict[str, Any]) -> Reply | None:
    state = _state_if_unchanged(payload)
    if state is None:
        return None
    # a cache the command rewrote must not judge it: only the one the call started with is trusted
    if sealed_at_start(state, payload) != statcache.seal(os.path.join(state, "cache.json")):
        return None
    runs.unregister(os.path.join(state, "active", _marker_name(payload) + ".json"))
    reply = Reply(str(payload.get("hook_event_name")))
    flag_output(reply, payload, str((payload.get("tool_input") or {}).get("command", "")))
    return reply


def not_knowledge(payload: dict[str, Any]) -> Reply | None:
    """Write, Edit, MultiEdit of an ordinary file (most of them): an empty answer without loading the guard.
    With a config file (its include/exclude could change the answer) or a knowledge target: None."""
    from pathlib import Path

    from hooks.claude_code.reply import new_text
    from hooks.claude_code.targets import knowledge_target
    from hooks.git.ops import has_config

    tool_input = payload.get("tool_input")
    if os.environ.get("KGUARD_NO_FAST_PATH") or not isinstance(tool_input, dict):
        return None
    file_path = tool_input.get("file_path")
    if not isinstance(file_path, str) or not file_path:
        return None
    root, git_dir, common = where.find_root(str(project_dir(payload)))
    if has_config(root):
        return None
    home = where.home_dir()
    places = Places(Path(root), Path(git_dir) if git_dir else None, Path(common) if common else None, Path(home),
                    Path(where.state_dir(home)))
    text = new_text(str(payload.get("tool_name")), tool_input) if payload.get("hook_event_name") == "PreToolUse" else ""
    if knowledge_target(places, (), (), file_path, text) is not None:
        return None
    return Reply(str(payload.get("hook_event_name")))
