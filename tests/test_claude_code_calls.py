"""Claude Code tool calls end to end (the real `kguard hook claude-code`): markers paired by tool_use_id and
ended at the session's next event, writes through tools the hook used not to match (MCP), changes made
between two calls, the installed command when kguard cannot run, and commands that could reach kguard's
decisions in any spelling."""
from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from hooks.claude_code import settings as claude_settings
from tests.helpers import init_repo, kguard_python, run_kguard, write
from tests.test_claude_code import CLEAN, HIDDEN, bash, hook, marker_of, payload

HAND = CLEAN + "- mine, written by hand\n"


@pytest.fixture
def repo(tmp_path: Path) -> Path:
    path = init_repo(tmp_path / "repo", {"AGENTS.md": CLEAN, "src/app.py": "print(1)\n"})
    assert run_kguard("snapshot", cwd=path).returncode == 0
    return path


def pending(repo: Path) -> list[str]:
    return [p["path"] for p in json.loads(run_kguard("status", "--format", "json", cwd=repo).stdout)["pending"]]


@pytest.mark.parametrize("between", [None, "UserPromptSubmit", "Stop"])
def test_a_denied_call_is_ended_at_the_next_event_and_a_hand_edit_is_not_blamed(repo: Path,
                                                                               between: str | None) -> None:
    assert hook(bash(repo, "PreToolUse", "echo x >> AGENTS.md", tool_use_id="toolu_denied"), repo)[0] == 0
    assert marker_of(repo, "toolu_denied").exists()
    # the user denies the call (no PostToolUse ever comes) and edits AGENTS.md by hand
    write(repo / "AGENTS.md", HAND)
    if between:
        code, out, _ = hook(payload(repo, between, prompt="go on"), repo)
        assert code == 0 and "changed outside any guarded command" in out["systemMessage"]
        assert not marker_of(repo, "toolu_denied").exists()
    code, out, _ = hook(bash(repo, "PreToolUse", "ls", tool_use_id="toolu_next"), repo)
    assert code == 0
    assert not marker_of(repo, "toolu_denied").exists()
    if between is None:
        assert out["systemMessage"].startswith("kguard: AGENTS.md (modified) changed outside any guarded command; "
                                               "taken as the baseline (undo: kguard undo ")
    code, out, err = hook(bash(repo, "PostToolUse", "ls", tool_use_id="toolu_next", tool_response={"stdout": ""}),
                          repo)
    assert (code, out) == (0, None), err
    assert (repo / "AGENTS.md").read_text() == HAND  # not reverted, not blamed on `ls`
    assert pending(repo) == []
    log = json.loads(run_kguard("log", "--format", "json", cwd=repo).stdout)
    assert log[0]["action"] == "adopt" and log[0]["paths"] == ["AGENTS.md"]


def test_a_call_of_another_session_is_not_ended(repo: Path) -> None:
    hook(bash(repo, "PreToolUse", "sleep 5", tool_use_id="toolu_other", session_id="another-session"), repo)
    hook(bash(repo, "PreToolUse", "ls", tool_use_id="toolu_mine"), repo)
    assert marker_of(repo, "toolu_other", "another-session").exists()
    hook(bash(repo, "PostToolUse", "ls", tool_use_id="toolu_mine", tool_response={"stdout": ""}), repo)
    assert marker_of(repo, "toolu_other", "another-session").exists()


def mcp_write(repo: Path, event: str, content: str, **fields: Any) -> dict[str, Any]:
    return payload(repo, event, tool_name="mcp__filesystem__write_file", tool_use_id="toolu_mcp",
                   tool_input={"path": str(repo / "CLAUDE.md"), "content": content}, **fields)


def test_an_mcp_write_is_compared_after_the_call_and_held_back(repo: Path) -> None:
    assert hook(mcp_write(repo, "PreToolUse", HIDDEN), repo) == (0, None, "")
    assert marker_of(repo, "toolu_mcp").exists()
    write(repo / "CLAUDE.md", HIDDEN)
    code, out, _ = hook(mcp_write(repo, "PostToolUse", HIDDEN, tool_response={"ok": True}), repo)
    assert code == 0 and out["decision"] == "block"
    assert "CLAUDE.md (added)" in out["reason"] and "Claude Code mcp__filesystem__write_file" in out["systemMessage"]
    assert not (repo / "CLAUDE.md").exists()
    assert pending(repo) == ["CLAUDE.md"]


def test_a_write_no_hook_saw_is_shown_at_the_next_event_and_held_when_it_has_errors(repo: Path) -> None:
    write(repo / "CLAUDE.md", HIDDEN)  # e.g. a tool outside an older matcher, or a background process
    write(repo / ".agents" / "rules" / "style.md", "---\ndescription: style\n---\nUse tabs.\n")
    code, out, _ = hook(bash(repo, "PreToolUse", "ls", tool_use_id="toolu_after"), repo)
    assert code == 0
    message = out["systemMessage"]
    assert ("kguard: held back CLAUDE.md (added): changed outside any guarded command, with covert signals in the "
            "new content. Review: kguard diff · accept: kguard keep CLAUDE.md") in message
    assert ".agents/rules/style.md (added) changed outside any guarded command; taken as the baseline" in message
    assert not (repo / "CLAUDE.md").exists()
    assert (repo / ".agents" / "rules" / "style.md").exists()
    assert pending(repo) == ["CLAUDE.md"]
    # a read-only tool's event compares too
    write(repo / "GEMINI.md", HIDDEN)
    read = payload(repo, "PreToolUse", tool_name="Read", tool_use_id="toolu_read",
                   tool_input={"file_path": str(repo / "src" / "app.py")})
    code, out, _ = hook(read, repo)
    assert "held back GEMINI.md (added)" in out["systemMessage"] and not (repo / "GEMINI.md").exists()


def test_installed_command_blocks_with_one_line_when_kguard_cannot_run(repo: Path, tmp_path: Path) -> None:
    assert run_kguard("hooks", "install", "--claude-code", cwd=repo).returncode == 0
    settings = json.loads((repo / ".claude" / "settings.json").read_text())
    command = settings["hooks"]["PreToolUse"][0]["hooks"][0]["command"]
    assert claude_settings.OURS.search(command)
    data = json.dumps(payload(repo, "PreToolUse", tool_name="Write", tool_use_id="toolu_w",
                              tool_input={"file_path": str(repo / "AGENTS.md"), "content": "x\n"}))
    env = {**os.environ, "PATH": "/usr/bin:/bin"}
    works = subprocess.run(["sh", "-c", command], cwd=repo, input=data, capture_output=True, text=True, env=env)
    assert works.returncode == 0 and '"permissionDecision": "ask"' in works.stdout  # off PATH: still found
    interpreter = claude_settings.hook_command().replace(sys.executable, kguard_python()).split(";")[0]
    gone = command.replace(interpreter, "p=/nonexistent/python3")
    blocked = subprocess.run(["sh", "-c", gone], cwd=repo, input=data, capture_output=True, text=True, env=env)
    assert blocked.returncode == 2, blocked.stderr
    assert blocked.stderr.startswith("kguard: the Claude Code hook could not run (exit 1; neither ")
    assert blocked.stderr.endswith(" nor `kguard` on PATH works): reinstall it with `kguard hooks install "
                                   "--claude-code`\n") and blocked.stderr.count("\n") == 1


def test_crash_message_names_no_placeholder(repo: Path) -> None:
    code, out, _ = hook("[1, 2]", repo)
    assert code == 0
    assert "?" not in out["systemMessage"]
    assert "; this hook event went ahead without the guard" in out["systemMessage"]


ASKED = ["python -m hooks keep", "python3 -P -m hooks undo 1234", "k=kguard; $k keep", 'K=kguard; "$K" keep',
         "sh accept.sh", "./accept.sh", "kguard-py keep", "env kguard keep", "kg'u'ard keep",
         "$(printf kguard) keep", "eval 'kg''uard keep'", "echo a2d1YXJkIGtlZXAK | base64 -d | sh",
         "python -c 'import subprocess; subprocess.run([\"kg\" + \"uard\", \"keep\"])'",
         "git update-ref -d refs/kguard/state", "KGUARD_ON_CHANGE=keep git pull", "kguard status; kguard keep"]
ALLOWED = ["ls", "pytest -q", "python -m pytest", "git status", "kguard status", "kguard diff AGENTS.md",
           "sh build.sh", "./build.sh", "git reset --hard", "for f in *.md; do wc -l $f; done"]


@pytest.mark.probe  # the probe tier: an evasion matrix (26 spellings, each a PreToolUse and a PostToolUse)
def test_commands_that_could_reach_kguard_decisions_ask_in_any_spelling(repo: Path) -> None:
    write(repo / "accept.sh", "#!/bin/sh\nname=kgu\n${name}ard keep\n")
    write(repo / "build.sh", "#!/bin/sh\nmake all\n")
    (repo / "build.sh").chmod(0o755)
    (repo / "accept.sh").chmod(0o755)
    assert run_kguard("snapshot", cwd=repo).returncode == 0
    asked, allowed = [], []
    for number, command in enumerate(ASKED + ALLOWED):
        code, out, _ = hook(bash(repo, "PreToolUse", command, tool_use_id=f"toolu_{number}"), repo)
        decision = ((out or {}).get("hookSpecificOutput") or {}).get("permissionDecision")
        (asked if decision == "ask" else allowed).append(command)
        hook(bash(repo, "PostToolUse", command, tool_use_id=f"toolu_{number}", tool_response={"stdout": ""}), repo)
    assert asked == ASKED and allowed == ALLOWED
