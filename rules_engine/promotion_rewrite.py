"""Rewording a rule in its rules file (for `kguard rules edit`): text in, text out."""
from __future__ import annotations

from collections.abc import Sequence

from rules_engine.block_text import content, detect_newline, ending, split_bom
from rules_engine.models import Rule
from rules_engine.promotion_criteria import BULLET


def rewrite_source(text: str, rule: Rule, lines: Sequence[str]) -> str:
    """The rules file with its rule text replaced by `lines`: frontmatter, blank lines around the body and
    line endings kept. Only for a compact body (one or two non-blank lines)."""
    bom, all_lines = split_bom(text)
    head, body = all_lines[: rule.body_line - 1], all_lines[rule.body_line - 1:]
    filled = [i for i, line in enumerate(body) if content(line).strip()]
    if not filled or len(filled) > 2:
        raise ValueError("not a compact body")
    first, last = filled[0], filled[-1]
    newline = ending(body[first]) or detect_newline(text)
    bullet = BULLET.match(content(body[first]))
    marker = bullet.group(0) if bullet else ""
    new = [f"{marker if i == 0 else ' ' * len(marker)}{line}{newline}" for i, line in enumerate(lines)]
    if not ending(body[last]):
        new[-1] = new[-1][: -len(newline)]
    return bom + "".join(head + body[:first] + new + body[last + 1:])
