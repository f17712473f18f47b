"""The index of halves finds exactly the pairs within two edits that comparing all pairs finds, on long
names over tiny alphabets (where near-misses are everywhere) as well as short ones."""
from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from rules_engine.hints import distance
from rules_engine.names_near import CROWD, pairs_within_two, within_two

NAMES = st.lists(st.text(alphabet="ab", min_size=0, max_size=16) | st.text(alphabet="abcxyz", max_size=24),
                 min_size=2, max_size=30)


@settings(max_examples=300, deadline=None)
@given(NAMES)
def test_pairs_are_those_of_all_pairs(names: list[str]) -> None:
    expected = {(i, j) for j in range(len(names)) for i in range(j)
                if min(len(names[i]), len(names[j])) >= 5 and distance(names[i], names[j]) <= 2}
    assert pairs_within_two(names, 5) == expected


def test_pairs_on_random_lists_with_many_near_misses() -> None:
    rng = random.Random(11)
    for _ in range(600):
        alphabet = rng.choice(["ab", "abc", "abcdefgh"])
        names = ["".join(rng.choice(alphabet) for _ in range(rng.randint(0, 14))) for _ in range(rng.randint(2, 30))]
        expected = {(i, j) for j in range(len(names)) for i in range(j)
                    if min(len(names[i]), len(names[j])) >= 5 and distance(names[i], names[j]) <= 2}
        assert pairs_within_two(names, 5) == expected, names


@settings(max_examples=500, deadline=None)
@given(st.text(alphabet="abc", max_size=20), st.text(alphabet="abc", max_size=20))
def test_within_two_is_the_distance_bound(a: str, b: str) -> None:
    assert within_two(a, b) == (distance(a, b) <= 2)


def test_edits_at_both_ends_and_in_the_middle() -> None:
    assert within_two("python-style", "xpython-stylex")
    assert within_two("commitmessages", "comitmesages")
    assert not within_two("commitmessages", "comitmesage")
    assert pairs_within_two(["sqlitewriter", "deploy", "sqlitewritter", "sqlwriter"], 5) == {(0, 2)}


def test_near_identical_names_give_at_most_the_pairs_asked_for_and_the_first_ones() -> None:
    names = [f"rule{n}" for n in range(2000)]  # most pairs within two edits
    first = pairs_within_two(names, 5, most=100)
    assert len(first) == 100
    latest = max(j for _, j in first)
    assert all(within_two(names[i], names[j]) for i, j in first)
    every = pairs_within_two(names[:latest], 5)
    assert every <= first  # every pair before the last name reached is among them


def test_a_name_is_compared_with_a_bounded_number_of_others() -> None:
    names = [f"rule{n}" for n in range(3000)]
    assert len(pairs_within_two(names, 5)) <= CROWD * len(names)
    assert max(sum(1 for _, j in pairs_within_two(names, 5) if j == k) for k in range(0, 3000, 300)) <= CROWD
