"""Hints for facts and rules, from the word lists in rules_engine/words and from counts, never a model.
Pure: ages come in from the caller (git history or mtimes); nothing here changes a file."""
from __future__ import annotations

import math
from collections import Counter, defaultdict
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from rules_engine.conflicts import polarity
from rules_engine.models import Line, Memory, Rule
from rules_engine.names_near import pairs_within_two
from rules_engine.words import lines, matches, normal, words_of


@dataclass(frozen=True)
class Hint:
    id: str
    name: str
    path: str
    line: int | None
    message: str
    action: str
    other_path: str | None = None
    other_line: int | None = None


# id -> (name, action). IDs are stable and never reused.
HINTS: dict[str, tuple[str, str]] = {
    "H001": ("reads-like-rule", "move to rules"),
    "H002": ("reads-like-procedure", "create a skill"),
    "H003": ("reads-like-episode", "remove"),
    "H004": ("sorted-wrongly", "move it where it belongs"),
    "H005": ("duplicate", "remove one of them"),
    "H006": ("old-entry", "check it still holds, or remove"),
    "H007": ("similar-rule-names", "merge the two rules files"),
}


def hint(hid: str, at: Line | tuple[str, int | None], message: str, other: Line | None = None,
         action: str | None = None) -> Hint:
    path, line = (at.path, at.line) if isinstance(at, Line) else at
    name, default = HINTS[hid]
    return Hint(hid, name, path, line, message, action or default,
                other.path if other else None, other.line if other else None)


def classify(text: str) -> str | None:
    """What an entry reads like: 'episode', 'procedure', 'rule', or None for a plain fact."""
    norm = normal(text)
    if matches(norm, lines("episode")):
        return "episode"
    steps = matches(norm, lines("procedure"))
    if any(s.startswith("^") for s in steps) or len(steps) >= 2:
        return "procedure"
    if matches(norm, lines("rule")):
        return "rule"
    return None


def sorted_wrongly(text: str) -> tuple[str, str] | None:
    norm = normal(text)
    for entry in lines("sorted_wrongly"):
        word, _, reads_like = entry.partition("\t")
        if matches(norm, (word,)):
            return word, reads_like
    return None


def fact_hints(entry: Line) -> list[Hint]:
    wrong = sorted_wrongly(entry.text)
    if wrong:
        word, kind = wrong
        action = "move to rules" if kind == "rule" else "remove"
        return [hint("H004", entry, f'a fact with "{word}" in it reads like {_a(kind)}', None, action)]
    kind = classify(entry.text)
    if kind == "rule":
        return [hint("H001", entry, "reads like a rule, not a fact")]
    if kind == "procedure":
        return [hint("H002", entry, "reads like a procedure (steps towards a goal)")]
    if kind == "episode":
        return [hint("H003", entry, "reads like an episode (true once, or only now)")]
    return []


def rule_hints(statement: Line) -> list[Hint]:
    kind = classify(statement.text)
    if kind == "episode":
        return [hint("H003", statement, "a rule that reads like an episode (true once, or only now)")]
    if kind == "procedure":
        return [hint("H002", statement, "a rule that reads like a procedure (steps towards a goal)")]
    return []


def _word_set(text: str) -> frozenset[str]:
    return frozenset(words_of(text))


def shared_ratio(a: str, b: str) -> float:
    """Words two entries share, over the words of the longer one: 1.0 means the same set of words."""
    return _ratio(_word_set(a), _word_set(b))


def _ratio(left: frozenset[str], right: frozenset[str]) -> float:
    if len(left) < 3 or len(right) < 3:
        return 0.0  # too short to call a duplicate
    return len(left & right) / max(len(left), len(right))


def duplicates(entries: Sequence[Line], ratio: float) -> list[Hint]:
    """All pairs at or above `ratio`, by prefix filtering (the All-Pairs similarity join): words are ordered
    rarest first, and two sets that share enough words must share one among the first few of each, so only
    pairs that meet in that index are compared. Linear in practice instead of quadratic."""
    sets = [_word_set(entry.text) for entry in entries]
    freq = Counter(word for words in sets for word in words)
    index: dict[str, list[int]] = defaultdict(list)
    out = []
    for i, words in enumerate(sets):
        if len(words) < 3:
            continue
        ordered = sorted(words, key=lambda w: (freq[w], w))
        prefix = ordered[: len(words) - math.ceil(ratio * len(words) - 1e-9) + 1]
        seen: set[int] = set()
        for word in prefix:
            for j in index[word]:
                if j in seen:
                    continue
                seen.add(j)
                share = _ratio(sets[j], words)
                first, second = entries[j], entries[i]
                if share >= ratio and polarity(first.text)[0] * polarity(second.text)[0] != -1:  # opposites conflict
                    out.append(hint("H005", second, f"shares {round(100 * share)} % of its words with "
                                                    f"{first.path}:{first.line}", first))
            index[word].append(i)
    return out


def distance(a: str, b: str) -> int:
    previous = list(range(len(b) + 1))
    for i, ca in enumerate(a, 1):
        current = [i]
        for j, cb in enumerate(b, 1):
            current.append(min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (ca != cb)))
        previous = current
    return previous[-1]


def _norm_name(name: str) -> str:
    flat = "".join(ch for ch in name.lower() if ch.isalnum())
    return flat[:-1] if flat.endswith("s") else flat


LISTED_SIMILAR = 20  # similar-names hints listed one by one; the rest are counted in one more hint
COUNTED_SIMILAR = 1000  # pairs counted at most: past it, "over N more"


def similar_names(rules: Sequence[Rule], listed: int | None = None) -> list[Hint]:
    """Pairs of rules files whose names differ only slightly: the same name once normalised, or names of
    five letters or more within two edits, found through an index (rules_engine/names_near.py). With
    `listed`, the first `listed` pairs (by the later file's path) and one hint counting the rest, bounded
    however alike the names are; without, every pair (names_near compares a name with at most CROWD others)."""
    ordered = sorted(rules, key=lambda r: r.path)
    if listed is None:
        return [_similar(ordered, i, j) for i, j in sorted(_similar_pairs(ordered, None))]
    found = sorted(_similar_pairs(ordered, COUNTED_SIMILAR + 1), key=lambda pair: (pair[1], pair[0]))
    if len(found) <= listed:
        return [_similar(ordered, i, j) for i, j in found]
    shown = [_similar(ordered, i, j) for i, j in found[:listed]]
    counted = f"over {COUNTED_SIMILAR - listed:,}" if len(found) > COUNTED_SIMILAR else f"{len(found) - listed:,}"
    return shown + [hint("H007", (ordered[found[listed][1]].path, None),
                         f"and {counted} more pairs of rules files whose names differ only slightly, "
                         "from this one on (not listed)", None, "merge them, or name them apart")]


def _similar_pairs(ordered: Sequence[Rule], most: int | None) -> set[tuple[int, int]]:
    """(i, j), i < j: files whose names are not the same as written but are once normalised, or are within
    two edits (five letters or more); at most `most` of either kind. Each distinct name is compared once."""
    files: dict[str, dict[str, list[int]]] = {}  # normalised name -> name as written -> files
    for j, rule in enumerate(ordered):
        files.setdefault(_norm_name(rule.name), {}).setdefault(rule.name, []).append(j)
    same: set[tuple[int, int]] = set()
    for spellings in files.values():
        groups = list(spellings.values())
        if any(_add_pairs(same, first, second, most) for n, second in enumerate(groups) for first in groups[:n]):
            break
    near: set[tuple[int, int]] = set()
    names = list(files)
    for a, b in sorted(pairs_within_two(names, 5, most), key=lambda pair: (pair[1], pair[0])):
        first = [j for group in files[names[a]].values() for j in group]
        second = [j for group in files[names[b]].values() for j in group]
        if _add_pairs(near, first, second, most):
            break
    return same | near


def _add_pairs(pairs: set[tuple[int, int]], first: Sequence[int], second: Sequence[int], most: int | None) -> bool:
    """Every file of `first` with every file of `second`, stopping at `most` pairs; True when stopped."""
    for i in first:
        for j in second:
            if most is not None and len(pairs) >= most:
                return True
            pairs.add((min(i, j), max(i, j)))
    return False


def _similar(ordered: Sequence[Rule], i: int, j: int) -> Hint:
    return hint("H007", (ordered[j].path, None), f"its name differs only slightly from {ordered[i].path}",
                Line(ordered[i].path, 1, ""))


def old(entries: Sequence[Line], rules: Sequence[Rule], entry_ages: Mapping[tuple[str, int], float],
        file_ages: Mapping[str, float], max_age_days: int) -> list[Hint]:
    out = []
    for entry in entries:
        age = entry_ages.get((entry.path, entry.line))
        if age is not None and age > max_age_days:
            out.append(hint("H006", entry, f"older than {max_age_days} days ({int(age)} days): still true?"))
    for rule in rules:
        age = file_ages.get(rule.path)
        if age is not None and age > max_age_days:
            out.append(hint("H006", (rule.path, None), f"unchanged for {int(age)} days "
                                                       f"(over {max_age_days}): still true?"))
    return out


def all_hints(memories: Sequence[Memory], rules: Sequence[Rule], entry_ages: Mapping[tuple[str, int], float],
              file_ages: Mapping[str, float], max_age_days: int = 180, duplicate_ratio: float = 0.8) -> list[Hint]:
    entries = [entry for memory in memories for entry in memory.entries]
    statements = [s for rule in rules for s in rule.statements]
    found = [h for e in entries for h in fact_hints(e)] + [h for s in statements for h in rule_hints(s)]
    found += duplicates(entries + statements, duplicate_ratio)
    found += old(entries, rules, entry_ages, file_ages, max_age_days)
    found += similar_names(rules, LISTED_SIMILAR)
    return sorted(found, key=lambda h: (h.path, h.line or 0, h.id))


def _a(kind: str) -> str:
    return ("an " if kind[0] in "aeiou" else "a ") + kind
