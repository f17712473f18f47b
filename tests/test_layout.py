from __future__ import annotations

import pytest

from rules_engine.layout import HOME, PROJECT, TABLE, glob_match, locate, where


@pytest.mark.parametrize(
    ("kind", "reader", "scope", "pattern"),
    [
        ("fact", "you", "home", ".snotra/memory.md"),
        ("rule", "you", "home", ".snotra/rules/*.md"),
        ("procedure", "you", "home", ".snotra/skills/*/SKILL.md"),
        ("fact", "this-tool", "project", ".agents/memory.md"),
        ("rule", "this-tool", "project", ".agents/rules/*.md"),
        ("procedure", "this-tool", "project", ".agents/skills/*/SKILL.md"),
        ("fact", "every-tool", "project", "AGENTS.md"),
        ("rule", "every-tool", "project", "AGENTS.md"),
        ("procedure", "every-tool", "project", "AGENTS.md"),
    ],
)
def test_each_kind_and_reader_has_exactly_one_place(kind: str, reader: str, scope: str, pattern: str) -> None:
    location = where(kind, reader)  # type: ignore[arg-type]
    assert (location.scope, location.pattern, location.read_only) == (scope, pattern, False)


def test_table_is_complete() -> None:
    assert len(TABLE) == 9


def test_other_tools_rules_are_read_only() -> None:
    location = locate(".agents/rules/x.md", HOME)
    assert location is not None and location.read_only and location.kind == "rule"
    assert not any(loc.read_only for loc in TABLE.values())


@pytest.mark.parametrize(
    ("rel", "kind"),
    [(".cursor/rules/a/b.mdc", "rule"), (".claude/rules/x.md", "rule"), (".claude/rules/sub/x.md", "rule"),
     (".claude/skills/rel/SKILL.md", "procedure"), ("pkg/AGENTS.md", "instructions")],
)
def test_other_tools_formats_are_found(rel: str, kind: str) -> None:
    location = locate(rel, PROJECT)
    assert location is not None and location.kind == kind


def test_glob() -> None:
    assert glob_match("**/AGENTS.md", "a/b/AGENTS.md") and glob_match("**/AGENTS.md", "AGENTS.md")
    assert not glob_match(".agents/rules/*.md", ".agents/rules/sub/x.md")
