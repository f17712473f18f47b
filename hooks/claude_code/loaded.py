"""Scan on load: Claude Code's InstructionsLoaded fires when CLAUDE.md or a rules file enters the context
(at session start, on a nested folder, on a glob match, through an @-import, after compaction). The event
only observes, so the answer is a warning to the user (`systemMessage`) when the file carries an error-level
finding; nothing is said about a clean file."""
from __future__ import annotations

import os
from pathlib import Path
from typing import Any

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
        reply.user.append(f"kguard: {shown} was just loaded into the agent's context ({why}) and carries "
                          f"{len(errors)} covert signal(s) at error level; the agent may follow them. Stop the "
                          f"session and check the file (kguard scan {shown}):\n{findings_text(errors)}")
    return reply
