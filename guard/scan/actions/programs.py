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


# A program that downloads code and evaluates it: the fetch (with its URL written out) first, the evaluation after
# it in the same program (`https.get(URL, r => ... eval(d))`), or around it on its line (`exec(requests.get(URL).text)`).
FETCH = lazy(r"(?:\bhttps?(?:[\"']\))?\.get|\bfetch|\baxios(?:\.get)?|\brequests\.get|\bhttpx\.get|\burlopen|\bhttp\.Get|"
             r"DownloadString|\bInvoke-WebRequest|\biwr)\s*\(?\s*\\?[\"'](https?://[^\"'\\\s]+)")
EVALUATES = lazy(r"\beval\s*\(|\bexec\s*\(|\bnew\s+Function\s*\(|\bvm\.run\w*\(|\brunInThisContext\b|"
                 r"\bInvoke-Expression\b|\|\s*iex\b|\bimportlib\b[^\n]{0,40}\bexec_module\b")


def fetched_and_evaluated(doc: Document, walk: Walk) -> list[Flow]:
    """Code in a block (a package.json script, an editor task, a startup file) that evaluates what it downloads:
    whoever serves the URL runs code at every install, open or start. An error for a host not the project's."""
    from guard.scan.actions.flows import Flow

    text = doc.text
    found = []
    for block in FENCE.finditer(text) if "```" in text or "~~~" in text else ():
        body = block.group(2)
        for fetch in FETCH.finditer(body):
            url = fetch.group(1)
            line = body.rfind("\n", 0, fetch.start()) + 1  # (exec(requests.get(URL).text): the same line, before)
            if EVALUATES.search(body, fetch.end(), fetch.end() + 400) is None and EVALUATES.search(
                    body, line, fetch.start()) is None or walk.trusted(url):
                continue
            base = block.start(2)
            found.append(Flow(base + fetch.start(1), base + fetch.end(1), "ACT003", f"a program that evaluates "
                              f"what it downloads from {url}", "error", url))
            break
    return found
