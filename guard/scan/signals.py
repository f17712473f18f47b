"""Runs the phrase detectors over text that a file hides (comments, hidden HTML) or encodes (base64, hex,
rot13), so that the hiding detectors can tell an instruction from a harmless note."""
from __future__ import annotations

from guard.scan.registry import REGISTRY
from guard.scan.text import Document

# The phrase detectors asked, by ID: their modules are imported only when a text is judged (see registry.py).
STRONG: tuple[str, ...] = (
    "CON001", "CON002", "CON003", "OVR001", "OVR002", "OVR003", "DNG001", "DNG002", "DNG003", "DNG004", "DNG005",
    "DNG006", "DNG007", "OVR005", "JBK001", "PXT001", "ROL001", "TCH001", "MEM001", "CON005", "CON004",
    "EXF005", "EXF006", "DNG008", "DNG010", "EXF007",
)


def signals(text: str) -> list[str]:
    """IDs of the phrase detectors that fire (above info) on `text` read on its own."""
    doc = Document(text)
    found: list[str] = []
    for det in map(REGISTRY.__getitem__, STRONG):
        for hit in det.check(doc):
            if (hit.severity or det.severity) != "info":
                found.append(det.id)
                break
    return found
