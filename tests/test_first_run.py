"""What a newcomer sees first: `kguard hooks install` says what it installed and what it left alone, writes
Claude Code's settings only when asked, and `kguard status` is clean right after."""
from __future__ import annotations

import os
import subprocess
from pathlib import Path

from tests.helpers import KGUARD, init_repo, run_kguard

RULES = "# Rules\n- Run the tests before you commit.\n"


def test_install_without_a_terminal_leaves_claude_code_alone_and_says_so(tmp_path: Path) -> None:
    repo = init_repo(tmp_path / "repo", {"CLAUDE.md": RULES, "AGENTS.md": RULES})
    result = run_kguard("hooks", "install", cwd=repo)
    assert result.returncode == 0, result.stderr
    lines = result.stdout.splitlines()
    assert [line for line in lines if line.startswith("git hook ")] == [
        f"git hook {name}: installed" for name in
        ("pre-commit", "pre-merge-commit", "post-merge", "post-checkout", "post-rewrite", "post-commit")]
    assert lines[-1] == ("Claude Code: left alone (.claude/settings.json not written; "
                         "`kguard hooks install --claude-code` adds kguard's hooks)")
    assert not (repo / ".claude").exists()
    status = run_kguard("status", cwd=repo)
    assert status.returncode == 0, status.stdout + status.stderr
    assert "nothing changed" in status.stdout


def test_install_with_the_flag_writes_claude_code_settings(tmp_path: Path) -> None:
    repo = init_repo(tmp_path / "repo", {"CLAUDE.md": RULES})
    result = run_kguard("hooks", "install", "--claude-code", cwd=repo)
    assert result.returncode == 0, result.stderr
    assert "Claude Code: merged kguard hooks into .claude/settings.json" in result.stdout
    assert "left alone" not in result.stdout
    assert (repo / ".claude" / "settings.json").is_file()


def _install_at_a_terminal(repo: Path, answer: str) -> str:
    """`kguard hooks install` with stdin and stderr on a pseudo-terminal, typing `answer`."""
    leader, follower = os.openpty()
    try:
        os.write(leader, answer.encode() + b"\n")
        result = subprocess.run([KGUARD, "hooks", "install"], cwd=repo, stdin=follower, stderr=follower,
                                stdout=subprocess.PIPE, text=True, timeout=60)
    finally:
        os.close(follower)
    os.close(leader)
    assert result.returncode == 0
    return result.stdout


def test_install_at_a_terminal_asks_before_writing_claude_code_settings(tmp_path: Path) -> None:
    repo = init_repo(tmp_path / "repo", {"CLAUDE.md": RULES})
    out = _install_at_a_terminal(repo, "n")
    assert "Claude Code: left alone" in out and not (repo / ".claude").exists()
    out = _install_at_a_terminal(repo, "y")
    assert "Claude Code: merged kguard hooks into .claude/settings.json" in out
    assert (repo / ".claude" / "settings.json").is_file()


def test_install_outside_git_without_claude_code_says_what_to_do(tmp_path: Path) -> None:
    folder = tmp_path / "plain"
    folder.mkdir()
    (folder / "CLAUDE.md").write_text(RULES)
    result = run_kguard("hooks", "install", cwd=folder)
    assert result.returncode == 2
    assert result.stderr.startswith("kguard: error: nothing to install here: not a git repository")
