"""Decisions are the user's. `keep`, `snapshot`, `undo`, dropping a held change, `hooks uninstall` and the
other commands that accept or hide a change refuse to act inside a guarded command (`kguard run`, an
agent's tool call), unless the user answers on the terminal the guarded command was started from.

Inside is found from what the command cannot rewrite: its ancestors (their pids, matched with the run
markers, and their command lines, which the kernel keeps) first; the environment only adds to that, as a
command can unset a variable. A terminal the command opened itself (`script`, a pty of its own) is not the
user's: the answer counts only on the controlling terminal of the guarding process."""
from __future__ import annotations

import os
from pathlib import Path

from guard import runs
from hooks import procs
from hooks.style import one_line
from rules_engine.errors import Refused

RUN_ENV = "KGUARD_RUN"  # set by `kguard run` for its command: the pid of the guarding kguard
CLAUDE_ENV = "CLAUDECODE"  # set by Claude Code for the commands it runs


def _kguard_run(argv: list[str]) -> bool:
    """`kguard run ...`, `python -m hooks run ...`, or the installed launcher (`python -S -c CODE run ...`)."""
    for i, arg in enumerate(argv[:6]):
        program = os.path.basename(arg) == "kguard"
        if arg in ("-m", "-c") and i + 1 < len(argv):
            nxt = argv[i + 1]
            program = nxt == "hooks" if arg == "-m" else ("hooks.entry" in nxt or "hooks.cli" in nxt)
            i += 1
        if program:
            rest = [a for a in argv[i + 1:] if not a.startswith("-")]
            return rest[:1] == ["run"]
    return False


def _claude(argv: list[str]) -> bool:
    return any(os.path.basename(arg) == "claude" or "@anthropic-ai/claude-code" in arg for arg in argv[:2])


def guarded_by(state_dir: str | os.PathLike[str]) -> tuple[str, int | None] | None:
    """What guards this process (a text for the message, and the pid whose terminal is the user's), or None."""
    live = {m.pid: m for m in runs.markers(state_dir) if m.pid > 0 and m.alive}
    for pid in procs.ancestors():
        if pid in live:
            command = one_line(live[pid].command)
            command = command if len(command) <= 60 else command[:57] + "..."
            return f"the guarded command `{command}` (pid {pid})", pid
        argv = procs.command_line(pid)
        if _kguard_run(argv):
            return f"`kguard run` (pid {pid})", pid
        if _claude(argv):
            return f"Claude Code (pid {pid})", pid
    if os.environ.get(RUN_ENV):
        return f"`kguard run` (pid {one_line(os.environ[RUN_ENV])})", None
    if os.environ.get(CLAUDE_ENV):
        return "a Claude Code tool call", None
    return None


def _user_says_yes(question: str, guard_pid: int | None) -> bool:
    if guard_pid is None:
        return False
    mine = procs.terminal(os.getpid())
    if not mine or mine != procs.terminal(guard_pid):
        return False
    try:
        fd = os.open("/dev/tty", os.O_RDWR | os.O_NOCTTY)
    except OSError:
        return False
    try:
        os.write(fd, question.encode("utf-8", "replace"))
        answer = b""
        while not answer.endswith(b"\n") and len(answer) < 64:
            chunk = os.read(fd, 1)
            if not chunk:
                break
            answer += chunk
    except OSError:
        return False
    finally:
        os.close(fd)
    return answer.strip().lower() in (b"y", b"yes")


def require_user(action: str, state_dir: Path) -> set[str] | None:
    """Return when the user (not a guarded command) asked for `action`; raise Refused otherwise. Returns None
    outside any guarded command; inside one (the user said yes on its terminal), the run markers of the
    guarded commands this one runs inside: a decision does not wait for its own ancestors to end, and its
    journal entries are marked as confirmed (guard.tamper.confirm), so the guarding run lets them stand."""
    found = guarded_by(state_dir)
    if found is None:
        return None
    what, pid = found
    question = (f"kguard: `kguard {action}` was started inside {what}. Only you can decide this. "
                f"{action} anyway? [y/N] ")
    if _user_says_yes(question, pid):
        mine = set(procs.ancestors())
        return {m.path for m in runs.markers(state_dir) if m.pid in mine}
    raise Refused(f"`kguard {action}` refused: it runs inside {what}, and decisions on knowledge files are the "
                  "user's; run it yourself, in your own terminal, outside the guarded command")
