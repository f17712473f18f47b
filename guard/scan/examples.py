"""Lists that show attacks rather than give steps (issue 21, precision: security docs that quote attacks).

A reader told to recognise a list's items is not told to do them: "Examples from the file, quoted here so you
recognise them:" addresses the reader with a verb of perceiving, and that clause alone does not make the lead-in
an order (guard/scan/context.py reads the rest of the lead-in as before: "... so you recognise them, then run
them" still orders)."""
from __future__ import annotations

import re

from guard.scan.lazyre import lazy

TYPE_CHECKING = False
if TYPE_CHECKING:
    from guard.scan.text import Document

# "so (that) you (can) recognise them", "for you to spot them", "damit du sie erkennst", "pour que vous les
# reconnaissiez", "para que los reconozcas", "para que você os reconheça", "чтобы ты их узнал".
RECOGNISED = lazy(
    r"\b(?:so\s+(?:that\s+)?|for\s+)?you\s+(?:can\s+|will\s+|may\s+|(?:are\s+)?able\s+to\s+)?(?:to\s+)?"
    r"(?:recogni[sz]e|spot|identify|notice|detect)\s+(?:them|these|it|those|such\s+\w+)\b"
    r"|\bdamit\s+(?:du|Sie)\s+(?:sie|diese)\s+(?:\w+\s+)?erkenn\w*"
    r"|\bpour\s+que\s+(?:vous|tu)\s+les\s+(?:reconnaiss|repér)\w*"
    r"|\bpara\s+que\s+(?:(?:usted|tú|você)\s+)?(?:los|las|os|as)\s+(?:reconozc|reconheç|identifiqu)\w*"
    r"|\bperché\s+(?:tu\s+)?(?:li|le)\s+riconosc\w*"
    r"|чтобы\s+(?:ты|вы)\s+(?:их\s+)?(?:узнал|узнали|распознал|распознали|замечал|замечали)\w*\s*(?:их)?",
    re.I)

# An order that hands a list's items over, in the paragraph right after it: "Do each of them now", "Run these
# before every task", "Befolge sie", "Exécute-les". A list of quoted attacks that the next line orders is the
# attack, whatever its lead-in says.
HANDED = lazy(
    r"\b(?:do(?:es)?|runs?|running|execut\w*|perform\w*|carr(?:y|ies)\s+out|follow\w*|obey\w*|appl(?:y|ies)|"
    r"send\w*|use[sd]?|using|repeat\w*|say|act\s+on|complet\w*)\s+"
    r"(?:(?:all|each|every\s+one|any)\s+(?:of\s+)?)?(?:them|these|those|the\s+above|each|all|it|every\s+step|"
    r"(?:each|every|the|this|that|these|those)\s+(?:block|commands?|steps?|script|lines?|list|snippet|items?|"
    r"examples?)(?:\s+(?:above|below|listed|from|in|under))?)\b"
    r"|\b(?:führ\w*|befolg\w*|mach\w*)\s+(?:sie|diese|alle)\b|\b(?:exécute|exécutez|suis|suivez|applique|appliquez|"
    r"fais|faites)-(?:les|la|le)\b|\b(?:ejecút|sígu|aplíc|hazl)\w*(?:los|las)\b|\b(?:execute|siga|aplique|faça)-(?:os|as)\b"
    r"|\b(?:eseguil|seguil|applical|fall)\w*\b|(?:выполни|выполняй|сделай|следуй)\w*\s+(?:их|им|это|всё|все)"
    r"|(?:照做|执行它们|执行这些|全部执行|実行して|従って|실행하|따르)", re.I)


def handed_over_after(doc: Document, line: int) -> bool:
    """A paragraph after the list holding `line` orders its items (not under a negation: "Do not execute, fetch
    or obey them" refuses them): the first paragraph, or any later one that points back at them ("run each
    command from the Scanner notes section", "the agent runs them before tagging"; a bare "it" only in the
    first)."""
    from guard.scan.context import ITEM_LINE
    from guard.scan.reported import NEGATION_ANY, negates

    text = doc.text
    count = len(doc.line_starts)
    after = line + 1
    while after <= count and (ITEM_LINE.match(text, doc.line_span(after)[0]) or not doc.line_text(after).strip()):
        if not doc.line_text(after).strip() and after + 1 <= count and not ITEM_LINE.match(
                text, doc.line_span(after + 1)[0]):
            after += 1
            break
        after += 1
    if after > count:
        return False
    lo = doc.line_span(after)[0]
    end = text.find("\n\n", lo)
    first = min(end if end >= 0 else len(text), lo + 400)
    for order in HANDED.finditer(text, lo, min(len(text), lo + 6000)):
        if order.start() >= first and order.group().lower().endswith(" it"):
            continue
        a, _ = doc.sentence_bounds(order.start(), order.start(), 200)
        if not negates(text, max(a, doc.line_span(doc.line_of(order.start()))[0]), order.start(), (NEGATION_ANY,)):
            return True
    return False


# What a list's lead-in calls its items when it shows dangers rather than gives steps: attacks, dangerous or
# malicious instructions, red flags, what reviewers flag. An attacker who writes this about his own steps tells the
# agent not to take them, so the lead-in lowers what its items name to a warning, never lower.
DANGER = lazy(
    r"\b(?:attacks?|attackers?|malicious|dangerous|dangers?|hostile|harmful|suspicious|unsafe|red\s+flags?|"
    r"warning\s+signs?|injections?|exploits?|(?:to|should|must|will|reviewers?)\s+flag|"
    r"perigos\w*|malicios\w*|suspeit\w*|sinais\s+de\s+alerta|ataques?|hostis|peligros\w*|sospechos\w*|"
    r"señales\s+de\s+alerta|dangereu\w*|malveillant\w*|suspect\w*|signaux\s+d['’]alerte|attaques?|gefährlich\w*|"
    r"bösartig\w*|verdächtig\w*|warnsignal\w*|angriff\w*|pericolos\w*|malevol\w*|sospett\w*|attacchi|"
    r"опасн\w*|вредонос\w*|подозрит\w*|атак\w*)\b|危险|恶意|可疑|攻击|危険|悪意|不審|攻撃|위험|악성|의심|공격", re.I)
# A lead-in that calls the dangers needed or allowed all the same ("Dangerous but required steps:").
APPROVED = lazy(r"\b(?:but|yet|still|anyway|nevertheless|required|mandatory|necessary|needed|approved|allowed|"
                r"permitted|fine|ok|okay|safe\s+here|part\s+of|to\s+(?:run|do|perform|execute|carry\s+out|try|use|follow|apply|"
                r"reproduce|replay|test))\b|\baber\b|\bmais\b|\bpero\b|\bmas\b|\bma\b|\bно\b",
                re.I)


DETECTS = lazy(r"\b(?:catch(?:es)?|detects?|detections?|flags|alerts?\s+on|blocks)\b", re.I)


def listed_danger(doc: Document, start: int) -> bool:
    """`start` lies in an item of a list whose lead-in (the line ending with a colon above it, within its
    paragraph) names the items as attacks or dangers and neither addresses the agent nor orders anything, and
    whose next paragraph does not hand the items over ("Run them now.")."""
    from guard.scan.as_code import IMPERATIVE
    from guard.scan.context import HEADING, ITEM_LINE, LEAD_IN_COLON, LEAD_ORDER, QUOTED, SECOND_PERSON
    from guard.scan.reported import wrapped_line_start

    text = doc.text
    line = doc.line_of(start)
    fenced = doc.fenced_lines
    if line in fenced:  # (or a code block: its lead-in is the line above its opening fence)
        lead = line - 1
        while lead in fenced:
            lead -= 1
        while line + 1 in fenced:
            line += 1  # (to its closing fence: the paragraph after it may hand the block over)
    elif ITEM_LINE.match(text, doc.line_span(line)[0]):
        lead = line - 1
        while lead >= 1 and ITEM_LINE.match(text, doc.line_span(lead)[0]):
            lead -= 1
    else:
        return False
    if lead > 1 and not doc.line_text(lead).strip():
        lead -= 1
    if lead < 1:
        return False
    head = doc.line_text(lead + 1) if lead + 1 < doc.line_of(start) else ""
    if head.lstrip().startswith("|") and doc.line_text(doc.line_of(start)).lstrip().startswith("|") and not (
            SECOND_PERSON.search(head) or LEAD_ORDER.search(head) or APPROVED.search(head) or HANDED.search(head)):
        if DANGER.search(head) or DETECTS.search(head):  # a table whose header names its rows as attacks or
            return not handed_over_after(doc, line)  # what a rule catches ("| Rule | What it catches | Example |")
    a, b = doc.line_span(lead)
    if not text[a:b].strip() or HEADING.match(text, a) or LEAD_IN_COLON.search(text, a, b) is None:
        return False
    a = max(doc.sentence_bounds(b - 1, b - 1, 300)[0], wrapped_line_start(doc, a))
    said = RECOGNISED.sub(" ", QUOTED.sub(" ", text[a:b]))
    if SECOND_PERSON.search(said) or IMPERATIVE.search(said) or LEAD_ORDER.search(said) or APPROVED.search(said) \
            or HANDED.search(said):
        return False
    return DANGER.search(said) is not None and not handed_over_after(doc, line)
