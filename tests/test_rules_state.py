from __future__ import annotations

from pathlib import Path

import pytest

from hooks.promotion.state import decode, load_rules, rule_sources, usage
from rules_engine.block_parse import parse
from rules_engine.errors import KguardError
from rules_engine.settings import PromotionSettings

RULE = b"---\ndescription: d\nalways: true\n---\nNever x.\n"


def test_rule_sources_lists_project_rules_then_store_pages(tmp_path: Path) -> None:
    settings = PromotionSettings()
    for rel in (".agents/rules/b.md", ".agents/rules/a.md", ".agents/rules/notes.txt",
                f"{settings.memory_store}/_rules/a.md"):
        (tmp_path / rel).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / rel).write_bytes(RULE)
    assert [display for display, _ in rule_sources(tmp_path, settings)] == [
        ".agents/rules/a.md", ".agents/rules/b.md", f"{settings.memory_store}/_rules/a.md"]
    assert rule_sources(tmp_path / "missing", settings) == []


def test_load_rules_first_of_a_name_wins_and_errors_are_collected(tmp_path: Path) -> None:
    rules, errors = load_rules([(".agents/rules/a.md", RULE), ("store/_rules/a.md", RULE.replace(b"x", b"y")),
                                (".agents/rules/bad.md", b"\xff"), (".agents/rules/gone.md", tmp_path / "gone.md")])
    assert [(r.name, r.path) for r in rules] == [("a", ".agents/rules/a.md")]
    assert [e.path for e in errors] == [".agents/rules/bad.md", ".agents/rules/gone.md"]
    assert errors[1].message.startswith("cannot read: ")


def test_decode_names_the_byte_and_line() -> None:
    assert decode("é\n".encode(), "AGENTS.md") == "é\n"
    with pytest.raises(KguardError) as caught:
        decode(b"ok\nstill ok\n\xfe", "AGENTS.md")
    assert (caught.value.path, caught.value.line) == ("AGENTS.md", 3)
    assert caught.value.message == "not UTF-8 (byte 0xfe); the managed block cannot be edited"


def test_usage() -> None:
    block = parse("<!-- ai-memory:start -->\n<!-- ai-memory: promoted rules (managed) -->\n"
                  "- Never x. <!-- rule: a; src: a.md; conf: 0.90 -->\n<!-- ai-memory:end -->\n")
    assert usage(block, PromotionSettings(max_promoted=5, max_lines=12)) == "1/5 rules, 1/12 lines"
