"""Where the learned intent model and the evidence meet (issue 21 B). The model's warning becomes an error when it
agrees with what the detectors that read no words see: a flow of the action layer (an ACT error, anywhere in the
file: a flow follows its steps across sections; an ACT warning is a step the layer read as no flow, a download
with no executor in sight, a quoted example) or a hiding place on the block's own lines (hidden Markdown HMD,
invisible characters INV, an encoded payload ENC, or a region the rendered file hides whose own words score
above the warning). Keyed on finding-ID
prefixes only, so a family added later joins by its prefix."""
from __future__ import annotations

from guard.scan.detector import Detector, Hit
from guard.scan.finding import Finding
from guard.scan.learned import folded, model, score
from guard.scan.merge import uncovered
from guard.scan.text import Document

FLOWS = ("ACT",)  # anywhere in the file
HIDING_PLACES = ("HMD", "INV", "ENC")  # on the lines of the scored block


def agreeing(doc: Document, hit: Hit, findings: list[Finding]) -> str | None:
    """What the hit agrees with ("ACT001 on line 4", "a hidden region: comment"), or None."""
    first, last = doc.line_of(hit.start), doc.line_of(max(hit.start, hit.end - 1))
    for finding in findings:
        if finding.severity == "info":
            continue
        flow = finding.id.startswith(FLOWS) and finding.severity == "error"  # a warning: ACT read it as no flow
        if flow or (finding.id.startswith(HIDING_PLACES) and first <= finding.line <= last):
            return f"{finding.id} on line {finding.line}"
    packed = model()
    for region in doc.hidden_regions if packed is not None else ():
        if region.start < hit.end and region.end > hit.start:  # the hidden words themselves read as the intent
            hidden = doc.text[max(region.start, hit.start):min(region.end, hit.end)]
            if score(folded(hidden), packed) >= packed.threshold:
                return f"a hidden region: {region.kind}"
    return None


def judged(doc: Document, scored: list[tuple[Detector, Hit]], findings: list[Finding]
           ) -> list[tuple[Detector, Hit]]:
    """The learned hits at their level beside the other findings. A hit, warning or error on its own, stands
    only where no other warning or error points at its lines: there the detectors have read the context (a
    quoted example under a heading that names it, a rule's own scope) and their severity stands. A warning that
    agrees with a flow or a hiding place is an error, and stands where no other error points at its lines."""
    alone, raised = [], []
    for det, hit in scored:
        evidence = agreeing(doc, hit, findings) if hit.severity is None else None
        if evidence is None:
            alone.append((det, hit))
        else:
            raised.append((det, hit._replace(severity="error", message=f"{hit.message}; agrees with {evidence}")))
    return [*uncovered(doc, alone, findings), *uncovered(doc, raised, [f for f in findings if f.severity == "error"])]
