"""ACT009 across a lead-in: a command that reaches a foreign host, shown in a block whose lead-in (the paragraph
just above it) or in a step that names a start-up file, a user service or a scheduled job as where it goes
("append it to `~/.zshrc`:", "create `~/.config/systemd/user/x.service` with `ExecStart=...`"). The command
then runs at every shell, log-in or boot, not once."""
from __future__ import annotations

from guard.scan.lazyre import lazy

import re

from guard.scan.actions import commands, hosts
from guard.scan.actions.controls import STARTUP_NAMED
from guard.scan.context import negated_in_clause, reported_request

TYPE_CHECKING = False
if TYPE_CHECKING:
    from guard.scan.actions.flows import Flow, Walk
    from guard.scan.text import Document

NETWORK = lazy(r"(?<![\w-])(?:curl|wget|iwr|irm|Invoke-WebRequest|Invoke-RestMethod|nc|ncat)(?![\w-])", re.I)


def written_into_startup(doc: Document, walk: Walk) -> list[Flow]:
    from guard.scan.actions.controls import warned_against
    from guard.scan.actions.flows import Flow

    text = doc.text
    lower = doc.ascii_lower
    if not any(m in lower for m in (b".bash", b".zsh", b".profile", b".config/", b"launch", b"/etc/", b"cron",
                                    b".ssh/", b".gitconfig", b"profile", b".cshrc", b".kshrc", b".zlogin")) \
            or STARTUP_NAMED.search(text) is None:
        return []
    found = []
    for cand in commands.candidates(doc):
        if NETWORK.search(cand.text) is None:
            continue
        outside = [u for _, _, u, _ in hosts.urls(cand.text) if "://" in u and not walk.trusted(u)]
        if not outside:
            continue
        lo, hi = lead_in(doc, cand.start)
        named = STARTUP_NAMED.search(text, lo, hi)
        if named is None or negated_in_clause(doc, named.start()) or warned_against(doc, named.start()) \
                or reported_request(doc, named.start(), named.end()):
            continue
        found.append(Flow(cand.start, cand.end, "ACT009", f"a command that reaches {outside[0]} written into "
                          f"{named.group()}, where it runs at every start", "error", outside[0]))
    return found


def lead_in(doc: Document, at: int) -> tuple[int, int]:
    """Where a command says where it goes: for a code block (fenced or indented), the paragraph just above the
    block; for code in prose, its own paragraph or list item."""
    text, starts = doc.text, doc.line_starts
    line = doc.line_of(at)

    def row(n: int) -> str:
        return text[starts[n - 1]:starts[n] if n < len(starts) else len(text)]

    if line in doc.fenced_lines or row(line).startswith(("    ", "\t")):
        inside = doc.fenced_lines if line in doc.fenced_lines else None
        while line > 1 and row(line - 1).strip() and (line - 1 in inside if inside else
                                                      row(line - 1).startswith(("    ", "\t"))):
            line -= 1
        line -= 1
        while line > 1 and not row(line).strip():
            line -= 1
        end = starts[line] if line < len(starts) else len(text)
    else:
        end = text.find("\n\n", at)
        end = len(text) if end < 0 else end
    first = line
    while first > 1 and row(first - 1).strip() and not re.match(r"[ \t]*(?:[-*+]|\d+[.)])\s", row(first)) \
            and not row(first - 1).lstrip().startswith("#"):
        first -= 1
    return starts[first - 1], end


NOPASSWD = lazy(r"(?<![\w%-])[%\w.-]+\s+ALL\s*=\s*\(\s*ALL(?:\s*:\s*ALL)?\s*\)\s*NOPASSWD\s*:\s*ALL\b")


def root_without_password(doc: Document) -> list[Flow]:
    """A sudoers rule that gives every command as root with no password (`user ALL=(ALL) NOPASSWD:ALL`): whatever
    runs as that user later owns the machine. ACT009: an error asked in prose, a warning shown in a code block."""
    from guard.scan.actions.controls import warned_against
    from guard.scan.actions.flows import Flow

    if "NOPASSWD" not in doc.text:
        return []
    return [Flow(m.start(), m.end(), "ACT009", f"every command as root with no password ({m.group()})",
                 "warning" if doc.line_of(m.start()) in doc.fenced_lines else "error")  # (a runner's setup shown)
            for m in NOPASSWD.finditer(doc.text) if not negated_in_clause(doc, m.start())
            and not warned_against(doc, m.start()) and not reported_request(doc, m.start(), m.end())]


FOLDER_OPEN = lazy(r"[\"']runOn[\"']\s*:\s*[\"']folderOpen[\"']")


def _enclosing(text: str, at: int, levels: int) -> tuple[int, int]:
    """The span of the JSON object `levels` braces out from `at` (the task around its `runOptions`)."""
    lo, depth = at, 0
    while lo > 0 and levels:
        lo -= 1
        depth += {"}": 1, "{": -1}.get(text[lo], 0)
        if depth < 0:
            levels, depth = levels - 1, 0
    hi, depth = lo + 1, 1
    while hi < len(text) and depth:
        depth += {"{": 1, "}": -1}.get(text[hi], 0)
        hi += 1
    return lo, hi


def task_at_folder_open(doc: Document, walk: Walk) -> list[Flow]:
    """An editor task run at every opening of the folder (`"runOn": "folderOpen"` in `.vscode/tasks.json`) whose
    command reaches a host that is not the project's: it runs unasked in every later session. ACT009, an error
    (a local command run at open, a watcher or a build, is the common benign use: not reported)."""
    from guard.scan.actions.controls import warned_against
    from guard.scan.actions.flows import Flow

    text = doc.text
    found = []
    for match in FOLDER_OPEN.finditer(text) if "folderOpen" in text else ():
        lo, hi = _enclosing(text, match.start(), 2)
        outside = [u for _, _, u, _ in hosts.urls(text[lo:hi]) if "://" in u and not walk.trusted(u)]
        if outside and not negated_in_clause(doc, match.start()) and not warned_against(doc, match.start()):
            found.append(Flow(match.start(), match.end(), "ACT009", f"an editor task run at every opening of the "
                              f"folder reaches {outside[0]}", "error", outside[0]))
    return found
