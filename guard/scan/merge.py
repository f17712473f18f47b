"""One finding per sentence for one intent (issue 11): EXF001, EXF004, EXF005, EXF006 and EXF008 are ways of
seeing the same exfiltration, and DNG012, DNG008 and DNG003 of the same switch-off of the hooks or the guard;
on one sentence the reader gets the one with the strongest evidence (the highest severity, then the most
specific detector), not three lines that say the same. IDs keep their meanings: the others are dropped, not
renamed. Likewise the learned score (LRN001) stands only where no other finding does (`uncovered`)."""
from __future__ import annotations

from guard.scan.detector import Detector, Hit
from guard.scan.finding import SEVERITY_ORDER, TEXT_VIEW, Finding
from guard.scan.text import Document

# Most specific first: a secret to an outside place, a credential file beside a network step, secrets to the
# network, context to a URL, the scattered form.
SAME_INTENT: dict[str, tuple[str, ...]] = {
    "exfiltration": ("EXF005", "EXF006", "EXF008"),
    # the hooks or the guard switched off: a flag that skips the hooks, tampering with the guard, any safeguard
    "guard off": ("DNG008", "DNG003"),
}
RANK = {det_id: (group, i) for group, ids in SAME_INTENT.items() for i, det_id in enumerate(ids)}


def one_per_sentence(doc: Document, findings: list[Finding]) -> list[Finding]:
    """`findings` without the weaker of two findings of one intent on one sentence of one view."""
    if sum(f.id in RANK for f in findings) < 2:
        return findings
    best: dict[tuple[str, str, int], Finding] = {}
    for finding in findings:
        if finding.id not in RANK or finding.line < 1:
            continue
        key = (RANK[finding.id][0], finding.view, _sentence(doc, finding))
        held = best.get(key)
        if held is None or _strength(finding) < _strength(held):
            best[key] = finding
    keep = {id(f) for f in best.values()}
    return [f for f in findings if f.id not in RANK or f.line < 1 or id(f) in keep]


def _strength(finding: Finding) -> tuple[int, int]:
    return SEVERITY_ORDER[finding.severity], RANK[finding.id][1]


def _sentence(doc: Document, finding: Finding) -> int:
    """Where the finding's sentence starts in the text (a view's finding: its line, as views keep lines)."""
    if finding.view != TEXT_VIEW or finding.line > len(doc.line_starts):
        return -finding.line
    offset = min(len(doc.text), doc.line_starts[finding.line - 1] + max(0, finding.column - 1))
    return doc.sentence_bounds(offset, offset, 300)[0]


def uncovered(doc: Document, scored: list[tuple[Detector, Hit]], findings: list[Finding]
              ) -> list[tuple[Detector, Hit]]:
    """The learned score's hits on lines no other warning or error already points at: where the evidence
    speaks, the score has nothing to add (one finding, not two, for one jailbreak)."""
    lines = {f.line for f in findings if f.severity != "info"}
    kept = []
    for det, hit in scored:
        first, last = doc.line_of(hit.start), doc.line_of(max(hit.start, hit.end - 1))
        if not any(first <= line <= last for line in lines):
            kept.append((det, hit))
    return kept
