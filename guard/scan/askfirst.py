"""Rules that keep the user's say, and what a named thing does (session 7, issue 11): two readings the phrase
detectors of asking and telling (CON001, CON005, DNG013) share. "Without asking" orders the agent to skip the user
only when the act it goes with is ordered, not forbidden; and the act a named tool does or did is described, not
ordered. Both lower a finding only by grammar the reviewer reads, never in a hidden region or a decoded view (the
engine raises a warning there back to an error)."""
from __future__ import annotations

import re

from guard.scan.context import CLAUSE_MARKS
from guard.scan.reported import NEGATION_ANY, wrapped_line_start
from guard.scan.as_code import URL_OR_CODE, code_resume
from guard.scan.lazyre import lazy
from guard.scan.text import Document

TYPE_CHECKING = False  # (typing.TYPE_CHECKING without importing typing, as guard.scan.lazyre does)
if TYPE_CHECKING:
    from guard.scan.intents.lexicon import Lexicon

# A rule that keeps the user's say (session 7): "without asking / telling" is an order to skip the user only
# when the act it goes with is ordered; a negation of that act in its clause makes it a rule to ask ("never push
# without telling the user", "Nunca faça push sem avisar o usuário", "Non eliminare mai file senza chiedere",
# "Не пушь без подтверждения", "Ne supprime pas de fichiers sans demander"). In Chinese, Japanese and Korean the
# negation heads the act after the phrase ("未经用户确认，不要推送", "確認せずに push しないでください",
# "확인 없이 삭제하지 마세요"). A negated verb of holding back ("don't hesitate to", "n'oublie pas de",
# "Zögere nicht", "不要犹豫"), "no worries" and "whether or not" affirm the act: an attacker's cheap prefix,
# never a rule.
RULE_NEGATION = lazy(
    r"(?:\b(?:never|not|don't|dont|don’t|do\s+not|mustn't|must\s+not|no|nie|niemals|nicht|kein\w*|jamais|nunca|"
    r"não|non|не|никогда|нельзя)\b|"
    # Italian "mai" before "senza" or an infinitive ("mai senza chiedere", "Mai cancellare ..."), not the German
    # month ("im Mai")
    r"\bmai\b(?=\s+(?:senza\b|\w+(?:are|ere|ire)(?:l[oaie]|ne)?\b)|\s+\Z)|\bne\s+(?:\S+\s+){0,2}(?:pas|jamais|rien|plus|aucun\w*)\b|"
    r"\bn['’]\S+\s+(?:pas|jamais|rien|plus)\b|不要|别|切勿|不得|不能|不可|请勿|禁止|严禁|不准)(?![-‐])",
    re.I,
)
HOLDING_BACK = lazy(
    r"\s*(?:(?:ever|be|you|te|ti|se|vous|sich|dich|mich|es|pas|jamais|mai|de|à)\s+){0,2}(?:hesitat\w*|forget\w*|"
    r"fail\w*|afraid|worr\w*|shy|wait\w*|stop\w*|delay\w*|problem\w*|only|just|sure|mind|matter|need\s+to\s+hesitate|"
    r"sorgen?|problem|zöger\w*|vergiss\w*|vergessen|scheu\w*|hésit\w*|oubli\w*|souci\w*|dud\w*|olvid\w*|"
    r"preocup\w*|hesit\w*|esque[cç]\w*|esit\w*|dimentic\w*|preoccup\w*|стесня\w*|сомнева\w*|забу\w*|"
    r"забыва\w*|бойся|волнуй\w*|медли\w*|жди|проблем\w*)\b|\s*(?:犹豫|忘记|忘了|担心|害怕|迟疑|等待)",
    re.I,
)
# German puts the negation after the verb it negates ("Zögere nicht", "Vergiss nicht"), and "or not" is no
# negation of the act ("whether or not the tests pass").
HELD_BACK_BEFORE = lazy(r"(?:\b(?:zöger\w*|vergiss|vergesst|vergessen|scheu\w*|or|oder|ou|или)|没有|从不)\s*\Z",
                        re.I)
FRENCH_HOLDING_BACK = lazy(r"\b(?:h[ée]sit\w*|oubli\w*|crain\w*|attend\w*|inqui[èe]t\w*|g[êe]n\w*)", re.I)  # "N'hésite pas"
CLAUSE_END = lazy(r"[。！？!?\n]|[.;；](?:\s|\Z)")
# "Never" set off by a comma opens its sentence and reaches past the aside that follows it.
NEVER_THEN_ASIDE = lazy(r"(?:^|[.!?]\s+|[-*]\s+)(?:never|nunca|jamais|niemals|nie|никогда|mai)\s*,"
                        r"(?:[^.;:!?\n]*,|\s*(?:ever|jamais|nunca|niemals|никогда)\b)(?P<tail>\s*[^,;:.!?\n]*)\Z",
                        re.I | re.M)
NEGATED_AFTER_ACT = lazy(
    r"\s*(?:を|は|も|를|을|는|은)?\s*(?:し|さ|せ|行わ|実行し|実行さ)?(?:ないで|ない|ません|ずに|てはいけ|てはなら|るな)"
    r"|\s*(?:하지|하면|해서는|해선|되지)\s*(?:마|말|않|안\s*(?:됩|돼|된))|[가-힣]{0,2}지\s*(?:마|말|않)")
NEGATED_BEFORE_ACT = lazy(r"(?:不要|别|切勿|不得|不能|不可|请勿|禁止|严禁|不准|勿)[^，。,;；！？]{0,2}\Z")
CJK_CLAUSE_MARK = lazy(r"[、，,]")


def negated_rule(doc: Document, start: int, end: int, acts: Lexicon | None = None, window: int = 80) -> bool:
    """The phrase at [start, end) ("without asking", "sem avisar o usuário") goes with an act its clause
    forbids: a negation before it in its clause (not of a verb of holding back), or, with `acts` (the
    detector's lexicon of steps), every step after it in its sentence negated as CJK negates it."""
    a, _ = doc.sentence_bounds(start, start, window)
    line = doc.line_starts[doc.line_of(start) - 1]
    a = max(a, line)
    at = code_resume(doc, a)  # (read from near the phrase, not from the start of a line that may be the file)
    prose = URL_OR_CODE.sub(_blank, SERIES_COMMA.sub(_blank, doc.text[at:start]))
    a = max(a, *(at + prose.rfind(c, a - at) + 1 for c in CLAUSE_MARKS))
    for m in RULE_NEGATION.finditer(doc.text, a, start):
        if m.group().lower() == "mai" and m.end() < start and not doc.text.startswith("senza", start):
            continue  # "mai" right before the phrase is Italian only before "senza" (not "im Mai ohne ...")
        if not HOLDING_BACK.match(doc.text, m.end()) and not HELD_BACK_BEFORE.search(doc.text, a, m.start()) \
                and not FRENCH_HOLDING_BACK.search(m.group()):
            return True
    aside = NEVER_THEN_ASIDE.search(doc.text, max(doc.line_starts[doc.line_of(start) - 1], start - window), start)
    if aside and not HOLDING_BACK.match(doc.text, aside.start("tail")):
        return True  # "Never, under any circumstances, delete ... without asking": the aside between commas
    if acts is None:
        return False
    stop = CLAUSE_END.search(doc.text, end, min(len(doc.text), end + 120))
    b = stop.start() if stop else min(len(doc.text), end + 120)
    groups: list[list[bool]] = [[]]  # the steps of each clause after the phrase: is each negated?
    at = end
    for step in acts.finditer(doc.text, end, b):
        if CJK_CLAUSE_MARK.search(doc.text, at, step.start()):
            groups.append([])
        at = step.end()
        groups[-1].append(NEGATED_AFTER_ACT.match(doc.text, step.end()) is not None
                          or NEGATED_BEFORE_ACT.search(doc.text, max(0, step.start() - 8), step.start()) is not None
                          or _negation_heads(doc, max(end, step.start() - 30), step.start()))
    steps = [group for group in groups if group]
    return bool(steps) and all(any(group) for group in steps)  # (a clause's verb is one of its steps)


# The commas of a series of things named in code ("Never run `a`, `b` or `c` without asking") list objects of
# one verb; they end no clause.
SERIES_COMMA = lazy(r"(?<=`),(?=[ \t]+`)")


def _blank(match: re.Match[str]) -> str:
    return " " * len(match.group())


def _negation_heads(doc: Document, a: int, start: int) -> bool:
    """A negation right before the step, in its clause ("Without the user's OK, never push", "Ohne Rückfrage
    nichts löschen", "Без подтверждения ничего не удалять"), not of a verb of holding back."""
    if CJK_CLAUSE_MARK.search(doc.text, a, start):
        a = max(m.end() for m in CJK_CLAUSE_MARK.finditer(doc.text, a, start))
    return any(not HOLDING_BACK.match(doc.text, m.end()) and not HELD_BACK_BEFORE.search(doc.text, a, m.start())
               for m in RULE_NEGATION_NEAR.finditer(doc.text, a, start))


RULE_NEGATION_NEAR = lazy(r"\b(?:never|not|don't|do\s+not|no|nie|niemals|nicht|nichts|kein\w*|jamais|nunca|"
                          r"não|non|не|никогда|ничего|nada|nulla|rien|nothing|nie)\b", re.I)


# What a named thing does or did, not what the reader is told to do (session 7): the step is the verb of a
# relative clause or of a pronoun for a thing ("`kg sync --force`, which deleted remote branches without
# asking", "un script qui supprimait les branches sans demander", "команда, которая удаляла ветки без
# подтверждения"). An order needs the reader as its subject; the sentence may still order the thing's use, so
# this lowers an error to a warning, never further.
RELATIVE_CLAUSE = lazy(
    r"(?:\b(?:which|that|qui|que|cual|quale|che|welche[rs]?|который|которая|которое|которые)"
    r"(?:\s+(?:also|then|silently|quietly|automatically|always|simply|just|once|still|used\s+to))?"
    r")\s+(?!(?:this|these|those|thus|his|its|is|was|has|does|as|us|yes|yours)\b)"
    r"\w{2,}(?:s|ed|d|ait|aient|ía|ían|aba|aban|ava|avano|eva|evano|л|ла|ло|ли|ет|ит|ют|ят)\b[^,;:.!?\n、，；：]*"
    r"(?:,\s*)?\Z"
    # or a thing named in inline code as the subject ("`supprimer_preview` supprime ..., sans confirmation",
    # "a bug where `deploy --auto` pushed ...", "`sync --force` は ... 削除していた")
    r"|(?:^|[\n#>*:-]\s*|\b(?:the|our|a|le|la|les|notre|el|los|o|il|lo|der|die|das|unser\w*|where|when|wo|als|où|"
    r"quand|donde|cuando|onde|quando|dove|где|когда)\s+)`[^`\n]+`"
    r"(?:\s+(?:tool|command|script|job|outil|commande|herramienta|comando|ferramenta|strumento|werkzeug|befehl))?"
    r"(?:\s+(?!(?:must|should|will|doit|debe|deve|muss|soll)\b)[a-zà-ÿа-яё]{3,}\b|\s*(?:は|が|는|은|이|가))"
    r"[^,;:.!?\n。、，；：]*(?:,\s*)?\Z"
    # or a pronoun for a thing with a verb in the past, what it did (a changelog: "Previously it deleted them
    # without asking", "il supprimait les branches sans demander", "она удаляла ветки без подтверждения")
    # (not German "Sie", the formal imperative's pronoun, nor "bitte"; a Russian "-ли" only after four letters:
    # "удалили" is a past, "удали" and "пошли" are orders)
    r"|\b(?:it|they|es|er|il|elle|ils|elles|él|ella|ellos|ele|ela|eles|esso|essa|он|она|оно|они)\s+"
    r"(?:(?:also|then|still|always|silently|quietly|automatically|immer|toujours|siempre|sempre|всегда|тихо)\s+)?"
    r"(?!bitte\b)(?:\w{2,}(?:ed|ait|aient|aba|aban|ía|ían|ava|avano|eva|evano|te|ten|л|ла|ло)|\w{4,}ли)\b"
    r"(?:[^,;:.!?\n、，；：]|\n(?![ \t]*\n))*(?:,\s*)?\Z"
    # or the step as a participle whose doer is a thing named in code ("deleted by `make prune`, which ...",
    # "supprimés par `make clean`", "von `make prune` gelöscht")
    r"|\b\w{3,}(?:ed|é|és|ée|ées|ado|ados|ada|adas|ido|idos|ato|ati|ata|ate|t)\s+(?:by|par|por|da|von|durch)\s+`[^`\n]+`"
    r"(?:\s*,?\s*(?:which|that|qui|que|che|welche[rs]?|den|die|das)\b)?[^,;:.!?\n]*(?:,\s*)?\Z"
    r"|\b(?:von|durch)\s+`[^`\n]+`\s+(?:\w+\s+){0,3}?ge\w+t\b[^;:.!?\n]*\Z"
    # or a pronoun for a thing in Chinese ("它会在未经确认的情况下删除")
    r"|(?:它|该命令|该工具|该脚本|这个命令|这个工具)[^，,；;。\n]*\Z"
    # or the relative pronoun right before the phrase, its verb after it ("которая без подтверждения удаляла")
    r"|(?P<verb_after>\b(?:which|that|qui|que|che|который|которая|которое|которые))\s+\Z",
    re.I | re.M,
)


def done_by_a_thing(doc: Document, start: int, acts: Lexicon | None = None, end: int | None = None) -> bool:
    """The phrase at `start` belongs to a relative clause, or a clause of a thing named in code, whose verb
    is finite and which holds the step (`acts`): "..., which deleted remote branches without asking". A step
    ordered before that clause ("Delete the branches, which saves time, without asking") keeps its order."""
    a, b = doc.sentence_bounds(start, start, 200)
    a = max(a, wrapped_line_start(doc, start))  # (a list item's sentence may wrap over its lines)
    clause = RELATIVE_CLAUSE.search(doc.text, max(a, start - 120), start)
    if clause is None:
        return False
    stop = CLAUSE_OR_SENTENCE_END.search(doc.text, end or start, b)
    hi = stop.start() if stop else b
    prose = URL_OR_CODE.sub(lambda m: " " * len(m.group()), doc.text[a:hi])  # (a step named in code is a name)
    at = clause.start() - a  # (the clause's step may follow the phrase: "`x` は確認なしで削除していた")
    if (acts is None or acts.search(prose, at, len(prose)) is None) and STEP_STEM.search(prose, at) is None:
        return False  # the clause holds no step: "..., which saves time, without asking"
    raw = doc.text[a:start]
    opening = ORDER_OPENING.match(raw)
    if opening is None or opening.end() >= clause.start() - a:
        return True
    first = (acts.compiled() if acts is not None else STEP_STEM).match(raw, opening.end())
    return first is None or PARTICIPLE.match(raw, first.start()) is not None  # "Removed `x`, which ..."


CLAUSE_OR_SENTENCE_END = lazy(r"[,;:，；：。]")
# A step said as done, not ordered: "Removed", "Removido", "Supprimé", "Удалена", "Gelöscht".
PARTICIPLE = lazy(r"\w+(?:ed|ido|ida|idos|idas|ado|ada|é|ée|és|ées|ato|ata|ati|ate|ен|ена|ено|ены|ён|ana|t)\b", re.I)


# How an order opens before its step: a list mark, "please", "then", "now", an adverb.
ORDER_OPENING = lazy(r"[\s>*#+-]*(?:\d{1,9}[.)]\s*)?(?:(?:please|then|now|and|also|just|\w+ly|bitte|dann|"
                     r"puis|ensuite|luego|después|depois|poi|затем|потом)\s+)*", re.I)
# The stems of the steps in any inflection ("deleted", "supprimait", "удаляла").
STEP_STEM = lazy(r"\b(?:delet|remov|drop|push|deploy|publish|wip|purg|eras|destroy|truncat|overwr|merg|fusion|supprim|effac|"
                 r"pouss|publi|borr|elimin|apag|exclu|cancell|rimuov|lösch|entfern|удал|стер|стир|пуш)\w*", re.I)


# Two clauses, a leave and a rule: "No need to ask for confirmation for read-only commands; destructive commands
# always need confirmation", "Для тестов не нужно спрашивать; перед удалением всегда спрашивай", "运行测试不需要确认；
# 删除之前一定要先问". The harmful step lies only in a clause of its own (after ";" or "but") that asks for the
# user's say, with no negation and no leave of its own; a step in the leave's clause, or in a clause that only
# goes on ("...; delete old branches too"), keeps the order.
CLAUSE_SPLIT = lazy(r"[;；]|\b(?:but|except|aber|mais|pero|mas|ma|но)\b|但是?|ただし|하지만", re.I)
ASKS = lazy(r"\b(?:ask\w*|confirm\w*|(?:need|needs|require|requires|get|wait\s+for)\s+(?:\w+\s+){0,2}?(?:approval|"
            r"permission|sign-?off)|nachfrag\w*|frag\w*|bestätig\w*|demande\w*|"
            r"confirmation|pregunt\w*|confirmaci[oó]n|pergunt\w*|confirmação|chied\w*|conferma|спрашива\w*|спроси|"
            r"подтвержд\w*)\b|问|确认|確認|聞い|물어|확인", re.I)


def only_where_asked(doc: Document, match: re.Match[str], a: int, b: int, steps: Lexicon, leave: Lexicon) -> bool:
    """Every step (of `steps`) in the sentence [a, b) lies in another clause than the leave at `match`, and
    that clause asks for the user's say (ASKS) with no negation and no leave (`leave`) of its own."""
    text = doc.text
    found = False
    for step in steps.finditer(text, a, b):
        after = step.start() >= match.end()
        lo, hi = (match.end(), step.start()) if after else (step.end(), match.start())
        splits = list(CLAUSE_SPLIT.finditer(text, lo, hi))
        if not splits:
            return False
        if after:
            following = CLAUSE_SPLIT.search(text, step.end(), b)
            c_lo, c_hi = splits[-1].end(), (following.start() if following else b)
        else:
            before = list(CLAUSE_SPLIT.finditer(text, a, step.start()))
            c_lo, c_hi = (before[-1].end() if before else a), splits[0].start()
        if ASKS.search(text, c_lo, c_hi) is None or leave.search(text, c_lo, c_hi) is not None \
                or NEGATION_ANY.search(text, c_lo, c_hi) is not None:
            return False
        found = True
    return found


# The step named as a subject and forbidden by the predicate after it: "Merging without review is never allowed",
# "Löschen ohne Rückfrage ist verboten", "Supprimer sans demander est interdit", "Borrar sin preguntar está
# prohibido", "未经确认删除是不允许的", "確認なしで削除することは禁止です". A negation before the forbidding word
# ("is not forbidden", "ist nicht verboten") undoes it.
FORBIDDING = lazy(
    r"\b(?:is|are|was|were)\s+(?:never|not|nowhere)\s+(?:allowed|permitted|ok|okay|acceptable|fine|an\s+option)\b"
    r"|\b(?:is|are)\s+(?:forbidden|prohibited|banned|disallowed|not\s+allowed)\b|\bnot\s+allowed\b"
    r"|\b(?:ist|sind)\s+(?:verboten|untersagt|nicht\s+erlaubt|nicht\s+gestattet|tabu)\b|\bnie\s+erlaubt\b"
    r"|\b(?:est|sont)\s+(?:interdite?s?|proscrite?s?)\b|\bn['’](?:est|sont)\s+(?:pas|jamais)\s+(?:autorisée?s?|permise?s?)\b"
    r"|\b(?:está|están)\s+prohibid[oa]s?\b|\bno\s+(?:está|están)\s+permitid[oa]s?\b|\bse\s+prohíbe\b"
    r"|\b(?:é|são)\s+proibid[oa]s?\b|\bnão\s+(?:é|são)\s+permitid[oa]s?\b"
    r"|\b(?:è|sono)\s+vietat[oaie]\b|\bnon\s+(?:è|sono)\s+(?:consentit|permess)[oaie]\b"
    r"|\bзапрещ\w*|\bне\s+допуска\w*|\bнельзя\b"
    r"|是?(?:禁止的|不允许的?|不被允许)|禁止(?:です|されて)|許可されていません|금지(?:입니다|됩니다|되어)|허용되지\s*않", re.I)
UNDONE = lazy(r"\b(?:not|nicht|pas|no|não|non|не)\s+\Z", re.I)


def forbidden_after(doc: Document, end: int) -> bool:
    """A predicate that forbids the step follows the phrase ending at `end`, in its sentence and clause."""
    a, b = doc.sentence_bounds(end, end, 160)
    stop = CLAUSE_SPLIT.search(doc.text, end, b)
    hi = stop.start() if stop else b
    found = FORBIDDING.search(doc.text, end, hi)
    return found is not None and UNDONE.search(doc.text, max(end, found.start() - 8), found.start()) is None


# "Ask" as a request for a secret, not for the user's say: "We will never ask for your password by email", "Do not
# ask the user to paste access keys, session tokens or passwords into the chat". What is asked for is something the
# user would hand over (a secret), so the rule keeps a secret from the agent; no confirmation is skipped.
ASKED_FOR_SECRET = lazy(
    r"[ \t]+(?:(?:the\s+|a\s+|any\s+|your\s+)?(?:users?|customers?|people|anyone|someone|them|him|her|you)\s+)?"
    r"(?:for|to\s+(?:paste|enter|type|share|send|give|provide|reveal|read\s+out|tell\s+you))"
    r"\s+(?:(?:their|your|his|her|the|an?|any|full|own)\s+)*(?:[\w-]+\s+){0,2}?"
    r"(?:passwords?|passcodes?|passphrases?|pins?|pin\s+codes?|one-time\s+codes?|otps?|2fa\s+codes?|"
    r"verification\s+codes?|sms\s+codes?|(?:access|api|secret|private|session)\s+(?:keys?|tokens?)|tokens?|"
    r"credentials?|card\s+numbers?|cvv|security\s+answers?)\b", re.I)


def asks_for_a_secret(doc: Document, end: int) -> bool:
    """The ask phrase ending at `end` ("don't ask", "never ask") requests a secret from someone: a rule about
    what to ask for, not about asking for confirmation."""
    return ASKED_FOR_SECRET.match(doc.text, end) is not None
