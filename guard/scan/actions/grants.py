"""Access granted by a command (ACT009: a foothold that outlives the session), read by what it grants and to
whom, never by its wording: a collaborator or deploy key added to the repository, a cloud role bound to a
member (an owner's or editor's role, or the public, is an error), a secret file or a safeguard (a hook, a CI
file) opened to every user of the machine (`chmod 777`, `o+w`), a token given admin or delete scopes. Adding
a collaborator through the organisation's own process is prose, no command, and no finding."""
from __future__ import annotations

from guard.scan.lazyre import lazy

import re

TYPE_CHECKING = False
if TYPE_CHECKING:
    from guard.scan.actions.commands import Simple

COLLABORATOR = lazy(r"(?:^|/)repos/[^/\s]+/[^/\s]+/(?:collaborators/([^/\s?]+)|keys\b)|(?:^|/)orgs/[^/\s]+/"
                    r"(?:memberships|invitations|members)\b")
WIDE_ROLE = lazy(r"(?:^|[/=])(?:roles/)?(?:owner|editor|admin\w*|\w*administratoraccess|iamfullaccess|contributor|"
                 r"user access administrator|organizationadmin|securityadmin)$", re.I)
PUBLIC_MEMBER = lazy(r"^(?:--member=)?(?:allusers|allauthenticatedusers)$", re.I)
WIDE_SCOPE = lazy(r"(?:^|,)(?:admin:\w+|delete_repo|delete:packages|site_admin)(?:,|$)")
OTHERS_MAY = lazy(r"^(?:[0-7]?[0-7][0-7][2367]|[0-7]?[0-7][0-7][4-7])$|^(?:[ugo]*[oa][ugo]*|)\+[rwx]*[rw]")


def granted(cmd: Simple) -> tuple[str, str] | None:
    """(what is granted, severity) for a command that gives someone access beyond the session."""
    name, argv = cmd.name, cmd.argv
    lowered = [a.lower() for a in argv]
    if name == "gh" and argv[1:2] == ["api"]:
        method = next((lowered[i + 1] for i, a in enumerate(lowered[:-1]) if a in ("-x", "--method")), "get")
        path = next((m for a in argv[2:] for m in [COLLABORATOR.search(a)] if m), None)
        if path is not None and method in ("put", "post"):
            admin = any(re.search(r"(?:permission|role)=(?:admin|maintain)", a) for a in lowered)
            who = path.group(1) or "a key or member"
            return f"access to the repository granted to {who}", "error" if admin else "warning"
    if name == "gh" and lowered[1:4] == ["repo", "deploy-key", "add"]:
        write = "--allow-write" in lowered or "-w" in lowered
        return "a deploy key added to the repository" + (" with write access" if write else ""), \
            "error" if write else "warning"
    if name == "gh" and lowered[1:3] in (["auth", "refresh"], ["auth", "login"]):
        scopes = next((lowered[i + 1] for i, a in enumerate(lowered[:-1]) if a in ("-s", "--scopes")), "")
        if WIDE_SCOPE.search(scopes):
            return f"the session's token given the scopes {scopes}", "warning"
    if name in ("gcloud", "az", "aws"):
        return _cloud(name, argv, lowered)
    if name == "chmod" and len(argv) >= 3:
        return _opened(argv)
    return None


def _cloud(name: str, argv: list[str], lowered: list[str]) -> tuple[str, str] | None:
    binding = name == "gcloud" and any(a.startswith("add-iam-policy-binding") for a in lowered) \
        or name == "az" and lowered[1:4] == ["role", "assignment", "create"] \
        or name == "aws" and lowered[1:2] == ["iam"] and any(
            a.startswith(("attach-", "put-", "create-access-key", "create-login-profile")) for a in lowered[2:3])
    if not binding:
        return None
    values = [a.split("=", 1)[-1] for a in lowered]
    wide = any(WIDE_ROLE.search(v) for v in values) or any(PUBLIC_MEMBER.match(v) for v in values)
    return f"a cloud role or key granted ({' '.join(argv[:3])})", "error" if wide else "warning"


def _opened(argv: list[str]) -> tuple[str, str] | None:
    from guard.scan.actions.model import SAFEGUARD_PATH, SECRET_FILE

    modes = [a for a in argv[1:] if not a.startswith("-") and OTHERS_MAY.match(a)]
    if not modes:
        return None
    for path in argv[argv.index(modes[0]) + 1:]:
        if SECRET_FILE.search(path):
            return f"the secret file {path} opened to every user of the machine (chmod {modes[0]})", "error"
        writable = re.search(r"[2367]$|[oa][ugo]*\+\w*w", modes[0]) is not None
        if writable and SAFEGUARD_PATH.search(path):
            return f"the safeguard {path} made writable by every user (chmod {modes[0]})", "error"
    return None
