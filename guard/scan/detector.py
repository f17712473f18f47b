"""What a detector is: a stable ID, a kebab-case name, a default severity, its documentation (the check
function's docstring, in one template), its own true and false examples, and the check itself."""
from __future__ import annotations

import inspect
import re
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field

from guard.scan.finding import Severity
from guard.scan.text import Document

DOC_HEADINGS = ("What it finds:", "Why it matters:", "Example:", "Instead:")
ID_PATTERN = re.compile(r"^[A-Z]{3}\d{3}$")
NAME_PATTERN = re.compile(r"^[a-z0-9]+(-[a-z0-9]+)*$")


@dataclass(frozen=True)
class Hit:
    """One match, as character offsets into the scanned text (start < 0: about the whole file)."""

    start: int
    end: int
    message: str
    severity: Severity | None = None  # None: the detector's default
    matched: str | None = None  # what the fingerprint hashes; None: the matched text


@dataclass(frozen=True)
class Example:
    text: str
    line: int
    column: int


Check = Callable[[Document], Iterable[Hit]]


@dataclass(frozen=True)
class Detector:
    id: str
    name: str
    severity: Severity
    check: Check = field(repr=False)
    hits: tuple[Example, ...] = ()
    clean: tuple[str, ...] = ()

    @property
    def doc(self) -> str:
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
