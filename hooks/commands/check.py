"""`kguard check`: the one gate for pre-commit, pre-merge-commit and CI.

Over the repository's knowledge files (the work tree, or the staged blobs with --staged) it runs the
covert-signal scan, validates every rules file's and skill's frontmatter, and audits the managed AGENTS.md
block (caps, provenance trailers, markers, source drift, double loading). Every problem is a Finding, rendered
as text, JSON, SARIF or GitHub annotations. Exit 1 when any error-level finding, 0 otherwise, 2 usage error."""
from __future__ import annotations

import os
import sys
from contextlib import nullcontext
from collections.abc import Sequence
from datetime import date
from pathlib import Path

import click

from guard.scan.engine import filter_findings, scan_bytes
from guard.scan.finding import Finding
from guard.scan.registry import REGISTRY
from guard.scan.text import visible
from hooks.commands.check_items import Item, staged_items, worktree_items
from hooks.render import FORMATS, exit_code, render
from hooks.session import Session, open_session
from hooks.style import use_colour
from rules_engine import block as blk
from rules_engine import promotion as prom
from rules_engine.errors import KguardError
from rules_engine.models import Rule
from rules_engine.parse import parse_rule, parse_skill

# Our own IDs beside the scanner's: RUL for invalid rules files and skills, BLK for the managed block.
CHECKS: dict[str, tuple[str, str, str]] = {
    "RUL001": ("invalid-rules-file", "error", "a rules file's frontmatter or content cannot be read "
               "(broken YAML, wrong types, not UTF-8, empty)"),
    "RUL002": ("invalid-skill-file", "error", "a SKILL.md cannot be read or lacks its description"),
    "HLD001": ("held-back-revert", "error", "the commit would revert a change to a knowledge file that kguard "
               "held back and nobody has decided on (a pull or merge brought it: HEAD holds it, the work tree "
               "what was there before, or an edit of that). Take the change (`kguard keep PATH`, then commit), or "
               "commit the revert on purpose (`KGUARD_COMMIT_REVERT=PATH git commit ...`)"),
    "PRV001": ("agent-line-not-accepted", "error", "with `agent_lines = \"review\"` under [provenance]: a "
               "committed knowledge-file line that an agent wrote was accepted by no person (a policy such as "
               "`--on-change keep` kept it, or nobody did). Read it (`kguard blame PATH`) and accept it with "
               "`kguard keep PATH`, or remove it"),
    **prom.CHECKS,
}
def _finding(code: str, path: str, line: int, message: str, text: str, rule: str = "") -> Finding:
    name, severity, _ = CHECKS[code]
    return Finding(id=code, name=name, severity=severity, path=path, line=line, column=1 if line else 0,  # type: ignore[arg-type]
                   message=visible(message), excerpt=visible(text.strip()[:200]), matched=f"{rule}\0{text.strip()}")


def _line(text: str, line: int) -> str:
    lines = blk.split_lines(text.removeprefix(blk.BOM))
    return blk.content(lines[line - 1]) if 0 < line <= len(lines) else ""


def held_reverts(session: Session) -> list[Finding]:
    from guard.scan.staged import open_repository
    from hooks.git.held import revert_choices, reverts

    found = []
    for held in reverts(session.places, open_repository(session.places.root)):
        what = f"`{held.command}`" if held.command else "a command"
        found.append(_finding("HLD001", held.rel, 0, f"committing it reverts what {what} brought, a change kguard "
                              f"held back that nobody has decided on; {revert_choices(held)}", ""))
    return found


def agent_lines(rels: Sequence[str], session: Session) -> list[Finding]:
    from guard.provenance.policy import unreviewed

    found = []
    for rel, line in unreviewed(session.places, rels, lambda message: click.echo(
            f"kguard: warning: {message}", err=True)):
        record = line.record
        by = "a policy" if record.accepted == "policy" else "nobody"
        session_id = f" in session {record.session}" if record.session else ""
        found.append(_finding("PRV001", rel, line.number, f"written by an agent ({record.who}{session_id}, "
                              f"command `{record.command or '?'}`), committed in {(line.commit or '')[:12]}, "
                              f"accepted by {by}: read it, then accept it: kguard keep {rel}",
                              line.text.decode("utf-8", "replace")))
    return found


def validate(items: Sequence[Item]) -> tuple[list[Finding], dict[str, Rule]]:
    findings, rules = [], {}
    for item in items:
        if item.kind not in ("rule", "page", "procedure"):
            continue
        try:
            if item.kind == "procedure":
                parse_skill(item.rel, item.data)
            else:
                rules[item.rel] = parse_rule(item.rel, item.data)
        except KguardError as exc:
            code = "RUL002" if item.kind == "procedure" else "RUL001"
            text = item.data.decode("utf-8", "replace")
            findings.append(_finding(code, item.rel, exc.line or 0, exc.message, _line(text, exc.line or 0)))
    return findings, rules


def audit_blocks(session: Session, items: Sequence[Item], selected: set[str] | None, sources: dict[str, Rule],
                 exists: set[str] | None) -> list[Finding]:
    settings = session.settings.rules_promotion
    today = date.today()
    findings = []
    blocks: dict[str, tuple[str, blk.Block]] = {}
    via = {item.rel: item.via for item in items}
    for item in items:
        if item.kind != "instructions":
            continue
        try:
            text = item.data.decode("utf-8")
        except UnicodeDecodeError:
            continue  # the scanner reports undecodable bytes
        block = blk.parse(text, settings.marker_prefix)
        blocks[item.rel] = (text, block)
        if item.via in via:
            continue  # a symlink to another knowledge file: its block is audited under the file's own name
        if not _chosen(item.rel, selected) or (block.start is None and block.sub is None and not block.problems):
            continue
        present = exists if exists is not None else {
            r.src for r in block.rules if (session.places.root / r.src).is_file()}
        for issue in prom.audit(block, item.rel, sources, present, settings, today):
            findings.append(_finding(issue.code, item.rel, issue.line, issue.message, _line(text, issue.line),
                                     issue.rule))
    agents = blocks.get("AGENTS.md")
    for other in ("CLAUDE.md", ".claude/CLAUDE.md"):
        one_file = (via.get(other) or other) == (via.get("AGENTS.md") or "AGENTS.md")  # linked: loaded once
        if agents and other in blocks and _chosen(other, selected) and not one_file:
            text, block = blocks[other]
            for issue in prom.double_loading(agents[1], block, other):
                findings.append(_finding(issue.code, other, issue.line, issue.message, _line(text, issue.line),
                                         issue.rule))
    return findings


def scan(session: Session, items: Sequence[Item]) -> list[Finding]:
    limit = session.settings.scan.max_file_bytes
    return [f for item in items for f in scan_bytes(item.data, item.rel, max_bytes=limit)]


def _selected(session: Session, items: Sequence[Item], paths: Sequence[str], staged: bool = False) -> set[str] | None:
    """The root-relative paths (files, or folders standing for what is below them) to report on; None for
    all. A path that does not exist is an error, as for `kguard scan`, unless --staged (staged deletions)."""
    if not paths:
        return None
    root = session.places.root
    wanted = set()
    for raw in paths:
        path = Path(os.path.abspath(os.path.expanduser(raw)))
        try:
            rel = path.relative_to(root).as_posix()
        except ValueError:
            raise KguardError("not inside the project root", raw) from None
        if not staged and not os.path.lexists(path):
            raise KguardError("no such file or folder", raw)
        wanted.add("" if rel == "." else rel)
    return wanted


def _chosen(rel: str, selected: set[str] | None) -> bool:
    return selected is None or any(rel == w or w == "" or rel.startswith(w + "/") for w in selected)


def _ids(value: str | None) -> list[str]:
    ids = [part.strip().upper() for part in (value or "").split(",") if part.strip()]
    for item in ids:
        if not any(known.startswith(item) for known in (*REGISTRY, *CHECKS)):
            raise click.BadParameter(f"unknown ID or prefix {item!r} (see `kguard explain`)")
    return ids


def run_check(session: Session, staged: bool, paths: Sequence[str], select: Sequence[str] = (),
              ignore: Sequence[str] = ()) -> list[Finding]:
    """Every finding of the gate, after the config's ignores, per-path ignores, baseline and severities."""
    items, index_paths, unreadable = staged_items(session) if staged else worktree_items(session)
    selected = _selected(session, items, paths, staged)
    invalid, sources = validate(items)
    findings = [f for f in [*unreadable, *invalid] if _chosen(f.path, selected)]
    findings += audit_blocks(session, items, selected, sources, index_paths if staged else None)
    findings += scan(session, [i for i in items if _chosen(i.rel, selected)])
    if staged:
        findings += [f for f in held_reverts(session) if _chosen(f.path, selected)]
    elif session.settings.provenance.agent_lines == "review":
        findings += agent_lines([i.rel for i in items if _chosen(i.rel, selected)], session)
    return filter_findings(findings, session.settings.scan, session.places.root, list(select), list(ignore))


@click.command()
@click.argument("paths", nargs=-1, type=click.Path())
@click.option("--staged", is_flag=True, help="check the staged blobs (the git index), not the work tree (at "
              "pre-commit's pre-push stage: the commit being pushed)")
@click.option("--format", "fmt", type=click.Choice(FORMATS), default="text", show_default=True)
@click.option("--select", default=None, help="only these IDs or prefixes, comma-separated (e.g. BLK,INV001)")
@click.option("--ignore", default=None, help="leave out these IDs or prefixes, comma-separated")
@click.option("-q", "--quiet", is_flag=True, help="print nothing when there is nothing to report (the git hooks use it)")
def check(paths: tuple[str, ...], staged: bool, fmt: str, select: str | None, ignore: str | None,
          quiet: bool) -> int:
    """The gate for pre-commit, pre-merge-commit and CI: covert-signal scan, rules-file and skill validation,
    and the managed AGENTS.md block's budget and provenance, in one command.

    \b
    With PATHs, only those files are reported on. Exit 1 when any error-level finding
    (BLK001-BLK005, RUL001-RUL002, the scanner's errors); BLK101-BLK104 warn, BLK105 informs."""
    from hooks.git.pushed import stage_index

    with stage_index() if staged else nullcontext():  # pre-commit's pre-push: the pushed commit, as kguard-scan
        findings = run_check(open_session(), staged, paths, _ids(select), _ids(ignore))
    if quiet and not findings and fmt == "text":
        return 0
    colour = fmt == "text" and use_colour(sys.stdout)
    click.echo(render(findings, fmt, color=colour), nl=False)
    return exit_code(findings)


def explain_text(code: str) -> str | None:
    """For `kguard explain`: the documentation of the gate's own IDs (BLK..., RUL...)."""
    entry = CHECKS.get(code.upper())
    if entry is None:
        return None
    name, severity, doc = entry
    return f"{code.upper()} {name} (default severity: {severity})\n\n{doc[0].upper()}{doc[1:]}.\n"
