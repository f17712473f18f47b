"""The evasion suite as a table: every case of tests/evasions.py from inside `kguard run` and from a Claude
Code Bash call, each in a fresh repository, and the caught / evaded / crashed totals.

    python bench/evasions.py [-k NAME] [-v]
"""
from __future__ import annotations

import argparse
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from tests.evasions import CASES, SURFACES, Outcome, run_case, table  # noqa: E402
from tests.helpers import hermetic_env  # noqa: E402


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("-k", dest="only", default="", help="only the cases whose name holds this")
    parser.add_argument("-v", dest="verbose", action="store_true", help="print the log of every miss")
    args = parser.parse_args(argv)
    rows: list[tuple[str, str, Outcome]] = []
    for case in CASES:
        if args.only not in case.name:
            continue
        for surface in SURFACES:
            with tempfile.TemporaryDirectory(prefix="kguard-evasion-") as tmp:
                env = hermetic_env(Path(tmp) / "_env")
                outcome = run_case(case, surface, Path(tmp), env)
            rows.append((case.name, surface, outcome))
            print(f"{case.name:<22} {surface:<7} {outcome.verdict}", file=sys.stderr, flush=True)
            if args.verbose and outcome.verdict != "caught":
                print("    " + "\n    ".join(outcome.log), file=sys.stderr)
    print(table(rows))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
