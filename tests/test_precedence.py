from __future__ import annotations

from rules_engine.parse import parse_rule
from rules_engine.precedence import Applicable, from_chat, from_rule, glob_specificity, order, specificity


def rule(name: str, front: str, modified: float) -> Applicable:
    return from_rule(parse_rule(f".agents/rules/{name}.md", f"---\n{front}\n---\n- body\n".encode()), modified)


def test_chat_wins_over_every_rule() -> None:
    specific = rule("api", "description: api\nglobs: [src/api/handlers/*.ts]", 200.0)
    chat = from_chat("use spaces here")
    assert order([specific, chat])[0] is chat


def test_more_specific_condition_wins_over_newer() -> None:
    broad = rule("ts", "description: ts\nglobs: ['**/*.ts']", 300.0)
    narrow = rule("api", "description: api\nglobs: [src/api/*.ts]", 100.0)
    described = rule("commits", "description: When you write a commit message", 400.0)
    always = rule("german", "always: true", 500.0)
    assert [a.name for a in order([always, described, broad, narrow])] == ["api", "ts", "commits", "german"]


def test_newer_entry_wins_between_equal_conditions() -> None:
    old = rule("old", "description: a", 100.0)
    new = rule("new", "description: b", 200.0)
    assert [a.name for a in order([old, new])] == ["new", "old"]


def test_ties_are_stable_by_path() -> None:
    a = Applicable("a", "a.md", modified=1.0)
    b = Applicable("b", "b.md", modified=1.0)
    assert order([b, a]) == [a, b]


def test_specificity() -> None:
    assert glob_specificity("**/*.ts") == 3
    assert glob_specificity("src/api/*.ts") == 9
    assert specificity(Applicable("x", "x", always=True)) == (0, 0)
    assert specificity(Applicable("x", "x")) == (1, 0)
