"""The read-only `kguard rules` commands: `recommend` (ranked candidates and why) and `list` (what is
promoted, with provenance, score, staleness and drift). They change nothing."""
from __future__ import annotations

import json
from datetime import date
from typing import Any

import click

from hooks.style import printable

from hooks.promotion.state import AGENTS, Promotion, load, usage
from hooks.session import open_session
from rules_engine import promotion as prom

def echo(text: str = "") -> None:
    click.echo(printable(text))


FORMAT = click.option("--format", "fmt", type=click.Choice(["text", "json"]), default="text", show_default=True)


def _candidate_json(c: prom.Candidate, promoted: bool) -> dict[str, Any]:
    return {
        "id": c.id, "text": c.text, "source": c.source, "confidence": c.confidence, "sessions": c.sessions,
        "last_used": c.last_used.isoformat() if c.last_used else None, "breadth": c.breadth,
        "recency": c.recency, "score": c.score, "eligible": c.eligible, "promoted": promoted, "why": c.why,
        "tests": [{"name": t.name, "passed": t.passed, "reason": t.reason} for t in c.tests],
    }


@click.command()
@click.option("--all", "show_all", is_flag=True, help="every rule not yet promoted, the ineligible too")
@FORMAT
def recommend(show_all: bool, fmt: str) -> int:
    """Rules worth promoting, best first (top 5 unless --all). Changes nothing."""
    state = load(open_session())
    promoted = [r.id for r in state.block.rules]
    shown = prom.recommend(state.candidates, promoted, state.settings, show_all)
    for error in state.errors:
        click.echo(printable(f"kguard: warning: {error} (skipped)"), err=True)
    if fmt == "json":
        click.echo(json.dumps({"candidates": [_candidate_json(c, False) for c in shown]}, indent=2))
        return 0
    if not shown:
        echo("kguard: no rule qualifies for promotion" + ("" if show_all else
                   " (kguard rules recommend --all shows why each one does not)"))
        return 0
    for c in shown:
        mark = "" if c.eligible else "  [not eligible]"
        conf = f"{c.confidence:.2f}" if c.confidence is not None else "-"
        echo(f"{c.id}  score {c.score:.2f}  confidence {conf}  breadth {c.breadth:.1f}  {c.source}{mark}")
        for line in c.text.split("\n"):
            echo(f"    {line}")
        echo(f"    why: {c.why}")
    eligible = [c for c in state.candidates if c.eligible and c.id not in promoted]
    if not show_all and len(eligible) > len(shown):
        echo(f"({len(eligible) - len(shown)} more: kguard rules recommend --all)")
    echo(f"block: {usage(state.block, state.settings)}; promote one with: kguard rules approve ID")
    return 0


def promoted_rows(state: Promotion) -> list[dict[str, Any]]:
    today = date.today()
    by_path = {r.path: r for r in state.rules}
    scores = {c.id: c.score for c in state.candidates}
    rows = []
    for r in state.block.rules:
        source = by_path.get(r.src)
        rows.append({
            "id": r.id, "text": r.text, "source": r.src, "confidence": r.conf, "line": r.line,
            "source_exists": (state.session.places.root / r.src).is_file(),
            "score": scores.get(r.id, 0.0),
            "last_used": source.last_used.isoformat() if source and source.last_used else None,
            "stale": bool(source and prom.is_stale(source.last_used, today, state.settings)),
            "drift": bool(source and prom.text_drifted(r.text, source)),
        })
    return rows


@click.command("list")
@FORMAT
def list_(fmt: str) -> int:
    """What is promoted: each rule with its provenance, score and whether it is stale."""
    state = load(open_session())
    rows = promoted_rows(state)
    if fmt == "json":
        click.echo(json.dumps({
            "file": AGENTS, "enabled": state.settings.enabled, "count": len(rows),
            "max_promoted": state.settings.max_promoted, "lines": state.block.line_count,
            "max_lines": state.settings.max_lines, "promoted": rows,
        }, indent=2))
        return 0
    if not rows:
        echo(f"kguard: nothing is promoted in {AGENTS} (kguard rules recommend)")
        return 0
    echo(f"{AGENTS}: {usage(state.block, state.settings)}")
    for row in rows:
        flags = [name for name, on in (("stale", row["stale"]), ("source missing", not row["source_exists"]),
                                       ("text differs from source", row["drift"])) if on]
        extra = f"  [{', '.join(flags)}]" if flags else ""
        echo(f"{row['id']}  line {row['line']}  src {row['source']}  conf {row['confidence']:.2f}  "
                   f"score {row['score']:.2f}{extra}")
        for line in str(row["text"]).split("\n"):
            echo(f"    {line}")
    return 0
