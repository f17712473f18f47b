"""What leaves by a step that names no secret: the working tree published to a package registry past the release's
checks (`cargo publish --allow-dirty --no-verify`, `npm publish --no-git-checks`, the public registry named over
the one configured), and a request body the agent is to fill in at run time (`-d '{"q": "<user message>"}'`)
posted to a host that is not the project's. Both are warnings: what makes them an attack (the code is private, the
body is the conversation) is said in words, the learned model's to read."""
from __future__ import annotations

from guard.scan.lazyre import lazy
from guard.scan.actions import commands, hosts, model, payloads
from guard.scan.actions.flows import PUBLIC_INDEXES, Flow, Walk
from guard.scan.context import negated_in_clause

TYPE_CHECKING = False
if TYPE_CHECKING:
    from guard.scan.actions.commands import Simple
    from guard.scan.text import Document

PUBLISHERS = {"npm": "publish", "pnpm": "publish", "yarn": "publish", "cargo": "publish", "uv": "publish",
              "poetry": "publish", "twine": "upload", "gem": "push", "bun": "publish", "dotnet": "push"}
PAST_CHECKS = frozenset(("--allow-dirty", "--no-verify", "--no-git-checks", "--skip-existing", "--ignore-scripts"))
REGISTRY_FLAGS = frozenset(("--registry", "--publish-url", "--repository-url", "--index-url", "--host", "--source"))
PLACEHOLDER = lazy(r"<[^<>\n$]{2,40}>|:\s*\"\.\.\.\"|\{\{[^{}\n]{1,40}\}\}")


def _published(cmd: Simple) -> str | None:
    """Why a publish of the working tree is worth a look: the checks it skips, the public registry it names."""
    lowered = [a.lower() for a in cmd.argv]
    if PUBLISHERS.get(cmd.name) not in lowered[1:5] or "--dry-run" in lowered:  # (pnpm -r exec npm publish)
        return None
    skipped = sorted(PAST_CHECKS & set(lowered))
    named = []
    for i, arg in enumerate(lowered):
        key, eq, value = arg.partition("=")
        if key in REGISTRY_FLAGS:
            named.append(value if eq else lowered[i + 1] if i + 1 < len(lowered) else "")
    public = [u for u in named if (h := hosts.parse(u if "://" in u else f"https://{u}")) is not None
              and (h.name in PUBLIC_INDEXES or h.name == "upload.pypi.org")]
    if not skipped and not public:
        return None
    return f"its checks skipped ({', '.join(skipped)})" if skipped else f"to the public registry {public[0]} named " \
        "over the one configured"


def released_past_checks(doc: Document, walk: Walk) -> list[Flow]:
    found = []
    for cand in commands.candidates(doc):
        for cmd in (c for p in cand.pipelines for c in p if c.name in PUBLISHERS):
            why = _published(cmd)
            if why and (doc.line_of(cand.start) in doc.fenced_lines or not negated_in_clause(doc, cand.start)):
                found.append(Flow(cand.start, cand.end, "ACT002", f"the working tree published ({cmd.name} "
                                  f"{PUBLISHERS[cmd.name]}), {why}", "warning", None))
    return found


def filled_in_and_posted(doc: Document, walk: Walk, found: list[Flow]) -> list[Flow]:
    """A body with placeholders the agent fills at run time, uploaded to a host that is not the project's."""
    taken = [(f.start, f.end) for f in found if f.id in ("ACT001", "ACT002")]
    out = []
    for cand in commands.candidates(doc):
        if any(a <= cand.start < b for a, b in taken) or negated_in_clause(doc, cand.start):
            continue
        for cmd in (c for p in cand.pipelines for c in p):
            sent = model.sink(cmd)
            if sent is None or sent[1] != "uploads to" or walk.trusted(sent[0]) or payloads.authenticates(cmd):
                continue
            body = [cmd.argv[i + 1] for i, a in enumerate(cmd.argv[:-1]) if a.split("=")[0] in payloads.UPLOAD_FLAGS]
            hole = next((m.group() for b in body for m in [PLACEHOLDER.search(b)] if m), None)
            if hole:
                out.append(Flow(cand.start, cand.end, "ACT001", f"a body the agent fills in at run time ({hole}) "
                                f"uploads to {sent[0]}, which is not the project's", "warning", sent[0]))
                break
    return out


PUBLIC_REGISTRIES = frozenset(("docker.io", "ghcr.io", "quay.io", "registry.hub.docker.com", "index.docker.io"))


def image_pushed(doc: Document, walk: Walk) -> list[Flow]:
    """An image built from the working tree (`docker build -t ns/app .`) pushed to a public registry's namespace
    that is not the project's (Docker Hub, ghcr.io, quay.io): the tree, and whatever the build copies, leaves."""
    built: set[str] = set()
    found = []
    for cand in commands.candidates(doc):
        for cmd in (c for p in cand.pipelines for c in p if c.name in ("docker", "podman", "buildah")):
            lowered = [a.lower() for a in cmd.argv]
            if lowered[1:2] in (["build"], ["buildx"]) and "." in lowered[2:]:
                built |= {cmd.argv[i + 1].split(":")[0] for i, a in enumerate(lowered[:-1]) if a in ("-t", "--tag")}
            elif lowered[1:2] == ["push"] and len(cmd.argv) > 2:
                image = cmd.argv[-1].split(":")[0]
                first = image.split("/")[0]
                registry = first if "." in first or ":" in first else "docker.io"
                owner = image.split("/")[1 if registry == first else 0] if "/" in image else ""
                if image in built and registry in PUBLIC_REGISTRIES and owner \
                        and not walk.trusted(f"https://github.com/{owner}/x") \
                        and not negated_in_clause(doc, cand.start):
                    found.append(Flow(cand.start, cand.end, "ACT002", f"the working tree built into the image {image} "
                                      f"and pushed to {registry}, a public registry, under {owner}, not the project's",
                                      "warning", f"https://{registry}/{owner}"))
    return found
