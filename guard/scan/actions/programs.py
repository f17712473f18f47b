"""Programs shown in code blocks (not commands): the whole environment handed to code that sends to a host that
is not the project's (`requests.post(URL, json=dict(os.environ))`, an SDK initialised with `{...process.env}`
and a foreign endpoint). One variable read by name is how programs use their settings; the whole environment
sent out is every secret of the machine at once."""
from __future__ import annotations

from guard.scan.lazyre import lazy

import re

from guard.scan.actions import hosts
from guard.scan.actions.commands import FENCE, parse

TYPE_CHECKING = False
if TYPE_CHECKING:
    from guard.scan.actions.flows import Flow, Walk
    from guard.scan.text import Document

WHOLE_ENV = lazy(r"\bos\.environ\b(?!\s*[\[.])|\bprocess\.env\b(?!\s*[\[.?])|\bENV\.to_h\b|System\.getenv\(\s*\)|"
                 r"GetEnvironmentVariables\(\s*\)|\bos\.Environ\(\)|%ENV\b(?!\s*\{)|Get-ChildItem\s+env:")
CALL = lazy(r"[\w)]\s*\(")
SHELL_LANGUAGES = frozenset(("", "sh", "bash", "shell", "zsh", "console", "shell-session", "powershell", "ps1",
                             "pwsh", "fish", "text", "txt"))
STRING = lazy(r"\"((?:[^\"\\\n]|\\.)*)\"|'((?:[^'\\\n]|\\.)*)'")


def whole_environment_sent(doc: Document, walk: Walk) -> list[Flow]:
    from guard.scan.actions.flows import Flow

    text = doc.text
    if "```" not in text and "~~~" not in text:
        return []
    found = []
    for block in FENCE.finditer(text):
        body = block.group(2)
        env = WHOLE_ENV.search(body)
        if env is None or "://" not in body or CALL.search(body) is None:
            continue
        base = block.start(2)
        outside = [(start, end, url) for start, end, url, _ in hosts.urls(body)
                   if "://" in url and not walk.trusted(url)]
        if outside:
            start, end, url = outside[0]
            found.append(Flow(base + start, base + end, "ACT001", f"the whole environment ({env.group()}) handed "
                              f"to a program that sends to {url}, which is not the project's", "error", url))
    return found


def shell_in_program(doc: Document, walk: Walk) -> list[Flow]:
    """A string of a program (not a shell block) that fetches a script and runs it (`subprocess.Popen(["sh",
    "-c", "curl ... | sh"])`): code that does so at every start, written into the project, is no install line."""
    from guard.scan.actions.flows import Flow

    text = doc.text
    if "```" not in text and "~~~" not in text:
        return []
    found = []
    for block in FENCE.finditer(text):
        language = text[block.start():block.start(2)].strip(" \t\n`~").split()[:1]
        body = block.group(2)
        if (language[0].lower() if language else "") in SHELL_LANGUAGES or "|" not in body:
            continue
        for literal in STRING.finditer(body):
            command = literal.group(1) or literal.group(2) or ""
            if "|" not in command or "://" not in command:
                continue
            for det_id, message, _, target in walk.candidate(parse(command)):
                if det_id == "ACT003":
                    start = block.start(2) + literal.start()
                    found.append(Flow(start, block.start(2) + literal.end(), det_id, f"{message}, from a program's "
                                      "code", "error", target))
    return found
