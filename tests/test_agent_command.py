"""The command each harness's hook file runs (hooks.installed, shared by all five): installed from an
interpreter that is then deleted, with no `kguard` on PATH, it blocks a write to AGENTS.md with exit 2 and one
line naming the harness and how to reinstall, in every harness (Copilot: the deny on stdout, exit 0)."""
from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import sysconfig
from pathlib import Path
from typing import Any

import pytest

from tests.helpers import init_repo, run_kguard
from tests.test_agent_hooks import codex, copilot, cursor, gemini
from tests.test_claude_code import CLEAN, payload

# harness -> (hook file, event, the event's write-to-AGENTS.md payload, the name in the message)
FILES = {"claude-code": ".claude/settings.json", "cursor": ".cursor/hooks.json", "codex": ".codex/hooks.json",
         "gemini": ".gemini/settings.json", "copilot": ".github/hooks/kguard.json"}
NAMES = {"claude-code": "Claude Code", "cursor": "Cursor", "codex": "Codex", "gemini": "Gemini CLI",
         "copilot": "Copilot"}


def _write_payload(harness: str, repo: Path) -> tuple[str, dict[str, Any]]:
    target = str(repo / "AGENTS.md")
    if harness == "claude-code":
        return "PreToolUse", payload(repo, "PreToolUse", tool_name="Write", tool_use_id="toolu_1",
                                     tool_input={"file_path": target, "content": "x\n"})
    if harness == "cursor":
        return "preToolUse", cursor(repo, "preToolUse", tool_name="Write",
                                    tool_input={"file_path": target, "content": "x\n"})
    if harness == "codex":
        patch = "*** Begin Patch\n*** Update File: AGENTS.md\n@@\n+x\n*** End Patch\n"
        return "PreToolUse", codex(repo, "PreToolUse", tool_name="apply_patch", tool_use_id="call_1",
                                   tool_input={"command": patch})
    if harness == "gemini":
        return "BeforeTool", gemini(repo, "BeforeTool", tool_name="write_file",
                                    tool_input={"file_path": target, "content": "x\n"})
    return "preToolUse", copilot(repo, "create", {"path": target, "file_text": "x\n"})


def _entry(repo: Path, harness: str, event: str) -> dict[str, Any]:
    items = json.loads((repo / FILES[harness]).read_text())["hooks"][event]
    mine = [i for i in items if "kguard" in json.dumps(i)][0]
    return mine["hooks"][0] if "hooks" in mine else mine


@pytest.fixture(scope="module")
def throwaway(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A venv of its own that sees this kguard (its site-packages added by a .pth line); deleted later."""
    venv = tmp_path_factory.mktemp("gone") / "venv"
    subprocess.run([sys.executable, "-m", "venv", "--without-pip", str(venv)], check=True)
    site = next((venv / "lib").glob("python*/site-packages"))
    (site / "kguard_here.pth").write_text(f"import site; site.addsitedir({sysconfig.get_paths()['purelib']!r})\n")
    return venv


@pytest.mark.parametrize("harness", sorted(FILES))
def test_installed_command_blocks_a_write_when_its_interpreter_is_gone(tmp_path: Path, throwaway: Path,
                                                                      harness: str) -> None:
    repo = init_repo(tmp_path / "repo", {"AGENTS.md": CLEAN})
    assert run_kguard("snapshot", cwd=repo).returncode == 0
    venv = tmp_path / "venv"
    shutil.copytree(throwaway, venv, symlinks=True)
    python = venv / "bin" / "python"
    flag = f"--{harness}"
    installed = subprocess.run([str(python), "-P", "-m", "hooks", "hooks", "install", flag], cwd=repo,
                               capture_output=True, text=True)
    assert installed.returncode == 0, installed.stderr
    event, data = _write_payload(harness, repo)
    entry = _entry(repo, harness, event)
    command = entry.get("command") or entry["bash"]
    assert str(python) in command
    env = {**os.environ, "PATH": "/usr/bin:/bin"}  # no `kguard` to fall back on
    works = subprocess.run(["sh", "-c", command], cwd=repo, input=json.dumps(data), capture_output=True,
                           text=True, env=env)
    assert works.returncode in (0, 2) and "could not run" not in works.stderr, works.stderr  # it ran
    shutil.rmtree(venv)
    blocked = subprocess.run(["sh", "-c", command], cwd=repo, input=json.dumps(data), capture_output=True,
                             text=True, env=env)
    line = (f"kguard: the {NAMES[harness]} hook could not run (exit 1; neither {python} nor `kguard` on PATH "
            f"works): reinstall it with `kguard hooks install {flag}`")
    assert blocked.stderr == line + "\n"
    if harness == "copilot":  # Copilot skips a hook that exits non-zero: the deny is on stdout, exit 0
        assert (blocked.returncode, json.loads(blocked.stdout)) == (
            0, {"permissionDecision": "deny", "permissionDecisionReason": line})
    else:
        assert (blocked.returncode, blocked.stdout) == (2, "")
    assert (repo / "AGENTS.md").read_text() == CLEAN
    if harness == "cursor":
        assert entry["failClosed"] is True


# harness -> (an event that is not before a tool, its payload): exit 2 there would break the agent's loop
AFTER_EVENTS = {
    "claude-code": ("Stop", lambda repo: payload(repo, "Stop", stop_hook_active=False)),
    "cursor": ("afterShellExecution", lambda repo: cursor(repo, "afterShellExecution", command="ls", output="")),
    "codex": ("PostToolUse", lambda repo: codex(repo, "PostToolUse", tool_name="Bash", tool_use_id="c",
                                                tool_input={"command": "ls"}, tool_response="")),
    "gemini": ("AfterTool", lambda repo: gemini(repo, "AfterTool", tool_name="run_shell_command",
                                                tool_input={"command": "ls"}, tool_response={"llmContent": ""})),
    "copilot": ("postToolUse", lambda repo: copilot(repo, "bash", {"command": "ls"})),
}


@pytest.mark.parametrize("harness", sorted(FILES))
def test_a_missing_kguard_fails_open_after_a_tool_and_says_it_once(tmp_path: Path, throwaway: Path,
                                                                   harness: str) -> None:
    """Claude Code's Stop would keep the agent from stopping on exit 2, UserPromptSubmit would erase the
    prompt, Gemini's AfterTool would replace the tool's result: only before-events fail closed."""
    repo = init_repo(tmp_path / "repo", {"AGENTS.md": CLEAN})
    venv = tmp_path / "venv"
    shutil.copytree(throwaway, venv, symlinks=True)
    python = venv / "bin" / "python"
    flag = f"--{harness}"
    installed = subprocess.run([str(python), "-P", "-m", "hooks", "hooks", "install", flag], cwd=repo,
                               capture_output=True, text=True)
    assert installed.returncode == 0, installed.stderr
    event, make = AFTER_EVENTS[harness]
    command = _entry(repo, harness, event).get("command") or _entry(repo, harness, event)["bash"]
    shutil.rmtree(venv)
    temp = tmp_path / "tmp"
    temp.mkdir()
    env = {**os.environ, "PATH": "/usr/bin:/bin", "TMPDIR": str(temp)}
    line = (f"kguard: the {NAMES[harness]} hook could not run (exit 1; neither {python} nor `kguard` on PATH "
            f"works): reinstall it with `kguard hooks install {flag}`")
    runs = [subprocess.run(["sh", "-c", command], cwd=repo, input=json.dumps(make(repo)), capture_output=True,
                           text=True, env=env) for _ in range(3)]
    assert [r.returncode for r in runs] == [0, 0, 0]
    assert runs[0].stderr == line + "\n" and runs[1].stderr == runs[2].stderr == ""  # said once
    shown = {"systemMessage": line} if harness in ("claude-code", "codex", "gemini") else None
    assert (json.loads(runs[0].stdout) if runs[0].stdout else None) == shown
    assert runs[1].stdout == runs[2].stdout == ""
    if harness == "claude-code":  # UserPromptSubmit and InstructionsLoaded too; PreToolUse still blocks
        for other in ("UserPromptSubmit", "InstructionsLoaded", "SessionStart", "PostToolUse"):
            entry = _entry(repo, harness, other)["command"]
            assert subprocess.run(["sh", "-c", entry], cwd=repo, input=b"{}", capture_output=True,
                                  env=env).returncode == 0, other
    before, data = _write_payload(harness, repo)
    entry = _entry(repo, harness, before)
    blocked = subprocess.run(["sh", "-c", entry.get("command") or entry["bash"]], cwd=repo,
                             input=json.dumps(data), capture_output=True, text=True, env=env)
    assert blocked.stderr == line + "\n" and blocked.returncode == (0 if harness == "copilot" else 2)
