"""Look-alike letters mapped to the ASCII letter or digit they imitate, from the Unicode TR39 confusables
data shipped by the `confusable-homoglyphs` package (pinned in pyproject.toml). Loaded on first use only:
a text without a candidate letter never reads the 0.9 MB table."""
from __future__ import annotations

from functools import cache

from guard.scan.lazyre import lazy

PACKAGE = "confusable_homoglyphs"


@cache
def table() -> dict[str, str]:
    """Non-ASCII character -> the ASCII letter or digit it is confusable with (empty when the data is
    missing: the skeleton view then only normalises)."""
    import json  # (on first use: a clean text never needs them)
    from importlib import resources

    try:
        data = json.loads(resources.files(PACKAGE).joinpath("confusables.json").read_text("utf-8"))
    except (ModuleNotFoundError, FileNotFoundError, OSError, ValueError):
        return {}
    mapped: dict[str, str] = {}
    for char, homoglyphs in data.items():
        if char.isascii():
            continue
        for entry in homoglyphs:
            target = entry.get("c", "")
            if len(target) == 1 and target.isascii() and target.isalnum():
                mapped[char] = target
                break
    return mapped


# Letters that could imitate an ASCII one, a whole run of them per match (a cheap test before the table is
# read): beyond Latin-1 and Latin Extended-A (accented letters of European languages look like themselves),
# below the CJK blocks; Cyrillic supplements; fullwidth forms; Deseret; mathematical letters and digits.
CANDIDATES = lazy(
    "(?:(?=\\w)[\u0180-\u2e7f\ua640-\ua7ff\uff00-\uffef\U00010400-\U0001044f]|[\U0001d400-\U0001d7ff])+"
)


SMALL_CAPITAL = lazy(r"LATIN LETTER SMALL CAPITAL ([A-Z])")


@cache
def plain(char: str) -> str | None:
    """The ASCII letter or digit `char` imitates: from the confusables data, else from its Unicode name for
    the small capitals the data leaves out ("LATIN LETTER SMALL CAPITAL E" is "e"). Letters with accents
    stay: they are letters of Vietnamese, Polish ..., not disguises."""
    found = table().get(char)
    if found is None and not char.isascii():
        import unicodedata

        name = SMALL_CAPITAL.fullmatch(unicodedata.name(char, ""))
        found = name.group(1).lower() if name else None
    return found


def latin(word: str) -> bool:
    """Every letter of `word` is a Latin one (small capitals, IPA letters): no other language's word."""
    return all(_latin_letter(c) for c in word if c.isalpha() and not c.isascii())


@cache
def _latin_letter(char: str) -> bool:
    import unicodedata

    return unicodedata.name(char, "").startswith("LATIN")
