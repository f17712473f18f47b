"""The one user-facing error type, shared by every layer (it lives in the lowest layer so all can raise it)."""
from __future__ import annotations

import os


class KguardError(Exception):
    """A problem the user can fix: bad input, bad config, a refused operation. Printed as one line."""

    exit_code = 2

    def __init__(
        self,
        message: str,
        path: str | os.PathLike[str] | None = None,
        line: int | None = None,
        exit_code: int | None = None,
    ) -> None:
        super().__init__(message)
        self.message = message
        self.path = os.fspath(path) if path is not None else None
        self.line = line
        if exit_code is not None:
            self.exit_code = exit_code

    def __str__(self) -> str:
        where = ""
        if self.path is not None:
            where = self.path if self.line is None else f"{self.path}:{self.line}"
            where += ": "
        return where + self.message


class Refused(KguardError):
    """An operation that was understood but refused (undo after a later edit, approve at the cap): exit 1."""

    exit_code = 1
