"""Overhead of `kguard run` on the path every command takes when nothing changed.

Builds a 50,000-file repository with about 30 knowledge files and a 500-file one, then measures, with the
commands alternating in one run: a bare `true`, `kguard run --on-change keep -- true`, and
`git status --porcelain`. Prints medians and the two ratios the project aims for:
  overhead / git-status on the big repository   (goal <= 0.5)
  overhead big / overhead small                 (goal <= 1.2)

    python bench/bench_run.py [--files 50000] [--rounds 31]
"""
from __future__ import annotations

import argparse
import os
import shutil
import statistics
import subprocess
import sys
import sysconfig
import tempfile
import time
from pathlib import Path

KNOWLEDGE = [
    "AGENTS.md", "CLAUDE.md", ".agents/memory.md", ".cursorrules", ".github/copilot-instructions.md",
    *[f".agents/rules/rule{n}.md" for n in range(10)],
    *[f".agents/skills/skill{n}/SKILL.md" for n in range(5)],
    *[f"pkg{n}/AGENTS.md" for n in range(10)],
]


def kguard_path() -> str:
    """The console script itself, not a version-manager shim in front of it."""
    candidate = Path(sysconfig.get_path("scripts")) / "kguard"
    return str(candidate) if candidate.exists() else shutil.which("kguard") or "kguard"


def build(root: Path, files: int) -> Path:
    root.mkdir(parents=True)
    env = git_env(root.parent)
    subprocess.run(["git", "init", "-q", "-b", "main"], cwd=root, check=True, env=env)
    per_dir = 20
    for n in range(files - len(KNOWLEDGE)):
        folder = root / f"src{n // (per_dir * 50)}" / f"mod{n // per_dir}"
        if n % per_dir == 0:
            folder.mkdir(parents=True, exist_ok=True)
        (folder / f"file{n}.py").write_text(f"x = {n}\n")
    for rel in KNOWLEDGE:
        path = root / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(f"# {rel}\n- Use tabs.\n")
    subprocess.run(["git", "add", "-A"], cwd=root, check=True, env=env)
    subprocess.run(["git", "commit", "-q", "-m", "bench"], cwd=root, check=True, env=env)
    return root


def git_env(base: Path) -> dict[str, str]:
    env = dict(os.environ)
    home = base / "home"
    home.mkdir(exist_ok=True)
    env.update(KGUARD_HOME=str(home), HOME=str(home), GIT_CONFIG_NOSYSTEM="1",
               GIT_AUTHOR_NAME="b", GIT_AUTHOR_EMAIL="b@b", GIT_COMMITTER_NAME="b", GIT_COMMITTER_EMAIL="b@b")
    return env


def timed(argv: list[str], cwd: Path, env: dict[str, str]) -> float:
    start = time.perf_counter()
    subprocess.run(argv, cwd=cwd, env=env, stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, check=True)
    return time.perf_counter() - start


def measure(repos: dict[str, Path], rounds: int, env: dict[str, str]) -> dict[str, dict[str, float]]:
    kguard = kguard_path()
    true = shutil.which("true") or "/bin/true"
    commands = {
        "true": [true],
        "kguard": [kguard, "run", "--on-change", "keep", "--", true],
        "git-status": ["git", "status", "--porcelain"],
    }
    samples: dict[str, dict[str, list[float]]] = {r: {c: [] for c in commands} for r in repos}
    for name, repo in repos.items():  # warm up: first snapshot, caches, page cache
        for argv in commands.values():
            for _ in range(3):
                timed(argv, repo, env)
    for _ in range(rounds):
        for name, repo in repos.items():
            for label, argv in commands.items():
                samples[name][label].append(timed(argv, repo, env))
    return {r: {c: statistics.median(v) for c, v in per.items()} for r, per in samples.items()}


def count_folders(repo: Path) -> int:
    """The folders `kguard run` stats after every command (all but .git)."""
    count = 0
    for _, dirs, _ in os.walk(repo):
        dirs[:] = [name for name in dirs if name != ".git"]
        count += 1
    return count


def warn_if_editable() -> None:
    site_dir = Path(sysconfig.get_path("purelib"))
    if not (site_dir / "hooks" / "entry.py").is_file():
        print("note: kguard is installed in editable mode (or outside site-packages): start-up goes through "
              "the full site path; `pip install .` gives the figures a user sees", file=sys.stderr)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--files", type=int, default=50_000)
    parser.add_argument("--small", type=int, default=500)
    parser.add_argument("--rounds", type=int, default=31)
    args = parser.parse_args()
    warn_if_editable()
    with tempfile.TemporaryDirectory(prefix="kguard-bench-") as tmp:
        base = Path(tmp)
        env = git_env(base)
        print(f"building repositories: {args.files} and {args.small} files ...", file=sys.stderr)
        repos = {"big": build(base / "big", args.files), "small": build(base / "small", args.small)}
        folders = {name: count_folders(repo) for name, repo in repos.items()}
        med = measure(repos, args.rounds, env)
    over = {r: med[r]["kguard"] - med[r]["true"] for r in med}
    for r in ("big", "small"):
        print(f"{r:5}  true {med[r]['true'] * 1000:7.1f} ms   kguard run -- true {med[r]['kguard'] * 1000:7.1f} ms"
              f"   overhead {over[r] * 1000:6.1f} ms   git status --porcelain {med[r]['git-status'] * 1000:7.1f} ms")
    ratio_git = over["big"] / med["big"]["git-status"]
    ratio_size = over["big"] / over["small"]
    print(f"overhead / git status (big repo): {ratio_git:.2f}  (goal <= 0.5)")
    print(f"overhead big / small:             {ratio_size:.2f}  (goal <= 1.2)")
    extra = (over["big"] - over["small"]) / max(1, folders["big"] - folders["small"])
    print(f"folders: {folders['big']} and {folders['small']}; "
          f"the difference costs {extra * 1e6:.1f} us per extra folder")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
