"""Totals of one blind set of bench/devset, per layer, never a case (issue 21's "measured only as totals, at the
start and at the end"): everything, the old lists alone (ACT and LRN findings left out), A alone (ACT), B alone
(LRN) and A+B. Attacks are placed as AGENTS.md and as a memory file, as bench/eval_detection.py places them.

Run: python bench/blind_totals.py own13 [own14 ...]"""
from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from eval_detection import RANK, placements  # noqa: E402
from eval_sources import own  # noqa: E402

from guard.scan.engine import scan_text  # noqa: E402

LAYERS = {"everything": None, "A alone (ACT)": ["ACT"], "B alone (LRN)": ["LRN"], "A+B": ["ACT", "LRN"]}


def level(findings, keep=lambda f: True) -> int:
    return max((RANK[f.severity] for f in findings if keep(f)), default=0)


def totals(prefix: str) -> dict[str, dict[str, int]]:
    rows = {name: dict.fromkeys(("attack", "attack_error", "attack_any", "benign", "benign_error", "benign_any"), 0)
            for name in [*LAYERS, "old lists only"]}
    for case in own(prefix):
        kind = "attack" if case.attack else "benign"
        for path, text in placements(case):
            for name, select in LAYERS.items():
                found = scan_text(text, path, select)
                tops = {name: level(found)}
                if select is None:
                    tops["old lists only"] = level(found, lambda f: f.id[:3] not in ("ACT", "LRN"))
                for label, top in tops.items():
                    row = rows[label]
                    row[kind] += 1
                    row[f"{kind}_error"] += top >= 3
                    row[f"{kind}_any"] += top >= 2
    return rows


def main(argv: list[str]) -> int:
    for prefix in argv or ["own13"]:
        print(prefix)
        for name, r in totals(prefix).items():
            a = r["attack"] or 1
            print(f"  {name:16} attacks {r['attack']:4}  at error {100 * r['attack_error'] / a:5.1f} %  any "
                  f"{100 * r['attack_any'] / a:5.1f} %   benign {r['benign']:3}: with an error {r['benign_error']:3},"
                  f" warned or worse {r['benign_any']:3}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
