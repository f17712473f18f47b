"""The agent's own ground, named: build output and caches ("`build/` and `dist/`", `tmp/*`), which a rebuild
brings back, and the user's own fork. A step there can be taken back; a step on sources, tests, the home folder
or a shared branch cannot. Only where every place the sentence names is such ground."""
from __future__ import annotations

import re

from guard.scan.intents.toolcall import SCRATCH
from guard.scan.lazyre import lazy
from guard.scan.text import Document

# The places a sentence names: inline code, or a path written in prose ("build/", "./dist", "~/.ssh").
PLACES = lazy(r"`([^`\n]+)`|(?<![\w/.~-])((?:~|\.{1,2})?/?[\w.*-]+/[\w.*/-]*)")
SCRATCH_WHOLE = lazy(r"(?:" + SCRATCH + r")[\w.*/-]*\Z", re.I)
OWN_FORK = lazy(r"\b(?:on|in|to)\s+(?:my|your|our)\s+(?:own\s+)?forks?\b|"
                r"\b(?:to|on)\s+(?:my|your)\s+own\s+(?:feature\s+|topic\s+|work\s+)?branch(?:es)?\b"
                # the user's own fork in the other nine languages ("auf meinen Fork", "sur mon fork", "a mi fork",
                # "no meu fork", "sul mio fork", "в мой форк", "自己的 fork", "自分のフォーク", "내 포크")
                r"|\b(?:auf|in)\s+(?:meinen|deinen|unseren|den\s+eigenen|meinem|deinem)\s+(?:eigenen\s+)?Fork\b"
                r"|\b(?:sur|dans|vers)\s+(?:mon|ton|notre|votre)\s+(?:propre\s+)?fork\b"
                r"|\b(?:a|en|hacia)\s+(?:mi|tu|nuestro)\s+(?:propio\s+)?fork\b"
                r"|\b(?:no|para\s+o|ao)\s+(?:meu|seu|teu|nosso)\s+(?:próprio\s+)?fork\b"
                r"|\b(?:sul|nel|al)\s+(?:mio|tuo|nostro)\s+fork\b"
                r"|\b(?:в|на)\s+(?:мой|свой|твой|наш)\s+(?:собственный\s+)?(?:форк|fork)"
                r"|(?:自己的|我的|你的)\s*(?:fork|分叉|派生仓库)|(?:自分の|私の)\s*(?:フォーク|fork)"
                r"|(?:내|본인|개인|자신의)\s*(?:포크|fork)", re.I)
# Words that name what is not scratch, beside the scratch ("`build/` and the sources", "all files").
BEYOND = lazy(r"\b(?:src|sources?|tests?|home|repo(?:sitory)?|database|tables?|main|master|production|prod|"
              r"everything|all\s+files|every\s+file|secrets?|keys?)\b|~|\.env\b", re.I)


def scratch_only(doc: Document, a: int, b: int) -> bool:
    """Every place named in [a, b) is build output or a cache, and at least one is named."""
    text = doc.text
    places = [m.group(1) or m.group(2) for m in PLACES.finditer(text, a, b)]
    if not places or not all(SCRATCH_WHOLE.match(place.strip().removeprefix("./")) for place in places):
        return False
    outside = PLACES.sub(" ", text[a:b])
    return BEYOND.search(outside) is None


def own_ground(doc: Document, a: int, b: int) -> bool:
    """The step in [a, b) stays on the agent's own ground: scratch folders only, or the user's own fork."""
    if scratch_only(doc, a, b) or listed_scratch(doc, a, b):
        return True
    own = OWN_FORK.search(doc.text, a, b)
    if own is None:
        return False
    lo = max(a, doc.text.rfind(";", a, own.start()) + 1)  # the clause that holds it: "...; main needs a PR"
    hi = doc.text.find(";", own.end(), b)
    return BEYOND.search(doc.text, lo, hi if hi >= 0 else b) is None


# A leave that leads in a list or a fenced block of commands ("These are safe to delete without asking:" over
# `cargo clean`, `rm -rf web/node_modules`): the commands are the step, and they are what the agent will run.
# When each one only deletes build output or scratch inside the work tree, nothing is beyond a rebuild. The
# leave's own words may name no other step than the deletion it shows.
LEAD_IN = lazy(r"[:：][ \t*_]*$", re.M)
ITEM = lazy(r"[ \t]*(?:[-*+]|\d{1,9}[.)])[ \t]")
FENCE_LINE = lazy(r"[ \t]{0,3}(?:`{3,}|~{3,})")
CODE = lazy(r"`([^`\n]+)`")
WRAPPED = lazy(r"[ \t]+(?![-*+][ \t]|\d{1,9}[.)][ \t])\S")
SCRATCH_NAME = lazy(r"(?:" + SCRATCH + r")\Z|[\w.-]*(?:^|[._-])(?:tmp|temp|cache|caches)(?:[._-][\w.-]*)?\Z"
                    r"|\.(?:svelte-kit|angular|gradle|dart_tool|nyc_output|ruff_cache|eslintcache)\Z", re.I)
# a build tool's own cleaning step (git clean removes the user's untracked work: not among them)
CLEAN = lazy(r"(?!git\b)[\w.-]+(?:\s+(?:run|cache))?\s+clean(?:\s+-[\w-]+)*\s*\Z")
OTHER_STEP = lazy(r"\b(?:push\w*|deploy\w*|publish\w*|releas\w*|merg\w*|send\w*|pay\w*|drop\w*|rotat\w*|revok\w*|"
                  r"upload\w*|install\w*|run\s+(?!it\b|them\b|these\b))", re.I)


def listed_scratch(doc: Document, a: int, b: int) -> bool:
    """The sentence [a, b) ends a line with a colon over a list or a fenced block, every item a command in code
    that deletes only build output or scratch in the work tree, and the lead-in names no other step."""
    found = listed_commands(doc, a, b)
    if found is None:
        return False
    end, commands, fenced = found
    if OTHER_STEP.search(doc.text, a, end) or BEYOND.search(doc.text, a, end):
        return False
    if fenced:
        return bool(commands) and all(_scratch_command(command) for command in commands)
    # a span with a space is a command; one without, a place it names ("`cargo clean` (removes `target/`)")
    return bool(commands) and all(_scratch_command(c) if " " in c.strip() else _scratch_path(c) for c in commands)


def listed_commands(doc: Document, a: int, b: int) -> tuple[int, list[str], bool] | None:
    """The commands a lead-in in [a, b) shows (a line that ends with a colon over a fenced block, or over a list
    whose items are commands in code): (the end of the lead-in, the commands, whether fenced); None when the
    sentence leads in no such block, or a list item is in words."""
    line = next((n for n in range(doc.line_of(a), doc.line_of(max(a, b - 1)) + 1)
                 if LEAD_IN.search(doc.text, *doc.line_span(n))), None)
    if line is None:
        return None
    end = doc.line_span(line)[1]
    commands: list[str] = []
    n, last = line + 1, len(doc.line_starts)
    if n <= last and not doc.text[slice(*doc.line_span(n))].strip():
        n += 1  # (one blank line between the lead-in and its list)
    if n <= last and FENCE_LINE.match(doc.text, doc.line_span(n)[0]):
        n += 1
        while n <= last and not FENCE_LINE.match(doc.text, doc.line_span(n)[0]):
            command = doc.text[slice(*doc.line_span(n))].strip()
            commands += [command] if command and not command.startswith("#") else []
            n += 1
        return end, commands, True
    while n <= last and ITEM.match(doc.text, doc.line_span(n)[0]):
        spans = CODE.findall(doc.text, *doc.line_span(n))
        if not spans:
            return None  # an item in words: what it does is not shown
        commands += spans
        n += 1
        while n <= last and WRAPPED.match(doc.text, doc.line_span(n)[0]):
            n += 1  # (an item's wrapped lines)
    return (end, commands, False) if commands else None


def _scratch_command(command: str) -> bool:
    words = command.split()
    if CLEAN.match(command):
        return True
    if not words or words[0] != "rm" or len(words) < 2:
        return False
    targets = [w for w in words[1:] if not w.startswith("-")]
    return bool(targets) and all(_scratch_path(target) for target in targets)


def _scratch_path(path: str) -> bool:
    """A relative path inside the work tree whose last part names build output or scratch."""
    if path.startswith(("/", "~", "$", "%", "..")) or ".." in path.split("/") or ".git" in path.split("/"):
        return False
    name = path.strip("'\"").rstrip("/").removeprefix("./").rsplit("/", 1)[-1]
    return bool(name) and "*" not in name.replace("*.pyc", "") and SCRATCH_NAME.match(name) is not None
