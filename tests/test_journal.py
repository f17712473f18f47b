"""The journal and undo, through the real `kguard`."""
from __future__ import annotations

import json
from pathlib import Path

from tests.helpers import init_repo, run_kguard, write


def log(repo: Path) -> list[dict]:
    return json.loads(run_kguard("log", "--format", "json", cwd=repo).stdout)


def keep(repo: Path, script: str) -> None:
    result = run_kguard("run", "--on-change", "keep", "--", "sh", "-c", script, cwd=repo)
    assert result.returncode == 0, result.stderr
    assert "kguard: kept 1 change(s)" in result.stderr, result.stderr


def test_undo_refused_after_a_later_edit(tmp_path: Path) -> None:
    repo = init_repo(tmp_path / "repo", {"AGENTS.md": "one\n"})
    run_kguard("snapshot", cwd=repo)
    keep(repo, "echo two >> AGENTS.md")
    kept = log(repo)[0]
    assert kept["action"] == "keep"
    write(repo / "AGENTS.md", "one\ntwo\nthree by hand\n")
    result = run_kguard("undo", kept["id"], cwd=repo)
    assert result.returncode == 1
    assert result.stderr.startswith(f"kguard: error: AGENTS.md: changed since entry {kept['id']} (keep)")
    assert "undo refused" in result.stderr
    assert "Traceback" not in result.stderr
    assert (repo / "AGENTS.md").read_text() == "one\ntwo\nthree by hand\n"


def test_undo_refusal_names_the_later_entry(tmp_path: Path) -> None:
    repo = init_repo(tmp_path / "repo", {"AGENTS.md": "one\n"})
    run_kguard("snapshot", cwd=repo)
    keep(repo, "echo two >> AGENTS.md")
    first = log(repo)[0]["id"]
    keep(repo, "echo three >> AGENTS.md")
    second = log(repo)[0]["id"]
    result = run_kguard("undo", first, cwd=repo)
    assert result.returncode == 1
    assert f"entry {second} (keep) changed it later" in result.stderr


def test_undo_of_keep_and_undo_of_undo(tmp_path: Path) -> None:
    repo = init_repo(tmp_path / "repo", {"AGENTS.md": "one\n"})
    run_kguard("snapshot", cwd=repo)
    keep(repo, "echo two >> AGENTS.md")
    assert run_kguard("undo", log(repo)[0]["id"], cwd=repo).returncode == 0
    assert (repo / "AGENTS.md").read_text() == "one\n"
    assert run_kguard("status", cwd=repo).returncode == 0  # undo moved the baseline too
    undo_entry = log(repo)[0]
    assert undo_entry["action"] == "undo"
    assert run_kguard("undo", undo_entry["id"], cwd=repo).returncode == 0
    assert (repo / "AGENTS.md").read_text() == "one\ntwo\n"


def test_undo_of_a_hold_accepts_it(tmp_path: Path) -> None:
    repo = init_repo(tmp_path / "repo", {"AGENTS.md": "one\n"})
    run_kguard("snapshot", cwd=repo)
    run_kguard("run", "--on-change", "hold", "--", "sh", "-c", "echo two >> AGENTS.md", cwd=repo)
    held = log(repo)[0]
    assert held["action"] == "hold"
    assert run_kguard("undo", held["id"], cwd=repo).returncode == 0
    assert (repo / "AGENTS.md").read_text() == "one\ntwo\n"
    status = json.loads(run_kguard("status", "--format", "json", cwd=repo).stdout)
    assert status["pending"] == [] and status["changed"] == []


def test_journal_keeps_the_configured_number(tmp_path: Path) -> None:
    repo = init_repo(tmp_path / "repo", {"AGENTS.md": "0\n", ".kguard.toml": "[guard]\njournal_size = 3\n"})
    run_kguard("snapshot", cwd=repo)
    for n in range(5):
        run_kguard("run", "--on-change", "keep", "--", "sh", "-c", f"echo {n} >> AGENTS.md", cwd=repo)
    entries = log(repo)
    assert len(entries) == 3
    assert [e["action"] for e in entries] == ["keep"] * 3
    assert entries[0]["time"] >= entries[-1]["time"]


def test_unknown_undo_id(tmp_path: Path) -> None:
    repo = init_repo(tmp_path / "repo", {"AGENTS.md": "0\n"})
    result = run_kguard("undo", "deadbeef", cwd=repo)
    assert result.returncode == 2
    assert result.stderr == "kguard: error: no journal entry 'deadbeef' (`kguard log` lists them)\n"
