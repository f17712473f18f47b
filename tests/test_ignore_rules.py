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
