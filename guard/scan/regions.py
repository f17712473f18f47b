"""Hidden regions: the character ranges of a Markdown file that a person does not see when it is rendered,
but the model reads: HTML comments, `<details>` bodies, hidden HTML, image alt text, link and image titles,
reference definitions, footnotes, fence info strings, frontmatter values, text below a long run of blank
lines or pushed far right, and trailing whitespace.

Two readings. `candidates` is linear and needs no parser: regular expressions, with code shown verbatim
(fenced blocks, inline code) left out. `precise` confirms the Markdown ones with a CommonMark parser
(markdown-it-py, imported only then) that keeps line numbers: indented code blocks are code too, and a
reference definition is a line the parser turned into no block. Files over PARSE_LIMIT characters keep the
linear reading (a pure-Python parse of 1 MB costs ~0.5 s)."""
from __future__ import annotations

import re
from bisect import bisect_right
from collections.abc import Callable, Collection, Iterator
from collections import namedtuple

from guard.scan import htmlhidden as html
from guard.scan.commonmark import Parsed
from guard.scan.lazyre import LazyPattern, lazy

PARSE_LIMIT = 300_000
PAD_NEWLINES = 20  # a run of whitespace holding this many line breaks pushes what follows off the screen
PAD_BLANKS = 80  # columns of blanks on one line that push the rest of it off to the right
TAB_WIDTH = 8

ALT = lazy(r"(?<!<)!\[([^\]\n]+)\]")
# a link target in angle brackets may hold blanks: "[docs](<any words at all>)" shows only "docs"
LINK_TARGET = lazy(r"\]\(\s*<([^<>\n]*?\s[^<>\n]*)>")
TITLE = lazy(r"\]\(\s*(?:<[^>\n]*>|[^\s()]+)\s+(?:\"([^\"\n]+)\"|'([^'\n]+)'|\(([^()\n]+)\))\s*\)")
REFERENCE = lazy(r"^ {0,3}\[(?!\^)[^\]\n]+\]:[ \t]*\S.*$", re.M)
FOOTNOTE = lazy(r"^ {0,3}\[\^[^\]\n]+\]:.*(?:\n(?: {2,}|\t).*)*", re.M)
FENCE_INFO = lazy(r"^ {0,3}(`{3,}|~{3,})[ \t]*([^\n]*?)[ \t]*$", re.M)
FRONTMATTER = lazy(r"\A(?:\ufeff)?(---|\+\+\+)[ \t]*\n(.*?\n)?\1[ \t]*(?:\n|\Z)", re.S)
CONTINUATION = lazy(r"^[ \t]+(\S.*\S|\S)", re.M)
VALUE = lazy(r"^[ \t]*(?:- |[\w.\"'-]+[ \t]*[:=][ \t]*)(.*\S)", re.M)
BLANK_CLASS = "[ \t\u00a0\u2000-\u200f\u202f\u205f-\u2064\u3000\ufeff\U000e0000-\U000e007f]"
TRAILING = lazy(BLANK_CLASS + "{2,}(?=\r?\n|\\Z)")
BLANK = lazy(BLANK_CLASS)
# Where a trailing run can end, in the one-byte text (every character that is not ASCII is "?" there).
LINE_END_AFTER_BLANK = (b" \n", b"\t\n", b"?\n", b" \r\n", b"\t\r\n", b"?\r\n")
INLINE_CODE = re.compile(r"`[^`\n]+`")
MARKUP = ("<", "![", "](", "]:", "```", "~~~")
HTML = frozenset({"comment", "details", "hidden-html"})
KINDS = frozenset({"comment", "details", "hidden-html", "alt-text", "title", "attribute", "link-target",
                   "declaration", "reference", "footnote", "fence-info", "frontmatter", "below-blanks", "pushed-right",
                   "trailing-blanks"})


class Region(namedtuple("Region", "start end kind")):
    __slots__ = ()
    start: int
    end: int
    kind: str  # comment, details, hidden-html, alt-text, title, attribute, link-target, declaration,
    #            reference, footnote, fence-info,
    #            frontmatter, below-blanks, pushed-right, trailing-blanks


TYPE_CHECKING = False  # (typing.TYPE_CHECKING without importing typing: ~3 ms of a fresh process)
if TYPE_CHECKING:
    from typing import Protocol

    class Lines(Protocol):
        """What the regions are found from (guard.scan.text.Document has it)."""

        text: str

        @property
        def line_starts(self) -> list[int]: ...
        @property
        def fenced_lines(self) -> frozenset[int]: ...
        @property
        def blank_runs(self) -> list[tuple[int, int]]: ...


def candidates(doc: Lines, kinds: Collection[str] = KINDS) -> list[Region]:
    """The hidden regions of these kinds, found without a parser (code shown in fences or backticks left
    out)."""
    return _find(doc, None, kinds)


def precise(doc: Lines, kinds: Collection[str] = KINDS) -> list[Region]:
    """Every hidden region, the Markdown ones confirmed by a CommonMark parse (for files up to PARSE_LIMIT
    characters that hold any markup; otherwise what `candidates` finds)."""
    text = doc.text
    if len(text) > PARSE_LIMIT or not any(mark in text for mark in MARKUP):
        return _find(doc, None, kinds)
    front = FRONTMATTER.match(text)
    try:
        parsed = Parsed(text, front.end() if front else 0)
    except ImportError:  # markdown-it-py missing from a broken install: the linear reading still holds
        return _find(doc, None, kinds)
    return _find(doc, parsed, kinds)


def holding(regions: list[Region], ends: list[int], start: int) -> Region | None:
    """The innermost region (the last to open) that holds offset `start`; `ends` = running_ends(regions)."""
    i = bisect_right(regions, (start, 1 << 62))
    if i == 0 or ends[i - 1] <= start:
        return None
    for region in reversed(regions[:i]):
        if region.end > start:
            return region
    return None  # pragma: no cover - ends says one holds it


def running_ends(regions: list[Region]) -> list[int]:
    """The furthest end among the regions up to each one (regions sorted by start)."""
    out, far = [], -1
    for region in regions:
        far = max(far, region.end)
        out.append(far)
    return out


def _find(doc: Lines, parsed: Parsed | None, kinds: Collection[str] = KINDS) -> list[Region]:
    text = doc.text
    found = list(_frontmatter(text)) if "frontmatter" in kinds else []
    found += _padding(doc)
    if "trailing-blanks" in kinds:
        found += [Region(a, b, "trailing-blanks") for a, b in _trailing(doc)]
    if any(mark in text for mark in MARKUP):
        code = _code_test(doc, parsed)
        hidden_html = html.elements(text, getattr(doc, "lower", None)) if not HTML.isdisjoint(kinds) else ()
        markup = [*(Region(*span) for span in (*hidden_html, *html.declarations(text))), *_inline(text),
                  *_definitions(doc, parsed), *_info(doc, parsed)]
        found += [region for region in markup if region.kind == "fence-info" or not code(region.start)]
    return sorted({region for region in found if region.kind in kinds})


def span_holds(cache: dict[object, object], pattern: re.Pattern[str] | LazyPattern, text: str,
               line: tuple[int, int], start: int, end: int | None = None, group: int = 0) -> bool:
    """One of `pattern`'s matches on `line` (lo, hi) holds [start, end) in its `group`. The matches of a line
    are found once and then bisected: a file of one long line asks this for hundreds of thousands of offsets,
    and searching the line each time made the scan quadratic (a 4.9 MB line took minutes)."""
    key = (pattern, line)
    found = cache.get(key)
    if found is None:
        matches = list(pattern.finditer(text, *line))
        found = cache[key] = ([m.start() for m in matches], matches)
    starts, matches = found  # type: ignore[misc]
    index = bisect_right(starts, start) - 1  # matches do not overlap: only the last one opening here can hold it
    if index < 0:
        return False
    match, stop = matches[index], start + 1 if end is None else end  # an offset alone: its character
    return match.start(group) <= start and stop <= match.end(group)


def _code_test(doc: Lines, parsed: Parsed | None) -> Callable[[int], bool]:
    """in_code(offset): the offset lies in code shown verbatim (a code block, or a code span on its line)."""
    starts, text = doc.line_starts, doc.text
    if parsed is None:
        block_lines = {line - 1 for line in doc.fenced_lines}  # 0-based
    else:
        block_lines = parsed.code
    spans: dict[object, object] = {}

    def in_code(offset: int) -> bool:
        line = bisect_right(starts, offset) - 1
        if line in block_lines:
            return True
        end = starts[line + 1] if line + 1 < len(starts) else len(text)
        return span_holds(spans, INLINE_CODE, text, (starts[line], end), offset)

    return in_code


def _frontmatter(text: str) -> Iterator[Region]:
    if not text.startswith(("---", "+++", "\ufeff---")):
        return
    match = FRONTMATTER.match(text)
    if match and match.group(2):
        for value in VALUE.finditer(text, match.start(2), match.end(2)):
            yield Region(value.start(1), value.end(1), "frontmatter")
        # the lines of a block scalar (`description: |` then indented text) and other continuation lines
        for line in CONTINUATION.finditer(text, match.start(2), match.end(2)):
            if not VALUE.match(text, line.start()):
                yield Region(line.start(1), line.end(1), "frontmatter")


def _padding(doc: Lines) -> Iterator[Region]:
    """Below a run of PAD_NEWLINES line breaks: the rest of the text; after PAD_BLANKS blanks on a line:
    the rest of that line (only where some text follows)."""
    text = doc.text
    for a, b in doc.blank_runs:
        if b >= len(text):
            continue
        if text.count("\n", a, b) >= PAD_NEWLINES:
            yield Region(b, len(text), "below-blanks")
            return  # (it holds every later one)
        if "\n" not in text[a:b] and columns(text[a:b]) >= PAD_BLANKS:
            end = text.find("\n", b)
            yield Region(b, end if end != -1 else len(text), "pushed-right")


def columns(blanks: str) -> int:
    """How wide a run of blanks shows: a tab moves to the next stop of TAB_WIDTH columns."""
    return len(blanks) + (TAB_WIDTH - 1) * blanks.count("\t")


def _trailing(doc: Lines) -> Iterator[tuple[int, int]]:
    """The spans of TRAILING.finditer(text): the maximal runs of at least two blanks that end a line or the
    text. Found from the line ends that follow a blank (a few byte searches of the one-byte text), each run
    then read back to its start, instead of trying the pattern at every blank of the text."""
    text = doc.text
    if not ("  " in text or "\t" in text or not text.isascii()):
        return
    ascii = getattr(doc, "ascii", None)
    if ascii is None:
        yield from (m.span() for m in TRAILING.finditer(text))
        return
    ends = {len(text)} if text and BLANK.match(text, len(text) - 1) else set()
    for pair in LINE_END_AFTER_BLANK:
        shift = len(pair) - 1  # the run ends where the line break (\n or \r\n) starts
        at = ascii.find(pair)
        while at != -1:
            ends.add(at + 1)
            at = ascii.find(pair, at + shift)
    for end in sorted(ends):
        start = end
        while start > 0 and BLANK.match(text, start - 1):
            start -= 1
        if end - start >= 2:
            yield start, end


def _inline(text: str) -> Iterator[Region]:
    if "![" in text:
        for match in ALT.finditer(text):
            yield Region(match.start(1), match.end(1), "alt-text")
    if "](" in text:
        for match in TITLE.finditer(text):
            group = next(i for i in (1, 2, 3) if match.group(i) is not None)
            yield Region(match.start(group), match.end(group), "title")
        for match in LINK_TARGET.finditer(text):
            yield Region(match.start(1), match.end(1), "link-target")
    yield from (Region(*span) for span in html.attributes(text))


def _definitions(doc: Lines, parsed: Parsed | None) -> Iterator[Region]:
    text = doc.text
    if "]:" not in text:
        return
    starts = doc.line_starts
    for start in _lines_holding(text, "]:"):
        match = FOOTNOTE.match(text, start)
        if match:
            yield Region(match.start(), match.end(), "footnote")
            continue
        match = REFERENCE.match(text, start)
        if match is None or (parsed is not None and bisect_right(starts, start) - 1 in parsed.block):
            continue  # (the parser read the line as part of a block: not a definition)
        yield Region(match.start(), match.end(), "reference")


def _lines_holding(text: str, needle: str) -> Iterator[int]:
    """The start offset of each line that holds `needle`, in order (a pattern anchored at a line start that
    must contain it can only match there)."""
    pos = text.find(needle)
    while pos != -1:
        start = text.rfind("\n", 0, pos) + 1
        yield start
        end = text.find("\n", pos)
        if end == -1:
            return
        pos = text.find(needle, end)


def _info(doc: Lines, parsed: Parsed | None) -> Iterator[Region]:
    text, starts = doc.text, doc.line_starts
    if parsed is not None:
        places = [starts[line] for line, info in parsed.fences if info.strip()]
    else:
        places = sorted({*_lines_holding(text, "```"), *_lines_holding(text, "~~~")})
        fenced = doc.fenced_lines
        places = [start for start in places if bisect_right(starts, start) in fenced]
    for start in places:
        match = FENCE_INFO.match(text, start)
        if match and match.group(2):  # (a closing fence has no info string)
            yield Region(match.start(2), match.end(2), "fence-info")
