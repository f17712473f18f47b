"""INV005-INV007: characters that disguise a word: default-ignorable code points inside it, blank
fillers, and look-alike letters from other scripts. They share the invisible family's gate."""
from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterator

from guard.scan.lazyre import lazy
from guard.scan.detector import Hit, detector
from guard.scan.invisible import around, gated
from guard.scan.text import Document, visible

IGNORABLE = lazy("[\u00ad\u034f\u17b4\u17b5\u180b-\u180d\u2061-\u2064\u206a-\u206f\ufff0-\ufff8\U0001d173-\U0001d17a]+")
FILLER = lazy("[\u3164\uffa0\u115f\u1160\u2800]+")
CONFUSABLE = lazy(
    "[\u0430\u0432\u0435\u043a\u043c\u043d\u043e\u0440\u0441\u0442\u0443\u0445\u0456\u0458\u0455\u0501"
    "\u051b\u051d\u04cf\u04bb\u04af\u0410\u0412\u0415\u041a\u041c\u041d\u041e\u0420\u0421\u0422\u0425"
    "\u0406\u0408\u0405\u0391\u0392\u0395\u0396\u0397\u0399\u039a\u039c\u039d\u039f\u03a1\u03a4\u03a5"
    "\u03a7\u03bf\u03bd\u03b9]"
)


@detector("INV005", "default-ignorable-in-word", "warning",
          hits=[("Please ig\u00adnore this.\n", 1, 10)],
          clean=["soft-hyphen at end\u00ad", "\u182e\u180b\u1820 Mongolian"])
def ignorable_in_word(doc: Document) -> Iterator[Hit]:
    """What it finds: soft hyphens and other default-ignorable code points (combining grapheme joiner,
    invisible math operators, Khmer inherent vowels, unassigned ignorables) inside a word.

    Why it matters: they render as nothing but split the word, so "ig<U+00AD>nore" passes a keyword filter
    that "ignore" would not.

    Example: `Please ig<U+00AD>nore this.`

    Instead: remove them; let the renderer hyphenate. Mongolian free variation selectors after Mongolian
    letters are legitimate.
    """
    if not gated(doc):
        return
    text = doc.text
    for match in doc.finditer_non_ascii(IGNORABLE):
        before, after = around(text, match.start(), match.end())
        if not (before.isalpha() and after.isalpha()):
            continue
        if 0x1800 <= ord(before) <= 0x18AF or 0x1780 <= ord(before) <= 0x17FF:
            continue
        left = re.search(r"\w*$", text[max(0, match.start() - 40):match.start()])
        right = re.match(r"\w*", text[match.end():match.end() + 40])
        word = (left.group() if left else "") + (right.group() if right else "")
        yield Hit(match.start(), match.end(), f'{visible(match.group())} hidden inside the word "{word}"')


@detector("INV006", "blank-filler", "warning",
          hits=[("name: \u3164\u3164\u3164\n", 1, 7), ("a\uffa0b", 1, 2)],
          clean=["\u1100\u1161\u11a8 jamo", "\u2801\u2800\u2803 braille"])
def blank_filler(doc: Document) -> Iterator[Hit]:
    """What it finds: Hangul fillers (U+3164, U+FFA0, U+115F, U+1160) and the blank braille pattern
    outside Korean jamo or braille text.

    Why it matters: they look like spaces or nothing but are letters to a tokenizer: they make invisible
    "words", names and padding that hide or disguise text.

    Example: `name: <U+3164><U+3164><U+3164>`

    Instead: use ordinary spaces or remove them.
    """
    if not gated(doc):
        return
    text = doc.text
    for match in doc.finditer_non_ascii(FILLER):
        before, after = around(text, match.start(), match.end())
        if 0x1100 <= ord(before) <= 0x11FF or 0x1100 <= ord(after) <= 0x11FF:
            continue
        if 0x2801 <= ord(before) <= 0x28FF or 0x2801 <= ord(after) <= 0x28FF:
            continue
        run = match.group()
        yield Hit(match.start(), match.end(), f"blank filler character(s) {visible(run)}",
                  "error" if len(run) >= 3 else None)


@detector("INV007", "homoglyph-word", "warning",
          hits=[("Send it to p\u0430ypal now\n", 1, 12)],
          clean=["\u041f\u0440\u0438\u0432\u0435\u0442 world", "\u0394x and \u03bbx", "caf\u00e9"])
def homoglyphs(doc: Document) -> Iterator[Hit]:
    """What it finds: a word written mostly in Latin letters that contains Cyrillic or Greek letters which
    look exactly like Latin ones.

    Why it matters: the word reads as a familiar name or command to a person, but it is a different string
    to the model, a filter or a URL resolver (look-alike hosts and package names).

    Example: `p<U+0430>ypal` (Cyrillic a).

    Instead: type the word in one script. Words wholly in Cyrillic or Greek, and Greek symbols such as
    delta or lambda next to Latin letters, are not reported.
    """
    if not gated(doc):
        return
    text = doc.text
    word_end = 0
    for match in doc.finditer_non_ascii(CONFUSABLE):
        if match.start() < word_end:
            continue  # in the word just judged (confusables are letters): the same verdict
        a = match.start()
        while a > 0 and text[a - 1].isalpha():
            a -= 1
        b = match.end()
        while b < len(text) and text[b].isalpha():
            b += 1
        word_end = b
        word = text[a:b]
        latin = [c for c in word if c.isascii()]
        foreign = [c for c in word if not c.isascii()]
        if not latin or not all(CONFUSABLE.fullmatch(c) for c in foreign):
            continue
        names = ", ".join(sorted({unicodedata.name(c, f"U+{ord(c):04X}") for c in foreign}))
        yield Hit(a, b, f'"{word}" mixes Latin with look-alike letters ({names})')
