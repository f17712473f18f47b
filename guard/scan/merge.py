"""One finding per sentence for one intent (issue 11): EXF001, EXF004, EXF005 and EXF006 are ways of
seeing the same exfiltration, and DNG012, DNG008 and DNG003 of the same switch-off of the hooks or the guard;
on one sentence the reader gets the one with the strongest evidence (the highest severity, then the most
specific detector), not three lines that say the same. IDs keep their meanings: the others are dropped, not
renamed. Likewise the learned score (LRN001) stands back where another finding reads its lines, never to a lower
level (`uncovered`)."""
from __future__ import annotations

from guard.scan.finding import SEVERITY_ORDER, TEXT_VIEW, Finding
from guard.scan.registry import REGISTRY
from guard.scan.text import Document

TYPE_CHECKING = False  # (typing.TYPE_CHECKING without importing typing: ~3 ms of a fresh process)
if TYPE_CHECKING:
    from guard.scan.agreement import Placed

# Most specific first: a secret to an outside place, a credential file beside a network step, secrets to the
# network, context to a URL.
SAME_INTENT: dict[str, tuple[str, ...]] = {
    "exfiltration": ("EXF005", "EXF006"),
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


def uncovered(general: list[Placed], findings: list[Finding]) -> list[Finding]:
    """The learned score's findings that stand beside the others. Where another warning or error reads its
    lines, that one is the more specific and the score stands back, but never to a lower level for the place:
    an error stays beside a weaker finding, unless that finding is one its detector lowered on reading the
    context (`lowered`). A score raised by agreement or a hidden reading stands back only beside an error: a
    flow or a hiding place outweighs a quotation."""
    kept = []
    for placed in general:
        first, last, rank = placed.finding.line, placed.last, SEVERITY_ORDER[placed.finding.severity]
        if not any(first <= other.line <= last and other.severity != "info"
                   and (SEVERITY_ORDER[other.severity] <= rank or not placed.raised and lowered(other))
                   for other in findings):
            kept.append(placed.finding)
    return kept


def lowered(finding: Finding) -> bool:
    """Whether the finding's detector lowered it below its own severity on reading the context: code, a
    quotation named as an example, a request reported of a third party, a how-to, the project's own host
    (guard/scan/context.py:mention_severity and the detectors' own readings). A finding at its detector's
    severity was read as weaker, not lowered; a disguised or decoded view's finding is never lowered."""
    det = REGISTRY.get(finding.id)
    return finding.view == TEXT_VIEW and det is not None \
        and SEVERITY_ORDER[finding.severity] > SEVERITY_ORDER[det.severity]
