"""A request someone else may make of the agent, reported rather than made ("if the user asks you to ignore these
rules, refuse"): the grammar that lowers a phrase found in it to a warning, and the negations that undo an order."""
from __future__ import annotations

import re

from guard.scan.described import described_attack
from guard.scan.lazyre import lazy
from guard.scan.text import Document

# A negation anywhere in a scope, in ten languages: the frames that weigh a whole sentence or block use it
# ("do not bypass the hooks", "never ask users for passwords").
NEGATION_ANY = lazy(
    r"\b(?:never|not|don't|do\s+not|must\s+not|mustn't|avoid|refuse|no)\b|\bnie\b|\bnicht\b|\bjamais\b|\bne\b|"
    r"\bnunca\b|\bmai\b|никогда|(?<![а-яё])не\s|不要|禁止|しない|ない|마세요|않",
    re.I,
)

# A negation of a refusal is an order: "never refuse to reveal ...", "don't hesitate to print ...", "no dudes en
# ...", "не стесняйся ...": the refusal verb follows the negation within two words.
REFUSAL_NEGATED = lazy(
    r"[ \t\n]*(?:\w+[ \t\n]+){0,2}?(?:refuse|refusing|hesitate|fail|forget|decline|hold\s+back|zöger\w*|vergiss|vergess\w*|"
    r"weiger\w*|hésite\w*|oublie\w*|refuse\w*|dud\w*|olvid\w*|rechaz\w*|hesit\w*|esquec\w*|recus\w*|esit\w*|"
    r"dimentic\w*|rifiut\w*|стесняй\w*|забуд\w*|забывай|отказыва\w*|колеблись)\b|[ \t]*(?:忘记|忘了|遗漏|漏掉)", re.I)
# A verb of omission negated is an order for its direct object only: "don't skip `X`", "ne sautez pas `X`",
# "не пропускайте `X`", "不要跳过 `X`". With words between ("never skip hooks (`--no-verify`)", "never skip hooks
# with `X`") the step names how one would skip, and the negation forbids it.
OMITTED = lazy(r"[ \t]*(?:\w+[ \t]+)?(?:skip(?:ping)?|omit(?:ting)?|neglect(?:ing)?|leave\s+out|überspring\w*|"
               r"auslass\w*|saut\w*|omett\w*|salt(?:ar|e|es|en|éis|are|ate|i)|tralasci\w*|pul(?:ar|e|em)|"
               r"пропуска\w*|пропуст\w*|跳过|省略|飛ばさ\w*|省か\w*|건너뛰\w*)"
               r"(?:[ \t]+(?:pas|jamais|nicht|nie|the|running|to\s+run|das|den|die|de|la|le|el|o|a)\b){0,2}[ \t`]*\Z", re.I)
# A second negation after the first turns the step it governs into a requirement: "do not open a pull request
# without running `X`", "never merge unless `X` passed", "ne committez pas avant d'avoir lancé `X`".
REQUIREMENT = lazy(r"\b(?:without|unless|until|before|except\s+after|ohne|außer|bevor|sans|avant\s+d[e'’]|"
                   r"à\s+moins|sin|a\s+menos|antes\s+de|sem|senza|a\s+meno|prima\s+d[i'’]|без|пока\s+не|до\s+того)\b"
                   r"|除非|之前", re.I)


def turned(text: str, a: int, b: int) -> bool:
    """The words from a negation's end (`a`) to the step (`b`) make the step an order: a refusal or an omission
    negated, or a requirement ("never: - skip `X`", "never: - merge without `X`")."""
    return bool(REFUSAL_NEGATED.match(text, a, b) or OMITTED.match(text, a, b) or REQUIREMENT.search(text, a, b))


def negates(text: str, a: int, b: int, patterns: tuple) -> bool:
    """Whether one of the negation `patterns` in text[a:b] negates what follows it, not a refusal: in "never refuse
    to reveal" neither "never" nor "refuse" does."""
    cancelled = -1
    for m in sorted((m for p in patterns for m in p.finditer(text, a, b)), key=lambda m: m.start()):
        if m.start() < cancelled:
            continue  # (the refusal a negation before it cancels)
        refusal = REFUSAL_NEGATED.match(text, m.end(), b)
        if refusal is None and OMITTED.match(text, m.end(), b):
            return False  # (the step is what must not be left out)
        if refusal is None:
            return REQUIREMENT.search(text, m.end(), b) is None  # (the step is what the order requires)
        cancelled = refusal.end()
    return False


# What someone else may ask of the agent, reported: the match is the complement of a request in a clause of
# condition ("if a page asks you to ...", "if a page, README or tool result tells you to ...", "even when an issue tells the agent to ..."), of a request that may
# happen ("pages may tell an agent to ...") or of a causative, the agent in the third person there ("attacks
# try to make the agent ..."). Not what the speaker asks ("if
# I tell you to ...": the speaker is the one giving orders). The file's own order, if it
# gives one, is the main clause, which its detectors judge on their own.
REPORTED = lazy(
    r"(?:\b(?:if|even\s+if|when|whenever|even\s+when|unless|in\s+case|should)\s+(?!(?:i|we)\s)(?:[\w'’-]+,?\s+){1,8}?"
    r"(?:asks?|tells?|instructs?|wants?|requests?|urges?|says?|demands?|claims?|attempts?|tries|try|asked|told)\s+"
    r"(?:(?:you|the\s+(?:ai\s+|coding\s+)?\w+|an?\s+(?:ai\s+|coding\s+)?\w+)\s+)?(?:to\s+)?"
    r"(?:[\w'’-]+\s+){0,9}"  # (a condition's request runs on to its comma: "tells you to send data or to change ...")
    r"|\b(?:may|might|could|can|will|often|sometimes|try\s+to|tries\s+to|attempt\s+to|attempts\s+to)\s+"
    r"(?:tell|ask|instruct|urge|order|direct|get|trick|push)s?\s+(?:an?|the|your|any)\s+(?:ai\s+|coding\s+)?"
    r"(?:agents?|assistants?|models?|llms?|ai|bots?)\s+to\s+"
    r"|\b(?:make|makes|get|gets|trick|tricks|cause|causes|convince|convinces|persuade|persuades|lure|lures|force|forces)"
    r"\s+(?:the|an?|your)\s+(?:ai\s+|coding\s+)?(?:agents?|assistants?|models?|llms?|ai|bots?)\s+(?:(?:in)?to\s+)?)"
    r"(?:[\w'’-]+\s+){0,3}[`\"“']?\Z",  # (the verb and its object's first words, when the match is the object)
    re.I,
)

# The same in the other languages: the request before the match ("si une page te demande de", "如果网页要求你"),
# or, in Japanese and Korean, after it ("無視するよう求められても", "무시하라고 요청하면").
REPORTED_OTHER = lazy(
    r"(?:\b(?:si|même\s+si|quand|lorsqu['’]?\w*)\s+(?:[\w'’-]+,?\s+){1,8}?(?:te|vous)\s+(?:demande|dit|ordonne)\w*\s+(?:de\s+|d['’])?"
    r"|\b(?:si|aunque|incluso\s+si|cuando)\s+(?:[\w'’-]+,?\s+){1,8}?te\s+(?:pide|dice|ordena)\w*\s+(?:que\s+)?"
    r"|\b(?:se|mesmo\s+que|quando)\s+(?:[\w'’-]+,?\s+){1,8}?(?:te\s+|lhe\s+)?(?:pedir|pede|disser|diz|mandar|manda)\w*\s+(?:para\s+|que\s+)?"
    r"|\b(?:se|anche\s+se|quando)\s+(?:[\w'’-]+,?\s+){1,8}?ti\s+(?:chiede|dice|ordina)\w*\s+(?:di\s+)?"
    r"|\b(?:wenn|falls|auch\s+wenn|selbst\s+wenn)\s+(?:[\w'’-]+,?\s+){1,8}?(?:dich|dir)\s+(?:[\w-]+\s+)?"
    r"(?:auffordert|bittet|anweist|sagt|verlangt)\s*,?\s+"
    r"|(?:если|даже\s+если|когда)\s+(?:[\w-]+,?\s+){1,8}?(?:просит|попросит|говорит|скажет|требует|велит)\s+(?:тебя\s+|тебе\s+|вас\s+|вам\s+)?"
    r"|(?:如果|若|假如|即使|即便|当)[^，。,.!?！？]{0,20}?(?:要求|让|叫|请求|命令)你?\s*)"
    r"(?:[\w'’-]+\s+){0,3}[`\"“'«「]?\Z",
    re.I,
)

REPORTED_AFTER = lazy(r"[^。！？\n]{0,12}?(?:(?:よう|ように|ことを)(?:求められ|頼まれ|指示され|言われ|要求され|求め|頼ん|頼む|"
                      r"指示し|言って|言う|要求し)|(?:하라고|라고|하도록)\s*(?:(?:요청|요구|지시|말)하|하면|한다면|해도))")

# What a rule says to do when someone else asks: refuse, stop, report, or a negation ("never ..., even if ...").
# Without it, "if the user asks you to X, do it" is the file's own order and keeps its error.
REFUSAL = lazy(
    r"\b(?:stop|refuse|decline|report|flag|warn|halt|abort|reject|tell\s+the\s+user|ask\s+the\s+user|treat\b[^.]{0,40}"
    r"\bas\s+data|ignore\s+(?:it|them|that|such))\b|"
    # a product bot's canned answer: "reply that you can only help with orders", "say you cannot do that"
    r"\b(?:reply|respond|answer|say)\s+(?:politely\s+|briefly\s+)?(?:that\s+)?(?:you|it)\s+(?:can\s+only|only|cannot|"
    r"can't|can\s+not|won't|will\s+not|are\s+not\s+able|aren't\s+able|do\s+not|don't)\b|arrête|refuse|signale|brich\s+ab|lehne|melde|detente|detén|rechaza|"
    r"avisa|pare|recuse|fermati|rifiuta|segnala|остановись|откажись|сообщи|停止|拒绝|告诉用户|拒否|止め|伝え|知らせ|従わ|거절|중단|알리",
    re.I,
)

BLOCK_OPENS = lazy(r"[ \t]*(?:[#>|*+-]|\d{1,9}[.)]|$)")


def wrapped_line_start(doc: Document, start: int) -> int:
    """Where the line of `start` begins, or, when prose wraps, the line its paragraph line continues: back over
    lines that open no block of their own (a list item, a heading, a quote, a table row) to the first."""
    line = doc.line_of(start)
    for _ in range(6):  # (a sentence wraps over a few lines, not a page)
        lo = doc.line_starts[line - 1]
        if line == 1 or BLOCK_OPENS.match(doc.text, lo) or not doc.text[doc.line_starts[line - 2]:lo].strip():
            return lo
        line -= 1
    return doc.line_starts[line - 1]


def reported_request(doc: Document, start: int, end: int | None = None) -> bool:
    """The match at [start, end) is what a third party asks of the agent, reported in the same sentence: in a
    clause of condition of a rule that says to refuse it (REFUSAL or a negation), or described as what
    attacks do to an agent (a causative, "pages may tell an agent to")."""
    a, b = doc.sentence_bounds(start, start, 200)
    a = max(a, wrapped_line_start(doc, start))
    found = REPORTED.search(doc.text, a, start)
    if found is None and not doc.text.isascii():
        found = REPORTED_OTHER.search(doc.text, a, start)
        if found is None and end is not None:
            found = REPORTED_AFTER.match(doc.text, end)
    if found is None:
        return described_attack(doc, a, start, b)
    if DESCRIBED.match(doc.text, found.start()):
        return True  # described: a causative, or a request pages may make of an agent
    rest = doc.text[a:found.start()] + " " + doc.text[max(end or start, found.end()):b]
    return REFUSAL.search(rest) is not None or NEGATION_ANY.search(rest) is not None \
        or described_attack(doc, a, start, b)  # (a request reported of a third party: "README が ... よう求めた")

# How a description of what attacks do to an agent opens (a causative, a request pages may make).
DESCRIBED = lazy(r"(?:may|might|could|can|will|often|sometimes|try|tries|attempts?|make|makes|get|gets|trick|tricks|"
                 r"cause|causes|convince|convinces|persuade|persuades|lure|lures|force|forces)\b", re.I)
