"""The `kguard rules` commands that write: `approve`, `edit` and `remove`. Only when `[rules_promotion]
enabled = true`, and always through the guard (atomic, journaled: `kguard undo ID` takes them back)."""
from __future__ import annotations

import os
from pathlib import Path

import click

from guard.provenance import recorder
from guard.provenance.records import Source
from hooks.promotion.state import AGENTS, RULES_DIR, Promotion, decode, load, usage
from hooks.session import Session, open_session
from rules_engine import block as blk
from rules_engine import promotion as prom
from rules_engine.errors import KguardError, Refused
from rules_engine.settings import PromotionSettings

RULE_ID = click.argument("rule_id", metavar="ID")


def _require_enabled(settings: PromotionSettings, session: Session) -> None:
    if not settings.enabled:
        where = session.config_file.name if session.config_file else ".kguard.toml"
        table = "[tool.kguard.rules_promotion]" if where == "pyproject.toml" else "[rules_promotion]"
        raise Refused(f"rule promotion is off: set `enabled = true` under {table} in {where} to let "
                      "approve, edit and remove write the managed block of AGENTS.md")


def _write(session: Session, writes: list[tuple[Path, str, str]], action: str,
           expected: dict[Path, bytes | None], rule: str) -> list[str]:
    """Write through the guard: atomic, journaled, the new baseline. Refuses, changing nothing, when a file
    holds a change nobody reviewed yet (writing would make it the baseline unseen) or changed since it was
    read. Returns the journal entry ids."""
    guard = session.guard
    root = session.places.root
    with guard.transaction() as g:
        for path, _, _ in writes:
            display = path.relative_to(root).as_posix()
            if path.is_symlink():
                raise KguardError(f"is a symlink (to {os.readlink(path)}); kguard writes no file through a symlink "
                                  "and will not replace it with a copy: edit the file it points to by hand; "
                                  "nothing changed", display)
            now = path.read_bytes() if path.is_file() else None
            if now != expected.get(path):
                raise Refused(f"{display} changed while kguard was reading it; nothing changed, run it again")
            scope = g.key_for(str(path)).partition(":")[0]
            fresh = all(r.fresh for r in g.roots if r.scope == scope)  # this project's baseline, not home's
            if not fresh and g.changes([str(path)]):
                raise Refused(f"{display} has changes nobody reviewed yet: look at them (kguard diff {display}) "
                              f"and keep or reset them (kguard keep {display} / kguard reset {display}) first; "
                              "nothing changed")
        ids = [g.write_file(path, text.encode("utf-8"), action, note) for path, text, note in writes]
        recorder.decided(g, [e for _, e in g.journal() if e.id in ids],
                         Source("promotion", f"kguard rules {action}", command=f"kguard rules {action} {rule}",
                                rule=rule), "user")
        return ids


def _check_writable(state: Promotion) -> None:
    problem = state.block.blocking_problem()
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


def _open_for_writing() -> Promotion:
    """The loaded state, or a refusal when promotion is off (or when a guarded command asks: the managed
    block is the user's to change)."""
    from hooks.consent import require_user

    session = open_session()
    require_user("rules", session.places.project_state)
    state = load(session)
    _require_enabled(state.settings, session)
    if state.undecodable is not None:
        raise state.undecodable
    return state


def _write_agents(state: Promotion, text: str, action: str, note: str, rule: str) -> str:
    (entry,) = _write(state.session, [(state.agents, text, note)], action, {state.agents: state.raw}, rule)
    return entry


@click.command()
@RULE_ID
def approve(rule_id: str) -> int:
    """Add rule ID to the managed block of AGENTS.md, with its provenance trailer.

    At the cap it changes nothing, exits 1 and names the promoted rule to remove first."""
    state = _open_for_writing()
    settings = state.settings
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
    entry = _write_agents(state, new_text, "approve", f"promoted {rule_id}", rule_id)
    click.echo(f"kguard: promoted '{rule_id}' into {AGENTS} ({usage(after, settings)}); "
               f"undo: kguard undo {entry}")
    note = _claude_note(state.session.places.root)
    if note:
        click.echo(f"kguard: {note}", err=True)
    return 0


@click.command()
@RULE_ID
@click.option("--text", "new_text", required=True, help="the rule's new wording: one or two lines")
def edit(rule_id: str, new_text: str) -> int:
    """Reword rule ID: its rules file (when it lives in .agents/rules/) and, when promoted, the block."""
    state = _open_for_writing()
    settings = state.settings
    lines = blk.check_text(new_text)
    promoted = state.block.rule(rule_id)
    rule = state.rule(rule_id)
    if rule is None and promoted is None:
        state.candidate(rule_id)  # raises: no such rule
    _check_writable(state)
    writes: list[tuple[Path, str, str]] = []
    expected: dict[Path, bytes | None] = {state.agents: state.raw}
    root = state.session.places.root
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
    entries = _write(state.session, writes, "edit", expected, rule_id)
    names = ", ".join(path.relative_to(root).as_posix() for path, _, _ in writes)
    undo = "; ".join(f"kguard undo {e}" for e in entries)
    click.echo(f"kguard: reworded '{rule_id}' in {names}; undo: {undo}")
    if rule is not None and not rule.path.startswith(f"{RULES_DIR}/"):
        click.echo(f"kguard: note: {rule.path} is not changed (kguard writes only {RULES_DIR}/ files); "
                   "`kguard check` reports BLK103 until it says the same", err=True)
    return 0


@click.command()
@RULE_ID
def remove(rule_id: str) -> int:
    """Take rule ID out of the managed block. Its rules file stays, still fetched when it applies."""
    state = _open_for_writing()
    _check_writable(state)
    if state.block.rule(rule_id) is None:
        raise Refused(f"'{rule_id}' is not promoted (kguard rules list shows what is)")
    new_text = blk.remove(state.text, rule_id, state.settings.marker_prefix)
    entry = _write_agents(state, new_text, "remove", f"removed {rule_id}", rule_id)
    after = blk.parse(new_text, state.settings.marker_prefix)
    click.echo(f"kguard: removed '{rule_id}' from {AGENTS} ({usage(after, state.settings)}); its rules file "
               f"stays; undo: kguard undo {entry}")
    return 0

