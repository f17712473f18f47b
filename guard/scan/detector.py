"""What a detector is: a stable ID, a kebab-case name, a default severity, its documentation (the check
function's docstring, in one template), its own true and false examples, and the check itself."""
from __future__ import annotations

import re
from collections import namedtuple
from collections.abc import Callable, Iterable

TYPE_CHECKING = False  # (typing.TYPE_CHECKING without importing typing: ~3 ms of a fresh process)

if TYPE_CHECKING:
    from guard.scan.finding import Severity
    from guard.scan.text import Document

DOC_HEADINGS = ("What it finds:", "Why it matters:", "Example:", "Instead:")
ID_PATTERN = re.compile(r"^[A-Z]{3}\d{3}$")
NAME_PATTERN = re.compile(r"^[a-z0-9]+(-[a-z0-9]+)*$")


# Immutable records as named tuples, not dataclasses: `dataclasses` imports `inspect` (and with it ast, dis,
# tokenize), ~10 ms of every fresh `kguard scan FILE`; `collections` is loaded by `re` anyway.
class Hit(namedtuple("Hit", "start end message severity matched", defaults=(None, None))):
    """One match, as character offsets into the scanned text (start < 0: about the whole file).
    `severity` None: the detector's default; `matched` (what the fingerprint hashes) None: the matched text."""

    __slots__ = ()
    start: int
    end: int
    message: str
    severity: Severity | None
    matched: str | None


class Example(namedtuple("Example", "text line column")):
    __slots__ = ()
    text: str
    line: int
    column: int


Check = Callable[["Document"], Iterable[Hit]]


class Detector(namedtuple("Detector", "id name severity check hits clean", defaults=((), ()))):
    __slots__ = ()
    id: str
    name: str
    severity: Severity
    check: Check
    hits: tuple[Example, ...]
    clean: tuple[str, ...]

    def __repr__(self) -> str:
        return f"Detector(id={self.id!r}, name={self.name!r}, severity={self.severity!r})"

    @property
    def doc(self) -> str:
        import inspect  # (only for the documentation: not on the scan path)

        return inspect.cleandoc(self.check.__doc__ or "")

    @property
    def summary(self) -> str:
        """The first sentence of "What it finds"."""
        body = self.doc.split("Why it matters:")[0].removeprefix("What it finds:").strip()
        return re.split(r"\.\s+(?=[A-Z])", " ".join(body.split()))[0].rstrip(".")

    @property
    def family(self) -> str:
        return self.id[:3]


def detector(
    id: str,
    name: str,
    severity: Severity,
    hits: Iterable[tuple[str, int, int]] = (),
    clean: Iterable[str] = (),
) -> Callable[[Check], Detector]:
    """Turn a check function into a Detector; the function's docstring is its documentation."""

    def wrap(check: Check) -> Detector:
        return Detector(id, name, severity, check, tuple(Example(*h) for h in hits), tuple(clean))

    return wrap
