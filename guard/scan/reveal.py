"""Making hidden text readable: every invisible or format character shown as `<U+200B>`, Unicode tag
characters decoded to the ASCII they mirror, undecodable bytes shown as `<0xFF>`, and rot13."""
from __future__ import annotations

import re

from guard.scan.lazyre import lazy

# Characters a reader cannot see (or that change what is seen): shown as <U+XXXX> in excerpts.
# Tag characters are decoded instead (see visible()); lone surrogates come from undecodable bytes.
_HIDDEN_CLASS = (
    "\x00-\x08\x0b-\x1f\x7f-\x9f\u00a0\u00ad\u034f\u061c\u115f\u1160\u17b4\u17b5\u180b-\u180f"
    "\u2000-\u200f\u2028-\u202f\u205f-\u206f\u2800\u3000\u3164\ufe00-\ufe0f\ufeff\uffa0\ufff0-\ufffb"
    "\U0001d173-\U0001d17a\U000e0100-\U000e01ef\ud800-\udfff"
)
HIDDEN = lazy(f"[{_HIDDEN_CLASS}]|[\U000e0000-\U000e007f]+")  # (compiled for the first finding, not at import)
TAG_RUN = re.compile("[\U000e0000-\U000e007f]+")
ROT13_BYTES = bytes.maketrans(
    b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz", b"NOPQRSTUVWXYZABCDEFGHIJKLMnopqrstuvwxyzabcdefghijklm"
)


def rot13(text: str) -> str:
    """rot13 of the ASCII letters; every other character keeps its place (bytes.translate is fast)."""
    return text.encode("utf-8", "surrogatepass").translate(ROT13_BYTES).decode("utf-8", "surrogatepass")


def decode_tags(run: str) -> str:
    """Unicode tag characters mirror ASCII at U+E0000; what they spell is the hidden message."""
    return "".join(chr(ord(c) - 0xE0000) if 0xE0020 <= ord(c) <= 0xE007E else f"<U+{ord(c):X}>" for c in run)


def _reveal(match: re.Match[str]) -> str:
    text = match.group()
    if len(text) > 1 or 0xE0000 <= ord(text) <= 0xE007F:
        return f"<TAGS:{decode_tags(text)}>"
    code = ord(text)
    if 0xDC80 <= code <= 0xDCFF:  # surrogateescape of an undecodable byte
        return f"<0x{code - 0xDC00:02X}>"
    return f"<U+{code:04X}>"


def visible(text: str) -> str:
    """`text` with every invisible or format character made visible and tag runs decoded; never raises."""
    return HIDDEN.sub(_reveal, text)


def is_tag(char: str) -> bool:
    return 0xE0000 <= ord(char) <= 0xE007F
