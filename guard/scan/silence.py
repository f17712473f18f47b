"""What CON001 (conceal-from-user) holds harmless: keeping only noise from the user (progress output, logs),
withholding only what the agent may not act on, and a claim of success held back only until it is true ("don't
tell the user the task is done until the tests pass")."""
from __future__ import annotations

import re

from guard.scan.askfirst import STEP_STEM
from guard.scan.lazyre import lazy
from guard.scan.text import Document

CLAUSE_STOP = lazy(r"[;；]|\b(?:but|aber|mais|pero|mas|ma|но)\b|但", re.I)

# What is not to be told is a claim of success or a message's wording, held back until it is true: "Don't tell
# the user a task is done until the tests pass", 'Sag dem Nutzer nicht „Unbekannter Fehler“, wenn wir den Grund
# kennen', "Non dire all'utente che un'azione è riuscita prima della conferma", "テストが通るまで完了したと
# ユーザーに伝えないで". Nothing is hidden: the rule keeps the user from a false report. The told words are the
# claim (a few words after the match, or, in Japanese and Korean, right before it with the quoting particle) and a
# condition of time or truth follows; "tell the user about X until ..." or "that you deleted ..." names an act
# and stays an error.
CLAIM = lazy(
    r"\b(?:done|finished|complete|completed|ready|fixed|working|works|green|resolved|successful|succeeded|passed|"
    r"passing|erledigt|fertig|abgeschlossen|funktioniert|behoben|terminé\w*|fini\w*|réussi\w*|prêt\w*|corrigé\w*|"
    r"fonctionne|listo|lista|terminad\w*|complet\w*|resuelt\w*|funciona|pronto|pronta|conclu[íi]d\w*|resolvid\w*|"
    r"riuscit\w*|finit\w*|pront\w*|risolt\w*|funziona|готов\w*|заверш\w*|работает|исправлен\w*|успешн\w*)\b"
    r"|完成|成功|搞定|修好|完了|成功|終わ|완료|성공|끝났", re.I)

QUOTED_MESSAGE = lazy(r"\s*[\"“„«'「][^\"”“»'」\n]{1,60}[\"”“»'」]")

CONDITION = lazy(
    r"\b(?:until|unless|before|while|when|if|wenn|falls|bevor|solange|bis|quand|lorsque|si|avant|tant\s+que|"
    r"jusqu['’]|cuando|antes|hasta|mientras|quando|se|até|enquanto|prima|finché|когда|если|пока|до|прежде)\b"
    r"|之前|以前|直到|除非|如果|まで|前に|前は|場合|전에|까지|경우", re.I)

CLAIM_BEFORE = lazy(r"(?:完了|成功|終わ\w{0,2}|완료|성공|끝났)\S{0,6}?(?:と|って|다고|라고|고)\s*\Z")

ACT_TOLD = lazy(r"\b(?:upload|send|sent|post|install|download|exfiltr|copi|copy|leak|share|shar|curl|wget|chang|"
                r"modif|edit|writ|wrote|add|ran|run|execut|hochlad|schick|sende|geänd|envo|modifi|envi|sub|alter|"
                r"instal|carica|invia|отправ|загруз|измен|установ)\w*|\b(?:you|du|tu|vous|ты|вы)\b"
                r"|上传|发送|修改|安装|执行|アップロード|送信|変更|インストール|업로드|전송|변경|설치", re.I)

THAT_AFTER_COMMA = lazy(r"\A\s*,\s*(?=(?:dass|что|que|che|that)\b)", re.I)


def _few_words(gap: str) -> bool:
    """The claim follows the match after a few words ("that the task is"), no clause mark between but the
    comma German and Russian set before "dass" and "что"."""
    gap = THAT_AFTER_COMMA.sub("", gap, count=1)
    if any(mark in gap for mark in ".;:!?。，,；："):
        return False
    words = gap.split()
    return len(words) <= 6 and all(len(word) <= 24 for word in words)


def _premature_claim(doc: Document, start: int, end: int) -> bool:
    a, b = doc.sentence_bounds(start, end, 200)
    text = doc.text
    quoted = QUOTED_MESSAGE.match(text, end)
    if quoted is not None:
        return ACT_TOLD.search(text, end, quoted.end()) is None and CONDITION.search(text, quoted.end(), b) is not None
    claim = CLAIM.search(text, end, min(b, end + 80))
    if claim is not None and _few_words(text[end:claim.start()]) \
            and ACT_TOLD.search(text, end, claim.start()) is None and STEP_STEM.search(text, end, claim.start()) is None:
        return CONDITION.search(text, claim.end(), b) is not None
    if CLAIM_BEFORE.search(text, max(a, start - 16), start) is not None:
        return CONDITION.search(text, a, start) is not None
    return False

# Session 8's open question, decided by what the sentence hides and whether it names a harmful act: "Don't tell
# the user about minor lint warnings", "Don't list every minor lint warning in your summary" keep the linter's
# noise (a lint, style or type checker's warnings) out of a report and name no act of the agent, no secret, no
# safeguard. That is a report's style, not concealment: a warning, never nothing (the words still say "don't
# tell"). Anything else in the clause (an act, a change, a secret, the guard, errors) keeps the error.
NOISE = lazy(
    r"(?:\b(?:lint\w*|linter|style|stylistic|formatting|format|cosmetic|clippy|mypy|eslint|rubocop|ktlint|pylint|"
    r"flake8|ruff|prettier|swiftlint|golangci-lint|stil\w*|estilo|stile|formatage|линтер\w*|стил\w*)\b|린트|스타일|"
    r"lint)[^.;:!?\n。；]{0,24}?(?:\b(?:warnings?|nits?|hints?|remarks?|avertissements?|advertencias?|avisos?|avvis[oi]|"
    r"warnung\w*|hinweis\w*|предупрежден\w*|замечани\w*)\b|警告|경고|指摘)"
    r"|\b(?:minor|small|trivial)\s+(?:style|lint|formatting)\s+(?:nits?|issues?)\b|\bnits?\b|\bnitpicks?\b"
    r"|\b(?:avertissements?|advertencias?|avisos?|avvis[oi]|предупреждени\w*)\s+(?:\w+\s+){0,2}"
    r"(?:de|del|di|do|da)?\s*(?:lint\w*|mypy|clippy|estilo|stile|style|линтер\w*)", re.I)

NOT_NOISE = lazy(
    r"\b(?:errors?|failures?|failed|fails|security|secrets?|tokens?|keys?|passwords?|credentials?|kguard|guard|hooks?|"
    r"scan\w*|changes?|edits?|commands?|steps?|scripts?|files?\s+you\s+(?:changed|added|deleted|wrote)|upload\w*|"
    r"send\w*|sent|curl|wget|network|install\w*|\.env|ssh|fehler|erreur\w*|error\w*|errori|ошибк\w*)\b"
    r"|错误|エラー|오류|" + r"\b(?:delet|remov|push|deploy|publish|wip|purg|destroy|lösch|supprim|borr|elimin|cancell|удал)\w*",
    re.I)


def noise_only(doc: Document, start: int, end: int) -> bool:
    """The clause of the match at [start, end) keeps only a linter's warnings from the report."""
    a, b = doc.sentence_bounds(start, end, 200)
    stop = CLAUSE_STOP.search(doc.text, end, b)
    b = stop.start() if stop else b
    return NOISE.search(doc.text, a, b) is not None and NOT_NOISE.search(doc.text, a, b) is None

# What a shipped assistant keeps from the people it serves: the company's internals, other people's data,
# secrets, raw technical detail ("Do not tell the user internal ticket numbers", "Ne montre pas à l'utilisateur
# les traces de pile brutes", "不要告诉用户内部工单编号", "Never tell the user the database password"). Keeping
# those back hides nothing the agent did; with no act, change, file or deictic of the agent's in the clause it
# is a warning, never nothing.
WITHHELD = lazy(
    r"\b(?:internal|confidential|proprietary|staff|employees?|colleagues|other\s+(?:users?|customers?|clients?)|"
    r"pricing|prices|discounts?|margins?|ticket\s+numbers?|stack\s*traces?|traces?|hostnames?|ids?|passwords?|"
    r"secrets?|credentials?|api\s+keys?|tokens?|intern\w*|vertraulich\w*|mitarbeiter\w*|stacktraces?|interne?s?|"
    r"confidentiel\w*|personnel|traces?\s+de\s+pile|mots?\s+de\s+passe|interno|interna|internos|internas|"
    r"confidencial\w*|empleados|trazas|contraseñas?|funcionários|senhas?|riservat\w*|dipendenti|внутренн\w*|"
    r"конфиденциальн\w*|сотрудник\w*|стектрейс\w*|парол\w*|токен\w*)\b"
    r"|内部|机密|员工|堆栈|密码|令牌|社内|機密|社員|スタックトレース|パスワード|내부|기밀|직원|스택|비밀번호", re.I)

AGENT_ACT = lazy(
    r"\b(?:you|your|du|dein\w*|tu|tes|ton|ta|vous|usted|você|tú|ты|твои\w*|ты|this|that|these|those|it|them|"
    r"above|following|file|files|changes?|edits?|commands?|steps?|scripts?|actions?|dies\w*|das|es|ceci|cela|ça|"
    r"esto|eso|isto|isso|questo|quello|это|эти|этот)\b|你|这|あなた|この|당신|이것"
    r"|" + r"\b(?:delet|remov|push|deploy|publish|upload|send|sent|install|download|chang|modif|edit|wr[io]t|ran|run|"
    r"execut|lösch|änder|install|supprim|envo|modifi|borr|envi|cambi|apag|alter|cancell|invi|удал|отправ|измен|"
    r"установ|запуст)\w*|删除|发送|上传|修改|安装|执行|削除|送信|変更|実行|삭제|전송|변경|실행", re.I)


def withheld_only(doc: Document, start: int, end: int) -> bool:
    """The clause after the match at [start, end) keeps back only confidential material, naming no act of the
    agent's (CJK: the clause before the match too, where the object stands)."""
    a, b = doc.sentence_bounds(start, end, 200)
    stop = CLAUSE_STOP.search(doc.text, end, b)
    b = stop.start() if stop else b
    lo = a if ord(doc.text[start]) >= 0x2E80 or not doc.text.isascii() else end
    told = doc.text[lo:start] + " " + doc.text[end:b] if lo < start else doc.text[end:b]
    return WITHHELD.search(told) is not None and AGENT_ACT.search(told) is None
