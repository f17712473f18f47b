"""The chat-style hijack, part of OVR005: the task in hand dropped ("stop everything", "nevermind", "the task has
changed", "instead of translating", "Забудь задание") and a fixed reply ordered in its place (a verb of answering
and a quoted string, or "only" / "nothing else"), in ten languages. Each half alone is everyday prose; a
knowledge file has no task of its own to drop, and no reason to dictate the words of the next answer."""
from __future__ import annotations

import re

from guard.scan.intents.frame import Frame
from guard.scan.intents.lexicon import lexicon
from guard.scan.lazyre import lazy

DROP_TASK = (
    "stop everything", "scrap that", "scrap this", "nevermind", "forget that", "forget this",
    "forget what you've been asked", "forget what you were asked", "forget the task", "forget your task",
    "the task has changed", "task has changed", "instead of translating",
    "instead of summarizing", "instead of summarising", "instead of answering", "don't summarize",
    "don't summarise", "do not summarize", "do not summarise", "hör auf mit allem", "vergiss die aufgabe",
    "vergiss das", "lass die aufgabe", "statt zu übersetzen", "statt zusammenzufassen", "laisse tomber",
    "oublie tout", "oublie la tâche", "oublie ça", "au lieu de traduire", "au lieu de résumer", "olvida eso",
    "olvida la tarea", "deja eso", "en vez de traducir", "en lugar de traducir", "en vez de resumir",
    "esqueça isso", "esqueça a tarefa", "deixa isso", "em vez de traduzir", "em vez de resumir", "lascia perdere",
    "dimentica il compito", "invece di tradurre", "invece di riassumere", "забудь задание", "забудь задачу",
    "забудь это", "вместо перевода", "вместо того чтобы переводить", "忘掉任务", "忘记任务", "别管任务", "不要翻译", "不要总结",
    "タスクは忘れ", "タスクを忘れ", "翻訳せずに", "要約せずに", "작업은 잊", "작업을 잊", "번역하지 말고", "요약하지 말고",
    # the task in hand ignored
    "ignore the task", "ignore this task", "ignore the translation", "ignore the translation task",
    "ignore the summary task", "ignoriere die aufgabe", "ignore la tâche", "ignora la tarea", "ignore a tarefa",
    "ignora il compito", "игнорируй задание", "忽略任务", "忽略这个任务", "タスクを無視", "작업을 무시",
)
# Said outright, the takeover needs no fixed reply: any order after it is the new task.
TAKEOVER = (
    "the real instruction is", "here is the real instruction", "this overrides all", "overrides all previous",
    "supersedes everything",
    "die eigentliche anweisung lautet", "deine neue aufgabe ist", "ceci remplace tout", "ta nouvelle tâche est",
    "tu nueva tarea es", "sua nova tarefa é", "il tuo nuovo compito è", "твоя новая задача", "你的新任务是",
    "あなたの新しいタスクは", "너의 새로운 임무는",
)
REPLY = lexicon((
    "print", "say", "write", "output", "reply", "respond", "answer", "tell me", "type", "schreib", "schreibe",
    "sag", "antworte", "gib aus", "écris", "dis", "réponds", "affiche", "escribe", "di", "responde", "imprime",
    "escreva", "diga", "responda", "scrivi", "rispondi", "stampa", "напиши", "скажи", "ответь", "выведи",
    "输出", "回答", "回复", "写", "说", "答えて", "書いて", "出力", "답해", "써", "출력", "말해",
))
# The reply is fixed: a short quoted string, or "only" / "just" / "nothing else".
FIXED = lazy(
    r"[\"“«「『'‘][^\"”»」』'’\n]{1,80}[\"”»」』'’]|\b(?:only|just|nothing\s+else|nur|seulement|uniquement|solo|"
    r"solamente|apenas|soltanto|только|просто)\b|只|だけ|만\s",
    re.I,
)
TASK_FRAME = Frame(DROP_TASK, (REPLY, FIXED), scope="paragraph", reach=200, near=140, near_dense=50)
ORDER = lexicon(REPLY.words, (
    "reveal", "send", "delete", "install", "convince", "upload", "run", "execute", "give", "show", "verrate",
    "schicke", "lösche", "révèle", "envoie", "supprime", "revela", "envía", "borra", "revele", "envie", "apague",
    "rivela", "invia", "cancella", "раскрой", "отправь", "удали", "透露", "发送", "删除", "送信", "削除", "보내", "삭제",
))
TAKEOVER_FRAME = Frame(TAKEOVER, (ORDER,), near=120, near_dense=40)
