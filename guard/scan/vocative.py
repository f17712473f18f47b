"""Text that calls the agent by name before it speaks: "Assistant: ...", "Note to the AI agent - ...",
"Hey Claude, ...", "An den KI-Assistenten: ...". In a place a person does not see (an HTML comment, alt
text, a footnote) such a text is addressed to the model and to no one else, whatever it goes on to say; that
is the evidence the hidden-region detectors need, without a list of what it may order (issue 11)."""
from __future__ import annotations

import re

from guard.scan.lazyre import lazy
from guard.scan.text import WIDE

_AGENT = (
    # whoever reads or runs the text, named by what it does: in hidden text, that is the agent
    r"(?:whoever\s+(?:reads|processes|parses|automates|runs|handles|loads|ingests)(?:\s+[\w.-]+){0,4}?|"
    r"any(?:one|body|thing)\s+(?:reading|processing|parsing|automating|ingesting)(?:\s+[\w.-]+){0,4}?|"
    r"(?:(?:ai|llm|coding|code|automated|autonomous|language|software|dev|devin)[ -]?)?"
    r"(?:assistants?|agents?|models?|llms?|ai|bots?|claude(?:[ -]code)?|copilot|cursor|codex|gemini|chatgpt|"
    r"gpt(?:-?\d[\w.]*)?|devin|windsurf|aider|cline|"
    r"assistent(?:en|in)?|ki(?:-agent(?:en)?|-assistent(?:en)?|-modell)?|agent(?:en)?|"  # de
    r"assistant(?:e)?|agente|asistente|assistente|modèle|modelo|modello|ia|"  # fr es pt it
    r"ассистент(?:у|а)?|агент(?:у|а)?|модел[ьи]|ии|"  # ru
    r"助手|智能体|代理|模型|アシスタント|エージェント|モデル|어시스턴트|에이전트|모델))"
)
# who is spoken to, at the start of the hidden text or of a line or sentence in it, then a mark that opens
# what is said to them (":", ",", "!", a dash) and at least two more words
VOCATIVE = lazy(
    r"(?:^\s*|[.!?\n>(:]\s*)"
    r"(?:(?:note|message|instructions?|reminder|attention|notice|important|psst|hey|hi|hello|dear|"
    r"hinweis|nachricht|achtung|an|für|à|pour|para|per|nota|attenzione|aviso|внимание|для|注意|给|致|へ|에게|"
    r"to|for|p\.?\s?s\.?)"
    r"\s*(?:to|for|an|für|à|pour|para|per)?\s*[:,!]?\s*)?"
    r"(?:(?:the|any|all|every|this|der|die|den|dem|le|la|les|el|los|o|a|il|lo)\s+|l['’])?"
    + _AGENT +
    r"(?:s|es|en)?(?:\s+(?:instructions?|notes?|notice|rules|only|here|reading\s+this|who\s+reads?\s+this|tasks?|"
    r"directives?|orders?|steps?|todo|action\s+items?|aufgabe|tâche|tarea|tarefa|compito|задача))?"
    r"\s*(?:[:,!]|\s[-\u2013\u2014]|[：，、！]|へ|에게)\s*\S+[\s\S]*?\S+",
    re.I,
)
# a word that reads as someone's name for a thing rather than a form of address ("AI-generated",
# "Model: gpt-4", "Agent, version 3")
_NOT_SPOKEN_TO = lazy(r"^\s*\S+\s*[:,]\s*(?:[\w.-]+\s*$|v?\d|none|n/a|true|false|yes|no)\b", re.I)


def addresses_agent(text: str) -> bool:
    """`text` speaks to the agent by name, then says something to it."""
    match = VOCATIVE.search(text)
    if match is None:
        return False
    said = text[match.start():].lstrip(".!?\n>( \t")
    if _NOT_SPOKEN_TO.match(said) is not None:
        return False
    return len(re.findall(r"\w+", said)) >= 4 or len(WIDE.findall(said)) >= 8


# The agent as the subject of what is said about it ("the assistant working here must ...", "der Assistent
# soll ...", "助手应该 ..."): in hidden text that is said to the agent, in the third person. "model" is left
# out: hidden notes in machine-learning projects speak of their models all the time.
SPOKEN_OF = lazy(
    r"\b(?:the|this|any|every|your)\s+(?:ai\s+|coding\s+|automated\s+)?(?:assistant|agent|ai|llm|"
    r"claude|copilot|cursor|codex|gemini|chatgpt)s?\b(?:\s+[\w-]+){0,4}?\s+(?:is|are|will|shall|should|must|may|"
    r"can|cannot|never|always|now|has\s+to|have\s+to|needs?\s+to)\b"
    r"|\b(?:der|die|den|dem)\s+(?:ki-)?(?:assistent|agent|ki)\w*(?:\s+[\w-]+){0,3}?\s+(?:soll|muss|darf|wird|ist|kann)\b"
    r"|(?:\bl['’]|\ble\s+|\bla\s+)(?:assistant|agent|ia)\w*(?:\s+[\w-]+){0,3}?\s+(?:doit|va|est|peut|ne)\b"
    r"|\b(?:el|la|o|a|il|l['’])\s*(?:asistente|agente|assistente|ia)(?:\s+[\w-]+){0,3}?\s+"
    r"(?:debe|debería|va|es|puede|tiene|deve|deveria|vai|é|pode|tem|dovrebbe|è|può|non)\b"
    r"|(?:ассистент|агент|ии)\w*(?:\s+[\w-]+){0,3}?\s+(?:должен|будет|теперь|обязан|не)\b"
    r"|(?:助手|智能体|代理|AI)(?:应该|必须|现在|要|需要|将|不得)|(?:アシスタント|エージェント|AI)は|(?:어시스턴트|에이전트|AI)(?:는|은|가)",
    re.I,
)


def speaks_of_agent(text: str) -> bool:
    """`text` says something about the agent with it as the subject (six words or more in all)."""
    return SPOKEN_OF.search(text) is not None and (len(re.findall(r"\w+", text)) >= 6 or len(WIDE.findall(text)) >= 8)
