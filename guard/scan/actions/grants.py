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


def granted(cmd: Simple, carried: set[tuple[str, str]] = frozenset()) -> tuple[str, str] | None:  # type: ignore[assignment]
    """(what is granted, severity) for a command that gives someone access beyond the session."""
    name, argv = cmd.name, cmd.argv
    lowered = [a.lower() for a in argv]
    if name in TUNNELS:
        return _tunnel(name, argv, lowered, carried)
    if name == "gh" and argv[1:2] == ["api"]:
        fields = any(a in ("-f", "-F", "--field", "--raw-field", "--input") for a in argv)  # (gh api posts them)
        method = next((lowered[i + 1] for i, a in enumerate(lowered[:-1]) if a in ("-x", "--method")),
                      "post" if fields else "get")
        path = next((m for a in argv[2:] for m in [COLLABORATOR.search(a)] if m), None)
        if path is not None and method in ("put", "post"):
            admin = any(re.search(r"(?:permission|role)=(?:admin|maintain)|^read_only=false$", a) for a in lowered)
            who = path.group(1) or "a key or member"
            return f"access to the repository granted to {who}", "error" if admin else "warning"
    if name == "gh" and lowered[1:4] == ["repo", "deploy-key", "add"]:
        write = "--allow-write" in lowered or "-w" in lowered
        return "a deploy key added to the repository" + (" with write access" if write else ""), \
            "error" if write else "warning"
    if name in ("gh", "glab") and lowered[1:3] == ["ssh-key", "add"]:  # (a login to every repository of the account)
        return f"a login key added to the user's account ({name} ssh-key add)", "warning"
    if name == "kubectl" and lowered[1:3] == ["create", "clusterrolebinding"]:
        role = next((a.split("=", 1)[1] for a in lowered if a.startswith("--clusterrole=")), "")
        return f"a role over the whole cluster bound ({role or 'clusterrolebinding'})", \
            "error" if role in ("cluster-admin", "admin") else "warning"
    if name == "glab" and lowered[1:2] == ["variable"] and {"--protected=false", "--masked=false"} & set(lowered):
        return "a CI variable's protection removed: every branch's pipeline, and its log, may read it", "error"
    if name == "tailscale" and "up" in lowered[1:3] and any(a.split("=")[0] == "--ssh" for a in lowered):
        key = any(a.startswith("tskey-") or a.split("=", 1)[-1].startswith("tskey-") for a in lowered)
        return "this machine's shell opened to the tailnet (tailscale up --ssh)" + (
            ", joined with a key the file gives" if key else ""), "error" if key else "warning"
    if name == "tmate":  # (whoever holds the session's link types into this shell)
        return "a shared terminal session opened on tmate's servers", "warning"
    if name == "gh" and lowered[1:3] in (["auth", "refresh"], ["auth", "login"]):
        scopes = next((lowered[i + 1] for i, a in enumerate(lowered[:-1]) if a in ("-s", "--scopes")), "")
        if WIDE_SCOPE.search(scopes):
            return f"the session's token given the scopes {scopes}", "warning"
    public = _public(name, lowered)
    if public:  # (a bucket or container: a static site is served that way; a repository: its code and history)
        return f"{public} opened to the public: everyone may read it", "error" if "repository" in public else "warning"
    if name in ("gcloud", "az", "aws"):
        return _cloud(name, argv, lowered)
    if name == "chmod" and len(argv) >= 3:
        return _opened(argv)
    return None


TUNNELS = frozenset(("ssh", "autossh", "cloudflared", "ngrok", "frpc", "chisel", "bore", "lt", "localtunnel"))
SHELL_PORT = lazy(r"(?:^|[:/])(?:22|3389|5900)(?:$|/)|^ssh://|^rdp://|^tcp://[^/]*:22$")


def _tunnel(name: str, argv: list[str], lowered: list[str], carried: set[tuple[str, str]]) -> tuple[str, str] | None:
    """This machine reached from outside: a reverse SSH forward to a host that is not the project's (an error), a
    local service published on a public tunnel (an error for its shell or desktop port, else a warning), a
    tunnel client fed a configuration downloaded from another host (an error)."""
    from guard.scan.actions import hosts, trust
    from guard.scan.actions.flows import host_of

    if name in ("ssh", "autossh"):
        forward = next((argv[i + 1] if a == "-R" and i + 1 < len(argv) else a[2:] for i, a in enumerate(argv)
                        if a.startswith("-R")), None)
        plain = [a for i, a in enumerate(argv[1:], 1) if not a.startswith("-") and argv[i - 1] not in
                 ("-R", "-L", "-D", "-o", "-p", "-i", "-M", "-F", "-l", "-J", "-S", "-W", "-E", "-b", "-c", "-e")]
        host = host_of(f"ssh://{plain[0]}") if forward and plain else None
        if host is None or not host.disguise and (hosts.private(host) or hosts.trusted(host, trust.current())):
            return None
        return f"this machine's port {forward.rsplit(':', 1)[-1]} opened to {host.name} through a reverse tunnel", "error"
    fetched = sorted(what for kind, what in carried if kind == "download")
    if fetched:
        return f"a tunnel into this machine ({name}) configured from {fetched[0]}", "error"
    published = [a for a in lowered[1:] if SHELL_PORT.search(a.split("=", 1)[-1])]
    opens = {"cloudflared": "--url", "ngrok": lowered[1] if lowered[1:2] and lowered[1] in ("http", "tcp", "tls") else "",
             "bore": "local", "chisel": "client", "lt": "--port", "localtunnel": "--port"}.get(name, "")
    if opens and any(a.split("=", 1)[0] == opens for a in lowered[1:]):
        what = "its shell port" if published else "a local service"
        return f"{what} published on a public tunnel ({' '.join(argv[:3])})", "error" if published else "warning"
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


PUBLIC_ACL = frozenset(("public-read", "public-read-write", "authenticated-read"))


def _public(name: str, lowered: list[str]) -> str | None:
    """A private repository, bucket or container made readable by everyone (the public given access, as a cloud
    role bound to allUsers is)."""
    if name == "gh" and lowered[1:3] == ["repo", "edit"] and any(
            a in ("--visibility=public",) or a == "public" and lowered[i - 1] == "--visibility"
            for i, a in enumerate(lowered)):
        return "the repository"
    if name == "aws" and lowered[1:3] in (["s3api", "put-bucket-acl"], ["s3api", "put-object-acl"]) and any(
            a in PUBLIC_ACL and lowered[i - 1] == "--acl" or a.startswith("--acl=public") for i, a in enumerate(lowered)):
        return "a bucket or its objects"
    if name == "gsutil" and lowered[1:3] == ["iam", "ch"] and any(PUBLIC_MEMBER.match(a.split(":", 1)[0]) for a in lowered):
        return "a bucket"  # (`gsutil iam ch allUsers:objectViewer gs://b`)
    if name == "az" and "--public-access" in lowered[:-1] and lowered[lowered.index("--public-access") + 1] in (
            "blob", "container"):
        return "a storage container"
    return None
