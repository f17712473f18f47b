from __future__ import annotations

from rules_engine.models import Rule
from rules_engine.parse import parse_rule
from rules_engine.promotion_criteria import promoted_text, rule_lines, text_drifted


def _rule(body: str) -> Rule:
    return parse_rule(".agents/rules/r.md", f"---\ndescription: Keep it short\n---\n{body}\n".encode())


def test_promoted_text_is_the_first_two_body_lines_without_bullets() -> None:
    rule = _rule("- Use tabs.\n\n- Never spaces.\n<!-- a comment -->\n- Third.")
    assert rule_lines(rule) == ["Use tabs.", "Never spaces.", "Third."]
    assert promoted_text(rule) == "Use tabs.\nNever spaces."
    assert promoted_text(_rule("")) == "Keep it short"


def test_text_drifted_ignores_whitespace_and_case_only() -> None:
    rule = _rule("Use tabs.\nNever spaces.")
    assert not text_drifted("use  TABS.\nnever spaces.", rule)
    assert not text_drifted("Use tabs. Never spaces.", rule)
    assert text_drifted("Use tabs.", rule)
