"""Times the knowledge model on the shared corpus and on a large synthetic memory, in one process.
Prints figures; asserts nothing. Run: python bench/bench_knowledge.py"""
from __future__ import annotations

import random
import statistics
import time
from pathlib import Path

from rules_engine.conflicts import find
from rules_engine.hints import all_hints
from rules_engine.models import Line
from rules_engine.parse import parse_document, parse_memory
from rules_engine.tokens import estimate

CORPUS = Path(__file__).resolve().parent.parent.parent / "shared" / "corpus" / "negatives"


def best(func, repeat: int = 5) -> float:  # type: ignore[no-untyped-def]
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        func()
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def main() -> None:
    files = [p for p in sorted(CORPUS.glob("*")) if p.suffix != ".tsv"]
    blobs = [(p.name, p.read_bytes()) for p in files]
    size = sum(len(b) for _, b in blobs)
    docs = [parse_document(name, data) for name, data in blobs]
    statements = [s for d in docs for s in d.statements]
    print(f"corpus: {len(files)} files, {size / 1e6:.2f} MB, {len(statements)} statements")
    print(f"  parse all:          {best(lambda: [parse_document(n, d) for n, d in blobs]) * 1000:7.1f} ms")
    print(f"  estimate tokens:    {best(lambda: [estimate(d.text) for d in docs]) * 1000:7.1f} ms")
    memory = parse_memory("m.md", "".join(f"- {s.text}\n" for s in statements).encode())
    print(f"  hints ({len(memory.entries)} entries): {best(lambda: all_hints([memory], [], {}, {}), 3) * 1000:7.1f} ms")
    mine = [Line("~/r.md", n, text) for n, text in enumerate(
        ["Always use tabs.", "Never commit to main.", "Answer in German.", "Do not use mocks in tests."] * 5, 1)]
    print(f"  conflicts vs 20 rules: {best(lambda: find([], statements, [], mine), 3) * 1000:7.1f} ms")
    random.seed(1)
    vocabulary = [f"w{i}" for i in range(5000)]
    big = "".join("- " + " ".join(random.choices(vocabulary, k=12)) + "\n" for _ in range(10_000)).encode()
    parsed = parse_memory("big.md", big)
    print(f"synthetic memory, 10,000 entries: parse {best(lambda: parse_memory('big.md', big), 3) * 1000:.1f} ms, "
          f"hints {best(lambda: all_hints([parsed], [], {}, {}), 1) * 1000:.1f} ms")


if __name__ == "__main__":
    main()
