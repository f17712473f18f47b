"""Writing the managed block: render a rule with its trailer, add or reword it, take it out. Only the lines of
the sub-block change; a file without a block gets one appended after one blank line, and removing the last
rule takes exactly that block away again (line endings, a BOM and a missing final newline kept)."""
from __future__ import annotations

import unicodedata

from rules_engine.block_model import ID_RE, SUB_LABEL, Block, BlockError
from rules_engine.block_parse import parse_lines
from rules_engine.block_text import content, detect_newline, ending, split_bom


def check_text(text: str) -> list[str]:
    """The one or two lines of a rule as they go into the block; raises BlockError when unusable."""
    parts = [p.strip() for p in text.replace("\r\n", "\n").replace("\r", "\n").split("\n") if p.strip()]
    if parts and parts[0].startswith("- "):
        parts[0] = parts[0][2:].strip()
    if not parts or not parts[0]:
        raise BlockError("the rule text is empty")
    if len(parts) > 2:
        raise BlockError(f"a promoted rule is one or two lines; this one has {len(parts)}")
    for part in parts:
        if "<!--" in part or "-->" in part:
            raise BlockError("the rule text may not contain '<!--' or '-->' (the trailer is added for you)")
        for ch in part:
            category = unicodedata.category(ch)
            if category == "Cs":  # a lone surrogate: bytes of the command line that were not UTF-8
                raise BlockError("the rule text is not valid UTF-8")
            if (category == "Cc" and ch != "\t") or category in ("Zl", "Zp"):
                raise BlockError(f"the rule text may not contain control characters (U+{ord(ch):04X})")
    return parts


def render_rule(rule_id: str, text: str, src: str, conf: float, newline: str = "\n") -> str:
    if not ID_RE.match(rule_id):
        raise BlockError(f"bad rule id {rule_id!r}: a rule's id is its file name without .md, and may hold only "
                         "ASCII letters, digits, '_' and, after the first, '.', '@', '+', '-'; "
                         "rename the rules file to promote it")
    if not src or any(c in src for c in ";<>\r\n"):
        raise BlockError(f"bad source path for the trailer: {src!r}")
    if not 0.0 <= conf <= 1.0:
        raise BlockError(f"confidence {conf} is not between 0 and 1")
    parts = check_text(text)
    trailer = f"<!-- rule: {rule_id}; src: {src}; conf: {conf:.2f} -->"
    if len(parts) == 1:
        return f"- {parts[0]} {trailer}{newline}"
    return f"- {parts[0]}{newline}  {parts[1]} {trailer}{newline}"


def _editable(text: str, prefix: str) -> tuple[str, list[str], Block]:
    bom, lines = split_bom(text)
    block = parse_lines(lines, prefix)
    problem = block.blocking_problem()
    if problem is not None:
        raise BlockError(f"{problem.message}; fix the managed block by hand first", line=problem.line)
    return bom, lines, block


def upsert(text: str, rule_id: str, rule_text: str, src: str, conf: float, prefix: str = "ai-memory") -> str:
    """Add the rule at the end of the sub-block, or rewrite it in place when it is there already."""
    bom, lines, block = _editable(text, prefix)
    body = "".join(lines)
    existing = block.rule(rule_id)
    if existing is not None:
        newline = ending(lines[existing.end_line - 1]) or detect_newline(body)
        lines[existing.line - 1:existing.end_line] = [render_rule(rule_id, rule_text, src, conf, newline)]
        return bom + "".join(lines)
    if block.sub is not None:
        at = block.sub + 1
        for i in range(block.sub + 1, block.sub_end):
            if content(lines[i]).strip():
                at = i + 1
        newline = ending(lines[at - 1]) or detect_newline(body)
        lines.insert(at, render_rule(rule_id, rule_text, src, conf, newline))
        return bom + "".join(lines)
    if block.start is not None and block.end is not None:
        newline = ending(lines[block.end - 1]) or detect_newline(body)
        lines[block.end:block.end] = [f"<!-- {prefix}: {SUB_LABEL} -->{newline}",
                                      render_rule(rule_id, rule_text, src, conf, newline)]
        return bom + "".join(lines)
    newline = detect_newline(body)
    tail = newline
    if not body:
        head = ""
    elif body.endswith("\n"):
        head = body + newline
    else:  # keep the file's missing final newline, so that removing the block restores it exactly
        head, tail = body + newline + newline, ""
    new = (f"<!-- {prefix}:start -->{newline}<!-- {prefix}: {SUB_LABEL} -->{newline}"
           f"{render_rule(rule_id, rule_text, src, conf, newline)}<!-- {prefix}:end -->{tail}")
    return bom + head + new


def remove(text: str, rule_id: str, prefix: str = "ai-memory") -> str:
    """Take the rule out. When the sub-block empties, its marker goes; when the block then holds nothing,
    the whole block goes with the blank line that separated it (the exact inverse of the append)."""
    bom, lines, block = _editable(text, prefix)
    rule = block.rule(rule_id)
    if rule is None or block.sub is None:
        raise BlockError(f"rule '{rule_id}' is not in the managed block", exit_code=1)
    del lines[rule.line - 1:rule.end_line]
    sub_end = block.sub_end - (rule.end_line - rule.line + 1)
    if sub_end == block.sub + 1:
        del lines[block.sub]
        assert block.start is not None and block.end is not None
        end = block.end - (rule.end_line - rule.line + 2)
        if end == block.start + 1:
            lines = _drop_block(lines, block.start, end)
    return bom + "".join(lines)


def _drop_block(lines: list[str], start: int, end: int) -> list[str]:
    head, tail = lines[:start], lines[end + 1:]
    at_eof = not tail
    if at_eof and head and not content(head[-1]):
        separator = head.pop()
        if not lines[end].endswith("\n") and head and head[-1].endswith(separator):
            head[-1] = head[-1][: -len(separator)]
    return head + tail
