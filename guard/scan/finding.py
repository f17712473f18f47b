"""A finding is data: an immutable value that `hooks` renders as text, JSON, SARIF or GitHub annotations.
Its identity (`fingerprint`) is a hash of the detector, the path and the matched content, never the line
number, so a baseline of accepted findings survives edits above them. A finding also names the view of the
text it came from (`view`): "text" as written, or a view that undoes a disguise ("normalised", "skeleton",
"collapsed") or decodes a payload ("decoded:base64"); a text-view finding hashes as it always has.

An immutable named tuple (neither a pydantic model nor a dataclass: `kguard scan FILE` and the hooks start
fast without pydantic, and `dataclasses` imports `inspect`, ~10 ms of a fresh process), built by keyword only.
`model_copy` and `model_dump`/`model_dump_json` keep the small part of pydantic's API that callers use."""
from __future__ import annotations

from collections import namedtuple

TYPE_CHECKING = False  # (typing.TYPE_CHECKING without importing typing: ~3 ms of a fresh process)
if TYPE_CHECKING:
    from typing import Any, Literal

    Severity = Literal["error", "warning", "info"]
else:
    Severity = str
SEVERITY_ORDER: dict[str, int] = {"error": 0, "warning": 1, "info": 2}
TEXT_VIEW = "text"
FIELDS = ("id", "name", "severity", "path", "line", "column", "message", "excerpt", "matched", "view")


class Finding(namedtuple("Finding", FIELDS)):
    __slots__ = ()
    id: str  # stable detector ID, e.g. "INV001"
    name: str  # kebab-case detector name, e.g. "zero-width-character"
    severity: Severity
    path: str  # as shown to the user: relative to the root, or ~/... for home files
    line: int  # 1-based; 0 when the finding is about the whole file
    column: int  # 1-based; 0 when the finding is about the whole file or line
    message: str
    excerpt: str  # the line (or part of it) with every invisible character made visible
    matched: str  # the matched content that the fingerprint hashes (not shown)
    view: str  # the view of the text the finding came from

    def __new__(cls, *, id: str, name: str, severity: Severity, path: str, line: int, column: int, message: str,
                excerpt: str = "", matched: str = "", view: str = TEXT_VIEW) -> Finding:
        if severity not in SEVERITY_ORDER:
            raise ValueError(f"unknown severity {severity!r}")
        return super().__new__(cls, id, name, severity, path, line, column, message, excerpt, matched, view)

    @property
    def fingerprint(self) -> str:
        # surrogatepass: text from undecodable bytes holds lone surrogates, which must hash, not raise
        key = f"{self.id}\0{self.path}\0{self.matched or self.excerpt}"
        if self.view != TEXT_VIEW:  # a view's finding is another finding than the text's at the same place
            key += f"\0{self.view}"
        import hashlib  # (only when a fingerprint is asked for: OpenSSL costs ~5 ms at start-up)

        digest = hashlib.sha256(key.encode("utf-8", "surrogatepass"))
        return digest.hexdigest()[:16]

    def model_copy(self, update: dict[str, Any] | None = None) -> Finding:
        return Finding(**{**self._asdict(), **(update or {})})

    def model_dump(self, mode: str = "json") -> dict[str, Any]:
        """The shown fields and the fingerprint (not `matched`), as JSON output carries them."""
        fields = {name: value for name, value in self._asdict().items() if name != "matched"}
        return {**fields, "fingerprint": self.fingerprint}

    def model_dump_json(self) -> str:
        import json

        return json.dumps(self.model_dump(), ensure_ascii=False)


def sort_key(finding: Finding) -> tuple[str, int, int, str]:
    return (finding.path, finding.line, finding.column, finding.id)
