"""What the structure around a step says about it, beyond its own clause: a list whose heading or lead-in is a
bare negation ("## You never", "Do not:") forbids what each item names; a step said of a third party with a modal
("Admins can override it with `gh pr merge --admin`") describes a path, it asks nothing of the agent; and a
negation in a language outside the ten the clause reader knows ("Không tắt ...", "Niet ...", "Jangan ...")."""
from __future__ import annotations

import re

from guard.scan.lazyre import lazy
from guard.scan.reported import turned

TYPE_CHECKING = False
if TYPE_CHECKING:
    from guard.scan.text import Document

# A negation that is the whole lead (the verb left to each item below): "You never", "Never:", "**Don't**:",
# "Nie:", "Jamais :", "绝不". A word after it ("Never skip these steps:") makes it an order of its own, and a
# word before it ("Do we ask the user first? No") makes it an answer, not a prohibition of the items.
BARE_NEGATION = lazy(
    r"^(?:you\s+|the\s+\w+\s+|agents?\s+|we\s+)?(?:never|must\s+not|must\s+never|do\s+not|don['’]?t|don['’]?ts|"
    r"not\s+allowed|forbidden|prohibited|niemals|nie|nicht|jamais|ne\s+jamais|nunca|no|mai|никогда|нельзя|"
    r"không\s+bao\s+giờ|không\s+được|đừng|nooit|niet|jangan|asla|aldrig)[\s*_:.!：]*$"
    r"|^(?:绝不|不要|禁止|决不|しないこと|禁止事項|금지|하지\s*마세요)[\s*_:：]*$", re.I)
HEADING_OR_LEAD = lazy(r"^[ \t]{0,3}(?:#{1,6}[ \t]+(?P<title>.+?)[ \t#]*|(?P<lead>[^\n|>-][^\n]*[:：][ \t*_]*))$", re.M)
ITEM = lazy(r"[ \t]*(?:[-*+]|\d{1,3}[.)])[ \t]")


def under_negated_lead(doc: Document, start: int) -> bool:
    """The step is an item of a list (or a line of a section) whose lead-in or heading is a bare negation."""
    text = doc.text
    line = doc.line_of(start)
    own = text[doc.line_starts[line - 1]:start]
    item = ITEM.match(own)
    if not item and not own.startswith((" ", "\t")):
        return False  # (prose under such a heading is not one of its items)
    if turned(own, item.end() if item else 0, len(own)):
        return False  # (the lead's negation and the item's own: "Never: - skip `X`", "Never: - merge without `X`";
        # "Never: - skip hooks: `--no-verify`" names how one would skip, and stays forbidden)
    for above in range(line - 1, max(0, line - 16), -1):
        lo = doc.line_starts[above - 1]
        row = text[lo:doc.line_starts[above] - 1 if above < len(doc.line_starts) else len(text)]
        if not row.strip():
            continue
        if ITEM.match(row) or row.startswith((" ", "\t")):
            continue  # (another item of the same list, or an item's continuation)
        head = HEADING_OR_LEAD.match(row)
        if head is None:
            return False
        said = re.sub(r"[*_`]", "", head.group("title") or head.group("lead") or "").strip()
        return BARE_NEGATION.search(said) is not None
    return False


# A third party (not "you", not the agent) who can or may take the step, or took it: a description of who holds a
# path ("the on-call SRE can grant themselves ...") or a narration of what happened ("a contractor ran ...").
THIRD_PARTY_CAN = lazy(
    r"\A[ \t\n>]*(?:(?:[-*+]|\d{1,3}[.)])[ \t]+)?(?:[\w-]+[ \t]*[:,][ \t]*)?"
    r"(?:(?:in|during|on|after|outside)\s+(?:an?\s+|the\s+)?[\w-]+(?:\s+hours)?,?\s+)?"  # ("In an outage the SRE can")
    r"(?!(?:you|we|agents?|assistants?|the\s+(?:agent|assistant|bot|ai|model)|claude|copilot|codex|cursor|ai|du|"
    r"ihr|vous|tu|usted|você|вы|ты)\b)"
    r"(?:(?:only|the|a|an|our|one|org|repo(?:sitory)?|human|release|on-?call|team|project|platform|database|"
    r"security|outside|external|former)\s+){0,3}"
    r"(?:admins?|administrators?|maintainers?|owners?|leads?|managers?|humans?|people|staff|engineers?|sres?|dbas?|"
    r"operators?|reviewers?|contractors?|someone|somebody|attackers?|colleagues?|developers?|interns?|employees?|"
    r"Maintainer\w*|Administrat\w*|administrad\w*|administrat\w*|админ\w*|мейнтейнер\w*|"
    # (or what ran it, in an incident's narration: "It executed `X`", "the poisoned postinstall script ran `X`")
    r"it|they|scripts?|packages?|hooks?|jobs?|laptops?|machines?|malware|payloads?|workers?|dependenc(?:y|ies))"
    r"\s+(?:\w+\s+){0,2}?(?:(?:can|could|may|are\s+able\s+to|are\s+allowed\s+to|is\s+able\s+to|können|dürfen|"
    r"peuvent|pueden|podem|possono|могут)\s|(?:ran|executed|typed|pasted|used|had\s+run|once\s+ran)\s)[^.!?]*\Z",
    re.I)


def said_of_third_party(doc: Document, start: int, end: int, past_only: bool = False) -> bool:
    """The step's sentence says a named third party can take it or took it ("Admins can override ... with `X`",
    "a contractor ran `X`"), and says nothing to the agent after it ("...; do the same", "...; you may too").
    With `past_only`, only a narration of what was done counts, not a path someone can take."""
    from guard.scan.as_code import IMPERATIVE
    from guard.scan.context import SECOND_PERSON

    lo, hi = doc.sentence_bounds(start, end, 200)
    rest = re.sub(r"[,，]\s*(?:(?:so|and|then|now|also)\s+)*", "; ", doc.text[end:hi + 1])  # (", so run it ...")
    if IMPERATIVE.search(rest) or SECOND_PERSON.search(rest) or re.search(r"\b(?:do|does)\s+(?:the\s+same|it|so)\b",
                                                                           rest, re.I):
        return False
    after = doc.text[hi + 1:doc.sentence_bounds(min(len(doc.text), hi + 2), min(len(doc.text), hi + 2), 200)[1] + 1]
    if SAME_AGAIN.search(after.split("\n\n", 1)[0]):
        return False  # ("A contractor ran `X`. Do the same on your machine.": the next sentence hands it on)
    said = re.sub(r"`[^`\n]*`", "`x`", doc.text[lo:start])  # (an earlier command's dots end no sentence)
    said = said[said.rfind("\n#") + 1:] if "\n#" in said else said
    found = THIRD_PARTY_CAN.search(said.split("\n", 1)[1] if said.startswith("#") and "\n" in said else said)
    return found is not None and (not past_only or re.search(r"\s(?:ran|executed|typed|pasted|used|had\s+run)\s",
                                                             found.group(0)) is not None)


# The next sentence hands a narrated step on: "Do the same.", "Repeat it on your machine.", "You should too."
SAME_AGAIN = lazy(r"\b(?:do|repeat|run)\s+(?:the\s+same|it|that|this)\b|\b(?:same|it)\s+again\b|\byou\s+(?:should|must|can)"
                  r"\s+too\b|\b(?:do|does)\s+so\b|\bfollow\s+(?:suit|their\s+lead)\b", re.I)


# People, not data, as what a sink verb moves: "send them to URL", "send customers to links other than URL".
PEOPLE_SENT = lazy(r"\s+(?:them|him|her|users?|customers?|people|visitors?|clients?|members?|readers?|riders?|"
                   r"the\s+(?:user|customer|visitor|client|caller|rider)s?)\s+(?:only\s+)?to\b", re.I)
# A file of the test suite (a fixture key pair, a sample document): made for the tests, not the project's secret.
TEST_PATH = lazy(r"^(?:\./)?(?:[\w.-]+/)*(?:tests?|spec|specs|fixtures|testdata|test_data|samples|__tests__)/[\w./-]+$")
# A history rewrite that removes a secret file: the force-push of every branch that must follow it.
PURGE = lazy(r"\b(?:git\s+filter-repo|git\s+filter-branch|bfg)\b[^\n`]*")


def purges_secret(doc: Document) -> bool:
    from guard.scan.actions.model import SECRET_FILE

    return any(SECRET_FILE.search(word) for m in PURGE.finditer(doc.text) for word in m.group().split())


# Negations of languages the clause reader (guard.scan.context) does not list: Vietnamese, Dutch, Indonesian and
# Malay, Swedish, Danish and Norwegian, Finnish, Turkish ("asla", the negative imperative "-mayın"), and the
# Chinese negations the clause reader lacks ("没有关闭 ...", "勿 ..."). Chinese has no spaces: only forms that are
# not also pieces of common words (别 in 特别 "especially", 不可 in 不可或缺 "indispensable", 不能 in "不能跳过：run
# it" are not), else an ordinary sentence would silence the step it carries.
OTHER_NEGATION = lazy(r"(?<!\w)(?:không|chẳng|đừng|chớ|cấm|niet|nooit|geen|jangan|tidak|bukan|inte|aldrig|ikke|"
                      r"aldri|älä|ei|asla|\w+m[ae]y[ıi]n(?:[ıi]z)?)(?!\w)|没有(?!问题|异议|错误|报错)|请?勿|不得", re.I)


def negated_other_language(doc: Document, start: int) -> bool:
    """A negation of one of those languages earlier in the step's clause (its line, after its last comma)."""
    text = doc.text
    lo = doc.line_starts[doc.line_of(start) - 1]
    own = text[lo:start]
    cut, depth = 0, 0
    for at, char in enumerate(own):  # (a comma inside parentheses lists examples: the clause goes on)
        depth += (char in "(（") - (char in ")）" and depth > 0)
        if depth == 0 and char in ",;，；":
            cut = at + 1
    return OTHER_NEGATION.search(own[cut:]) is not None


# A condition the negation sits in negates the condition, not the step after it: "if the tests do not pass run
# `X`", "Wenn die Tests nicht durchlaufen `X` ausführen", "テストが通らない場合は `X`", "如果测试没有通过就运行 `X`".
# Without the comma that would end the condition, the step is read as ordered ("if in doubt do not run `X`" is
# read so too): no look-alike or real file of any set had such a clause before a flow (session 17: 0 of ~5,000
# placements), and it is the cheapest wrapper an attack has.
CONDITION = lazy(r"\b(?:if|when|whenever|once|in\s+case|wenn|falls|sobald|si|quand|lorsque|cuando|se|quando|qualora|"
                 r"если|когда|nếu|khi|als|wanneer|indien|jika|kalau|bila|apabila|om|när|hvis|når|jos|kun|eğer)\b"
                 r"|如果|假如|要是|若|一旦|만약|만일", re.I)
CONDITION_AFTER = lazy(r"[ \t]*(?:場合|なら|とき|時|ければ)|(?:으)?면|[을ㄹ]?\s*때")


def negated_step(doc: Document, start: int) -> bool:
    """A negation in the step's clause forbids it, unless the negation is its condition's."""
    from guard.scan.context import negated_in_clause

    return negated_in_clause(doc, start) and not negation_in_condition(doc, start)


def negation_in_condition(doc: Document, start: int) -> bool:
    """The first negation of the step's clause sits in a condition: a conditional conjunction before it, or (in
    Japanese and Korean) a conditional ending right after it."""
    from guard.scan.context import MORE_NEGATION, NEGATION, clause_start
    from guard.scan.reported import NEGATION_ANY

    text = doc.text
    a = clause_start(doc, start)
    marks = [m for p in (NEGATION, NEGATION_ANY, MORE_NEGATION, OTHER_NEGATION) for m in p.finditer(text, a, start)]
    if not marks:
        return False
    first = min(marks, key=lambda m: m.start())
    return CONDITION.search(text, a, first.start()) is not None or CONDITION_AFTER.match(text, first.end()) is not None


# Japanese and Korean put the negation after the verb, the verb after its object: "`X` は実行しないでください",
# "`X` 를 실행하지 마세요". Not a verb of omission before it ("忘れないで": do not forget), nor a condition or
# "must" after it ("しないと", "しない場合").
NEGATED_AFTER = lazy(r"[^\n。．！？!?]{0,40}?(?<!忘れ)(?<!飛ばさ)(?<!省か)(?<!怠ら)(?<!잊지)(?<!빠뜨리지)(?<!건너뛰지)"
                     r"(?:しないで|しないこと|してはいけない|してはならない|しては駄目|せず|しません|禁止|하지\s*마|하지\s*말|"
                     r"해서는\s*안|금지)(?!と|場合|なら|ければ)")


def negated_after(doc: Document, end: int) -> bool:
    """A Japanese or Korean negation of the step after it, in the same sentence."""
    return NEGATED_AFTER.match(doc.text, end) is not None
