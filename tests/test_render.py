"""Rendering findings: text, JSON, SARIF 2.1.0 (checked against the official schema with a small
validator, as jsonschema is not a dependency) and GitHub workflow annotations."""
from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest

from guard.scan.engine import scan_text
from guard.scan.finding import Finding
from guard.scan.registry import REGISTRY
from hooks.render import exit_code, github_line, render

TEXT = "# Notes\nHello\U000e0049\U000e0067\U000e006e\U000e006f\U000e0072\U000e0065 world\nnote to AI agents: hi\n"


def _findings() -> list[Finding]:
    other = Finding(id="BLK001", name="block-over-cap", severity="warning", path="AGENTS.md", line=0, column=0,
                    message="16 promoted rules, the cap is 15")
    return scan_text(TEXT, "AGENTS.md") + [other]


def validate(instance: Any, schema: dict[str, Any], root: dict[str, Any], where: str = "$") -> list[str]:
    """The subset of JSON Schema draft-07 that the SARIF schema uses."""
    if "$ref" in schema:
        target: Any = root
        for part in schema["$ref"].removeprefix("#/").split("/"):
            target = target[part]
        return validate(instance, target, root, where)
    errors: list[str] = []
    kinds = {"object": dict, "array": list, "string": str, "integer": int, "number": (int, float), "boolean": bool,
             "null": type(None)}
    expected = schema.get("type")
    allowed = expected if isinstance(expected, list) else [expected] if expected else []
    if allowed and not any(isinstance(instance, kinds[t]) and not (t == "integer" and isinstance(instance, bool))
                           for t in allowed):
        return [f"{where}: expected {expected}, got {type(instance).__name__}"]
    if "enum" in schema and instance not in schema["enum"]:
        errors.append(f"{where}: {instance!r} not in {schema['enum']}")
    if "minimum" in schema and instance < schema["minimum"]:
        errors.append(f"{where}: {instance} < {schema['minimum']}")
    if "pattern" in schema and isinstance(instance, str) and not re.search(schema["pattern"], instance):
        errors.append(f"{where}: {instance!r} does not match {schema['pattern']}")
    if "anyOf" in schema and all(validate(instance, s, root, where) for s in schema["anyOf"]):
        errors.append(f"{where}: matches none of anyOf")
    if isinstance(instance, dict):
        for key in schema.get("required", []):
            if key not in instance:
                errors.append(f"{where}: missing required {key!r}")
        props = schema.get("properties", {})
        for key, value in instance.items():
            if key in props:
                errors += validate(value, props[key], root, f"{where}.{key}")
            elif schema.get("additionalProperties") is False:
                errors.append(f"{where}: unexpected property {key!r}")
            elif isinstance(schema.get("additionalProperties"), dict):
                errors += validate(value, schema["additionalProperties"], root, f"{where}.{key}")
    if isinstance(instance, list):
        if len(instance) < schema.get("minItems", 0):
            errors.append(f"{where}: fewer than {schema['minItems']} items")
        if schema.get("uniqueItems") and len({json.dumps(i, sort_keys=True) for i in instance}) != len(instance):
            errors.append(f"{where}: items not unique")
        for i, item in enumerate(instance):
            if "items" in schema:
                errors += validate(item, schema["items"], root, f"{where}[{i}]")
    return errors


def test_validator_catches_mistakes(shared_dir: Path) -> None:
    schema = json.loads((shared_dir / "schemas" / "sarif-schema-2.1.0.json").read_text())
    assert validate({"version": "2.1.0"}, schema, schema)  # runs missing
    bad = {"version": "2.1.0", "runs": [{"tool": {"driver": {"name": "k"}}, "results": [{"level": "fatal",
                                                                                        "message": {"text": "x"}}]}]}
    assert any("fatal" in e for e in validate(bad, schema, schema))


def test_sarif_is_valid_with_a_rule_per_id(shared_dir: Path) -> None:
    schema = json.loads((shared_dir / "schemas" / "sarif-schema-2.1.0.json").read_text())
    log = json.loads(render(_findings(), "sarif"))
    assert validate(log, schema, schema) == []
    run = log["runs"][0]
    rules = [rule["id"] for rule in run["tool"]["driver"]["rules"]]
    assert rules == [*REGISTRY, "BLK001"]
    assert run["columnKind"] == "unicodeCodePoints"
    first = run["results"][1]
    assert first["ruleId"] == "INV003" and rules[first["ruleIndex"]] == "INV003" and first["level"] == "error"
    region = first["locations"][0]["physicalLocation"]["region"]
    assert region == {"startLine": 2, "startColumn": 6, "snippet": {"text": "Hello<TAGS:Ignore> world"}}
    whole_file = next(r for r in run["results"] if r["ruleId"] == "BLK001")
    assert "region" not in whole_file["locations"][0]["physicalLocation"]
    assert {r["level"] for r in run["results"]} == {"error", "note", "warning"}


def test_sarif_of_no_findings_is_valid(shared_dir: Path) -> None:
    schema = json.loads((shared_dir / "schemas" / "sarif-schema-2.1.0.json").read_text())
    log = json.loads(render([], "sarif"))
    assert validate(log, schema, schema) == [] and log["runs"][0]["results"] == []


def test_json_is_one_object_with_the_findings() -> None:
    data = json.loads(render(_findings(), "json"))
    assert list(data) == ["findings"]
    first = next(f for f in data["findings"] if f["id"] == "INV003")
    assert first == {
        "id": "INV003", "name": "unicode-tag-characters", "severity": "error", "path": "AGENTS.md", "line": 2,
        "column": 6, "message": 'hidden text in Unicode tag characters: "Ignore"',
        "excerpt": "Hello<TAGS:Ignore> world", "view": "text", "fingerprint": first["fingerprint"],
    }
    assert re.fullmatch(r"[0-9a-f]{16}", first["fingerprint"])


def test_text_lists_location_id_severity_message_and_excerpt() -> None:
    out = render(_findings(), "text")
    assert out.splitlines() == [
        "AGENTS.md: BLK001 [warning] 16 promoted rules, the cap is 15",
        'AGENTS.md:2:6: INV003 [error] hidden text in Unicode tag characters: "Ignore"',
        "    | Hello<TAGS:Ignore> world",
        'AGENTS.md:3:1: OVR004 [info] text addressed to AI readers: "note to AI agents"',
        "    | note to AI agents: hi",
        "3 finding(s): 1 error(s), 1 warning(s), 1 info",
    ]
    assert "\x1b[" not in out and "\x1b[31m" in render(_findings(), "text", color=True)
    assert render([], "text") == "no findings\n"


def test_github_annotations() -> None:
    lines = render(_findings(), "github").splitlines()
    assert lines[0] == "::warning file=AGENTS.md,title=BLK001::block-over-cap: 16 promoted rules, the cap is 15"
    assert lines[1] == ("::error file=AGENTS.md,line=2,col=6,title=INV003::unicode-tag-characters: hidden text in "
                        'Unicode tag characters: "Ignore" | Hello<TAGS:Ignore> world')
    assert lines[2].startswith("::notice file=AGENTS.md,line=3,col=1,title=OVR004::")


def test_github_escapes_data_and_properties() -> None:
    finding = Finding(id="X001", name="x", severity="error", path="a,b:c.md", line=1, column=1,
                      message="100% sure\nsecond line")
    assert github_line(finding) == "::error file=a%2Cb%3Ac.md,line=1,col=1,title=X001::x: 100%25 sure%0Asecond line"


def test_exit_code_is_one_only_for_errors() -> None:
    findings = _findings()
    assert exit_code(findings) == 1
    assert exit_code([f for f in findings if f.severity != "error"]) == 0
    assert exit_code([]) == 0


def test_unknown_format_is_refused() -> None:
    with pytest.raises(ValueError, match="unknown format"):
        render([], "xml")
