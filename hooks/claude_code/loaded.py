"""Scan on load: Claude Code's InstructionsLoaded fires when CLAUDE.md or a rules file enters the context
(at session start, on a nested folder, on a glob match, through an @-import, after compaction). The event
only observes and Claude Code discards its output, so a file carrying an error-level finding is kept as a
notice (hooks.claude_code.notices) that the session's next UserPromptSubmit or PreToolUse says to the user and
the agent; the event's own answer says it too, for a harness that shows it. Nothing is said about a clean
file."""
from __future__ import annotations

import os
from pathlib import Path
from typing import Any

from hooks.claude_code import notices
from hooks.claude_code.reply import Reply, findings_text, project_dir


def shown_path(file_path: str, root: Path, home: Path) -> str:
    path = Path(os.path.abspath(os.path.join(root, os.path.expanduser(file_path))))
    for base, prefix in ((root, ""), (home, "~/")):
        try:
            return prefix + path.relative_to(base).as_posix()
        except ValueError:
            continue
    return str(path)


def instructions_loaded(payload: dict[str, Any]) -> Reply:
    from guard.scan.engine import filter_findings, scan_file
    from hooks.claude_code.events import session_for

    reply = Reply("InstructionsLoaded")
    file_path = payload.get("file_path")
    if not isinstance(file_path, str) or not file_path:
        return reply
    session = session_for(payload, reply)
    root = Path(project_dir(payload))
    shown = shown_path(file_path, root, session.places.home)
    path = Path(os.path.join(root, os.path.expanduser(file_path)))
    found = filter_findings(scan_file(path, shown, session.settings.scan), session.settings.scan,
                            session.places.root)
    errors = [f for f in found if f.severity == "error"]
    if errors:
        why = str(payload.get("load_reason") or "loaded")
        text = (f"kguard: {shown} was just loaded into the agent's context ({why}) and carries {len(errors)} "
                f"covert signal(s) at error level; the agent may follow them. Stop the session and check the "
                f"file (kguard scan {shown}):\n{findings_text(errors)}")
        reply.user.append(text)
        notices.keep(str(session.places.project_state), payload.get("session_id"), text)
    return reply
