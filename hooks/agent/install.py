"""`kguard hooks install|uninstall --cursor|--codex|--gemini|--copilot`: merge kguard's entries into each
harness's project hook file, keeping every entry of the user's (and their order), and take out only ours
again. An entry is ours when its command runs `hook <harness>`; the command is the shared one (hooks.installed)
that finds its interpreter and blocks with one line when kguard cannot run. Files are read as
claude_code.settings reads .claude/settings.json (symlinks and broken JSON are refused, the indent kept) and
written atomically."""
from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from guard import atomic
from hooks.claude_code import settings as claude_settings
from hooks.installed import hook_command

TIMEOUT = 60


@dataclass(frozen=True)
class Spec:
    name: str  # as the user reads it
    path: str  # the project hook file, relative to the root
    grouped: bool  # Claude-like `{matcher, hooks: [entry]}` groups; else the entries themselves
    events: tuple[tuple[str, str | None, dict[str, Any]], ...]  # (event, matcher, extra entry keys)
    version: bool = False  # the file carries "version": 1
    own_file: bool = False  # the whole file is ours: uninstall removes it once nothing else is left
    note: str = ""  # said after an install: what the harness needs before it runs the hooks


CODEX_TRUST = ("Codex: it runs a project's hooks only once the project and each hook are trusted (trust the "
               "project when Codex asks, then each hook in /hooks); `codex exec` skips untrusted hooks without "
               "a word, so run `codex` once in this folder and trust them first")


CURSOR_WRITES = "Write|StrReplace|Edit|MultiEdit|Delete"
SPECS = {
    "cursor": Spec("Cursor", ".cursor/hooks.json", False, (
        ("sessionStart", None, {}), ("beforeShellExecution", None, {}), ("afterShellExecution", None, {}),
        ("preToolUse", CURSOR_WRITES, {"failClosed": True}), ("afterFileEdit", None, {}),
        ("postToolUse", None, {})), version=True),
    "codex": Spec("Codex", ".codex/hooks.json", True, (
        ("SessionStart", None, {"timeout": TIMEOUT}), ("PreToolUse", "Bash|apply_patch", {"timeout": TIMEOUT}),
        ("PostToolUse", None, {"timeout": TIMEOUT})), note=CODEX_TRUST),
    "gemini": Spec("Gemini CLI", ".gemini/settings.json", True, (
        ("SessionStart", None, {"name": "kguard", "timeout": TIMEOUT * 1000}),
        ("BeforeTool", "write_file|replace|run_shell_command", {"name": "kguard", "timeout": TIMEOUT * 1000}),
        ("AfterTool", None, {"name": "kguard", "timeout": TIMEOUT * 1000}))),
    "copilot": Spec("Copilot", ".github/hooks/kguard.json", False, (
        ("sessionStart", None, {"timeoutSec": TIMEOUT}), ("preToolUse", None, {"timeoutSec": TIMEOUT}),
        ("postToolUse", None, {"timeoutSec": TIMEOUT}), ("postToolUseFailure", None, {"timeoutSec": TIMEOUT})),
        version=True, own_file=True),
}


def _ours(harness: str) -> re.Pattern[str]:
    return re.compile(rf"\bhook\s+{harness}\b")


def _command_of(entry: object) -> str:
    if not isinstance(entry, dict):
        return ""
    return str(entry.get("command") or entry.get("bash") or "")


def _entry(spec: Spec, harness: str, event: str, extra: dict[str, Any], command: str | None) -> dict[str, Any]:
    command = command or hook_command(harness, event)  # (Copilot's names its event: its payloads do not)
    if harness == "copilot":
        return {"type": "command", "bash": command, **extra}
    if spec.grouped:
        return {"type": "command", "command": command, **extra}
    return {"command": command, **extra}


def _strip(spec: Spec, harness: str, hooks: dict[str, Any]) -> int:
    ours = _ours(harness)
    removed = 0
    for event in list(hooks):
        items = hooks[event]
        if not isinstance(items, list):
            continue  # Gemini keeps settings such as "enabled" beside the events
        kept: list[Any] = []
        for item in items:
            inner = item.get("hooks") if spec.grouped and isinstance(item, dict) else None
            if isinstance(inner, list):
                mine = [h for h in inner if ours.search(_command_of(h))]
                removed += len(mine)
                rest = [h for h in inner if h not in mine]
                if rest or not mine:
                    kept.append({**item, "hooks": rest} if mine else item)
            elif ours.search(_command_of(item)):
                removed += 1
            else:
                kept.append(item)
        if kept or not items:
            hooks[event] = kept
        else:
            del hooks[event]
    return removed


def install(harness: str, root: Path, command: str | None = None) -> bool:
    spec = SPECS[harness]
    path = root / spec.path
    data, indent = claude_settings.load(path)
    if spec.version:
        data.setdefault("version", 1)
    hooks = data.setdefault("hooks", {})
    _strip(spec, harness, hooks)
    for event, matcher, extra in spec.events:
        entry = _entry(spec, harness, event, extra, command)
        if spec.grouped:
            group: dict[str, Any] = {"hooks": [entry]}
            item: dict[str, Any] = {"matcher": matcher, **group} if matcher else group
        else:
            item = {**entry, "matcher": matcher} if matcher else entry
        hooks.setdefault(event, []).append(item)
    return atomic.write_file(root, path, claude_settings.dump(data, indent))


def uninstall(harness: str, root: Path) -> int:
    spec = SPECS[harness]
    path = root / spec.path
    if not path.exists():
        return 0
    data, indent = claude_settings.load(path)
    hooks = data.get("hooks")
    if not isinstance(hooks, dict):
        return 0
    removed = _strip(spec, harness, hooks)
    if not removed:
        return 0
    if not hooks:
        del data["hooks"]
    if spec.own_file and set(data) <= {"version"}:
        atomic.remove(root, path)
    else:
        atomic.write_file(root, path, claude_settings.dump(data, indent))
    return removed
