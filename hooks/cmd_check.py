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
from guard.scan.engine import file_finding, filter_findings, scan_bytes
from guard.scan.finding import Finding
from guard.scan.registry import REGISTRY
from guard.scan.text import visible
from hooks.render import FORMATS, exit_code, render
from hooks.session import Session, open_session
from hooks.style import use_colour
from rules_engine import block as blk
from rules_engine import promotion as prom
from rules_engine.errors import KguardError
from rules_engine.layout import PROJECT
from rules_engine.models import Rule
from rules_engine.parse import parse_rule, parse_skill, read

# Our own IDs beside the scanner's: RUL for invalid rules files and skills, BLK for the managed block.
CHECKS: dict[str, tuple[str, str, str]] = {
    "RUL001": ("invalid-rules-file", "error", "a rules file's frontmatter or content cannot be read "
               "(broken YAML, wrong types, not UTF-8, empty)"),
    "RUL002": ("invalid-skill-file", "error", "a SKILL.md cannot be read or lacks its description"),
    **prom.CHECKS,
}
GITLINK = 0o160000
SYMLINK = 0o120000


@dataclass(frozen=True)
class Item:
    rel: str  # POSIX path relative to the root: also what is displayed
    kind: str  # the layout kind: rule, procedure, fact, instructions, control, or "page" (ai-memory)
    data: bytes
    via: str = ""  # for a symlink: the root-relative path of the file it leads to


def _via(path: Path, root: Path) -> str:
    if not path.is_symlink():
        return ""
    try:
        return path.resolve().relative_to(root.resolve()).as_posix()
    except (OSError, ValueError, RuntimeError):
        return ""


def _read(path: Path, rel: str, limit: int) -> tuple[bytes | None, Finding | None]:
    """The file's bytes through symlinks, as the agent reads it; or, for what cannot be read (a folder, a
    FIFO, a dangling symlink or a loop) or is over the size limit, the file-level finding saying so."""
    try:
        size = path.stat().st_size
    except OSError:
        size = 0  # read() names the problem
    if size > limit:
        return None, file_finding("FIL003", rel, f"{size} bytes, over the limit of {limit}: not scanned")
    try:
        return read(path, rel), None
    except KguardError as exc:
        return None, file_finding("FIL004", rel, exc.message)


def worktree_items(session: Session) -> tuple[list[Item], set[str], list[Finding]]:
    places, settings = session.places, session.settings
    limit = settings.scan.max_file_bytes
    items, unreadable = [], []
    for f in discover(places, settings.knowledge.include, settings.knowledge.exclude, with_home=False):
        data, problem = _read(f.path, f.rel, limit)
        if data is not None:
            items.append(Item(f.rel, f.location.kind, data, _via(f.path, places.root)))
        elif problem is not None:
            unreadable.append(problem)
    store = places.root / settings.rules_promotion.memory_store / "_rules"
    known = {i.rel for i in items} | {p.path for p in unreadable}
    if store.is_dir():
        for path in sorted(store.glob("*.md")):
            rel = path.relative_to(places.root).as_posix()
            if rel in known:
                continue
            data, problem = _read(path, rel, limit)
            if data is not None:
                items.append(Item(rel, "page", data))
            elif problem is not None:
                unreadable.append(problem)
    from hooks.knowledge_model import folders_in_place_of_files

    known = {i.rel for i in items} | {p.path for p in unreadable}
    unreadable += [file_finding("FIL004", rel, "is a folder, expected a file")
                   for rel, _ in folders_in_place_of_files(places.root, "project", PROJECT) if rel not in known]
    return items, set(), unreadable


def _link_target(link: str, target: bytes) -> str | None:
    """The index path a staged symlink at `link` points to, or None when it leaves the repository."""
    try:
        text = target.decode("utf-8")
    except UnicodeDecodeError:
        return None
    if text.startswith("/"):
        return None
    parts: list[str] = link.split("/")[:-1]
    for part in text.split("/"):
        if part == "..":
            if not parts:
                return None
            parts.pop()
        elif part not in ("", "."):
            parts.append(part)
    return "/".join(parts)


def staged_items(session: Session) -> tuple[list[Item], set[str], list[Finding]]:
    """The blobs of the index being committed (GIT_INDEX_FILE inside a hook: `commit -a`, `--only`, linked
    worktrees), never the work tree; and every path the index holds (for "does the source exist"). A staged
    symlink is checked as the blob it points to when that is staged too (the agent reads through the link)."""
    import pygit2

    from guard.scan.staged import open_repository

    places, settings = session.places, session.settings
    if places.git_dir is None:
        raise KguardError("--staged needs a git repository", places.root)
    rules = project_rules(places, settings.knowledge.include, settings.knowledge.exclude)
    store = settings.rules_promotion.memory_store.strip("/") + "/_rules/"
    repo = open_repository(places.root)
    try:
        index = {entry.path: entry for entry in repo.index if entry.mode != GITLINK}  # stage 0
    except pygit2.GitError as exc:
        where = os.environ.get("GIT_INDEX_FILE") or places.git_dir / "index"
        raise KguardError(f"cannot read the git index ({exc})", where) from None

    def kind_of(rel: str) -> str | None:
        location = rules.classify(rel)
        rest = rel[len(store):] if rel.startswith(store) else ""
        return location.kind if location else "page" if rest.endswith(".md") and "/" not in rest else None

    def blob(oid: object) -> bytes | None:
        found = repo.get(oid)
        return found.data if isinstance(found, pygit2.Blob) else None

    items, unreadable = [], []
    for rel, entry in index.items():
        kind = kind_of(rel)
        if kind is None:
            continue
        data, current, seen = blob(entry.id), rel, {rel}
        while data is not None and entry.mode == SYMLINK:
            target = _link_target(current, data)
            if target is None or target in seen or target not in index:
                data = None
                unreadable.append(file_finding("FIL004", rel, "a staged symlink to a file that is not staged "
                                               "in this repository: not checked"))
                break
            seen.add(target)
            current, entry = target, index[target]
            data = blob(entry.id)
        if data is not None:
            items.append(Item(rel, kind, data, current if current != rel else ""))
    return items, set(index), unreadable


def _finding(code: str, path: str, line: int, message: str, text: str, rule: str = "") -> Finding:
    name, severity, _ = CHECKS[code]
    return Finding(id=code, name=name, severity=severity, path=path, line=line, column=1 if line else 0,  # type: ignore[arg-type]
                   message=visible(message), excerpt=visible(text.strip()[:200]), matched=f"{rule}\0{text.strip()}")


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
