"""Pairs of names within edit distance 2, through an index of their halves, not by comparing all pairs.

If two names are within two edits, cut the first in half: the edits split between the halves, so either its
first half starts the second name unchanged, or its second half is within ONE edit of the second name's end
(of the same length, give or take that edit). Two strings within one edit share a one-deletion variant (a
substitution is a deletion on each side; an insertion, one on the other). So each name is indexed by its
first half and by the one-deletion variants of its second half (about half its length in keys), and looks
up its own beginnings and the variants of its own endings that could be such halves (the other name's
length is within two of its own). Only names that meet there are compared (within_two).
Symmetric deletion of whole names (two deletions each, ~L²/2 keys a name) found the same pairs 4 times
slower on 10,000 names of 20 letters.

Bounded whatever the names: a key shared by more than CROWD names is crowded and no longer looked at (names
this alike meet through their other keys), a name is compared with at most CROWD earlier names, and the
search stops once `most` pairs are found. Names this alike (`rule0` ... `rule9999`: most pairs within two
edits) would otherwise be quadratic in work and in output. With no key crowded, the pairs are exactly those
of all pairs."""
from __future__ import annotations

from collections.abc import Sequence

BOUND = 2  # the edit distance this module answers for; the halving argument needs it to be 2
CROWD = 48  # names a key holds before it is crowded, and earlier names one name is compared with


def _near(part: str) -> set[str]:
    """`part` and `part` with one character deleted."""
    found = {part[:i] + part[i + 1:] for i in range(len(part))}
    found.add(part)
    return found


def _common_prefix(a: str, b: str) -> int:
    low, high = 0, min(len(a), len(b))
    while low < high:  # by halving: slices compare in C
        middle = (low + high + 1) // 2
        if a[:middle] == b[:middle]:
            low = middle
        else:
            high = middle - 1
    return low


_ENDS = ((1, 1), (1, 0), (0, 1))  # letters an edit takes from each name: substitution, deletion, insertion
# by the difference of the lengths: the (front a, front b, back a, back b) letters the two edits can take
_FRONT_AND_BACK = {d: [(fa, fb, ba, bb) for fa, fb in _ENDS for ba, bb in _ENDS if fa + ba - fb - bb == d]
                   for d in range(-BOUND, BOUND + 1)}


def within_two(a: str, b: str) -> bool:
    """Levenshtein distance of a and b at most 2. The shared ends stripped (they do not change the
    distance), the first letters differ and so do the last: an alignment of two edits or less has one edit
    at the front and one at the back with the middle equal, or is one edit of a letter or two. So at most
    three slice comparisons in C decide it, where a banded table in Python took 4 times as long (names that meet
    in the index but are not near are the common case)."""
    if abs(len(a) - len(b)) > BOUND:
        return False
    start = _common_prefix(a, b)
    a, b = a[start:], b[start:]
    end = _common_prefix(a[::-1], b[::-1])
    size_a, size_b = len(a) - end, len(b) - end
    a, b = a[:size_a], b[:size_b]
    if not a or not b or (size_a == 1 and size_b == 1):
        return size_a + size_b <= BOUND
    for front_a, front_b, back_a, back_b in _FRONT_AND_BACK[size_a - size_b]:
        if a[front_a:size_a - back_a] == b[front_b:size_b - back_b] and size_a >= front_a + back_a:
            return True
    return False


def pairs_within_two(names: Sequence[str], min_length: int, most: int | None = None) -> set[tuple[int, int]]:
    """(i, j), i < j, for the names at least `min_length` long within edit distance 2 of each other; at most
    `most` of them (those of the first names j), each name compared with at most CROWD earlier ones."""
    by_head: dict[str, list[int]] = {}
    by_tail: dict[str, list[int]] = {}  # keyed by the one-deletion variants of second halves
    pairs: set[tuple[int, int]] = set()
    for j, name in enumerate(names):
        size = len(name)
        if size < min_length:
            continue
        heads: set[str] = set()
        tails: set[int] = set()
        for other in range(max(min_length, size - BOUND), size + BOUND + 1):  # the other name's length
            half, rest = other // 2, other - other // 2  # the lengths of its halves
            heads.add(name[:half])
            tails.update(range(max(0, rest - 1), min(size, rest + 1) + 1))
        variants = {v for tail in tails for v in _near(name[size - tail:])}
        hits = [hit for hit in map(by_head.get, heads) if hit and len(hit) <= CROWD]
        hits += [hit for hit in map(by_tail.get, variants) if hit and len(hit) <= CROWD]
        if hits:
            candidates = sorted(set().union(*hits))[:CROWD]
            pairs.update((i, j) for i in candidates if within_two(names[i], name))
            if most is not None and len(pairs) >= most:
                return set(sorted(pairs, key=lambda pair: (pair[1], pair[0]))[:most])
        half = size // 2
        _add(by_head, name[:half], j)
        for variant in _near(name[half:]):
            _add(by_tail, variant, j)
    return pairs


def _add(index: dict[str, list[int]], key: str, j: int) -> None:
    kept = index.setdefault(key, [])
    if len(kept) <= CROWD:  # one more than CROWD marks a crowded key: no longer looked at
        kept.append(j)
