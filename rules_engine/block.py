"""The managed block of AGENTS.md: parse it and rewrite it, text in, text out.

    <!-- ai-memory:start -->
    ...ai-memory's own routing snippet, if any (never touched)...
    <!-- ai-memory: promoted rules (managed) -->
    - One rule per bullet. <!-- rule: ID; src: PATH; conf: 0.92 -->
    - A rule may have one indented continuation line,
      and the trailer ends its last line. <!-- rule: ID2; src: PATH; conf: 0.80 -->
    <!-- ai-memory:end -->

The sub-block runs from its own marker to the next `<!-- PREFIX:` marker. Markers are whole lines. Every edit
changes only the lines of the sub-block; a file without a block gets one appended, separated by one blank line,
and removing the last rule takes exactly that appended block away again. Line endings, a BOM and a missing final
newline are kept as they are. No I/O here: callers decode bytes strictly and write through the guard.

This module gathers the public names: block_text (lines, endings, BOM), block_model (the records),
block_parse (reading) and block_write (rendering, upsert, remove)."""
from __future__ import annotations

from rules_engine.block_model import ID_RE, SUB_LABEL, Block, BlockError, Problem, PromotedRule
from rules_engine.block_parse import TRAILER_RE, TRAILER_START_RE, marker_kind, only_imports, parse, parse_lines
from rules_engine.block_text import BOM, LINE_RE, content, detect_newline, ending, split_bom, split_lines
from rules_engine.block_write import check_text, remove, render_rule, upsert

__all__ = [
    "BOM", "ID_RE", "LINE_RE", "SUB_LABEL", "TRAILER_RE", "TRAILER_START_RE",
    "Block", "BlockError", "Problem", "PromotedRule",
    "check_text", "content", "detect_newline", "ending", "marker_kind", "only_imports", "parse", "parse_lines",
    "remove", "render_rule", "split_bom", "split_lines", "upsert",
]
