from __future__ import annotations

from rules_engine.block_parse import parse

GOOD = ("<!-- ai-memory:start -->\n<!-- ai-memory: promoted rules (managed) -->\n"
        "- Never x. <!-- rule: a; src: a.md; conf: 0.90 -->\n<!-- ai-memory:end -->\n")


def test_blocking_problem_is_the_first_marker_or_duplicate_problem() -> None:
    assert parse(GOOD).blocking_problem() is None
    no_trailer = GOOD.replace(" <!-- rule: a; src: a.md; conf: 0.90 -->", "")
    assert [p.code for p in parse(no_trailer).problems] == ["BLK003"]
    assert parse(no_trailer).blocking_problem() is None  # a lost trailer does not stop an edit
    twice = GOOD.replace("<!-- ai-memory:end -->", "- Never x. <!-- rule: a; src: a.md; conf: 0.90 -->\n"
                                                  "<!-- ai-memory:end -->")
    problem = parse(twice).blocking_problem()
    assert problem is not None and (problem.code, problem.line, problem.rule) == ("BLK005", 4, "a")
    unclosed = parse(GOOD + "<!-- ai-memory:start -->\n")
    problem = unclosed.blocking_problem()
    assert problem is not None and (problem.code, problem.line) == ("BLK004", 5)
    assert unclosed.broken


def test_rule_lookup() -> None:
    block = parse(GOOD)
    found = block.rule("a")
    assert found is not None and (found.line, found.end_line, found.text) == (3, 3, "Never x.")
    assert block.rule("b") is None
