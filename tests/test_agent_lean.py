"""The harness adapters (`kguard hook cursor|codex|gemini|copilot`) answer through Claude Code's fast path:
while nothing changed, an event of an ordinary file or command is decided without site, click, pydantic,
pygit2 or the scanner (the scanner loads only when there is tool output to judge), and each answer is the
one the full path gives (KGUARD_NO_FAST_PATH=1) on the harnesses' documented payloads."""
from __future__ import annotations

import json
import sys
import sysconfig
from pathlib import Path
from typing import Any

import pytest

from tests.helpers import init_repo, write
from tests.test_agent_hooks import INSTRUCTIONS, agent_hook, codex, copilot, cursor, gemini
from tests.test_claude_code import CLEAN
from tests.test_fast_path import warm

# The launcher in a venv (hooks/bin/kguard): -S, the venv's site-packages appended; an exit function lists
# every module loaded (the hook's process ends with os._exit after running the exit functions).
AS_LAUNCHED = ("import atexit, sys; sys.path += {paths!r}; "
               "atexit.register(lambda: print('modules: ' + ' '.join(sorted(sys.modules)), file=sys.stderr)); "
               "from hooks.entry import main; sys.exit(main())")
HEAVY = {"site", "click", "pydantic", "pygit2", "dataclasses", "inspect", "typing", "subprocess"}
# What each event needs beyond Claude Code's fast path: the scanner for tool output; before a write, the
# guard's discovery, which names the target (an ordinary file is answered without opening the repository).
SCAN, NAMES_TARGET = "scan", "names the target"
APP = "print(1)\n"


def as_launched(*args: str) -> list[str]:
    paths = [str(Path(__file__).resolve().parent.parent), sysconfig.get_paths()["purelib"]]
    return [sys.executable, "-S", "-c", AS_LAUNCHED.format(paths=paths), "hook", *args]


def events(repo: Path) -> list[tuple[str, str, dict[str, Any], str, str]]:
    """(harness, event argument, payload, what the agent's tool wrote to src/app.py first, what the event needs
    beyond the fast path) in call order."""
    app = str(repo / "src" / "app.py")
    shell = {"command": "pytest -q", "description": "tests"}
    return [
        ("cursor", "", cursor(repo, "preToolUse", tool_name="StrReplace", tool_input={
            "file_path": app, "old_string": "1", "new_string": "2"}), "", NAMES_TARGET),
        ("cursor", "", cursor(repo, "afterFileEdit", file_path=app,
                              edits=[{"old_string": "print(1)", "new_string": "print(2)"}]), "print(2)\n", ""),
        ("cursor", "", cursor(repo, "beforeShellExecution", command="ls", cwd=str(repo)), "", ""),
        ("cursor", "", cursor(repo, "afterShellExecution", command="ls", cwd=str(repo), output="AGENTS.md\nsrc\n",
                              duration=3), "", SCAN),
        ("codex", "", codex(repo, "PreToolUse", tool_name="Bash", tool_use_id="call_l1",
                            tool_input={"command": "pytest -q"}), "", ""),
        ("codex", "", codex(repo, "PostToolUse", tool_name="Bash", tool_use_id="call_l1",
                            tool_input={"command": "pytest -q"}, tool_response=INSTRUCTIONS), "", SCAN),
        ("gemini", "", gemini(repo, "BeforeTool", tool_name="replace", tool_input={
            "file_path": app, "old_string": "2", "new_string": "3"}), "", NAMES_TARGET),
        ("gemini", "", gemini(repo, "AfterTool", tool_name="replace", tool_input={
            "file_path": app, "old_string": "2", "new_string": "3"},
            tool_response={"llmContent": "Edited src/app.py", "returnDisplay": "ok"}), "print(3)\n", ""),
        ("gemini", "", gemini(repo, "BeforeTool", tool_name="run_shell_command", tool_input=shell), "", ""),
        ("gemini", "", gemini(repo, "AfterTool", tool_name="run_shell_command", tool_input=shell,
                              tool_response={"llmContent": "12 passed", "returnDisplay": ""}), "", SCAN),
        ("copilot", "preToolUse", copilot(repo, "edit", {"path": app, "old_str": "3", "new_str": "4"}), "",
         NAMES_TARGET),
        ("copilot", "postToolUse", copilot(repo, "edit", {"path": app, "old_str": "3", "new_str": "4"},
                                           toolResult={"resultType": "success", "textResultForLlm": "ok"}),
         "print(4)\n", ""),
    ]


def replay(repo: Path) -> list[tuple[int, Any, str, set[str]]]:
    """Each event's answer (exit code, JSON, stderr with the repository's path neutral) and the modules it
    loaded, run as the launcher runs it."""
    answers = []
    for harness, event, data, edit, _ in events(repo):
        if edit:
            write(repo / "src" / "app.py", edit)
        code, out, err = agent_hook(harness, data, repo, event, argv=as_launched(harness, *([event] if event else [])))
        lines = err.splitlines()
        modules = set(lines.pop()[len("modules: "):].split()) if lines and lines[-1].startswith("modules: ") \
            else set()
        neutral = json.loads(json.dumps(out).replace(str(repo), "REPO"))
        answers.append((code, neutral, "\n".join(lines).replace(str(repo), "REPO"), modules))
    return answers


@pytest.fixture
def pair(tmp_path: Path) -> tuple[Path, Path]:
    repos = tuple(init_repo(tmp_path / name, {"AGENTS.md": CLEAN, "src/app.py": APP}) for name in ("a", "b"))
    for repo in repos:
        warm(repo)
    return repos  # type: ignore[return-value]


def test_lean_answers_are_the_full_paths_and_load_nothing_heavy(pair: tuple[Path, Path],
                                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    lean = replay(pair[0])
    monkeypatch.setenv("KGUARD_NO_FAST_PATH", "1")
    full = replay(pair[1])
    assert [answer[:3] for answer in lean] == [answer[:3] for answer in full]
    flagged = lean[5][1]["hookSpecificOutput"]["additionalContext"]  # the same text both ways (above)
    assert flagged.startswith("kguard: the output of this tool reads like instructions")
    for (harness, _, data, _, needs), (_, _, _, modules), (_, _, _, full_modules) in zip(events(pair[0]), lean,
                                                                                        full):
        what = f"{harness} {data.get('hook_event_name', '')}"
        assert "pygit2" in full_modules, what  # the comparison is with the guard itself
        assert not modules & (HEAVY if needs != NAMES_TARGET else {"site", "click", "pydantic", "pygit2"}), what
        assert ("guard.scan.engine" in modules) == (needs == SCAN), what
    assert (pair[0] / "AGENTS.md").read_text() == CLEAN
    assert not list((pair[0] / ".git" / "kguard" / "active").glob("*.json"))  # every call ended
