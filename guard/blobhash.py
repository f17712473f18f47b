"""Git blob ids computed with hashlib, so the fast path can verify racily-clean files without pygit2."""
from __future__ import annotations

import os
import stat

# Files larger than this are hashed in chunks and not kept in memory (a 1 GB AGENTS.md, sparse or not, is
# still guarded by its hash; its bytes are read again only if they must be stored).
STREAM_BYTES = 8 << 20
CHUNK = 1 << 20


def blob_id(data: bytes) -> str:
    import hashlib  # imported here: the fast path needs it only for racily-clean files

    return hashlib.sha1(b"blob %d\0" % len(data) + data).hexdigest()


def read_entry(path: str, st: os.stat_result) -> bytes:
    """A knowledge file's content as the store keeps it: a symlink's target, or the file's bytes."""
    if stat.S_ISLNK(st.st_mode):
        return os.fsencode(os.readlink(path))
    with open(path, "rb") as handle:
        return handle.read()


def entry_id(path: str, st: os.stat_result) -> tuple[str, bytes | None]:
    """(blob id, content) of a knowledge file; the content is None for a file hashed in chunks."""
    if stat.S_ISLNK(st.st_mode) or st.st_size <= STREAM_BYTES:
        data = read_entry(path, st)
        return blob_id(data), data
    import hashlib

    digest = hashlib.sha1()
    fd = os.open(path, os.O_RDONLY | os.O_NOFOLLOW | getattr(os, "O_CLOEXEC", 0))
    try:
        size = os.fstat(fd).st_size
        digest.update(b"blob %d\0" % size)
        left = size
        while left > 0 and (chunk := os.read(fd, min(CHUNK, left))):
            digest.update(chunk)
            left -= len(chunk)
        if left:
            raise OSError("the file shrank while it was read")
    finally:
        os.close(fd)
    return digest.hexdigest(), None
