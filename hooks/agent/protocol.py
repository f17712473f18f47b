"""`kguard hook cursor|codex|gemini|copilot`: read the harness's event on stdin, let its adapter translate it
for the shared core (hooks.agent.core), answer in the harness's protocol. An adapter that cannot read its
input fails closed where the event could be a write (a "before" event) and open otherwise, as the core does."""
from __future__ import annotations

import json
import os
import sys
from collections.abc import Sequence

from hooks.agent.core import Verdict
from rules_engine.errors import KguardError

TYPE_CHECKING = False  # (typing.TYPE_CHECKING without importing typing: ~3 ms of every hook call)
if TYPE_CHECKING:
    from typing import Any

ADAPTERS = {"cursor": "hooks.agent.cursor", "codex": "hooks.agent.codex", "gemini": "hooks.agent.gemini",
            "copilot": "hooks.agent.copilot"}


class Reply:
    """A plain class, not a dataclass: `dataclasses` imports `inspect` (~10 ms of every hook call)."""

    def __init__(self, code: int = 0, out: dict[str, Any] | None = None, err: str = "") -> None:
        self.code, self.out, self.err = code, out, err


def strongest(verdicts: Sequence[Verdict]) -> Verdict:
    """Several writes in one call (a patch): the strictest decision, every reason, every message."""
    if not verdicts:
        return Verdict()
    order = {None: 0, "ask": 1, "deny": 2}
    decision = max((v.decision for v in verdicts), key=lambda d: order.get(d, 0))
    return Verdict(decision, "\n".join(v.reason for v in verdicts if v.reason),
                   "\n".join(v.user for v in verdicts if v.user), "\n".join(v.agent for v in verdicts if v.agent),
                   any(v.held for v in verdicts), any(v.failed_closed for v in verdicts))


def respond(harness: str, raw: str, event: str = "") -> Reply:
    """`event` names the event where the harness's payload does not (Copilot's installed commands pass it)."""
    adapter = __import__(ADAPTERS[harness], fromlist=["answer"])  # (importlib itself: not needed here)
    if event:
        raw_tagged = f'{{"hook_event_name": {json.dumps(event)}}} {raw}'
    try:
        payload = json.loads(raw)
        if not isinstance(payload, dict):
            raise ValueError("not a JSON object")
        if event:
            payload.setdefault("hook_event_name", event)
    except ValueError as exc:
        return adapter.crashed(raw_tagged if event else raw, f"unreadable hook input: {exc}", False)
    try:
        return adapter.answer(payload)
    except Exception as exc:  # the crash policy is the point: nothing escapes as a traceback
        detail = str(exc) if isinstance(exc, KguardError) else f"{type(exc).__name__}: {exc}"
        if os.environ.get("KGUARD_DEBUG"):
            import traceback

            detail += "\n" + traceback.format_exc()
        return adapter.crashed(raw_tagged if event else raw, detail, True)


def answer_stdin(harness: str, event: str = "") -> int:
    raw = sys.stdin.buffer.read()
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        text = f"<not UTF-8 at byte {exc.start}>"
    reply = respond(harness, text, event)
    if reply.out is not None:
        sys.stdout.write(json.dumps(reply.out, ensure_ascii=False) + "\n")
        sys.stdout.flush()
    if reply.err:
        sys.stderr.write(reply.err.rstrip("\n") + "\n")
        sys.stderr.flush()
    return reply.code


def crash_text(detail: str, closed: bool) -> str:
    if closed:
        return (f"kguard: the hook failed ({detail}), so this call is blocked: kguard fails closed for what may "
                "be a write to a knowledge file. Tell the user; `KGUARD_DEBUG=1` shows the trace.")
    return (f"kguard: the hook failed ({detail}); the call went ahead without the guard (kguard fails open for "
            "everything but writes to knowledge files).")
