"""`kguard budget` on a terminal: one bar per part (memory, always rules, AGENTS.md, catalogue), laid end to
end so the last one ends at the total, against the quarter-window line; what the shrink steps take off is
shaded and the step named. rich is imported here only, never on a hot path."""
from __future__ import annotations

from typing import Any

from hooks.style import one_line

LABELS = {"memory": "memory", "always_rules": "always rules", "agents_md": "AGENTS.md", "catalogue": "catalogue"}
STEP_PART = {"catalogue-names": "catalogue", "rules-on-demand": "always_rules", "agents-md-shortened": "agents_md"}
COLOURS = {"memory": "magenta", "always_rules": "blue", "agents_md": "green", "catalogue": "cyan", "total": "white"}
LABEL_WIDTH, NUMBER_WIDTH = 14, 22


def draw(report: Any) -> None:
    from rich.console import Console
    from rich.text import Text

    console = Console(highlight=False)
    width = max(20, console.width - LABEL_WIDTH - NUMBER_WIDTH - 1)
    scale = width / max(report.total_before, report.limit, 1) / 1.05
    limit_at = min(width - 1, round(report.limit * scale))
    steps = {STEP_PART[s.step]: n for n, s in enumerate(report.steps, 1) if s.step in STEP_PART}
    console.print(Text(f"context budget: {report.limit:,} tokens ({report.share:.0%} of "
                       f"{report.context_window:,}); │ marks it", style="bold"))
    start = 0
    rows = [(key, report.before[key], report.after[key]) for key in LABELS]
    rows.append(("total", report.total_before, report.total_after))
    for key, before, after in rows:
        offset = 0 if key == "total" else start
        kept, cut = round(after * scale), round(before * scale) - round(after * scale)
        cells = [" "] * width
        styles = [""] * width
        for i in range(round(offset * scale), min(width, round(offset * scale) + kept + cut)):
            solid = i < round(offset * scale) + kept
            cells[i], styles[i] = ("█", COLOURS[key]) if solid else ("░", f"dim {COLOURS[key]}")
        cells[limit_at] = "│"
        styles[limit_at] = "bold red" if (report.total_before if key == "total" else offset + before) > \
            report.limit else "bold"
        line = Text(f"{LABELS.get(key, 'total'):<{LABEL_WIDTH}}", style="bold" if key == "total" else "")
        for char, style in zip(cells, styles):
            line.append(char, style=style or None)
        number = f" {before:>8,}" + (f" -> {after:,}" if after != before else "")
        mark = f" (step {steps[key]})" if key in steps else ""
        line.append(number + mark)
        console.print(line, overflow="crop", no_wrap=True)
        start += before
    for number, step in enumerate(report.steps, 1):
        console.print(f"step {number}: {step.message}")
        for path in step.paths if step.step == "rules-on-demand" else ():
            console.print(f"  {one_line(path)}")
    if report.memory_over:
        console.print(f"memory alone needs {report.before['memory']:,} tokens, over the budget of "
                      f"{report.limit:,}: it is never shortened; make it smaller")
    elif not report.fits:
        console.print(f"still over the budget by {report.total_after - report.limit:,} tokens: your own always "
                      "rules and memory are never moved")
    else:
        console.print("fits" if not report.steps else "fits after the steps above")
