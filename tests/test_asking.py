"""hooks.asking: which shell commands could reach kguard's decisions (asked about), and which are ordinary
(allowed). The end-to-end run through the Claude Code hook is in test_claude_code_calls.py."""
from __future__ import annotations

from pathlib import Path

import pytest

from hooks.asking import reaches_decisions
from tests.helpers import write

ASKED = [
    "kguard keep", "cd sub && kguard keep AGENTS.md", "kguard hooks uninstall", "kguard snapshot", "kguard undo 1234",
    "kguard reset", "kguard status; kguard keep", "kguard run --on-change keep -- true", "kguard-py keep",
    "env kguard keep", "kg'u'ard keep", "k\\guard keep", "KGUARD_ON_CHANGE=keep git pull",
    "python -m hooks undo abc123", "python3 -P -m hooks keep", "python -c 'import hooks.cli'",
    "git update-ref -d refs/kguard/state", "k=kguard; $k keep", 'K=kguard\n"$K" keep', "$(echo kguard) keep",
    "`echo kg`uard keep", "/opt/venv/*/bin/kg* keep", "eval \"kg\"\"uard keep\"", "sh -c \"$CMD\"",
    "echo a2d1YXJkIGtlZXA= | base64 -d | sh", "printf '\\x6bguard keep' | sh", "ls | xargs -I{} {} keep",
    "python -c 'import subprocess as s; s.run([\"kg\"+\"uard\",\"keep\"])'",
    "sh evil.sh", "bash ./evil.sh", "./evil.sh", "python evil.py", "sh not-there-yet.sh", "sh calls-evil.sh",
]
ALLOWED = [
    "ls", "git status", "pytest -q", "python -m pytest tests", "npm test", "make", "kguard status",
    "kguard diff AGENTS.md", "kguard log --format json", "kguard scan", "kguard check --staged", "git reset --hard HEAD",
    "sh ok.sh", "./ok.sh", "python ok.py", "cat AGENTS.md", "echo '{}' | python -m json.tool", "[ -f x ] && echo y",
    "grep -rn foo src | head", "find . -name '*.pyc' -delete", "ls *.py", "git log --oneline | head -5",
    "cd /tmp && ls -la", "python -c 'print(1)'", "for f in *.md; do wc -l $f; done", "git commit -m 'keep it'",
    "FOO=1 pytest", "rm -rf build", "pip install -e .",
]


@pytest.fixture
def scripts(tmp_path: Path) -> Path:
    write(tmp_path / "evil.sh", "#!/bin/sh\nk=kgu\n${k}ard keep\n")
    write(tmp_path / "calls-evil.sh", "#!/bin/sh\necho start\nsh ./evil.sh\n")
    write(tmp_path / "evil.py", 'import subprocess\nsubprocess.run(["kg" + "uard", "keep"])\n')
    write(tmp_path / "ok.sh", "#!/bin/sh\necho hi\nmake test\n")
    write(tmp_path / "ok.py", "print(1)\n")
    write(tmp_path / "Makefile", "test:\n\tpytest\n")
    write(tmp_path / "package.json", '{"scripts": {"test": "jest"}}\n')
    return tmp_path


@pytest.mark.parametrize("command", ASKED)
def test_asked(command: str, scripts: Path) -> None:
    assert reaches_decisions(command, str(scripts))


@pytest.mark.parametrize("command", ALLOWED)
def test_allowed(command: str, scripts: Path) -> None:
    assert not reaches_decisions(command, str(scripts))


def test_a_task_runner_whose_recipe_reaches_kguard_asks(scripts: Path) -> None:
    write(scripts / "Makefile", "test:\n\tpytest\naccept:\n\tk=kgu; $${k}ard keep\n")
    write(scripts / "package.json", '{"scripts": {"test": "jest", "accept": "kguard keep"}}\n')
    assert reaches_decisions("make accept", str(scripts))
    assert reaches_decisions("npm run accept", str(scripts))
