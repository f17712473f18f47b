"""The baseline: accepted findings, identified by fingerprint (a hash of detector, path and matched
content, never the line), so it survives edits above them. A versioned, sorted JSON file."""
from __future__ import annotations

import json
import os
import tempfile
from collections.abc import Iterable
from pathlib import Path

from guard.scan.finding import Finding
from rules_engine.errors import KguardError

VERSION = 1


def load_baseline(path: Path) -> set[str]:
    try:
        data = json.loads(path.read_bytes().decode("utf-8"))
    except FileNotFoundError:
        raise KguardError("baseline file not found (write one with `kguard scan --write-baseline`)", path) from None
    except IsADirectoryError:
        raise KguardError("the baseline is a folder, expected a JSON file ([scan] baseline)", path) from None
    except OSError as exc:
        raise KguardError(f"cannot read the baseline: {exc.strerror or exc}", path) from None
    except (UnicodeDecodeError, json.JSONDecodeError, RecursionError) as exc:
        raise KguardError(f"baseline is not valid JSON: {exc}", path) from None
    if not isinstance(data, dict) or data.get("version") != VERSION or not isinstance(data.get("findings"), list):
        raise KguardError(f"baseline must be an object with version {VERSION} and a list of findings", path)
    prints: set[str] = set()
    for entry in data["findings"]:
        if not isinstance(entry, dict) or not isinstance(entry.get("fingerprint"), str):
            raise KguardError("baseline entry without a fingerprint", path)
        prints.add(entry["fingerprint"])
    return prints


def render_baseline(findings: Iterable[Finding]) -> str:
    entries = {f.fingerprint: {"fingerprint": f.fingerprint, "id": f.id, "path": f.path, "message": f.message}
               for f in findings}
    ordered = [entries[k] for k in sorted(entries, key=lambda k: (entries[k]["path"], entries[k]["id"], k))]
    return json.dumps({"version": VERSION, "findings": ordered}, indent=2, ensure_ascii=False) + "\n"


def write_baseline(path: Path, findings: Iterable[Finding]) -> None:
    """Atomic: a temp file in the same folder, fsync, rename; unchanged bytes are not rewritten."""
    data = render_baseline(findings).encode("utf-8")
    try:
        if path.read_bytes() == data:
            return
    except OSError:
        pass
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", dir=path.parent)
    except OSError as exc:
        raise KguardError(f"cannot write the baseline: {exc.strerror or exc}", path) from None
    try:
        with os.fdopen(fd, "wb") as handle:
            handle.write(data)
            handle.flush()
            os.fsync(handle.fileno())
        os.replace(tmp, path)
    except OSError as exc:
        Path(tmp).unlink(missing_ok=True)
        raise KguardError(f"cannot write the baseline: {exc.strerror or exc}", path) from None
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise
