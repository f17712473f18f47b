"""A review as text, JSON, SARIF (findings on added lines only), GitHub annotations, or Markdown for
$GITHUB_STEP_SUMMARY with a small Mermaid chart of the budget."""
from __future__ import annotations

import json
from dataclasses import asdict
from typing import Any

from hooks import render
from hooks.pr_review.block import BlockDelta
from hooks.pr_review.origins import counted, label
from hooks.pr_review.review import FileReview, Review
from hooks.style import one_line, printable
from rules_engine.budget import Report

FORMATS = ("text", "json", "sarif", "github", "markdown")
PARTS = {"memory": "memory", "always_rules": "always rules", "agents_md": "AGENTS.md", "catalogue": "catalogue"}
SIGN = {"added": "+", "removed": "-"}
FENCE = "`" * 3


def output(result: Review, fmt: str) -> str:
    if fmt == "text":
        return text(result)
    if fmt == "json":
        return json.dumps(as_json(result), indent=2, ensure_ascii=False) + "\n"
    if fmt == "sarif":
        return render.render(result.findings, "sarif")
    if fmt == "github":
        return github(result)
    if fmt == "markdown":
        return markdown(result)
    raise ValueError(f"unknown format {fmt!r}")


def _origin(file: FileReview, number: int | None) -> str:
    origin = file.origins.get(number) if number is not None else None
    return f"  [{label(origin)}]" if origin is not None else ""


def _line_texts(file: FileReview) -> list[str]:
    out = []
    for line in file.lines:
        if line.kind == "changed":
            out += [f"  ~ {line.old_line} -> {line.new_line}:", f"    - {line.old}",
                    f"    + {line.new}{_origin(file, line.new_line)}"]
        elif line.kind == "added":
            out.append(f"  + {line.new_line}: {line.new}{_origin(file, line.new_line)}")
        else:
            out.append(f"  - {line.old_line}: {line.old}")
    return [printable(t) for t in out]


def _origin_json(file: FileReview, number: int | None) -> dict[str, Any] | None:
    origin = file.origins.get(number) if number is not None else None
    if origin is None:
        return None
    from hooks.commands.blame import as_json as blamed

    return {k: v for k, v in blamed(origin).items() if k not in ("line", "text")}


def origin_counts(result: Review) -> dict[str, int]:
    return counted(o for file in result.files for o in file.origins.values())


def _block_texts(block: BlockDelta) -> list[str]:
    out = [f"  managed block: {block.before.rules} -> {block.after.rules} rule(s) (cap {block.max_rules}), "
           f"{block.before.lines} -> {block.after.lines} line(s) (cap {block.max_lines})"]
    for label, ids in (("promoted", block.promoted), ("removed", block.removed), ("reworded", block.reworded)):
        if ids:
            out.append(f"    {label}: {', '.join(one_line(i) for i in ids)}")
    if block.trailers_added:
        out.append(f"    provenance added to {block.trailers_added} rule(s)")
    if block.trailers_lost:
        out.append(f"    provenance lost: {block.trailers_lost} rule(s) without a trailer")
        out += [f"      {one_line(p)}" for p in block.problems]
    if block.over_cap:
        out.append("    over its cap")
    return out


def _budget_rows(before: Report, after: Report) -> list[tuple[str, int, int]]:
    rows = [(label, before.before[key], after.before[key]) for key, label in PARTS.items()]
    return rows + [("total", before.total_before, after.total_before)]


def _fit(report: Report) -> str:
    total = report.total_before
    return (f"under the window by {report.limit - total:,}" if total <= report.limit
            else f"over the window by {total - report.limit:,}")


def text(result: Review) -> str:
    out = [f"kguard review {one_line(result.spec)}"]
    for file in result.files:
        moved = f" (from {one_line(file.old_path)})" if file.status == "renamed" else ""
        out.append(f"{one_line(file.path)}: {file.status}{moved}")
        out += _line_texts(file)
        for f in file.findings:
            out.append(f"  {f.line}:{f.column}: {f.id} [{f.severity}] {printable(f.message)}")
        if file.already_present:
            out.append(f"  {file.already_present} finding(s) already present before this change (not shown)")
        if file.block is not None and file.block.changed:
            out += _block_texts(file.block)
    if not result.files:
        out.append("no knowledge file changed")
    for switch in result.switches:
        verdict = "allowed by [review] allow_guard_changes" if switch.allowed else "not allowed"
        out.append(f"{one_line(switch.path)}: {switch.status}: can switch a guard off ({verdict})")
    before, after = result.budget_before, result.budget_after
    out.append(f"budget (limit {after.limit:,} tokens, {after.share:.0%} of {after.context_window:,}):")
    out += [f"  {label:<13}{b:>8,} -> {a:,}" for label, b, a in _budget_rows(before, after)]
    out.append(f"  base: {_fit(before)}; head: {_fit(after)}")
    out += [f"  not counted (unreadable at head): {one_line(error)}" for error in result.unread]
    out += [f"fail: {one_line(reason)}" for reason in result.failures]
    out.append("review failed" if result.failures else "review passed")
    return "\n".join(out) + "\n"


def _budget_json(report: Report) -> dict[str, Any]:
    return {"parts": report.before, "total": report.total_before, "limit": report.limit,
            "fits": report.total_before <= report.limit}


def as_json(result: Review) -> dict[str, Any]:
    files = []
    for file in result.files:
        entry: dict[str, Any] = {
            "path": file.path, "old_path": file.old_path, "status": file.status,
            "lines": [{**asdict(line), "origin": _origin_json(file, line.new_line)} for line in file.lines],
            "findings": [render.as_dict(f) for f in file.findings], "already_present": file.already_present,
            "block": None,
        }
        if file.block is not None:
            entry["block"] = {**asdict(file.block), "trailers_lost": file.block.trailers_lost,
                              "trailers_added": file.block.trailers_added, "over_cap": file.block.over_cap}
        files.append(entry)
    return {"range": result.spec, "base": result.base, "head": result.head, "files": files,
            "added_lines_by_origin": origin_counts(result),
            "guard_switches": [asdict(s) for s in result.switches],
            "budget": {"base": _budget_json(result.budget_before), "head": _budget_json(result.budget_after),
                       "unread": result.unread},
            "failures": result.failures, "exit_code": result.exit_code}


def github(result: Review) -> str:
    out = render.render(result.findings, "github")
    for file in result.files:
        block = file.block
        if block is not None and (block.over_cap or block.trailers_lost):
            out += render.annotation("error", block.path, "kguard review", _block_texts(block)[0].strip()) + "\n"
    for switch in result.switches:
        level = "notice" if switch.allowed else "error"
        message = "this file can switch a guard off" + (" (allowed)" if switch.allowed else "")
        out += render.annotation(level, switch.path, "kguard review", message) + "\n"
    return out


def _cell(text: str) -> str:
    return one_line(text).replace("|", "\\|").replace("`", "'")


def mermaid(before: Report, after: Report) -> list[str]:
    """Bars: the tokens at base and head; the line: the limit, drawn only when the bars would still show."""
    totals = [before.total_before, after.total_before]
    near = max(totals) * 4 >= after.limit
    top = max(*totals, after.limit) if near else max(*totals, 1)
    lines = ["```mermaid", "xychart-beta", f'  title "Knowledge tokens per prompt (limit {after.limit:,})"',
             '  x-axis ["base", "head"]', f'  y-axis "tokens" 0 --> {top + top // 10}',
             f"  bar [{totals[0]}, {totals[1]}]"]
    if near:
        lines.append(f"  line [{after.limit}, {after.limit}]")
    return lines + ["```"]


def _diff_lines(file: FileReview) -> list[str]:
    """The lines as a `diff` block shows them: a sign first, then the line number."""
    out = []
    for line in file.lines:
        if line.kind != "added":
            out.append(f"-{line.old_line}: {line.old}")
        if line.kind != "removed":
            out.append(f"+{line.new_line}: {line.new}")
    return [printable(t).replace(FENCE, "'" * 3) for t in out]


def markdown(result: Review) -> str:
    failed = bool(result.failures)
    out = ["## kguard review", "", f"{'❌ failed' if failed else '✅ passed'}: {len(result.files)} knowledge "
           f"file(s) changed, {len(result.findings)} finding(s) on added lines, "
           f"{sum(not s.allowed for s in result.switches)} guard-switching change(s) not allowed."]
    counts = origin_counts(result)
    if any(counts.values()):
        unaccepted = sum(o.record.origin == "agent" and o.record.accepted != "user"
                         for file in result.files for o in file.origins.values())
        out += ["", "Added lines by origin: " + ", ".join(f"{name} {count}" for name, count in counts.items())
                + (f" ({unaccepted} agent line(s) accepted by no person)" if unaccepted else "") + "."]
    if failed:
        out += [""] + [f"- {_cell(reason)}" for reason in result.failures]
    for file in result.files:
        out += ["", f"### `{_cell(file.path)}` ({file.status})", ""]
        if file.lines:
            out += ["```diff", *_diff_lines(file), "```"]
        written = [(n, o) for n, o in sorted(file.origins.items()) if o.record.origin != "human"]
        if written:
            out += ["", "| Line | Origin | Accepted | Who |", "| ---: | --- | --- | --- |"]
            out += [f"| {n} | {o.record.origin} | {o.record.accepted} | {_cell(label(o).partition(': ')[2])} |"
                    for n, o in written]
        if file.findings:
            out += ["", "| | ID | Line | Finding |", "| --- | --- | --- | --- |"]
            out += [f"| {f.severity} | `{f.id}` | {f.line} | {_cell(f.message)} |" for f in file.findings]
        if file.already_present:
            out += ["", f"{file.already_present} finding(s) already present before this change."]
        if file.block is not None and file.block.changed:
            out += ["", *(f"- {t.strip()}" for t in _block_texts(file.block))]
    if result.switches:
        out += ["", "### Files that can switch a guard off", ""]
        out += [f"- `{_cell(s.path)}` ({s.status}): {'allowed' if s.allowed else '**not allowed**'}"
                for s in result.switches]
    before, after = result.budget_before, result.budget_after
    out += ["", f"### Budget (limit {after.limit:,} tokens)", "", "| part | base | head |", "| --- | ---: | ---: |"]
    out += [f"| {label} | {b:,} | {a:,} |" for label, b, a in _budget_rows(before, after)]
    out += ["", f"Base: {_fit(before)}. Head: {_fit(after)}."]
    out += [f"- not counted (unreadable at head): `{_cell(error)}`" for error in result.unread]
    out += ["", *mermaid(before, after)]
    return "\n".join(out) + "\n"
