"""Detection quality of the scanner on the development set, per source (issue 11). Prints a table; asserts
nothing. Every attack case is scanned twice: as AGENTS.md and as a memory file (frontmatter + the text). Benign
cases are scanned under their own name. "any" means at least a warning.

Keeping ourselves honest (leave-one-source-out): tuning may look at the misses of a source only through
`--misses SOURCE`, which records that source in bench/devset/LOOKED (by hand edits too). A source that was never
looked at is "blind": its figures are held-out figures. The LOSO column repeats a source's recall only while it
is blind; once looked at, its figure no longer predicts unseen text and the column says "looked".

Layers: `--select ACT` keeps only the chosen families (or IDs), e.g. the action layer alone; `--drop ACT`
leaves them out (the old lists alone). Both pass through to scan_text's select.

Run: python bench/eval_detection.py [--misses SOURCE] [--sources a,b] [--json FILE] [--select F,..] [--drop F,..]"""
from __future__ import annotations

import argparse
import json
import sys
import time
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from eval_sources import DEVSET, SOURCES, Case  # noqa: E402

from guard.scan.engine import scan_text  # noqa: E402

LOOKED = DEVSET / "LOOKED"
RANK = {"error": 3, "warning": 2, "info": 1}
MEMORY_HEAD = "---\nname: project-notes\ndescription: things to remember about this project\ntype: project\n---\n\n"


def placements(case: Case) -> list[tuple[str, str]]:
    if not case.attack:
        return [(case.path, case.text)]
    return [("AGENTS.md", case.text), (".claude/memory/project_notes.md", MEMORY_HEAD + case.text)]


WITH_SCORER = False  # --scorer: count the learned score (LRN001) too; its own LOSO figures: bench/train_scorer.py
SELECT: list[str] | None = None  # --select / --drop: the families (or IDs) kept
DROP: list[str] = []


def worst(text: str, path: str) -> tuple[int, list[str]]:
    findings = [f for f in scan_text(text, path, SELECT) if (WITH_SCORER or f.id[:3] != "LRN")
                and not any(f.id.startswith(d) for d in DROP)]
    top = max((RANK[f.severity] for f in findings), default=0)
    return top, sorted({f"{f.id}:{f.severity[0]}" for f in findings})


def looked() -> set[str]:
    if not LOOKED.exists():
        return set()
    return {line.split()[0] for line in LOOKED.read_text(encoding="utf-8").splitlines()
            if line.strip() and not line.startswith("#")}


def evaluate(names: list[str], misses: str | None) -> dict[str, dict]:
    table: dict[str, dict] = {}
    for name in names:
        row = Counter()
        for case in SOURCES[name]():
            for path, text in placements(case):
                top, ids = worst(text, path)
                kind = "attack" if case.attack else "benign"
                row[kind] += 1
                row[f"{kind}_error"] += top >= 3
                row[f"{kind}_any"] += top >= 2
                if name == misses and ((case.attack and top < 3) or (not case.attack and top >= 2)):
                    print(f"--- {case.name} as {path}: {ids}\n{text[:600]}\n")
        table[name] = dict(row)
    return table


def pct(part: int, whole: int) -> str:
    return f"{100 * part / whole:5.1f}%" if whole else "    -"


def render(table: dict[str, dict], seen: set[str]) -> str:
    head = (f"{'source':10} {'attacks':>7} {'at error':>8} {'any':>7} {'LOSO err':>8} {'LOSO any':>8} "
            f"{'benign':>6} {'w/ error':>8} {'w/ warn+':>8}  status")
    lines = [head, "-" * len(head)]
    total = Counter()
    blind = Counter()
    for name, row in table.items():
        a, b = row.get("attack", 0), row.get("benign", 0)
        status = "looked" if name in seen else "blind"
        loso = (pct(row.get("attack_error", 0), a), pct(row.get("attack_any", 0), a)) if name not in seen \
            else ("looked", "looked")
        lines.append(f"{name:10} {a:7} {pct(row.get('attack_error', 0), a):>8} {pct(row.get('attack_any', 0), a):>7} "
                     f"{loso[0]:>8} {loso[1]:>8} {b:6} {pct(row.get('benign_error', 0), b):>8} "
                     f"{pct(row.get('benign_any', 0), b):>8}  {status if a or b else 'not installed'}")
        total.update(row)
        if name not in seen:
            blind.update(row)
    for label, row in (("all", total), ("blind", blind)):
        a, b = row.get("attack", 0), row.get("benign", 0)
        lines.append(f"{label:10} {a:7} {pct(row['attack_error'], a):>8} {pct(row['attack_any'], a):>7} "
                     f"{'':>8} {'':>8} {b:6} {pct(row['benign_error'], b):>8} {pct(row['benign_any'], b):>8}")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--misses", help="print the misses of one source (and record it as looked at)")
    parser.add_argument("--sources", default=",".join(SOURCES))
    parser.add_argument("--json", help="also write the figures to this file")
    parser.add_argument("--scorer", action="store_true",
                        help="count the learned score too (trained on these sources: its figures here are not "
                             "leave-one-source-out; bench/train_scorer.py --loso gives those)")
    parser.add_argument("--select", help="keep only these families or IDs (comma-separated), e.g. ACT")
    parser.add_argument("--drop", help="leave these families or IDs out (comma-separated), e.g. ACT")
    args = parser.parse_args(argv)
    global WITH_SCORER, SELECT, DROP
    WITH_SCORER = args.scorer
    SELECT = args.select.upper().split(",") if args.select else None
    DROP = args.drop.upper().split(",") if args.drop else []
    names = [n for n in args.sources.split(",") if n in SOURCES]
    if args.misses:
        if args.misses not in looked():
            with LOOKED.open("a", encoding="utf-8") as out:
                out.write(f"{args.misses} {time.strftime('%Y-%m-%dT%H:%M:%SZ', time.gmtime())}\n")
        names = [args.misses]
    started = time.perf_counter()
    table = evaluate(names, args.misses)
    print(render(table, looked()))
    print(f"({time.perf_counter() - started:.1f} s; looked at: {', '.join(sorted(looked())) or 'none'})")
    if args.json:
        Path(args.json).write_text(json.dumps(table, indent=1), encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
