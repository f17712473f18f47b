"""The console-script entry point. Kept tiny: `kguard run` takes a fast path that imports no click,
pydantic or pygit2 while nothing changed; everything else goes to the click CLI.

The scan of named files and the agent hooks (Claude Code's, and the Cursor, Codex, Gemini CLI and Copilot
adapters, which answer through Claude Code's fast path) run without the cyclic garbage collector: each is
one short process that makes almost no cycles (208 objects left unreachable over the 449 corpus files, none
over a 1 MB file), and the collector's passes over the scanner's large word sets were ~4.5 % of a fresh
scan's instructions. Run as the program (no argv given), these paths and `kguard run`'s fast path leave
without tearing the interpreter down: the exit functions run and the output is flushed, then the process ends
(os._exit). Freeing every module and object one by one at the end was ~8 % of a fresh scan's instructions and
~13 % of a `kguard run` that found nothing changed, and the kernel frees the same memory at once."""
from __future__ import annotations

import gc
import os
import sys
from collections.abc import Sequence

from hooks.startup import full_start


def main(argv: Sequence[str] | None = None) -> int:
    args = list(sys.argv[1:] if argv is None else argv)
    program = argv is None  # (a test that calls main(ARGS) in its own process gets the code back)
    if args[:1] == ["run"]:
        from hooks import run_fast

        code = run_fast.try_fast(args[1:])
        if code is not None:
            return leave(code) if program else code
    if args[:1] == ["scan"]:  # files named on the command line, no options: no click or pydantic
        from hooks import scan_fast

        gc.disable()
        code = scan_fast.try_fast(args[1:])
        if code is not None:
            return leave(code) if program else code
        gc.enable()
    if len(args) in (2, 3) and args[:1] == ["hook"] and args[1] in ("cursor", "codex", "gemini", "copilot"):
        from hooks.agent.protocol import answer_stdin as agent_answer  # (through Claude Code's fast path)

        gc.disable()
        code = agent_answer(args[1], args[2] if len(args) == 3 else "")
        return leave(code) if program else code
    if args == ["hook", "claude-code"]:  # every Claude Code tool call: skip loading click (and site, until the
        from hooks.claude_code.protocol import answer_stdin  # guard itself is needed: protocol.handle loads it)

        gc.disable()
        code = answer_stdin()
        return leave(code) if program else code
    if args[:3] == ["hook", "git", "post-commit"]:  # every commit: nothing to load when nothing was recorded
        from hooks.git.commit_fast import nothing_to_note

        if nothing_to_note():
            return leave(0) if program else 0
    full_start()
    from hooks import cli

    return cli.main(args)


def leave(code: int) -> int:
    """End the process now with `code`, as sys.exit would, less the interpreter's teardown: the exit functions
    (the pattern cache writes what this process compiled) run first, then stdout and stderr are flushed."""
    import atexit

    atexit._run_exitfuncs()
    for stream in (sys.stdout, sys.stderr):
        try:
            stream.flush()
        except (OSError, ValueError):  # a closed pipe (`kguard scan F | head -1`): nothing more to say
            pass
    os._exit(code)


if __name__ == "__main__":  # pragma: no cover
    raise SystemExit(main())
