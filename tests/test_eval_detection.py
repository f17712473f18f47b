"""bench/eval_detection.py: the development set's own cases parse, attacks are scanned in two places, and the
table renders LOSO figures only for sources never looked at."""
from __future__ import annotations

import sys
from pathlib import Path

BENCH = Path(__file__).resolve().parent.parent / "bench"
sys.path.insert(0, str(BENCH))

import eval_detection  # noqa: E402
import eval_sources  # noqa: E402


def test_own_cases_parse_into_headed_blocks() -> None:
    attacks = [case for case in eval_sources.own() if case.attack]
    benign = [case for case in eval_sources.own() if not case.attack]
    assert len(attacks) >= 80 and len(benign) >= 20
    assert all(case.text.strip() and " " in case.name for case in attacks)


def test_attacks_are_placed_as_agents_md_and_memory_benign_files_keep_their_name() -> None:
    attack = eval_sources.Case("own", True, "x", "text\n")
    benign = eval_sources.Case("corpus", False, "y", "text\n", "repo__CLAUDE.md")
    assert [p for p, _ in eval_detection.placements(attack)] == ["AGENTS.md", ".claude/memory/project_notes.md"]
    assert eval_detection.placements(benign) == [("repo__CLAUDE.md", "text\n")]


def test_looked_sources_get_no_loso_figure() -> None:
    table = {"a": {"attack": 2, "attack_error": 1, "attack_any": 2}, "b": {"attack": 4, "attack_error": 4,
                                                                         "attack_any": 4}}
    rows = eval_detection.render(table, {"a"}).splitlines()
    row_a = next(r for r in rows if r.startswith("a "))
    row_b = next(r for r in rows if r.startswith("b "))
    assert "looked" in row_a and "50.0%" in row_a
    assert row_b.count("100.0%") == 4 and "blind" in row_b
