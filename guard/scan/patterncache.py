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
scanner through it. Any failure (no such file, unreadable, damaged, another Python) falls back to compiling.

The same file keeps values derived from the lexicons in the same way (cached_value): the trigger keys of each
frame's actions, each lexicon's gate and the source of each word alternation, which a fresh process otherwise
derives from ~5,000 actions and ~6,700 words (~25-55 ms CPU of a fresh `kguard scan` under load)."""
from __future__ import annotations

import marshal
import os
import re
import sys
from binascii import crc32
from collections.abc import Callable

try:
    import _sre
    from re import _compiler, _parser  # type: ignore[attr-defined]
except ImportError:  # pragma: no cover - another Python: compiled as usual
    _sre = None

MAX_ENTRIES = 10_000  # about twice the patterns and values the scanner keeps; past it (sources changed) start again
# The file: the length of an index (8 bytes), the index, then one record per pattern. The index, marshalled,
# maps (crc32 of the source, its length, flags, derived, bytes) to where the record lies after the index, so a
# process reads the small index and then only the records it uses (~2.7 MB of records for the ~1,200 patterns and
# ~2,400 values a scan of the whole corpus keeps).
# A record, marshalled: (the source, the source compiled (derived: a lower-cased twin), flags, code, groups,
# groupindex, indexgroup), the last five what re._compiler.compile hands to _sre.compile, the code as its 4-byte
# words in the machine's order (array "I").
# A value's record (see cached_value): (the source, the value), under the flags VALUE.
Key = tuple[int, int, int, bool, bool]
_index: dict[Key, tuple[int, int]] | None = None
_fd = -1
_base = 0  # where the records start
_new: dict[Key, bytes] = {}
hits = 0  # patterns loaded from the cache in this process (read by tests)
value_hits = 0  # values loaded from it


def path() -> str:
    here = os.path.dirname(os.path.abspath(__file__))
    prefix = sys.pycache_prefix
    folder = os.path.join(prefix, here.lstrip(os.sep)) if prefix else os.path.join(here, "__pycache__")
    magic = getattr(_sre, "MAGIC", 0)
    # (the byte order too: a pattern's code is kept as machine words)
    return os.path.join(folder, f"patterns.{sys.implementation.cache_tag}.{magic}.{sys.byteorder}.marshal")


def _key(source: str | bytes, flags: int, derived: bool) -> Key:
    """(crc32, length, flags, derived, bytes): a pattern of bytes and one of the same text as str are two (one
    key for both made each process replace the other and write the whole file again at exit)."""
    binary = isinstance(source, bytes)
    data = source if binary else source.encode("utf-8", "surrogatepass")  # type: ignore[union-attr]
    return crc32(data), len(source), int(flags), derived, binary


def _open() -> tuple[int, int, dict[Key, tuple[int, int]]]:
    """The cache file, open, where its records start, and its index; (-1, 0, {}) when there is none or it is
    damaged."""
    try:
        fd = os.open(path(), os.O_RDONLY | getattr(os, "O_NOFOLLOW", 0))
    except OSError:
        return -1, 0, {}
    try:
        size = int.from_bytes(os.pread(fd, 8, 0), "little")
        if 8 + size <= os.fstat(fd).st_size:  # (not a length read from garbage)
            index = marshal.loads(os.pread(fd, size, 8))
            if isinstance(index, dict):
                return fd, 8 + size, index
    except Exception:  # damaged: as if there were no cache
        pass
    os.close(fd)
    return -1, 0, {}


def _record(key: Key) -> tuple | None:  # type: ignore[type-arg]
    global _fd, _base, _index
    if _index is None:
        _fd, _base, _index = _open()
    where = _index.get(key)
    if where is None:
        return None
    try:
        record = marshal.loads(os.pread(_fd, where[1], _base + where[0]))
    except Exception:  # damaged (a bad place in the index, a cut record): compiled instead
        return None
    return record if isinstance(record, tuple) and len(record) in (2, 7) else None


VALUE = -1  # the flags of a key that holds a value (see cached_value), never a pattern's


def cached_value(source: str, compute: Callable[[], object], valid: Callable[[object], bool]) -> object:
    """compute(), a pure function of `source` whose result marshal can write (the keys of a frame's actions,
    a lexicon's gate, a word alternation): from the cache when an earlier process computed it and `valid` accepts what was read,
    else computed and kept for the next process, as a pattern is."""
    if sys.implementation.cache_tag is None or not hasattr(os, "pread"):
        return compute()
    key = _key(source, VALUE, True)
    record = _record(key)
    if record is not None and len(record) == 2 and record[0] == source and valid(record[1]):
        global value_hits
        value_hits += 1
        return record[1]
    value = compute()
    _keep(key, (source, value))
    return value


def _keep(key: Key, record: tuple) -> None:  # type: ignore[type-arg]
    if not _new and not sys.dont_write_bytecode:
        import atexit

        atexit.register(_save)
    _new[key] = marshal.dumps(record)


def cached_compile(source: str | bytes, flags: int = 0,
                   derive: Callable[[], tuple[str, int]] | None = None) -> re.Pattern:  # type: ignore[type-arg]
    """re.compile(source, flags), from the cache when an earlier process compiled it. `derive`: the pattern
    compiled is derive()'s (source, flags), a function of `source` and `flags` (a lower-cased twin): kept under
    those, so that a cached twin costs no derivation either."""
    global hits
    if _sre is None or sys.implementation.cache_tag is None or not hasattr(os, "pread"):  # (pread: not on Windows)
        return re.compile(*(derive() if derive else (source, flags)))
    key = _key(source, flags, derive is not None)
    record = _record(key)
    if record is not None and len(record) == 7 and record[0] == source:
        try:
            pattern = _sre.compile(record[1], record[2], _code(record[3]), *record[4:])
            hits += 1
            return pattern
        except Exception:  # damaged or foreign: compiled below (and written again)
            pass
    original = source
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
    from array import array

    code = array("I", entry[1])
    _keep(key, (original, source, entry[0], code.tobytes() if code.itemsize == 4 else entry[1], *entry[2:]))
    return pattern


def _code(stored: object) -> object:
    """A pattern's code as _sre.compile takes it (a list of ints), from the 4-byte words it was kept as:
    marshal reads one bytes object ~3 times faster than a list of ~2,000 ints (~260 KB of codes in a fresh scan
    of 4 KB). A list is taken as it is (the engine validates the code either way)."""
    if type(stored) is not bytes:
        return stored
    from array import array

    return array("I", stored).tolist()


def _save() -> None:
    """Add what this process compiled to the cache file (read again first: another process may have written
    it), replaced atomically; any failure leaves the cache as it was."""
    if not _new:
        return
    fd, base, index = _open()
    records: dict[Key, bytes] = {}
    if len(index) + len(_new) <= MAX_ENTRIES:
        try:
            records = {key: os.pread(fd, size, base + offset) for key, (offset, size) in index.items()}
        except Exception:  # damaged: written anew with this process's patterns
            records = {}
    if fd >= 0:
        os.close(fd)
    records.update(_new)
    places, offset = {}, 0
    for key, record in records.items():
        places[key] = (offset, len(record))
        offset += len(record)
    head = marshal.dumps(places)
    target = path()
    temp = f"{target}.{os.getpid()}.tmp"
    try:
        os.makedirs(os.path.dirname(target), exist_ok=True)
        out = os.open(temp, os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_NOFOLLOW", 0), 0o644)
        with os.fdopen(out, "wb") as handle:
            handle.write(len(head).to_bytes(8, "little") + head + b"".join(records.values()))
        os.replace(temp, target)
    except (OSError, ValueError):
        try:
            os.unlink(temp)
        except OSError:
            pass
    _new.clear()
