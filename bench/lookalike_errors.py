"""The look-alikes (benign cases) that draw an error, per source, placed as bench/eval_detection.py places them: for
a source already looked at (bench/devset/LOOKED), each case with its errors (ID, line, message); for a blind
source only its count, never a case (issue 21, precision: errors are grouped by why the reading is wrong, and a
blind set stays blind).

`--warned` lists the look-alikes warned (no error) as well, with their warnings.

Run: python bench/lookalike_errors.py own13,own15,prec7,prec9,prec11 [--drop ACT] [--warned]"""
from __future__ import annotations

import argparse
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from eval_detection import looked, placements  # noqa: E402
from eval_sources import SOURCES  # noqa: E402

from guard.scan.engine import scan_text  # noqa: E402


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("sources", help="comma-separated source names")
    parser.add_argument("--drop", default="", help="leave these families or IDs out (comma-separated), e.g. ACT")
    parser.add_argument("--warned", action="store_true", help="list the look-alikes warned (no error) too")
    args = parser.parse_args(argv)
    drop = tuple(d for d in args.drop.upper().split(",") if d)
    seen = looked()
    for name in args.sources.split(","):
        if name not in SOURCES:
            print(f"## {name}: no such source")
            continue
        total = with_error = warned = 0
        for case in SOURCES[name]():
            if case.attack:
                continue
            for path, text in placements(case):
                total += 1
                found = [f for f in scan_text(text, path) if not f.id.startswith(drop)]
                errors = [f for f in found if f.severity == "error"]
                shown = errors or [f for f in found if f.severity == "warning"]
                if not shown:
                    continue
                with_error += bool(errors)
                warned += not errors
                if name in seen and (errors or args.warned):
                    mark = "==" if errors else "~~"
                    print(f"{mark} {name} {case.name} [{path}]: {sorted({f.id for f in shown})}")
                    for f in shown:
                        print(f"   {f.id} line {f.line}: {f.message[:160]}")
        print(f"## {name}: {with_error} of {total} look-alikes with an error, {warned} more warned"
              f"{'' if name in seen else ' (blind)'}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
