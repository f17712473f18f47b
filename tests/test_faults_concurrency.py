"""Parallel wrapped commands lose nothing: every line any command wrote ends in the file (issue 10,
"Concurrency"). Real `kguard` subprocesses, real git."""
from __future__ import annotations

import subprocess
import time
from pathlib import Path

import pytest

from tests.helpers import init_repo, kguard_argv, run_kguard

pytestmark = pytest.mark.probe  # the probe tier: fault injection: parallel runs


def _start(repo: Path, *args: str) -> subprocess.Popen[str]:
    return subprocess.Popen([*kguard_argv(), *args], cwd=repo, stdin=subprocess.DEVNULL,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)


def _parallel_appends(repo: Path, ways: int, keep_racing: bool) -> list[subprocess.Popen[str]]:
    procs = []
    for n in range(ways):
        script = f"echo LINE_{n} >> AGENTS.md; echo RULE_{n} > .agents/rules/r{n}.md; echo LINE_{n}b >> AGENTS.md"
        procs.append(_start(repo, "run", "--on-change", "hold", "--", "sh", "-c", script))
        if keep_racing and n % 4 == 0:
            procs.append(_start(repo, "keep"))
    for proc in procs:
        proc.communicate(timeout=300)
    return procs


def _repo(tmp_path: Path) -> Path:
    repo = init_repo(tmp_path / "repo", {"AGENTS.md": "# rules\n", ".agents/rules/base.md": "base\n"})
    assert run_kguard("snapshot", cwd=repo).returncode == 0
    return repo


def test_32_parallel_held_runs_then_keep_lose_no_line(tmp_path: Path) -> None:
    repo = _repo(tmp_path)
    procs = _parallel_appends(repo, 32, keep_racing=False)
    assert all(p.returncode in (0, 3) for p in procs), [p.returncode for p in procs]
    assert (repo / "AGENTS.md").read_text() == "# rules\n"  # everything was held back
    assert run_kguard("keep", cwd=repo).returncode == 0
    lines = (repo / "AGENTS.md").read_text().splitlines()
    assert sorted(lines[1:]) == sorted([f"LINE_{n}" for n in range(32)] + [f"LINE_{n}b" for n in range(32)])
    for n in range(32):
        assert (repo / f".agents/rules/r{n}.md").read_text() == f"RULE_{n}\n"
    assert run_kguard("status", cwd=repo).returncode == 0


def test_keep_racing_parallel_runs_loses_no_line(tmp_path: Path) -> None:
    repo = _repo(tmp_path)
    procs = _parallel_appends(repo, 12, keep_racing=True)
    assert all(p.returncode in (0, 3) for p in procs), [p.stderr for p in procs if p.returncode not in (0, 3)]
    assert run_kguard("keep", cwd=repo).returncode == 0
    text = (repo / "AGENTS.md").read_text()
    missing = [f"LINE_{n}{s}" for n in range(12) for s in ("", "b") if f"LINE_{n}{s}\n" not in text]
    assert missing == []


def test_keep_brings_back_every_held_version_of_a_file(tmp_path: Path) -> None:
    repo = _repo(tmp_path)
    for word in ("first", "second"):
        held = run_kguard("run", "--on-change", "hold", "--", "sh", "-c", f"echo {word} >> AGENTS.md", cwd=repo)
        assert held.returncode == 3
    assert run_kguard("keep", cwd=repo).returncode == 0
    assert (repo / "AGENTS.md").read_text() == "# rules\nfirst\nsecond\n"
    assert run_kguard("status", cwd=repo).returncode == 0


def test_a_run_that_ends_first_leaves_the_decision_to_the_last(tmp_path: Path) -> None:
    repo = _repo(tmp_path)
    # The long command starts, says so, and writes only once the short one has ended: flags outside the
    # repository order the two by events, not by sleeps that a loaded machine outruns.
    started, go = tmp_path / "started", tmp_path / "go"
    script = f"touch '{started}'; while [ ! -e '{go}' ]; do sleep 0.05; done; echo late >> AGENTS.md"
    long = _start(repo, "run", "--on-change", "hold", "--", "sh", "-c", script)
    deadline = time.monotonic() + 60
    while not started.exists():
        assert long.poll() is None and time.monotonic() < deadline, long.communicate()
        time.sleep(0.05)
    short = run_kguard("run", "--on-change", "hold", "--", "sh", "-c", "echo early >> AGENTS.md", cwd=repo)
    assert short.returncode == 3
    assert "the last one to end decides" in short.stderr
    assert (repo / "AGENTS.md").read_text() == "# rules\nearly\n"  # not replaced under the running command
    go.touch()
    _, err = long.communicate(timeout=60)
    assert long.returncode == 3, err
    assert "held back 1 change" in err
    assert (repo / "AGENTS.md").read_text() == "# rules\n"
    assert run_kguard("keep", cwd=repo).returncode == 0
    assert (repo / "AGENTS.md").read_text() == "# rules\nearly\nlate\n"
