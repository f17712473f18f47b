"""The catalogue: every knowledge file by kind and reader, with what is done with it."""
from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from rules_engine.budget import Report
from rules_engine.errors import KguardError
from rules_engine.layout import Location
from rules_engine.models import Document, Knowledge, Memory, Rule, Skill
from rules_engine.tokens import estimate

ALWAYS = "always"
DERIVED = "description derived"
ON_DEMAND = "fetched when it applies"
OVER_BUDGET = "over the always budget, fetched when it applies"
READ_ONLY = "read-only"
SHORTENED = "shortened to fit the budget"
INVALID = "not loaded: invalid"

KIND_ORDER = {"fact": 0, "rule": 1, "procedure": 2, "instructions": 3}
READER_ORDER = {"you": 0, "this-tool": 1, "every-tool": 2}
READER_TEXT = {"you": "only you, every folder", "this-tool": "this tool, this folder",
               "every-tool": "every tool, this folder"}


@dataclass(frozen=True)
class Row:
    path: str
    scope: str
    kind: str
    reader: str
    treatment: tuple[str, ...]
    name: str = ""
    description: str = ""
    tokens: int = 0
    error: str = ""
    line: int | None = None


def is_nested(path: str) -> bool:
    return "/" in path and not path.startswith(("~", ".")) and path.rsplit("/", 1)[-1] in {"AGENTS.md", "CLAUDE.md"}


def row(path: str, location: Location, item: Knowledge | KguardError, report: Report | None) -> Row:
    base = dict(path=path, scope=location.scope, kind=location.kind, reader=location.reader)
    extra = (READ_ONLY,) if location.read_only else ()
    if isinstance(item, KguardError):
        return Row(**base, treatment=(INVALID, *extra), error=item.message, line=item.line)
    if isinstance(item, Rule):
        if report is not None and path in report.on_demand:
            what = [OVER_BUDGET]
        else:
            what = [ALWAYS if item.always else ON_DEMAND]
        if item.description_derived:
            what.append(DERIVED)
        return Row(**base, treatment=(*what, *extra), name=item.name, description=item.description,
                   tokens=estimate(item.body))
    if isinstance(item, Skill):
        return Row(**base, treatment=(ON_DEMAND, *extra), name=item.name, description=item.description,
                   tokens=estimate(item.body))
    if isinstance(item, Memory):
        return Row(**base, treatment=(ALWAYS, *extra), tokens=estimate(item.text))
    assert isinstance(item, Document)
    what = [ON_DEMAND if is_nested(path) else ALWAYS]
    if report is not None and report.agents_lines_kept and any(s.paths == (path,) for s in report.steps):
        what.append(SHORTENED)
    return Row(**base, treatment=(*what, *extra), tokens=estimate(item.text))


def build(entries: Sequence[tuple[str, Location, Knowledge | KguardError]], report: Report | None) -> list[Row]:
    rows = [row(path, location, item, report) for path, location, item in entries]
    return sorted(rows, key=lambda r: (KIND_ORDER.get(r.kind, 9), READER_ORDER.get(r.reader, 9), r.path))
