"""`kguard scan` and `kguard explain`."""
from __future__ import annotations

import json

import os
import sys
from collections.abc import Iterator
from pathlib import Path

import click

from guard.discovery import discover, project_rules
from guard.paths import Places, find_places
from guard.scan.baseline import write_baseline
from guard.scan.detector import Detector
from guard.scan.engine import filter_findings, scan_bytes, scan_file
from guard.scan.finding import Finding
from guard.scan.registry import FAMILIES, REGISTRY, lookup
from guard.scan.retired import RETIRED, Retired
from guard.scan.settings import ScanSettings
from hooks.config import Settings, load_settings
from hooks.render import FORMATS, exit_code, render
from rules_engine.errors import KguardError
from rules_engine.layout import SKIPPED_DIRS

PROGRESS_FROM = 50  # files; fewer are done before anyone would look at a counter
# What a folder scan reads: Markdown, rules files (.cursorrules, .windsurfrules ...), text and config.
TEXT_SUFFIXES = {".md", ".mdc", ".markdown", ".txt", ".json", ".yaml", ".yml", ".toml", ".rst", ".prompt", ""}


def _ids(value: str | None) -> list[str]:
    if not value:
        return []
    ids = [part.strip().upper() for part in value.split(",") if part.strip()]
    for item in ids:
        if not any(det_id.startswith(item) for det_id in [*REGISTRY, *RETIRED]):
            raise click.BadParameter(f"unknown detector ID or prefix {item!r} (see `kguard explain`)")
    return ids


def _display(path: Path, root: Path) -> str:
    try:
        return path.resolve().relative_to(root).as_posix()
    except ValueError:
        return str(path)


def _walk(folder: Path) -> Iterator[Path]:
    for dirpath, dirnames, filenames in os.walk(folder):
        dirnames[:] = sorted(d for d in dirnames if d not in SKIPPED_DIRS)
        for name in sorted(filenames):
            path = Path(dirpath) / name
            suffix = path.suffix.lower()
            if suffix in TEXT_SUFFIXES or suffix.endswith("rules") or name.startswith("."):
                yield path


def _progress(items: list[tuple[Path, str]]) -> Iterator[tuple[Path, str]]:
    """Yield the items; on a terminal, with a counter on stderr when there are many."""
    show = len(items) >= PROGRESS_FROM and sys.stderr.isatty()
    for done, item in enumerate(items, 1):
        if show and (done % 10 == 0 or done == len(items)):
            click.echo(f"\rkguard: scanned {done}/{len(items)} files", err=True, nl=done == len(items))
        yield item


def _scan_paths(paths: tuple[Path, ...], root: Path, settings: ScanSettings) -> list[Finding]:
    findings: list[Finding] = []
    files: list[tuple[Path, str]] = []
    for given in paths:
        if str(given) == "-":
            findings += scan_bytes(sys.stdin.buffer.read(), "<stdin>", max_bytes=settings.max_file_bytes)
        elif given.is_dir():
            files += [(path, _display(path, root)) for path in _walk(given)]
        elif os.path.lexists(given):
            files.append((given, _display(given, root)))
        else:
            raise KguardError("no such file or folder", given)
    for path, display in _progress(files):
        findings += scan_file(path, display, settings)
    return findings


def _scan_staged(paths: tuple[Path, ...], places: Places, settings: Settings) -> list[Finding]:
    from guard.scan.staged import staged_blobs

    if paths:
        wanted_set = {_display(p, places.root) for p in paths}
        prefixes = tuple(w.rstrip("/") + "/" for w in wanted_set)

        def wanted(rel: str) -> bool:
            return rel in wanted_set or rel.startswith(prefixes)
    else:
        rules = project_rules(places, settings.knowledge.include, settings.knowledge.exclude)

        def wanted(rel: str) -> bool:
            return rules.classify(rel) is not None

    findings: list[Finding] = []
    for rel, data in staged_blobs(places.root, wanted):
        findings += scan_bytes(data, rel, max_bytes=settings.scan.max_file_bytes)
    return findings


def _scan_knowledge(places: Places, settings: Settings) -> list[Finding]:
    findings: list[Finding] = []
    files = discover(places, settings.knowledge.include, settings.knowledge.exclude, with_home=settings.knowledge.home)
    for path, display in _progress([(file.path, file.display) for file in files]):
        findings += scan_file(path, display, settings.scan)
    return findings


def _use_color() -> bool:
    return sys.stdout.isatty() and not os.environ.get("NO_COLOR")


@click.command()
@click.argument("paths", nargs=-1, type=click.Path(path_type=Path))
@click.option("--staged", is_flag=True, help="Scan the blobs staged in the git index, not the work tree (at "
              "pre-commit's pre-push stage: the commit being pushed).")
@click.option("--format", "fmt", type=click.Choice(FORMATS), default="text", show_default=True)
@click.option("--select", help="Only these detector IDs or prefixes, comma-separated (e.g. INV,EXF001).")
@click.option("--ignore", help="Skip these detector IDs or prefixes, comma-separated.")
@click.option("--write-baseline", type=click.Path(path_type=Path),
              help="Write the findings (after --select/--ignore) to this baseline file and exit 0.")
def scan(paths: tuple[Path, ...], staged: bool, fmt: str, select: str | None, ignore: str | None,
         write_baseline: Path | None) -> int:
    """Look for covert signals (hidden text, concealment, exfiltration, overrides, dangerous actions,
    encoded payloads) in knowledge files.

    With no PATH, scans the knowledge files kguard guards; a folder scans its text files; `-` reads stdin.
    Exit 1 when any error-level finding remains after the config's ignores and baseline, else 0.
    """
    selected, ignored = _ids(select), _ids(ignore)
    places = find_places()
    settings = load_settings(places.root)
    if staged:
        from hooks.git.pushed import stage_index

        with stage_index():  # pre-commit's pre-push stage: the pushed commit, as kguard-check reads it
            findings = _scan_staged(paths, places, settings)
    elif paths:
        findings = _scan_paths(paths, places.root, settings.scan)
    else:
        findings = _scan_knowledge(places, settings)
    if write_baseline is not None:
        from hooks.consent import require_user

        require_user("scan --write-baseline", places.project_state)  # a baseline hides findings from now on
        kept = filter_findings(findings, settings.scan, places.root, selected, ignored, baseline=set())
        write_baseline_path = write_baseline if write_baseline.is_absolute() else Path.cwd() / write_baseline
        _write(write_baseline_path, kept)
        click.echo(f"kguard: wrote {len(kept)} finding(s) to {write_baseline}", err=True)
        return 0
    findings = filter_findings(findings, settings.scan, places.root, selected, ignored)
    click.echo(render(findings, fmt, color=_use_color() and fmt == "text"), nl=False)
    return exit_code(findings)


def _write(path: Path, findings: list[Finding]) -> None:
    try:
        write_baseline(path, findings)
    except OSError as exc:
        raise KguardError(f"cannot write baseline: {exc.strerror or exc}", path) from None


def _listing() -> str:
    lines = []
    for family, title in FAMILIES.items():
        lines.append(f"{family}: {title}")
        for det in REGISTRY.values():
            if det.family == family:
                lines.append(f"  {det.id}  {det.name:<30} {det.severity:<8} {det.summary}")
        for old in RETIRED.values():
            if old.family == family:
                lines.append(f"  {old.id}  {old.name:<30} {'retired':<8} {old.covered_by}")
    from hooks.commands.check import CHECKS

    lines.append("BLK/RUL: the `kguard check` gate (managed block, rules and skill files)")
    for code, (name, severity, summary) in CHECKS.items():
        lines.append(f"  {code}  {name:<30} {severity:<8} {summary}")
    return "\n".join(lines) + "\n\nRun `kguard explain ID` for what a detector finds, why, and an example.\n"


def _explain(det: Detector | Retired) -> str:
    if isinstance(det, Retired):
        return f"{det.id} {det.name} (retired: reports nothing)\n\n{det.doc}\n"
    return f"{det.id} {det.name} (default severity: {det.severity})\n\n{_doc(det)}\n"


def _doc(det: Detector) -> str:
    """The detector's documentation, and for a phrase list's error the second opinion it needs."""
    from guard.scan.agreement import PHRASE_LISTS

    if det.severity != "error" or not det.id.startswith(PHRASE_LISTS):
        return det.doc
    return (f"{det.doc}\n\nIn a full scan its error needs a second opinion anywhere in the file (an action flow's "
            "error, a hiding place, or a learned model agreeing); alone it is a warning.")


def explain_records() -> list[dict[str, str]]:
    """Every ID `kguard explain` knows, as data: the scanner's detectors, then the gate's own checks.
    `kguard explain --format json` prints it; the docs site's detector reference is generated from it."""
    from hooks.commands.check import CHECKS

    records = [{"id": det.id, "name": det.name, "severity": det.severity, "family": det.family,
                "family_title": FAMILIES[det.family], "summary": det.summary, "doc": _doc(det), "command": "scan"}
               for det in REGISTRY.values()]
    records += [{"id": old.id, "name": old.name, "severity": "retired", "family": old.family,
                 "family_title": FAMILIES[old.family], "summary": f"retired: {old.covered_by}", "doc": old.doc,
                 "command": "scan"} for old in RETIRED.values()]
    for code, (name, severity, summary) in CHECKS.items():
        records.append({"id": code, "name": name, "severity": severity, "family": code[:3],
                        "family_title": "the `kguard check` gate (managed block, rules and skill files)",
                        "summary": summary, "doc": f"{summary[0].upper()}{summary[1:]}.", "command": "check"})
    return records


@click.command()
@click.argument("detector_id", required=False)
@click.option("--format", "fmt", type=click.Choice(["text", "json"]), default="text", show_default=True)
def explain(detector_id: str | None, fmt: str) -> int:
    """Explain a detector (what it finds, why it matters, an example, what to do instead); no ID lists
    them all."""
    if fmt == "json":
        records = explain_records()
        if detector_id is not None:
            records = [r for r in records if r["id"] == detector_id.upper()]
            if not records:
                raise KguardError(f"unknown detector {detector_id!r} (run `kguard explain` for the list)")
        click.echo(json.dumps(records[0] if detector_id else records, indent=2, ensure_ascii=False))
        return 0
    if detector_id is None:
        click.echo(_listing(), nl=False)
        return 0
    det: Detector | Retired | None = lookup(detector_id) or RETIRED.get(detector_id.upper())
    if det is None:
        from hooks.commands.check import explain_text

        text = explain_text(detector_id)
        if text is not None:
            click.echo(text, nl=False)
            return 0
        raise KguardError(f"unknown detector {detector_id!r} (run `kguard explain` for the list)")
    click.echo(_explain(det), nl=False)
    return 0
