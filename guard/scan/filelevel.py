"""FIL and SUP: findings about the file itself (binary, not UTF-8, too large, unreadable) and inline
comments that try to silence the scanner."""
from __future__ import annotations

import re
from collections.abc import Iterator

from guard.scan.detector import Hit, detector
from guard.scan.lazyre import lazy
from guard.scan.text import Document
from guard.scan.triggers import declare

UNDECODABLE = lazy("[\udc80-\udcff]+")
SUPPRESS = lazy(
    r"\b(?:kguard|knowledge-guard)\s*[:=-]?\s*(?:ignore|disable|skip|off|allow|noqa|nocheck)\b"
    r"|\b(?:noqa|nosec|nolint)\s*[:=]?\s*(?:INV|HMD|CON|EXF|OVR|DNG|ENC|SUP|FIL)\d{3}\b",
    re.I,
)
BINARY_PROBE = 8192
SUPPRESS_TRIGGERS = ("kguard", "knowledge", "noqa", "nosec", "nolint")
declare(SUPPRESS_TRIGGERS)


def is_binary(text: str) -> bool:
    return "\x00" in text[:BINARY_PROBE]


def utf16_text(data: bytes) -> str | None:
    """The text of UTF-16 bytes written without a byte-order mark (ASCII letters with a NUL byte beside each
    one, which a UTF-8 reading shows as letters between NULs), or None when the bytes do not look like that:
    at least 8 bytes, and NULs in at least 90 % of the odd (LE) or even (BE) places and in no more than 10 %
    of the others."""
    probe = data[:BINARY_PROBE]
    if len(probe) < 8 or b"\x00" not in probe:
        return None
    half = len(probe) // 2
    even, odd = probe[0:half * 2:2].count(0), probe[1:half * 2:2].count(0)
    for nuls, others, codec in ((odd, even, "utf-16-le"), (even, odd, "utf-16-be")):
        if nuls >= 0.9 * half and others <= 0.1 * half:
            try:
                return data[:len(data) - len(data) % 2].decode(codec)
            except UnicodeDecodeError:
                return None
    return None


@detector("FIL001", "binary-file", "warning", hits=[("abc\x00def", 0, 0)], clean=["plain text"])
def binary(doc: Document) -> Iterator[Hit]:
    """What it finds: a knowledge file that holds NUL bytes, i.e. binary data. Its text parts are still
    scanned by every other detector: a NUL byte stops nothing.

    Why it matters: agents load knowledge files as text; binary content there is either a mistake or a way
    to hide data from text tools (many of which stop at the first NUL byte, or call the file binary and
    show nothing).

    Example: an AGENTS.md that is really an image or an archive, or text with NUL bytes between its parts.

    Instead: keep knowledge files as UTF-8 text.
    """
    if "\x00" in doc.text:
        yield Hit(-1, -1, "binary content (NUL bytes): its text parts are scanned", matched="binary")


@detector("FIL002", "not-utf8", "warning", hits=[("ok\nbad \udcff byte", 2, 5)], clean=["caf\u00e9"])
def not_utf8(doc: Document) -> Iterator[Hit]:
    """What it finds: bytes that are not valid UTF-8; the first is reported, and the rest of the file is
    still scanned.

    Why it matters: tools disagree about invalid bytes (some drop them, some replace them), so what a person
    reviews and what the model reads can differ.

    Example: a Latin-1 byte 0xFF inside an otherwise UTF-8 file.

    Instead: re-save the file as UTF-8.
    """
    match = next(doc.finditer_non_ascii(UNDECODABLE), None)
    if match:
        yield Hit(match.start(), match.end(), "bytes that are not valid UTF-8", matched="not-utf8")


@detector("FIL003", "file-too-large", "warning")
def too_large(doc: Document) -> Iterator[Hit]:
    """What it finds: a file larger than `[scan] max_file_bytes` (5 MB by default); it is not scanned.

    Why it matters: nobody reviews a knowledge file of that size, and the agent's context cannot hold it.

    Example: a 20 MB CLAUDE.md.

    Instead: split the file, or raise `max_file_bytes` if the size is intended.
    """
    return iter(())


@detector("FIL004", "unreadable-file", "warning")
def unreadable(doc: Document) -> Iterator[Hit]:
    """What it finds: a file that could not be read (permissions, a dangling symlink, a folder where a
    file should be).

    Why it matters: what cannot be scanned cannot be trusted; the agent may still read it later.

    Example: an AGENTS.md symlink pointing at a missing file.

    Instead: fix the permissions or the link.
    """
    return iter(())


@detector("SUP001", "inline-suppression", "warning",
          hits=[("Text <!-- kguard: ignore --> more", 1, 11), ("# noqa: INV001", 1, 3)],
          clean=["kguard scan ignores nothing"])
def inline_suppression(doc: Document) -> Iterator[Hit]:
    """What it finds: comments inside a file that try to silence the scanner (`kguard: ignore`,
    `noqa: INV001`, `nosec: EXF001`).

    Why it matters: the text of a knowledge file is exactly what an attacker controls, so kguard honours no
    inline suppression, and a comment that asks for one is itself suspicious.

    Example: `<!-- kguard: ignore -->`

    Instead: tune the scanner in the config (`[scan] ignore`, `per_path_ignores`, `baseline`), which the
    guard protects.
    """
    for match in doc.finditer(SUPPRESS, SUPPRESS_TRIGGERS):
        yield Hit(match.start(), match.end(), f'inline suppression "{match.group()}" is not honoured')
