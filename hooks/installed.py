"""The command every harness's hook file runs, built in one place. It calls the interpreter kguard was
installed with, by its absolute path (as the git hooks do), else `kguard` on PATH (a team sharing the file);
`-P` keeps a `hooks/` folder in the project from shadowing the package. When neither can run, it exits 2 with
one line saying why: every harness takes exit 2 as "block" (Claude Code, Codex and Gemini CLI show stderr as
the reason; Cursor and Copilot deny), while any other code lets the tool call go ahead unguarded."""
from __future__ import annotations

import shlex
import sys
from pathlib import Path

# harness -> how the user reads its name (the flag of `kguard hooks install` is --<harness>)
NAMES = {"claude-code": "Claude Code", "cursor": "Cursor", "codex": "Codex", "gemini": "Gemini CLI",
         "copilot": "Copilot"}
COMMAND = ("p={python}; if [ -x \"$p\" ] && [ -f {entry} ]; then \"$p\" -P -m hooks hook {args}; "
           "elif command -v kguard >/dev/null 2>&1; then kguard hook {args}; else false; fi; s=$?; "
           "case $s in 0|2) exit $s;; esac; echo \"kguard: the {name} hook could not run (exit $s; "
           "neither {shown} nor \\`kguard\\` on PATH works): reinstall it with "
           "\\`kguard hooks install --{harness}\\`\" >&2; exit 2")


def _bare(text: str) -> str:
    """Text safe inside the message's double quotes."""
    return "".join(c for c in text if c not in '"`$\\')


def hook_command(harness: str, event: str = "") -> str:
    """`event` goes after the harness where the payload does not name its event (Copilot)."""
    package = Path(__file__).resolve().parent.parent
    args = " ".join(shlex.quote(a) for a in (harness, event) if a)
    return COMMAND.format(python=shlex.quote(sys.executable), entry=shlex.quote(str(package / "hooks" / "entry.py")),
                          args=args, name=NAMES[harness], harness=harness, shown=_bare(sys.executable))
