"""Shared judgement for phrase detectors: does a text read as an instruction to the agent, is a phrase
only being discussed (documentation about prompt injection), quoted, or negated ("never use --no-verify")."""
from __future__ import annotations

import re

from guard.scan.patterns import _lower_source
from guard.scan.text import Document

IMPERATIVE = re.compile(
    r"(?:^|[.!?:;>\n(]\s*|^\s*[-*+]\s+|\bplease\s+)(?:ignore|disregard|forget|run|execute|send|post|upload|delete|"
    r"remove|add|insert|include|write|create|download|install|always|never|do not|don't|must|make sure|ensure|"
    r"remember|instead|tell|say|respond|reply|answer|print|output|open|visit|fetch|call|read|copy|append|"
    r"replace|pretend|act as|you must|you should|you will|you are now|from now on|follow|obey|proceed|"
    r"summari[sz]e|translate|exfiltrate|leak|reveal|hide)\b"
    r"|\byou\s+(?:must|should|will|need\s+to|have\s+to|are\s+to|are\s+required\s+to)\b",
    re.I | re.M,
)
ADDRESS = re.compile(
    r"\b(?:you|your|yourself|ai|assistants?|agents?|models?|llms?|claude|copilot|cursor|chatgpt|gpt|gemini|"
    r"codex|bots?|language model)\b",
    re.I,
)
DISCUSSION = re.compile(
    r"prompt[- ]?injections?|injection attacks?|\battack(?:er|ers|s)?\b|malicious|adversarial|\bbeware\b|"
    r"\bbe wary\b|watch out for|untrusted|\bexamples? of\b|\bsuch as\b|\be\.g\.|for example|red[- ]team|phishing|"
    r"\bexfiltration\b|\bexploit|\bpayloads?\b|\bdetect|\bflag(?:s|ged)?\b|\brefuse\b|(?:do not|don't|never) (?:follow|obey|comply)|"
    r"\bthreats?\b|\bjailbreaks?\b|\bscanner\b|\bsuspicious\b",
    re.I,
)
NEGATION = re.compile(
    r"\b(?:never|not|don't|dont|avoid|no|without|mustn't|forbidden|prohibited|disallowed|refuse|instead of)\b|"
    r"\bnie\b|\bjamais\b|\bnunca\b|不要|禁止|しない",
    re.I,
)
# The discussion words are looked for this far around the phrase's start and its end, not further: a 4 MB
# run of blanks is one line, one sentence, and may sit inside the phrase itself; the cost stays bounded.
SENTENCE_REACH = 4096
QUOTES = "\"'`\u201c\u201d\u2018\u2019\u00ab\u00bb"
# DISCUSSION for lower-cased ASCII text: case-sensitive, several times faster, the same matches there.
DISCUSSION_LOWER = re.compile(_lower_source(DISCUSSION.pattern))


def reads_as_instruction(text: str) -> bool:
    """Imperative wording addressed to the agent: the test for hidden text and command output."""
    return IMPERATIVE.search(text) is not None and ADDRESS.search(text) is not None


def discussed(doc: Document, start: int, end: int) -> bool:
    """The phrase is talked about (a warning about injections, an example), not given as an order: judged
    on its sentence, but never beyond the lines next to it (JSON and code have no sentences)."""
    a, b = doc.sentence_bounds(start, end)
    line = doc.line_of(start)
    a = max(a, doc.line_starts[max(0, line - 2)])
    b = min(b, doc.line_span(min(len(doc.line_starts), doc.line_of(end) + 1))[1])
    a, b = max(a, start - SENTENCE_REACH), min(b, end + SENTENCE_REACH)
    b = max(a, b)
    near_start, near_end = min(b, start + SENTENCE_REACH), max(a, end - SENTENCE_REACH)
    spans = [(a, b)] if near_end <= near_start else [(a, near_start), (near_end, b)]
    return any(_discussion_in(doc, lo, hi) for lo, hi in spans)


def _discussion_in(doc: Document, a: int, b: int) -> bool:
    if doc.lower is not None and doc.text[max(0, a - 1):b].isascii():  # (\b at `a` looks one character back)
        return DISCUSSION_LOWER.search(doc.lower, a, b) is not None
    return DISCUSSION.search(doc.text, a, b) is not None


def quoted(doc: Document, start: int) -> bool:
    """An opening quote or backtick shortly before the phrase on the same line."""
    line = doc.line_of(start)
    lo = max(doc.line_starts[line - 1], start - 3)
    return any(c in QUOTES for c in doc.text[lo:start]) or doc.in_code(start)


def negated(doc: Document, start: int, window: int = 60) -> bool:
    """A negation earlier in the same sentence, within `window` characters."""
    a, _ = doc.sentence_bounds(start, start, window)
    a = max(a, doc.line_starts[doc.line_of(start) - 1])  # list items: the sentence ends with the line
    return NEGATION.search(doc.text[a:start]) is not None


def mention_severity(doc: Document, start: int, end: int, default: str = "error") -> str:
    """error for an order; warning when quoted or in code; info when the sentence discusses attacks."""
    if discussed(doc, start, end):
        return "info"
    if quoted(doc, start):
        return "warning"
    return default
