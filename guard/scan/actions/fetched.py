"""Code fetched at run time and given what the session holds: a CI action or a pre-commit repository taken at a
branch (whatever its owner pushes next runs), handed the CI's secrets; a container image given the home folder
(every credential the user has). Taken at a branch alone is a warning; with secrets or the home folder, an error."""
from __future__ import annotations

import re

from guard.scan.lazyre import lazy
from guard.scan.actions import commands, model
from guard.scan.actions.flows import Flow, Walk
from guard.scan.context import negated_in_clause

TYPE_CHECKING = False
if TYPE_CHECKING:
    from guard.scan.text import Document

USES = lazy(r"^([ \t]*)-?[ \t]*uses:[ \t]*[\"']?([\w.-]+)/([\w.-]+)[\w./-]*@([\w./-]+)", re.M)
PRE_COMMIT = lazy(r"^[ \t]*-[ \t]*repo:[ \t]*[\"']?(https?://[^\s\"']+)[\"']?[ \t]*\n"
                  r"[ \t]*rev:[ \t]*[\"']?([\w./-]+)", re.M)
PINNED = lazy(r"^(?:[0-9a-f]{40}|v?\d+(?:\.\d+)*(?:[-+][\w.]+)?)$", re.I)
HOME = lazy(r"^(?:\$\{?HOME\}?|~|\$env:USERPROFILE|%USERPROFILE%|/home/[\w.-]+|/Users/[\w.-]+|/root|/)/?$", re.I)
RUNNERS = frozenset(("docker", "podman", "nerdctl"))
VALUED = frozenset("-v --volume -e --env --name -p --publish --mount -w --workdir --network --entrypoint -u --user "
                   "--env-file --platform --pull -h --hostname -l --label --cpus -m --memory".split())


def floating(doc: Document, walk: Walk) -> list[Flow]:
    """CI actions and pre-commit repositories of another owner taken at a branch, not a tag or a commit."""
    text = doc.text
    found = []
    if "uses:" in text:
        for use in USES.finditer(text):
            owner, repo, ref = use.group(2), use.group(3), use.group(4)
            if owner in ("actions", "github") or PINNED.match(ref) \
                    or walk.trusted(f"https://github.com/{owner}/{repo}"):
                continue
            step = _step(text, use.end(), len(use.group(1)))
            secret = re.search(r"\$\{\{\s*secrets\.(\w+)", step)
            what = f"the CI secret {secret.group(1)} handed to" if secret else "a CI step runs"
            found.append(Flow(use.start(2), use.end(), "ACT003" if not secret else "ACT001",
                              f"{what} {owner}/{repo}@{ref}, code taken at a branch its owner can change, not the "
                              "project's", "error" if secret else "warning", f"https://github.com/{owner}/{repo}"))
    if "rev:" in text:
        for hook in PRE_COMMIT.finditer(text):
            url, ref = hook.group(1), hook.group(2)
            if PINNED.match(ref) or walk.trusted(url):
                continue
            found.append(Flow(hook.start(1), hook.end(), "ACT003", f"a pre-commit hook from {url} taken at the branch "
                              f"{ref}: its owner's next push runs at every commit", "warning", url))
    return found


def _step(text: str, at: int, indent: int) -> str:
    """The lines after a `uses:` that belong to its step (indented deeper than the step's dash)."""
    lines = []
    for line in text[at:].split("\n")[1:20]:
        if line.strip() and len(line) - len(line.lstrip()) <= indent:
            break
        lines.append(line)
    return "\n".join(lines)


def home_mounted(doc: Document, walk: Walk) -> list[Flow]:
    """`docker run -v "$HOME:/host"`: an image of another registry given the home folder, or a credential folder."""
    found = []
    for cand in commands.candidates(doc):
        for cmd in (c for p in cand.pipelines for c in p if c.name in RUNNERS and "run" in c.argv[1:3]):
            mounts, image, argv = [], None, cmd.argv[cmd.argv.index("run") + 1:]
            i = 0
            while i < len(argv):
                word = argv[i]
                if word in ("-v", "--volume", "--mount") and i + 1 < len(argv):
                    mounts.append(argv[i + 1])
                elif word.startswith(("--volume=", "--mount=")):
                    mounts.append(word.split("=", 1)[1])
                elif not word.startswith("-"):
                    image = word
                    break
                i += 2 if word in VALUED else 1
            sources = [m.split("source=", 1)[-1].split(",")[0] if "source=" in m else m.split(":", 1)[0]
                       for m in mounts]
            home = [s for s in sources if HOME.match(s.strip("\"'"))]
            secret = [s for s in sources for what in [model.secret_of(s)] if what and "instructions" not in what]
            if not image or not (home or secret) or walk.trusted(f"https://{image}") and "." in image.split("/")[0] \
                    or negated_in_clause(doc, cand.start):
                continue
            held = f"the home folder ({home[0]})" if home else f"the credential folder {secret[0]}"
            found.append(Flow(cand.start, cand.end, "ACT001", f"{held} mounted into the image {image}, code that is "
                              "not the project's", "error" if home else "warning", image))
    return found


DETACHED = lazy(r"(?:^|[;&|]\s*)(?:nohup|setsid|disown|screen\s+-\w*d|tmux\s+new(?:-session)?\s+(?:-\w+\s+)*-d)\b|"
                r"&\s*(?:disown\s*)?$|-WindowStyle\s+Hidden", re.I | re.M)
ENDPOINT = lazy(r"(?<![\w/@.-])(?:[a-z][\w+.-]*://)?((?:[\w-]+\.)+[a-z]{2,}|\d{1,3}(?:\.\d{1,3}){3}):(\d{2,5})\b", re.I)


def left_running(doc: Document, walk: Walk, found: list[Flow]) -> list[Flow]:
    """A downloaded program started detached (`nohup ... &`, `setsid`, `screen -dm`) and pointed at a service
    of a host that is not the project's: it keeps working for someone else after the session, on this machine
    (a miner's pool, a relay). The download run (ACT003) becomes an error."""
    out = []
    for flow in found:
        if flow.id == "ACT003" and flow.severity in ("warning", "info") and flow.message.startswith("a download"):
            step = doc.text[flow.start:flow.end]
            ends = [m.group() for m in ENDPOINT.finditer(step) if not walk.trusted(f"x://{m.group(1)}")]
            if DETACHED.search(step) and ends:
                flow = flow._replace(severity="error", message=f"{flow.message}, left running in the background and "
                                     f"pointed at {ends[0]}")
        out.append(flow)
    return out
