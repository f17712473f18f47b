"""`kguard check`: the one gate for pre-commit, pre-merge-commit and CI.

Over the repository's knowledge files (the work tree, or the staged blobs with --staged) it runs the
covert-signal scan, validates every rules file's and skill's frontmatter, and audits the managed AGENTS.md
block (caps, provenance trailers, markers, source drift, double loading). Every problem is a Finding, rendered
as text, JSON, SARIF or GitHub annotations. Exit 1 when any error-level finding, 0 otherwise, 2 usage error."""
from __future__ import annotations

import os
import sys
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import date
from pathlib import Path

import click

from guard.discovery import discover, project_rules
from guard.scan.engine import filter_findings, scan_bytes
from guard.scan.finding import Finding
from guard.scan.registry import REGISTRY
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
    **prom.CHECKS,
}


@dataclass(frozen=True)
class Item:
    rel: str  # POSIX path relative to the root: also what is displayed
    kind: str  # the layout kind: rule, procedure, fact, instructions, control, or "page" (ai-memory)
    data: bytes


def _read(path: Path) -> bytes | None:
    try:
        return None if path.is_symlink() or not path.is_file() else path.read_bytes()
    except OSError:
        return None


def worktree_items(session: Session) -> tuple[list[Item], set[str]]:
    places, settings = session.places, session.settings
    items = []
    for f in discover(places, settings.knowledge.include, settings.knowledge.exclude, with_home=False):
        data = _read(f.path)
        if data is not None:
            items.append(Item(f.rel, f.location.kind, data))
    store = places.root / settings.rules_promotion.memory_store / "_rules"
    if store.is_dir():
        for path in sorted(store.glob("*.md")):
            data = _read(path)
            rel = path.relative_to(places.root).as_posix()
            if data is not None and all(i.rel != rel for i in items):
                items.append(Item(rel, "page", data))
    return items, set()


def staged_items(session: Session) -> tuple[list[Item], set[str]]:
    """The blobs of the index being committed (GIT_INDEX_FILE inside a hook: `commit -a`, `--only`, linked
    worktrees), never the work tree; and every path the index holds (for "does the source exist")."""
    from guard.scan.staged import staged_blobs

    places, settings = session.places, session.settings
    if places.git_dir is None:
        raise KguardError("--staged needs a git repository", places.root)
    rules = project_rules(places, settings.knowledge.include, settings.knowledge.exclude)
    store = settings.rules_promotion.memory_store.strip("/") + "/_rules/"
    paths: set[str] = set()
    kinds: dict[str, str] = {}

    def wanted(rel: str) -> bool:
        paths.add(rel)
        location = rules.classify(rel)
        rest = rel[len(store):] if rel.startswith(store) else ""
        kind = location.kind if location else "page" if rest.endswith(".md") and "/" not in rest else None
        if kind is not None:
            kinds[rel] = kind
        return kind is not None

    items = [Item(rel, kinds[rel], data) for rel, data in staged_blobs(places.root, wanted)]
    return items, paths


def _finding(code: str, path: str, line: int, message: str, text: str, rule: str = "") -> Finding:
    name, severity, _ = CHECKS[code]
    return Finding(id=code, name=name, severity=severity, path=path, line=line, column=1 if line else 0,  # type: ignore[arg-type]
                   message=message, excerpt=text.strip()[:200], matched=f"{rule}\0{text.strip()}")


def _line(text: str, line: int) -> str:
    lines = blk.split_lines(text.removeprefix(blk.BOM))
    return blk.content(lines[line - 1]) if 0 < line <= len(lines) else ""


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


def audit_blocks(session: Session, items: Sequence[Item], selected: set[str], sources: dict[str, Rule],
                 exists: set[str] | None) -> list[Finding]:
    settings = session.settings.rules_promotion
    today = date.today()
    findings = []
    blocks: dict[str, tuple[str, blk.Block]] = {}
    for item in items:
        if item.kind != "instructions":
            continue
        try:
            text = item.data.decode("utf-8")
        except UnicodeDecodeError:
            continue  # the scanner reports undecodable bytes
        block = blk.parse(text, settings.marker_prefix)
        blocks[item.rel] = (text, block)
        if item.rel not in selected or (block.start is None and block.sub is None and not block.problems):
            continue
        present = exists if exists is not None else {
            r.src for r in block.rules if (session.places.root / r.src).is_file()}
        for issue in prom.audit(block, item.rel, sources, present, settings, today):
            findings.append(_finding(issue.code, item.rel, issue.line, issue.message, _line(text, issue.line),
                                     issue.rule))
    agents = blocks.get("AGENTS.md")
    for other in ("CLAUDE.md", ".claude/CLAUDE.md"):
        if agents and other in blocks and other in selected:
            text, block = blocks[other]
            for issue in prom.double_loading(agents[1], block, other):
                findings.append(_finding(issue.code, other, issue.line, issue.message, _line(text, issue.line),
                                         issue.rule))
    return findings


def scan(session: Session, items: Sequence[Item]) -> list[Finding]:
    limit = session.settings.scan.max_file_bytes
    return [f for item in items for f in scan_bytes(item.data, item.rel, max_bytes=limit)]


def _selected(session: Session, items: Sequence[Item], paths: Sequence[str]) -> set[str]:
    if not paths:
        return {i.rel for i in items}
    root = session.places.root
    wanted = set()
    for raw in paths:
        path = Path(os.path.abspath(raw))
        try:
            wanted.add(path.relative_to(root).as_posix())
        except ValueError:
            raise KguardError("not inside the project root", raw) from None
    return wanted


def _ids(value: str | None) -> list[str]:
    ids = [part.strip().upper() for part in (value or "").split(",") if part.strip()]
    for item in ids:
        if not any(known.startswith(item) for known in (*REGISTRY, *CHECKS)):
            raise click.BadParameter(f"unknown ID or prefix {item!r} (see `kguard explain`)")
    return ids


def run_check(session: Session, staged: bool, paths: Sequence[str], select: Sequence[str] = (),
              ignore: Sequence[str] = ()) -> list[Finding]:
    """Every finding of the gate, after the config's ignores, per-path ignores, baseline and severities."""
    items, index_paths = staged_items(session) if staged else worktree_items(session)
    selected = _selected(session, items, paths)
    invalid, sources = validate(items)
    findings = [f for f in invalid if f.path in selected]
    findings += audit_blocks(session, items, selected, sources, index_paths if staged else None)
    findings += scan(session, [i for i in items if i.rel in selected])
    return filter_findings(findings, session.settings.scan, session.places.root, list(select), list(ignore))


@click.command()
@click.argument("paths", nargs=-1, type=click.Path())
@click.option("--staged", is_flag=True, help="check the staged blobs (the git index), not the work tree")
@click.option("--format", "fmt", type=click.Choice(FORMATS), default="text", show_default=True)
@click.option("--select", default=None, help="only these IDs or prefixes, comma-separated (e.g. BLK,INV001)")
@click.option("--ignore", default=None, help="leave out these IDs or prefixes, comma-separated")
def check(paths: tuple[str, ...], staged: bool, fmt: str, select: str | None, ignore: str | None) -> int:
    """The gate for pre-commit, pre-merge-commit and CI: covert-signal scan, rules-file and skill validation,
    and the managed AGENTS.md block's budget and provenance, in one command.

    \b
    With PATHs, only those files are reported on. Exit 1 when any error-level finding
    (BLK001-BLK005, RUL001-RUL002, the scanner's errors); BLK101-BLK104 warn, BLK105 informs."""
    findings = run_check(open_session(), staged, paths, _ids(select), _ids(ignore))
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
