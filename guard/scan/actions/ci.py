"""CI steps (a YAML list item with `run:`, `uses:`, `env:`, `with:`), read by what a step hands to code that is
not the project's: a script fetched from a foreign host and run with CI secrets in the step's `env:` gets them
(ACT001, an error, in a block too: the secrets leave whatever the prose says); a step whose `with:` inputs put a
CI secret beside a foreign URL hands it to that host (ACT001, a warning: an action may log in there with it).
The steps share one walk: a secret the step's `env:` maps to a variable and a later `run:` prints through an
encoder (`rev`, `base64`) passes the log's masking, and a file a step wrote secrets into uploaded as an artifact
leaves with the run (ACT001, errors)."""
from __future__ import annotations

from guard.scan.lazyre import lazy

import re

TYPE_CHECKING = False
if TYPE_CHECKING:
    from guard.scan.actions.flows import Flow, Walk
    from guard.scan.text import Document

STEP = lazy(r"^([ \t]*)-[ \t]+(?:name|run|uses|id|if|env|with|shell)[ \t]*:", re.M)
KEY = lazy(r"^[ \t]*(?:-[ \t]+)?([\w-]+)[ \t]*:[ \t]*(.*)$")
PATH_LINE = lazy(r"^\s*(?:path:\s*)?([^\s:#|>]+)\s*$")  # (an upload's `path:`, or one line of a list of them)
CI_SECRET = lazy(r"\$\{\{\s*(?:secrets\.(\w+)|toJSON\(\s*secrets\s*\))")


def steps(doc: Document, walk: Walk) -> list[Flow]:
    from guard.scan.actions.flows import Flow

    text = doc.text
    found: list[Flow] = []
    shared = type(walk)(walk.project)  # (what a step's run wrote, for the steps after it)
    for step in STEP.finditer(text) if "${{" in text and "secrets" in text else ():
        indent = len(step.group(1).expandtabs())
        lines = [text[step.start():text.find("\n", step.start()) % (len(text) + 1)]]
        at = step.start() + len(lines[0]) + 1
        while at < len(text):
            end = text.find("\n", at)
            line = text[at:end if end >= 0 else len(text)]
            if line.strip() and (len(line.expandtabs()) - len(line.expandtabs().lstrip()) <= indent
                                 or line.lstrip().startswith("```")):
                break
            lines.append(line)
            at = (end if end >= 0 else len(text)) + 1
        flow = _step(lines, walk, shared)
        if flow is not None:
            message, severity, target = flow
            found.append(Flow(step.start(), step.start() + len(lines[0]), "ACT001", message, severity, target))
    return found


def _step(lines: list[str], walk: Walk, shared: Walk) -> tuple[str, str, str | None] | None:
    from guard.scan.actions.commands import parse
    from guard.scan.actions.hosts import urls

    sections: dict[str, list[str]] = {}
    key = ""
    top = len(re.match(r"[ \t]*-[ \t]+", lines[0]).group())  # (the column of the step's own keys)
    for i, line in enumerate(lines):
        match = KEY.match(line)
        if match and (i == 0 or len(line) - len(line.lstrip()) == top):
            key = match.group(1)
            sections.setdefault(key, []).append(match.group(2))
        else:
            sections.setdefault(key, []).append(line)
    given = {k: [m.group(1) or "toJSON(secrets)" for m in CI_SECRET.finditer("\n".join(v))]
             for k, v in sections.items() if k in ("env", "with")}
    handed = sorted({s for v in given.values() for s in v})
    for line in sections.get("env", []):  # (NAME: ${{ secrets.X }}: the variable the run reads it by)
        if (named := KEY.match(line)) and (secret := CI_SECRET.search(named.group(2))):
            shared.vars[named.group(1)] = {("secret", f"the CI secret {secret.group(1) or 'toJSON(secrets)'}")}
    run = "\n".join(sections.get("run", []) + sections.get("script", [])).strip().lstrip("|>").strip()
    for det_id, message, _severity, target in shared.candidate(parse(run)) if run else ():
        if det_id == "ACT003" and target and handed:
            return (f"the CI secrets {', '.join(handed)} handed to a script fetched from {target}, which is not "
                    "the project's", "error", target)
        if det_id == "ACT001" and "masking" in message:
            return message, "error", None
    if "upload-artifact" in " ".join(sections.get("uses", [])):
        paths = [m.group(1).strip("'\"") for line in sections.get("with", []) if (m := PATH_LINE.match(line))]
        held = sorted(w for p in paths for k, w in shared.copied(p) if k == "secret")
        if held:
            return f"{held[0]} written into a build artifact, which everyone who can read the runs downloads", \
                "error", None
    for _, _, url, _host in urls("\n".join(sections.get("with", []))) if given.get("with") else ():
        if not walk.trusted(url):
            return (f"the CI secrets {', '.join(handed)} given to a step beside {url}, which is not the project's",
                    "warning", url)
    return None
