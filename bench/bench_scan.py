"""Scanner throughput: the whole shared corpus in one process (files/s, MB/s) and one generated 1 MB
knowledge file, warm and in a fresh process (which also compiles the patterns it needs). Prints figures;
asserts nothing. Run: python bench/bench_scan.py [CORPUS_DIR]"""
from __future__ import annotations

import statistics
import subprocess
import sys
import time
from pathlib import Path

from guard.scan.engine import scan_bytes

ROOT = Path(__file__).resolve().parent.parent


def corpus_files(base: Path) -> list[tuple[str, bytes]]:
    files = []
    for folder in ("negatives", "positives"):
        for path in sorted((base / folder).iterdir()):
            if path.is_file() and path.name != "INDEX.tsv":
                files.append((path.name, path.read_bytes()))
    return files


def generated_megabyte(files: list[tuple[str, bytes]]) -> bytes:
    """A 1 MB knowledge file made of real ones: the benign corpus, concatenated until it is 1 MB."""
    parts: list[bytes] = []
    size = 0
    while size < 1_000_000:
        for name, data in files:
            if not name.endswith(".json"):
                parts.append(data + b"\n\n")
                size += len(data) + 2
    return b"".join(parts)[:1_000_000].rsplit(b"\n", 1)[0] + b"\n"


def best_of(runs: int, work) -> float:  # type: ignore[no-untyped-def]
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        work()
        times.append(time.perf_counter() - start)
    return min(times), statistics.median(times)  # type: ignore[return-value]


def cold(base: Path) -> int:
    """One scan of the generated file as the first work of this process."""
    big = generated_megabyte(corpus_files(base))
    start = time.perf_counter()
    scan_bytes(big, "AGENTS.md")
    print(f"  first scan in a fresh process: {(time.perf_counter() - start) * 1000:.0f} ms")
    return 0


def main() -> int:
    args = [arg for arg in sys.argv[1:] if arg != "--cold"]
    base = Path(args[0]) if args else ROOT.parent / "shared" / "corpus"
    if "--cold" in sys.argv:
        return cold(base)
    files = corpus_files(base)
    total = sum(len(data) for _, data in files)
    scan_bytes(b"warm up", "x")

    def scan_corpus() -> None:
        for name, data in files:
            scan_bytes(data, name)

    best, median = best_of(5, scan_corpus)
    print(f"corpus: {len(files)} files, {total / 1e6:.2f} MB")
    print(f"  best {best * 1000:.0f} ms, median {median * 1000:.0f} ms (goal < 1000 ms)")
    print(f"  {len(files) / median:.0f} files/s, {total / 1e6 / median:.2f} MB/s (median)")
    big = generated_megabyte(files)
    best, median = best_of(5, lambda: scan_bytes(big, "AGENTS.md"))
    print(f"generated file: {len(big) / 1e6:.2f} MB, {len(scan_bytes(big, 'AGENTS.md'))} findings")
    print(f"  best {best * 1000:.0f} ms, median {median * 1000:.0f} ms (goal < 100 ms)")
    sys.stdout.flush()
    subprocess.run([sys.executable, __file__, "--cold", str(base)], check=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
