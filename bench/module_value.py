"""What each detector and each detector module is worth (issue 21 C): leave-one-out over the scanner's own parts.

One pass scans every case of bench/eval_sources.py as bench/eval_detection.py places it (attacks as AGENTS.md
and as memory), the learned model counted (as `--scorer`), and records for each placement the findings before
they are merged (ID, severity, line) and the learned model's hits (their level alone, their lines, the findings
they agree with). The pass is cached as JSON (default /tmp/module_value.json, keyed by the commit and the
model's bytes) so re-analysis is free. Offline, for any set of retired IDs, each placement's level is recomputed
as the scanner would compute it: the retired findings gone, the learned hits they covered standing again.

Reported per detector and per module (IDs grouped by the file that defines them), split into blind sources (not
in bench/devset/LOOKED: only these predict unseen text) and looked ones:
- lost: attack placements caught at error (at any level) now that fall below it without the part;
- gained: benign placements with an error (a warning or more) now that lose it without the part.

`--retire-below N` retires, one at a time, the candidate module whose loss on blind sources (attacks lost at any
level plus those lost at error) is smallest per line, while that loss is at most N (a module that costs more
benign errors than it catches goes first); then it goes on until guard/scan/ is at most `--lines` lines, and
prints the recall each step costs. Candidates are the word-reading modules (guard/scan/intents/ and the old
phrase modules); hiding places (INV, HMD, ENC), the file family, the action layer and the learned model are not.

Run: python bench/module_value.py [--rescan] [--cache FILE] [--sources a,b] [--ids] [--retire-below N]"""
from __future__ import annotations

import argparse
import hashlib
import json
import subprocess
import sys
import time
from collections import Counter, defaultdict
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from eval_detection import looked, placements  # noqa: E402
from eval_sources import ROOT, SOURCES  # noqa: E402

RANK = {"error": 3, "warning": 2, "info": 1}
SCAN = ROOT / "guard" / "scan"
# Word-reading modules that may be retired; everything else in guard/scan is kept whatever its figures.
KEPT_PREFIXES = ("guard.scan.actions", "guard.scan.learned", "guard.scan.invisible", "guard.scan.disguise",
                 "guard.scan.markdown", "guard.scan.encoded", "guard.scan.filelevel")


def _cache_key() -> str:
    head = subprocess.run(["git", "rev-parse", "HEAD"], cwd=ROOT, capture_output=True, text=True).stdout.strip()
    model = SCAN / "learned" / "intent.bin"
    digest = hashlib.sha1(model.read_bytes()).hexdigest()[:12] if model.exists() else "none"
    return f"{head}:{digest}"


def _record(text: str, path: str) -> dict:
    """The findings of one placement before merging, and the learned hits with what they would agree with."""
    from guard.scan.engine import _active, _finding
    from guard.scan.learned.agreement import HIDING_PLACES, agreeing
    from guard.scan.text import Document
    from guard.scan.views.report import view_findings

    doc = Document(text, path)
    detectors = _active(None)
    scored = [(det, hit) for det in detectors if det.family == "LRN" for hit in det.check(doc)]
    findings = [_finding(det, doc, hit) for det in detectors if det.family != "LRN" for hit in det.check(doc)]
    findings += view_findings(doc, detectors, findings)
    learned = []
    for _det, hit in scored:
        first, last = doc.line_of(hit.start), doc.line_of(max(hit.start, hit.end - 1))
        evidence = sorted({f.id for f in findings if f.severity != "info" and (
            (f.id.startswith("ACT") and f.severity == "error")
            or (f.id.startswith(HIDING_PLACES) and first <= f.line <= last))})
        hidden = hit.severity is None and agreeing(doc, hit, []) is not None
        learned.append([hit.severity or "warning", first, last, evidence, hidden])
    return {"f": [[f.id, f.severity, f.line] for f in findings], "l": learned}


def scan_pass(names: list[str]) -> list[dict]:
    cases = []
    started = time.perf_counter()
    for name in names:
        for case in SOURCES[name]():
            for path, text in placements(case):
                cases.append({"source": name, "attack": case.attack, "name": case.name, "path": path,
                              **_record(text, path)})
        print(f"  {name}: {len(cases)} placements so far, {time.perf_counter() - started:.0f} s", file=sys.stderr)
    return cases


def level(case: dict, retired: frozenset[str] = frozenset()) -> int:
    """The placement's highest level with the `retired` IDs gone, as guard.scan.engine.scan_text would give it
    (merging keeps the strongest of one sentence, so it never changes the highest level)."""
    kept = [(det_id, RANK[sev], line) for det_id, sev, line in case["f"] if det_id not in retired]
    top = max((sev for _, sev, _ in kept), default=0)
    for sev, first, last, evidence, hidden in case["l"] if "LRN001" not in retired else ():
        raised = sev == "warning" and (hidden or any(e not in retired for e in evidence))
        floor = 3 if raised else 2  # a raised hit is dropped only under an error; a hit alone under any warning
        if not any(s >= floor and first <= line <= last for _, s, line in kept):
            top = max(top, 3 if raised else RANK[sev])
    return top


def modules() -> dict[str, list[str]]:
    from guard.scan.registry import REGISTRY

    by_module: dict[str, list[str]] = defaultdict(list)
    for det in REGISTRY.values():
        by_module[det.check.__module__].append(det.id)
    return dict(by_module)


def lines_of(module: str) -> int:
    path = ROOT / (module.replace(".", "/") + ".py")
    if not path.exists():
        path = ROOT / module.replace(".", "/") / "__init__.py"
    return len(path.read_text(encoding="utf-8").splitlines())


def scan_lines() -> int:
    return sum(len(p.read_text(encoding="utf-8").splitlines()) for p in SCAN.rglob("*.py"))


class Figures:
    """Levels of every placement under a retired set, summed per group (blind / looked)."""

    def __init__(self, cases: list[dict], seen: set[str]) -> None:
        self.cases = cases
        self.blind = [c["source"] not in seen for c in cases]

    def totals(self, retired: frozenset[str] = frozenset()) -> dict[str, Counter]:
        out = {"blind": Counter(), "looked": Counter()}
        for case, blind in zip(self.cases, self.blind):
            top = level(case, retired)
            row = out["blind" if blind else "looked"]
            kind = "attack" if case["attack"] else "benign"
            row[kind] += 1
            row[f"{kind}_error"] += top >= 3
            row[f"{kind}_any"] += top >= 2
        return out

    def delta(self, retired: frozenset[str], before: frozenset[str] = frozenset()) -> dict[str, Counter]:
        """What retiring `retired` on top of `before` changes: attacks lost, benign alarms gained (removed)."""
        out = {"blind": Counter(), "looked": Counter()}
        for case, blind in zip(self.cases, self.blind):
            if not any(f[0] in retired for f in case["f"]) and "LRN001" not in retired and not any(
                    e in retired for hit in case["l"] for e in hit[3]):
                continue
            old, new = level(case, before), level(case, before | retired)
            row = out["blind" if blind else "looked"]
            if case["attack"]:
                row["lost_error"] += old >= 3 > new
                row["lost_any"] += old >= 2 > new
            else:
                row["gained_error"] += old >= 3 > new
                row["gained_warn"] += old >= 2 > new
        return out


def pct(part: int, whole: int) -> str:
    return f"{100 * part / whole:5.1f}%" if whole else "    -"


def summary(figures: Figures, retired: frozenset[str], label: str, lines: int) -> str:
    t = figures.totals(retired)
    b, lk = t["blind"], t["looked"]
    return (f"{label:34} {lines:6} {pct(b['attack_error'], b['attack']):>7} {pct(b['attack_any'], b['attack']):>7} "
            f"{b['benign_error']:4}/{b['benign']:<4} {pct(lk['attack_error'], lk['attack']):>7} "
            f"{pct(lk['attack_any'], lk['attack']):>7} {lk['benign_error']:4}/{lk['benign']:<4}")


SUMMARY_HEAD = (f"{'':34} {'lines':>6} {'blind':>7} {'blind':>7} {'blind':>9} {'looked':>7} {'looked':>7} "
                f"{'looked':>9}\n{'':34} {'':>6} {'err':>7} {'any':>7} {'ben.err':>9} {'err':>7} {'any':>7} "
                f"{'ben.err':>9}")


def value_table(figures: Figures, parts: dict[str, list[str]], retired: frozenset[str]) -> str:
    head = (f"{'part':40} {'lines':>5} | blind: {'-err':>4} {'-any':>4} {'+ben':>4} {'+bw':>4} | looked: "
            f"{'-err':>4} {'-any':>4} {'+ben':>4} {'+bw':>4}")
    rows = [head, "-" * len(head)]
    for part, ids in sorted(parts.items()):
        d = figures.delta(frozenset(ids), retired)
        b, lk = d["blind"], d["looked"]
        size = lines_of(part) if part.startswith("guard.") else 0
        rows.append(f"{part.removeprefix('guard.scan.'):40} {size:5} | blind: {b['lost_error']:4} {b['lost_any']:4} "
                    f"{b['gained_error']:4} {b['gained_warn']:4} | looked: {lk['lost_error']:4} "
                    f"{lk['lost_any']:4} {lk['gained_error']:4} {lk['gained_warn']:4}")
    return "\n".join(rows)


def candidates(parts: dict[str, list[str]]) -> dict[str, list[str]]:
    return {m: ids for m, ids in parts.items() if not m.startswith(KEPT_PREFIXES) and "LRN001" not in ids}


def loss(d: dict[str, Counter]) -> int:
    """A module's blind value: attacks it alone keeps at any level plus those it alone keeps at error, less the
    benign errors it alone causes (a module that costs precision for nothing has a negative value)."""
    b = d["blind"]
    return b["lost_any"] + b["lost_error"] - b["gained_error"]


def retire_order(figures: Figures, parts: dict[str, list[str]], below: int, target: int) -> list[tuple]:
    """Greedy: the candidate with the least blind value per line first, recomputed after every step (a case two
    modules caught becomes the survivor's own once the other goes). Stops at `below`'s end and at `target` lines."""
    pool = candidates(parts)
    retired: frozenset[str] = frozenset()
    lines = scan_lines()
    steps = []
    while pool and lines > target:
        scored = []
        for module, ids in pool.items():
            d = figures.delta(frozenset(ids), retired)
            scored.append((loss(d) / max(1, lines_of(module)), loss(d), module, d))
        scored.sort(key=lambda s: (s[0], -lines_of(s[2])))
        _, value, module, d = scored[0]
        retired |= frozenset(pool.pop(module))
        lines -= lines_of(module)
        steps.append((module, value, value <= below, lines, retired, d))
    return steps


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--cache", default="/tmp/module_value.json")
    parser.add_argument("--rescan", action="store_true", help="scan again even when the cache matches")
    parser.add_argument("--sources", default=",".join(SOURCES))
    parser.add_argument("--ids", action="store_true", help="also the table per detector ID")
    parser.add_argument("--retire-below", type=int, default=None, metavar="N",
                        help="retire candidate modules whose blind value is at most N, then report the way to --lines")
    parser.add_argument("--lines", type=int, default=9000, help="the size goal of guard/scan (lines of Python)")
    parser.add_argument("--retired", default="", help="IDs (or modules) already taken as retired, comma-separated")
    args = parser.parse_args(argv)
    names = [n for n in args.sources.split(",") if n in SOURCES]
    cache = Path(args.cache)
    key = f"{_cache_key()}:{','.join(names)}"
    data = json.loads(cache.read_text(encoding="utf-8")) if cache.exists() and not args.rescan else {}
    if data.get("key") != key:
        print(f"scanning {len(names)} sources (cache {cache} does not match {key})", file=sys.stderr)
        data = {"key": key, "cases": scan_pass(names)}
        cache.write_text(json.dumps(data), encoding="utf-8")
    figures = Figures(data["cases"], looked())
    parts = modules()
    retired = frozenset(i for part in args.retired.split(",") if part for i in parts.get(part, [part.upper()]))
    print(SUMMARY_HEAD)
    print(summary(figures, frozenset(), "now", scan_lines()))
    if retired:
        print(summary(figures, retired, f"with {args.retired} retired", scan_lines()))
    print("\nPer module: what retiring it loses (-err, -any: attack placements) and gains (+ben: benign placements "
          "no longer with an error, +bw: no longer warned)")
    print(value_table(figures, parts, retired))
    if args.ids:
        print("\nPer detector ID:")
        print(value_table(figures, {i: [i] for ids in parts.values() for i in ids}, retired))
    if args.retire_below is not None:
        print(f"\nRetiring in order of least blind value per line (value = -any + -err - +ben on blind sources); "
              f"'retire' while the value is at most {args.retire_below}:")
        print(SUMMARY_HEAD)
        for module, value, within, lines, gone, d in retire_order(figures, parts, args.retire_below, args.lines):
            mark = "retire" if within else "cost"
            print(summary(figures, gone, f"{mark} {module.removeprefix('guard.scan.')} ({value:+d})", lines))
    return 0


if __name__ == "__main__":
    sys.exit(main())
