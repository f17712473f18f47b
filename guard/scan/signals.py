"""Runs the phrase detectors over text that a file hides (comments, hidden HTML) or encodes (base64, hex,
rot13), so that the hiding detectors can tell an instruction from a harmless note."""
from __future__ import annotations

from guard.scan import conceal, danger, override
from guard.scan.detector import Detector
from guard.scan.intents import conceal as intent_conceal
from guard.scan.intents import asked, consent, decoded_order, extraction, persona, spread, tamper, turns
from guard.scan.intents import exfil as intent_exfil
from guard.scan.intents import override as intent_override
from guard.scan.text import Document

STRONG: tuple[Detector, ...] = (
    conceal.conceal, conceal.bypass_approval, conceal.deceive,
    override.ignore_instructions, override.role_markers, override.authority,
    danger.pipe_to_shell, danger.credential_access, danger.disable_safeguard,
    intent_override.drop_prior, decoded_order.decode_and_obey, persona.persona_jailbreak,
    extraction.prompt_extraction, turns.fake_boundary, turns.tool_hijack, consent.planted_consent,
    consent.skip_confirmation, intent_conceal.hide_from_reviewer, intent_exfil.secrets_to_outside,
    intent_exfil.credential_file_to_network, tamper.guard_tampering, spread.spread,
    intent_exfil.active_markup_in_reply,
    asked.secrets_asked_for,
)


def signals(text: str) -> list[str]:
    """IDs of the phrase detectors that fire (above info) on `text` read on its own."""
    doc = Document(text)
    found: list[str] = []
    for det in STRONG:
        for hit in det.check(doc):
            if (hit.severity or det.severity) != "info":
                found.append(det.id)
                break
    return found
