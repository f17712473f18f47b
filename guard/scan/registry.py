"""The explicit registry of detectors: ID -> Detector. An ID never changes meaning and is never reused;
`RENAMED` redirects old IDs. A test checks that every detector defined in guard.scan is listed here."""
from __future__ import annotations

from guard.scan import (
    conceal,
    danger,
    disguise,
    encoded,
    filelevel,
    invisible,
    learned,
    markdown,
    override,
)
from guard.scan.actions import detectors as actions
from guard.scan.detector import Detector
from guard.scan.intents import (
    approval,
    asked,
    completion,
    consent,
    decoded_order,
    extraction,
    persona,
    spread,
    tamper,
    toolcall,
    turns,
    wipe,
)
from guard.scan.intents import conceal as intent_conceal
from guard.scan.intents import exfil as intent_exfil
from guard.scan.intents import override as intent_override
from guard.scan.learned import lines

_ALL: tuple[Detector, ...] = (
    invisible.zero_width,
    invisible.bidi,
    invisible.unicode_tags,
    invisible.variation_selectors,
    disguise.ignorable_in_word,
    disguise.blank_filler,
    disguise.homoglyphs,
    markdown.html_comment,
    markdown.link_comment,
    markdown.invisible_html,
    markdown.pushed_right,
    markdown.hidden_region,
    conceal.conceal,
    conceal.bypass_approval,
    conceal.deceive,
    override.ignore_instructions,
    override.role_markers,
    override.authority,
    override.addressed,
    danger.pipe_to_shell,
    danger.credential_access,
    danger.disable_safeguard,
    encoded.base64_payload,
    encoded.hex_payload,
    encoded.rot13_payload,
    encoded.decode_and_execute,
    encoded.escaped_invisible,
    intent_override.drop_prior,
    decoded_order.decode_and_obey,
    wipe.conversation_wiped,
    persona.persona_jailbreak,
    extraction.prompt_extraction,
    completion.prompt_by_completion,
    turns.fake_boundary,
    turns.tool_hijack,
    toolcall.named_tool_call,
    consent.planted_consent,
    consent.skip_confirmation,
    learned.learned_score,
    lines.line_intent,
    intent_conceal.hide_from_reviewer,
    intent_exfil.secrets_to_outside,
    asked.secrets_asked_for,
    intent_exfil.credential_file_to_network,
    intent_exfil.active_markup_in_reply,
    tamper.guard_tampering,
    approval.act_without_approval,
    spread.spread,
    actions.secret_to_untrusted_sink,
    actions.repository_to_untrusted_remote,
    actions.download_to_executor,
    actions.safeguard_changed,
    actions.untrusted_package_source,
    actions.secret_into_repository,
    actions.disguised_host,
    actions.security_control_switched_off,
    actions.persistence_planted,
    actions.destructive_command,
    filelevel.binary,
    filelevel.not_utf8,
    filelevel.too_large,
    filelevel.unreadable,
    filelevel.inline_suppression,
)
REGISTRY: dict[str, Detector] = {det.id: det for det in _ALL}
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
