"""How well the scanner's views see through encodings and disguises (issue 11). Takes the development set's
attacks that the scanner catches at error in the clear (short ones: under 600 characters), hides each in every
encoding of two families, and prints, per encoding, how many are still caught at error with the views off
(the text view alone) and on:

- ours: the encoders of tests/disguises.py (written with the decoders, so not a held-out figure);
- spikee: the obfuscation plugins shipped in the `spikee` package (Apache-2.0), written by people who never
  saw this scanner. Its first run was held out (31.5 % -> 41.8 % with the views of that day); decoders were
  then added by category from its per-plugin totals (binary, octal, decimal, Caesar, Atbash, reversed word
  order, scattered signs, l33t), so its figure is no longer a held-out one. This script prints no single
  case: keep it that way.

Prints a table; asserts nothing. Run: python bench/eval_views.py [--sources own,own2] [--limit N]"""
from __future__ import annotations

import argparse
import importlib
import inspect
import sys
import time
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "bench"))
sys.path.insert(0, str(ROOT))
from eval_sources import SOURCES  # noqa: E402

import guard.scan.views.report as report  # noqa: E402
from guard.scan.engine import scan_text  # noqa: E402
from tests.disguises import ENCODINGS  # noqa: E402

SPIKEE = ("1337", "ascii_smuggler", "atbash", "base64", "binary", "caesar", "decimal", "flip", "hex", "homoglyph",
          "morse", "octal", "splat")
VIEWS_ON = report.views_of


def spikee_encoders() -> dict[str, Callable[[str], str]]:
    found: dict[str, Callable[[str], str]] = {}
    for name in SPIKEE:
        try:
            module = importlib.import_module(f"spikee.plugins.{name}")
        except Exception:  # noqa: BLE001 - a plugin that does not import is left out, and said so
            print(f"(spikee plugin {name} not available)")
            continue
        cls = next(c for _, c in inspect.getmembers(module, inspect.isclass) if c.__module__ == module.__name__)
        plugin = cls()
        found[f"spikee:{name}"] = getattr(plugin, "plugin_transform", None) or plugin.transform
    return found


def caught(text: str) -> bool:
    return any(f.severity == "error" for f in scan_text(text, "AGENTS.md"))


def views(on: bool) -> None:
    report.views_of = VIEWS_ON if on else (lambda doc: iter(()))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--sources", default="own,own2")
    parser.add_argument("--limit", type=int, default=200)
    args = parser.parse_args(argv)
    started = time.perf_counter()
    views(True)
    attacks = [case.text for name in args.sources.split(",") if name in SOURCES for case in SOURCES[name]()
               if case.attack and len(case.text) < 600]
    clear = [text for text in attacks if caught(text)][:args.limit]
    print(f"{len(clear)} attacks caught at error in the clear ({args.sources}); still caught when hidden:")
    print(f"{'encoding':28} {'views off':>10} {'views on':>10}")
    for family, encoders in (("ours", {f"ours:{k}": v for k, v in ENCODINGS.items()}), ("spikee", spikee_encoders())):
        totals = [0, 0, 0]
        for name, encode in encoders.items():
            hidden = []
            for text in clear:
                try:
                    hidden.append("Notes:\n" + encode(text) + "\n")
                except Exception:  # noqa: BLE001 - an encoder that cannot take this text: counted as missed
                    hidden.append(None)
            row = []
            for on in (False, True):
                views(on)
                row.append(sum(1 for text in hidden if text is not None and caught(text)))
            views(True)
            totals = [totals[0] + row[0], totals[1] + row[1], totals[2] + len(clear)]
            print(f"{name:28} {row[0] / len(clear):>9.0%} {row[1] / len(clear):>9.0%}")
        print(f"{family + ' (all)':28} {totals[0] / totals[2]:>9.1%} {totals[1] / totals[2]:>9.1%}")
    print(f"({time.perf_counter() - started:.0f} s)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
