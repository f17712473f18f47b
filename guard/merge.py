"""Bringing back several held-back versions of one file at once: each was written on top of the baseline
of its time, so they are merged three-way (libgit2), and where two add at the same place both are kept
(a union, as `git merge-file --union` does). `kguard keep` must not drop older held-back content."""
from __future__ import annotations

import re

import pygit2

from guard.state import Entry
from guard.store import Store

CONFLICT = re.compile(rb"^<<<<<<< [^\n]*\n(.*?)^=======\n(.*?)^>>>>>>> [^\n]*\n", re.S | re.M)
MARKERS = re.compile(rb"^(<<<<<<<|=======|>>>>>>>)", re.M)


def merge3(store: Store, base: Entry | None, ours: Entry, theirs: Entry) -> bytes | None:
    """`theirs` merged into `ours` from `base`; None when they cannot be merged as text."""
    if ours.oid == theirs.oid:
        return store.read_blob(ours.oid)
    texts = [store.read_blob(e.oid) for e in (ours, theirs)]
    if any(b"\0" in text or MARKERS.search(text) for text in texts):
        return None  # binary, or text that already holds conflict markers: no safe union
    def index_entry(entry: Entry | None) -> pygit2.IndexEntry | None:
        return None if entry is None else pygit2.IndexEntry("file", pygit2.Oid(hex=entry.oid), 0o100644)

    try:
        result = store.repo.merge_file_from_index(index_entry(base), index_entry(ours), index_entry(theirs))
    except (pygit2.GitError, ValueError):
        return None
    merged = result.contents.encode("utf-8", "surrogateescape") if isinstance(result.contents, str) \
        else bytes(result.contents)
    if result.automergeable:
        return merged
    return CONFLICT.sub(lambda m: m.group(1) + m.group(2), merged)


def fold(store: Store, held: list[tuple[Entry | None, Entry | None]]) -> Entry | None:
    """One entry holding every held-back version (oldest first, each with the baseline it was written
    over); the newest alone when they cannot be merged (a deletion, a symlink, binary content)."""
    result = held[0][1]
    for base, content in held[1:]:
        if result is None or content is None or result.is_link or content.is_link:
            result = content
            continue
        merged = merge3(store, base, result, content)
        result = content if merged is None else Entry(oid=store.write_blob(merged), mode=content.mode)
    return result
