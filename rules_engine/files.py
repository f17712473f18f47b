"""Reading a knowledge file safely. Standard library only, so the scanner can use it without the parsers."""
from __future__ import annotations

import os
import stat

from rules_engine.errors import KguardError

# Past this size a knowledge file is not modelled (parsed, counted, hinted): it is reported as too large,
# and still guarded by its hash. The scanner has its own limit ([scan] max_file_bytes).
MODEL_MAX_BYTES = 5 << 20

_NOT_A_FILE = {stat.S_IFIFO: "a named pipe (FIFO)", stat.S_IFSOCK: "a socket", stat.S_IFCHR: "a device",
               stat.S_IFBLK: "a device"}


def read(path: str | os.PathLike[str], display: str, limit: int | None = None) -> bytes:
    """The bytes of a knowledge file, through symlinks as an agent reads it. A folder, a FIFO, a device, a
    socket, a dangling symlink or a symlink loop is a KguardError, never a hang: the file is opened
    non-blocking and checked with fstat before anything is read. With `limit`, a larger file is an error
    (too large to model) and is not read."""
    try:
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_CLOEXEC", 0))
    except IsADirectoryError:
        raise KguardError("is a folder, expected a file", display) from None
    except FileNotFoundError:
        if os.path.islink(path):
            raise KguardError(f"a symlink to a missing file ({os.readlink(path)})", display) from None
        raise KguardError("cannot read: No such file or directory", display) from None
    except OSError as exc:
        raise KguardError(f"cannot read: {exc.strerror or exc}", display) from None
    try:
        st = os.fstat(fd)
        mode = st.st_mode
        if limit is not None and stat.S_ISREG(mode) and st.st_size > limit:
            raise KguardError(f"too large to model ({st.st_size} bytes, over {limit}); still guarded by its hash",
                              display)
        if stat.S_ISDIR(mode):
            raise KguardError("is a folder, expected a file", display)
        if not stat.S_ISREG(mode):
            raise KguardError(f"is {_NOT_A_FILE.get(stat.S_IFMT(mode), 'not a regular file')}, expected a file",
                              display)
        chunks = []
        while chunk := os.read(fd, 1 << 20):
            chunks.append(chunk)
        return b"".join(chunks)
    except OSError as exc:
        raise KguardError(f"cannot read: {exc.strerror or exc}", display) from None
    finally:
        os.close(fd)
