"""Leave-one-source-out figures of the learned intent model, per layer (issue 21 B), for bench/train_scorer.py.

For each source: a model trained without it scores its attack cases; printed are the share found at any level and
at error by B alone (the model, with every other detector switched off), by the old detectors alone (as
AGENTS.md, LRN left out), and by old+B as the scanner judges them (guard/scan/agreement.py: the model's warning
raised where it agrees with an action flow or a hiding place, its level standing back only where a finding as
strong, or one its detector lowered on the context, reads its lines).
Benign documents are scored out of fold (the model that set the thresholds did not see them). --held sources are measured by the model of all, as
totals only."""
from __future__ import annotations

from collections.abc import Callable
from functools import lru_cache

from eval_sources import SOURCES
from train_scorer import doc_scores

from guard.scan import learned
from guard.scan.agreement import Placed, hidden_reading, judged
from guard.scan.detector import Hit
from guard.scan.engine import scan_text
from guard.scan.finding import Finding
from guard.scan.text import Document

LEVEL = {"info": 1, "warning": 2, "error": 3}


@lru_cache(maxsize=None)
def old_findings(text: str) -> tuple[Finding, ...]:
    return tuple(f for f in scan_text(text, "AGENTS.md") if f.id[:3] != "LRN")


def old_level(text: str) -> int:
    return max((LEVEL[f.severity] for f in old_findings(text)), default=0)


def b_level(block: str, value: float, packed: learned.Model) -> int:
    return 3 if learned.error_alone(block, value, packed) else 2 if value >= packed.threshold else 0


def levels(text: str, packed: learned.Model) -> tuple[int, int, int]:
    """(B alone, old alone, old+B) for one attack text."""
    doc, findings = Document(text, "AGENTS.md"), list(old_findings(text))
    alone = combined = 0
    for start, end, value in learned.scored(text, packed):
        level = b_level(text[start:end], value, packed)
        alone = max(alone, level)
        if not level:
            continue
        hidden = level == 2 and hidden_reading(doc, Hit(start, end, "")) is not None
        line, column = doc.pos(start)
        finding = Finding(id="LRN001", name="learned-injection-score", severity="error" if level == 3 or hidden
                          else "warning", path="AGENTS.md", line=line, column=column, message="")
        kept = judged([*(Placed(f, f.line) for f in findings), Placed(finding, doc.line_of(end - 1), hidden)])
        combined = max(combined, *(LEVEL[f.severity] for f in kept if f.id == "LRN001"), 0)
    return alone, old_level(text), max(combined, old_level(text))


def pct(part: int, whole: int) -> str:
    return f"{100 * part / whole:5.1f}%" if whole else "    -"


def row(name: str, cases: int, counts: list[int]) -> str:
    return f"{name:12} {cases:6} " + " ".join(f"{pct(c, cases):>8}" for c in counts)


def counted(texts: list[str], packed: learned.Model) -> list[int]:
    """Found at any level and at error by B, old, old+B."""
    counts = [0] * 6
    for text in texts:
        for i, level in enumerate(levels(text, packed)):
            counts[2 * i] += level >= 2
            counts[2 * i + 1] += level >= 3
    return counts


def report(attacks: dict[str, list[str]], kinds: dict[str, list[str]], by_kind: dict[str, list[float]],
           train: Callable[[dict[str, list[str]]], learned.Model], left_out: list[str], held: list[str]) -> None:
    print(f"{'left out':12} {'cases':>6} {'B any':>8} {'B error':>8} {'old any':>8} {'old err':>8} "
          f"{'old+B any':>8} {'old+B err':>8}", flush=True)
    total = [0] * 6
    cases = 0
    for name in left_out:
        counts = counted(attacks[name], train({o: t for o, t in attacks.items() if o != name}))
        print(row(name, len(attacks[name]), counts), flush=True)
        total = [a + b for a, b in zip(total, counts)]
        cases += len(attacks[name])
    if left_out:
        print(row("all", cases, total))
    if held:
        packed = train(attacks)
        for name in held:
            texts = [c.text for c in SOURCES[name]() if c.attack]
            print(row(f"{name} (held)", len(texts), counted(texts, packed)), flush=True)
            quiet = [c.text for c in SOURCES[name]() if not c.attack]
            if quiet:
                print(benign_row(f"{name} (held)", quiet, doc_scores(packed, quiet), packed))
    if left_out:
        packed = train(attacks)  # only its thresholds are read: the scores are out of fold
        print(f"{'benign':12} {'docs':>6} {'B warn':>8} {'B error':>8} {'old any':>8} {'old err':>8} "
              f"{'old+B any':>8} {'old+B err':>8}")
        for kind, texts in kinds.items():
            if kind not in ("readmes", "docs", "catalogs"):
                print(benign_row(kind, texts, by_kind[kind], packed), flush=True)


def benign_row(kind: str, texts: list[str], scores: list[tuple[float, float]], packed: learned.Model) -> str:
    """Benign documents with a warning or more and with an error, per layer (old+B's agreement read per file)."""
    counts = [0] * 6
    for text, (value, long) in zip(texts, scores):
        b, old = 3 if long >= packed.error_threshold else 2 if value >= packed.threshold else 0, old_level(text)
        agrees = b == 2 and any(f.id.startswith(("ACT", "HMD", "INV", "ENC")) and f.severity != "info"
                                for f in old_findings(text))
        both = max(old, 3 if agrees else b)
        for i, level in enumerate((b, old, both)):
            counts[2 * i] += level >= 2
            counts[2 * i + 1] += level >= 3
    return f"{kind:12} {len(texts):6} " + " ".join(f"{c:>8}" for c in counts)
