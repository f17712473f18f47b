"""Where a trigger stands in a text: every occurrence of a word or phrase (any blanks between its words), or only
where it is a whole word, found through the text's trigger index when it has one."""
from __future__ import annotations


from guard.scan.patterncache import cached_compile  # (not re.compile: re's parser is Python)
from guard.scan.reveal import rot13
from guard.scan.runs import positions_in_runs
from guard.scan.triggers import TriggerIndex, find_all, non_overlapping

TYPE_CHECKING = False  # (typing.TYPE_CHECKING without importing typing: ~3 ms of a fresh process)
if TYPE_CHECKING:
    from guard.scan.searched import Searched


def trigger_positions(doc: Searched, trigger: str) -> list[int]:
    """Non-overlapping occurrences of a lower-case trigger in the lower-cased text; none for a trigger of
    letters that is not a whole word of the text. A space in a trigger ("note to", "| nc") stands for any
    run of whitespace, as the patterns' \\s+ does. (The list may be the index's own: not to be changed.)"""
    if " " in trigger:
        return _spaced_positions(doc, trigger)
    if trigger.isascii():
        needle = trigger.encode("ascii")
        if needle.isalpha() and needle not in doc.words:
            return []
        if doc.index is not None:
            return doc.index.positions(needle)
        return find_all(doc.ascii_lower, needle)
    at = next(i for i, char in enumerate(trigger) if not char.isascii())
    if trigger[at] not in doc.non_ascii:
        return []  # its first non-ASCII character ("\u00e1" of "usu\u00e1rio") is nowhere in the text
    if not any(char.isascii() for char in trigger):
        return list(positions_in_runs(doc.lower_runs, trigger))
    # Every occurrence holds that character, which lies in a run of non-ASCII text: the few places of the
    # character are checked, not the whole text searched.
    lower, shifted = doc.haystack(True)
    if lower is None:
        return []
    needle_text = rot13(trigger) if shifted else trigger
    places = [pos - at for pos in positions_in_runs(doc.lower_runs, trigger[at])]
    found = [pos for pos in places if pos >= 0 and lower.startswith(needle_text, pos)]
    return non_overlapping(found, len(trigger))

_BLANKS = cached_compile(r"\s+")


def _spaced_positions(doc: Searched, trigger: str) -> list[int]:
    """Where the trigger's first part stands, followed by the rest, with any run of whitespace for each
    space ("note  to", "note\\nto" for "note to")."""
    head, *rest = trigger.split(" ")
    lower, shifted = doc.haystack(True)
    if lower is None or not head:
        return []
    parts = [rot13(part) for part in rest] if shifted else rest
    found = []
    for pos, at in _followed_by_blanks(doc, head, lower):
        for i, part in enumerate(parts):
            if not lower.startswith(part, at):
                break
            at += len(part)
            if i + 1 < len(parts):
                blank = _BLANKS.match(lower, at)
                if blank is None:
                    break
                at = blank.end()
        else:
            found.append(pos)
    return found


def _followed_by_blanks(doc: Searched, head: str, lower: str) -> list[tuple[int, int]]:
    """(place, end of the whitespace after it) for each occurrence of `head` followed by whitespace; shared
    by the triggers that start with the same word ("this rule", "this text" ...)."""
    key = "blanks-after:" + head
    found = doc.cache.get(key)
    if found is None:
        found = []
        for pos in trigger_positions(doc, head):
            blank = _BLANKS.match(lower, pos + len(head))
            if blank is not None:
                found.append((pos, blank.end()))
        doc.cache[key] = found
    return found  # type: ignore[return-value]


def whole_positions(doc: Searched, trigger: str) -> list[int]:
    """Where a trigger of lower-case ASCII letters stands as a whole word of the lower-cased text (no letter
    a-z before or after it): the only places a pattern that holds it between word boundaries can match.
    A rot13 view or a text with no one-byte lower-cased form gives every occurrence (a superset)."""
    needle = trigger.encode("ascii")
    if needle not in doc.words:
        return []
    index = doc.index
    if isinstance(index, TriggerIndex):
        return index.whole_positions(needle)
    if index is not None or doc.haystack(True)[1]:
        return trigger_positions(doc, trigger)
    text = doc.ascii_lower
    return [at for at in find_all(text, needle) if _whole(text, at, len(needle))]


def _whole(text: bytes, at: int, size: int) -> bool:
    """The letters at [at, at + size) of the one-byte lower-cased text are a whole word: no letter a-z right
    before or after them. (A whole word is never hidden by an earlier occurrence that overlaps it.)"""
    before = text[at - 1] if at else 32
    after = text[at + size] if at + size < len(text) else 32
    return not (97 <= before <= 122 or 97 <= after <= 122)
