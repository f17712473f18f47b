"""The command every harness's hook file runs, built in one place. It calls the interpreter kguard was
installed with, by its absolute path (as the git hooks do), else `kguard` on PATH (a team sharing the file);
`-P` keeps a `hooks/` folder in the project from shadowing the package. When neither can run, it exits 2 with
one line saying why: Claude Code, Codex, Gemini CLI and Cursor take exit 2 as "block" (any other code lets the
tool call go ahead unguarded); Copilot skips a hook that exits non-zero, so its preToolUse command prints the
deny on stdout instead and exits 0."""
from __future__ import annotations

import shlex
import sys
from pathlib import Path

# harness -> how the user reads its name (the flag of `kguard hooks install` is --<harness>)
NAMES = {"claude-code": "Claude Code", "cursor": "Cursor", "codex": "Codex", "gemini": "Gemini CLI",
         "copilot": "Copilot"}
LINE = ("kguard: the {name} hook could not run (exit $s; neither {shown} nor \\`kguard\\` on PATH works): "
        "reinstall it with \\`kguard hooks install --{harness}\\`")
COMMAND = ("p={python}; if [ -x \"$p\" ] && [ -f {entry} ]; then \"$p\" -P -m hooks hook {args}; "
           "elif command -v kguard >/dev/null 2>&1; then kguard hook {args}; else false; fi; s=$?; "
           "case $s in 0|2) exit $s;; esac; m=\"{line}\"; echo \"$m\" >&2; {block}")
# Copilot skips a hook that exits non-zero ("logged and skipped"): only a deny on stdout, exit 0, blocks.
DENY_ON_STDOUT = ("printf '{\"permissionDecision\":\"deny\",\"permissionDecisionReason\":\"%s\"}\\n' \"$m\"; "
                  "exit 0")


def _bare(text: str) -> str:
    """Text safe inside the message's double quotes."""
    return "".join(c for c in text if c not in '"`$\\')


def hook_command(harness: str, event: str = "") -> str:
    """`event` goes after the harness where the payload does not name its event (Copilot)."""
    package = Path(__file__).resolve().parent.parent
    args = " ".join(shlex.quote(a) for a in (harness, event) if a)
    line = LINE.format(name=NAMES[harness], harness=harness, shown=_bare(sys.executable))
    block = DENY_ON_STDOUT if (harness, event) == ("copilot", "preToolUse") else "exit 2"
    return COMMAND.format(python=shlex.quote(sys.executable), entry=shlex.quote(str(package / "hooks" / "entry.py")),
                          args=args, line=line, block=block)
