"""Payloads in plain letters shuffled: letters shifted (rot13 and every other Caesar shift) or mirrored
(Atbash), lines written backwards, and lines whose words come in reverse order. A line is decoded only when
the text holds at least two common words in that form ("gur", "lbh", "vtaber", "qvr" for rot13; "eht",
"uoy", "erongi" backwards; English and the other languages written in Latin letters): a few look-ups in the
set of the text's words. Words in reverse order show as a sentence that starts with its last word
("nothing. user the tell ... Ignore")."""
from __future__ import annotations

from collections.abc import Iterator
from functools import cache

from guard.scan.lazyre import lazy
from guard.scan.text import Document
from guard.scan.views.decoders import Payload

PLAIN = ("the", "you", "your", "all", "this", "that", "with", "not", "and", "ignore", "instructions", "previous",
         "user", "system", "prompt", "send", "secret", "tell", "never", "must", "every", "before", "file", "files",
         "instead", "rules", "token", "key", "keys", "output", "always", "from", "now", "are", "assistant",
         "https", "http", "curl", "wget", "ssh", "bash", "sudo", "git", "push", "password", "secrets", "credentials",
         "agents", "env", "api",
         # what a payload acts on and how, so a shifted order is decoded without "the" and "you" in it
         "upload", "private", "server", "delete", "remove", "folder", "quietly", "silently", "guard", "hooks",
         "main", "reveal", "hidden", "print", "execute", "script", "install", "download", "config", "contents",
         "directory", "repository", "commit", "tests", "email", "address", "admin", "root", "access", "disable",
         "bypass", "forget", "disregard", "override", "mention", "anyone", "message", "data", "database", "link",
         "write", "code", "tokens", "environment", "variables", "history", "conversation", "chat", "reply",
         "answer", "model", "agent", "please", "immediately", "first", "then", "also", "only", "passwords",
         "migrations", "branch", "force", "keys", "wallet", "transfer", "money", "payment", "share")
# Other languages written in Latin letters (de, fr, es, pt, it).
OTHERS = ("und", "die", "der", "das", "nicht", "alle", "mit", "bitte", "les", "des", "que", "pas", "vous", "tous",
          "toutes", "dans", "pour", "avec", "los", "las", "para", "todas", "todos", "con", "una", "per", "tutte",
          "non", "della", "com", "uma", "ignora", "ignoriere", "instrucciones", "eine", "einen", "oder", "sich",
          "auch", "sind", "wird", "werden", "dich", "deine", "deinen", "keine", "anweisungen", "regeln", "votre",
          "sans", "plus", "sont", "consignes", "como", "pero", "esta", "este", "sobre", "reglas", "tutti", "sono",
          "questo", "anche", "istruzioni", "regole", "regras", "sistema", "systemprompt", "nunca", "jamais", "niemals",
          "immer", "toujours", "siempre", "sempre")
# Shifted or mirrored words that are words themselves (rot13 "and" is "naq", but "now" is "abj" ...).
COMMON = frozenset(w.encode() for w in PLAIN + OTHERS) | {
    b"abj", b"xrl", b"ner", b"rai", b"ncv", b"han", b"pur", b"pbz", b"ton", b"dna", b"won", b"era", b"yek", b"lla",
    b"vne", b"ipa", b"tig", b"alle", b"non"}
# (In the one-byte text a non-ASCII letter is "?": "gelöscht." reads "gel?scht.".)
# A line in reversed word order: its first word the sentence's last (lower case, then its full stop), its last the
# sentence's first (a capital). Both need an ASCII letter: in the ASCII form every other letter is "?", and a line
# of Korean or Chinese words would otherwise pass for one ("?? ???." ... "???").
FLIPPED = lazy(rb"[ \t]*(?=[a-z?]*[a-z])[a-z?][a-z'?]*[.!?:;][\"')]*[ \t]+(?:\S+[ \t]+){2,}[A-Z][a-z?]*[ \t]*\r?(?=\n|\Z)")
FLIPPED_START = lazy(rb"\n[ \t]*(?=[a-z?]*[a-z])[a-z?][a-z'?]*[.!?:;]")  # starts with a literal: a fast search
MAX_LINES = 200
LOWER, UPPER = "abcdefghijklmnopqrstuvwxyz", "ABCDEFGHIJKLMNOPQRSTUVWXYZ"  # (no `string`: ~1 ms to import)
LOWER_BYTES = frozenset(LOWER.encode())


def _shift(n: int) -> dict[int, int]:
    return str.maketrans(LOWER + UPPER, LOWER[n:] + LOWER[:n] + UPPER[n:] + UPPER[:n])


def _shift_bytes(n: int) -> bytes:
    """_shift(n) for UTF-8 bytes: ASCII letters shifted, every other byte kept (as str.translate keeps every
    other character)."""
    return bytes.maketrans((LOWER + UPPER).encode(), (LOWER[n:] + LOWER[:n] + UPPER[n:] + UPPER[:n]).encode())


def _kind(n: int) -> str:
    return "decoded:rot13" if n == 13 else "decoded:caesar"


def _counts(n: int, plain: bytes) -> bool:
    return n == 13 or len(plain) > 3  # short shifted words are often words


@cache
def ciphers() -> list[tuple[str, dict[int, int], frozenset[bytes]]]:
    """(kind, the table that decodes, the common words as they look encoded) for every letter cipher."""
    found = []
    for n in range(1, 26):
        table = _shift_bytes(n)  # (bytes, once per shift: ~4,000 words in all)
        encoded = frozenset(w.translate(table) for w in map(str.encode, PLAIN + OTHERS) if _counts(n, w)) - COMMON
        found.append((_kind(n), _shift(26 - n), encoded))
    return [*found, atbash()]


@cache
def atbash() -> tuple[str, dict[int, int], frozenset[bytes]]:
    mirror = str.maketrans(LOWER + UPPER, LOWER[::-1] + UPPER[::-1])
    long_words = [w for w in PLAIN + OTHERS if len(w) > 3]
    return "decoded:atbash", mirror, frozenset(w.translate(mirror).encode() for w in long_words) - COMMON


def _signature(word: bytes) -> bytes:
    """The steps from a word's first letter to each of its letters, mod 26: the same under every Caesar shift."""
    first = word[0]
    return bytes([(letter - first) % 26 for letter in word])


@cache
def _by_signature() -> dict[bytes, tuple[bytes, ...]]:
    found: dict[bytes, list[bytes]] = {}
    for word in map(str.encode, PLAIN + OTHERS):  # (all lower-case ASCII letters, three or more)
        found.setdefault(_signature(word), []).append(word)
    return {key: tuple(words) for key, words in found.items()}


def _shifted(have: frozenset[bytes]) -> dict[int, set[bytes]]:
    """The text's words that are a common word shifted by n, for each n: what ciphers()[n - 1]'s words have in
    common with the text, found from the text's few hundred words rather than by building ~4,000 encoded words
    in every process."""
    plain = _by_signature()
    found: dict[int, set[bytes]] = {}
    for word in have:
        if len(word) < 3 or word in COMMON:
            continue
        for common in plain.get(_signature(word), ()):
            n = (word[0] - common[0]) % 26
            if n and _counts(n, common):
                found.setdefault(n, set()).add(word)
    return found


@cache
def backwards() -> frozenset[bytes]:
    return frozenset(w[::-1].encode() for w in PLAIN + OTHERS if len(w) > 3) - COMMON


def _lines(doc: Document, words: frozenset[bytes]) -> Iterator[tuple[int, int]]:
    """Lines holding two or more of `words` (lower-cased): found from where the words occur (one search
    each, over the lower-cased one-byte text), not by reading every line."""
    data = doc.ascii_lower
    lines: dict[int, set[bytes]] = {}
    for word in words:
        if word not in doc.words:
            continue
        at = data.find(word)
        while at != -1:
            end = at + len(word)
            if not (at and data[at - 1] in LOWER_BYTES or end < len(data) and data[end] in LOWER_BYTES):
                lines.setdefault(doc.line_of(at), set()).add(word)
            at = data.find(word, end)
    for line in sorted(n for n, found in lines.items() if len(found) >= 2)[:MAX_LINES]:
        yield doc.line_span(line)


def _present(doc: Document, words: frozenset[bytes]) -> bool:
    have = doc.words
    count = 0
    for word in words:
        if word in have:
            count += 1
            if count >= 2:
                return True
    return False


@cache
def any_cipher() -> frozenset[bytes]:
    """Every cipher's words together: one intersection with the text's words says whether any may apply."""
    return frozenset().union(*(words for _, _, words in ciphers()))


def shuffled(doc: Document) -> Iterator[Payload]:
    have = doc.words
    if isinstance(have, frozenset):  # (a small text: its words can be read one by one)
        by_shift = _shifted(have)
        for n in sorted(by_shift):
            if len(by_shift[n]) >= 2:  # (_lines reads only the words the text holds: these)
                for lo, hi in _lines(doc, frozenset(by_shift[n])):
                    yield lo, hi, doc.text[lo:hi].translate(_shift(26 - n)), _kind(n)
        kind, decode, words = atbash()
        if len(words & have) >= 2:
            for lo, hi in _lines(doc, words):
                yield lo, hi, doc.text[lo:hi].translate(decode), kind
    else:
        hits = {w for w in any_cipher() if w in have}
        if len(hits) >= 2:
            for kind, decode, words in ciphers():
                if len(words & hits) >= 2:
                    for lo, hi in _lines(doc, words):
                        yield lo, hi, doc.text[lo:hi].translate(decode), kind
    if _present(doc, backwards()):
        for lo, hi in _lines(doc, backwards()):
            yield lo, hi, doc.text[lo:hi][::-1], "decoded:reversed"
    data = doc.ascii
    starts = [0] + [hint.start() + 1 for hint in FLIPPED_START.finditer(data)]
    for start in starts[:MAX_LINES]:
        match = FLIPPED.match(data, start)
        if match:
            line = doc.text[match.start():match.end()]
            yield match.start(), match.end(), " ".join(reversed(line.split())), "decoded:flipped"
