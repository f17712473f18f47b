"""Parallel runs and a run killed half-way: the store stays consistent and no decision is lost."""
from __future__ import annotations

import json
import os
import signal
import subprocess
import time
from pathlib import Path

import pygit2
import pytest

from tests.helpers import init_repo, kguard_argv, run_kguard

pytestmark = pytest.mark.probe  # the probe tier: concurrency and kill -9


def _parallel(repo: Path, mode: str, count: int = 8) -> list[subprocess.CompletedProcess[str]]:
    procs = [
        subprocess.Popen(
            [*kguard_argv(), "run", "--on-change", mode, "--", "sh", "-c",
             f"sleep 0.{n % 3}; echo 'line {n}' >> AGENTS.md; echo 'rule {n}' > .agents/rules/r{n}.md"],
            cwd=repo, stdout=subprocess.PIPE, stderr=subprocess.PIPE, stdin=subprocess.DEVNULL, text=True,
        )
        for n in range(count)
    ]
    results = []
    for proc in procs:
        out, err = proc.communicate(timeout=120)
        results.append(subprocess.CompletedProcess(proc.args, proc.returncode, out, err))
    return results


def test_eight_parallel_runs_keep(tmp_path: Path) -> None:
    repo = init_repo(tmp_path / "repo", {"AGENTS.md": "# rules\n", ".agents/rules/base.md": "base\n"})
    run_kguard("snapshot", cwd=repo)
    results = _parallel(repo, "keep")
    assert all(r.returncode == 0 for r in results), [r.stderr for r in results]
    lines = (repo / "AGENTS.md").read_text().splitlines()
    assert sorted(lines[1:]) == sorted(f"line {n}" for n in range(8))
    assert all((repo / f".agents/rules/r{n}.md").is_file() for n in range(8))
    assert run_kguard("status", cwd=repo).returncode == 0  # everything ended up in the baseline
    log = json.loads(run_kguard("log", "--format", "json", cwd=repo).stdout)
    kept = {p for e in log if e["action"] == "keep" for p in e["paths"]}
    assert {f".agents/rules/r{n}.md" for n in range(8)} <= kept
    pygit2.Repository(str(repo)).references["refs/kguard/state"].peel(pygit2.Commit)  # readable


def test_eight_parallel_runs_hold_lose_nothing(tmp_path: Path) -> None:
    repo = init_repo(tmp_path / "repo", {"AGENTS.md": "# rules\n", ".agents/rules/base.md": "base\n"})
    run_kguard("snapshot", cwd=repo)
    results = _parallel(repo, "hold")
    assert all(r.returncode in (0, 3) for r in results), [r.stderr for r in results]
    assert (repo / "AGENTS.md").read_text() == "# rules\n"
    # every rules file any command wrote is held back, its content kept in the store
    status = json.loads(run_kguard("status", "--format", "json", cwd=repo).stdout)
    held = {p["path"] for p in status["pending"]}
    assert {f".agents/rules/r{n}.md" for n in range(8)} <= held
    assert run_kguard("keep", cwd=repo).returncode == 0
    for n in range(8):
        assert (repo / f".agents/rules/r{n}.md").read_text() == f"rule {n}\n"


def test_run_killed_half_way(tmp_path: Path) -> None:
    repo = init_repo(tmp_path / "repo", {"AGENTS.md": "# rules\n"})
    run_kguard("snapshot", cwd=repo)
    proc = subprocess.Popen(
        [*kguard_argv(), "run", "--", "sh", "-c", "echo injected >> AGENTS.md; sleep 60"],
        cwd=repo, stdin=subprocess.DEVNULL, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
        start_new_session=True,
    )
    deadline = time.monotonic() + 30
    while "injected" not in (repo / "AGENTS.md").read_text():
        assert time.monotonic() < deadline
        time.sleep(0.05)
    os.killpg(proc.pid, signal.SIGKILL)
    proc.wait()
    status = run_kguard("status", cwd=repo)
    assert status.returncode == 1
    assert "ended before its changes were accepted" in status.stdout
    assert "modified      AGENTS.md" in status.stdout
    nxt = run_kguard("run", "--", "true", cwd=repo)
    assert nxt.returncode == 3
    assert "ended before it could compare" in nxt.stderr
    assert (repo / "AGENTS.md").read_text() == "# rules\n"
    assert run_kguard("keep", cwd=repo).returncode == 0
    assert (repo / "AGENTS.md").read_text() == "# rules\ninjected\n"
    assert run_kguard("status", cwd=repo).returncode == 0
