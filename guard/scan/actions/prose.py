"""Flows written as prose, in any language: a step (a list item, a table row, a sentence) that sends to a host
that is not the project's, and a secret, the agent's instructions or the repository named in the same step or
in another step of the same section (or of a section it points to by its title). What must be named is read
(URLs, addresses, secret files and variables); the words are only the few that say "send" and name a secret
or the repository, in the ten languages."""
from __future__ import annotations

from guard.scan.lazyre import lazy

import re
from bisect import bisect_right

from guard.scan.actions import hosts, leads, owned
from guard.scan.actions.model import SECRET_VAR
from guard.scan.context import NEGATION, negated_in_clause, quoted_mention
from guard.scan.reported import reported_request
from guard.scan.as_code import shown_as_code

TYPE_CHECKING = False
if TYPE_CHECKING:
    from guard.scan.actions.flows import Walk
    from guard.scan.text import Document

Found = tuple[int, int, str, str, str, "str | None"]  # (start, end, id, message, severity, target)
HEADING = lazy(r"^[ \t]{0,3}#{1,6}[ \t]+(.+?)[ \t#]*$", re.M)
STEP_END = lazy(r"\n[ \t]*(?:[-*+]|\d{1,3}[.)]|\|)[ \t]|\n[ \t]*\n|(?<=[.!?。！？])[ \t]+(?=\S)|(?<=[.!?。！？])\n(?=[ \t]*\S)")
SINK_VERB = lazy(
    r"\b(?:send|sends|sending|post|upload|uploads|uploading|push|pushes|pushing|mirror|mirrors|mirroring|sync|"
    r"forward|transmit\w*|submit|copy\s+(?:it|them|this)|back\s+up|replicate|exfiltrate|beacon|paste|leak"
    r"|schick\w*|sende|senden|übertrag\w*|überträg\w*|übermittel\w*|hochlad\w*|lade\w*\s+\S+\s+hoch|spiegel\w*|"
    r"pushe\w*|"
    r"weiterleit\w*"
    r"|envoy\w*|envoi\w*|envoie\w*|env(?:i(?:a|e|ar|ou|ado|ó|é)|í\w*)\b|append\w*|anhäng\w*|hänge\w*|ajout\w*|"
    r"añad\w*|anex\w*|aggiung\w*|téléverse\w*|pousse\w*|transmet\w*|copie\w*|partage\w*|synchronis\w*|sauvegard\w*|"
    r"sube|subir|suba|empuj\w*|transmit\w*|copia\w*|compart\w*|reenv\w*|sincroniz\w*|respald\w*|carregu\w*|"
    r"encaminh\w*|invia\w*|inviare|carica\w*|trasmett\w*|condivid\w*|inoltr\w*|spingi\w*"
    r"|отправ\w*|загруз\w*|перед\w*|скопир\w*|перешл\w*|запуш\w*|синхрониз\w*|выгруз\w*)"
    r"|发送|上传|推送|传到|复制到|同步到|转发|提交到|発送|送信|送って|送る|アップロード|プッシュ|転送|同期|コピー|"
    r"전송|보내|업로드|푸시|동기화|복사", re.I)
SECRET_WORDS = lazy(
    r"(?<![\w-])(?:\.env\b(?!\.example|\.sample)|id_(?:rsa|ed25519|ecdsa)\b(?!\.pub)|\.ssh\b|\.aws/credentials|\.netrc|"
    r"\.npmrc|\.pypirc|\.git-credentials|\.kube/config|(?:api|access|secret|private|ssh)[\s_-]?keys?|"
    r"secrets?|passwords?|tokens?|credentials?|environment\s+variables|env\s+vars"
    r"|passw[oö]rt\w*|geheimnis\w*|zugangsdaten|schlüssel\w*|umgebungsvariablen|mots?\s+de\s+passe|jetons?|"
    r"identifiants|clés?\s+(?:api|ssh|privées?|secrètes?)|contraseñas?|secretos?|credenciales|claves?\s+(?:api|ssh|"
    r"privadas?)|senhas?|segredos?|credenciais|chaves?\s+(?:api|ssh|privadas?)|credenziali|segreti|chiavi\s+(?:api|"
    r"ssh|private)|парол\w*|секрет\w*|токен\w*|ключ\w*|учётн\w*|учетн\w*)"
    r"|密码|密钥|令牌|凭据|凭证|秘密|パスワード|秘密鍵|トークン|認証情報|シークレット|비밀번호|토큰|비밀\s?키|자격\s?증명|시크릿",
    re.I)
CONTEXT_WORDS = lazy(
    r"(?<![\w-])(?:system\s+prompt|(?:your|the)\s+instructions|conversation|chat\s+history|transcript|CLAUDE\.md|"
    r"AGENTS\.md|"
    r"Systemprompt|Anweisungen|Unterhaltung|invite\s+système|consignes|conversación|instrucciones|conversa|instruções|"
    r"conversazione|istruzioni|системн\w*\s+промпт|инструкци\w*|переписк\w*)"
    r"|系统提示|对话|システムプロンプト|会話|指示|시스템\s?프롬프트|대화|지침", re.I)
REPO_WORDS = lazy(
    r"(?<![\w-])(?:repo|repos|repository|repositories|codebase|source\s+code|Repo(?:sitory)?s?|Quellcode|dépôt|"
    r"code\s+source|repositorio|código\s+fuente|repositório|código-fonte|sorgente|репозитори\w*|исходн\w+\s+код\w*)"
    r"|仓库|代码库|源代码|リポジトリ|ソースコード|저장소|리포지토리|소스\s?코드", re.I)
PUSH = lazy(r"push|mirror|spiegel|pousse|empuj|spingi|запуш|推送|プッシュ|푸시|sync|synchron|sincroniz", re.I)
ENV_NAME = lazy(r"\b[A-Z][A-Z0-9_]*(?:TOKEN|SECRET|PASSWORD|PASSWD|API_KEY|ACCESS_KEY|PRIVATE_KEY)[A-Z0-9_]*\b")
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
        mails = _emails(doc.text, 0) if "@" in doc.text else []
        found = doc.cache["action-addresses"] = sorted(hosts.urls(doc.text) + mails)
    return found  # type: ignore[return-value]


def prose_flows(doc: Document, walk: Walk, in_commands: list[tuple[int, int]]) -> list[Found]:
    text = doc.text
    wanted = [a for a in addresses(doc) if not any(lo <= a[0] < hi for lo, hi in in_commands)
              and (SINK_VERB.search(text, *paragraph(text, a[0])) is not None or _carries(a[2]))]
    if not wanted:
        return []
    all_steps = steps(doc)
    starts = [step[0] for step in all_steps]
    titles = [(m.group(1).strip().lower(), i + 1) for i, m in enumerate(HEADING.finditer(text))]
    fenced = doc.fenced_lines
    memo: dict[int, list[tuple[int, str]]] = {}
    found = []
    for at, stop, url, host in wanted:
        number = bisect_right(starts, at) - 1
        start, end, section = all_steps[number]
        step = text[start:end]
        verb = prose_verb(step) or (PLACEHOLDER.search(url) if _carries(url) else None)
        as_code = verb is None and (verb := SINK_VERB.search(step)) is not None  # (only a name shown as code)
        before = _order_before(doc, all_steps, number)  # ("Mirror the repository nightly. It lives at URL.")
        verb = verb or (prose_verb(text, *before) if before else None)
        if verb is None and number + 1 < len(all_steps) and all_steps[number + 1][2] == section:
            after = all_steps[number + 1]  # "The webhook is URL. Keep the channel informed by sending it the key."
            if not any(after[0] <= a[0] < after[1] for a in wanted):
                verb = prose_verb(text, after[0], after[1])
        lead = next((n for n in range(number - 1, max(-1, number - 8), -1) if not LIST_ITEM.match(text, all_steps[n][0])),
                    None) if verb is None and LIST_ITEM.match(text, start) else None
        if lead is not None and all_steps[lead][2] == section and text[slice(*all_steps[lead][:2])].rstrip().endswith(
                (":", "：")):  # (the list's lead-in says what its items do: "send the hand-off:\n- to: URL")
            verb = prose_verb(text, *all_steps[lead][:2])
        if verb is None or doc.line_of(at) in fenced or walk.trusted(url) or leads.PEOPLE_SENT.match(step, verb.end()):
            continue  # (code blocks are read as commands; "send them to URL": people sent to a page, not data)
        if leads.negated_step(doc, at) or reported_request(doc, at, stop):
            continue
        linked = {s for title, s in titles if len(title) >= 4 and title in step.lower() and s != section}
        near = [n for n in range(max(0, number - 2), number) if all_steps[n][2] == section]
        near += [n for n in range(max(0, number - 12), number - 2) if all_steps[n][2] == section  # (one list)
                 and "\n\n" not in text[all_steps[n][0]:start]
                 and LIST_ITEM.match(text, text.rfind("\n", 0, all_steps[n][0]) + 1)]
        near += [n for n in range(number + 1, min(len(all_steps), number + 4)) if all_steps[n][2] == section
                 and "\n\n" not in text[start:all_steps[n][0]] and LIST_ITEM.match(text, all_steps[n][0])
                 and LIST_ITEM.match(text, text.rfind("\n", 0, start) + 1)]  # (the items after it, in one list)
        near += [n for n, other in enumerate(all_steps) if other[2] in linked]
        near_named = [m for n in near for _, m in _mentions(doc, all_steps[n], n, memo)]
        email = "://" not in url and "@" in url and ":" not in url
        repo = not email and (GIT_URL.search(url.split("?")[0]) or PUSH.search(verb.group())
                              and REPO_WORDS.search(text[before[0] if before else start:end]))
        # In the step itself, a secret named after the URL that follows the verb is what the send uses
        # ("uploads reports to URL using the token"), not what it sends; in SOV order the verb comes last.
        carried = prose_verb(step) is None and lead is None
        here = [m for where, m in _mentions(doc, all_steps[number], number, memo)
                if carried or where < at or verb.start() + start > at]
        named = here + near_named
        if AUTH.search(step):  # a credential named with the header or scheme it authenticates with
            named = [m for m in named if not m.startswith("a secret (")]
        used = [m for m in named if m.startswith("a secret variable (") and owned.issued_by(m[19:-1], host)]
        if used:  # a service's own token named for its upload: "secrets" and "token" around it are that token
            named = [m for m in named if m not in used and not (m.startswith("a secret (") and not any(
                c in m[10:] for c in "./_"))]  # (a secret file stays theft wherever it goes)
        shown = quoted_mention(doc, at, stop) or carried and shown_as_code(doc, at, stop)
        severity = "warning" if shown or as_code or leads.under_negated_lead(doc, at) else "error"
        if repo and not any(w in step.lower() for w in ("clone", "pull", "fetch", "download")):
            found.append((at, stop, "ACT002", f"the repository sent ({verb.group()}) to {url}, which is not "
                                              "the project's", severity, url))
        elif here if email else named:
            found.append((at, stop, "ACT001", f"{named[0]} sent ({verb.group()}) to {url}, which is not "
                                              "the project's", severity, url))
    return found


def _order_before(doc: Document, all_steps: list[tuple[int, int, int]], number: int) -> tuple[int, int] | None:
    """The sentence just before the step, in its paragraph, when it orders a send and names no place of its own:
    the place the next sentence names is where it sends ("Mirror the repository nightly. It lives at URL.")."""
    if number == 0 or all_steps[number - 1][2] != all_steps[number][2]:
        return None
    lo, hi, _ = all_steps[number - 1]
    if "\n\n" in doc.text[hi:all_steps[number][0]] or doc.text[lo:hi].lstrip().startswith("#") \
            or any(lo <= a[0] < hi for a in addresses(doc)):  # (a heading names a topic, it orders nothing)
        return None
    verb = prose_verb(doc.text, lo, hi)
    if verb is None or negated_in_clause(doc, verb.start()):
        return None
    said = re.findall(r"\w+", doc.text[lo:verb.start()])  # an order opens with its verb ("Every night, mirror"),
    opens = len(said) <= 3 and not (said and said[-1].lower() in NOUN_BEFORE)  # not a noun ("the mirror")
    sends = PUSH.search(verb.group()) and REPO_WORDS.search(doc.text, lo, hi) or any(  # or it names what it sends
        p.search(doc.text, lo, hi) for p in (SECRET_WORDS, SECRET_VAR, ENV_NAME, CONTEXT_WORDS))  # ("All source code
    return (lo, hi) if opens or sends else None  # should be mirrored nightly."), not "our ... sync engine."


NOUN_BEFORE = frozenset(("the", "a", "an", "our", "this", "its", "their", "your", "my", "his", "her"))


CODE_SPAN = lazy(r"`[^`\n]+`")


def prose_verb(text: str, lo: int = 0, hi: int | None = None) -> re.Match[str] | None:
    """The first sink verb of the prose, not one that is a name shown as code (the remote `mirror`, the job
    `sync`): a word in a code span is what something is called, not what the step does. A step whose only
    verb is such a name is still read, as a warning (a backtick never makes a step quiet)."""
    hi = len(text) if hi is None else hi
    spans = [m.span() for m in CODE_SPAN.finditer(text, lo, hi)] if "`" in text[lo:hi] else []
    return next((m for m in SINK_VERB.finditer(text, lo, hi) if not any(a < m.start() and m.end() < b
                                                                         for a, b in spans)), None)


AUTH = lazy(r"\b(?:headers?|authorization|bearer|basic\s+auth|oauth|X-[A-Za-z]+-[\w-]+)\b", re.I)
PLACEHOLDER = lazy(r"[?&][\w-]+=(?:\{|\$|[A-Z_]{4,}\b|<)")


LIST_ITEM = lazy(r"[ \t]*(?:[-*+]|\d{1,3}[.)]|\|)[ \t]")


def _carries(url: str) -> bool:
    """Data put into the URL: a query value that is a placeholder ({...}, $VAR, <...>, VALUES)."""
    return "?" in url and PLACEHOLDER.search(url) is not None


def paragraph(text: str, at: int) -> tuple[int, int]:
    """Where the paragraph around `at` starts and ends (up to a blank line)."""
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
                                              (ENV_NAME, "a secret variable"),
                                              (CONTEXT_WORDS, "the agent's own instructions"))
                        for match in pattern.finditer(doc.text, start, end)
                        if not leads.negated_step(doc, match.start())]
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


SAFEGUARD_NAMED = lazy(
    r"(?<![\w-])(?:\.git/hooks|\.githooks|\.husky|\.pre-commit-config\.ya?ml|\.github/workflows[\w./-]*|"
    r"\.gitlab-ci\.ya?ml|\.claude/settings(?:\.local)?\.json|\.claude/hooks|\.cursor/hooks\.json|"
    r"\.gemini/settings\.json|"
    r"\.kguard\.toml|\.kguard[\w-]*baseline[\w.-]*|CODEOWNERS|branch\s+protection|core\.hooksPath|git[\s-]hooks?|"
    r"hooks\s+git|pre-commit[\s-]hooks?)", re.I)
SWITCH_OFF = lazy(
    r"\b(?:delet\w*|remov\w*|disabl\w*|bypass\w*|empt(?:y|ies|ied)|truncat\w*|uninstall\w*|strip\w*|comment\w*\s+out|"
    r"lösch\w*|entfern\w*|deaktivier\w*|umgeh\w*|abschalt\w*|supprim\w*|désactiv\w*|contourn\w*|retir\w*|elimin\w*|"
    r"borr\w*|desactiv\w*|quit\w*|remov\w*|apag\w*|desativ\w*|exclu\w*|rimuov\w*|disattiv\w*|cancell\w*|удал\w*|"
    r"отключ\w*|обход\w*)|Bash\(\*\)|bypassPermissions|删除|移除|禁用|关闭|绕过|削除|無効|外し|삭제|제거|비활성|우회", re.I)
SCRIPT_URL = lazy(r"\.(?:sh|bash|py|ps1|js|rb|pl|exe|bin)(?:[?#]|$)", re.I)
RUN_WORDS = lazy(
    r"\b(?:bash|sh|zsh|python3?|node|powershell|pwsh|perl|ruby|execut\w*|run|runs|ejecut\w*|exécut\w*|execut\w*|"
    r"esegu\w*|führ\w*|выполн\w*|запуст\w*)\b|执行|运行|実行|실행", re.I)


def prose_actions(doc: Document, walk: Walk,
                  in_commands: list[tuple[int, int]]) -> list[Found]:
    """ACT004 a safeguard named with switching it off in one step; ACT003 a script's URL named with running it."""
    text = doc.text
    found = []
    fenced = doc.fenced_lines
    for named in SAFEGUARD_NAMED.finditer(text):
        lo, hi = doc.sentence_bounds(named.start(), named.end(), 200)
        lo = max(lo, text.rfind("\n", 0, named.start()) + 1)
        verb = SWITCH_OFF.search(text, max(lo, named.start() - 24), named.start())
        if verb is None or doc.line_of(named.start()) in fenced or any(a <= named.start() < b for a, b in in_commands):
            continue  # (the verb just before what it switches off: "delete `.kguard.toml`", "Désactive les hooks git")
        if NEGATION.search(text, lo, hi) or reported_request(doc, named.start(), named.end()):
            continue  # (a negation anywhere in the sentence: "Removing `.kguard.toml` is ... never do")
        severity = "warning" if quoted_mention(doc, named.start(), named.end()) else "error"
        found.append((named.start(), named.end(), "ACT004", f"a change to a safeguard: {named.group()} "
                                                            f"({verb.group()})", severity, None))
    for at, stop, url, host in addresses(doc):
        if "://" not in url or any(a <= at < b for a, b in in_commands) or doc.line_of(at) in fenced:
            continue
        lo, hi = paragraph(text, at)
        if not SCRIPT_URL.search(url.split("?")[0] + "?") or RUN_WORDS.search(text, lo, hi) is None:
            continue
        if walk.trusted(url) or leads.negated_step(doc, at) \
                or reported_request(doc, at, stop):
            continue
        from guard.scan.actions import installers

        if installers.known(url) or installers.own_site(doc, at, stop, url):
            continue  # (a toolchain's installer or the file's own site: a documented install line)
        severity = "error" if walk.suspect(url) else "warning"  # (as a curl-pipe install line in prose)
        found.append((at, stop, "ACT003", f"a script downloaded from {url} and run", severity, url))
    return found


def shown(doc: Document, start: int, end: int) -> bool:
    """Shown rather than said: code (fenced, indented, inline, a block quote) or inside a string literal of its
    line (an odd number of double quotes before it: a message catalogue, a JSON value)."""
    line_start = doc.text.rfind("\n", 0, start) + 1
    return shown_as_code(doc, start, end) or doc.text.count('"', line_start, start) % 2 == 1
