"""The trigger index (guard.scan.triggers/windows: where the phrase detectors' trigger words occur) against
the maintained multi-pattern matchers issue 11 names: Aho-Corasick (pyahocorasick), Hyperscan (hyperscan,
with its database serialised) and RE2 (google-re2, one alternation), on the same words and texts; and the
whole scan with no index at all (every pattern over the whole text). The libraries are optional: a missing
one is reported, not needed. Prints figures; asserts nothing. Run: python bench/bench_matchers.py"""
from __future__ import annotations

import importlib
import re
import statistics
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from bench_scan import best_of, corpus_files, generated_megabyte  # noqa: E402

from guard.scan import registry, windows  # noqa: E402,F401  (registry: every trigger declared)
from guard.scan.engine import scan_text  # noqa: E402
from guard.scan.text import Document  # noqa: E402
from guard.scan.triggers import LETTERS_ONLY, VOCABULARY, TriggerIndex, find_all  # noqa: E402

CORPUS = Path("/work/shared/corpus")


def ms(work: Callable[[], object], rounds: int = 5) -> float:
    return best_of(rounds, work)[1] * 1000  # type: ignore[index]


def import_ms(module: str) -> float:
    code = f"import time; t = time.perf_counter(); import {module}; print(time.perf_counter() - t)"
    runs = [float(subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout)
            for _ in range(5)]
    return statistics.median(runs) * 1000


def home_made(text: bytes, words: list[bytes]) -> Callable[[], object]:
    """What a scan does: the words of the text first (a set, or the index's), then the places of the
    triggers that are among them."""
    if len(text) >= 65_536:
        def indexed() -> object:
            index = TriggerIndex(text)
            return [index.positions(word) for word in words if not word.isalpha() or word in index.words]

        return indexed

    def searched() -> object:
        present = frozenset(text.translate(LETTERS_ONLY).split())
        return [find_all(text, word) for word in words if not word.isalpha() or word in present]

    return searched


def aho(words: list[bytes]) -> tuple[float, Callable[[bytes], object]] | None:
    try:
        ahocorasick = importlib.import_module("ahocorasick")
    except ImportError:
        return None
    start = time.perf_counter()
    automaton = ahocorasick.Automaton()
    for i, word in enumerate(words):
        automaton.add_word(word.decode(), i)
    automaton.make_automaton()
    built = (time.perf_counter() - start) * 1000
    return built, lambda text: list(automaton.iter(text.decode("latin-1")))


def hyper(words: list[bytes]) -> tuple[float, float, Callable[[bytes], object]] | None:
    try:
        hyperscan = importlib.import_module("hyperscan")
    except ImportError:
        return None
    start = time.perf_counter()
    db = hyperscan.Database()
    db.compile(expressions=[re.escape(word) for word in words], ids=list(range(len(words))),
               elements=len(words), flags=[hyperscan.HS_FLAG_SOM_LEFTMOST] * len(words))
    built = (time.perf_counter() - start) * 1000
    blob = hyperscan.dumpb(db)
    start = time.perf_counter()
    db = hyperscan.loadb(blob, hyperscan.HS_MODE_BLOCK)
    db.scratch = hyperscan.Scratch(db)
    loaded = (time.perf_counter() - start) * 1000

    def scan(text: bytes) -> object:
        found: list[tuple[int, int]] = []
        db.scan(text, match_event_handler=lambda i, a, b, f, c: found.append((i, a)) and None)
        return found

    return built, loaded, scan


def re2_alternation(words: list[bytes]) -> tuple[float, Callable[[bytes], object]] | None:
    try:
        re2 = importlib.import_module("re2")
    except ImportError:
        return None
    start = time.perf_counter()
    pattern = re2.compile(b"|".join(re.escape(word) for word in sorted(words, key=len, reverse=True)))
    built = (time.perf_counter() - start) * 1000
    return built, lambda text: [m.start() for m in pattern.finditer(text)]


def main() -> int:
    files = corpus_files(CORPUS)
    big = generated_megabyte(files).decode("utf-8", "surrogateescape")
    small = big[:4096]
    words = sorted(word.encode() for word in VOCABULARY if word.isascii())
    print(f"{len(words)} trigger words; texts of {len(big):,} and {len(small):,} characters")
    texts = {"1 MB": Document(big).ascii_lower, "4 KB": Document(small).ascii_lower}
    for label, text in texts.items():
        print(f"[{label}] home-made trigger index: {ms(home_made(text, words)):.1f} ms (nothing to build or import)")
    found = aho(words)
    if found:
        built, run = found
        print(f"pyahocorasick: import {import_ms('ahocorasick'):.1f} ms, build {built:.1f} ms; "
              + ", ".join(f"{label} {ms(lambda t=t: run(t)):.1f} ms" for label, t in texts.items()))
    found_h = hyper(words)
    if found_h:
        built, loaded, run = found_h
        print(f"hyperscan: import {import_ms('hyperscan'):.1f} ms, compile {built:.1f} ms, load serialised "
              f"{loaded:.2f} ms; " + ", ".join(f"{label} {ms(lambda t=t: run(t)):.1f} ms" for label, t in texts.items()))
    found = re2_alternation(words)
    if found:
        built, run = found
        print(f"google-re2 (one alternation): import {import_ms('re2'):.1f} ms, compile {built:.1f} ms; "
              + ", ".join(f"{label} {ms(lambda t=t: run(t)):.1f} ms" for label, t in texts.items()))
    scan_text("warm up")
    with_index = ms(lambda: scan_text(big, "AGENTS.md"), 3)
    original = windows.windows

    def whole(doc, triggers, before=windows.WINDOW, after=windows.WINDOW):  # type: ignore[no-untyped-def]
        return [(0, doc.size)] if doc.size else []

    windows.windows = whole  # the search's own module global: every detector then searches the whole text
    try:
        without = ms(lambda: scan_text(big, "AGENTS.md"), 3)
    finally:
        windows.windows = original
    print(f"whole 1 MB scan: {with_index:.0f} ms with trigger windows, {without:.0f} ms with every pattern over "
          "the whole text")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
