"""Substitutions that decode escaped characters in place: HTML entities (`&#105;`, `&#x69;`, `&lt;`),
percent-encoding (`%69`, UTF-8 sequences such as `%E2%80%8B`), and `\\uXXXX`, `\\U0000XXXX`, `\\u{X}`, `\\xXX`
and octal `\\151` escapes. Each escape is its own substitution, so a finding is kept only where it rests on one."""
from __future__ import annotations

from collections.abc import Iterator

from guard.scan.lazyre import lazy
from guard.scan.text import Document
from guard.scan.views.decoders import bytes_text
from guard.scan.views.letters import TIDY, Sub

ENTITY = lazy(r"&(?:(#[0-9]{1,7}|#[xX][0-9a-fA-F]{1,6})|[A-Za-z][A-Za-z0-9]{1,31});")
# Each starts with its literal character, so that a search skips to it (a leading group would not).
PERCENT = lazy(r"%[0-9A-Fa-f]{2}(?:%[0-9A-Fa-f]{2})*")
_ONE = r"(?:u[0-9a-fA-F]{4}|U[0-9a-fA-F]{8}|u\{[0-9a-fA-F]{1,6}\}|x[0-9a-fA-F]{2}|[0-3][0-7]{2})"
ESCAPE = lazy(rf"\\{_ONE}(?:\\{_ONE})*")
ONE_ESCAPE = lazy(r"\\(?:u\{([0-9a-fA-F]{1,6})\}|u([0-9a-fA-F]{4})|U([0-9a-fA-F]{8})|x([0-9a-fA-F]{2})|([0-3][0-7]{2}))")


def percent_decoded(text: str) -> str:
    """urllib.parse.unquote(text, errors="replace") without importing urllib.parse (and ipaddress) on the scan
    path: each run of %XX decoded as UTF-8 (invalid bytes as U+FFFD), the rest kept."""
    if "%" not in text:
        return text
    return PERCENT.sub(lambda run: bytes.fromhex(run.group().replace("%", "")).decode("utf-8", "replace"), text)


def _unescape(run: str) -> str | None:
    """A run of backslash escapes as text: \\x bytes read as UTF-8 (else Latin-1), \\u as code points
    (a surrogate pair joined)."""
    out: list[str] = []
    pending = bytearray()
    for match in ONE_ESCAPE.finditer(run):
        if match.group(4) is not None or match.group(5) is not None:  # a byte: hex, or octal (\151)
            pending.append(int(match.group(4), 16) if match.group(4) is not None else int(match.group(5), 8))
            continue
        if pending:
            out.append(bytes_text(bytes(pending)))
            pending.clear()
        code = int(next(g for g in match.groups() if g is not None), 16)
        if code > 0x10FFFF:
            return None
        out.append(chr(code))
    if pending:
        out.append(bytes_text(bytes(pending)))
    joined = "".join(out)
    return joined.encode("utf-16", "surrogatepass").decode("utf-16", "replace")


def escapes(doc: Document) -> Iterator[Sub]:
    text = doc.text
    if "&" in text and ";" in text:
        for match in ENTITY.finditer(text):
            import html  # (only for a text that holds an entity: its table of names costs ~2 ms to import)

            decoded = html.unescape(match.group())
            if decoded != match.group():  # &amp; &lt; &nbsp; ... in prose and code samples change no words
                kind = "decoded:html" if match.group(1) or decoded.isalnum() else TIDY
                yield match.start(), match.end(), decoded, kind
    if "%" in text:
        for match in PERCENT.finditer(text):
            decoded = percent_decoded(match.group())
            if decoded != match.group():
                yield match.start(), match.end(), decoded, "decoded:percent"
    if "\\" in text:
        for match in ESCAPE.finditer(text):
            decoded = _unescape(match.group())
            if decoded:
                yield match.start(), match.end(), decoded, "decoded:escape"
