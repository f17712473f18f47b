"""Payloads: spans of a text that decode, as a whole, to readable text. base64 (standard and URL-safe,
from 12 characters), base32, Ascii85 (`<~ ... ~>`), base85 (RFC 1924), hexadecimal (contiguous, or pairs with separators
such as `69 67 6e`, `69:67`, `0x69, 0x67`), Unicode tag characters (flag-shaped runs too) and
bytes hidden in variation selectors (Morse code and numbers are in spelled.py). Each finder looks only where a
cheap byte search points."""
from __future__ import annotations

import binascii
import re
from collections.abc import Iterator

from guard.scan.lazyre import lazy
from guard.scan.invisible import decode_selectors
from guard.scan.reveal import decode_tags
from guard.scan.text import WIDE, Document

Payload = tuple[int, int, str, str]  # start, end, decoded text, kind ("decoded:base64" ...)
MAX_PAYLOADS = 500
# RFC 1924's alphabet (base64._b85alphabet): each byte's value
B85_DIGITS = {char: digit for digit, char in enumerate(
    b"0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz!#$%&()*+-;<=>?@^_`{|}~")}
URLSAFE = bytes.maketrans(b"-_", b"+/")  # (what base64.urlsafe_b64decode translates)
B64_CHARS = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/_-="
B32 = lazy(r"[A-Z2-7]+=*")
HEX = lazy(r"[0-9A-Fa-f]+")
NESTED = lazy(rb"[A-Za-z0-9+/_=-]+|(?:[0-9A-Fa-f]{2}[ :,-]?)+")
ENCODED_HINT = lazy(r"[0-9+/]")
WORDS = lazy(r"(?:(?:[A-Z]*+[a-z]{2,}+|[A-Z]{2,}+(?![a-z]))[-_/]?)++")  # possessive: linear
CAPITAL = lazy(r"[A-Z]")
HEX_PAIRS_CHARS = b"0123456789ABCDEFabcdefxX :,;-"
HEX_PAIRS = lazy(rb"(?:0[xX])?[0-9A-Fa-f]{2}(?:(?:[ :;-]|, ?)(?:0[xX])?[0-9A-Fa-f]{2}){7,}")
A85 = lazy(r"<~([!-u\sz]{8,}?)~>")
# base85 as Python's b85encode and git's binary patches write it (RFC 1924's alphabet): no "/", "." or ","
# so paths, URLs and prose never form a long run of it; a run with none of its symbols is base64's to read
B85_CHARS = b"0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz!#$%&()*+-;<=>?@^_`{|}~"
B85_SYMBOL = lazy(r"[!#$%&()*;<=>?@^`{|}~]")
TAG_RUN = lazy("[\U000e0000-\U000e007f]{4,}")
SELECTOR_RUN = lazy("[\ufe00-\ufe0f\U000e0100-\U000e01ef]{4,}")


def readable(data: bytes | str) -> str | None:
    """Decoded bytes as text when they read as words: UTF-8, nearly all printable, spaces between words
    (or Chinese, Japanese, Korean script), and mostly letters."""
    if isinstance(data, bytes):
        try:
            data = data.decode("utf-8")
        except UnicodeDecodeError:
            return None
    text = data.strip()
    if len(text) < 6 or " " not in text and not WIDE.search(text):
        return None  # words need spaces between them, but in Chinese, Japanese or Korean
    printable = sum(1 for c in text if c.isprintable() or c in "\n\t")
    letters = sum(1 for c in text if c.isalpha())
    return text if printable >= 0.95 * len(text) and letters >= 0.5 * len(text.replace(" ", "")) else None


def bytes_text(data: bytes) -> str:
    """Bytes as UTF-8 text, or Latin-1 when they are not UTF-8 (escapes and numbers may spell either)."""
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError:
        return data.decode("latin-1")


def nested(data: bytes) -> str | None:
    """Decoded bytes that are themselves an encoding (base64 of base64): viewed again, not read as words."""
    return data.decode("ascii") if len(data) >= 12 and NESTED.fullmatch(data) else None


def b64(token: str) -> bytes | None:
    """base64 (or its URL-safe alphabet) decoded by binascii, as base64.b64decode(validate=True) and
    base64.urlsafe_b64decode do on Python 3.11 and later (base64 and struct: ~2 % of a fresh scan of 4 KB)."""
    body = token.rstrip("=")
    if len(body) % 4 == 1:
        return None
    padded = body + "=" * (-len(body) % 4)
    try:
        data = padded.encode("ascii")  # (UnicodeEncodeError is a ValueError, as base64 raises it)
        if "-" in body or "_" in body:
            return binascii.a2b_base64(data.translate(URLSAFE))
        return binascii.a2b_base64(data, strict_mode=True)
    except (binascii.Error, ValueError):
        return None


def _b32(token: str) -> bytes | None:
    import base64  # (on first use)

    body = token.rstrip("=")
    try:
        return base64.b32decode(body + "=" * (-len(body) % 8))
    except (binascii.Error, ValueError):
        return None


def _encoded_word(token: str) -> bool:
    """A run of base64 characters that is not just a word or an identifier: a digit, + or /, or capitals
    inside it."""
    return ENCODED_HINT.search(token) is not None or len(CAPITAL.findall(token, 1)) >= 2


def binary_encodings(doc: Document) -> Iterator[Payload]:
    """base64, base32 and contiguous hex runs (one pass over the runs of their characters)."""
    text = doc.text
    for start, end in doc.long_runs(B64_CHARS, 12):
        token = text[start:end]
        if WORDS.fullmatch(token):
            continue  # words, CamelCase, snake_case, kebab-case, a path of words
        token = token.strip("-_")
        start = text.index(token, start) if token else start
        end = start + len(token)
        if HEX.fullmatch(token) and len(token) >= 16:
            decoded, kind = (bytes.fromhex(token) if len(token) % 2 == 0 else None), "decoded:hex"
        elif B32.fullmatch(token) and len(token) >= 16:
            decoded, kind = _b32(token), "decoded:base32"
        elif _encoded_word(token):
            decoded, kind = b64(token), "decoded:base64"
        else:
            continue
        plain = (readable(decoded) or nested(decoded)) if decoded else None
        if plain:
            yield start, end, plain, kind


def hex_pairs(doc: Document) -> Iterator[Payload]:
    for start, end in doc.long_runs(HEX_PAIRS_CHARS, 23):
        for match in HEX_PAIRS.finditer(doc.ascii, start, end):
            digits = re.sub(rb"0[xX]|[^0-9A-Fa-f]", b"", match.group())
            plain = readable(bytes.fromhex(digits.decode()))
            if plain:
                yield match.start(), match.end(), plain, "decoded:hex"


def ascii85(doc: Document) -> Iterator[Payload]:
    if "<~" not in doc.text:
        return
    import base64  # (only where a candidate is: base64 and struct are ~2 % of a fresh scan of a small file)

    for match in A85.finditer(doc.text):
        try:
            plain = readable(base64.a85decode(match.group(), adobe=True))
        except (ValueError, binascii.Error):
            continue
        if plain:
            yield match.start(), match.end(), plain, "decoded:base85"


def base85(doc: Document) -> Iterator[Payload]:
    """base85 without delimiters (RFC 1924's alphabet), from 20 characters."""
    for start, end in doc.long_runs(B85_CHARS, 20):
        token = doc.text[start:end]
        if len(token) % 5 == 1 or B85_SYMBOL.search(token) is None:
            continue
        try:
            plain = readable(b85decode(token))
        except ValueError:
            continue
        if plain:
            yield start, end, plain, "decoded:base85"


def b85decode(token: str) -> bytes:
    """base64.b85decode without importing base64 and struct (a base85 candidate is common in plain text: any
    20 letters, digits and symbols in a row); raises ValueError where it does."""
    data = token.encode("ascii")  # (UnicodeEncodeError is a ValueError, as base64 raises it)
    padding = -len(data) % 5
    data += b"~" * padding
    out = []
    for i in range(0, len(data), 5):
        acc = 0
        for c in data[i:i + 5]:
            digit = B85_DIGITS.get(c)
            if digit is None:
                raise ValueError(f"bad base85 character at position {i}")
            acc = acc * 85 + digit
        if acc >= 1 << 32:
            raise ValueError(f"base85 overflow in hunk starting at byte {i}")
        out.append(acc.to_bytes(4, "big"))
    result = b"".join(out)
    return result[:-padding] if padding else result


def hidden_characters(doc: Document) -> Iterator[Payload]:
    """Tag characters spelling ASCII (a flag-shaped run too) and bytes carried by variation selectors."""
    if not doc.non_ascii_runs:
        return
    for match in doc.finditer_non_ascii(TAG_RUN):
        plain = decode_tags(match.group()).replace("<U+E007F>", "").strip()
        if len(plain) >= 4:
            yield match.start(), match.end(), plain, "decoded:tags"
    for match in doc.finditer_non_ascii(SELECTOR_RUN):
        try:
            plain = decode_selectors(match.group()).decode("utf-8")
        except UnicodeDecodeError:
            continue
        if len(plain.strip()) >= 4:
            yield match.start(), match.end(), plain, "decoded:selectors"
