"""Host aliases a file defines for ssh (an ssh config it shows: `Host mirror` then `HostName 203.0.113.54`): a
copy to `mirror:path` goes to the host the alias names, and is judged as if that host were written out."""
from __future__ import annotations

import re

from guard.scan.lazyre import lazy

TYPE_CHECKING = False
if TYPE_CHECKING:  # (commands reads the aliases while it parses: the type only, no import at run time)
    from guard.scan.actions.commands import Simple

ALIAS = lazy(r"^[ \t]*Host[ \t]+([\w-]+)[ \t]*\n(?:[ \t]*(?!Host[ \t])\w+[^\n]*\n){0,12}?[ \t]*HostName[ \t=]+"
             r"([\w.:-]+)", re.M | re.I)
REMOTE_SHELLS = frozenset(("scp", "rsync", "sftp", "ssh"))


def defined(text: str) -> dict[str, str]:
    """alias -> host name, for the aliases whose host has a dot or is an address (a host that resolves)."""
    if not any(mark in text for mark in ("ostName", "ostname", "OSTNAME")):
        return {}
    return {m.group(1): m.group(2) for m in ALIAS.finditer(text) if "." in m.group(2) or ":" in m.group(2)}


def resolved(pipelines: list[list[Simple]], names: dict[str, str]) -> list[list[Simple]]:
    """The pipelines with `alias:path` (and ssh's bare `alias`) written as `host:path`."""
    if not names:
        return pipelines
    return [[_resolve(cmd, names) if cmd.name in REMOTE_SHELLS else cmd for cmd in pipeline] for pipeline in pipelines]


def _resolve(cmd: Simple, names: dict[str, str]) -> Simple:
    def one(word: str) -> str:
        user, at, rest = word.rpartition("@")
        alias, colon, path = rest.partition(":")
        if alias in names and (colon or cmd.name == "ssh") and not path.startswith("//"):
            return f"{user}{at}{names[alias]}{colon}{path}"
        return word
    return cmd._replace(argv=[cmd.argv[0], *map(one, cmd.argv[1:])])
