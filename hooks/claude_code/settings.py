"""Merging kguard's entries into Claude Code's `.claude/settings.json` without losing anything there, and
taking out only kguard's own entries again. An entry is ours when its command runs `hook claude-code`."""
from __future__ import annotations

import json
import os
import re
from pathlib import Path
from typing import Any

from guard import atomic
from rules_engine.errors import KguardError

OURS = re.compile(r"\bhook\s+claude-code\b")
TIMEOUT = 60
# event -> matcher (None: the event takes no matcher, every source)
# Every tool: a write through a tool the hook did not match (an MCP server's write_file) would otherwise be
# found only later, with no call to charge it to. UserPromptSubmit and Stop end calls whose PostToolUse never
# came (denied, interrupted) and show what changed between two turns.
ENTRIES: dict[str, str | None] = {
    "SessionStart": None,
    "UserPromptSubmit": None,
    "PreToolUse": "*",
    "PostToolUse": "*",
    "PostToolUseFailure": "*",
    "Stop": None,
    "InstructionsLoaded": None,
}
def hook_command(event: str = "PreToolUse") -> str:
    """The shared command (hooks.installed), running `hook claude-code`: closed before a tool when kguard
    cannot run, open (said once) on the other events."""
    from hooks.installed import hook_command as installed_command

    return installed_command("claude-code", event)


def load(path: Path) -> tuple[dict[str, Any], int]:
    """The settings and the indent the file uses (2 when new)."""
    if path.is_symlink():  # replacing it would cut the link the user set up; writing through it is not ours
        raise KguardError(f"is a symlink (to {os.readlink(path)}); not changed: run the install where it points, "
                          "or add the entries by hand", path)
    try:
        raw = path.read_bytes()
    except FileNotFoundError:
        return {}, 2
    try:
        text = raw.decode("utf-8-sig")
        data = json.loads(text) if text.strip() else {}
    except UnicodeDecodeError as exc:
        raise KguardError(f"not UTF-8 (byte {exc.start}); not changed", path) from None
    except json.JSONDecodeError as exc:
        raise KguardError(f"not valid JSON: {exc.msg} (column {exc.colno}); not changed", path, exc.lineno) from None
    if not isinstance(data, dict):
        raise KguardError("the settings are not a JSON object; not changed", path)
    hooks = data.get("hooks", {})
    if not isinstance(hooks, dict) or not all(isinstance(v, list) for v in hooks.values()):
        raise KguardError("`hooks` is not an object of lists; not changed", path)
    found = re.search(r"\n( +)\"", text)
    return data, len(found.group(1)) if found else 2


def dump(data: dict[str, Any], indent: int) -> bytes:
    return (json.dumps(data, indent=indent, ensure_ascii=False) + "\n").encode("utf-8")


def _strip(hooks: dict[str, Any]) -> int:
    """Take our entries out; drop the groups and events that only we filled. Returns how many went."""
    removed = 0
    for event in list(hooks):
        groups = hooks[event]
        kept_groups = []
        for group in groups:
            entries = group.get("hooks") if isinstance(group, dict) else None
            if not isinstance(entries, list):
                kept_groups.append(group)
                continue
            mine = [h for h in entries if isinstance(h, dict) and OURS.search(str(h.get("command", "")))]
            removed += len(mine)
            rest = [h for h in entries if h not in mine]
            if rest or not mine:
                kept_groups.append({**group, "hooks": rest} if mine else group)
        if kept_groups or not groups:
            hooks[event] = kept_groups
        else:
            del hooks[event]
    return removed


def install(path: Path, root: Path, command: str | None = None) -> bool:
    """Merge our entries (replacing older ones of ours). Returns True when the file changed."""
    data, indent = load(path)
    hooks = data.setdefault("hooks", {})
    _strip(hooks)
    for event, matcher in ENTRIES.items():
        entry = {"type": "command", "command": command or hook_command(event), "timeout": TIMEOUT}
        group: dict[str, Any] = {"hooks": [entry]}
        if matcher is not None:
            group = {"matcher": matcher, **group}
        hooks.setdefault(event, []).append(group)
    return atomic.write_file(root, path, dump(data, indent))


def uninstall(path: Path, root: Path) -> int:
    """Take our entries out. Returns how many were removed (0: the file is left untouched)."""
    if not path.exists():
        return 0
    data, indent = load(path)
    hooks = data.get("hooks")
    if not isinstance(hooks, dict):
        return 0
    removed = _strip(hooks)
    if not removed:
        return 0
    if not hooks:
        del data["hooks"]
    atomic.write_file(root, path, dump(data, indent))
    return removed
