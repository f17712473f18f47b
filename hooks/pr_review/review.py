"""`kguard review`: what a range of commits does to the knowledge files, file by file."""
from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from guard.discovery import project_rules
from guard.paths import Places
from guard.scan.engine import decode, filter_findings, scan_bytes
from guard.scan.finding import Finding
from hooks.config import CONFIG_NAME, Settings, parse_settings
from hooks.pr_review.block import BlockDelta, block_delta
from hooks.pr_review.budget import budget_at
from hooks.pr_review.gitrange import Range
from hooks.pr_review.lines import Line, added_numbers, diff_lines
from hooks.pr_review.origins import Origin, added_origins
from hooks.pr_review.switches import allowed, switches_guard
from rules_engine.budget import Report
from rules_engine.errors import KguardError


@dataclass
class FileReview:
    path: str
    old_path: str | None
    status: str  # added | deleted | modified | renamed
    lines: list[Line]
    findings: list[Finding]  # on added lines only
    already_present: int  # findings of the new file on lines this change did not add
    block: BlockDelta | None = None
    origins: dict[int, Origin] = field(default_factory=dict)  # added line number -> who wrote it


@dataclass(frozen=True)
class Switch:
    path: str
    status: str
    allowed: bool


@dataclass
class Review:
    spec: str
    base: str
    head: str
    files: list[FileReview]
    switches: list[Switch]
    budget_before: Report
    budget_after: Report
    unread: list[str] = field(default_factory=list)  # knowledge files at HEAD the budget could not read
    failures: list[str] = field(default_factory=list)

    @property
    def findings(self) -> list[Finding]:
        return [f for file in self.files for f in file.findings]

    @property
    def exit_code(self) -> int:
        return 1 if self.failures else 0


def base_settings(rng: Range) -> Settings:
    """The BASE commit's config: what a change may do (ignore a finding, raise a cap, touch a hook setting) is
    decided by the code it changes, never by itself. No config there, or a broken one, gives the defaults."""
    for name in (CONFIG_NAME, "pyproject.toml"):
        data = rng.blob(rng.base, name)
        if data is None or (name == "pyproject.toml" and b"kguard" not in data):
            continue
        try:
            return parse_settings(data, Path(name))
        except KguardError:
            return Settings()
    return Settings()


def _status(old: str | None, new: str | None) -> str:
    return "added" if old is None else "deleted" if new is None else "renamed" if old != new else "modified"


def _findings(path: str, old: bytes | None, new: bytes | None, lines: list[Line],
              settings: Settings, root: Path) -> tuple[list[Finding], int]:
    if new is None:
        return [], 0
    scan = settings.scan
    found = filter_findings(scan_bytes(new, path, max_bytes=scan.max_file_bytes), scan, root, baseline=set())
    before = {f.fingerprint for f in scan_bytes(old, path, max_bytes=scan.max_file_bytes)} if old else set()
    added = added_numbers(lines)
    mine = [f for f in found if f.line in added or (f.line <= 0 and f.fingerprint not in before)]
    return mine, len(found) - len(mine)


def review(rng: Range, places: Places) -> Review:
    settings = base_settings(rng)
    rules = project_rules(places, settings.knowledge.include, settings.knowledge.exclude)
    files: list[FileReview] = []
    switches: list[Switch] = []
    for old_path, new_path, patch in rng.changed():
        path = new_path or old_path or ""
        location = rules.classify(path) or (rules.classify(old_path) if old_path else None)
        old = rng.blob(rng.base, old_path) if old_path else None
        new = rng.blob(rng.head, new_path) if new_path else None
        status = _status(old_path, new_path)
        if switches_guard(path, old, new, settings.scan.baseline,
                          location is not None and location.kind == "control"):
            switches.append(Switch(path, status, allowed(path, settings.review.allow_guard_changes)))
            continue
        if location is None:
            continue
        lines = diff_lines(patch)
        findings, present = _findings(path, old, new, lines, settings, places.root)
        block = block_delta(path, decode(old) if old else None, decode(new) if new else None,
                            settings.rules_promotion) if path.rsplit("/", 1)[-1] == "AGENTS.md" else None
        origins = added_origins(rng, places, new_path, added_numbers(lines)) if new_path else {}
        files.append(FileReview(path, old_path, status, lines, findings, present, block, origins))
    before, _ = budget_at(rng, rng.base, rules, places, settings)
    after, unread = budget_at(rng, rng.head, rules, places, settings)
    result = Review(rng.spec, str(rng.base.id), str(rng.head.id), files, switches, before, after, unread)
    result.failures = failures(result)
    return result


def failures(result: Review) -> list[str]:
    out = [f"{f.path}:{f.line}: {f.id} {f.message}" for f in result.findings if f.severity == "error"]
    for file in result.files:
        block = file.block
        if block is None:
            continue
        if block.over_cap:
            out.append(f"{block.path}: the managed block is over its cap ({block.after.rules}/{block.max_rules} "
                       f"rules, {block.after.lines}/{block.max_lines} lines)")
        if block.trailers_lost:
            out.append(f"{block.path}: {block.trailers_lost} promoted rule(s) lost their provenance trailer")
    out += [f"{s.path}: changes a file that can switch a guard off (allow it with [review] allow_guard_changes "
            "in the base commit's config)" for s in result.switches if not s.allowed]
    return out
