"""Findings from every gate (scan, check) rendered as text, JSON, SARIF 2.1.0 or GitHub annotations.
Findings with IDs the scanner does not know (another gate's) get a rule entry built from the finding."""
from __future__ import annotations

from collections.abc import Sequence

from guard.scan.finding import Finding, sort_key
from guard.scan.registry import REGISTRY
from hooks.style import one_line, printable

FORMATS = ("text", "json", "sarif", "github")
SARIF_SCHEMA = "https://json.schemastore.org/sarif-2.1.0.json"
SARIF_LEVEL = {"error": "error", "warning": "warning", "info": "note"}
GITHUB_LEVEL = {"error": "error", "warning": "warning", "info": "notice"}
COLORS = {"error": "31", "warning": "33", "info": "36"}
INFO_URI = "https://github.com/knowledge-guard/knowledge-guard"
DOCS_URI = "https://knowledge-guard.github.io/knowledge-guard"  # the docs/ site; mkdocs.yml's site_url
# GitHub code scanning ranks security results by this number: 9+ critical, 7-8.9 high, 4-6.9 medium, < 4 low.
SECURITY_SEVERITY = {"error": "8.0", "warning": "5.0", "info": "2.0"}


def help_uri(rule_id: str) -> str:
    """The docs page of one detector or check ID (generated from the registry: docs/hooks/detectors.py)."""
    return f"{DOCS_URI}/detectors/{rule_id.upper()}/"


def exit_code(findings: Sequence[Finding]) -> int:
    """1 when any finding is an error, else 0."""
    return 1 if any(f.severity == "error" for f in findings) else 0


def render(findings: Sequence[Finding], fmt: str, color: bool = False) -> str:
    ordered = sorted(findings, key=sort_key)
    if fmt == "text":
        return render_text(ordered, color)
    if fmt == "json":
        return render_json(ordered)
    if fmt == "sarif":
        import json  # (json and urllib: only for the formats that need them, not on `kguard scan FILE`'s path)

        return json.dumps(sarif(ordered), indent=2, ensure_ascii=False) + "\n"
    if fmt == "github":
        return "".join(github_line(f) + "\n" for f in ordered)
    raise ValueError(f"unknown format {fmt!r} (allowed: {', '.join(FORMATS)})")


def _where(finding: Finding) -> str:
    path = one_line(finding.path)  # a file name from a cloned repository may hold escape sequences
    if finding.line <= 0:
        return path
    return f"{path}:{finding.line}:{finding.column}"


def render_text(findings: Sequence[Finding], color: bool = False) -> str:
    lines: list[str] = []
    for f in findings:
        severity = f"\x1b[{COLORS[f.severity]}m{f.severity}\x1b[0m" if color else f.severity
        view = f" ({f.view} view)" if f.view != "text" else ""
        lines.append(f"{_where(f)}: {f.id} [{severity}]{view} {printable(f.message)}")
        if f.excerpt:
            lines.append(f"    | {printable(f.excerpt)}")
    counts = {s: sum(1 for f in findings if f.severity == s) for s in ("error", "warning", "info")}
    if findings:
        lines.append(f"{len(findings)} finding(s): {counts['error']} error(s), {counts['warning']} warning(s), "
                     f"{counts['info']} info")
    else:
        lines.append("no findings")
    return "\n".join(lines) + "\n"


def as_dict(finding: Finding) -> dict[str, object]:
    return finding.model_dump(mode="json")


def render_json(findings: Sequence[Finding]) -> str:
    import json

    return json.dumps({"findings": [as_dict(f) for f in findings]}, indent=2, ensure_ascii=False) + "\n"


def _rule(rule_id: str, findings: Sequence[Finding]) -> dict[str, object]:
    det = REGISTRY.get(rule_id)
    if det is not None:
        return {
            "id": det.id,
            "name": det.name,
            "shortDescription": {"text": det.summary},
            "fullDescription": {"text": det.doc.split("Why it matters:")[0].removeprefix("What it finds:").strip()},
            "help": {"text": det.doc},
            "helpUri": help_uri(det.id),
            "defaultConfiguration": {"level": SARIF_LEVEL[det.severity]},
            "properties": {"tags": ["security"], "security-severity": SECURITY_SEVERITY[det.severity]},
        }
    sample = next(f for f in findings if f.id == rule_id)
    return {
        "id": rule_id,
        "name": sample.name,
        "shortDescription": {"text": sample.name.replace("-", " ")},
        "helpUri": help_uri(rule_id),
        "defaultConfiguration": {"level": SARIF_LEVEL[sample.severity]},
        "properties": {"tags": ["security"], "security-severity": SECURITY_SEVERITY[sample.severity]},
    }


def _tool_version() -> str:
    from importlib.metadata import PackageNotFoundError, version  # (SARIF only: ~10 ms to import)

    try:
        return version("knowledge-guard")
    except PackageNotFoundError:
        return "0"


def sarif(findings: Sequence[Finding]) -> dict[str, object]:
    """A SARIF 2.1.0 log: one run, a rule per registered ID (plus any other ID that occurs)."""
    from urllib.parse import quote

    rule_ids = list(REGISTRY) + sorted({f.id for f in findings} - set(REGISTRY))
    index = {rule_id: i for i, rule_id in enumerate(rule_ids)}
    results = []
    for f in findings:
        location: dict[str, object] = {"artifactLocation": {"uri": quote(f.path)}}
        if f.line > 0:
            region: dict[str, object] = {"startLine": f.line}
            if f.column > 0:
                region["startColumn"] = f.column
            if f.excerpt:
                region["snippet"] = {"text": f.excerpt}
            location["region"] = region
        results.append({
            "ruleId": f.id,
            "ruleIndex": index[f.id],
            "level": SARIF_LEVEL[f.severity],
            "message": {"text": f.message},
            "locations": [{"physicalLocation": location}],
            "partialFingerprints": {"kguardFingerprint/v1": f.fingerprint},
            "properties": {"view": f.view},
        })
    return {
        "$schema": SARIF_SCHEMA,
        "version": "2.1.0",
        "runs": [{
            "tool": {"driver": {"name": "kguard", "informationUri": INFO_URI, "version": _tool_version(),
                                "rules": [_rule(rule_id, findings) for rule_id in rule_ids]}},
            "automationDetails": {"id": "kguard/"},
            "columnKind": "unicodeCodePoints",
            "results": results,
        }],
    }


def _escape_data(text: str) -> str:
    return text.replace("%", "%25").replace("\r", "%0D").replace("\n", "%0A")


def _escape_property(text: str) -> str:
    return _escape_data(text).replace(":", "%3A").replace(",", "%2C")


def annotation(level: str, path: str, title: str, message: str, line: int = 0, column: int = 0) -> str:
    """A workflow command: `::error file=PATH,line=N,col=M,title=ID::message`."""
    props = [f"file={_escape_property(path)}"]
    if line > 0:
        props.append(f"line={line}")
        if column > 0:
            props.append(f"col={column}")
    props.append(f"title={_escape_property(title)}")
    return f"::{level} {','.join(props)}::{_escape_data(message)}"


def github_line(finding: Finding) -> str:
    message = f"{finding.name}: {finding.message}" + (f" | {finding.excerpt}" if finding.excerpt else "")
    return annotation(GITHUB_LEVEL[finding.severity], finding.path, finding.id, message, finding.line,
                      finding.column)
