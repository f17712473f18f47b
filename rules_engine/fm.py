"""YAML frontmatter with line numbers: python-frontmatter's boundary and its safe YAML loader, plus the
composed node tree so every key knows its line. Every failure is a KguardError naming the file and line."""
from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

import yaml
from frontmatter.default_handlers import YAMLHandler

from rules_engine.errors import KguardError

HANDLER = YAMLHandler()
BOUNDARY = HANDLER.FM_BOUNDARY
# libyaml where PyYAML was built with it (5x faster on a typical frontmatter; the same nodes and values)
LOADER = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
# Cursor writes `globs: **/*.ts` unquoted, which YAML reads as an alias: for .mdc files a flat `key: value`
# block is read literally when YAML refuses it.
FLAT_LINE = re.compile(r"^([A-Za-z_][\w-]*)[ \t]*:[ \t]*(.*?)[ \t]*$")


@dataclass(frozen=True)
class Split:
    meta: dict[str, Any]
    key_lines: dict[str, int]  # key -> 1-based file line
    body: str
    body_line: int  # file line of the body's first line
    has_frontmatter: bool


def decode(path: str, data: bytes) -> str:
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as exc:
        line = data[: exc.start].count(b"\n") + 1
        raise KguardError(f"not UTF-8 (byte 0x{data[exc.start]:02x} at offset {exc.start})", path, line) from None
    if "\x00" in text:
        raise KguardError("binary content (NUL byte), expected Markdown text", path,
                          text[: text.index("\x00")].count("\n") + 1)
    return text.removeprefix("\ufeff")


def split(path: str, text: str, lenient: bool = False) -> Split:
    lines = text.split("\n")
    if not lines or not BOUNDARY.match(lines[0].rstrip("\r")):
        return Split({}, {}, text, 1, False)
    end = next((i for i in range(1, len(lines)) if BOUNDARY.match(lines[i].rstrip("\r"))), None)
    if end is None:
        raise KguardError("frontmatter is not closed: no line '---' after the opening one", path, 1)
    source = "\n".join(lines[1:end])
    body = "\n".join(lines[end + 1:])
    try:
        meta, key_lines = _load(path, source)
    except KguardError:
        flat = _flat(source) if lenient else None
        if flat is None:
            raise
        meta, key_lines = flat
    return Split(meta, key_lines, body, end + 2, True)


def _failing_line(source: str) -> int:
    """The file line of the first value that parses as YAML but cannot be built (a date such as 2024-13-45
    raises ValueError, with no mark); the first frontmatter line when that cannot be told."""
    try:
        node = yaml.compose(source, Loader=yaml.SafeLoader)
    except Exception:  # noqa: BLE001 - as in _load
        return 2
    pending = [node] if node is not None else []
    builder = yaml.SafeLoader("")
    while pending:
        current = pending.pop(0)
        try:
            builder.construct_object(current, deep=True)
            continue
        except Exception:  # noqa: BLE001 - the one that fails is what we look for
            pass
        children = current.value if isinstance(current.value, list) else []
        parts = [part for child in children for part in (child if isinstance(child, tuple) else (child,))]
        if not parts:
            return current.start_mark.line + 2
        pending = parts  # look inside the failing node only
    return 2


def _load_pure(path: str, source: str) -> tuple[Any, Any]:
    try:
        node = yaml.compose(source, Loader=yaml.SafeLoader)
        value = HANDLER.load(source) if node is not None else None
    except yaml.MarkedYAMLError as exc:
        mark = exc.problem_mark or exc.context_mark
        line = mark.line + 2 if mark is not None else 2
        raise KguardError(f"broken YAML in the frontmatter: {exc.problem or exc.context}", path, line) from None
    except Exception as exc:  # noqa: BLE001 - PyYAML also raises ValueError, RecursionError ... on odd input
        line = _failing_line(source)
        raise KguardError(f"broken YAML in the frontmatter: {type(exc).__name__}: {exc}", path, line) from None
    return node, value


def _load(path: str, source: str) -> tuple[dict[str, Any], dict[str, int]]:
    try:
        node = yaml.compose(source, Loader=LOADER)
        value = LOADER("").construct_document(node) if node is not None else None  # as yaml.safe_load does
    except Exception:  # noqa: BLE001 - libyaml words and places errors its own way: the pure loader's are ours
        node, value = _load_pure(path, source)
    if node is None:
        return {}, {}
    if not isinstance(node, yaml.MappingNode) or not isinstance(value, dict):
        what = {yaml.SequenceNode: "a list", yaml.ScalarNode: "a single value"}.get(type(node), "not a mapping")
        raise KguardError(f"the frontmatter must be a mapping of keys to values, not {what}", path,
                          node.start_mark.line + 2)
    key_lines: dict[str, int] = {}
    for key_node, _ in node.value:
        line = key_node.start_mark.line + 2
        if not isinstance(key_node, yaml.ScalarNode) or key_node.tag != "tag:yaml.org,2002:str":
            raise KguardError("frontmatter keys must be plain words", path, line)
        key_lines.setdefault(key_node.value, line)
    return value, key_lines


def _flat(source: str) -> tuple[dict[str, Any], dict[str, int]] | None:
    meta: dict[str, Any] = {}
    key_lines: dict[str, int] = {}
    for index, raw in enumerate(source.split("\n")):
        if not raw.strip():
            continue
        match = FLAT_LINE.match(raw.rstrip("\r"))
        if match is None:
            return None
        key, value = match.groups()
        scalar: Any = value.strip("\"'") if value else None
        if value.lower() in {"true", "false"}:
            scalar = value.lower() == "true"
        meta[key] = scalar
        key_lines[key] = index + 2
    return meta, key_lines
