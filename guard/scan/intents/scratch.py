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
    if scratch_only(doc, a, b):
        return True
    own = OWN_FORK.search(doc.text, a, b)
    if own is None:
        return False
    lo = max(a, doc.text.rfind(";", a, own.start()) + 1)  # the clause that holds it: "...; main needs a PR"
    hi = doc.text.find(";", own.end(), b)
    return BEYOND.search(doc.text, lo, hi if hi >= 0 else b) is None
