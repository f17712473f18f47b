"""Words of a shell fragment: shlex with punctuation characters on, braces inside a word kept in it
(`${HOME}`, `repos/{owner}/{repo}`), and PowerShell's -EncodedCommand decoded."""
from __future__ import annotations

import base64
import shlex

from guard.scan.lazyre import lazy


def decode_powershell(value: str) -> str:
    """-EncodedCommand: base64 of UTF-16LE."""
    try:
        return base64.b64decode(value + "=" * (-len(value) % 4)).decode("utf-16-le", "replace")
    except (ValueError, UnicodeError):
        return ""


LITERAL_BRACE = lazy(r"\{(?=\S)|(?<=[^\s;&|])\}")  # ${HOME}, repos/{owner}/x: words; "{ cmd; }" is a group


def tokens(text: str) -> list[str]:
    if "{" in text or "}" in text:
        braced = LITERAL_BRACE.sub(lambda m: "\ue000" if m.group() == "{" else "\ue001", text)
        return [t.replace("\ue000", "{").replace("\ue001", "}") for t in shlex_words(braced)]
    return shlex_words(text)


def shlex_words(text: str) -> list[str]:
    for attempt in (text, text + '"', text + "'"):
        lexer = shlex.shlex(attempt, posix=True, punctuation_chars=";&|<>(){}")
        lexer.whitespace_split = True
        lexer.commenters = ""
        try:
            return list(lexer)
        except ValueError:
            continue
    return text.split()
