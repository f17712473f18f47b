"""What one detector module alone catches (issue 21 C): the placements whose level falls when it retires, on top of
modules or IDs already retired, from bench/module_value.py's cache. Looked sources (bench/devset/LOOKED) are
printed case by case with the line the module reported, so their categories can be read; blind ones are counted
only, never printed.

Run: python bench/module_alone.py intents.exfil [--retired conceal,DNG003] [--cache /tmp/module_value.json]"""
from __future__ import annotations

import argparse
import json
import sys
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from eval_detection import MEMORY_HEAD, looked  # noqa: E402
from eval_sources import SOURCES  # noqa: E402
from module_value import group_of, level, modules  # noqa: E402

KIND = {True: "attack", False: "benign"}


def ids_of(names: list[str], parts: dict[str, list[str]]) -> frozenset[str]:
    return frozenset(i for name in names for i in parts.get(f"guard.scan.{name}", [name.upper()]))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("module", help="as bench/module_value.py names it: intents.exfil, conceal")
    parser.add_argument("--retired", default="", help="modules or IDs already taken as retired, comma-separated")
    parser.add_argument("--cache", default="/tmp/module_value.json")
    args = parser.parse_args(argv)
    parts = modules()
    if f"guard.scan.{args.module}" not in parts:
        parser.error(f"no detector module {args.module}")
    before = ids_of([n for n in args.retired.split(",") if n], parts)
    mine = ids_of([args.module], parts)
    seen = looked()
    counts: Counter[tuple[str, str, int, int]] = Counter()
    shown: list[tuple[dict, int, int]] = []
    for case in json.loads(Path(args.cache).read_text(encoding="utf-8"))["cases"]:
        old, new = level(case, before), level(case, before | mine)
        if old == new:
            continue
        group = group_of(case["source"], seen)
        counts[(group, KIND[case["attack"]], old, new)] += 1
        if group == "looked":
            shown.append((case, old, new))
    print(f"{args.module} {sorted(mine)}: placements whose level changes (3 error, 2 warning, 1 info, 0 none)")
    for (group, kind, old, new), n in sorted(counts.items()):
        print(f"  {group:12} {kind:6} {old} -> {new}: {n}")
    texts: dict[str, dict[str, str]] = {}
    head = MEMORY_HEAD.count("\n")
    for case, old, new in shown:
        source = case["source"]
        texts.setdefault(source, {c.name: c.text for c in SOURCES[source]()})
        lines = texts[source].get(case["name"], "").splitlines()
        own = [f for f in case["f"] if f[0] in mine]
        line = (own[0][2] if own else 1) - (head if case["path"].startswith(".claude") else 0)
        others = sorted({f"{f[0]}:{f[1]}" for f in case["f"] if f[0] not in mine | before})
        print(f"\n[{source} {case['name']} as {case['path']}, {KIND[case['attack']]} {old} -> {new}] "
              f"{sorted({f'{f[0]}:{f[1]}' for f in own})} others {others}")
        print("   ", " / ".join(lines[max(0, line - 2):line + 1])[:400])
    return 0


if __name__ == "__main__":
    sys.exit(main())
