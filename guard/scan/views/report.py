"""Findings from the views of a text: every detector that reads words (not the invisible-character, file
and suppression families, which judge the raw characters) runs on every view; a hit counts only where its
lines hold something the view undid, is placed at the source span it stands for, and is an error (a
disguise plus an instruction is intent). A hit the text view already reports there is not repeated."""
from __future__ import annotations

from collections.abc import Sequence

from guard.scan.detector import Detector
from guard.scan.finding import Finding
from guard.scan.reveal import visible
from guard.scan.text import Document
from guard.scan.views import View, views_of

RAW_FAMILIES = ("INV", "FIL", "SUP", "LRN")  # LRN: the learned score reads the text as written, never a view
# The text-view detector that already reports a payload of this kind as a whole (at error).
REPORTED_BY = {"decoded:base64": "ENC001", "decoded:hex": "ENC002", "decoded:percent": "ENC002",
               "decoded:escape": "ENC002", "decoded:rot13": "ENC003",
               "decoded:tags": "INV003", "decoded:selectors": "INV004"}
PRIORITY = ("skeleton", "collapsed", "normalised")
# A payload the text view judged a fixture (a code block that shows the same payloads in the clear): reported
# there as a warning, the decoded text adds no error of its own.
FIXTURE_READERS = ("ENC001",)
FIXTURE = " (a fixture: the same code block shows payloads in the clear)"


def view_name(kinds: list[str]) -> str:
    decoded = [kind.split(":", 1)[1] for kind in kinds if kind.startswith("decoded:")]
    if decoded:
        return "decoded:" + "+".join(dict.fromkeys(decoded))
    return next((kind for kind in PRIORITY if kind in kinds), kinds[0])


UNDONE = {"skeleton": "look-alike letters are read as the letters they imitate",
          "normalised": "invisible and compatibility characters are normalised",
          "collapsed": "letters spelled apart, in l33t or split by markup are joined"}


def _undone(view: str) -> str:
    if view.startswith("decoded:"):
        return " and then ".join(view.removeprefix("decoded:").split("+")) + " is decoded"
    return UNDONE.get(view, f"the {view} view is read")


def _known(findings: Sequence[Finding]) -> set[tuple[str, int]]:
    """(ID, line) of the text view's findings (any severity: one it judged harmless is not an error here)."""
    return {(f.id, f.line) for f in findings}


def _line_of(doc: Document, start: int, end: int) -> tuple[int, int]:
    """The lines of [start, end): a disguise anywhere on them may be what kept the text view from the hit
    (a split word ahead of a phrase changes how it is read)."""
    return doc.line_span(doc.line_of(start))[0], doc.line_span(doc.line_of(max(start, end - 1)))[1]


def view_findings(doc: Document, detectors: Sequence[Detector], text_findings: Sequence[Finding]) -> list[Finding]:
    readers: list[Detector] = []
    found: list[Finding] = []
    for view in views_of(doc):
        if not readers:  # the first view: most texts have none, and pay nothing of this
            readers = [det for det in detectors if det.id[:3] not in RAW_FAMILIES]
            known = _known(text_findings)
            errors = {(f.id, f.line) for f in text_findings if f.severity == "error"
                      or f.severity == "warning" and f.id in FIXTURE_READERS and f.message.endswith(FIXTURE)}
            seen: set[tuple[str, int, int]] = set()
        for det in readers:
            for hit in det.check(view.doc):
                if hit.start < 0 or (hit.severity or det.severity) == "info":
                    continue
                finding = _finding(doc, view, det, hit, known, errors, seen)
                if finding is not None:
                    found.append(finding)
    return found


def _finding(doc: Document, view: View, det: Detector, hit, known, errors, seen) -> Finding | None:  # noqa: ANN001
    kinds = view.kinds(*_line_of(view.doc, hit.start, hit.end))
    if not kinds:
        return None  # the hit's lines read as written: the text view judges them
    start, end = view.source(hit.start, hit.end)
    first, last = doc.line_of(start), doc.line_of(max(start, end - 1))
    lines = range(first, last + 1)
    if any((det.id, line) in known for line in lines):
        return None
    whole = {REPORTED_BY.get(kind) for kind in kinds} - {None}
    if any((det_id, line) in errors for det_id in whole for line in lines):
        return None  # ENC001 and the like already report this payload, with what it decodes to
    if (det.id, start, end) in seen:
        return None
    seen.add((det.id, start, end))
    name = view_name(kinds)
    line, column = doc.pos(start)
    matched = view.doc.text[hit.start:hit.end]
    return Finding(id=det.id, name=det.name, severity="error", path=doc.path, line=line, column=column,
                   message=f"{visible(hit.message)} (disguised: found once {_undone(name)})",
                   excerpt=doc.excerpt(start, end), matched=matched, view=name)
