"""A finding is data: an immutable value that `hooks` renders as text, JSON, SARIF or GitHub annotations.
Its identity (`fingerprint`) is a hash of the detector, the path and the matched content, never the line
number, so a baseline of accepted findings survives edits above them."""
from __future__ import annotations

import hashlib
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, computed_field

Severity = Literal["error", "warning", "info"]
SEVERITY_ORDER: dict[str, int] = {"error": 0, "warning": 1, "info": 2}


class Finding(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")

    id: str  # stable detector ID, e.g. "INV001"
    name: str  # kebab-case detector name, e.g. "zero-width-character"
    severity: Severity
    path: str  # as shown to the user: relative to the root, or ~/... for home files
    line: int  # 1-based; 0 when the finding is about the whole file
    column: int  # 1-based; 0 when the finding is about the whole file or line
    message: str
    excerpt: str = ""  # the line (or part of it) with every invisible character made visible
    matched: str = Field("", exclude=True)  # the matched content that the fingerprint hashes (not shown)

    @computed_field  # type: ignore[prop-decorator]
    @property
    def fingerprint(self) -> str:
        # surrogatepass: text from undecodable bytes holds lone surrogates, which must hash, not raise
        key = f"{self.id}\0{self.path}\0{self.matched or self.excerpt}"
        digest = hashlib.sha256(key.encode("utf-8", "surrogatepass"))
        return digest.hexdigest()[:16]


def sort_key(finding: Finding) -> tuple[str, int, int, str]:
    return (finding.path, finding.line, finding.column, finding.id)
