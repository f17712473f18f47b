"""Lines of a knowledge file as the block code sees them: only "\\n" ends a line, endings and a BOM are kept."""
from __future__ import annotations

import re

BOM = "\ufeff"
LINE_RE = re.compile(r"[^\n]*\n|[^\n]+\Z")


def split_lines(text: str) -> list[str]:
    """Lines with their endings; only "\\n" ends a line (never \\x0b, \\x85 or U+2028 as splitlines does)."""
    return LINE_RE.findall(text)


def split_bom(text: str) -> tuple[str, list[str]]:
    """The BOM (or "") and the lines after it."""
    bom = BOM if text.startswith(BOM) else ""
    return bom, split_lines(text[len(bom):])


def content(line: str) -> str:
    if line.endswith("\n"):
        line = line[:-1]
        if line.endswith("\r"):
            line = line[:-1]
    return line


def ending(line: str) -> str:
    return line[len(content(line)):]


def detect_newline(text: str) -> str:
    index = text.find("\n")
    return "\r\n" if index > 0 and text[index - 1] == "\r" else "\n"
