"""Running the wrapped command: stdio passed through, Ctrl-C left to the child, the exit status as a shell
gives it. Standard library only (the `kguard run` fast path uses it)."""
from __future__ import annotations

import os
import shlex
import signal
import sys
from collections.abc import Sequence


def describe(argv: Sequence[str]) -> str:
    return shlex.join(argv)


def default_mode() -> str:
    return "ask" if sys.stdin.isatty() and sys.stderr.isatty() else "hold"


def spawn(argv: Sequence[str]) -> int:
    sys.stdout.flush()
    sys.stderr.flush()
    guard = str(os.getpid())
    pid = os.fork()
    if pid == 0:  # the child
        os.environ["KGUARD_RUN"] = guard  # one of the signs that it runs guarded (see hooks.consent)
        try:
            os.execvp(argv[0], list(argv))
        except OSError as exc:
            os.write(2, f"kguard: cannot run {argv[0]}: {exc.strerror}\n".encode())
            os._exit(127 if isinstance(exc, FileNotFoundError) else 126)  # as shells do
        os._exit(127)
    previous = signal.signal(signal.SIGINT, signal.SIG_IGN)  # the child gets Ctrl-C and decides
    try:
        while True:
            try:
                _, status = os.waitpid(pid, 0)
                break
            except InterruptedError:
                continue
    finally:
        signal.signal(signal.SIGINT, previous)
    code = os.waitstatus_to_exitcode(status)
    return 128 - code if code < 0 else code
