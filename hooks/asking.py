"""Could a shell command reach kguard's decision code (keep, undo, snapshot, reset, hooks uninstall)? An agent
harness asks the user before such a command runs. Every spelling counts, not only `kguard keep`: quotes and
backslashes inside the name (`kg'u'ard`), the module (`python -m hooks keep`, `import hooks`), the launcher
(`kguard-py`, `env kguard`), a name built at run time (a variable or a command substitution in command
position, a glob, `eval`, `xargs`), decoded or escaped text, code piped into an interpreter, and a script
file whose own text does any of this (a script that cannot be read is opaque, so it asks too), a task runner
(`make`, `npm run`, `just` ...) whose recipe file does. A false alarm
costs one question; a miss lets the agent accept its own change. Ordinary commands (tests, builds, git,
`kguard status`) stay allowed. Standard library only (and the scanner's cached, lazily compiled patterns:
the Claude Code fast path calls it, and compiling these nine at import was ~2 % of a hook's process)."""
from __future__ import annotations

import os
import re

from guard.scan.lazyre import lazy

# kguard commands that decide nothing: the agent may run these without a question
READ_ONLY = lazy(r"\bkguard\s+(?:status|diff|log|scan|check|explain|knowledge|budget|hints|conflicts|--help|"
                 r"-h|--version|rules\s+(?:list|recommend|budget))\b(?:[ \t]+(?!-[-\w]*on-change)[-\w./=,:]+)*")
ENTRY_POINTS = lazy(
    r"-m\s*hooks\b|\b(?:import|from)\s+(?:hooks|guard)\b|\bhooks\.(?:cli|entry|commands|decision|git|claude_code)"
    r"|\bguard\.(?:decide|engine|store|state)\b|\brunpy\b|__import__|\bimportlib\b|refs/kguard")
START = r"(?:^|[;&|({`\n]|\$\(|\bthen\b|\bdo\b|\belse\b|!)\s*(?:\w+=\S*\s+)*"
DYNAMIC = lazy(
    START + r"(?:[\"']?\$|`|(?!\[\[?\s)\S*[*?[]|(?:eval|exec)\s)"  # a name built at run time
    r"|\|\s*(?:sudo\s+)?(?:\S*/)?(?:sh|bash|zsh|dash|ksh|fish|python[\d.]*(?!\s+-m)|perl|ruby|node|env)\b"  # piped
    r"|\bbase64\s+(?:-\w*d|--decode)|\bxxd\s+-\w*r|\bopenssl\s+(?:enc|base64)|\$'[^']*\\[0-7xu]"  # decoded
    r"|\\x[0-9a-fA-F]{2}|\bfind\b.*-exec(?:dir)?\s+[{\"'$]|-c\s*[\"']?\$")  # escapes, find -exec {}, sh -c "$x"
INLINE = lazy(r"\b(?:python[\d.]*|perl|ruby|node|php)\s+(?:-\w+\s+)*-[ce]\b")
SPAWNS = lazy(r"subprocess|os\.(?:system|exec|spawn|popen)|\bpopen|pty\.spawn|child_process|\bsystem\s*\(|"
              r"\bexec\s*\(|\beval\s*\(|`")
XARGS = lazy(r"\bxargs\b")
VERB = lazy(r"\b(?:keep|undo|snapshot|uninstall)\b")
SCRIPT = lazy(START + r"(?:(?:sudo\s+)?(?:\S*/)?(?:sh|bash|zsh|dash|ksh|python[\d.]*|perl|ruby|node|"
              r"source|\.)[ \t]+(?:-(?![a-z]*[mc]\b)\S+[ \t]+)*(?P<file>[^\s;&|)<>-][^\s;&|)<>]*)|(?P<exe>\.{0,2}/[^\s;&|)<>]+))")
# task runners whose recipes are scripts in a file of the project
RUNNERS = {"make": ("Makefile", "makefile", "GNUmakefile"), "just": ("justfile", "Justfile", ".justfile"),
           "npm": ("package.json",), "yarn": ("package.json",), "pnpm": ("package.json",),
           "task": ("Taskfile.yml", "Taskfile.yaml"), "tox": ("tox.ini",), "nox": ("noxfile.py",)}
RUNNER = lazy(START + r"(?P<runner>" + "|".join(RUNNERS) + r")\b")
MAX_SCRIPT = 256 * 1024
DEPTH = 3


def _plain(text: str) -> str:
    """The text as the shell would join a word: quotes and backslash escapes taken out."""
    return re.sub(r"[\"'\\]", "", text)


def _names_kguard(text: str) -> bool:
    plain = _plain(text)
    return "kguard" in READ_ONLY.sub("", plain).lower() or bool(ENTRY_POINTS.search(plain))


def reaches_decisions(command: str, cwd: str = ".", depth: int = DEPTH) -> bool:
    if _names_kguard(command) or DYNAMIC.search(command):
        return True
    if (INLINE.search(command) or XARGS.search(command)) and (SPAWNS.search(command) or VERB.search(command)):
        return True
    for match in SCRIPT.finditer(command):
        name = match.group("file") or match.group("exe")
        if _opaque_script(os.path.join(cwd, os.path.expanduser(name)), cwd, depth):
            return True
    for match in RUNNER.finditer(command):
        for name in RUNNERS[match.group("runner")]:
            path = os.path.join(cwd, name)
            if os.path.isfile(path) and _opaque_script(path, cwd, depth):
                return True
    return False


def _opaque_script(path: str, cwd: str, depth: int) -> bool:
    """A script file that could reach kguard's decisions: missing, unreadable, too big, or whose text does."""
    if depth <= 0:
        return True
    try:
        with open(path, "rb") as handle:
            data = handle.read(MAX_SCRIPT + 1)
    except IsADirectoryError:
        return False
    except OSError:
        return True  # not there yet (written by this very command?) or unreadable: cannot tell
    if data[:4] == b"\x7fELF":
        return False  # a compiled program: its text is not a script (see docs/threat-model.md)
    if len(data) > MAX_SCRIPT or b"\0" in data:
        return True
    text = data.decode("utf-8", "replace")
    if text.startswith("#!"):
        text = text.partition("\n")[2]  # the interpreter line names no script to follow
    if _names_kguard(text):
        return True
    if (SPAWNS.search(text) or DYNAMIC.search(text)) and VERB.search(text):
        return True
    return any(_opaque_script(os.path.join(cwd, os.path.expanduser(m.group("file") or m.group("exe"))), cwd, depth - 1)
               for m in SCRIPT.finditer(text))
