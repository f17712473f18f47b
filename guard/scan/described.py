"""What an attack does to an agent, described in the third person: "an injected page tells the agent to upload
~/.ssh/id_rsa ... and to say nothing about it", "une page piégée pousse l'agent à envoyer ...", "诱使代理把 ...".
The whole rest of the sentence is the complement of the description, not an order of the file, as long as no
clause of its own (after ";" or ":") or a word to the agent ("you") begins in between. The subject is a third
party named generically (a page, an issue, attackers), never the file itself ("this page tells the agent to")."""
from __future__ import annotations

import re

from guard.scan.lazyre import lazy
from guard.scan.text import Document

THIRD = (r"(?:pages?|web\s+pages?|sites?|issues?|comments?|readmes?|files?|documents?|e-?mails?|messages?|"
         r"dependenc(?:y|ies)|packages?|tools?|results?|outputs?|attackers?|payloads?|injections?|prompts?|texts?)")
AGENT = r"(?:the|an?)\s+(?:ai\s+|coding\s+)?(?:agents?|assistants?|models?|llms?|ai|bots?)"
DESCRIBED_CAUSE = lazy(
    # "an injected web page tells the agent to", "attackers make the agent", "a README can trick the agent into"
    r"\b(?:(?:an?|some|any|such)\s+(?:[\w-]+\s+){0,3}?" + THIRD + r"|attackers|payloads|injections)\s+"
    r"(?:(?:can|could|may|might|will|often|sometimes|then)\s+)?"
    r"(?:tells?|asks?|instructs?|orders?|makes?|gets?|pushes|push|tricks?|convinces?|persuades?|leads?|lures?|"
    r"forces?|causes?|"
    # (or what it did, in an incident report: "the injected README told the agent to ...")
    r"told|asked|instructed|ordered|made|got|pushed|tricked|convinced|persuaded|led|lured|forced|caused|tried\s+to\s+"
    r"(?:get|make|trick)|attempted\s+to\s+(?:get|make|trick))\s+" + AGENT + r"\s+(?:to\s+|into\s+)?"
    # the causatives of the other languages, after a third party: "pousse l'agent à", "hace que el agente"
    # a third party's past request, its subject with "the" too (the file itself never speaks in the past)
    r"|\bthe\s+(?:[\w-]+\s+){0,3}?" + THIRD + r"\s+(?:had\s+|once\s+)?(?:told|asked|instructed|ordered|made|got|"
    r"pushed|tricked|convinced|persuaded|led|lured|forced|caused)\s+" + AGENT + r"\s+(?:to\s+|into\s+)?"
    r"|\b(?:forderte|forderten)\s+(?:[\w-]+\s+){1,4}?den\s+(?:Agenten|Assistenten)\s+auf,?\s+"
    r"|\b(?:pousse|poussent|amène|amènent|incite|incitent|force|forcent|oblige|obligent|conduit|conduisent)\s+"
    r"l['’](?:agent|assistant|ia)\s+à\s+"
    r"|\b(?:hace|hacen|lleva|llevan|induce|inducen|obliga|obligan|empuja|empujan)\s+(?:a\s+)?(?:que\s+)?"
    r"(?:el|al)\s+(?:agente|asistente)\s+(?:a\s+)?"
    r"|\b(?:faz|fazem|leva|levam|induz|induzem|obriga|obrigam)\s+o\s+(?:agente|assistente)\s+(?:a\s+)?"
    r"|\b(?:spinge|spingono|induce|inducono|porta|portano|costringe|costringono)\s+l['’](?:agente|assistente)\s+a\s+"
    r"|\b(?:bringt|bringen|verleitet|verleiten|zwingt|zwingen|brachte|brachten|verleitete|verleiteten|zwang|"
    r"zwangen)\s+den\s+(?:Agenten|Assistenten)\s+dazu,?\s+"
    # (the infinitive, its object first: "versucht, den Agenten über ein Issue dazu zu bringen, ...")
    r"|\bden\s+(?:Agenten|Assistenten)\s+(?:[\w-]+\s+){0,6}?dazu\s+(?:zu\s+)?(?:bringen|verleiten|zwingen|bewegen|"
    r"überreden|verführen)\b,?\s+"
    r"|(?:заставляет|заставляют|вынуждает|вынуждают|побуждает|побуждают|склоняет|склоняют)\s+(?:агента|ассистента)\s+"
    r"|(?:诱使|迫使|诱导|骗)(?:代理|智能体|助手)"
    # the speech verbs of a third party, in the third person present ("une page dit à l'agent d'envoyer")
    r"|\b(?:dit|disent|demande|demandent|ordonne|ordonnent|dire|demander|ordonner)\s+à\s+l['’](?:agent|assistant|ia)\s+"
    r"(?:de\s+|d['’])"
    r"|\b(?:le\s+)?(?:dice|dicen|pide|piden|ordena|ordenan|decirle|pedirle|ordenarle)\s+al\s+(?:agente|asistente)\s+que\s+"
    r"|\b(?:diz|dizem|pede|pedem|manda|mandam|dizer|pedir|mandar)\s+ao\s+(?:agente|assistente)\s+(?:para\s+|que\s+)"
    r"|\b(?:dice|dicono|chiede|chiedono|ordina|ordinano|dire|chiedere|ordinare)\s+all['’](?:agente|assistente)\s+di\s+"
    r"|\b(?:sagt|sagen|befiehlt|befehlen)\s+dem\s+(?:Agenten|Assistenten),?\s+(?:er\s+solle|dass\s+er)\s+"
    r"|\b(?:fordert|fordern|forderte|forderten)\s+den\s+(?:Agenten|Assistenten)\s+auf,?\s+"
    # (after a modal: "kann den Agenten auffordern, ...")
    r"|\bden\s+(?:Agenten|Assistenten)\s+(?:[\w-]+\s+){0,4}?(?:auffordern|aufzufordern|anweisen|anzuweisen|bitten|"
    r"drängen|überreden|verleiten)\b,?\s+"
    r"|(?:говорит|говорят|велит|велят|просит|просят|приказывает|попросить|просить|велеть|приказать|заставить|"
    r"говорил\w?|велел\w?|просил\w?|приказывал\w?|приказал\w?|заставил\w?|заставлял\w?)\s+"
    r"(?:агенту|ассистенту|агента|ассистента)\s+"
    r"|(?:网页|页面|网站|评论|文件|文档|邮件|攻击者|依赖|工具输出|README|readme|issue|Issue|PR|载荷|注入)[^，。；]{0,6}?"
    r"(?:告诉|要求|让|叫|命令|诱使)(?:了)?(?:代理|智能体|助手)"
    # (Japanese and Korean: the third party, the agent as the one asked, the request after the act)
    r"|(?:ページ|サイト|コメント|ファイル|ドキュメント|メール|攻撃者|README|readme|Issue|issue|ツールの出力)"
    r"[^。！？\n]{0,12}?(?:が|は)[^。！？\n]{0,12}?(?:エージェント|アシスタント|AI)に"
    r"|(?:페이지|사이트|댓글|파일|문서|메일|공격자|README|readme|이슈|도구\s?출력)(?:가|이|는|은)\s*"
    r"[^.!?\n]{0,12}?(?:에이전트|어시스턴트|AI)에게\s*"
    r"|(?:可能|会|试图|企图|往往)(?:要求|让|叫|命令|诱使|告诉)(?:代理|智能体|助手)",
    re.I,
)
BREAK = lazy(r"[;:；：]|\b(?:you|your)\b|你|您", re.I)
# The sentence goes on to make the described act the file's own order: "..., and you should do it", "obey it".
COMPLY = lazy(r"\b(?:do\s+(?:it|so|that|this)|comply|obey|follow\s+(?:it|them|that)|go\s+ahead|carry\s+it\s+out|"
              r"fais-le|hazlo|faça\s+isso|fallo|сделай\s+это|mach\s+das|tu\s+es)\b|照做|执行它|従って|그대로\s*해", re.I)


def described_attack(doc: Document, a: int, start: int, b: int) -> bool:
    """The match at `start` is the complement of a description of what an attack does to an agent, opened
    earlier in the sentence [a, b), which does not go on to order the act."""
    found = None
    for found in DESCRIBED_CAUSE.finditer(doc.text, a, start):
        pass
    if found is None or BREAK.search(doc.text, found.end(), start) is not None:
        return False
    return COMPLY.search(doc.text, start, b) is None
