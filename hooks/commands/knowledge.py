"""`kguard knowledge`, `budget`, `hints` and `conflicts`: the knowledge model shown to a person.
Exit codes: 0 fine; 1 budget does not fit / conflicts found; 2 when a knowledge file is invalid (every error
is printed as `kguard: error: path:line: message`, and the other files are still shown)."""
from __future__ import annotations

import json
import sys
from dataclasses import asdict
from typing import Any

import click

from hooks.commands.knowledge_model import Model, load
from hooks.style import one_line, printable
from rules_engine import catalogue
from rules_engine import conflicts as conflict_rules
from rules_engine import hints as hint_rules
from rules_engine.catalogue import READER_TEXT
from rules_engine.models import Document, Line, Memory, Rule

FORMAT = click.option("--format", "fmt", type=click.Choice(["text", "json"]), default="text", show_default=True)


def _done(model: Model, code: int) -> int:
    for error in model.errors:
        echo(f"kguard: error: {one_line(error)}", err=True)
    return 2 if model.errors else code


def echo(text: str = "", err: bool = False) -> None:
    click.echo(printable(text), err=err)


def _json(data: Any) -> None:
    click.echo(json.dumps(data, indent=2, ensure_ascii=False, default=str))


@click.command()
@FORMAT
def knowledge(fmt: str) -> int:
    """Every knowledge file by kind and reader, with what is done with it."""
    model = load()
    rows = catalogue.build(model.entries, model.budget())
    if fmt == "json":
        _json({"files": [asdict(r) for r in rows]})
        return _done(model, 0)
    heading = None
    for r in rows:
        if (r.kind, r.reader) != heading:
            heading = (r.kind, r.reader)
            echo(f"{r.kind} — {READER_TEXT.get(r.reader, r.reader)}")
        label = f"{r.name}: {r.description}" if r.name else ""
        echo(f"  {one_line(r.path)}  [{', '.join(r.treatment)}]" + (f"  {label}" if label else ""))
    if not rows:
        echo("no knowledge files found")
    return _done(model, 0)


@click.command()
@click.option("--context-window", type=click.IntRange(min=1), default=None,
              help="the model's context window in tokens (default: [budget] context_window)")
@FORMAT
def budget(context_window: int | None, fmt: str) -> int:
    """How memory, always rules, AGENTS.md and the catalogue fit the context budget."""
    model = load()
    report = model.budget(context_window)
    code = 0 if report.fits else 1
    if fmt == "json":
        _json({
            "context_window": report.context_window, "share": report.share, "limit": report.limit,
            "parts": report.before, "total": report.total_before,
            "after": report.after, "total_after": report.total_after,
            "steps": [asdict(s) for s in report.steps], "fits": report.fits, "memory_over": report.memory_over,
            "files": [asdict(p) for p in report.files],
        })
        return _done(model, code)
    if sys.stdout.isatty():  # a picture for people at a terminal; the text below when piped
        from hooks.budget_chart import draw

        draw(report)
        return _done(model, code)
    echo(f"context budget: {report.limit:,} tokens ({report.share:.0%} of {report.context_window:,})")
    names = {"memory": "memory", "always_rules": "always rules", "agents_md": "AGENTS.md", "catalogue": "catalogue"}
    for key, label in names.items():
        before, after = report.before[key], report.after[key]
        shown = f"{before:>8,}" + (f" -> {after:,}" if after != before else "")
        echo(f"  {label:<13}{shown}")
    echo(f"  {'total':<13}{report.total_before:>8,}"
               + (f" -> {report.total_after:,}" if report.total_after != report.total_before else ""))
    for number, step in enumerate(report.steps, 1):
        echo(f"step {number}: {step.message}")
        for path in step.paths if step.step == "rules-on-demand" else ():
            echo(f"  {one_line(path)}")
    if report.memory_over:
        echo(f"memory alone needs {report.before['memory']:,} tokens, over the budget of "
                   f"{report.limit:,}: it is never shortened; make it smaller")
    elif not report.fits:
        echo(f"still over the budget by {report.total_after - report.limit:,} tokens: "
                   "your own always rules and memory are never moved")
    else:
        echo("fits" if not report.steps else "fits after the steps above")
    return _done(model, code)


@click.command()
@FORMAT
def hints(fmt: str) -> int:
    """Suggestions for facts and rules, from word lists and counts. Nothing is changed."""
    from guard.history import ages

    model = load()
    age = ages(model.places, model.files)
    found = hint_rules.all_hints(
        [item for _, _, item in model.items(Memory)],  # type: ignore[misc]
        [item for _, _, item in model.items(Rule)],  # type: ignore[misc]
        age.lines, age.files, model.settings.hints.max_age_days, model.settings.hints.duplicate_ratio,
    )
    if fmt == "json":
        _json({"hints": [asdict(h) for h in found]})
        return _done(model, 0)
    for h in found:
        where = one_line(h.path if h.line is None else f"{h.path}:{h.line}")
        echo(f"{where}: {h.id} {h.name}: {one_line(h.message)} (suggested: {h.action})")
    if not found:
        echo("no hints")
    return _done(model, 0)


def _line(line: Line | None) -> dict[str, Any] | None:
    return None if line is None else {"path": line.path, "line": line.line, "text": line.text}


@click.command()
@FORMAT
def conflicts(fmt: str) -> int:
    """Folder rules that contradict your own, or claim to outweigh them. Exit 1 when any."""
    model = load()
    rules = model.items(Rule)
    docs = model.items(Document)
    found = conflict_rules.find(
        [r for _, loc, r in rules if loc.reader != "you"],  # type: ignore[misc]
        [s for _, loc, d in docs if loc.reader != "you" for s in d.statements],  # type: ignore[attr-defined]
        [r for _, loc, r in rules if loc.reader == "you"],  # type: ignore[misc]
        [s for _, loc, d in docs if loc.reader == "you" for s in d.statements],  # type: ignore[attr-defined]
    )
    if fmt == "json":
        _json({"conflicts": [{"kind": c.kind, "folder": _line(c.folder), "user": _line(c.user),
                              "message": c.message} for c in found]})
        return _done(model, 1 if found else 0)
    for c in found:
        echo(one_line(f"{c.folder.path}:{c.folder.line}: {c.kind}: {c.message}"))
        echo(f"    folder: {c.folder.text}")
        if c.user is not None:
            echo(f"    yours:  {one_line(c.user.path)}:{c.user.line}: {c.user.text}")
    if not found:
        echo("no conflicts")
    return _done(model, 1 if found else 0)
