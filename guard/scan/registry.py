"""The explicit registry of detectors: ID -> Detector. An ID never changes meaning and is never reused;
`RENAMED` redirects old IDs. A test checks that every detector defined in guard.scan is listed here."""
from __future__ import annotations

from guard.scan import (
    conceal,
    danger,
    disguise,
    encoded,
    exfil,
    filelevel,
    hijack,
    invisible,
    learned,
    markdown,
    override,
)
from guard.scan.detector import Detector
from guard.scan.intents import (
    addressed,
    approval,
    asked,
    cover,
    authority,
    consent,
    dictated,
    dnsleak,
    extraction,
    fetchrun,
    hookflags,
    jailbreak,
    leak,
    permissions,
    persona,
    phish,
    propagate,
    recast,
    restate,
    review,
    supersede,
    tamper,
    toolcall,
    turns,
    unreviewed,
    urged,
)
from guard.scan.intents import conceal as intent_conceal
from guard.scan.intents import exfil as intent_exfil
from guard.scan.intents import override as intent_override

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
    exfil.send_context,
    exfil.data_in_url,
    exfil.collector_host,
    exfil.secrets_to_network,
    override.ignore_instructions,
    override.role_markers,
    override.authority,
    override.addressed,
    danger.pipe_to_shell,
    danger.credential_access,
    danger.disable_safeguard,
    hijack.self_propagation,
    hijack.forced_execution,
    hijack.external_redirect,
    hijack.remote_script,
    encoded.base64_payload,
    encoded.hex_payload,
    encoded.rot13_payload,
    encoded.decode_and_execute,
    encoded.escaped_invisible,
    intent_override.drop_prior,
    intent_override.decode_and_obey,
    intent_override.amended_instructions,
    dictated.dictated_reply,
    supersede.authority_moved_here,
    supersede.convert_and_obey,
    authority.claimed_sender,
    addressed.addressed_harm,
    jailbreak.jailbreak_prompt,
    persona.persona_jailbreak,
    recast.persona_recast,
    extraction.prompt_extraction,
    restate.restate_instructions,
    turns.fake_boundary,
    turns.tool_hijack,
    toolcall.named_tool_call,
    consent.planted_consent,
    consent.skip_confirmation,
    learned.learned_score,
    intent_conceal.hide_from_reviewer,
    review.hide_from_review,
    unreviewed.skip_review,
    intent_exfil.secrets_to_outside,
    leak.scattered_exfiltration,
    phish.credential_phishing,
    asked.secrets_asked_for,
    cover.cover_tracks,
    intent_exfil.credential_file_to_network,
    intent_exfil.active_markup_in_reply,
    dnsleak.dns_exfiltration,
    tamper.guard_tampering,
    hookflags.hook_skip_flag,
    approval.act_without_approval,
    permissions.approvals_switched_off,
    permissions.guard_findings_dismissed,
    tamper.fetch_and_run,
    urged.hurried_fetch,
    fetchrun.fetch_and_run_with_evidence,
    tamper.spread,
    propagate.persist_own_instructions,
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
    "LRN": "learned score (a warning at most)",
    "PXT": "prompt extraction",
    "ROL": "fake conversation boundaries",
    "TCH": "tool-call hijack",
    "MEM": "planted memories",
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
