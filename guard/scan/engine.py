"""The scanner's entry points: scan text or bytes into Findings, filter them by the config, and judge
whether a command's output reads like instructions to the agent."""
from __future__ import annotations

import os
from collections.abc import Iterable, Sequence

from guard.scan.agreement import Placed, hidden_reading, judged, placed
from guard.scan.detector import Detector, Hit
from guard.scan.filelevel import utf16_text
from guard.scan.finding import Finding, sort_key
from guard.scan import learned  # (imported with the agreement step already)
from guard.scan.merge import one_per_sentence
from guard.scan.registry import REGISTRY, matches
from guard.scan.limits import MAX_FILE_BYTES
from guard.scan.runs import LONG_BLANKS
from guard.scan.text import Document, visible
from guard.scan.views.report import view_findings

TYPE_CHECKING = False  # (typing.TYPE_CHECKING without importing typing: ~3 ms of a fresh process)
if TYPE_CHECKING:
    from pathlib import Path  # (not imported on the scan path: it imports urllib.parse and ipaddress)

    from guard.scan.settings import ScanSettings

# Detectors whose findings make command or tool output "read like instructions".
INSTRUCTION_IDS = ("OVR", "CON", "EXF", "DNG002", "DNG003", "DNG008", "DNG010",
                   "ENC",
                   "INV003", "INV004", "HMD", "JBK", "PXT", "ROL", "TCH", "MEM")
# (ACT is not among them: it reads knowledge files; on tool output it cost the PostToolUse hook +17 % of its
# instructions on 10 KB of benign output, and EXF/DNG judge such output already.)
# Families whose hits are an intent: in a region the rendered file hides, such a hit is an error.
INTENT_FAMILIES = ("OVR", "CON", "EXF", "DNG", "ENC", "JBK", "PXT", "ROL", "TCH", "MEM", "ACT")


def _finding(det: Detector, doc: Document, hit: Hit) -> Finding:
    severity = hit.severity or det.severity
    message = hit.message
    if severity == "warning" and hit.start >= 0 and det.family in INTENT_FAMILIES:
        hidden = doc.is_hidden(hit.start)  # (asked only here: it may parse the Markdown)
        if hidden is not None:  # what a person does not see cannot be lowered by how it looks
            severity, message = "error", f"{message} (in a hidden region: {hidden})"
    if hit.start < 0:
        line = column = 0
        excerpt = ""
        matched = hit.matched or det.id
    else:
        line, column = doc.pos(hit.start)
        excerpt = doc.excerpt(hit.start, hit.end)
        matched = hit.matched if hit.matched is not None else doc.text[hit.start:hit.end]
    return Finding(id=det.id, name=det.name, severity=severity, path=doc.path, line=line, column=column,
                   message=_short_blanks(visible(message)), excerpt=excerpt, matched=matched)


def _short_blanks(message: str) -> str:
    """A long run of blanks inside a quoted match (padding between the words of a phrase) as its length."""
    return LONG_BLANKS.sub(lambda run: f" <{len(run.group())} blanks> ", message)


def file_finding(det_id: str, path: str, message: str) -> Finding:
    """A finding about a whole file (binary, too large, unreadable)."""
    det = REGISTRY[det_id]
    return Finding(id=det.id, name=det.name, severity=det.severity, path=path, line=0, column=0,
                   message=message, matched=det_id)


def _active(select: Sequence[str] | None) -> list[Detector]:
    """The detectors to run, in the registry's order; only their modules are imported (a hook that asks for
    some families never loads the others)."""
    return [REGISTRY[det_id] for det_id in REGISTRY if not select or matches(det_id, select)]


def scan_text(text: str, path: str = "<text>", select: Sequence[str] | None = None) -> list[Finding]:
    """Every finding in `text` and in its views, sorted by position. Never raises on any input; NUL bytes
    stop nothing (FIL001 reports them, every detector still reads the text around them)."""
    doc = Document(text, path)
    detectors = _active(select)
    scored = [(det, hit) for det in detectors if det.family == "LRN" for hit in det.check(doc)]
    found = [_placed(det, doc, hit) for det in detectors if det.family != "LRN" for hit in det.check(doc)]
    findings = [p.finding for p in found]
    found += [Placed(f, f.line) for f in view_findings(doc, detectors, findings)]
    learned = [_learned(det, doc, hit) for det, hit in scored]
    asked = [lean for det_id, lean in LEANS if any(det.id == det_id for det in detectors)]
    leans = (lambda: [span for lean in asked for span in lean(doc.text)]) if asked else None
    findings = judged([*found, *learned], leans, doc)  # (the one agreement step)
    return sorted(one_per_sentence(doc, findings), key=sort_key)


def _line_model_leans(text: str) -> list[tuple[int, int]]:
    from guard.scan.learned.lines import leans  # (imported with LRN002, which ran already: its answer is kept)

    return leans(text)


# The learned models' second opinion on a phrase list's error (guard/scan/agreement.py:seconded): where each leans,
# asked only where its detector ran.
LEANS = (("LRN002", _line_model_leans), ("LRN001", learned.leans))


def _placed(det: Detector, doc: Document, hit: Hit) -> Placed:
    """A detector's hit as a finding, marked raised where a hidden region made it an error."""
    finding = _finding(det, doc, hit)
    return Placed(finding, finding.line, finding.severity != (hit.severity or det.severity))


def _learned(det: Detector, doc: Document, hit: Hit) -> Placed:
    """A learned hit as a finding with the lines it reads; a warning whose hidden words alone score above the
    warning is an error."""
    hidden = hidden_reading(doc, hit) if hit.severity is None else None
    if hidden is not None:
        hit = hit._replace(severity="error", message=f"{hit.message}; agrees with {hidden}")
    return placed(doc, _finding(det, doc, hit), hit, hidden is not None)


def decode(data: bytes) -> str:
    """UTF-8 (a BOM stays, INV001 knows it), or UTF-16 with a BOM or shaped like it without one (NULs beside
    ASCII letters); undecodable bytes survive as lone surrogates, which FIL002 reports and excerpts show as
    <0xNN>."""
    if data[:2] in (b"\xff\xfe", b"\xfe\xff"):
        try:
            return data.decode("utf-16")
        except UnicodeDecodeError:
            pass
    if b"\x00" in data[:64]:
        text = utf16_text(data)
        if text is not None:
            return text
    return data.decode("utf-8", "surrogateescape")


def scan_bytes(data: bytes, path: str, select: Sequence[str] | None = None,
               max_bytes: int = MAX_FILE_BYTES) -> list[Finding]:
    if len(data) > max_bytes:
        return [file_finding("FIL003", path, f"{len(data)} bytes, over the limit of {max_bytes}: not scanned")]
    return scan_text(decode(data), path, select)


def scan_file(file: str | os.PathLike[str], display: str, settings: ScanSettings | None = None,
              select: Sequence[str] | None = None) -> list[Finding]:
    """Read and scan one file; unreadable files become a FIL004 finding, never an exception."""
    from rules_engine.errors import KguardError  # (the rules engine: not on a hook's path)
    from rules_engine.files import read

    limit = settings.max_file_bytes if settings is not None else MAX_FILE_BYTES
    try:
        size = os.stat(file).st_size
        if size > limit:
            return [file_finding("FIL003", display, f"{size} bytes, over the limit of {limit}: not scanned")]
        data = read(file, display)  # a FIFO or a device would hang or never end: refused, not read
    except OSError as exc:
        return [file_finding("FIL004", display, f"cannot read: {exc.strerror or exc}")]
    except KguardError as exc:
        return [file_finding("FIL004", display, exc.message)]
    return scan_bytes(data, display, select, limit)


def filter_findings(findings: Iterable[Finding], settings: ScanSettings, root: Path | None = None,
                    select: Sequence[str] | None = None, ignore: Sequence[str] = (),
                    baseline: set[str] | None = None) -> list[Finding]:
    """Apply severity overrides, --select/--ignore, `[scan] ignore`, per-path ignores and the baseline."""
    if baseline is None and settings.baseline and root is not None:
        from guard.scan.baseline import load_baseline  # (json, tempfile: not on the scan path)

        baseline = load_baseline(root / settings.baseline)
    from rules_engine.layout import glob_match  # (dataclasses, typing: not on the path of a plain scan)

    ignored = [*settings.ignore, *ignore]
    kept: list[Finding] = []
    for finding in findings:
        if select and not matches(finding.id, select):
            continue
        if ignored and matches(finding.id, ignored):
            continue
        if any(glob_match(glob, finding.path) and matches(finding.id, ids)
               for glob, ids in settings.per_path_ignores.items()):
            continue
        if baseline and finding.fingerprint in baseline:
            continue
        override = settings.severity.get(finding.id)
        if override and override != finding.severity:
            finding = finding.model_copy(update={"severity": override})
        kept.append(finding)
    return sorted(kept, key=sort_key)


def reads_like_instructions(text: str, path: str = "<output>") -> list[Finding]:
    """Findings that make a command's or tool's output read like instructions to the agent (text
    addressed to AI readers counts as a warning here). Empty when the output is ordinary."""
    found = []
    for finding in scan_text(text, path, INSTRUCTION_IDS):
        if finding.id == "OVR004" and finding.severity == "info":
            finding = finding.model_copy(update={"severity": "warning"})
        if finding.severity != "info":
            found.append(finding)
    return found
