"""Payloads in plain letters shuffled: rot13 and reversed text. A line is decoded only when the text holds
at least two common words in that form ("gur", "lbh", "vtaber", "qvr" for rot13; "eht", "uoy", "erongi"
for reversed; English and the other languages written in Latin letters): one look-up each in the set of
the text's words."""
from __future__ import annotations

from collections.abc import Iterator

from guard.scan.lazyre import lazy
from guard.scan.reveal import rot13
from guard.scan.text import Document
from guard.scan.views.decoders import Payload

PLAIN = ("the", "you", "your", "all", "this", "that", "with", "not", "and", "ignore", "instructions", "previous",
         "user", "system", "prompt", "send", "secret", "tell", "never", "must", "every", "before", "file", "files",
         "instead", "rules", "token", "key", "keys", "output", "always", "from", "now", "are", "assistant",
         "https", "http", "curl", "wget", "ssh", "bash", "sudo", "git", "push", "password", "secrets", "credentials",
         "agents", "env", "api")
# Other languages written in Latin letters (de, fr, es, pt, it): words whose rot13 or reversal is no word.
OTHERS = ("und", "die", "der", "das", "nicht", "alle", "mit", "bitte", "les", "des", "que", "pas", "vous", "tous",
          "toutes", "dans", "pour", "avec", "los", "las", "para", "todas", "todos", "con", "una", "per", "tutte",
          "non", "della", "com", "uma", "ignora", "ignore", "ignoriere", "instrucciones", "instructions")
ROT13_WORDS = frozenset(rot13(w).encode() for w in PLAIN + OTHERS) - {
    b"naq", b"abj", b"xrl", b"ner", b"rai", b"ncv", b"han", b"pur", b"pbz"}
REVERSED_WORDS = frozenset(w[::-1].encode() for w in PLAIN + tuple(w for w in OTHERS if len(w) > 3)) - {
    b"ton", b"dna", b"won", b"era", b"yek", b"lla", b"vne", b"ipa", b"tig", b"alle", b"non"}
WORD = lazy(r"[A-Za-z]+")
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
