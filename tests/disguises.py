"""Ways to hide a phrase, written here independently of the scanner's decoders (the tests must not borrow
the code they test): each takes the plain phrase and returns the disguised text."""
from __future__ import annotations

import base64
import codecs
import html

MORSE = dict(zip("abcdefghijklmnopqrstuvwxyz", (
    ".- -... -.-. -.. . ..-. --. .... .. .--- -.- .-.. -- -. --- .--. --.- .-. ... - ..- ...- .-- -..- -.-- --..")
    .split()))
CYRILLIC = {"a": "\u0430", "e": "\u0435", "o": "\u043e", "p": "\u0440", "c": "\u0441", "i": "\u0456",
            "x": "\u0445", "y": "\u0443"}
SMALL_CAPS = dict(zip("abcdeghijklmnoprstuwyz", "\u1d00\u0299\u1d04\u1d05\u1d07\u0262\u029c\u026a\u1d0a\u1d0b"
                                                 "\u029f\u1d0d\u0274\u1d0f\u1d18\u0280\ua731\u1d1b\u1d1c\u1d21\u028f\u1d22"))
LEET = {"o": "0", "i": "1", "e": "3", "a": "4", "s": "5", "t": "7"}


def _shift(text: str, n: int) -> str:
    return "".join(chr((ord(c) - 97 + n) % 26 + 97) if "a" <= c <= "z" else c for c in text)


def _each_word(phrase: str, change) -> str:  # type: ignore[no-untyped-def]
    return " ".join(change(word) for word in phrase.split(" "))


def _inside(mark: str):  # type: ignore[no-untyped-def]
    return lambda phrase: _each_word(phrase, lambda w: w[:2] + mark + w[2:] if len(w) > 3 else w)


ENCODINGS = {
    # name: (encode, view of the finding, or the ID of the text detector that reports the payload whole)
    "base64": lambda p: base64.b64encode(p.encode()).decode(),
    "base32": lambda p: base64.b32encode(p.encode()).decode(),
    "base85": lambda p: base64.a85encode(p.encode(), adobe=True).decode(),
    "hex-spaced": lambda p: " ".join(f"{b:02x}" for b in p.encode()),
    "hex-colons": lambda p: ":".join(f"{b:02X}" for b in p.encode()),
    "hex-c-array": lambda p: ", ".join(f"0x{b:02x}" for b in p.encode()),
    "html-decimal": lambda p: "".join(f"&#{ord(c)};" for c in p),
    "html-hex": lambda p: "".join(f"&#x{ord(c):x};" for c in p),
    "percent": lambda p: "".join(f"%{b:02X}" for b in p.encode()),
    "u-escapes": lambda p: "".join(f"\\u{ord(c):04x}" for c in p),
    "x-escapes": lambda p: "".join(f"\\x{b:02x}" for b in p.encode()),
    "rot13": lambda p: codecs.encode(p, "rot13"),
    "reversed": lambda p: p[::-1],
    "morse": lambda p: " / ".join(" ".join(MORSE[c] for c in word) for word in p.lower().split()),
    "tags": lambda p: "".join(chr(0xE0000 + ord(c)) for c in p),
    "flag-tags": lambda p: "\U0001f3f4" + "".join(chr(0xE0000 + ord(c)) for c in p) + "\U000e007f",
    "cyrillic": lambda p: "".join(CYRILLIC.get(c, c) for c in p),
    "one-cyrillic": lambda p: p.replace("e", "\u0435", 1),
    "zero-width-space": _inside("\u200b"),
    "zero-width-joiner": _inside("\u200d"),
    "soft-hyphen": _inside("\u00ad"),
    "variation-selector": _inside("\ufe0f"),
    "fullwidth": lambda p: "".join(chr(ord(c) + 0xFEE0) if c.isascii() and c.isalpha() else c for c in p),
    "spaced": lambda p: "   ".join(" ".join(word) for word in p.split()),
    "dotted": lambda p: " ".join(".".join(word) for word in p.split()),
    "leet": lambda p: _each_word(p, lambda w: w[0] + "".join(LEET.get(c, c) for c in w[1:-1]) + w[-1]
                                 if len(w) > 3 else w),
    "binary": lambda p: " ".join(f"{b:08b}" for b in p.encode()),
    "decimal": lambda p: " ".join(str(b) for b in p.encode()),
    "octal": lambda p: " ".join(f"{b:o}" for b in p.encode()),
    "caesar-3": lambda p: _shift(p, 3),
    "caesar-20": lambda p: _shift(p, 20),
    "atbash": lambda p: "".join(chr(219 - ord(c)) if "a" <= c <= "z" else c for c in p),
    "word-order": lambda p: " ".join(reversed((p[0].upper() + p[1:] + ".").split())),  # a whole line
    "starred": lambda p: " * ".join(w[:2] + "*" + w[2:] if len(w) > 3 else w for w in p.split()),
    "leet-all": lambda p: "".join({"a": "4", "e": "3", "g": "6", "i": "1", "o": "0", "s": "5", "t": "7"}.get(c, c)
                                  for c in p),
    "small-caps": lambda p: "".join(SMALL_CAPS.get(c, c) for c in p),
    "struck": lambda p: "".join(c + "\u0336" for c in p),
    "zalgo": lambda p: "".join(c + "\u0301\u0316\u0337" for c in p),
    "tag-inside": _inside("<b></b>"),
    "comment-inside": _inside("<!-- -->"),
    "ticks-inside": lambda p: _each_word(p, lambda w: w[0] + "`" + w[1:-1] + "`" + w[-1] if len(w) > 3 else w),
    "html-letters": lambda p: _each_word(p, lambda w: w[0] + html.escape(w[1:]).replace(w[1], f"&#{ord(w[1])};", 1)
                                         if len(w) > 3 else w),
}
