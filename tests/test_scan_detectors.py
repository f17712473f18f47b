"""Every detector's own true and false examples, with exact line and column; the registry and the
documentation template."""
from __future__ import annotations

import importlib
import pkgutil
import re
from pathlib import Path

import pytest

import guard.scan
from guard.scan.detector import DOC_HEADINGS, ID_PATTERN, NAME_PATTERN, Detector
from guard.scan.engine import scan_text
from guard.scan.registry import FAMILIES, REGISTRY, lookup, matches

HITS = [(det.id, i, ex) for det in REGISTRY.values() for i, ex in enumerate(det.hits)]
CLEAN = [(det.id, i, text) for det in REGISTRY.values() for i, text in enumerate(det.clean)]


@pytest.mark.parametrize(("det_id", "n", "example"), HITS, ids=[f"{d}-hit{n}" for d, n, _ in HITS])
def test_true_example_is_found_at_its_line_and_column(det_id: str, n: int, example) -> None:
    findings = scan_text(example.text, "AGENTS.md", [det_id])
    places = [(f.line, f.column) for f in findings if f.id == det_id]
    assert (example.line, example.column) in places, f"{det_id} found at {places}"


@pytest.mark.parametrize(("det_id", "n", "text"), CLEAN, ids=[f"{d}-clean{n}" for d, n, _ in CLEAN])
def test_false_example_draws_nothing_above_info(det_id: str, n: int, text: str) -> None:
    findings = [f for f in scan_text(text, "AGENTS.md", [det_id]) if f.id == det_id and f.severity != "info"]
    assert findings == []


def test_every_detector_has_examples_except_file_level_ones() -> None:
    for det in REGISTRY.values():
        if det.id in ("FIL003", "FIL004"):  # made by the engine and the command, tested there
            continue
        assert det.hits, f"{det.id} has no true example"
        assert det.clean, f"{det.id} has no false example"


def _defined_detectors() -> dict[str, Detector]:
    found: dict[str, Detector] = {}
    for module_info in pkgutil.walk_packages(guard.scan.__path__, "guard.scan."):
        module = importlib.import_module(module_info.name)
        for value in vars(module).values():
            if isinstance(value, Detector) and value.check.__module__ == module.__name__:
                found[f"{module.__name__}.{value.check.__name__}"] = value
    return found


def test_every_detector_module_is_registered_and_ids_are_unique() -> None:
    defined = _defined_detectors()
    assert len(defined) == len(REGISTRY)
    assert sorted(d.id for d in defined.values()) == sorted(REGISTRY)
    assert all(REGISTRY[det_id].id == det_id for det_id in REGISTRY)  # each listed under its own ID
    names = [d.name for d in REGISTRY.values()]
    assert len(set(names)) == len(names)


@pytest.mark.parametrize("det_id", list(REGISTRY))
def test_id_name_severity_and_doc_template(det_id: str) -> None:
    det = REGISTRY[det_id]
    assert ID_PATTERN.match(det.id) and det.family in FAMILIES
    assert NAME_PATTERN.match(det.name)
    assert det.severity in ("error", "warning", "info")
    positions = [det.doc.find(heading) for heading in DOC_HEADINGS]
    assert all(p >= 0 for p in positions), f"{det_id} doc lacks a heading of {DOC_HEADINGS}"
    assert positions == sorted(positions) and positions[0] == 0
    assert det.summary and len(det.summary) < 300


def test_the_generated_detector_reference_lists_every_id() -> None:
    """The docs' detector reference is generated from the registry (docs/mkdocs_reference.py)."""
    import sys

    sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "docs"))
    import mkdocs_reference

    index = mkdocs_reference.pages()["detectors/index.md"]
    listed = set(re.findall(r"^\| \[`([A-Z]{3}\d{3})`\]", index, re.M))
    assert listed >= set(REGISTRY)


def test_lookup_by_id_name_and_prefix_matching() -> None:
    assert lookup("inv003") is REGISTRY["INV003"]
    assert lookup("unicode-tag-characters") is REGISTRY["INV003"]
    assert lookup("XYZ999") is None
    assert matches("INV003", ["INV"]) and matches("EXF001", ["exf001"]) and not matches("EXF001", ["INV"])
