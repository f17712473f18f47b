"""Git blob ids computed with hashlib, so the fast path can verify racily-clean files without pygit2."""
from __future__ import annotations

import os
import stat


def blob_id(data: bytes) -> str:
    import hashlib  # imported here: the fast path needs it only for racily-clean files

    return hashlib.sha1(b"blob %d\0" % len(data) + data).hexdigest()


def read_entry(path: str, st: os.stat_result) -> bytes:
    """A knowledge file's content as the store keeps it: a symlink's target, or the file's bytes."""
    if stat.S_ISLNK(st.st_mode):
        return os.fsencode(os.readlink(path))
    with open(path, "rb") as handle:
        return handle.read()
