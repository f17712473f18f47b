"""Payloads in plain letters shuffled: rot13 and reversed text. A line is decoded only when the text holds
at least two common English words in that form ("gur", "lbh", "vtaber" for rot13; "eht", "uoy",
"erongi" for reversed): one look-up each in the set of the text's words."""
from __future__ import annotations

import re
from collections.abc import Iterator

from guard.scan.reveal import rot13
from guard.scan.text import Document
from guard.scan.views.decoders import Payload

PLAIN = ("the", "you", "your", "all", "this", "that", "with", "not", "and", "ignore", "instructions", "previous",
         "user", "system", "prompt", "send", "secret", "tell", "never", "must", "every", "before", "file", "files",
         "instead", "rules", "token", "key", "keys", "output", "always", "from", "now", "are", "assistant")
ROT13_WORDS = frozenset(rot13(w).encode() for w in PLAIN) - {b"naq", b"abj", b"xrl", b"ner"}
REVERSED_WORDS = frozenset(w[::-1].encode() for w in PLAIN) - {b"ton", b"dna", b"won", b"era", b"yek", b"lla"}
WORD = re.compile(r"[A-Za-z]+")
MAX_LINES = 200


def _lines(doc: Document, words: frozenset[bytes]) -> Iterator[tuple[int, int]]:
    """Lines holding two or more of `words` (lower-cased)."""
    shown = 0
    for line in range(1, len(doc.line_starts) + 1):
        lo, hi = doc.line_span(line)
        found = {w.lower().encode() for w in WORD.findall(doc.text, lo, hi)} & words
        if len(found) >= 2:
            yield lo, hi
            shown += 1
            if shown >= MAX_LINES:
                return


def _present(doc: Document, words: frozenset[bytes]) -> bool:
    have = doc.words
    return sum(1 for w in words if w in have) >= 2


def shuffled(doc: Document) -> Iterator[Payload]:
    if _present(doc, ROT13_WORDS):
        for lo, hi in _lines(doc, ROT13_WORDS):
            yield lo, hi, rot13(doc.text[lo:hi]), "decoded:rot13"
    if _present(doc, REVERSED_WORDS):
        for lo, hi in _lines(doc, REVERSED_WORDS):
            yield lo, hi, doc.text[lo:hi][::-1], "decoded:reversed"
