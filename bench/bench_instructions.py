"""The fresh-process goals of issue 11 (`kguard scan FILE` on 4 KB, the Claude Code PostToolUse hook with 10 KB of
tool output) and of issue 22 (a benign call of each harness adapter, a PostToolUse whose PreToolUse never came)
as instructions counted by valgrind's callgrind, for one or more installs side by side, as ratios to a bare
`python -c pass` of the same venv. On a shared machine wall and CPU times move by 20-50 % between runs;
instruction counts move by well under 1 %, so two versions compare even under load (the ratio of instructions is
not the ratio of time: a bare start-up spends more of its time on page faults and reading files). Needs valgrind;
prints figures, asserts nothing.

Run: python bench/bench_instructions.py [--phases] [VENV ...]   (default: the venv of this interpreter; install
each with `pip install .`, not editable, for the start-up a user sees). --phases also prints where a fresh scan's
instructions go: each step below is a process that does what the one above it did and one thing more, ended
with os._exit after its exit functions, as `kguard scan` ends."""
from __future__ import annotations

import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from bench_scan import corpus_files  # noqa: E402
from bench_hooks import adapter_cases, warm_repo  # noqa: E402
from bench_startup import INJECTION, hook_payload, sample  # noqa: E402
from eval_sources import CORPUS  # noqa: E402

# What the launcher (hooks/bin/kguard) runs, with the venv's site-packages named outright.
LAUNCH = "import sys; sys.path.append({site!r}); from hooks.entry import main; sys.exit(main())"
# --phases: a fresh scan of FILE taken apart; each step adds one thing to the step before it.
PHASES = (("python -S", ""), ("+ import re (enum, functools, collections)", "import re"),
          ("+ import pathlib (urllib.parse, ipaddress)", "import pathlib"),
          ("+ import hooks.scan_fast", "import hooks.scan_fast"),
          ("+ import the detectors (guard.scan.registry)", "import guard.scan.registry"),
          ("+ import guard.scan.engine", "import guard.scan.engine as e"),
          ("+ scan 'hello' (one-time set-up)", "e.scan_text('hello', 'notes.md')"),
          ("+ scan the 4 KB file", "e.scan_text(open(FILE).read(), 'notes.md')"),
          ("+ scan it again (steady state)", "e.scan_text(open(FILE).read() + ' ', 'n.md')"))


def instructions(argv: list[str], stdin: str | None, env: dict[str, str], cwd: Path) -> int:
    out = subprocess.run(["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null", *argv], input=stdin,
                         text=True, capture_output=True, env=env, cwd=cwd, check=False)
    refs = [line for line in out.stderr.splitlines() if "refs:" in line]
    if not refs:
        raise SystemExit(f"callgrind gave no count for {argv[:3]}: {out.stderr[-300:]}")
    return int(refs[-1].split()[-1].replace(",", ""))


def main() -> int:
    if shutil.which("valgrind") is None:
        print("valgrind is not installed: nothing measured", file=sys.stderr)
        return 2
    phases = "--phases" in sys.argv[1:]
    venvs = [Path(arg) for arg in sys.argv[1:] if arg != "--phases"] or [Path(sys.executable).parent.parent]
    files = corpus_files(CORPUS)
    with tempfile.TemporaryDirectory() as tmp:
        root = Path(tmp)
        repo = root / "repo"
        repo.mkdir()
        subprocess.run(["git", "init", "-q", str(repo)], check=True)
        (repo / "AGENTS.md").write_text("# Rules\n- Run the tests before you commit.\n")
        four = repo / "notes.md"
        four.write_bytes(sample(files, 4096))
        output = sample(files, 10_240).decode("utf-8", "replace")
        hook = hook_payload(repo, "WebFetch", output)
        injected = hook_payload(repo, "WebFetch", output + INJECTION)  # (the goal: <= 8x)
        for venv in venvs:
            python = str(venv / "bin" / "python3")
            sites = [str(p) for p in venv.glob("lib*/python3*/site-packages") if (p / "hooks" / "entry.py").is_file()]
            site = sites[0] if sites else None
            if site is None:
                print(f"{venv}: kguard is not installed there (or in editable mode): skipped", file=sys.stderr)
                continue
            env = {key: value for key, value in os.environ.items() if key != "PYTHONDONTWRITEBYTECODE"}
            env.update(PYTHONHASHSEED="0", HOME=str(root / "home"), KGUARD_HOME=str(root / "home"),
                       PYTHONPYCACHEPREFIX=str(root / "pycache" / venv.name), GIT_CONFIG_GLOBAL=str(root / "gitconfig"))
            launch = [python, "-S", "-c", LAUNCH.format(site=site)]
            commands = {"python -c pass": ([python, "-c", "pass"], None),
                        "scan 4 KB": ([*launch, "scan", str(four)], None),
                        "hook PostToolUse 10 KB (WebFetch)": ([*launch, "hook", "claude-code"], hook),
                        "hook PostToolUse 10 KB + injection": ([*launch, "hook", "claude-code"], injected)}
            for argv, stdin in commands.values():  # bytecode and pattern caches written, as after a first run
                for _ in range(2):
                    subprocess.run(argv, input=stdin, text=True, capture_output=True, env=env, cwd=repo, check=False)
            counts = {name: instructions(argv, stdin, env, repo) for name, (argv, stdin) in commands.items()}
            counts.update(adapters(launch, env, root / f"adapters-{len(counts)}-{venv.name}"))
            bare = counts["python -c pass"]
            print(f"{venv}:")
            for name, count in counts.items():
                print(f"  {name:40} {count / 1e6:8.1f} M instructions  {count / bare:5.2f}x")
            if phases:
                print_phases(python, site, str(four), env, repo)
    return 0


def adapters(launch: list[str], env: dict[str, str], repo: Path) -> dict[str, int]:
    """Issue 22's cases (bench_hooks.adapter_cases) in a repository whose stat cache is trusted, as between two
    real tool calls; an event's earlier one (the PreToolUse of its PostToolUse) runs uncounted before each."""
    warm_repo(repo, [*launch, "snapshot"], [*launch, "run", "--", "true"], env)
    counts = {}
    for name, (args, stdin, before) in adapter_cases(repo).items():
        argv = [*launch, "hook", *args]
        for round_number in range(3):  # two to write the caches, the third counted
            if before is not None:
                subprocess.run(argv, input=before, text=True, capture_output=True, env=env, cwd=repo, check=False)
            if round_number < 2:
                subprocess.run(argv, input=stdin, text=True, capture_output=True, env=env, cwd=repo, check=False)
        counts[name] = instructions(argv, stdin, env, repo)
    return counts


def print_phases(python: str, site: str, file: str, env: dict[str, str], cwd: Path) -> None:
    steps, before = [f"import sys, os, atexit; sys.path.append({site!r}); FILE = {file!r}"], 0
    for name, step in PHASES:
        steps.append(step or "pass")
        argv = [python, "-S", "-c", "; ".join([*steps, "atexit._run_exitfuncs(); os._exit(0)"])]
        for _ in range(2):  # the pattern cache holds what this step compiles, as after a first run
            subprocess.run(argv, capture_output=True, env=env, cwd=cwd, check=False)
        count = instructions(argv, None, env, cwd)
        print(f"    {name:46} {count / 1e6:8.1f} M  (+{(count - before) / 1e6:.1f} M)")
        before = count


if __name__ == "__main__":
    sys.exit(main())
