"""Pairing a shell call's before and after events where the harness gives no tool-call id (Cursor, Gemini CLI,
Copilot). Both events carry the same key, a hash of what the harness repeats in them (the conversation and
generation where it sends them, the folder, the command text). The before event takes the key plus a random
part as the call's id, so two identical commands in flight at once have a marker each (hooks.calls spares a
call's own family when it ends the session's other calls); an after event ends the oldest call of its key,
since identical commands cannot be told apart and only their count matters. Standard library only."""
from __future__ import annotations

import os
import secrets

from guard import runs, where
from hooks import calls


def before(key: str) -> str:
    return f"{key}.{secrets.token_hex(4)}"


def after(cwd: str, session: str, key: str) -> str:
    """The id of the oldest call of this key still in flight (`key.0` when none is: its before was not seen)."""
    from hooks.claude_code.reply import project_dir

    state = where.state_for(project_dir({"cwd": cwd}))
    call = calls.Call("claude", session, "", f"{key}.0")
    found = sorted((m for m in runs.markers(state) if os.path.basename(m.path).startswith(call.family)),
                   key=lambda m: m.started)
    if not found:
        return call.call_id
    return os.path.basename(found[0].path).removesuffix(".json").removeprefix(call.prefix)
