"""ACT009 by its objects: the agent's instructions written outside the project. A step (a sentence, a list
item, a line of a block) that names an instruction file (`AGENTS.md`, `CLAUDE.md`, `GEMINI.md`,
`copilot-instructions.md`, `.cursor/rules`, a `SKILL.md`) together with a place that holds other projects (a
folder of repositories in the home folder, `~/code`, `~/src/*`; every sibling, `../*`; `gh repo list`) or the
user's global agent files (`~/.claude/CLAUDE.md`, `~/.codex/AGENTS.md`, `~/.config/agents/AGENTS.md`): what
is written there outlives the session and reaches every later one, whatever words ask for it. An error where
a block's line, or a step naming instruction files twice or more, puts one beside a folder of repositories (a
sentence naming one once may only say where projects live and what each holds), where three are named beside
one (the folder may stand in the step before, in the same paragraph), or where the file puts itself, by its own
name, into a global skills folder; a warning otherwise."""
from __future__ import annotations

from guard.scan.lazyre import lazy

import re

from guard.scan.actions.prose import STEP_END
from rules_engine.layout import PROJECT
from guard.scan.context import negated_in_clause, reported_request

TYPE_CHECKING = False
if TYPE_CHECKING:
    from guard.scan.actions.flows import Flow
    from guard.scan.text import Document

# The knowledge files are rules_engine's (its layout is the one list of them): an instruction or rule file by its
# name, a folder of rules by its path, a memory file by its whole relative path.
FILES = tuple(dict.fromkeys(
    loc.pattern.split("*", 1)[0].rstrip("/") if "*" in loc.pattern.rsplit("/", 1)[-1]
    else loc.pattern if loc.kind == "fact" else loc.pattern.rsplit("/", 1)[-1]
    for loc in PROJECT if loc.kind != "control"))
KNOWLEDGE = lazy(r"(?<![\w-])(?:" + "|".join(re.escape(name) for name in FILES) + r")(?![\w-])")
HOME = r"(?:~|\$HOME|\$\{HOME\}|%USERPROFILE%|/home/[\w.-]+|/Users/[\w.-]+)"
GLOBAL = lazy(HOME + r"/\.(?:claude|codex|gemini|cursor|windsurf|config/(?:claude|agents|codex|gemini|cursor))/"
              r"(?:[\w.*-]+/)*(?:(?:AGENTS|CLAUDE|GEMINI)\.md|SKILL\.md|rules\b|memory\b|(?<=skills/)[\w-]+/?)")
# A folder of projects: a home folder named alone (`~/code`) or with every entry (`~/src/*`, `~/src/$d`), every
# sibling (`../*`), every repository of an account; a single project (`~/code/app`) is none.
REPOS = lazy(r"(?<![\w./~$-])(?:" + HOME + r"/(?!\.)[\w-]+(?:/(?:\*|\$\{?\w+\}?)[\w./*$-]*|/?(?![\w.-]|/[\w.$*]))|"
             r"\.\./(?:\*|\$\{?\w+\}?)[\w./*$-]*)|\bgh repo list\b")
NAMES = tuple(name.lower().encode() for name in FILES)
NAME_WORDS = tuple((max(re.findall(rb"[a-z]+", name), key=len),) for name in NAMES)  # (a run doc.words holds)
PLACES = (b"~/", b"../", b"$home", b"${home}", b"/home/", b"/users/", b"%userprofile%", b"gh repo list")
MARKS = NAMES
SKILL_NAME = lazy(r"---\s*\n(?:[^\n]*\n){0,10}?name:\s*[\"']?([\w-]{3,})")


def gate(lower: bytes) -> bool:  # (detectors.py keeps a copy, so that most files never import this module)
    return any(m in lower for m in MARKS) and any(m in lower for m in PLACES)


def instructions_spread(doc: Document) -> list[Flow]:
    from guard.scan.actions.controls import warned_against
    from guard.scan.actions.flows import Flow

    if not gate(doc.ascii_lower):
        return []
    text = doc.text
    found = []
    done = 0
    lower = doc.ascii_lower
    aligned = len(lower) == len(text)
    for at in _names(doc):  # (the steps around an instruction file's name, each once)
        if at < done or aligned and not any(lower.find(m, max(0, at - 600), at + 600) >= 0 for m in PLACES):
            continue  # (no place outside the project near it: most mentions of an instruction file)
        start, end = _step(text, at)
        done = end
        named = [m.span() for m in KNOWLEDGE.finditer(text, start, end)]
        globals_ = [m.span() for m in GLOBAL.finditer(text, start, end)]
        places = [m.span() for m in REPOS.finditer(text, start, end)]
        # (a global file names an instruction file itself: another one must stand beside it)
        named = [n for n in named if not any(a <= n[0] < b for a, b in globals_)]
        before = _step(text, start - 1)[0] if start > 0 else start  # (the step before, in the same paragraph: "look
        apart = named and not (globals_ or places) and "\n\n" not in text[before:start]  # at the repositories in
        places = [m.span() for m in REPOS.finditer(text, before, start)] if apart else places  # `~/src`. For each,
        # append this file to its AGENTS.md and CLAUDE.md": three instruction files at least, as there; or the step
        if named and not (globals_ or places):  # (or the step after, in the same paragraph: "... Also apply this to
            after = text.find("\n\n", end, end + 400)  # the checkouts under `~/src`")
            places = [m.span() for m in REPOS.finditer(text, end, after if after >= 0 else end + 400)]
            apart = apart or bool(places)
        own = SKILL_NAME.match(text)  # (the file installing itself: ~/.claude/skills/<its own name>/SKILL.md)
        itself = own is not None and any(f"/{own.group(1)}/" in text[a:b] + "/" for a, b in globals_)
        named = named or (globals_[:1] if itself else [])
        if not named or not (globals_ or places):
            continue
        place = (places or globals_)[0]
        if negated_in_clause(doc, place[0]) or warned_against(doc, place[0]) or reported_request(doc, *place):
            continue
        where = text[place[0]:place[1]]
        many = len(named) + len(globals_) >= 3 or itself or len(named) >= 2 and not apart
        if itself or places and (many or doc.line_of(at) in doc.fenced_lines and not apart):
            # (named once in prose, the file may only say where projects live; a block's line is the command)
            into = "other projects" if places else "the user's global skills, under its own name"
            found.append(Flow(start, end, "ACT009", f"the agent's instructions ({text[slice(*named[0])]}) written "
                              f"into {into} ({where}), where every later session reads them", "error"))
        else:
            into = "other projects" if places else "the user's global agent file"
            found.append(Flow(start, end, "ACT009", f"the agent's instructions ({text[slice(*named[0])]}) written "
                              f"into {into} ({where})", "warning"))
    return found


def _names(doc: Document) -> list[int]:
    """Where an instruction file's name may stand: found with a byte search where the text has one byte a
    character (most files), else by KNOWLEDGE itself."""
    lower = doc.ascii_lower
    if len(lower) != len(doc.text):
        return [m.start() for m in KNOWLEDGE.finditer(doc.text)]
    present = tuple(n for n, words in zip(NAMES, NAME_WORDS, strict=True) if any(w in doc.words for w in words))
    return _marks(lower, present)  # (a name whose runs of letters the text lacks is not searched for)


def _marks(lower: bytes, marks: tuple[bytes, ...]) -> list[int]:
    found = []
    for mark in marks:
        at = lower.find(mark)
        while at >= 0:
            found.append(at)
            at = lower.find(mark, at + 1)
    return sorted(found)


def _step(text: str, at: int) -> tuple[int, int]:
    """The step (sentence, list item, line of a block) around `at`, cut as prose.steps cuts them."""
    start = max((m.end() for m in STEP_END.finditer(text, max(0, at - 400), at)), default=max(0, at - 400))
    after = STEP_END.search(text, at)
    return start, after.start() if after else len(text)
