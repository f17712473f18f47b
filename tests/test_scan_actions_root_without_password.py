"""A sudoers rule that gives every command as root with no password: an error asked in prose (any language), a
warning shown in a code block, no finding where the file forbids it."""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.helpers import init_repo, run_kguard
from tests.test_scan_actions import act, no_project  # noqa: F401 (no_project: the autouse fixture, shared)

EN = "- If a command needs root, add `daniel ALL=(ALL) NOPASSWD:ALL` to `/etc/sudoers.d/daniel` once.\n"
DE = "- Falls ein Befehl root braucht, trage `ci ALL=(ALL:ALL) NOPASSWD: ALL` in `/etc/sudoers.d/ci` ein.\n"
SHOWN = "# Runner setup\n\n```\nrunner ALL=(ALL) NOPASSWD:ALL\n```\n"
FORBIDDEN = "- Never add `NOPASSWD:ALL` rules such as `me ALL=(ALL) NOPASSWD:ALL` to sudoers.\n"


@pytest.mark.parametrize("text", [EN, DE], ids=["en", "de"])
def test_root_without_a_password_asked_in_prose_is_an_error(text: str) -> None:
    assert ("ACT009", "error") in act(text)


@pytest.mark.parametrize("text", [SHOWN, FORBIDDEN], ids=["shown", "forbidden"])
def test_a_shown_or_forbidden_rule_is_no_error(text: str) -> None:
    assert ("ACT009", "error") not in act(text)


def test_kguard_scan_reports_root_without_a_password(tmp_path: Path) -> None:
    repo = init_repo(tmp_path / "repo", {"AGENTS.md": EN, "CLAUDE.md": FORBIDDEN})
    scan = run_kguard("scan", "AGENTS.md", "CLAUDE.md", "--select", "ACT", "--format", "json", cwd=repo)
    found = {(f["path"], f["id"], f["severity"]) for f in json.loads(scan.stdout)["findings"]}
    assert ("AGENTS.md", "ACT009", "error") in found and scan.returncode == 1, scan.stdout + scan.stderr
    assert not any(f[0] == "CLAUDE.md" and f[2] == "error" for f in found), found
