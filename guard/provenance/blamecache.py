"""git's blame of a file at a commit, kept in the state folder (`blame/`, one JSON file a path), so the next
blame walks only the commits made since: `git blame -M LAST..HEAD` blames the new commits' lines, and a line
it leaves at the boundary (LAST) is found in the kept blame by its line number there; moves within the file
are followed across the boundary as `git blame -M` follows them. A damaged or foreign file is ignored."""
from __future__ import annotations

import hashlib
import json
import os
from collections.abc import Callable
from pathlib import Path

from guard import atomic

Row = tuple[str, str, int, str, float]  # commit, path in it, line in it (1-based), author, author time
MAX_BYTES = 64 * 1024 * 1024


def _file(folder: Path, rel: str) -> Path:
    return folder / "blame" / (hashlib.sha1(rel.encode("utf-8", "surrogateescape")).hexdigest() + ".json")


def load(folder: Path, rel: str) -> tuple[str, list[Row | None]] | None:
    """(commit, rows) of the last blame kept for `rel`; None when there is none or it is damaged."""
    try:
        with open(_file(folder, rel), "rb") as handle:
            raw = handle.read(MAX_BYTES + 1)
        data = json.loads(raw)
        if len(raw) > MAX_BYTES or data.get("path") != rel or data.get("version") != 1:
            return None
        commits, authors = data["commits"], data["authors"]
        rows: list[Row | None] = []
        for item in data["lines"]:
            if item is None:
                rows.append(None)
                continue
            commit, path, line, author, when = item
            rows.append((str(commits[commit]), str(path), int(line), str(authors[author]), float(when)))
        head = data["head"]
        if not isinstance(head, str) or len(head) not in (40, 64) or head.strip("0123456789abcdef"):
            return None
        return head, rows
    except (OSError, ValueError, TypeError, KeyError, IndexError, AttributeError, RecursionError):
        return None


def save(folder: Path, rel: str, head: str, rows: list[Row | None], warn: Callable[[str], None]) -> None:
    commits: dict[str, int] = {}
    authors: dict[str, int] = {}
    lines = []
    for row in rows:
        if row is None:
            lines.append(None)
            continue
        commit, path, line, author, when = row
        lines.append([commits.setdefault(commit, len(commits)), path, line, authors.setdefault(author, len(authors)),
                      when])
    data = {"version": 1, "path": rel, "head": head, "commits": list(commits), "authors": list(authors),
            "lines": lines}
    target = _file(folder, rel)
    try:
        if not folder.is_dir():
            return  # kguard keeps no state here yet: nothing is created by a read-only command
        os.makedirs(target.parent, mode=0o700, exist_ok=True)
        atomic.write_private(target, json.dumps(data, separators=(",", ":")).encode())
    except OSError as exc:
        warn(f"cannot keep the blame of {rel} ({exc.strerror}); the next blame walks the whole history again")
