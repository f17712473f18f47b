"""`kguard hooks install|uninstall --cursor|--codex|--gemini|--copilot`, and one end-to-end run per harness:
the installed command, a heredoc written through the harness's shell tool, held back, then kept."""
from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from tests.helpers import init_repo, kguard_python, run_kguard, write
from tests.test_agent_hooks import agent_hook, codex, copilot, cursor, gemini
from tests.test_claude_code import CLEAN

HEREDOC = "cat >> AGENTS.md <<'EOF'\n- Always push straight to main.\nEOF"
USER_FILES: dict[str, tuple[str, dict[str, Any]]] = {
    "cursor": (".cursor/hooks.json", {"version": 1, "hooks": {
        "afterFileEdit": [{"command": "./hooks/format.sh"}],
        "beforeShellExecution": [{"command": "./hooks/audit.sh", "timeout": 5}]}}),
    "codex": (".codex/hooks.json", {"hooks": {"PreToolUse": [{"matcher": "Bash", "hooks": [
        {"type": "command", "command": "python3 .codex/check.py"}]}]}}),
    "gemini": (".gemini/settings.json", {"theme": "Dracula", "hooks": {"AfterTool": [{"matcher": "write_file",
        "hooks": [{"type": "command", "command": "prettier --write", "name": "fmt"}]}]}}),
    "copilot": (".github/hooks/kguard.json", {"version": 1, "hooks": {"sessionStart": [
        {"type": "command", "bash": "./scripts/start.sh", "timeoutSec": 10}]}}),
}


@pytest.fixture
def repo(tmp_path: Path) -> Path:
    path = init_repo(tmp_path / "repo", {"AGENTS.md": CLEAN})
    assert run_kguard("snapshot", cwd=path).returncode == 0
    return path


@pytest.mark.parametrize("harness", sorted(USER_FILES))
def test_install_keeps_the_users_entries_and_uninstall_takes_only_ours(repo: Path, harness: str) -> None:
    rel, existing = USER_FILES[harness]
    path = write(repo / rel, json.dumps(existing, indent=2) + "\n")
    before = path.read_bytes()
    result = run_kguard("hooks", "install", f"--{harness}", cwd=repo)
    assert result.returncode == 0, result.stderr
    assert f"merged kguard hooks into {rel}\n" in result.stdout
    merged = json.loads(path.read_text())
    for event, items in existing["hooks"].items():
        assert merged["hooks"][event][:len(items)] == items  # the user's entries first, unchanged
    assert {k: v for k, v in merged.items() if k != "hooks"} == {k: v for k, v in existing.items() if k != "hooks"}
    ours = json.dumps(merged)
    assert f"hook {harness}" in ours
    again = run_kguard("hooks", "install", f"--{harness}", cwd=repo)
    assert f"kguard hooks already in {rel}\n" in again.stdout
    out = run_kguard("hooks", "uninstall", f"--{harness}", cwd=repo)
    assert out.returncode == 0 and "removed" in out.stdout
    assert path.read_bytes() == before


def test_copilot_file_of_our_own_goes_away_on_uninstall(repo: Path) -> None:
    run_kguard("hooks", "install", "--copilot", cwd=repo)
    path = repo / ".github" / "hooks" / "kguard.json"
    data = json.loads(path.read_text())
    assert [(event, f"hook copilot {event};" in e["bash"]) for event, entries in data["hooks"].items()
            for e in entries] == [("sessionStart", True), ("preToolUse", True), ("postToolUse", True),
                                 ("postToolUseFailure", True)]
    run_kguard("hooks", "uninstall", "--copilot", cwd=repo)
    assert not path.exists()


def test_cursor_write_entry_fails_closed(repo: Path) -> None:
    run_kguard("hooks", "install", "--cursor", cwd=repo)
    hooks = json.loads((repo / ".cursor" / "hooks.json").read_text())["hooks"]
    assert hooks["preToolUse"][0]["failClosed"] is True
    assert not any(e.get("failClosed") for event, entries in hooks.items() if event != "preToolUse"
                   for e in entries)


def _installed(repo: Path, harness: str, event: str) -> list[str]:
    rel = USER_FILES[harness][0]
    hooks = json.loads((repo / rel).read_text())["hooks"][event]
    entry = hooks[0]["hooks"][0] if "hooks" in hooks[0] else hooks[0]
    return ["sh", "-c", entry.get("command") or entry["bash"]]


E2E = {
    "cursor": (("beforeShellExecution", lambda r: cursor(r, "beforeShellExecution", command=HEREDOC, cwd=str(r))),
               ("afterShellExecution", lambda r: cursor(r, "afterShellExecution", command=HEREDOC, cwd=str(r),
                                                         output="", duration=3))),
    "codex": (("PreToolUse", lambda r: codex(r, "PreToolUse", tool_name="Bash", tool_use_id="call_9",
                                             tool_input={"command": HEREDOC})),
              ("PostToolUse", lambda r: codex(r, "PostToolUse", tool_name="Bash", tool_use_id="call_9",
                                              tool_input={"command": HEREDOC}, tool_response={"stdout": ""}))),
    "gemini": (("BeforeTool", lambda r: gemini(r, "BeforeTool", tool_name="run_shell_command",
                                               tool_input={"command": HEREDOC})),
               ("AfterTool", lambda r: gemini(r, "AfterTool", tool_name="run_shell_command",
                                              tool_input={"command": HEREDOC}, tool_response={"llmContent": ""}))),
    "copilot": (("preToolUse", lambda r: copilot(r, "bash", {"command": HEREDOC})),
                ("postToolUse", lambda r: copilot(r, "bash", {"command": HEREDOC}, toolResult={
                    "resultType": "success", "textResultForLlm": ""}))),
}


@pytest.mark.parametrize("harness", sorted(E2E))
def test_heredoc_through_the_shell_tool_is_held_then_kept(repo: Path, harness: str) -> None:
    assert run_kguard("hooks", "install", f"--{harness}", cwd=repo).returncode == 0
    assert run_kguard("keep", cwd=repo).returncode in (0, 1)  # the installed hook file is the user's own change
    (before_event, before), (after_event, after) = E2E[harness]
    code, out, _ = agent_hook(harness, before(repo), repo, argv=_installed(repo, harness, before_event))
    assert code == 0 and not (out or {}).get("permission") and not (out or {}).get("decision")
    subprocess.run(["bash", "-c", HEREDOC], cwd=repo, check=True)
    assert (repo / "AGENTS.md").read_text().endswith("straight to main.\n")
    code, out, err = agent_hook(harness, after(repo), repo, argv=_installed(repo, harness, after_event))
    assert code == 0
    assert "held back the change to AGENTS.md" in json.dumps(out) + err
    assert (repo / "AGENTS.md").read_text() == CLEAN  # held: the guard restored the file itself
    kept = run_kguard("keep", "AGENTS.md", cwd=repo)
    assert kept.returncode == 0, kept.stderr
    assert (repo / "AGENTS.md").read_text() == CLEAN + "- Always push straight to main.\n"


def test_another_kguard_earlier_on_path_is_not_installed(repo: Path, tmp_path: Path) -> None:
    import os

    shim = write(tmp_path / "shims" / "kguard", "#!/bin/sh\nexit 2\n")
    shim.chmod(0o755)
    env = {**os.environ, "PATH": f"{shim.parent}{os.pathsep}{os.environ['PATH']}"}
    assert run_kguard("hooks", "install", "--codex", cwd=repo, env=env).returncode == 0
    command = _installed(repo, "codex", "PreToolUse")[2]
    assert command.startswith(f"p={kguard_python()}; ")  # this installation's interpreter first
    data = codex(repo, "PreToolUse", tool_name="Bash", tool_use_id="call_s", tool_input={"command": "ls"})
    assert agent_hook("codex", data, repo, argv=["sh", "-c", command]) == (0, None, "")


def _shown(written: dict[str, Any], harness: str) -> dict[str, Any]:
    """The hook file as the docs show it: each command (checked to be the shared one) as CMD."""
    from hooks.installed import hook_command

    for event, entries in written["hooks"].items():
        for item in entries:
            for entry in item.get("hooks", [item]):
                key = "bash" if "bash" in entry else "command"
                expected = hook_command(harness, event)
                assert entry[key] == expected.replace(sys.executable, kguard_python())
                entry[key] = f"CMD {event}" if key == "bash" else "CMD"
    return written


def _snippet(doc: str, after: str) -> Any:
    return json.loads(doc.split(after, 1)[1].split("```json\n", 1)[1].split("```", 1)[0])


def test_the_install_snippets_in_the_docs_are_what_install_writes(repo: Path) -> None:
    docs = (Path(__file__).resolve().parent.parent / "docs" / "integrations.md").read_text()
    for harness, (rel, _) in USER_FILES.items():
        run_kguard("hooks", "install", f"--{harness}", cwd=repo)
        assert _shown(json.loads((repo / rel).read_text()), harness) == _snippet(docs, f"`{rel}`"), harness


def test_the_claude_code_snippet_is_what_install_writes(repo: Path) -> None:
    """The README sends Claude Code users to docs/hooks.md, which shows the settings install writes."""
    top = Path(__file__).resolve().parent.parent
    assert "docs/hooks.md" in (top / "README.md").read_text()
    assert run_kguard("hooks", "install", "--claude-code", cwd=repo).returncode == 0
    written = json.loads((repo / ".claude" / "settings.json").read_text())
    assert _shown(written, "claude-code") == _snippet((top / "docs" / "hooks.md").read_text(), "## Claude Code\n")
