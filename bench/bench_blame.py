"""Times `kguard blame` on a 5,000-line AGENTS.md with 200 commits of history (a quarter of them carrying a
kguard note on some of their lines, as agents' commits would), beside `git blame` and `git blame -M` on the
same file. The installed `kguard` in a subprocess, as a user runs it. Prints figures; asserts nothing.
Run: python bench/bench_blame.py [--lines 5000] [--commits 200]"""
from __future__ import annotations

import argparse
import json
import os
import random
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

KGUARD = str(Path(sys.executable).parent / "kguard") if (Path(sys.executable).parent / "kguard").exists() \
    else shutil.which("kguard") or "kguard"


def git(repo: Path, *args: str, env: dict[str, str]) -> str:
    return subprocess.run(["git", *args], cwd=repo, env=env, check=True, capture_output=True, text=True).stdout


def build(repo: Path, lines: int, commits: int, env: dict[str, str]) -> None:
    random.seed(7)
    repo.mkdir()
    git(repo, "init", "-q", "-b", "main", env=env)
    words = [f"{stem}{n}" for stem in ("build", "test", "module", "api", "cache", "user", "shell") for n in range(300)]

    def sentence() -> str:
        return "- " + " ".join(random.choices(words, k=10)) + "."

    text = [sentence() for _ in range(lines)]
    (repo / "AGENTS.md").write_text("\n".join(text) + "\n")
    git(repo, "add", "AGENTS.md", env=env)
    git(repo, "commit", "-qm", "start", env=env)
    for number in range(1, commits):
        changed = random.sample(range(lines), 25)
        for index in changed:
            text[index] = sentence()
        (repo / "AGENTS.md").write_text("\n".join(text) + "\n")
        git(repo, "commit", "-qam", f"edit {number}", env=env)
        if number % 4 == 0:  # an agent's commit: its note names the lines
            note = {"kguard": 1, "files": {"AGENTS.md": [{
                "origin": "agent", "who": "Claude Code", "session": f"session-{number}", "accepted": "user",
                "command": "Claude Code Edit", "when": 1.7e9, "lines": sorted(i + 1 for i in changed)}]}}
            git(repo, "notes", "--ref=kguard", "add", "-m", json.dumps(note), "HEAD", env=env)


def median(command: list[str], repo: Path, env: dict[str, str], repeat: int) -> tuple[float, float]:
    """Median wall time and CPU time (user + system of the processes it started): on a shared machine the
    CPU time says more than the wall clock."""
    times, cpu = [], []
    for _ in range(repeat):
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        start = time.perf_counter()
        subprocess.run(command, cwd=repo, env=env, check=True, capture_output=True)
        times.append(time.perf_counter() - start)
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        cpu.append(after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime)
    return statistics.median(times), statistics.median(cpu)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--lines", type=int, default=5000)
    parser.add_argument("--commits", type=int, default=200)
    parser.add_argument("--repeat", type=int, default=5)
    args = parser.parse_args(argv)
    base = Path(tempfile.mkdtemp(prefix="kguard-bench-blame-"))
    env = {k: v for k, v in os.environ.items() if not k.startswith(("GIT_", "KGUARD_"))}
    env.update(HOME=str(base / "home"), KGUARD_HOME=str(base / "home"), GIT_CONFIG_NOSYSTEM="1",
               GIT_CONFIG_GLOBAL=str(base / "gitconfig"), GIT_AUTHOR_NAME="Bench", GIT_AUTHOR_EMAIL="b@example.com",
               GIT_COMMITTER_NAME="Bench", GIT_COMMITTER_EMAIL="b@example.com")
    (base / "home").mkdir()
    (base / "gitconfig").write_text("")
    try:
        repo = base / "repo"
        start = time.perf_counter()
        build(repo, args.lines, args.commits, env)
        print(f"AGENTS.md: {args.lines:,} lines, {args.commits} commits ({args.commits // 4} with a kguard note); "
              f"built in {time.perf_counter() - start:.1f} s")
        subprocess.run([KGUARD, "snapshot"], cwd=repo, env=env, check=True, capture_output=True)
        out = subprocess.run([KGUARD, "blame", "--format", "json", "AGENTS.md"], cwd=repo, env=env,
                             capture_output=True, text=True, check=True).stdout
        origins: dict[str, int] = {}
        for line in json.loads(out):
            origins[line["origin"]] = origins.get(line["origin"], 0) + 1
        print(f"kguard blame says: {', '.join(f'{k} {v:,}' for k, v in sorted(origins.items()))}")
        cache = repo / ".git" / "kguard" / "blame"
        cold = [KGUARD, "blame", "AGENTS.md"]
        rows = [("git blame", ["git", "blame", "AGENTS.md"]),
                ("git blame -M", ["git", "blame", "-M", "AGENTS.md"]),
                ("kguard blame, first (no kept blame)", ["sh", "-c", f"rm -rf '{cache}' && {KGUARD} blame AGENTS.md"]),
                ("kguard blame", cold),
                ("kguard blame --format json", [KGUARD, "blame", "--format", "json", "AGENTS.md"])]
        timed = {name: median(command, repo, env, args.repeat) for name, command in rows}
        with open(repo / "AGENTS.md", "a") as handle:  # one more commit: the kept blame walks only it
            handle.write("- one more line\n")
        git(repo, "commit", "-qam", "one more", env=env)
        timed["kguard blame after one new commit"] = median(cold, repo, env, 1)
        reference = timed["git blame -M"]
        print(f"  {'':<38}{'wall':>8}      {'CPU':>8}      CPU to git blame -M (load average {os.getloadavg()[0]:.1f})")
        for name, (seconds, cpu) in timed.items():
            print(f"  {name:<38}{seconds * 1000:8.0f} ms   {cpu * 1000:8.0f} ms   {cpu / reference[1]:5.2f}x")
        version = subprocess.run([KGUARD, "--version"], capture_output=True, text=True).stdout.strip()
        print(f"  kguard version: {version}")
    finally:
        shutil.rmtree(base, ignore_errors=True)


if __name__ == "__main__":
    main()
