"""Reading the managed block: markers, promoted-rule bullets and their provenance trailers, with every
problem found (BLK003 trailers and stray lines, BLK004 markers, BLK005 duplicate rules). Text in, records out."""
from __future__ import annotations

import re

from rules_engine.block_model import ID_RE, SUB_LABEL, Block, Problem, PromotedRule
from rules_engine.block_text import BOM, content, split_bom

TRAILER_RE = re.compile(
    r"\s*<!--\s*rule:\s*(?P<id>[^;<>]*?)\s*;\s*src:\s*(?P<src>[^;<>]*?)\s*;"
    r"\s*conf:\s*(?P<conf>[^;<>\s]*)\s*-->\s*\Z"
)
TRAILER_START_RE = re.compile(r"<!--\s*rule:")


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
    return parse_lines(split_bom(text)[1], prefix)


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


def only_imports(text: str, target: str = "AGENTS.md") -> bool:
    """True for a CLAUDE.md whose only content is an import of AGENTS.md (`@AGENTS.md`): it gets no block."""
    seen = False
    for line in split_bom(text)[1]:
        stripped = content(line).strip()
        if not stripped or (stripped.startswith("<!--") and stripped.endswith("-->")):
            continue
        if stripped in (f"@{target}", f"@./{target}"):
            seen = True
            continue
        return False
    return seen
