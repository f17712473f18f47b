"""Agreement between detectors (issue 21): one step of the engine, after every detector has read the text, driven
by one table. A row says which findings (by ID prefix or ID) raise which others from a warning to an error, at
which level of the raiser and where: on the raised finding's line, on the lines of its hit (a learned score reads
a block of lines), or anywhere in the file (a flow follows its steps across sections). A family added later
joins by a row. Rows apply in order: a finding one row raised counts as an error for the rows after it.

Then the learned score stands back where a detector reads its lines (`uncovered`): one finding per place, the
most specific, never a lower level for the file (see guard/scan/merge.py).

Before that, a phrase list's error needs a second opinion (`seconded`): the phrase families' error level was set
on the text their lists were written from, never on text they had not seen; alone, it is a warning."""
from __future__ import annotations

from collections import namedtuple
from collections.abc import Callable

from guard.scan.detector import Hit
from guard.scan.finding import TEXT_VIEW, Finding
from guard.scan.learned import folded, model, score
from guard.scan.merge import uncovered
from guard.scan.runs import LONG_BLANKS
from guard.scan.statement import same_statement
from guard.scan.text import Document


class Row(namedtuple("Row", "raises by level where")):
    __slots__ = ()
    raises: tuple[str, ...]  # ID prefixes or IDs whose warnings become errors
    by: tuple[str, ...]  # ID prefixes or IDs of the findings that raise them
    level: str  # the raiser's least severity: "warning" (a warning or an error) or "error"
    where: str  # "line": the raised finding's line; "lines": the lines of its hit; "file": anywhere


TABLE: tuple[Row, ...] = (
    # A weakened control (ACT008), a foothold (ACT009) or a secret file committed in prose (ACT006) beside
    # concealment or a hiding place: a change nobody is meant to notice.
    Row(("ACT006", "ACT008", "ACT009"), ("CON", "HMD", "INV", "ENC"), "warning", "line"),
    # The learned model's warning beside a flow of the action layer (an ACT warning is a step it read as no
    # flow: a download with no executor in sight, a quoted example) ...
    Row(("LRN",), ("ACT",), "error", "file"),
    # ... or a hiding place on the block's own lines (hidden Markdown, invisible characters, an encoded payload).
    Row(("LRN",), ("HMD", "INV", "ENC"), "warning", "lines"),
)
# Families whose reading is general (a score over a block of lines): where a detector reads the same lines, the
# detector's finding is the one the reader gets (guard/scan/merge.py:uncovered).
STANDS_BACK = ("LRN",)
# The phrase lists (issue 21 C): an error of theirs stands where something that reads otherwise agrees anywhere in
# the file (an action flow's error, a hiding place, a learned finding) or a learned model leans to an injection on
# its own statement; alone it is a warning. Measured on the blind set of session 13 (own17): 5 of its 50
# look-alikes had an error from these lists alone, and 2 of its 200 attack placements lost their error to this
# rule. What names a concrete object keeps its error on its own: a download piped to a shell (DNG001), credential
# paths (DNG002), skipped hooks (DNG003), the guard switched off (DNG008).
PHRASE_LISTS = ("CON", "EXF", "OVR", "JBK", "PXT", "ROL", "TCH", "MEM",
                "DNG004", "DNG005", "DNG006", "DNG007", "DNG010", "DNG013")
SECOND_OPINIONS = ("HMD", "INV", "ENC", "LRN")  # (at any level; ACT at error)


class Placed(namedtuple("Placed", "finding last raised", defaults=(False,))):
    """A finding, the last line of its hit (its own line for a finding of one place), and whether agreement or a
    hidden reading raised it."""

    __slots__ = ()
    finding: Finding
    last: int
    raised: bool


def placed(doc: Document, finding: Finding, hit: Hit, raised: bool = False) -> Placed:
    return Placed(finding, doc.line_of(max(hit.start, hit.end - 1)) if hit.start >= 0 else 0, raised)


def _at_least(finding: Finding, level: str) -> bool:
    return finding.severity == "error" or (level == "warning" and finding.severity == "warning")


def _where(row: Row, raised: Placed, raiser: Finding) -> bool:
    if row.where == "file":
        return True
    last = raised.last if row.where == "lines" else raised.finding.line
    return raised.finding.line <= raiser.line <= last


def agreed(found: list[Placed]) -> list[Placed]:
    """`found` with every warning that a row of TABLE raises as an error, its message naming the raiser."""
    for row in TABLE:
        if not any(p.finding.severity == "warning" and p.finding.id.startswith(row.raises) for p in found):
            continue
        raisers = [p.finding for p in found if p.finding.id.startswith(row.by) and _at_least(p.finding, row.level)]
        if not raisers:
            continue
        out = []
        for p in found:
            if p.finding.severity == "warning" and p.finding.id.startswith(row.raises):
                by = next((f for f in raisers if f is not p.finding and _where(row, p, f)), None)
                if by is not None:
                    message = f"{p.finding.message}; agrees with {by.id} on line {by.line}"
                    p = Placed(p.finding._replace(severity="error", message=message), p.last, True)
            out.append(p)
        found = out
    return found


def _alone(placed: Placed) -> bool:
    """A phrase list's error with no hiding place of its own: a hidden region, a disguised view, or a long run of
    blanks inside its match (padding that pushes the words apart, past a screen and past the learned models'
    budget) are each a second opinion."""
    finding = placed.finding
    return finding.severity == "error" and finding.id.startswith(PHRASE_LISTS) and not placed.raised \
        and finding.view == TEXT_VIEW and LONG_BLANKS.search(finding.matched) is None


def _seconds(finding: Finding) -> bool:
    return finding.severity == "error" if finding.id.startswith("ACT") else \
        finding.severity != "info" and finding.id.startswith(SECOND_OPINIONS)


def seconded(found: list[Placed], leans: Callable[[], list[tuple[int, int]]] | None, doc: Document) -> list[Placed]:
    """`found` with each phrase-list error that nothing else agrees with as a warning. Anything else in the file
    agrees: an action flow's error, a hiding place, a learned finding. `leans` gives the [start, end) spans where a
    learned model leans to an injection below its own warning (the line model's likeliest line at logit >= 0, a
    block of the block model at SECOND_OPINION): such a lean agrees only with the errors of its own statement (its
    list item, the list's lead-in or its paragraph: guard/scan/statement.py), as it reads those words and no
    others. None when the learned models did not run (a scan selecting families without them, the judge of tool
    output): nothing to agree with, so the lists keep their level."""
    if leans is None or not any(map(_alone, found)) or any(_seconds(p.finding) for p in found):
        return found
    lines = [(doc.line_of(a), doc.line_of(max(a, b - 1))) for a, b in leans()]
    note = "; a warning: a phrase list alone (no action flow, hiding place or learned score agrees)"
    return [Placed(p.finding._replace(severity="warning", message=p.finding.message + note), p.last, p.raised)
            if _alone(p) and not (lines and same_statement(doc, p.finding.line, max(p.finding.line, p.last), lines))
            else p for p in found]


def judged(found: list[Placed], leans: Callable[[], list[tuple[int, int]]] | None = None,
           doc: Document | None = None) -> list[Finding]:
    """Every finding after agreement and second opinions, the learned score's only where it stands
    (merge.uncovered)."""
    found = agreed(found)
    if doc is not None:
        found = seconded(found, leans, doc)
    specific = [p.finding for p in found if not p.finding.id.startswith(STANDS_BACK)]
    return [*specific, *uncovered([p for p in found if p.finding.id.startswith(STANDS_BACK)], specific)]


def hidden_reading(doc: Document, hit: Hit) -> str | None:
    """A region the rendered file hides inside the learned hit whose own words score above the warning ("a hidden
    region: comment"), or None. Not agreement between two findings: the hit's own words, read where nobody sees
    them, as every intent family's warning in a hidden region is an error (engine._finding)."""
    packed = model()
    for region in doc.hidden_regions if packed is not None else ():
        if region.start < hit.end and region.end > hit.start:
            hidden = doc.text[max(region.start, hit.start):min(region.end, hit.end)]
            if score(folded(hidden), packed) >= packed.threshold:
                return f"a hidden region: {region.kind}"
    return None
