"""`kguard check`: the one gate for pre-commit, pre-merge-commit and CI.

Over the repository's knowledge files (the work tree, or the staged blobs with --staged) it runs the
covert-signal scan, validates every rules file's and skill's frontmatter, and audits the managed AGENTS.md
block (caps, provenance trailers, markers, source drift, double loading). Every problem is a Finding, rendered
as text, JSON, SARIF or GitHub annotations. Exit 1 when any error-level finding, 0 otherwise, 2 usage error."""
from __future__ import annotations

import importlib
import json
import os
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import date
from pathlib import Path

import click

from guard.discovery import discover, project_rules
from guard.scan.finding import Finding, sort_key
from hooks.session import Session, open_session
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
REGULAR = (0o100644, 0o100755)


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
    """The blobs of the index being committed: GIT_INDEX_FILE when git set it (commit -a, --only), else
    the repository's index. Never the work tree."""
    import pygit2

    places, settings = session.places, session.settings
    if places.git_dir is None:
        raise KguardError("--staged needs a git repository", places.root)
    repo = pygit2.Repository(str(places.git_dir))
    index_file = os.environ.get("GIT_INDEX_FILE")
    index = pygit2.Index(str(Path(index_file).resolve())) if index_file else repo.index
    rules = project_rules(places, settings.knowledge.include, settings.knowledge.exclude)
    store = settings.rules_promotion.memory_store.strip("/") + "/_rules/"
    items, paths = [], set()
    for entry in index:
        paths.add(entry.path)
        if entry.mode not in REGULAR:
            continue
        location = rules.classify(entry.path)
        rest = entry.path[len(store):] if entry.path.startswith(store) else ""
        kind = location.kind if location else "page" if rest.endswith(".md") and "/" not in rest else None
        if kind is not None:
            items.append(Item(entry.path, kind, repo[entry.id].data))
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
    """The covert-signal scan, when the scanner is installed in this tree."""
    try:
        engine = importlib.import_module("guard.scan.engine")
    except ModuleNotFoundError as exc:
        if exc.name == "guard.scan.engine":
            return []
        raise
    found: list[Finding] = []
    for item in items:
        if item.kind != "control":
            found.extend(engine.scan_bytes(item.data, item.rel))
    return list(engine.filter_findings(found, session.settings.scan))


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


def _ids(value: str | None) -> tuple[str, ...]:
    return tuple(part.strip().upper() for part in (value or "").split(",") if part.strip())


def run_check(session: Session, staged: bool, paths: Sequence[str], select: str | None = None,
              ignore: str | None = None) -> list[Finding]:
    items, index_paths = staged_items(session) if staged else worktree_items(session)
    selected = _selected(session, items, paths)
    chosen = [i for i in items if i.rel in selected]
    invalid, sources = validate(items)
    findings = [f for f in invalid if f.path in selected]
    findings += audit_blocks(session, items, selected, sources, index_paths if staged else None)
    findings += scan(session, chosen)
    picked, dropped = _ids(select), _ids(ignore)
    if picked:
        findings = [f for f in findings if f.id.startswith(picked)]
    if dropped:
        findings = [f for f in findings if not f.id.startswith(dropped)]
    return sorted(findings, key=sort_key)


def _render(findings: list[Finding], fmt: str) -> tuple[str, int]:
    try:
        render = importlib.import_module("hooks.render")
    except ModuleNotFoundError as exc:
        if exc.name != "hooks.render":
            raise
        render = None
    if render is not None:
        return render.render(findings, fmt), render.exit_code(findings)
    code = 1 if any(f.severity == "error" for f in findings) else 0
    if fmt == "json":
        return json.dumps({"findings": [f.model_dump() for f in findings]}, indent=2), code
    if fmt != "text":
        raise KguardError(f"--format {fmt} needs hooks/render.py, which this installation lacks")
    lines = [f"{f.path}:{f.line}:{f.column}: {f.id} [{f.severity}] {f.message}" for f in findings]
    return "\n".join(lines), code


@click.command()
@click.argument("paths", nargs=-1, type=click.Path())
@click.option("--staged", is_flag=True, help="check the staged blobs (the git index), not the work tree")
@click.option("--format", "fmt", type=click.Choice(["text", "json", "sarif", "github"]), default="text",
              show_default=True)
@click.option("--select", default=None, help="only these IDs or prefixes, comma-separated (e.g. BLK,INV001)")
@click.option("--ignore", default=None, help="leave out these IDs or prefixes, comma-separated")
def check(paths: tuple[str, ...], staged: bool, fmt: str, select: str | None, ignore: str | None) -> int:
    """The gate for pre-commit, pre-merge-commit and CI: covert-signal scan, rules-file validation and the
    managed AGENTS.md block's budget and provenance, in one command.

    \b
    BLK001-BLK005, RUL001-RUL002 and the scanner's error-level IDs fail (exit 1);
    BLK101-BLK104 are warnings, BLK105 is info. `kguard explain ID` says more."""
    findings = run_check(open_session(), staged, paths, select, ignore)
    out, code = _render(findings, fmt)
    if out:
        click.echo(out.rstrip("\n"))
    elif fmt == "text":
        click.echo("kguard: check passed", err=True)
    return code


def explain_text(code: str) -> str | None:
    """For `kguard explain`: the documentation of our own IDs."""
    entry = CHECKS.get(code.upper())
    if entry is None:
        return None
    name, severity, doc = entry
    return f"{code.upper()} {name} ({severity})\n\n{doc}.\n"

