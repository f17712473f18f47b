"""Where HTML hides text from a person but not from the model: comments, collapsed `<details>` bodies,
elements styled out of sight or never rendered, attributes never shown on the page (alt, title, aria-label;
a meta tag's content, a hidden input's value, data-*), processing instructions, declarations and CDATA.
Each finder yields (start, end, kind) spans for guard.scan.regions."""
from __future__ import annotations

import re
from collections.abc import Iterator

from guard.scan.lazyre import lazy

Span = tuple[int, int, str]

COMMENT = lazy(r"<!--(.*?)(?:-->|\Z)", re.S)
# A collapsed <details> body runs to its closing tag (a long log before a payload included, up to DETAILS_MAX).
DETAILS_MAX = 60_000
DETAILS = lazy(r"<details\b[^>]*>(?:\s*<summary\b[^<]*(?:<(?!/summary)[^<]*)*</summary\s*>)?(.{0,%d}?)</details\s*>"
               % DETAILS_MAX, re.I | re.S)
# near white: every channel at least 0xE0 (#eee, #f5f5f5, rgb(250, 250, 250)), the background of most pages
_PALE = (r"(?:transparent|white|snow|ivory|#[e-f][0-9a-f]?[e-f][0-9a-f]?[e-f][0-9a-f]?\b|"
         r"rgba?\(\s*2(?:2[4-9]|[3-4]\d|5[0-5])\s*,\s*2(?:2[4-9]|[3-4]\d|5[0-5])\s*,\s*2(?:2[4-9]|[3-4]\d|5[0-5])\b|"
         r"rgba\([^)]*,\s*0(?:\.0*)?\s*\))")
HIDDEN_HTML = lazy(
    r"<(\w+)\b[^>]*?(?:style\s*=\s*[\"'][^\"']*?(?:display\s*:\s*none|visibility\s*:\s*hidden|"
    r"font-size\s*:\s*(?:0|[01](?:\.\d+)?px|0?\.[0-4]\d*(?:em|rem)|[0-2](?:\.\d+)?pt|[0-9]%)\s*(?:[;\"'!]|$)|"
    r"opacity\s*:\s*0(?:\.0\d*)?\s*[;\"'!]|(?<![\w-])color\s*:\s*" + _PALE + r"|"
    r"(?:height|width|max-height|max-width)\s*:\s*0(?:px)?\s*[;\"'!]|(?:left|top|text-indent|margin-left)\s*:\s*-\d{3,}|"
    r"clip\s*:\s*rect\(\s*0|clip-path\s*:\s*inset\(\s*(?:50|100)%|transform\s*:\s*scale\(\s*0(?:\.0*)?\s*\))|"
    r"\shidden(?=[\s>=])|\saria-hidden\s*=\s*[\"']?true|\scolor\s*=\s*[\"']?" + _PALE + r")[^>]*>(.{0,4000}?)</\1\s*>"
    # elements a browser never renders: <noscript> (scripts run), <template>, an SVG's <desc>
    r"|<(noscript|template|desc)\b[^>]*>(.{0,4000}?)</\3\s*>",
    re.I | re.S,
)
# alt, title and aria-label attributes of HTML tags: shown on hover or to screen readers, never on the page
# and the attributes a page never shows at all: a meta tag's content, a hidden input's value, data-* attributes
ATTRIBUTE = lazy(r"<[A-Za-z][\w-]*\s[^<>]*?(?<![\w-])(alt|title|aria-label|content|value|data-[\w-]+)\s*=\s*"
                 r"(?:\"([^\"]*)\"|'([^']*)')", re.I)
ATTRIBUTE_KIND = {"alt": "alt-text", "title": "title", "aria-label": "title"}
# what HTML drops without showing: processing instructions, declarations, CDATA sections
DECLARATION = lazy(r"<\?(.{1,4000}?)\?>|<!\[CDATA\[(.{1,4000}?)\]\]>|<!([A-Za-z][^>]{0,4000})>", re.S)


def elements(text: str, lower: str | None = None) -> Iterator[Span]:
    """`lower`: the text lower-cased, when the caller has it (lowering 1 MB costs ~5 ms)."""
    if "<!--" in text:
        for match in COMMENT.finditer(text):
            yield match.start(), match.end(), "comment"
    if "<" not in text:
        return
    lower = text.lower() if lower is None else lower
    lowered = lower if "<details" in lower else ""
    if lowered:
        for match in DETAILS.finditer(text):
            yield match.start(1), match.end(1), "details"
    if "hidden" in lowered or any(word in lower for word in ("hidden", "display", "opacity", "font-size", "color",
                                                              "height", "width", "indent", "left", "top", "clip",
                                                              "scale", "noscript", "template", "desc")):
        for match in HIDDEN_HTML.finditer(text):
            body = 2 if match.group(2) is not None else 4
            yield match.start(body), match.end(body), "hidden-html"


def declarations(text: str) -> Iterator[Span]:
    if "<?" in text or "<!" in text:
        for match in DECLARATION.finditer(text):
            group = next(i for i in (1, 2, 3) if match.group(i) is not None)
            if not match.group(group).lower().startswith("doctype"):
                yield match.start(group), match.end(group), "declaration"


def attributes(text: str) -> Iterator[Span]:
    """The values of the attributes a page shows only on hover, to a screen reader, or never."""
    if "=" in text and "<" in text:
        for match in ATTRIBUTE.finditer(text):
            group = 2 if match.group(2) is not None else 3
            if match.end(group) > match.start(group):
                yield match.start(group), match.end(group), ATTRIBUTE_KIND.get(match.group(1).lower(), "attribute")
