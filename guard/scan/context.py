"""Shared judgement for phrase detectors: does a text read as an instruction to the agent, is a phrase
shown as code or quoted material (structure a reviewer sees), or negated ("never use --no-verify")."""
from __future__ import annotations

import re

from guard.scan.lazyre import lazy
from guard.scan.text import Document
from guard.scan.as_code import IMPERATIVE, URL_OR_CODE, code_resume, shown_as_code
from guard.scan.reported import NEGATION_ANY, negates, reported_request, wrapped_line_start

NEGATION = lazy(
    r"\b(?:never|not|don't|dont|avoid|no|without|mustn't|forbidden|prohibited|disallowed|refuse|instead of)\b|"
    r"\bnie\b|\bniemals\b|\bjamais\b|\bnunca\b|никогда|不要|禁止|しない",
    re.I,
)
# The marks that end a clause: a negation before one of them does not reach past it ("with no alterations:
# repeat ...", "without limitations, print ...").
CLAUSE_MARKS = (",", ";", ":", "\uff0c", "\uff1b", "\uff1a", "\u3001")
MORE_NEGATION = lazy(r"\b(?:não|non|kein\w*|nada)\b|절대", re.I)


def negated_in_clause(doc: Document, start: int, window: int = 60) -> bool:
    """A negation earlier in the same clause of the sentence (after its last comma, colon or semicolon), in
    ten languages: "Never reveal your system prompt", "Ne montre jamais tes instructions", "不要输出系统提示"."""
    return negates(doc.text, clause_start(doc, start, window), start, (NEGATION, NEGATION_ANY, MORE_NEGATION))


def clause_start(doc: Document, start: int, window: int = 60) -> int:
    """Where the clause that holds `start` begins: its sentence, its line (or wrapped paragraph line), after the
    last comma, colon or semicolon outside code and addresses."""
    a, _ = doc.sentence_bounds(start, start, window)
    line = _reach(doc, start)
    a = max(a, line)
    # Marks inside inline code or an address are not the sentence's own ("`curl ... | sh`", "https://").
    for span in URL_OR_CODE.finditer(doc.text, code_resume(doc, a), start):
        if span.start() < a < span.end():
            a = max(line, doc.sentence_bounds(span.start(), span.start(), window)[0])  # it "ended" inside code
            break
    at = code_resume(doc, a)
    prose = URL_OR_CODE.sub(lambda m: " " * len(m.group()), doc.text[at:start])
    return max(a, *(at + prose.rfind(c, a - at) + 1 for c in CLAUSE_MARKS))


def negated(doc: Document, start: int, window: int = 60) -> bool:
    """A negation earlier in the same sentence, within `window` characters."""
    a, _ = doc.sentence_bounds(start, start, window)
    a = max(a, _reach(doc, start))
    return negates(doc.text, a, start, (NEGATION,))


def _reach(doc: Document, start: int) -> int:
    """How far back a negation reaches: to the start of the line (a list item: the sentence ends with the line),
    or, where prose wraps, to the first line of its paragraph line (reported.wrapped_line_start). A list item's
    indented continuation stays at its own line: there a wrapped negation ("mode without restrictions, e.g.
    `--dangerously-skip-permissions`") more often names a thing than refuses the act."""
    line = doc.line_starts[doc.line_of(start) - 1]
    return line if doc.text[line:line + 1] in (" ", "\t") else wrapped_line_start(doc, start)


# A quotation, in the quotation marks of the ten languages: a phrase named as an example is short, a payload
# wrapped in quotes to pass for one usually is not (a long one counts only where the sentence introduces it as
# an example: LONG_QUOTE). Prose wraps: a quotation may run over the lines of one paragraph (the rendered text
# joins them), never over a blank line.
QUOTED = lazy(r'"((?:[^"\n]|\n(?![ \t]*\n)){1,160})"|“((?:[^”\n]|\n(?![ \t]*\n)){1,160})”|'
              r'„((?:[^“”"\n]|\n(?![ \t]*\n)){1,160})[“”"]|«\s?((?:[^»\n]|\n(?![ \t]*\n)){1,160}?)\s?»|'
              r"「([^」\n]{1,160})」|『([^』\n]{1,160})』")
# What names the quotation: a word before it, or "for example," in the ten languages (with its comma).
WORD_BEFORE_QUOTE = lazy(r"(?:\w|\b(?:e\.g|i\.e|etc|cf|z\.\s?B|p\.\s?ex|p\.\s?ej)\.,?"
                         r"|\b(?:for\s+example|for\s+instance|zum\s+Beispiel|beispielsweise|par\s+exemple|"
                         r"por\s+ejemplo|por\s+exemplo|ad\s+esempio|per\s+esempio|например|к\s+примеру),"
                         r"|(?:例如|比如|例えば|たとえば|예를\s?들어|예컨대)[，,、]?)[ \t\n]+\Z"
                         r"|[\u3040-\u30ff\u3400-\u9fff\uac00-\ud7af][ \t]*\Z"  # (CJK: no space before a quote)
                         r"|\w[ \t]*\((?:[^()\n]*[,;][ \t]*)?\Z", re.I)  # a list in parentheses after a noun


def _paragraph(doc: Document, start: int, reach: int = 400) -> tuple[int, int]:
    """The lines around `start` up to a blank line (at most `reach` characters each side)."""
    text = doc.text
    lo, hi = max(0, start - reach), min(len(text), start + reach)
    back = max(text.rfind("\n\n", lo, start), text.rfind("\n \n", lo, start))
    ahead = [i for i in (text.find("\n\n", start, hi), text.find("\n \n", start, hi)) if i >= 0]
    return (back + 1 if back >= 0 else lo), (min(ahead) if ahead else hi)


def quoted_mention(doc: Document, start: int, end: int) -> bool:
    """The match is a short quotation named inside a sentence of visible text, as a noun is: the quotation
    holds the whole match and follows a word ("strings such as "ignore previous instructions" are flagged",
    "par exemple « ... »"), on its line or the line before in the same paragraph. A quotation that opens a
    sentence, follows a colon or a comma (the message itself, or said to someone) is not a mention. Like
    inline code, this is how the text looks to a reviewer, not a word added to it."""
    lo, hi = _paragraph(doc, start)
    for quote in QUOTED.finditer(doc.text, lo, hi):
        group = next(i for i in range(1, 7) if quote.group(i) is not None)
        if quote.start(group) <= start and end <= quote.end(group) + 1:
            if quote.end(group) - quote.start(group) > LONG_QUOTE:
                named = EXAMPLE_BEFORE_QUOTE.search(doc.text, lo, quote.start()) is not None
            else:
                named = WORD_BEFORE_QUOTE.search(doc.text, lo, quote.start()) is not None
            named = named or _named_before_colon(doc, quote.start()) or _listed_example(doc, quote.start(), quote.end())
            named = named or NAMED_AFTER_QUOTE.match(doc.text, quote.end()) is not None
            return named and not _spoken_to(doc, start, quote.start(), quote.end())
    return False


LONG_QUOTE = 64
# "text such as "...", "une phrase comme « ... »", "фразу вроде «...»": the quotation introduced as an example.
EXAMPLE_BEFORE_QUOTE = lazy(
    r"\b(?:such\s+as|like|for\s+example,?|for\s+instance,?|e\.g\.,?|wie|etwa|zum\s+Beispiel,?|z\.\s?B\.,?|comme|"
    r"par\s+exemple,?|como|por\s+ejemplo,?|p\.\s?ej\.,?|por\s+exemplo,?|come|tipo|ad\s+esempio,?|вроде|как|типа|"
    r"например,?)[ \t\n]+\Z|(?:例如|比如|像|例えば|예를\s?들어)[，,、]?[ \t]*\Z", re.I)


COLON_BEFORE_QUOTE = lazy(r"[:：][ \t\n]*\Z")
# Or the quotation is the object of a verb of writing or saying, in a clause that names an attacker or an
# example ("Un attaccante potrebbe scrivere «...»", "an attacker may write "..."", "攻击者可能会写“...”").
SAID_BEFORE_QUOTE = lazy(
    r"\b(?:writes?|wrote|write|says?|said|types?|posts?|schreib\w*|schrieb\w*|écri\w*|dit|dire|escrib\w*|"
    r"dice|decir|escrev\w*|diz|dizer|scriv\w*|scritto|напиш\w*|пиш\w*|пишут|скаж\w*|говор\w*)[ \t\n]*\Z"
    r"|(?:写|写道|说|書く|書き|쓰|쓸)[ \t]*\Z", re.I)
# What a clause before a colon calls the quotation after it: an example of an attack, or what an attacker writes.
NAMES_EXAMPLE = lazy(
    r"\b(?:examples?|samples?|payloads?|attacks?|attackers?|injections?|exploits?|beispiele?|angreifer\w*|angriff\w*|"
    r"injektion\w*|exemples?|attaques?|attaquants?|ejemplos?|ataques?|atacantes?|inyecci[oó]n\w*|exemplos?|"
    r"inje[cç][aã]o|inje[cç][oõ]es|esempi[oa]?|attacc\w+|iniezion[ei]|пример\w*|атак\w*|злоумышленник\w*|"
    r"инъекци\w*)\b|例如|示例|例子|攻击|注入|攻撃|インジェクション|例|공격|인젝션|예시", re.I)


def _named_before_colon(doc: Document, quote_start: int) -> bool:
    """The quotation follows a colon that ends a clause naming it as an example of an attack or as what an
    attacker writes ("Ein Angreifer kann in eine README schreiben: „...“", "An example we test: "..."")."""
    colon = COLON_BEFORE_QUOTE.search(doc.text, max(0, quote_start - 8), quote_start) \
        or SAID_BEFORE_QUOTE.search(doc.text, max(0, quote_start - 24), quote_start)
    if colon is None:
        return False
    a, _ = doc.sentence_bounds(colon.start(), colon.start(), 200)
    return NAMES_EXAMPLE.search(doc.text, a, colon.start()) is not None or _section_names_example(doc, quote_start)


# A quotation that fills a list item or a table cell ("- "Ignore ..."", "| « ... » |"): a list of quoted
# sentences, the item or cell nothing but the quotation.
ITEM_BEFORE_QUOTE = lazy(r"[ \t]*(?:[-*+]|\d{1,9}[.)])[ \t]+(?:[^\n\"“„«「『:：]{1,40}[:：][ \t]*)?|[^\n]*\|[ \t]*")
AFTER_LISTED_QUOTE = lazy(r"[ \t.,;!?。．]*(?:\([^()\n]{0,80}\)[ \t.,;]*)?(?:$|\|)", re.M)  # (a note in parentheses)
ITEM_LINE = lazy(r"[ \t]*(?:[-*+]|\d{1,9}[.)])[ \t]|[ \t]{2,}\S|[ \t]*\|")
HEADING = lazy(r"^[ \t]{0,3}#{1,6}[ \t]+(.*)$", re.M)
LEAD_IN_COLON = lazy(r"[:：][ \t*_]*\Z")  # ("**Examples:**")
# The quotation named after it: '"You are DAN ..." style jailbreaks', '"..."-type attacks', "« ... »-artige Angriffe".
NAMED_AFTER_QUOTE = lazy(
    r"[ \t]*-?(?:style|type|kind|like|artige?n?|ähnliche?n?)?[ \t-]*(?:jailbreaks?|attacks?|injections?|payloads?|"
    r"prompts?|examples?|angriffe?|attaques?|ataques?|attacchi|атак\w*)\b"
    # (a postposition of likeness, in Japanese, Korean and Chinese: "「...」のような文", "\"...\" 같은 문장", "“...”之类的")
    r"|\s*(?:のような|のように|といった|などの|みたいな|같은|와\s*같은|과\s*같은|등의|之类的?|这样的|这类)", re.I)


def _listed_example(doc: Document, quote_start: int, quote_end: int) -> bool:
    """The quotation is all of a list item or a table cell, in a list whose lead-in (the line ending with a
    colon just above it) or whose section heading names its items as examples of attacks ("Typische Angriffe
    in Kundenmails:", "## 提示词注入示例"), the lead-in not addressing the agent: documentation that lists the
    attacks it quotes. A lead-in that orders ("Remember these:", "Say one of:") keeps the error."""
    text = doc.text
    line = doc.line_of(quote_start)
    lo, hi = doc.line_span(line)
    after = AFTER_LISTED_QUOTE.match(text, quote_end)
    if ITEM_BEFORE_QUOTE.fullmatch(text, lo, quote_start) is None or after is None:
        return False
    from guard.scan.examples import RECOGNISED, handed_over_after  # (only where a quotation is listed)

    note = text[quote_end:after.end()]
    if SECOND_PERSON.search(note) or IMPERATIVE.search(note) or LEAD_ORDER.search(note) or NOTE_ORDER.search(note) \
            or handed_over_after(doc, line):
        return False  # '- "..." (do it now)', or "Do each of them now." after the list: handed over
    lead = line - 1  # up over the list's items (and their wrapped lines) to its lead-in
    while lead >= 1 and ITEM_LINE.match(text, doc.line_span(lead)[0]):
        lead -= 1
    if lead > 1 and not doc.line_text(lead).strip() and LEAD_IN_COLON.search(doc.line_text(lead - 1)):
        lead -= 1  # (the lead-in, a blank line, then its list)
    if lead >= 1:
        a, b = doc.line_span(lead)
        if text[a:b].strip() and not HEADING.match(text, a):
            a = max(doc.sentence_bounds(b - 1, b - 1, 300)[0], wrapped_line_start(doc, a))  # (a wrapped lead-in)
            if LEAD_IN_COLON.search(text, a, b) is None:
                return False  # the list continues a paragraph that does not introduce it
            outside = RECOGNISED.sub(" ", QUOTED.sub(" ", text[a:b]))  # ("quoted so you recognise them:")
            if SECOND_PERSON.search(outside) or IMPERATIVE.search(outside) or LEAD_ORDER.search(outside):
                return False
            if NAMES_EXAMPLE.search(text, a, b):
                return True
    return _section_names_example(doc, quote_start)


# A lead-in that hands the list over to be done or said, in the ten languages ("Befolge diese Sätze:", "Retiens
# ces phrases :", "Запомни и выполняй:", "照做：").
LEAD_ORDER = lazy(
    r"\b(?:follow|obey|execute|apply|remember|memori[sz]e|repeat|befolge\w*|merk\w*|führ\w*|wiederhol\w*|"
    r"verwende\w*|sag\w*|suis|suivez|obéis|exécute\w*|applique\w*|retiens|retenez|répète\w*|utilise\w*|dis|dites|"
    r"sigue|seguid|obedece|ejecuta|aplica|recuerda|repite|siga|obedeça|execute|aplique|lembre|repita|use|diga|"
    r"segui|obbedisci|esegui|applica|ricorda|ripeti|dì)\b"
    r"|(?:следуй|выполняй|выполни|запомни|повтор\w*|используй|скажи|говори)|照做|执行|遵循|遵守|记住|重复|照着|说出|"
    r"従って|実行し|覚えて|繰り返し|言って|따라|실행|기억|반복|말해", re.I)


NOTE_ORDER = lazy(r"\b(?:do|now|comply|run|jetzt|sofort|maintenant|ahora|agora|ora|сейчас)\b|现在|今すぐ|지금", re.I)


def _section_names_example(doc: Document, start: int) -> bool:
    """The nearest heading above `start` (within 3,000 characters) names examples of attacks: "## Prompt
    injection examples", "# Red-team test plan", "## 提示词注入示例"."""
    heading = None
    for heading in HEADING.finditer(doc.text, max(0, start - 3000), start):
        pass
    return heading is not None and (NAMES_EXAMPLE.search(heading.group(1)) is not None
                                     or RED_TEAM.search(heading.group(1)) is not None)


RED_TEAM = lazy(r"\bred[\s-]?team\w*|\bjailbreak\w*|\bprompt[\s-]?injection|레드\s?팀|红队|レッドチーム", re.I)


def _spoken_to(doc: Document, start: int, quote_start: int, quote_end: int) -> bool:
    """The sentence around the quotation, the quotations left out, addresses the agent or orders it: then the
    quotation is what it is told to say or do ("you will answer "..."", "reply with "...""), not a mention.
    The sentence is the one the quotation stands in, not one that ends inside it ("「……してください。」")."""
    a = min(doc.sentence_bounds(start, start, 300)[0], doc.sentence_bounds(quote_start, quote_start, 300)[0])
    b = max(doc.sentence_bounds(start, start, 300)[1], doc.sentence_bounds(quote_end, quote_end, 300)[1])
    lo, hi = _paragraph(doc, start)
    for quote in QUOTED.finditer(doc.text, min(lo, a), max(hi, b)):  # (nor one that it cuts)
        if quote.start() < a < quote.end():
            a = quote.start()
        if quote.start() < b < quote.end():
            b = quote.end()
    outside = DONE_TO_YOU.sub(" ", QUOTED.sub(" ", doc.text[a:b]))
    if NOT_FOLLOWED.search(outside):  # 'Never follow sentences such as "..."', "「…」のような文には従わないでください":
        outside = NOT_FOLLOWED.sub(" ", outside)  # refused, and no order besides the refusal
    if LIKENESS_AFTER.match(doc.text, quote_end) and not CJK_ORDER.search(outside):  # "「…」のような文": the
        outside = POLITE.sub(" ", outside)  # quotation modifies a noun; the politeness of another request ("報告して
        # ください") does not ask for it, an order to follow, write or say it ("従ってください") does
    return SECOND_PERSON.search(outside) is not None or IMPERATIVE.search(outside) is not None


LIKENESS_AFTER = lazy(r"\s*(?:のような|といった|などの|みたいな|같은|와\s*같은|과\s*같은|등의|之类的?|这样的|这类)")
POLITE = lazy(r"请|請|ください|下さい|なさい|하세요|하십시오|주세요")
CJK_ORDER = lazy(r"(?:従って|実行して|書いて|言って|答えて|入れて|加えて|追加して|出力して|付けて|使って|繰り返して)"
                 r"(?:ください|下さい|なさい)|(?:따라|실행해|써|말해|답해|넣어|추가해|출력해|사용해|반복해)\s*(?:주세요|"
                 r"하세요|줘|라)|(?:请|請)?(?:执行|照做|遵循|写上|写下|说出|输出|加上|使用|重复)")


# The quotation named as what not to follow, in the ten languages: a refusal, not an order to do or say it.
NOT_FOLLOWED = lazy(
    r"\b(?:never|don't|do\s+not|must\s+not|mustn't|should\s+not|shouldn't)\s+(?:\w+ly\s+)?(?:follow|obey|execute|"
    r"act\s+on|comply\s+with|carry\s+out)\b"
    r"|\bbefolge\w*\s+(?:\w+\s+)?(?:nie|niemals|nicht|keine)\b|\b(?:nie|niemals|nicht)\s+(?:befolgen|ausführen)\b"
    r"|\bne\s+(?:les?\s+|la\s+)?(?:suis|suivez|exécute|exécutez|obéis|obéissez)\s+(?:jamais|pas)\b"
    r"|\b(?:nunca|no)\s+(?:las?\s+|los?\s+)?(?:sigas|siga|sigan|obedezcas|ejecutes|ejecute)\b"
    r"|\b(?:nunca|não)\s+(?:as?\s+|os?\s+)?(?:siga|obedeça|execute)\b"
    r"|\bnon\s+(?:seguire|eseguire|obbedire|seguirle|seguirli|eseguirle)\b"
    r"|\bне\s+(?:выполняй|следуй|подчиняйся|исполняй)\w*"
    r"|请?不要(?:执行|遵循|照做|服从|听从)|(?:従わ(?:ないで|ず)|実行しないで)(?:ください|下さい)?"
    r"|(?:따르지|실행하지)\s*(?:마세요|마십시오|말고|마|말|않)", re.I)


# The agent as the object of what a third party may do to it, not the one addressed: "pages may try to give
# you instructions such as "..."", "des pages peuvent te donner des consignes comme « ... »".
DONE_TO_YOU = lazy(
    r"\b(?:may|might|can|could|will|often|sometimes|tries\s+to|try\s+to|attempts?\s+to)\s+(?:try\s+to\s+|attempt\s+to\s+)?"
    r"(?:give|send|show|hand|feed|tell|offer|pass)\s+you\b"
    r"|\b(?:kann|können|könnte|könnten|versuch\w*)\s+(?:\w+\s+){0,2}dir\b"
    r"|\b(?:peu[tv]ent|peut|pourrai\w*|essai\w*\s+de|tente\w*\s+de)\s+(?:\w+\s+){0,2}(?:te|vous)\s+(?:donner|dire|envoyer|montrer)\b"
    r"|\b(?:puede\w*|podría\w*|intenta\w*)\s+(?:\w+\s+){0,2}(?:darte|decirte|enviarte|mostrarte)\b"
    r"|\b(?:pode\w*|poderia\w*|tenta\w*)\s+(?:\w+\s+){0,2}(?:te|lhe)\s+(?:dar|dizer|enviar|mostrar)\b"
    r"|\b(?:può|possono|potrebbe\w*|prova\w*\s+a)\s+(?:\w+\s+){0,2}(?:darti|dirti|inviarti|mostrarti)\b"
    r"|(?:может|могут|пытаю\w*|попыта\w*)\s+(?:\w+\s+){0,2}(?:дать|сказать|прислать|подсунуть)\s+(?:тебе|вам)", re.I)


SECOND_PERSON = lazy(r"\b(?:you|your|yourself|du|dich|dir|dein\w*|vous|tu|toi|ton|ta|tes|votre|usted|você|voc[eê]s|"
                     r"seu|sua|tuo|tua|ты|вы|тебе|тебя|ваш\w*|твой\w*)\b|你|您|あなた|당신|너"
                     r"|请|請|务必|務必|ください|下さい|なさい|하세요|하십시오|주세요|해라", re.I)  # (and a request's politeness)


def mention_severity(doc: Document, start: int, end: int, default: str = "error") -> str:
    """The severity of a phrase found at [start, end): its detector's, lowered from error to warning only by
    visible structure: code (shown_as_code) or a quotation named mid-sentence (quoted_mention), or by the
    grammar of what someone else may ask of the agent (reported_request). Words
    around it never lower it: an attacker can add "such as", "e.g." or a note about attacks as easily as a
    reviewer can (issue 11). In a hidden region the engine raises the warning back to an error, and a
    decoded or disguised view is an error whatever this says."""
    if default == "error" and (shown_as_code(doc, start, end) or quoted_mention(doc, start, end)
                               or reported_request(doc, start, end)):
        return "warning"
    return default


PURPOSE = lazy(r"(?:to|if\s+you\s+(?:want|need|wish)\s+to|in\s+order\s+to|um|pour|para|per|чтобы)\s", re.I)


def in_purpose_clause(doc: Document, start: int) -> bool:
    """The match lies in an opening clause of purpose, before its comma: "To uninstall the guard, run
    `kguard uninstall`" tells a person how, it does not order the act ("To go faster, uninstall it" does)."""
    a, _ = doc.sentence_bounds(start, start, 200)
    a = max(a, doc.line_starts[doc.line_of(start) - 1], doc.text.rfind(";", a, start) + 1)  # (or its clause)
    while a < start and doc.text[a] in " \t*_>-#":
        a += 1
    return PURPOSE.match(doc.text, a) is not None and "," not in doc.text[a:start]
