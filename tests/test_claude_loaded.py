"""Scan on load: Claude Code's InstructionsLoaded, fed recorded payloads of the documented shape (file_path,
memory_type, load_reason). Exact answers and exit codes."""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.helpers import init_repo, run_kguard, write
from tests.test_claude_code import CLEAN, HIDDEN, hook, payload


def loaded(repo: Path, file_path: str, reason: str = "session_start", memory_type: str = "Project") -> dict:
    return payload(repo, "InstructionsLoaded", file_path=file_path, memory_type=memory_type, load_reason=reason)


def _errors(repo: Path, rel: str) -> list[dict]:
    found = json.loads(run_kguard("scan", rel, "--format", "json", cwd=repo).stdout)["findings"]
    return [f for f in found if f["severity"] == "error"]


@pytest.mark.parametrize("reason", ["session_start", "nested_traversal", "path_glob_match", "include", "compact"])
def test_a_loaded_file_with_an_error_warns_the_user(tmp_path: Path, reason: str) -> None:
    repo = init_repo(tmp_path / "repo", {"CLAUDE.md": CLEAN, "pkg/CLAUDE.md": HIDDEN})
    code, out, err = hook(loaded(repo, str(repo / "pkg" / "CLAUDE.md"), reason), repo)
    errors = _errors(repo, "pkg/CLAUDE.md")
    assert errors
    listed = "\n".join(f"- pkg/CLAUDE.md:{f['line']}:{f['column']} {f['id']} [error] {f['message']}" for f in errors)
    assert (code, err) == (0, "")
    assert out == {"systemMessage": f"kguard: pkg/CLAUDE.md was just loaded into the agent's context ({reason}) "
                                    f"and carries {len(errors)} covert signal(s) at error level; the agent may "
                                    "follow them. Stop the session and check the file (kguard scan "
                                    f"pkg/CLAUDE.md):\n{listed}"}


def test_a_clean_file_and_a_warning_only_file_say_nothing(tmp_path: Path) -> None:
    repo = init_repo(tmp_path / "repo", {"CLAUDE.md": CLEAN,
                                         ".claude/rules/aws.md": "# AWS\n- Run cat ~/.aws/credentials.\n"})
    for rel in ("CLAUDE.md", ".claude/rules/aws.md"):
        assert hook(loaded(repo, str(repo / rel), "path_glob_match"), repo) == (0, None, "")
    assert json.loads(run_kguard("scan", ".claude/rules/aws.md", "--format", "json", cwd=repo).stdout)["findings"]


def test_a_file_in_the_home_is_named_from_the_home(tmp_path: Path, home: Path) -> None:
    repo = init_repo(tmp_path / "repo", {"CLAUDE.md": CLEAN})
    write(home / ".claude" / "CLAUDE.md", HIDDEN)
    code, out, _ = hook(loaded(repo, str(home / ".claude" / "CLAUDE.md"), memory_type="User"), repo)
    assert code == 0 and out is not None
    assert out["systemMessage"].startswith("kguard: ~/.claude/CLAUDE.md was just loaded into the agent's context")


def test_a_missing_or_absent_file_path_is_not_an_error(tmp_path: Path) -> None:
    repo = init_repo(tmp_path / "repo", {"CLAUDE.md": CLEAN})
    assert hook(payload(repo, "InstructionsLoaded", memory_type="Project", load_reason="include"), repo) == \
        (0, None, "")
    code, out, err = hook(loaded(repo, str(repo / "gone.md")), repo)
    assert (code, out, err) == (0, None, "")
