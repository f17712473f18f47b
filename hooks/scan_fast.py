"""`kguard scan FILE...` in its plain form (files named on the command line, no options, no config file):
scanned and printed as text without loading click, pydantic or pygit2, which cost more than the scan of a
small file. Anything else (options, folders, stdin, no path, a config file whose ignores, severities or
baseline could change the answer) returns None, and the click command (hooks.cmd_scan) does the work."""
from __future__ import annotations

import os
import sys
from collections.abc import Sequence


def try_fast(args: Sequence[str]) -> int | None:
    if os.environ.get("KGUARD_NO_FAST_PATH") or not args:
        return None
    if any(arg.startswith("-") for arg in args) or not all(os.path.isfile(arg) for arg in args):
        return None
    from guard import where

    try:
        root = where.find_root(os.getcwd())[0]
    except OSError:
        return None
    if where.has_config(root):
        return None
    from guard.scan.engine import scan_file
    from guard.scan.finding import sort_key
    from hooks.render import exit_code, render_text

    findings = []
    for arg in args:
        findings += scan_file(arg, _display(arg, root))
    findings.sort(key=sort_key)
    color = sys.stdout.isatty() and not os.environ.get("NO_COLOR")
    sys.stdout.write(render_text(findings, color))
    sys.stdout.flush()
    return exit_code(findings)


def _display(path: str, root: str) -> str:
    """The path as `kguard scan` shows it: relative to the root when inside it (as hooks.cmd_scan does).
    os.path, not pathlib: pathlib imports urllib.parse and ipaddress (~6 % of a fresh `kguard scan FILE`)."""
    resolved, inside = os.path.realpath(path), os.path.join(os.path.normpath(root), "")
    return resolved[len(inside):] if resolved.startswith(inside) else path
