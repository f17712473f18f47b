"""What `kguard check` looks at: the knowledge files of the work tree, or the blobs staged in the git index
(through symlinks, as an agent reads them), each as an Item with its bytes or the finding that it could not
be read."""
from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path

from guard.discovery import discover, project_rules
from guard.scan.engine import file_finding
from guard.scan.finding import Finding
from hooks.session import Session
from rules_engine.errors import KguardError
from rules_engine.layout import PROJECT
from rules_engine.parse import read

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
    from hooks.commands.knowledge_model import folders_in_place_of_files

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
