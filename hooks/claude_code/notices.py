"""What an event found that Claude Code would not show (InstructionsLoaded's output is discarded), kept in the
project's state folder per session and said at the session's next UserPromptSubmit or PreToolUse, once: the
event that says them takes the file away first (a rename), so two hooks at once cannot both say them.
Standard library only: the fast path asks for them on every prompt and tool call."""
from __future__ import annotations

import os

try:  # the built-in SHA-1 (as hooks.calls): hashlib loads OpenSSL's first
    from _sha1 import sha1
except ImportError:  # pragma: no cover - a Python built without it
    from hashlib import sha1

SAID_AT = ("UserPromptSubmit", "PreToolUse")
SEPARATOR = "\n\0\n"


def _path(state_dir: str, session: object) -> str:
    digest = sha1(str(session or "").encode("utf-8", "surrogatepass")).hexdigest()[:16]
    return os.path.join(state_dir, "notices", f"{digest}.txt")


def keep(state_dir: str, session: object, text: str) -> None:
    """Add `text` to what the session's next prompt or tool call says."""
    path = _path(state_dir, session)
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "a", encoding="utf-8") as handle:
        handle.write(text + SEPARATOR)


def take(state_dir: str, session: object) -> list[str]:
    """The session's kept notices, removed as they are read ([] when there are none: one failed stat)."""
    path = _path(state_dir, session)
    taken = f"{path}.{os.getpid()}"
    try:
        os.rename(path, taken)
    except OSError:
        return []
    try:
        with open(taken, encoding="utf-8") as handle:
            text = handle.read()
    except (OSError, UnicodeDecodeError):
        text = ""
    finally:
        try:
            os.unlink(taken)
        except OSError:
            pass
    return list(dict.fromkeys(t for t in text.split(SEPARATOR) if t.strip()))
