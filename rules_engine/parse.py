"""Parsing knowledge files: rules (ours, Cursor `.mdc`, Claude Code `.claude/rules`), skills, memory and
free-form instructions. Input is a display path and bytes; output is a frozen model (rules_engine.models) or a
KguardError naming the file and line. `load_all` parses many files and collects errors per file."""
from __future__ import annotations

import os
import re
from collections.abc import Callable, Iterable
from datetime import date, datetime
from pathlib import Path, PurePosixPath
from typing import Any

from rules_engine.errors import KguardError
from rules_engine.files import MODEL_MAX_BYTES, read
from rules_engine.fm import decode, split
from rules_engine.models import Document, Knowledge, Line, Memory, Rule, RuleFormat, Skill

BULLET = re.compile(r"^(\s*)(?:[-*+]|\d{1,3}[.)])\s+(.*)$")
HEADING = re.compile(r"^\s{0,3}#{1,6}\s+(.*?)\s*#*\s*$")
FENCE = re.compile(r"^\s{0,3}(```|~~~)")
MARKUP = re.compile(r"^(?:\s*(?:#{1,6}|[-*+>]|\d{1,3}[.)])\s+)+")
MAX_DERIVED = 120


def rule_format(path: str) -> RuleFormat:
    if path.endswith(".mdc"):
        return "cursor"
    parts = PurePosixPath(path).parts
    return "claude" if any(a == ".claude" and b == "rules" for a, b in zip(parts, parts[1:])) else "markdown"


def parse_rule(path: str, data: bytes) -> Rule:
    text = _nonempty(path, decode(path, data))
    fmt = rule_format(path)
    parts = split(path, text, lenient=fmt == "cursor")
    meta, lines = parts.meta, parts.key_lines
    get = _getter(path, meta, lines)
    description = get("description", str) or ""
    statements = statements_of(path, parts.body, parts.body_line)
    derived = not description.strip()
    if derived:
        first = next((line for line in parts.body.split("\n") if derive(line)), None)
        if first is None:
            raise KguardError("no description and an empty body: nothing says what this rule is",
                              path, parts.body_line if parts.has_frontmatter else 1)
        description = derive(first)
    globs = _globs(path, meta, lines, "paths" if fmt == "claude" and "paths" in meta else "globs")
    always = get("always", bool)
    if always is None:
        always = get("alwaysApply", bool)
    if always is None:
        always = fmt == "claude" and not globs  # Claude Code loads a rule without `paths` every time
    confidence = get("confidence", float)
    if confidence is not None and not 0 <= confidence <= 1:
        raise KguardError(f"'confidence' must lie between 0 and 1, got {confidence}", path, lines["confidence"])
    sessions = get("sessions", int)
    if sessions is not None and sessions < 0:
        raise KguardError(f"'sessions' must not be negative, got {sessions}", path, lines["sessions"])
    return Rule(
        path=path, name=_stem(path), description=description.strip(), description_derived=derived,
        always=bool(always), body=parts.body, body_line=parts.body_line, format=fmt, globs=globs,
        confidence=confidence, sessions=sessions, last_used=_date(path, meta, lines),
        contradicts=_names(path, meta, lines, "contradicts"), key_lines=tuple(sorted(lines.items())),
        statements=tuple(statements),
    )


def parse_skill(path: str, data: bytes) -> Skill:
    text = _nonempty(path, decode(path, data))
    parts = split(path, text)
    get = _getter(path, parts.meta, parts.key_lines)
    description = (get("description", str) or "").strip()
    if not description:
        raise KguardError("a skill needs a 'description' in its frontmatter (when to use it)", path,
                          parts.key_lines.get("description", 1))
    name = (get("name", str) or "").strip()
    folder = PurePosixPath(path).parent.name or _stem(path)
    return Skill(path, name or folder, not name, description, parts.body, parts.body_line)


def parse_memory(path: str, data: bytes) -> Memory:
    parts = split(path, decode(path, data), lenient=True)
    return Memory(path, tuple(statements_of(path, parts.body, parts.body_line)), parts.body)


def parse_document(path: str, data: bytes) -> Document:
    text = decode(path, data)
    return Document(path, text, tuple(statements_of(path, text, 1)))


def statements_of(path: str, body: str, first_line: int) -> list[Line]:
    """One entry per bullet (continuation lines joined), and one per plain paragraph line; code skipped."""
    out: list[Line] = []
    section, fenced, current = "", False, None
    for index, raw in enumerate(body.split("\n")):
        line_no = first_line + index
        line = raw.rstrip("\r")
        if FENCE.match(line):
            fenced, current = not fenced, None
            continue
        if fenced or not line.strip() or line.lstrip().startswith(("<!--", "|")):
            current = None
            continue
        heading = HEADING.match(line)
        bullet = BULLET.match(line)
        if heading:
            section, current = heading.group(1), None
        elif bullet:
            current = Line(path, line_no, bullet.group(2).strip(), True, section)
            out.append(current)
        elif current is not None and current.bullet and raw[:1] in " \t":
            out[-1] = current = Line(path, current.line, f"{current.text} {line.strip()}", True, section)
        else:
            current = None
            out.append(Line(path, line_no, line.strip(), False, section))
    return out


def derive(first: str) -> str:
    """A description from a body line: Markdown heading, bullet and emphasis marks taken off."""
    if FENCE.match(first) or set(first.strip()) <= {"-", "=", "*", "_"}:
        return ""  # a code fence or a horizontal rule says nothing
    text = MARKUP.sub("", first.strip()).strip()
    return text if len(text) <= MAX_DERIVED else text[: MAX_DERIVED - 1].rstrip() + "…"


PARSERS: dict[str, Callable[[str, bytes], Knowledge]] = {
    "rule": parse_rule, "procedure": parse_skill, "fact": parse_memory, "instructions": parse_document,
}




def load_all(files: Iterable[tuple[str, str, Path | bytes]]) -> tuple[list[Knowledge], list[KguardError]]:
    """Parse (kind, display path, path or bytes) triples; one bad file never stops the others.
    Kinds without a parser (control files) are skipped."""
    items: list[Knowledge] = []
    errors: list[KguardError] = []
    for kind, display, source in files:
        parser = PARSERS.get(kind)
        if parser is None:
            continue
        try:
            data = source if isinstance(source, bytes) else read(source, display, MODEL_MAX_BYTES)
            items.append(parser(display, data))
        except KguardError as exc:
            errors.append(exc)
    return items, errors


def _nonempty(path: str, text: str) -> str:
    if not text.strip():
        raise KguardError("empty file", path, 1)
    return text


def _stem(path: str) -> str:
    name = PurePosixPath(path.replace(os.sep, "/")).name
    for suffix in (".mdc", ".md", ".markdown"):
        if name.endswith(suffix) and len(name) > len(suffix):
            return name[: -len(suffix)]
    return name


TYPE_NAMES = {str: "text", bool: "true or false", int: "a whole number", float: "a number"}


def _getter(path: str, meta: dict[str, Any], lines: dict[str, int]) -> Callable[[str, type], Any]:
    def get(key: str, want: type) -> Any:
        value = meta.get(key)
        if value is None:
            return None
        ok = isinstance(value, want) and not (want is not bool and isinstance(value, bool))
        if want is float and isinstance(value, int) and not isinstance(value, bool):
            return float(value)
        if not ok:
            raise KguardError(f"'{key}' must be {TYPE_NAMES[want]}, got {_shown(value)}", path, lines.get(key))
        return value
    return get


def _shown(value: Any) -> str:
    kind = {list: "a list", dict: "a mapping", bool: "true/false"}.get(type(value))
    return kind or f"{type(value).__name__} {str(value)[:40]!r}"


def _globs(path: str, meta: dict[str, Any], lines: dict[str, int], key: str) -> tuple[str, ...]:
    value = meta.get(key)
    if isinstance(value, str):
        return tuple(part.strip() for part in value.split(",") if part.strip())
    return _names(path, meta, lines, key)


def _names(path: str, meta: dict[str, Any], lines: dict[str, int], key: str) -> tuple[str, ...]:
    value = meta.get(key)
    if value is None:
        return ()
    if isinstance(value, str):
        value = [value]
    if not isinstance(value, list) or not all(isinstance(item, str) for item in value):
        raise KguardError(f"'{key}' must be a list of names, got {_shown(value)}", path, lines.get(key))
    return tuple(item.strip() for item in value if item.strip())


def _date(path: str, meta: dict[str, Any], lines: dict[str, int]) -> date | None:
    value = meta.get("last_used")
    if value is None:
        return None
    if isinstance(value, datetime):
        return value.date()
    if isinstance(value, date):
        return value
    if isinstance(value, str):
        try:
            return date.fromisoformat(value.strip()[:10])
        except ValueError:
            pass
    raise KguardError(f"'last_used' must be a date like 2026-01-31, got {_shown(value)}", path,
                      lines.get("last_used"))
