"""Text that calls the agent by name before it speaks: "Assistant: ...", "Note to the AI agent - ...",
"Hey Claude, ...", "An den KI-Assistenten: ...". In a place a person does not see (an HTML comment, alt
text, a footnote) such a text is addressed to the model and to no one else, whatever it goes on to say; that
is the evidence the hidden-region detectors need, without a list of what it may order (issue 11)."""
from __future__ import annotations

import re

from guard.scan.lazyre import lazy
from guard.scan.text import WIDE

_AGENT = (
    r"(?:(?:ai|llm|coding|code|automated|autonomous|language|software|dev|devin)[ -]?)?"
    r"(?:assistants?|agents?|models?|llms?|ai|bots?|claude(?:[ -]code)?|copilot|cursor|codex|gemini|chatgpt|"
    r"gpt(?:-?\d[\w.]*)?|devin|windsurf|aider|cline|"
    r"assistent(?:en|in)?|ki(?:-agent(?:en)?|-assistent(?:en)?|-modell)?|agent(?:en)?|"  # de
    r"assistant(?:e)?|agente|asistente|assistente|modèle|modelo|modello|ia|"  # fr es pt it
    r"ассистент(?:у|а)?|агент(?:у|а)?|модел[ьи]|ии|"  # ru
    r"助手|智能体|代理|模型|アシスタント|エージェント|モデル|어시스턴트|에이전트|모델)"
)
# who is spoken to, at the start of the hidden text or of a line or sentence in it, then a mark that opens
# what is said to them (":", ",", "!", a dash) and at least two more words
VOCATIVE = lazy(
    r"(?:^\s*|[.!?\n>(:]\s*)"
    r"(?:(?:note|message|instructions?|reminder|attention|notice|important|psst|hey|hi|hello|dear|"
    r"hinweis|nachricht|achtung|an|für|à|pour|para|per|nota|attenzione|aviso|внимание|для|注意|给|致|へ|에게)"
    r"\s*(?:to|for|an|für|à|pour|para|per)?\s*[:,!]?\s*)?"
    r"(?:(?:the|any|all|every|this|der|die|den|dem|le|la|les|el|los|o|a|il|lo)\s+|l['’])?"
    + _AGENT +
    r"(?:s|es|en)?(?:\s+(?:instructions?|notes?|notice|rules|only|here|reading\s+this|who\s+reads?\s+this))?"
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
