"""Regular expressions compiled when first used, not when their module is imported. A scan of a small file
runs only the detectors whose trigger words occur, so most of the scanner's patterns are never needed in a
fresh process (`kguard scan FILE`, a Claude Code hook): compiling them all at import cost more than the
scan itself.

`lazy(source, flags)` stands in for `re.compile(source, flags)`: `.pattern`, `.flags`, hashing and equality
need no compilation; any other attribute (`finditer`, `match`, `sub`, `groups` ...) compiles once and is
then read straight from the compiled pattern."""
from __future__ import annotations

import re

from guard.scan.patterncache import cached_compile

TYPE_CHECKING = False  # (typing.TYPE_CHECKING without importing typing: ~3 ms of a fresh process)
if TYPE_CHECKING:
    from typing import Any

__all__ = ["LazyPattern", "lazy", "compiled"]
NOT_UNICODE = ~int(re.U)  # (ints: RegexFlag's operators run in Python, and a pattern is hashed at every lookup)


class LazyPattern:
    """A re.Pattern compiled on first use. Hashes and compares as its (source, flags), like re.Pattern."""

    __slots__ = ("pattern", "flags", "_compiled", "__dict__")

    def __init__(self, pattern: str, flags: int = 0) -> None:
        self.pattern = pattern
        self.flags = int(flags)
        self._compiled: re.Pattern[str] | None = None

    def compile(self) -> re.Pattern[str]:
        if self._compiled is None:
            self._compiled = cached_compile(self.pattern, self.flags)
            self.flags = self._compiled.flags  # what re reports (re.U added for str patterns)
        return self._compiled

    def __getattr__(self, name: str) -> Any:  # only for attributes not found: the pattern's methods
        value = getattr(self.compile(), name)
        if callable(value):
            self.__dict__[name] = value  # the next call skips __getattr__
        return value

    def __hash__(self) -> int:
        return hash((self.pattern, self.flags & NOT_UNICODE))

    def __eq__(self, other: object) -> bool:
        if isinstance(other, (LazyPattern, re.Pattern)):
            return (self.pattern, self.flags & NOT_UNICODE) == (other.pattern, other.flags & NOT_UNICODE)
        return NotImplemented

    def __repr__(self) -> str:
        return f"lazy({self.pattern!r}, {self.flags})"

    def __reduce__(self) -> tuple[Any, ...]:
        return (LazyPattern, (self.pattern, self.flags))


def lazy(pattern: str, flags: int = 0) -> LazyPattern:
    """What re.compile(pattern, flags) gives, compiled the first time it is used."""
    return LazyPattern(pattern, flags)


def compiled(pattern: re.Pattern[str] | LazyPattern) -> re.Pattern[str]:
    """The real re.Pattern (for code that needs one: isinstance checks, the sre parser)."""
    return pattern.compile() if isinstance(pattern, LazyPattern) else pattern
