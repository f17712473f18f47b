"""What the harnesses' tool inputs look like, read once: the file a write aims at, its new text, a tool's
output as text, and Codex's apply_patch envelope."""
from __future__ import annotations

import re
TYPE_CHECKING = False  # (typing.TYPE_CHECKING without importing typing: ~3 ms of every hook call)
if TYPE_CHECKING:
    from typing import Any

PATH_KEYS = ("file_path", "path", "target_file", "filePath", "absolute_path")
TEXT_KEYS = ("content", "contents", "fileText", "file_text", "new_string", "new_str", "code_edit", "text")
OUTPUT_KEYS = ("stdout", "stderr", "output", "llmContent", "returnDisplay", "textResultForLlm", "result", "error")
PATCH_FILE = re.compile(r"^\*\*\* (Add|Update|Delete) File: (.+)$|^\*\*\* Move to: (.+)$")


def first_str(data: object, keys: tuple[str, ...]) -> str:
    if isinstance(data, dict):
        for key in keys:
            value = data.get(key)
            if isinstance(value, str) and value:
                return value
    return ""


def write_target(tool_input: object) -> tuple[str, str]:
    """(file path, new text) of a write or edit; edits with a list of changes give their new strings."""
    path = first_str(tool_input, PATH_KEYS)
    text = first_str(tool_input, TEXT_KEYS)
    edits = tool_input.get("edits") if isinstance(tool_input, dict) else None
    if not text and isinstance(edits, list):
        text = "\n".join(first_str(e, TEXT_KEYS) for e in edits if isinstance(e, dict))
    return path, text


def output_text(response: object) -> str:
    if isinstance(response, str):
        return response
    if isinstance(response, dict):
        return "\n".join(v for k in OUTPUT_KEYS if isinstance(v := response.get(k), str) and v)
    if isinstance(response, list):
        return "\n".join(output_text(item) for item in response)
    return ""


def patch_files(patch: str) -> list[tuple[str, str]]:
    """(path, added text) for each file an apply_patch envelope touches (a move counts for both paths)."""
    files: dict[str, list[str]] = {}
    current: str | None = None
    for line in patch.splitlines():
        found = PATCH_FILE.match(line)
        if found:
            current = (found.group(2) or found.group(3)).strip()
            files.setdefault(current, [])
        elif current is not None and line.startswith("+"):
            files[current].append(line[1:])
    return [(path, "\n".join(lines)) for path, lines in files.items()]


def loaded_json(value: Any) -> Any:
    """Copilot passes toolArgs as a JSON string."""
    if isinstance(value, str):
        import json

        try:
            return json.loads(value)
        except ValueError:
            return {}
    return value
