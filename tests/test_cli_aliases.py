"""`kguard explain` documents the gate's own IDs (BLK, RUL) beside the scanner's."""
from __future__ import annotations

from pathlib import Path

from tests.helpers import run_kguard


def test_explain_a_gate_id(tmp_path: Path) -> None:
    result = run_kguard("explain", "blk001", cwd=tmp_path)
    assert result.returncode == 0
    assert result.stdout.startswith("BLK001 too-many-promoted-rules (default severity: error)\n\n")


def test_listing_has_scanner_and_gate_ids(tmp_path: Path) -> None:
    listing = run_kguard("explain", cwd=tmp_path).stdout
    assert "  INV001  " in listing
    assert "  BLK003  missing-provenance-trailer" in listing
    assert "  RUL001  invalid-rules-file" in listing


def test_unknown_id(tmp_path: Path) -> None:
    result = run_kguard("explain", "NOPE999", cwd=tmp_path)
    assert result.returncode == 2
    assert result.stderr == "kguard: error: unknown detector 'NOPE999' (run `kguard explain` for the list)\n"


def test_rules_budget_is_the_budget_command(tmp_path: Path) -> None:
    (tmp_path / "AGENTS.md").write_text("# Rules\n- Use tabs.\n")
    direct = run_kguard("budget", "--format", "json", cwd=tmp_path)
    alias = run_kguard("rules", "budget", "--format", "json", cwd=tmp_path)
    assert alias.returncode == direct.returncode == 0
    assert alias.stdout == direct.stdout
