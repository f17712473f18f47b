"""The explicit registry of detectors: ID -> Detector. An ID never changes meaning and is never reused;
`RENAMED` redirects old IDs. A test checks that every detector defined in guard.scan is listed here."""
from __future__ import annotations

from collections.abc import Iterator, Mapping

from guard.scan.detector import Detector

# (ID, module under guard.scan, the detector's name in it), in the order the engine runs them. A module is
# imported when one of its detectors is first asked for (issue 21: a scan imports only the families it runs).
LISTED: tuple[tuple[str, str, str], ...] = (
    ("INV001", "invisible", "zero_width"),
    ("INV002", "invisible", "bidi"),
    ("INV003", "invisible", "unicode_tags"),
    ("INV004", "invisible", "variation_selectors"),
    ("INV005", "disguise", "ignorable_in_word"),
    ("INV006", "disguise", "blank_filler"),
    ("INV007", "disguise", "homoglyphs"),
    ("HMD001", "markdown", "html_comment"),
    ("HMD002", "markdown", "link_comment"),
    ("HMD003", "markdown", "invisible_html"),
    ("HMD004", "markdown", "pushed_right"),
    ("HMD005", "markdown", "hidden_region"),
    ("CON001", "conceal", "conceal"),
    ("CON002", "conceal", "bypass_approval"),
    ("CON003", "conceal", "deceive"),
    ("OVR001", "override", "ignore_instructions"),
    ("OVR002", "override", "role_markers"),
    ("OVR003", "override", "authority"),
    ("OVR004", "override", "addressed"),
    ("DNG001", "danger", "pipe_to_shell"),
    ("DNG002", "danger", "credential_access"),
    ("DNG003", "danger", "disable_safeguard"),
    ("DNG004", "hijack", "self_propagation"),
    ("DNG005", "hijack", "forced_execution"),
    ("DNG006", "hijack", "external_redirect"),
    ("DNG007", "hijack", "remote_script"),
    ("ENC001", "encoded", "base64_payload"),
    ("ENC002", "encoded", "hex_payload"),
    ("ENC003", "encoded", "rot13_payload"),
    ("ENC004", "encoded", "decode_and_execute"),
    ("ENC005", "encoded", "escaped_invisible"),
    ("OVR005", "intents.override", "drop_prior"),
    ("OVR014", "intents.wipe", "conversation_wiped"),
    ("JBK001", "intents.persona", "persona_jailbreak"),
    ("PXT001", "intents.extraction", "prompt_extraction"),
    ("ROL001", "intents.turns", "fake_boundary"),
    ("TCH001", "intents.turns", "tool_hijack"),
    ("TCH002", "intents.toolcall", "named_tool_call"),
    ("MEM001", "intents.consent", "planted_consent"),
    ("CON005", "intents.consent", "skip_confirmation"),
    ("LRN001", "learned", "learned_score"),
    ("LRN002", "learned.lines", "line_intent"),
    ("CON004", "intents.conceal", "hide_from_reviewer"),
    ("EXF005", "intents.exfil", "secrets_to_outside"),
    ("EXF006", "intents.exfil", "credential_file_to_network"),
    ("EXF007", "intents.exfil", "active_markup_in_reply"),
    ("DNG008", "intents.tamper", "guard_tampering"),
    ("DNG013", "intents.approval", "act_without_approval"),
    ("DNG010", "intents.spread", "spread"),
    ("ACT001", "actions.detectors", "secret_to_untrusted_sink"),
    ("ACT002", "actions.detectors", "repository_to_untrusted_remote"),
    ("ACT003", "actions.detectors", "download_to_executor"),
    ("ACT004", "actions.detectors", "safeguard_changed"),
    ("ACT005", "actions.detectors", "untrusted_package_source"),
    ("ACT006", "actions.detectors", "secret_into_repository"),
    ("ACT007", "actions.detectors", "disguised_host"),
    ("ACT008", "actions.detectors", "security_control_switched_off"),
    ("ACT009", "actions.detectors", "persistence_planted"),
    ("ACT010", "actions.detectors", "destructive_command"),
    ("FIL001", "filelevel", "binary"),
    ("FIL002", "filelevel", "not_utf8"),
    ("FIL003", "filelevel", "too_large"),
    ("FIL004", "filelevel", "unreadable"),
    ("SUP001", "filelevel", "inline_suppression"),
)


class Registry(Mapping[str, Detector]):
    """ID -> Detector, each module imported on the first lookup of one of its detectors; the IDs, their order
    and their families are known without importing any."""

    def __init__(self, listed: tuple[tuple[str, str, str], ...]) -> None:
        self.places = {det_id: (module, name) for det_id, module, name in listed}
        self.loaded: dict[str, Detector] = {}

    def __getitem__(self, det_id: str) -> Detector:
        det = self.loaded.get(det_id)
        if det is None:
            module, name = self.places[det_id]
            det = self.loaded[det_id] = getattr(__import__(f"guard.scan.{module}", fromlist=[name]), name)
        return det

    def __contains__(self, det_id: object) -> bool:
        return det_id in self.places

    def __iter__(self) -> Iterator[str]:
        return iter(self.places)

    def __len__(self) -> int:
        return len(self.places)


REGISTRY = Registry(LISTED)
RENAMED: dict[str, str] = {}  # old ID -> new ID
FAMILIES: dict[str, str] = {
    "INV": "invisible and format characters",
    "HMD": "hidden Markdown",
    "CON": "concealment from the user",
    "EXF": "exfiltration",
    "OVR": "instruction overrides and fake roles",
    "DNG": "dangerous actions",
    "ENC": "encoded payloads",
    "FIL": "the file itself",
    "SUP": "inline suppression",
    "JBK": "persona and jailbreak",
    "LRN": "learned intent (a warning; an error above its error threshold or agreeing with a flow or a hiding place)",
    "PXT": "prompt extraction",
    "ROL": "fake conversation boundaries",
    "TCH": "tool-call hijack",
    "MEM": "planted memories",
    "ACT": "actions read without words: flows to untrusted hosts, executors and safeguards",
}


def lookup(key: str) -> Detector | None:
    """A detector by ID (any case, old IDs redirected) or by name."""
    key = RENAMED.get(key.upper(), key.upper())
    if key in REGISTRY:
        return REGISTRY[key]
    return next((det for det in REGISTRY.values() if det.name == key.lower()), None)


def matches(det_id: str, patterns: list[str] | tuple[str, ...]) -> bool:
    """`patterns` holds IDs or ID prefixes ("INV", "EXF00"), as ruff's --select does."""
    return any(det_id.startswith(RENAMED.get(p.upper(), p.upper())) for p in patterns)
