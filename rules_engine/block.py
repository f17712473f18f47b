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
newline are kept as they are. No I/O here: callers decode bytes strictly and write through the guard."""
from __future__ import annotations

import re
from dataclasses import dataclass

from rules_engine.errors import KguardError

BOM = "\ufeff"
SUB_LABEL = "promoted rules (managed)"
TRAILER_RE = re.compile(
    r"\s*<!--\s*rule:\s*(?P<id>[^;<>]*?)\s*;\s*src:\s*(?P<src>[^;<>]*?)\s*;"
    r"\s*conf:\s*(?P<conf>[^;<>\s]*)\s*-->\s*\Z"
)
TRAILER_START_RE = re.compile(r"<!--\s*rule:")
ID_RE = re.compile(r"[A-Za-z0-9_][A-Za-z0-9._@+-]*\Z")
LINE_RE = re.compile(r"[^\n]*\n|[^\n]+\Z")


class BlockError(KguardError):
    """The block cannot be edited as asked (broken markers, unknown rule, bad text)."""


@dataclass(frozen=True)
class Problem:
    code: str  # BLK003 trailer, BLK004 markers, BLK005 duplicate rule
    line: int  # 1-based
    message: str
    rule: str = ""


@dataclass(frozen=True)
class PromotedRule:
    id: str
    text: str  # the rule's lines without bullet, indentation and trailer, joined by "\n"
    src: str
    conf: float
    line: int  # 1-based first line (the bullet)
    end_line: int  # 1-based last line (the one with the trailer)


@dataclass(frozen=True)
class Block:
    prefix: str
    start: int | None  # 0-based line indices
    end: int | None
    sub: int | None
    sub_end: int  # index of the first line after the sub-block (its next marker)
    rules: tuple[PromotedRule, ...]
    problems: tuple[Problem, ...]
    line_count: int  # non-blank lines of the sub-block below its marker: what max_lines counts

    @property
    def broken(self) -> bool:
        return any(p.code == "BLK004" for p in self.problems)

    def rule(self, rule_id: str) -> PromotedRule | None:
        return next((r for r in self.rules if r.id == rule_id), None)


def split_lines(text: str) -> list[str]:
    """Lines with their endings; only "\\n" ends a line (never \\x0b, \\x85 or U+2028 as splitlines does)."""
    return LINE_RE.findall(text)


def content(line: str) -> str:
    if line.endswith("\n"):
        line = line[:-1]
        if line.endswith("\r"):
            line = line[:-1]
    return line


def ending(line: str) -> str:
    return line[len(content(line)):]


def detect_newline(text: str) -> str:
    index = text.find("\n")
    return "\r\n" if index > 0 and text[index - 1] == "\r" else "\n"


def _markers(prefix: str) -> tuple[re.Pattern[str], re.Pattern[str], re.Pattern[str], re.Pattern[str]]:
    p = re.escape(prefix)
    return (
        re.compile(rf"<!--\s*{p}:start\s*-->\Z"),
        re.compile(rf"<!--\s*{p}:end\s*-->\Z"),
        re.compile(rf"<!--\s*{p}:\s*promoted rules \(managed\)\s*-->\Z"),
        re.compile(rf"<!--\s*{p}:"),
    )


def marker_kind(line: str, prefix: str) -> str | None:
    text = content(line).strip().lstrip(BOM)
    start, end, sub, other = _markers(prefix)
    for name, pattern in (("start", start), ("end", end), ("sub", sub)):
        if pattern.match(text):
            return name
    return "other" if other.match(text) else None


def parse(text: str, prefix: str = "ai-memory") -> Block:
    return parse_lines(split_lines(text.removeprefix(BOM)), prefix)


def parse_lines(lines: list[str], prefix: str) -> Block:
    problems: list[Problem] = []
    blocks: list[tuple[int, int]] = []
    markers: list[int] = []
    subs: list[int] = []
    open_start: int | None = None
    start_tag, end_tag = f"<!-- {prefix}:start -->", f"<!-- {prefix}:end -->"
    for i, line in enumerate(lines):
        kind = marker_kind(line, prefix)
        if kind is None:
            continue
        markers.append(i)
        if kind == "start":
            if open_start is not None:
                problems.append(Problem("BLK004", i + 1, f"nested {start_tag}: the block opened on line "
                                        f"{open_start + 1} has no {end_tag} before it"))
            else:
                if blocks:
                    problems.append(Problem("BLK004", i + 1, f"duplicated block: a second {start_tag} "
                                            f"(the first block is on lines {blocks[0][0] + 1}-{blocks[0][1] + 1})"))
                open_start = i
        elif kind == "end":
            if open_start is None:
                problems.append(Problem("BLK004", i + 1, f"{end_tag} without a {start_tag} before it"))
            else:
                blocks.append((open_start, i))
                open_start = None
        elif kind == "sub":
            if open_start is None:
                problems.append(Problem("BLK004", i + 1, f"the '{SUB_LABEL}' marker is outside "
                                        f"{start_tag} ... {end_tag}"))
            else:
                if subs:
                    problems.append(Problem("BLK004", i + 1, f"duplicated '{SUB_LABEL}' marker (the first "
                                            f"is on line {subs[0] + 1})"))
                subs.append(i)
    if open_start is not None:
        problems.append(Problem("BLK004", open_start + 1, f"{start_tag} has no {end_tag} after it"))
        blocks.append((open_start, -1))
    start, end = blocks[0] if blocks else (None, None)
    end = None if end == -1 else end
    inside = [s for s in subs if start is not None and s > start and (end is None or s < end)]
    sub = inside[0] if inside else None
    sub_end = len(lines)
    if sub is not None:
        sub_end = next((m for m in markers if m > sub), len(lines))
    rules, rule_problems, count = _parse_rules(lines, sub, sub_end) if sub is not None else ((), [], 0)
    return Block(prefix, start, end, sub, sub_end, rules, tuple(problems + rule_problems), count)


def _parse_rules(lines: list[str], sub: int, sub_end: int) -> tuple[tuple[PromotedRule, ...], list[Problem], int]:
    rules: list[PromotedRule] = []
    problems: list[Problem] = []
    count = sum(1 for line in lines[sub + 1:sub_end] if content(line).strip())
    i = sub + 1
    while i < sub_end:
        text = content(lines[i])
        if not text.strip():
            i += 1
            continue
        if not (text.startswith("- ") or text == "-"):
            problems.append(Problem("BLK003", i + 1, f"not a rule bullet: {_short(text)!r}; each promoted rule "
                                    "is one '- ' bullet with its trailer"))
            i += 1
            continue
        item = [i]
        while (not TRAILER_START_RE.search(content(lines[item[-1]])) and item[-1] + 1 < sub_end
               and content(lines[item[-1] + 1])[:1] in (" ", "\t") and content(lines[item[-1] + 1]).strip()):
            item.append(item[-1] + 1)
        rule, problem = _parse_item([content(lines[j]) for j in item], item[0] + 1)
        if problem is not None:
            problems.append(problem)
        if rule is not None:
            if any(r.id == rule.id for r in rules):
                first = next(r for r in rules if r.id == rule.id)
                problems.append(Problem("BLK005", rule.line, f"rule '{rule.id}' is promoted twice (first on "
                                        f"line {first.line})", rule.id))
            rules.append(rule)
        i = item[-1] + 1
    return tuple(rules), problems, count


def _parse_item(texts: list[str], line: int) -> tuple[PromotedRule | None, Problem | None]:
    last_line = line + len(texts) - 1
    parts = [texts[0][1:].strip()] + [t.strip() for t in texts[1:]]
    match = TRAILER_RE.search(texts[-1])
    if match is None:
        if TRAILER_START_RE.search(texts[-1]):
            return None, Problem("BLK003", last_line, "malformed provenance trailer; expected "
                                 "'<!-- rule: ID; src: PATH; conf: 0.92 -->' at the end of the line")
        return None, Problem("BLK003", last_line, f"rule {_short(parts[0])!r} has no provenance trailer "
                             "'<!-- rule: ID; src: PATH; conf: N -->' at the end of its last line")
    rule_id, src, conf_text = match["id"], match["src"], match["conf"]
    try:
        conf = float(conf_text)
    except ValueError:
        conf = -1.0
    if not ID_RE.match(rule_id) or not src or not 0.0 <= conf <= 1.0:
        what = "rule id" if not ID_RE.match(rule_id) else "src" if not src else "conf (a number 0..1)"
        return None, Problem("BLK003", last_line, f"malformed provenance trailer: bad {what}", rule_id)
    parts[-1] = TRAILER_RE.sub("", parts[-1]) if len(parts) > 1 else texts[-1][:match.start()][1:].strip()
    text = "\n".join(p.strip() for p in parts)
    return PromotedRule(rule_id, text, src, conf, line, last_line), None


def _short(text: str, width: int = 50) -> str:
    text = text.strip()
    return text if len(text) <= width else text[: width - 1] + "…"


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
    return parts


def render_rule(rule_id: str, text: str, src: str, conf: float, newline: str = "\n") -> str:
    if not ID_RE.match(rule_id):
        raise BlockError(f"bad rule id {rule_id!r} (letters, digits, '.', '_', '-')")
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
    bom = BOM if text.startswith(BOM) else ""
    lines = split_lines(text[len(bom):])
    block = parse_lines(lines, prefix)
    problem = next((p for p in block.problems if p.code in ("BLK004", "BLK005")), None)
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


def only_imports(text: str, target: str = "AGENTS.md") -> bool:
    """True for a CLAUDE.md whose only content is an import of AGENTS.md (`@AGENTS.md`): it gets no block."""
    seen = False
    for line in split_lines(text.removeprefix(BOM)):
        stripped = content(line).strip()
        if not stripped or (stripped.startswith("<!--") and stripped.endswith("-->")):
            continue
        if stripped in (f"@{target}", f"@./{target}"):
            seen = True
            continue
        return False
    return seen
