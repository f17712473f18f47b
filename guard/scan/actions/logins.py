"""A registry login: `docker login HOST` (podman, helm, oras, skopeo ...) hands the password it is given, by a
flag or on stdin, to HOST. A known service's credential given to another organisation's registry is theft, as a
header sent with curl is (Walk.credential)."""
from __future__ import annotations

from guard.scan.actions import model

TYPE_CHECKING = False
if TYPE_CHECKING:
    from guard.scan.actions.commands import Simple

CLIENTS = frozenset(("docker", "podman", "buildah", "nerdctl", "helm", "oras", "skopeo", "crane", "regctl"))
VALUED = frozenset(("-u", "--username", "-p", "--password", "--authfile", "--cert-dir", "--cred-file"))


def registry_login(cmd: Simple, carried: set[tuple[str, str]]) -> list[tuple[str, str]]:
    """(variable, host) for each secret variable a login command gives to the registry it names."""
    argv = cmd.argv
    if model.name_of(cmd) not in CLIENTS or "login" not in [a.lower() for a in argv[1:4]]:
        return []
    after = argv[[a.lower() for a in argv].index("login") + 1:]
    hosts = [a for i, a in enumerate(after) if not a.startswith("-") and (i == 0 or after[i - 1] not in VALUED)]
    if not hosts:
        return []  # (the default registry, Docker Hub: the token is its own)
    given = [after[i + 1] for i, a in enumerate(after[:-1]) if a in ("-p", "--password")]
    given += [a.split("=", 1)[1] for a in after if a.startswith("--password=")]
    found = [m.group(1) or m.group(2) for word in given for m in model.SECRET_VAR.finditer(word)]
    if "--password-stdin" in after:
        found += [what.rsplit(" ", 1)[-1] for kind, what in sorted(carried)
                  if kind == "secret" and what.startswith("the secret variable ")]
    return [(variable, hosts[0]) for variable in found]
