"""`kguard rules recommend|approve|edit|remove|list`: promote durable rules into the managed block of AGENTS.md.

Only approve, edit and remove write, only when `[rules_promotion] enabled = true`, and always through the guard
(atomic, journaled: `kguard undo ID` takes them back). Nothing writes the block on its own."""
from __future__ import annotations

import json
from dataclasses import dataclass
from datetime import date
from pathlib import Path
from typing import Any

import click

from hooks.session import Session, open_session
from rules_engine import block as blk
from rules_engine import promotion as prom
from rules_engine.errors import KguardError, Refused
from rules_engine.models import Rule
from rules_engine.parse import parse_rule
from rules_engine.settings import PromotionSettings

AGENTS = "AGENTS.md"
RULES_DIR = ".agents/rules"
HINT_STATE = "rules-hint.json"
FORMAT = click.option("--format", "fmt", type=click.Choice(["text", "json"]), default="text", show_default=True)


@dataclass
class Promotion:
    session: Session
    settings: PromotionSettings
    rules: list[Rule]
    errors: list[KguardError]
    agents: Path
    text: str
    raw: bytes | None
    block: blk.Block
    candidates: list[prom.Candidate]

    def candidate(self, rule_id: str) -> prom.Candidate:
        found = next((c for c in self.candidates if c.id == rule_id), None)
        if found is None:
            bad = next((e for e in self.errors if Path(e.path or "").stem == rule_id), None)
            if bad is not None:
                raise bad
            raise KguardError(f"no rules file named '{rule_id}' in {RULES_DIR}/ or "
                              f"{self.settings.memory_store}/_rules/ (kguard rules recommend --all lists them)")
        return found

    def rule(self, rule_id: str) -> Rule | None:
        return next((r for r in self.rules if r.name == rule_id), None)


def rule_sources(root: Path, settings: PromotionSettings) -> list[tuple[str, Path]]:
    """(display path, path) of every candidate source: `.agents/rules/*.md`, then an ai-memory store's
    `_rules/*.md` pages when the store exists."""
    found = []
    for folder in (root / RULES_DIR, root / settings.memory_store / "_rules"):
        if folder.is_dir():
            for path in sorted(folder.glob("*.md")):
                if path.is_file():
                    found.append((path.relative_to(root).as_posix(), path))
    return found


def load_rules(sources: list[tuple[str, bytes | Path]]) -> tuple[list[Rule], list[KguardError]]:
    rules: list[Rule] = []
    errors: list[KguardError] = []
    for display, source in sources:
        try:
            data = source if isinstance(source, bytes) else source.read_bytes()
            rule = parse_rule(display, data)
        except KguardError as exc:
            errors.append(exc)
            continue
        except OSError as exc:
            errors.append(KguardError(f"cannot read: {exc.strerror or exc}", display))
            continue
        if all(r.name != rule.name for r in rules):  # the project's own file wins over a page of the same name
            rules.append(rule)
    return rules, errors


def decode(data: bytes, display: str) -> str:
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as exc:
        line = data[: exc.start].count(b"\n") + 1
        raise KguardError(f"not UTF-8 (byte 0x{data[exc.start]:02x}); the managed block cannot be edited",
                          display, line) from None


def load(session: Session) -> Promotion:
    settings = session.settings.rules_promotion
    root = session.places.root
    rules, errors = load_rules(list(rule_sources(root, settings)))
    agents = root / AGENTS
    raw = agents.read_bytes() if agents.is_file() else None
    text = decode(raw, AGENTS) if raw is not None else ""
    candidates = prom.evaluate_all(rules, settings, date.today())
    return Promotion(session, settings, rules, errors, agents, text, raw,
                     blk.parse(text, settings.marker_prefix), candidates)


def _require_enabled(settings: PromotionSettings, session: Session) -> None:
    if not settings.enabled:
        where = session.config_file.name if session.config_file else ".kguard.toml"
        table = "[tool.kguard.rules_promotion]" if where == "pyproject.toml" else "[rules_promotion]"
        raise Refused(f"rule promotion is off: set `enabled = true` under {table} in {where} to let "
                      "approve, edit and remove write the managed block of AGENTS.md")


def _write(session: Session, writes: list[tuple[Path, str, str]], action: str,
           expected: dict[Path, bytes | None]) -> list[str]:
    """Write through the guard: atomic, journaled, the new baseline. Refuses, changing nothing, when a file
    holds a change nobody reviewed yet (writing would make it the baseline unseen) or changed since it was
    read. Returns the journal entry ids."""
    guard = session.guard
    root = session.places.root
    with guard.transaction() as g:
        for path, _, _ in writes:
            display = path.relative_to(root).as_posix()
            now = path.read_bytes() if path.is_file() else None
            if now != expected.get(path):
                raise Refused(f"{display} changed while kguard was reading it; nothing changed, run it again")
            if g.has_baseline() and g.changes([str(path)]):
                raise Refused(f"{display} has changes nobody reviewed yet: look at them (kguard diff {display}) "
                              f"and keep or reset them (kguard keep {display} / kguard reset {display}) first; "
                              "nothing changed")
        return [g.write_file(path, text.encode("utf-8"), action, note) for path, text, note in writes]


def _usage(block: blk.Block, settings: PromotionSettings) -> str:
    return (f"{len(block.rules)}/{settings.max_promoted} rules, "
            f"{block.line_count}/{settings.max_lines} lines")


def _check_writable(state: Promotion) -> None:
    problem = next((p for p in state.block.problems if p.code in ("BLK004", "BLK005")), None)
    if problem is not None:
        raise KguardError(f"{problem.message}; fix the managed block by hand first", AGENTS, problem.line)


def _claude_note(root: Path) -> str | None:
    claude = root / "CLAUDE.md"
    if not claude.is_file():
        return None
    try:
        text = claude.read_bytes().decode("utf-8")
    except (OSError, UnicodeDecodeError):
        return None
    if "@AGENTS.md" in text or "@./AGENTS.md" in text:
        return None
    return "note: CLAUDE.md does not import AGENTS.md, so Claude Code will not see the block (add `@AGENTS.md`)"


@click.group("rules")
def rules() -> None:
    """Promote durable rules into the managed, capped block of AGENTS.md.

    \b
      kguard rules recommend          ranked candidates and why each qualified (read-only)
      kguard rules approve ID         add a rule to the block, with its provenance trailer
      kguard rules edit ID --text T   reword a rule (its rules file and, if promoted, the block)
      kguard rules remove ID          take a rule out of the block (its rules file stays)
      kguard rules list               what is promoted, with provenance and staleness
    """


def _candidate_json(c: prom.Candidate, promoted: bool) -> dict[str, Any]:
    return {
        "id": c.id, "text": c.text, "source": c.source, "confidence": c.confidence, "sessions": c.sessions,
        "last_used": c.last_used.isoformat() if c.last_used else None, "breadth": c.breadth,
        "recency": c.recency, "score": c.score, "eligible": c.eligible, "promoted": promoted, "why": c.why,
        "tests": [{"name": t.name, "passed": t.passed, "reason": t.reason} for t in c.tests],
    }


@rules.command()
@click.option("--all", "show_all", is_flag=True, help="every rule not yet promoted, the ineligible too")
@FORMAT
def recommend(show_all: bool, fmt: str) -> int:
    """Rules worth promoting, best first (top 5 unless --all). Changes nothing."""
    state = load(open_session())
    promoted = [r.id for r in state.block.rules]
    shown = prom.recommend(state.candidates, promoted, state.settings, show_all)
    for error in state.errors:
        click.echo(f"kguard: warning: {error} (skipped)", err=True)
    if fmt == "json":
        click.echo(json.dumps({"candidates": [_candidate_json(c, False) for c in shown]}, indent=2))
        return 0
    if not shown:
        click.echo("kguard: no rule qualifies for promotion" + ("" if show_all else
                   " (kguard rules recommend --all shows why each one does not)"))
        return 0
    for c in shown:
        mark = "" if c.eligible else "  [not eligible]"
        conf = f"{c.confidence:.2f}" if c.confidence is not None else "-"
        click.echo(f"{c.id}  score {c.score:.2f}  confidence {conf}  breadth {c.breadth:.1f}  {c.source}{mark}")
        for line in c.text.split("\n"):
            click.echo(f"    {line}")
        click.echo(f"    why: {c.why}")
    eligible = [c for c in state.candidates if c.eligible and c.id not in promoted]
    if not show_all and len(eligible) > len(shown):
        click.echo(f"({len(eligible) - len(shown)} more: kguard rules recommend --all)")
    click.echo(f"block: {_usage(state.block, state.settings)}; promote one with: kguard rules approve ID")
    return 0


@rules.command()
@click.argument("rule_id", metavar="ID")
def approve(rule_id: str) -> int:
    """Add rule ID to the managed block of AGENTS.md, with its provenance trailer.

    At the cap it changes nothing, exits 1 and names the promoted rule to remove first."""
    session = open_session()
    state = load(session)
    settings = state.settings
    _require_enabled(settings, session)
    cand = state.candidate(rule_id)
    _check_writable(state)
    if state.block.rule(rule_id) is not None:
        raise Refused(f"'{rule_id}' is already promoted (kguard rules edit {rule_id} --text ... rewords it)")
    if not cand.eligible:
        failed = "; ".join(t.reason for t in cand.tests if not t.passed)
        raise Refused(f"'{rule_id}' does not qualify for promotion: {failed}")
    new_text = blk.upsert(state.text, rule_id, cand.text, cand.source, cand.confidence or 0.0,
                          settings.marker_prefix)
    after = blk.parse(new_text, settings.marker_prefix)
    over = None
    if len(after.rules) > settings.max_promoted:
        over = f"at {len(state.block.rules)}/{settings.max_promoted} promoted rules", "max_promoted"
    elif after.line_count > settings.max_lines:
        over = (f"approving would make {after.line_count} lines, over max_lines = {settings.max_lines}",
                "max_lines")
    if over is not None:
        lowest = prom.lowest_promoted(state.block.rules, state.candidates)
        drop = f"remove '{lowest.id}' first (the lowest score): kguard rules remove {lowest.id}" if lowest else ""
        raise Refused(f"{over[0]}: nothing changed; {drop}{' -- or ' if drop else ''}raise "
                      f"[rules_promotion] {over[1]}")
    (entry,) = _write(session, [(state.agents, new_text, f"promoted {rule_id}")], "approve",
                      {state.agents: state.raw})
    click.echo(f"kguard: promoted '{rule_id}' into {AGENTS} ({_usage(after, settings)}); "
               f"undo: kguard undo {entry}")
    note = _claude_note(session.places.root)
    if note:
        click.echo(f"kguard: {note}", err=True)
    return 0


@rules.command()
@click.argument("rule_id", metavar="ID")
@click.option("--text", "new_text", required=True, help="the rule's new wording: one or two lines")
def edit(rule_id: str, new_text: str) -> int:
    """Reword rule ID: its rules file (when it lives in .agents/rules/) and, when promoted, the block."""
    session = open_session()
    state = load(session)
    settings = state.settings
    _require_enabled(settings, session)
    lines = blk.check_text(new_text)
    promoted = state.block.rule(rule_id)
    rule = state.rule(rule_id)
    if rule is None and promoted is None:
        state.candidate(rule_id)  # raises: no such rule
    _check_writable(state)
    writes: list[tuple[Path, str, str]] = []
    expected: dict[Path, bytes | None] = {state.agents: state.raw}
    root = session.places.root
    if rule is not None and rule.path.startswith(f"{RULES_DIR}/"):
        source = root / rule.path
        expected[source] = source.read_bytes()
        try:
            writes.append((source, prom.rewrite_source(decode(expected[source] or b"", rule.path), rule, lines),
                           f"reworded {rule_id}"))
        except ValueError:
            raise KguardError(f"the rule text is not one or two lines of its body; edit {rule.path} by hand",
                              rule.path, rule.body_line) from None
    if promoted is not None:
        conf = rule.confidence if rule is not None and rule.confidence is not None else promoted.conf
        updated = blk.upsert(state.text, rule_id, "\n".join(lines), promoted.src, conf, settings.marker_prefix)
        writes.append((state.agents, updated, f"reworded promoted {rule_id}"))
    if not writes:
        raise Refused(f"'{rule_id}' is not promoted and its source {rule.path if rule else ''} is not a "
                      f"{RULES_DIR}/ file kguard may write")
    entries = _write(session, writes, "edit", expected)
    names = ", ".join(path.relative_to(root).as_posix() for path, _, _ in writes)
    undo = "; ".join(f"kguard undo {e}" for e in entries)
    click.echo(f"kguard: reworded '{rule_id}' in {names}; undo: {undo}")
    if rule is not None and not rule.path.startswith(f"{RULES_DIR}/"):
        click.echo(f"kguard: note: {rule.path} is not changed (kguard writes only {RULES_DIR}/ files); "
                   "`kguard check` reports BLK103 until it says the same", err=True)
    return 0


@rules.command()
@click.argument("rule_id", metavar="ID")
def remove(rule_id: str) -> int:
    """Take rule ID out of the managed block. Its rules file stays, still fetched when it applies."""
    session = open_session()
    state = load(session)
    _require_enabled(state.settings, session)
    _check_writable(state)
    if state.block.rule(rule_id) is None:
        raise Refused(f"'{rule_id}' is not promoted (kguard rules list shows what is)")
    new_text = blk.remove(state.text, rule_id, state.settings.marker_prefix)
    (entry,) = _write(session, [(state.agents, new_text, f"removed {rule_id}")], "remove",
                      {state.agents: state.raw})
    after = blk.parse(new_text, state.settings.marker_prefix)
    click.echo(f"kguard: removed '{rule_id}' from {AGENTS} ({_usage(after, state.settings)}); its rules file "
               f"stays; undo: kguard undo {entry}")
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
            "drift": bool(source and prom.normalise(r.text) != prom.normalise(
                "\n".join(prom.rule_lines(source)[:2]))),
        })
    return rows


@rules.command("list")
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
        click.echo(f"kguard: nothing is promoted in {AGENTS} (kguard rules recommend)")
        return 0
    click.echo(f"{AGENTS}: {_usage(state.block, state.settings)}")
    for row in rows:
        flags = [name for name, on in (("stale", row["stale"]), ("source missing", not row["source_exists"]),
                                       ("text differs from source", row["drift"])) if on]
        extra = f"  [{', '.join(flags)}]" if flags else ""
        click.echo(f"{row['id']}  line {row['line']}  src {row['source']}  conf {row['confidence']:.2f}  "
                   f"score {row['score']:.2f}{extra}")
        for line in str(row["text"]).split("\n"):
            click.echo(f"    {line}")
    return 0


def recommend_hint_line(session: Session) -> str | None:
    """For `kguard status`: one line when the set of eligible, unpromoted rules has grown since last shown."""
    settings = session.settings.rules_promotion
    if not settings.recommend_hint:
        return None
    try:
        state = load(session)
    except KguardError:
        return None
    promoted = {r.id for r in state.block.rules}
    current = sorted(c.id for c in state.candidates if c.eligible and c.id not in promoted)
    path = session.places.project_state / HINT_STATE
    try:
        seen = set(json.loads(path.read_text(encoding="utf-8")).get("seen", []))
    except (OSError, ValueError, AttributeError):
        seen = set()
    new = [c for c in current if c not in seen]
    if not new:
        return None
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        tmp = path.with_suffix(".tmp")
        tmp.write_text(json.dumps({"version": 1, "seen": sorted(seen | set(current))}), encoding="utf-8")
        tmp.replace(path)
    except OSError:
        pass
    return f"{len(new)} new rule recommendation{'s' if len(new) != 1 else ''} — kguard rules recommend"
