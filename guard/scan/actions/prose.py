"""Flows written as prose, in any language: a step (a list item, a table row, a sentence) that sends to a host
that is not the project's, and a secret, the agent's instructions or the repository named in the same step or
in another step of the same section (or of a section it points to by its title). What must be named is read
(URLs, addresses, secret files and variables); the words are only the few that say "send" and name a secret
or the repository, in the ten languages."""
from __future__ import annotations

from guard.scan.lazyre import lazy

import re
from bisect import bisect_right

from guard.scan.actions import hosts
from guard.scan.actions.model import SECRET_VAR
from guard.scan.context import negated_in_clause, quoted_mention, reported_request

TYPE_CHECKING = False
if TYPE_CHECKING:
    from guard.scan.actions.flows import Walk
    from guard.scan.text import Document

HEADING = lazy(r"^[ \t]{0,3}#{1,6}[ \t]+(.+?)[ \t#]*$", re.M)
STEP_END = lazy(r"\n[ \t]*(?:[-*+]|\d{1,3}[.)]|\|)[ \t]|\n[ \t]*\n|(?<=[.!?。！？])[ \t]+(?=\S)")
SINK_VERB = lazy(
    r"\b(?:send|sends|sending|post|upload|uploads|uploading|push|pushes|pushing|mirror|mirrors|mirroring|sync|"
    r"forward|transmit\w*|submit|copy\s+(?:it|them|this)|back\s+up|replicate|exfiltrate|beacon|paste|leak"
    r"|schick\w*|sende|senden|übertrag\w*|übermittel\w*|hochlad\w*|lade\w*\s+\S+\s+hoch|spiegel\w*|pushe\w*|"
    r"weiterleit\w*"
    r"|envoy\w*|envoi\w*|envoie\w*|envi(?:a|e|ar|ou|ado|ó|é)\b|téléverse\w*|pousse\w*|transmet\w*|copie\w*|partage\w*|synchronis\w*|sauvegard\w*|"
    r"sube|subir|suba|empuj\w*|transmit\w*|copia\w*|compart\w*|reenv\w*|sincroniz\w*|respald\w*|carregu\w*|"
    r"encaminh\w*|invia\w*|inviare|carica\w*|trasmett\w*|condivid\w*|inoltr\w*|spingi\w*"
    r"|отправ\w*|загруз\w*|перед\w*|скопир\w*|перешл\w*|запуш\w*|синхрониз\w*|выгруз\w*)"
    r"|发送|上传|推送|传到|复制到|同步到|转发|提交到|発送|送信|送って|送る|アップロード|プッシュ|転送|同期|コピー|"
    r"전송|보내|업로드|푸시|동기화|복사", re.I)
SECRET_WORDS = lazy(
    r"(?<![\w-])(?:\.env\b(?!\.example|\.sample)|id_(?:rsa|ed25519|ecdsa)\b(?!\.pub)|\.ssh/|\.aws/credentials|\.netrc|"
    r"\.npmrc|\.pypirc|\.git-credentials|\.kube/config|(?:api|access|secret|private|ssh)[\s_-]?keys?|"
    r"secrets?|passwords?|tokens?|credentials?|environment\s+variables|env\s+vars"
    r"|passw[oö]rt\w*|geheimnis\w*|zugangsdaten|schlüssel\w*|umgebungsvariablen|mots?\s+de\s+passe|jetons?|"
    r"identifiants|clés?\s+(?:api|ssh|privées?|secrètes?)|contraseñas?|secretos?|credenciales|claves?\s+(?:api|ssh|"
    r"privadas?)|senhas?|segredos?|credenciais|chaves?\s+(?:api|ssh|privadas?)|credenziali|segreti|chiavi\s+(?:api|"
    r"ssh|private)|парол\w*|секрет\w*|токен\w*|ключ\w*|учётн\w*|учетн\w*)"
    r"|密码|密钥|令牌|凭据|凭证|秘密|パスワード|秘密鍵|トークン|認証情報|シークレット|비밀번호|토큰|비밀\s?키|자격\s?증명|시크릿",
    re.I)
CONTEXT_WORDS = lazy(
    r"(?<![\w-])(?:system\s+prompt|(?:your|the)\s+instructions|conversation|chat\s+history|CLAUDE\.md|AGENTS\.md|"
    r"Systemprompt|Anweisungen|Unterhaltung|invite\s+système|consignes|conversación|instrucciones|conversa|instruções|"
    r"conversazione|istruzioni|системн\w*\s+промпт|инструкци\w*|переписк\w*)"
    r"|系统提示|对话|システムプロンプト|会話|指示|시스템\s?프롬프트|대화|지침", re.I)
REPO_WORDS = lazy(
    r"(?<![\w-])(?:repo|repos|repository|repositories|codebase|source\s+code|Repo(?:sitory)?s?|Quellcode|dépôt|"
    r"code\s+source|repositorio|código\s+fuente|repositório|código-fonte|sorgente|репозитори\w*|исходн\w+\s+код\w*)"
    r"|仓库|代码库|源代码|リポジトリ|ソースコード|저장소|리포지토리|소스\s?코드", re.I)
PUSH = lazy(r"push|mirror|spiegel|pousse|empuj|spingi|запуш|推送|プッシュ|푸시|sync|synchron|sincroniz", re.I)
GIT_URL = lazy(r"\.git(?:/|$)|^git@|^ssh://|^git://", re.I)


def steps(doc: Document) -> list[tuple[int, int, int]]:
    """(start, end, section) of every step; sections are numbered by the headings above them."""
    text = doc.text
    heads = [m.start() for m in HEADING.finditer(text)]
    found: list[tuple[int, int, int]] = []
    start = 0
    for cut in [*STEP_END.finditer(text), None]:
        end = cut.start() if cut is not None else len(text)
        if text[start:end].strip():
            found.append((start, end, bisect_right(heads, start)))
        if cut is not None:
            start = cut.end() if cut.group().strip() not in ("-", "*", "+", "|") and cut.group()[-1] != " " \
                else cut.start() + 1
    return found


def addresses(doc: Document) -> list[tuple[int, int, str, hosts.Host]]:
    """Every URL, scp-like address and mail address of the document, once (ACT007 reads them too)."""
    found = doc.cache.get("action-addresses")
    if found is None:
        found = doc.cache["action-addresses"] = sorted(hosts.urls(doc.text) + (_emails(doc.text, 0) if "@" in doc.text else []))
    return found  # type: ignore[return-value]


def prose_flows(doc: Document, walk: Walk, in_commands: list[tuple[int, int]]) -> list[tuple[int, int, str, str, str]]:
    text = doc.text
    wanted = [a for a in addresses(doc) if not any(lo <= a[0] < hi for lo, hi in in_commands)
              and SINK_VERB.search(text, *_paragraph(text, a[0])) is not None]  # (a step lies in its paragraph)
    if not wanted:
        return []
    all_steps = steps(doc)
    starts = [step[0] for step in all_steps]
    titles = [(m.group(1).strip().lower(), i + 1) for i, m in enumerate(HEADING.finditer(text))]
    fenced = doc.fenced_lines
    memo: dict[int, list[tuple[int, str]]] = {}
    found = []
    for at, stop, url, _ in wanted:
        number = bisect_right(starts, at) - 1
        start, end, section = all_steps[number]
        step = text[start:end]
        verb = SINK_VERB.search(step)
        if verb is None or doc.line_of(at) in fenced or walk.trusted(url):
            continue  # (code blocks are read as commands)
        if negated_in_clause(doc, at) or reported_request(doc, at, stop):
            continue
        linked = {s for title, s in titles if len(title) >= 4 and title in step.lower() and s != section}
        near = [n for n in range(max(0, number - 2), number) if all_steps[n][2] == section]
        near += [n for n, other in enumerate(all_steps) if other[2] in linked]
        near_named = [m for n in near for _, m in _mentions(doc, all_steps[n], n, memo)]
        email = "://" not in url and "@" in url and ":" not in url
        repo = not email and (GIT_URL.search(url.split("?")[0]) or PUSH.search(verb.group())
                              and REPO_WORDS.search(step))
        # In the step itself, a secret named after the URL that follows the verb is what the send uses
        # ("uploads reports to URL using the token"), not what it sends; in SOV order the verb comes last.
        here = [m for where, m in _mentions(doc, all_steps[number], number, memo)
                if where < at or verb.start() + start > at]
        named = here + near_named
        severity = "warning" if quoted_mention(doc, at, stop) else "error"
        if repo and not any(w in step.lower() for w in ("clone", "pull", "fetch", "download")):
            found.append((at, stop, "ACT002", f"the repository sent ({verb.group()}) to {url}, which is not "
                                              "the project's", severity))
        elif here if email else named:
            found.append((at, stop, "ACT001", f"{named[0]} sent ({verb.group()}) to {url}, which is not "
                                              "the project's", severity))
    return found


def _paragraph(text: str, at: int) -> tuple[int, int]:
    lo = text.rfind("\n\n", 0, at)
    hi = text.find("\n\n", at)
    return lo + 1, hi if hi >= 0 else len(text)


def _mentions(doc: Document, step: tuple[int, int, int], number: int,
              memo: dict[int, list[tuple[int, str]]]) -> list[tuple[int, str]]:
    """(where, what): the secrets, secret variables and agent's instructions a step names, not negated."""
    if number not in memo:
        start, end, _ = step
        memo[number] = [(match.start(), f"{what} ({match.group().strip()})")
                        for pattern, what in ((SECRET_WORDS, "a secret"), (SECRET_VAR, "a secret variable"),
                                              (CONTEXT_WORDS, "the agent's own instructions"))
                        for match in pattern.finditer(doc.text, start, end)
                        if not negated_in_clause(doc, match.start())]
    return memo[number]


def _emails(text: str, base: int) -> list[tuple[int, int, str, hosts.Host]]:
    """Mail addresses, found from each "@" (EMAIL tried only there)."""
    found = []
    at = text.find("@")
    while at >= 0:
        lo = at
        while lo > 0 and (text[lo - 1].isalnum() or text[lo - 1] in "._+-"):
            lo -= 1
        match = hosts.EMAIL.match(text, lo) if lo < at else None
        if match is not None:
            host = hosts.parse("mailto://" + match.group(1))
            if host is not None:
                found.append((base + match.start(), base + match.end(), match.group(), host))
        at = text.find("@", at + 1)
    return found
