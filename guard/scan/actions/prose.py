"""Flows written as prose, in any language: a step (a list item, a table row, a sentence) that sends to a host
that is not the project's, and a secret, the agent's instructions or the repository named in the same step or
in another step of the same section (or of a section it points to by its title). What must be named is read
(URLs, addresses, secret files and variables); the words are only the few that say "send" and name a secret
or the repository, in the ten languages."""
from __future__ import annotations

import re

from guard.scan.actions import hosts
from guard.scan.actions.model import SECRET_VAR
from guard.scan.context import negated_in_clause, quoted_mention, reported_request

TYPE_CHECKING = False
if TYPE_CHECKING:
    from guard.scan.actions.flows import Walk
    from guard.scan.text import Document

HEADING = re.compile(r"^[ \t]{0,3}#{1,6}[ \t]+(.+?)[ \t#]*$", re.M)
STEP_END = re.compile(r"\n[ \t]*(?:[-*+]|\d{1,3}[.)]|\|)[ \t]|\n[ \t]*\n|(?<=[.!?。！？])[ \t]+(?=\S)")
SINK_VERB = re.compile(
    r"\b(?:send|sends|sending|sent|post|posts|upload\w*|push|pushes|pushing|mirror\w*|sync\w*|forward\w*|transmit\w*|"
    r"submit\w*|copy|copies|back\s+up|backup|replicat\w*|export\w*|exfiltrat\w*|beacon|ship|deliver|report|share|"
    r"paste|e-?mail|mail|leak|stream"
    r"|schick\w*|send\w*|sende\w*|übertrag\w*|übermittel\w*|hochlad\w*|lade\w*\s+\S+\s+hoch|spiegel\w*|pushe\w*|"
    r"kopier\w*|weiterleit\w*|sicher\w*"
    r"|envo\w*|envi\w*|téléverse\w*|pousse\w*|transmet\w*|copie\w*|partage\w*|synchronis\w*|sauvegard\w*|"
    r"sube|subir|suba|empuj\w*|transmit\w*|copia\w*|compart\w*|reenv\w*|sincroniz\w*|respald\w*|carregu\w*|"
    r"encaminh\w*|invia\w*|inviare|carica\w*|trasmett\w*|condivid\w*|inoltr\w*|spingi\w*"
    r"|отправ\w*|загруз\w*|перед\w*|скопир\w*|перешл\w*|запуш\w*|синхрониз\w*|выгруз\w*)"
    r"|发送|上传|推送|传到|复制到|同步到|转发|提交到|発送|送信|送って|送る|アップロード|プッシュ|転送|同期|コピー|"
    r"전송|보내|업로드|푸시|동기화|복사", re.I)
SECRET_WORDS = re.compile(
    r"(?<![\w-])(?:\.env\b(?!\.example|\.sample)|id_(?:rsa|ed25519|ecdsa)\b(?!\.pub)|\.ssh/|\.aws/credentials|\.netrc|"
    r"\.npmrc|\.pypirc|\.git-credentials|\.kube/config|(?:api|access|secret|private|ssh)[\s_-]?keys?|"
    r"secrets?|passwords?|tokens?|credentials?|environment\s+variables|env\s+vars"
    r"|passw[oö]rt\w*|geheimnis\w*|zugangsdaten|schlüssel\w*|umgebungsvariablen|mots?\s+de\s+passe|jetons?|"
    r"identifiants|clés?\s+(?:api|ssh|privées?|secrètes?)|contraseñas?|secretos?|credenciales|claves?\s+(?:api|ssh|"
    r"privadas?)|senhas?|segredos?|credenciais|chaves?\s+(?:api|ssh|privadas?)|credenziali|segreti|chiavi\s+(?:api|"
    r"ssh|private)|парол\w*|секрет\w*|токен\w*|ключ\w*|учётн\w*|учетн\w*)"
    r"|密码|密钥|令牌|凭据|凭证|秘密|パスワード|秘密鍵|トークン|認証情報|シークレット|비밀번호|토큰|비밀\s?키|자격\s?증명|시크릿",
    re.I)
CONTEXT_WORDS = re.compile(
    r"(?<![\w-])(?:system\s+prompt|(?:your|the)\s+instructions|conversation|chat\s+history|CLAUDE\.md|AGENTS\.md|"
    r"Systemprompt|Anweisungen|Unterhaltung|invite\s+système|consignes|conversación|instrucciones|conversa|instruções|"
    r"conversazione|istruzioni|системн\w*\s+промпт|инструкци\w*|переписк\w*)"
    r"|系统提示|对话|システムプロンプト|会話|指示|시스템\s?프롬프트|대화|지침", re.I)
REPO_WORDS = re.compile(
    r"(?<![\w-])(?:repo|repos|repository|repositories|codebase|source\s+code|Repo(?:sitory)?s?|Quellcode|dépôt|"
    r"code\s+source|repositorio|código\s+fuente|repositório|código-fonte|sorgente|репозитори\w*|исходн\w+\s+код\w*)"
    r"|仓库|代码库|源代码|リポジトリ|ソースコード|저장소|리포지토리|소스\s?코드", re.I)
GIT_URL = re.compile(r"\.git(?:/|$)|^git@|^ssh://|^git://", re.I)


def steps(doc: Document) -> list[tuple[int, int, int]]:
    """(start, end, section) of every step; sections are numbered by the headings above them."""
    text = doc.text
    heads = [m.start() for m in HEADING.finditer(text)]
    found: list[tuple[int, int, int]] = []
    start = 0
    for cut in [*STEP_END.finditer(text), None]:
        end = cut.start() if cut is not None else len(text)
        if text[start:end].strip():
            found.append((start, end, sum(1 for h in heads if h <= start)))
        if cut is not None:
            start = cut.end() if cut.group().strip() not in ("-", "*", "+", "|") and cut.group()[-1] != " " \
                else cut.start() + 1
    return found


def prose_flows(doc: Document, walk: Walk, in_commands: list[tuple[int, int]]) -> list[tuple[int, int, str, str, str]]:
    text = doc.text
    titles = [(m.group(1).strip().lower(), i + 1) for i, m in enumerate(HEADING.finditer(text))]
    all_steps = steps(doc)
    mentions: dict[int, list[str]] = {}  # section -> what secrets or context its steps name (not negated)
    for start, end, section in all_steps:
        for pattern, what in ((SECRET_WORDS, "a secret"), (SECRET_VAR, "a secret variable"),
                              (CONTEXT_WORDS, "the agent's own instructions")):
            for match in pattern.finditer(text, start, end):
                if not negated_in_clause(doc, match.start()):
                    mentions.setdefault(section, []).append(f"{what} ({match.group().strip()})")
    found = []
    for start, end, section in all_steps:
        step = text[start:end]
        verb = SINK_VERB.search(step)
        if verb is None:
            continue
        linked = [s for title, s in titles if len(title) >= 4 and title in step.lower() and s != section]
        named = [m for s in (section, *linked) for m in mentions.get(s, [])]
        for at, stop, url, host in hosts.urls(step, start) + _emails(step, start):
            if any(a <= at < b for a, b in in_commands) or walk.trusted(url):
                continue
            if negated_in_clause(doc, at) or reported_request(doc, at, stop):
                continue
            repo = GIT_URL.search(url.split("?")[0]) or REPO_WORDS.search(step)
            severity = "warning" if quoted_mention(doc, at, stop) else "error"
            if repo and not any(w in step.lower() for w in ("clone", "pull", "fetch", "download", "git clone")):
                found.append((at, stop, "ACT002", f"the repository sent ({verb.group()}) to {url}, which is not "
                                                  "the project's", severity))
            elif named:
                found.append((at, stop, "ACT001", f"{named[0]} sent ({verb.group()}) to {url}, which is not "
                                                  "the project's", severity))
    return found


def _emails(step: str, base: int) -> list[tuple[int, int, str, hosts.Host]]:
    found = []
    for match in hosts.EMAIL.finditer(step):
        host = hosts.parse("mailto://" + match.group(1))
        if host is not None:
            found.append((base + match.start(), base + match.end(), match.group(), host))
    return found
