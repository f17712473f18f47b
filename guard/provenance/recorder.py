"""Recording who wrote which lines, as the guard decides on changes: the surfaces (a run's card, a harness
hook, a git hook, promotion, `kguard keep`) call these inside the guard's transaction, with the journal
entries the decision made. Nothing here writes a knowledge file: only the line store beside the state."""
from __future__ import annotations

import functools
import os
import time
from collections.abc import Callable, Iterable, Sequence
from typing import Any, TypeVar

from guard.engine import Change, Guard, Root
from guard.provenance import lines
from guard.provenance.publish import accept, to_notes
from guard.provenance.records import Accepted, Record, Source
from guard.provenance.store import LineStore, Lines, load
from guard.state import Entry, JournalEntry
from rules_engine.errors import KguardError


F = TypeVar("F", bound=Callable[..., Any])


def never_blocks(func: F) -> F:
    """A decision never fails for its record: what goes wrong here is one warning, and the files are as the
    decision leaves them (the record is beside the state, never in a knowledge file)."""

    @functools.wraps(func)
    def wrapper(guard: Guard, *args: Any, **kwargs: Any) -> Any:
        try:
            return func(guard, *args, **kwargs)
        except Exception as exc:  # noqa: BLE001 - reported; the decision stands
            guard.warn(f"could not record who wrote the lines ({type(exc).__name__}: {exc}); the decision stands "
                       "(a bug: please report it, with the trace from KGUARD_DEBUG=1)")
            if os.environ.get("KGUARD_DEBUG"):
                raise
            return 0

    return wrapper  # type: ignore[return-value]


def _stores(guard: Guard) -> dict[str, tuple[Root, LineStore]]:
    out = {}
    for root in guard.roots:
        store = load(root.store.backup.parent)
        if store.problem:
            guard.warn(store.problem + " (it is started again)")
        out[root.scope] = (root, store)
    return out


def _in_git(root: Root) -> bool:
    return not root.store.repo.is_bare


def _root_of(guard: Guard, entry: JournalEntry) -> Root | None:
    return next((root for root in guard.roots if any(e.id == entry.id for e in root.state.journal)), None)


def _read(root: Root, oid: str | None) -> bytes | None:
    if oid is None:
        return None
    try:
        return root.store.read_blob(oid)
    except KguardError:
        return None


def carried(root: Root, known: Lines | None, oid: str, data: bytes) -> list[Record | None]:
    """The records of `known` carried to the content `data` (blob `oid`)."""
    count = len(lines.split(data))
    if known is None:
        return [None] * count
    if known.oid == oid:
        return (known.records + [None] * count)[:count]
    old = _read(root, known.oid)
    return [None] * count if old is None else lines.carry(old, data, known.records)


def _apply(root: Root, store: LineStore, rel: str, before: Entry | None, after: Entry | None,
           fresh: Record | None, accept: Accepted | None, warn: Callable[[str], None]) -> None:
    """`before` -> `after` happened to `rel`: unchanged lines keep their records; added lines get `fresh`,
    or, with `accept`, the record they already had (content left on disk unaccepted) accepted so."""
    if after is None:
        store.files.pop(rel, None)
        return
    data = _read(root, after.oid)
    if data is None:
        return
    known = store.files.get(rel)
    old = _read(root, before.oid) if before is not None else None
    if known is not None and known.oid == after.oid:
        records = carried(root, known, after.oid, data)
    elif old is not None and before is not None:
        records = lines.carry(old, data, carried(root, known, before.oid, old))
    else:
        records = [None] * len(lines.split(data))
    marks: list[Record | None] = [None] * len(records)
    for index in lines.added(old, data):
        had = records[index]
        if accept is not None and had is not None and had.origin != "human":
            records[index] = had.accepted_by(accept) if had.accepted == "none" else had
        elif fresh is not None:
            records[index] = fresh
        marks[index] = records[index]
    store.files[rel] = Lines(after.oid, records)
    if root.scope == "project" and _in_git(root):
        # lines a commit already holds (a pull, a commit made inside the run that wrote them): their note
        # says what was decided
        to_notes(root.store.repo, rel, data, marks, warn, root.store.backup.parent)


@never_blocks
def decided(guard: Guard, entries: Iterable[JournalEntry], source: Source, accepted: Accepted) -> None:
    """Changes that stand (kept by a person or a policy): their added lines are `source`'s."""
    entries = [e for e in entries if e.left == "after"]
    if not entries:
        return
    stores = _stores(guard)
    record = source.record(time.time(), accepted)
    for entry in entries:
        root = _root_of(guard, entry)
        if root is None:
            continue
        store = stores[root.scope][1]
        for change in entry.changes:
            _apply(root, store, change.rel, change.before, change.after, record, None, guard.warn)
    _save(guard, stores)


@never_blocks
def held(guard: Guard, entries: Iterable[JournalEntry], source: Source) -> None:
    """Changes held back for `kguard keep`: their lines get `source`'s record if someone keeps them."""
    entries = list(entries)
    if not entries:
        return
    stores = _stores(guard)
    record = source.record(time.time(), "none")
    for entry in entries:
        root = _root_of(guard, entry)
        if root is None:
            continue
        for change in entry.changes:
            stores[root.scope][1].offers[entry.id] = (change.rel, change.after.oid if change.after else None, record)
    _save(guard, stores)


@never_blocks
def left(guard: Guard, changes: Sequence[Change], source: Source) -> None:
    """Changes left on disk and accepted by nobody (`--on-change fail`, a commit made inside a run)."""
    if not changes:
        return
    stores = _stores(guard)
    record = source.record(time.time(), "none")
    for change in changes:
        after = guard.store_content(change)  # the content is kept, so its records can be carried later
        _apply(change.root, stores[change.root.scope][1], change.rel, change.before, after, record, None,
               guard.warn)
    _save(guard, stores)


def pending_offers(guard: Guard) -> dict[str, Record]:
    """root scope:rel -> the record of the newest change held back for it (taken before `kguard keep`)."""
    out: dict[str, Record] = {}
    stores = _stores(guard)
    for root in guard.roots:
        offers = stores[root.scope][1].offers
        for item in root.state.pending:  # oldest first: the newest offer wins
            offer = offers.get(item.entry)
            if offer is not None and offer[0] == item.rel:
                out[f"{root.scope}:{item.rel}"] = offer[2]
    return out


@never_blocks
def kept(guard: Guard, entries: Iterable[JournalEntry], offers: dict[str, Record]) -> None:
    """`kguard keep`: a person accepts. Held-back lines get their offer's record; lines left on disk
    unaccepted keep theirs, now accepted by the user; other lines (a person's own edits) get none."""
    entries = [e for e in entries if e.left == "after"]
    if not entries:
        return
    stores = _stores(guard)
    for entry in entries:
        root = _root_of(guard, entry)
        if root is None:
            continue
        store = stores[root.scope][1]
        for change in entry.changes:
            offer = offers.get(f"{root.scope}:{change.rel}")
            fresh = offer.accepted_by("user") if offer is not None else None
            _apply(root, store, change.rel, change.before, change.after, fresh, "user", guard.warn)
        held_ids = {p.entry for p in root.state.pending}
        store.offers = {k: v for k, v in store.offers.items() if k in held_ids}
    _save(guard, stores)


def _save(guard: Guard, stores: dict[str, tuple[Root, LineStore]]) -> None:
    for root, store in stores.values():
        live = {e.id for e in root.state.journal} | {p.entry for p in root.state.pending}
        store.offers = {k: v for k, v in store.offers.items() if k in live}
        try:
            store.save()
        except (OSError, KguardError) as exc:
            guard.warn(f"{store.path}: cannot record who wrote the lines ({exc}); the files are not affected")


@never_blocks
def accept_left(guard: Guard, paths: Iterable[str] | None, entries: Iterable[JournalEntry]) -> int:
    """`kguard keep` of a file with nothing pending accepts what it holds: the lines an agent wrote that no
    person accepted (kept by a policy, or by nobody; committed or not), of the named files or, with no paths,
    of every file with such a record here. A file the keep changed has had its pending lines accepted."""
    touched = {c.rel for e in entries for c in e.changes}
    wanted = guard.resolve_paths(paths)
    project = next((root for root in guard.roots if root.scope == "project"), None)
    if project is None:
        return 0
    store = load(project.store.backup.parent)
    if wanted is None:
        rels = [rel for rel, known in store.files.items()
                if any(r is not None and r.origin == "agent" and r.accepted != "user" for r in known.records)]
    else:
        rels = [key.partition(":")[2] for key in wanted if key.startswith("project:")]
    rels = [rel for rel in rels if rel not in touched]
    if not rels:
        return 0
    count = accept(guard.places, store, sorted(rels), project.store.repo, guard.warn)
    if count:
        _save(guard, {"project": (project, store)})
    return count
