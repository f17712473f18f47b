"""A guarded command is judged by git's ignore rules as they were before it ran (guard/ignores.py): a folder
it newly ignores is walked anyway and named; one git ignored already stays skipped."""
from __future__ import annotations

import time
from pathlib import Path

from tests.helpers import init_repo, run_kguard

RACY_S = 1.1  # kguard counts a file changed within a second of its last look as changed (as git does)


def _guarded_repo(tmp_path: Path, ignore: str) -> Path:
    repo = init_repo(tmp_path / "repo", {"AGENTS.md": "# rules\n", ".gitignore": ignore})
    time.sleep(RACY_S)
    assert run_kguard("snapshot", cwd=repo).returncode == 0
    return repo


def test_folder_ignored_before_the_command_stays_skipped(tmp_path: Path) -> None:
    repo = _guarded_repo(tmp_path, "target/\n")
    result = run_kguard("run", "--", "sh", "-c", "mkdir -p target && echo notes > target/AGENTS.md", cwd=repo)
    assert result.returncode == 0, result.stderr
    assert (repo / "target/AGENTS.md").exists()
    assert "target" not in result.stderr


def test_folder_the_command_ignores_is_judged_and_named(tmp_path: Path) -> None:
    repo = _guarded_repo(tmp_path, "*.log\n")
    result = run_kguard("run", "--", "sh", "-c",
                        "echo 'target/' >> .gitignore; mkdir -p target && echo notes > target/AGENTS.md", cwd=repo)
    assert result.returncode == 3, result.stderr
    assert "now hide target/, which holds 1 knowledge file(s)" in result.stderr
    assert not (repo / "target/AGENTS.md").exists()  # held back: reset to its snapshot (none)
    assert "target/" in (repo / ".gitignore").read_text()  # not a knowledge file: left as the command wrote it


def test_rules_changed_by_an_earlier_command_count_until_the_user_keeps_them(tmp_path: Path) -> None:
    repo = _guarded_repo(tmp_path, "*.log\n")
    first = run_kguard("run", "--", "sh", "-c", "printf 'target/\\nvenv/\\n' >> .gitignore", cwd=repo)
    assert first.returncode == 0, first.stderr
    time.sleep(RACY_S)
    assert run_kguard("run", "--", "sh", "-c", "echo x > notes.txt", cwd=repo).returncode == 0  # kguard looks again
    write = "mkdir -p target && echo notes > target/AGENTS.md"
    later = run_kguard("run", "--", "sh", "-c", write, cwd=repo)
    assert later.returncode == 3, later.stderr
    assert "now hide target/" in later.stderr
    assert not (repo / "target/AGENTS.md").exists()
    assert run_kguard("reset", cwd=repo).returncode == 0  # the user drops the held file
    time.sleep(RACY_S)
    assert run_kguard("keep", cwd=repo).returncode == 0  # and accepts the rules as they are now
    # (target/ itself stays watched: kguard keeps walking a folder it walked once, until its cache is rebuilt)
    accepted = run_kguard("run", "--", "sh", "-c", write.replace("target", "venv"), cwd=repo)
    assert accepted.returncode == 0, accepted.stderr
    assert "venv" not in accepted.stderr
    assert (repo / "venv/AGENTS.md").exists()
