"""Programs nested inside a command's arguments, and files a command fills from elsewhere. ssh's remote command
runs on the other machine (`ssh host 'curl URL >> ~/.ssh/authorized_keys'`); a git credential helper written as
a shell function (`credential.helper '!f() { ...; }; f'`) is a program whose input is every credential git hands
it; a clone's folder holds what the clone's URL serves; a git config that includes a file takes its
`core.hooksPath`, `core.sshCommand` and `credential.helper` from that file."""
from __future__ import annotations

import re
from collections.abc import Callable

TYPE_CHECKING = False
if TYPE_CHECKING:
    from guard.scan.actions.commands import Simple

SSH_VALUE_FLAGS = frozenset("-b -c -D -E -e -F -I -i -J -L -l -m -O -o -p -Q -R -S -W -w -B".split())
HELPER = re.compile(r"credential\.(?:\S+\.)?helper")
INCLUDE = re.compile(r"include(?:if\.\S+)?\.path")
HANDED = ("secret", "the credentials git hands its helper")


def programs(cmd: Simple) -> list[tuple[str, set[tuple[str, str]]]]:
    """(program, what its input holds) for each program a command's arguments carry."""
    argv = cmd.argv
    if cmd.name == "ssh":
        i = 1
        while i < len(argv) and argv[i].startswith("-"):
            i += 2 if argv[i] in SSH_VALUE_FLAGS else 1
        rest = argv[i + 1:]
        return [(" ".join(rest), set())] if rest else []
    keys = _config(cmd)
    if len(keys) >= 2 and HELPER.fullmatch(keys[0].lower()) and keys[1].startswith("!"):
        return [(keys[1][1:], {HANDED})]
    return []


def clone(cmd: Simple) -> tuple[str, str] | None:
    """(URL, folder) of `git clone URL [folder]`."""
    if cmd.name != "git" or cmd.argv[1:2] != ["clone"]:
        return None
    plain = [a for a in cmd.argv[2:] if not a.startswith("-")]
    if not plain or "://" not in plain[0] and "@" not in plain[0]:
        return None
    folder = plain[1] if len(plain) > 1 else plain[0].rstrip("/").rsplit("/", 1)[-1].removesuffix(".git")
    return plain[0], folder.rstrip("/")


def cloned_safeguard(cmd: Simple, trusted: Callable[[str], bool]) -> str | None:
    """`git clone URL .githooks`: a hooks (or CI) folder filled from a host that is not the project's."""
    from guard.scan.actions.model import SAFEGUARD_PATH

    cloned = clone(cmd)
    if cloned is None or not SAFEGUARD_PATH.search(cloned[1]) or trusted(cloned[0]):
        return None
    return f"clones into {cloned[1]}"  # (the Walk adds where from: the reader recorded every clone first)


def included(cmd: Simple, held: Callable[[str], set[tuple[str, str]]], trusted: Callable[[str], bool]) -> str | None:
    """`git config include.path FILE` where FILE was filled from a host that is not the project's."""
    keys = _config(cmd)
    if len(keys) < 2 or not INCLUDE.fullmatch(keys[0].lower()):
        return None
    fetched = sorted(w for k, w in held(keys[1]) if k == "download" and not trusted(w))
    return f"git's settings include {keys[1]} (its hooks path, ssh command and credential helper)" if fetched else None


def _config(cmd: Simple) -> list[str]:
    if cmd.name != "git" or "config" not in cmd.argv[1:3]:
        return []
    at = cmd.argv.index("config")
    return [a for a in cmd.argv[at + 1:] if not a.startswith("-")]
