"""The change card: which command, which files, a unified diff each, covert signals in the new content."""
from __future__ import annotations

import difflib
import re
from collections.abc import Sequence

from guard.engine import Change
from guard.scan.reveal import visible
from hooks.style import one_line, paint, printable

TYPE_CHECKING = False
if TYPE_CHECKING:
    from guard.scan.finding import Finding

MAX_DIFF_LINES = 200
MAX_LINE_CHARS = 2000  # of one diff line on the card


def text_lines(data: bytes | None) -> list[str] | None:
    """Lines split at newlines only (a bare CR stays inside its line); None for binary or non-UTF-8."""
    if data is None:
        return []
    if b"\0" in data:
        return None
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError:
        return None
    return [line for line in re.split(r"(?<=\n)", text) if line]


def shown(line: str) -> str:
    """A diff line as it may reach a terminal: escape sequences, bidi controls and invisible characters
    made visible (a hidden `ESC[1A ESC[2K` could otherwise erase the malicious line from the card)."""
    body, newline = (line[:-1], "\n") if line.endswith("\n") else (line, "")
    return printable(visible(body)) + newline


def unified(old: list[str], new: list[str], from_label: str, to_label: str) -> list[str]:
    lines = difflib.unified_diff(old, new, from_label, to_label)
    return [shown(line) if line.endswith("\n") else shown(line) + "\n\\ No newline at end of file\n"
            for line in lines]


def diff_lines(change: Change) -> list[str]:
    before, after = change.before_bytes(), change.after_bytes()
    after_entry = change.after_entry
    if change.kind == "mode-changed" and change.before and after_entry:
        return [f"mode {change.before.mode:o} -> {after_entry.mode:o}\n"]
    old, new = text_lines(before), text_lines(after)
    if old is None or new is None:
        return [f"binary or non-UTF-8 content: {len(before or b'')} -> {len(after or b'')} bytes\n"]
    label = one_line(change.display)
    fixed = unified(old, new, f"a/{label}" if before is not None else "/dev/null",
                    f"b/{label}" if after is not None else "/dev/null")
    if change.kind == "type-changed" and after_entry is not None:
        what = f"a symlink -> {printable(repr(after))}" if after_entry.is_link else "a regular file"
        fixed.insert(0, f"{label} is now {what}\n")
    if len(fixed) > MAX_DIFF_LINES:
        fixed = fixed[:MAX_DIFF_LINES] + [f"... {len(fixed) - MAX_DIFF_LINES} more diff lines (kguard diff)\n"]
    return [line if len(line) <= MAX_LINE_CHARS else
            f"{line[:MAX_LINE_CHARS]} ... {len(line) - MAX_LINE_CHARS} more characters (kguard diff)\n"
            for line in fixed]  # a file of one 4.9 MB line made a 4.9 MB card


def colour_line(line: str, colour: bool) -> str:
    if line.startswith(("+++", "---")):
        return paint(line, bold=True, enabled=colour)
    if line.startswith("+"):
        return paint(line, "green", enabled=colour)
    if line.startswith("-"):
        return paint(line, "red", enabled=colour)
    if line.startswith("@@"):
        return paint(line, "cyan", enabled=colour)
    return line


def added_lines(change: Change) -> set[int] | None:
    """Line numbers (in the new content) of the lines the change added, read from its unified diff with
    unidiff; None when the file is new, binary or not UTF-8 (then every line counts as added)."""
    if change.before_bytes() is None:
        return None
    old, new = text_lines(change.before_bytes()), text_lines(change.after_bytes())
    if old is None or new is None:
        return None
    from unidiff import PatchSet  # only when a card is shown: never on the no-change path

    diff = [line if line.endswith("\n") else line + "\n\\ No newline at end of file\n"
            for line in difflib.unified_diff(old, new, "a", "b")]
    lines = [part for line in diff for part in re.split(r"(?<=\n)", line) if part]
    added: set[int] = set()
    for patched in PatchSet(lines):  # a list, so unidiff does not split lines at CR or U+2028
        for hunk in patched:
            added.update(line.target_line_no for line in hunk if line.is_added and line.target_line_no)
    return added


SCANNED: dict[tuple[str, str], list[Finding]] = {}


def scanned(change: Change) -> list[Finding] | None:
    """The scanner's findings in the new content, scanned once per process: deciding whether a change is
    risky and drawing its card ask for the same findings (a 4.9 MB file took twice its scan)."""
    data = change.after_bytes()
    if data is None or change.after is None:
        return None
    key = (change.after.oid, change.display)
    if key not in SCANNED:
        from guard.scan.engine import scan_bytes

        SCANNED[key] = scan_bytes(data, change.display)
    return SCANNED[key]


def findings_for(change: Change) -> list[str]:
    """The covert signals in the new content: each one on a line the change added, then one line that
    sums up those already in the file before (`kguard scan PATH` lists them)."""
    try:
        findings = scanned(change)
    except ImportError:
        return []
    if findings is None:
        return []
    added = added_lines(change) if findings else None
    new = [f for f in findings if added is None or f.line in added]
    old = [f for f in findings if added is not None and f.line not in added]
    out = [printable(f"{f.severity} {f.id} line {f.line}: {f.message}") for f in new]
    if old:
        counts = ", ".join(f"{sum(f.severity == s for f in old)} {s}" for s in ("error", "warning", "info")
                           if any(f.severity == s for f in old))
        ids = ", ".join(sorted({f.id for f in old}))
        out.append(f"already in the file: {len(old)} finding(s) ({counts}: {ids}); "
                   f"kguard scan {one_line(change.display)} lists them")
    return out


def render_card(command: str, changes: Sequence[Change], colour: bool = False,
                headline: str = "A command changed a knowledge file") -> str:
    out = [paint(f"kguard: {headline}", "yellow", bold=True, enabled=colour) + "\n"]
    if command:
        # a command over several lines (a heredoc) keeps them, indented under its first, so none of them
        # can pass for a line of the file list below
        out.append("  command: " + printable(command).replace("\n", "\n           ") + "\n")
    for change in changes:
        out.append(paint(f"  {change.kind:<13} {one_line(change.display)}", bold=True, enabled=colour) + "\n")
    for change in changes:
        out.append("\n")
        out.extend(colour_line(line, colour) for line in diff_lines(change))
        for finding in findings_for(change):
            out.append(paint(f"  ! {finding}", "red", bold=True, enabled=colour) + "\n")
    return "".join(out)
