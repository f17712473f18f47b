"""The tool calls of an agent harness, each marked in flight by its own marker (guard.runs) named after the
harness, the session (and sub-agent) and the call's id: the call's after-event finds its own marker, and a
call whose after-event never came (the user denied it, pressed Esc, the harness died) is ended at the next
event of the same session, so a hand edit made after it is not blamed on the next call. Harness-neutral and
standard library only: the fast paths use it."""
from __future__ import annotations

import os
import re
from collections import namedtuple

try:  # the built-in SHA-1: hashlib loads OpenSSL's first (~2 ms of every hook call), same digest
    from _sha1 import sha1
except ImportError:  # pragma: no cover - a Python built without it
    from hashlib import sha1

from guard import runs, statcache

UNSAFE = re.compile(r"[^A-Za-z0-9_.-]")
PAIRED = re.compile(r"^(h[0-9a-f]{16})\.[0-9a-f]+$")  # an id hooks.agent.pairing made: the key, a random part


class Call(namedtuple("Call", "harness session agent call_id")):  # (not a dataclass: ~10 ms of every hook call)
    __slots__ = ()
    harness: str  # "claude"
    session: str  # the harness's session id ("" when it sends none)
    agent: str  # a sub-agent's id ("" for the main agent): its calls may run beside the main agent's
    call_id: str  # the tool call's id ("" for an event that is not a tool call)

    @property
    def prefix(self) -> str:
        digest = sha1(f"{self.session}\0{self.agent}".encode()).hexdigest()[:12]
        return f"{self.harness}-{digest}-"

    @property
    def name(self) -> str:
        return self.prefix + (UNSAFE.sub("_", self.call_id)[:96] or "unknown")

    @property
    def family(self) -> str:
        """The marker-name prefix the calls of one pairing key share ("" for a call with an id of its own):
        identical commands in flight at once (hooks.agent.pairing) do not end each other."""
        found = PAIRED.match(self.call_id)
        return f"{self.prefix}{found.group(1)}." if found else ""

    def marker_path(self, state_dir: str | os.PathLike[str]) -> str:
        return os.path.join(state_dir, "active", self.name + ".json")


def begin(state_dir: str | os.PathLike[str], call: Call, command: str, pid: int) -> str:
    """Mark the call in flight, with the stat cache's seal as the call starts (see `sealed_at_start`)."""
    seal = statcache.seal(os.path.join(state_dir, "cache.json"))
    return runs.register(state_dir, command, pid=pid, name=call.name, cache=seal)


def sealed_at_start(state_dir: str | os.PathLike[str], call: Call) -> list[int] | bool:
    """The stat cache's seal the call's before-event recorded: a cache rewritten since (by the call) must not
    judge it. False (trust no cache, read every file) when the marker is gone or holds none."""
    path = call.marker_path(state_dir)
    for marker in runs.markers(state_dir):
        if marker.path == path and isinstance(marker.cache, list):
            return marker.cache
    return False


def finish(state_dir: str | os.PathLike[str], call: Call) -> bool:
    """Take the call's marker away; False when there was none (its before-event was not seen)."""
    path = call.marker_path(state_dir)
    existed = os.path.exists(path)
    runs.unregister(path)
    return existed


def end_others(state_dir: str | os.PathLike[str], call: Call) -> list[runs.RunMarker]:
    """End the session's other calls: an event of the session means they are over (returns them)."""
    ended = []
    for marker in runs.markers(state_dir):
        name = os.path.basename(marker.path).removesuffix(".json")
        if name.startswith(call.prefix) and name != call.name and not (call.family and
                                                                        name.startswith(call.family)):
            runs.unregister(marker.path)
            ended.append(marker)
    return ended
