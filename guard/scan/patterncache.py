"""Compiled regular expressions kept beside the package's bytecode, so that a fresh process does not compile
again what the processes before it compiled. Python's regex compiler is written in Python: the ~70 patterns a
fresh `kguard scan FILE` of a small file needs, and the ~110 of a Claude Code hook judging 10 KB of tool
output, cost ~15-20 ms to compile, about a fifth of the whole process. (The issue asks the same of a
multi-pattern matcher: a database serialised so that start-up does not recompile.)

What is kept is what `re` hands to its C engine: the pattern's code (a list of integers), flags and groups,
keyed by the source, the flags, the interpreter and the engine's version. The engine validates the code
when it is loaded (invalid code raises, and the pattern is compiled as usual).

Where and when, as Python does with bytecode: in the `__pycache__` folder beside this module (or under
PYTHONPYCACHEPREFIX), written with the rights that wrote the bytecode, never when PYTHONDONTWRITEBYTECODE is
set. Whoever can change the file can change the scanner's own code beside it; it is no easier to blind the
scanner through it. Any failure (no such file, unreadable, damaged, another Python) falls back to compiling."""
from __future__ import annotations

import marshal
import os
import re
import sys
from collections.abc import Callable

try:
    import _sre
    from re import _compiler, _parser  # type: ignore[attr-defined]
except ImportError:  # pragma: no cover - another Python: compiled as usual
    _sre = None

MAX_ENTRIES = 2000  # about three times the patterns the scanner uses; past it (sources changed) start again
# The file holds one dict: (source, flags) -> the entry, marshalled on its own, so that loading the file costs
# little (bytes are copied, not parsed: ~0.4 ms for ~650 patterns) and only the patterns used are unpacked.
# An entry: (flags, code, groups, groupindex, indexgroup), what re._compiler.compile hands to _sre.compile.
_entries: dict[tuple[str | bytes, int], bytes] | None = None
_new: dict[tuple[str | bytes, int], bytes] = {}
hits = 0  # patterns loaded from the cache in this process (read by tests)


def path() -> str:
    here = os.path.dirname(os.path.abspath(__file__))
    prefix = sys.pycache_prefix
    folder = os.path.join(prefix, here.lstrip(os.sep)) if prefix else os.path.join(here, "__pycache__")
    magic = getattr(_sre, "MAGIC", 0)
    return os.path.join(folder, f"patterns.{sys.implementation.cache_tag}.{magic}.marshal")


def _load() -> dict[tuple[str | bytes, int], bytes]:
    try:
        with open(path(), "rb") as handle:
            data = marshal.loads(handle.read())
    except (OSError, ValueError, EOFError, TypeError):
        return {}
    return data if isinstance(data, dict) else {}


def cached_compile(source: str | bytes, flags: int = 0,
                   derive: Callable[[], tuple[str, int]] | None = None) -> re.Pattern:  # type: ignore[type-arg]
    """re.compile(source, flags), from the cache when an earlier process compiled it. `derive`: the pattern
    compiled is derive()'s (source, flags), a function of `source` and `flags` (a lower-cased twin): kept under
    those and derive's name, so that a cached twin costs no derivation either."""
    global _entries, hits
    if _sre is None or sys.implementation.cache_tag is None:
        return re.compile(*(derive() if derive else (source, flags)))
    if _entries is None:
        _entries = _load()
    key = (source, int(flags)) if derive is None else (source, int(flags), derive.__name__)
    blob = _entries.get(key)
    if blob is not None:
        try:
            entry = marshal.loads(blob)  # derived: the source compiled, then what every entry holds
            pattern = _sre.compile(*entry) if derive else _sre.compile(source, *entry)
            hits += 1
            return pattern
        except Exception:  # damaged or foreign: compiled below (and written again)
            pass
    if derive is not None:
        source, flags = derive()
    try:
        parsed = _parser.parse(source, flags)
        code = _compiler._code(parsed, flags)
        groupindex = dict(parsed.state.groupdict)
        indexgroup = [None] * parsed.state.groups
        for name, index in groupindex.items():
            indexgroup[index] = name
        # (plain ints: the opcodes are int subclasses, which marshal does not write)
        entry = (int(flags | parsed.state.flags), [int(op) for op in code], parsed.state.groups - 1, groupindex,
                 tuple(indexgroup))
        pattern = _sre.compile(source, *entry)
    except Exception:  # a bad pattern (re raises its error below), or the engine's internals changed
        return re.compile(source, flags)
    if not _new and not sys.dont_write_bytecode:
        import atexit

        atexit.register(_save)
    _new[key] = marshal.dumps((source, *entry) if derive else entry)
    return pattern


def _save() -> None:
    """Add what this process compiled to the cache file (re-read first: another process may have written it),
    replaced atomically; any failure leaves the cache as it was."""
    if not _new:
        return
    entries = _load()
    if len(entries) + len(_new) > MAX_ENTRIES:
        entries = {}
    entries.update(_new)
    target = path()
    temp = f"{target}.{os.getpid()}.tmp"
    try:
        os.makedirs(os.path.dirname(target), exist_ok=True)
        fd = os.open(temp, os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_NOFOLLOW", 0), 0o644)
        with os.fdopen(fd, "wb") as handle:
            handle.write(marshal.dumps(entries))
        os.replace(temp, target)
    except (OSError, ValueError):
        try:
            os.unlink(temp)
        except OSError:
            pass
    _new.clear()
