"""Config loading: defaults without a file, clear one-line errors for bad files."""
from __future__ import annotations

from pathlib import Path

import pytest

from tests.helpers import init_repo, run_kguard


@pytest.mark.parametrize(
    ("name", "text", "expected"),
    [
        (".kguard.toml", "[knowledge]\nincludes = ['x']\n",
         "kguard: error: {path}: unknown key 'knowledge.includes' (allowed: exclude, home, include)\n"),
        (".kguard.toml", "[guard]\njournal_size = 'many'\n",
         "kguard: error: {path}: bad value for 'guard.journal_size': Input should be a valid integer, "
         "unable to parse string as an integer (got 'many')\n"),
        (".kguard.toml", "[guard\n", "kguard: error: {path}:1: invalid TOML: "),
        ("pyproject.toml", "[project]\nname='x'\n[tool.kguard.guard]\njournal = 5\n",
         "kguard: error: {path}: unknown key 'tool.kguard.guard.journal' (allowed: journal_size)\n"),
    ],
)
def test_malformed_config_is_one_line_and_runs_nothing(tmp_path: Path, name: str, text: str,
                                                        expected: str) -> None:
    repo = init_repo(tmp_path / "repo", {"AGENTS.md": "x\n", name: text})
    result = run_kguard("run", "--", "touch", "ran", cwd=repo)
    assert result.returncode == 2
    assert result.stderr.startswith(expected.format(path=repo / name))
    assert result.stderr.count("\n") == 1
    assert not (repo / "ran").exists()
    assert run_kguard("status", cwd=repo).returncode == 2


def test_include_and_exclude(tmp_path: Path) -> None:
    repo = init_repo(tmp_path / "repo", {
        "AGENTS.md": "x\n", "docs/agent-notes.md": "n\n", "vendor/lib/AGENTS.md": "v\n",
        ".kguard.toml": "[knowledge]\ninclude = ['docs/*.md']\nexclude = ['vendor/**']\n",
    })
    run_kguard("snapshot", cwd=repo)
    result = run_kguard("run", "--", "sh", "-c", "echo y >> docs/agent-notes.md; echo y >> vendor/lib/AGENTS.md",
                        cwd=repo)
    assert result.returncode == 3
    assert "docs/agent-notes.md" in result.stderr
    assert "modified      docs/agent-notes.md" in result.stderr
    assert "modified      vendor" not in result.stderr
    assert (repo / "vendor/lib/AGENTS.md").read_text() == "v\ny\n"


def test_a_command_that_breaks_the_config_is_still_caught(tmp_path: Path) -> None:
    repo = init_repo(tmp_path / "repo", {"AGENTS.md": "x\n", ".kguard.toml": "[guard]\njournal_size = 10\n"})
    run_kguard("snapshot", cwd=repo)
    result = run_kguard("run", "--", "sh", "-c", "echo 'knowledge = 1' > .kguard.toml; echo y >> AGENTS.md",
                        cwd=repo)
    assert result.returncode == 3
    assert "comparing with the settings from before the command" in result.stderr
    assert "modified      .kguard.toml" in result.stderr
    assert (repo / ".kguard.toml").read_text() == "[guard]\njournal_size = 10\n"
    assert (repo / "AGENTS.md").read_text() == "x\n"
