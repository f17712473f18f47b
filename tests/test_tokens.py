from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from rules_engine.tokens import estimate


def test_documented_examples() -> None:
    assert [estimate(w) for w in ("the", "tokens", "internationalization")] == [1, 1, 4]
    assert estimate("12345") == 2
    assert estimate("中文字符") == 4
    assert estimate("Hello, world!\n") == 5
    assert estimate("") == 0 and estimate("   \t ") == 0


@given(st.text(), st.text())
def test_additive_over_lines(a: str, b: str) -> None:
    """No token spans a line break, so AGENTS.md can be shortened by whole lines with exact savings."""
    assert estimate(a + "\n" + b) == estimate(a) + 1 + estimate(b)
