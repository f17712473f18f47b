"""What keeps running after the session without a start-up file: a container restarted at every boot with the
host's files or Docker mounted, a start-up file put into Python's site folder (read by controls.persistence)."""
from __future__ import annotations

import re

from guard.scan.lazyre import lazy

TYPE_CHECKING = False
if TYPE_CHECKING:
    from guard.scan.actions.commands import Simple

SITE_FOLDER = lazy(r"--user-site|site-packages|getusersitepackages|getsitepackages|purelib", re.I)
HOST_MOUNT = lazy(r"^(?:\$\{?HOME\}?|~|/|/home(?:/[^/:]*)?|/Users(?:/[^/:]*)?|/root|/var/run/docker\.sock)/?:", re.I)


def restarted(lowered: list[str]) -> str | None:
    """A container restarted at every boot (`--restart always` or `unless-stopped`) with the host's home, root or
    Docker socket mounted: a process that outlives the session with the machine's files or its Docker."""
    policy = next((b for a, b in zip(lowered, lowered[1:] + [""]) if a == "--restart"), "") or \
        next((a.split("=", 1)[1] for a in lowered if a.startswith("--restart=")), "")
    if policy not in ("always", "unless-stopped"):
        return None
    mounts = [b for a, b in zip(lowered, lowered[1:] + [""]) if a in ("-v", "--volume")] + \
        [a.split("=", 1)[1] for a in lowered if a.startswith("--volume=")]
    held = next((m for m in mounts if HOST_MOUNT.search(m)), None)
    if held is None:
        return None
    what = "the Docker socket" if "docker.sock" in held else "the home folder" if held.startswith(("$", "~", "/home",
                                                                                                     "/users", "/root")) else "the root folder"
    return f"runs a container restarted at every boot ({policy}) with {what} mounted"


def substituted(cmd: Simple) -> list[str]:
    """The words of the commands substituted into cmd (`"$(python3 -m site --user-site)/"`)."""
    return [" ".join(inner.argv) for sub in cmd.subs for pipeline in sub for inner in pipeline]
