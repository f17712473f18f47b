"""The command every harness's hook file runs, built in one place. It calls the interpreter kguard was
installed with, by its absolute path (as the git hooks do), else `kguard` on PATH (a team sharing the file);
`-P` keeps a `hooks/` folder in the project from shadowing the package. When neither can run, what it does
depends on the event it is installed for. Before a tool runs (PreToolUse, preToolUse, beforeShellExecution,
BeforeTool) it fails closed: exit 2 with one line saying why (Claude Code, Codex, Gemini CLI and Cursor take
exit 2 as "block"; Copilot's preToolUse prints the deny on stdout as well). On every other event exit 2 would
break the agent's loop (Claude Code's Stop keeps the agent from stopping, UserPromptSubmit erases the prompt,
Gemini's AfterTool replaces the tool's result): the line is said once (a marker file per user, harness and
folder in $TMPDIR) and the command exits 0."""
from __future__ import annotations

import shlex
import sys
from pathlib import Path

# harness -> how the user reads its name (the flag of `kguard hooks install` is --<harness>)
NAMES = {"claude-code": "Claude Code", "cursor": "Cursor", "codex": "Codex", "gemini": "Gemini CLI",
         "copilot": "Copilot"}
# The events that come before a tool runs, in each harness's spelling: only these fail closed.
BEFORE_EVENTS = frozenset({"PreToolUse", "PermissionRequest", "preToolUse", "beforeShellExecution",
                           "beforeMCPExecution", "beforeReadFile", "BeforeTool"})
EVENT_IN_ARGS = ("copilot",)  # Copilot's payloads do not name their event: the command does
LINE = ("kguard: the {name} hook could not run (exit $s; neither {shown} nor \\`kguard\\` on PATH works): "
        "reinstall it with \\`kguard hooks install --{harness}\\`")
COMMAND = ("p={python}; if [ -x \"$p\" ] && [ -f {entry} ]; then \"$p\" -P -m hooks hook {args}; "
           "elif command -v kguard >/dev/null 2>&1; then kguard hook {args}; else false; fi; s=$?; "
           "case $s in 0|2) exit $s;; esac; m=\"{line}\"; {fallback}")
BLOCK = "echo \"$m\" >&2; exit 2"
# Copilot: a deny on stdout blocks whatever the exit code (older versions skipped a hook that exited non-zero).
DENY_ON_STDOUT = ("echo \"$m\" >&2; printf '{\"permissionDecision\":\"deny\",\"permissionDecisionReason\":\"%s\"}\\n' "
                  "\"$m\"; exit 0")
# Elsewhere: said once, then the agent's loop goes on. Harnesses that show a JSON systemMessage get one.
ONCE = ("f=\"${{TMPDIR:-/tmp}}/kguard-missing-{harness}-$(id -u)-$(pwd | cksum | cut -d' ' -f1)\"; "
        "if [ ! -e \"$f\" ]; then : >\"$f\" 2>/dev/null; echo \"$m\" >&2; {say}fi; exit 0")
SAY_JSON = "printf '{\"systemMessage\":\"%s\"}\\n' \"$m\"; "
SHOWS_SYSTEM_MESSAGE = ("claude-code", "codex", "gemini")


def _bare(text: str) -> str:
    """Text safe inside the message's double quotes."""
    return "".join(c for c in text if c not in '"`$\\')


def fails_closed(event: str) -> bool:
    """A missing kguard blocks this event (a tool about to run); "" (no event named) is treated as one."""
    return not event or event in BEFORE_EVENTS


def _fallback(harness: str, event: str) -> str:
    if not fails_closed(event):
        return ONCE.format(harness=harness, say=SAY_JSON if harness in SHOWS_SYSTEM_MESSAGE else "")
    return DENY_ON_STDOUT if harness == "copilot" else BLOCK


def hook_command(harness: str, event: str = "") -> str:
    """The command for `event` (which decides what a missing kguard does); the event goes after the harness
    only where the payload does not name it (Copilot)."""
    package = Path(__file__).resolve().parent.parent
    args = " ".join(shlex.quote(a) for a in (harness, event if harness in EVENT_IN_ARGS else "") if a)
    line = LINE.format(name=NAMES[harness], harness=harness, shown=_bare(sys.executable))
    return COMMAND.format(python=shlex.quote(sys.executable), entry=shlex.quote(str(package / "hooks" / "entry.py")),
                          args=args, line=line, fallback=_fallback(harness, event))
