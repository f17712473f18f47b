"""guard.scan.lazyre: a pattern compiled on first use behaves as the compiled one."""
from __future__ import annotations

import re
from functools import lru_cache

from guard.scan.lazyre import LazyPattern, compiled, lazy

SOURCE = r"\b(?P<verb>ignore|disregard)\s+(?:all\s+)?previous\b"
TEXT = "Please IGNORE all previous notes; disregard previous ones too."


def test_not_compiled_until_used_then_once() -> None:
    pattern = lazy(SOURCE, re.I)
    assert pattern._compiled is None and pattern.pattern == SOURCE and pattern.flags & re.I
    first = pattern.compile()
    assert pattern.compile() is first


def test_the_same_matches_as_re_compile() -> None:
    eager, pattern = re.compile(SOURCE, re.I), lazy(SOURCE, re.I)
    assert [m.span() for m in pattern.finditer(TEXT)] == [m.span() for m in eager.finditer(TEXT)]
    assert pattern.search(TEXT, 10).group("verb") == eager.search(TEXT, 10).group("verb")
    assert pattern.sub("X", TEXT) == eager.sub("X", TEXT) and pattern.groups == eager.groups == 1
    assert compiled(pattern) is pattern.compile() and compiled(eager) is eager


def test_hash_and_equality_do_not_depend_on_compilation() -> None:
    one, two = lazy(SOURCE, re.I), lazy(SOURCE, re.I)
    key = hash(one)
    one.compile()
    assert hash(one) == key == hash(two) and one == two and one == re.compile(SOURCE, re.I)
    assert one != lazy(SOURCE) and isinstance(one, LazyPattern)

    @lru_cache(maxsize=None)
    def source_of(pattern: LazyPattern) -> str:
        return pattern.pattern

    assert source_of(one) == source_of(two) == SOURCE and source_of.cache_info().hits == 1
