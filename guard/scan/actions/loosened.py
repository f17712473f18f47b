"""A security setting given a permissive value, read by the shape of its key and its value whatever the key is
called (ACT008): a key that names a verification (of a certificate, a host, a signature) set to false, 0 or off
(`ZERTIFIKATE_PRUEFEN = False`, `verifyPeer: false`); a key that names an insecure mode set to true
(`tls_insecure = true`, `trust_server_certs = true`, `cleartextTrafficPermitted="true"`); a token accepted under
both a public-key and a shared-secret algorithm (`["RS256", "HS256"]`, the key confusion); a token's clock
tolerance of an hour or more; a password hash's cost lowered below the library's floor (`BcryptCost` to 4); every
origin allowed in a file that also sends credentials cross-origin; a certificate validator that accepts anything.

A warning each, judged as controls.py judges its settings (quiet where the file warns against it, aims it at a
local host or keeps it to tests; info in a code block). weakened.together makes them an error beside a second
control weakened; an error too when the same paragraph names a production config (the change reaches every
environment, audit.py's reading). Trusting the user's certificate store or `SameSite=None` only counts there (TLS
warnings silenced does not: tests against a local server switch both off)."""
from __future__ import annotations

import re

from guard.scan.lazyre import lazy

TYPE_CHECKING = False
if TYPE_CHECKING:
    from guard.scan.actions.flows import Flow
    from guard.scan.text import Document

# `KEY = VALUE`, `KEY: VALUE`, `KEY="VALUE"` inside a code span or a line; or a key span and a value a few words
# after it ("sets `BcryptCost` to 4", "`ZERTIFIKATE_PRUEFEN`, die ... auf `False` steht").
PAIR = lazy(r"(?<![\w.$-])(?P<key>[A-Za-z_][\w.:-]{2,60}?)[\"']?\s*(?:=|:|=>)\s*(?P<value>\[[^\]\n]{1,80}\]|"
            r"[\"']?[\w.*:/-]{1,80}[\"']?)|"
            r"`(?P<key2>[A-Za-z_][\w.:-]{2,60})`(?P<gap>[^`\n.;]{1,60}?)(?P<value2>`[\"']?[\w.*/-]{1,20}[\"']?`|"
            r"`\[[^\]`\n]{1,80}\]`|(?<=\s)\d{1,6}\b)|"
            r"`(?P<list>\[[^\]`\n]{1,80}\])`")  # (a bare list of algorithms in a span)
OFF = frozenset(("false", "0", "no", "off", "none", "disabled", "disable"))
ON = frozenset(("true", "1", "yes", "on", "enabled", "enable"))
VERIFY = lazy(r"verif|valid|check|pruef|prüf|kontroll|controle|comprob|require", re.I)
# A validator or verifier given one that accepts anything (`...ValidationCallback = ...DangerousAcceptAny...`).
ACCEPTS_ANY = lazy(r"accept_?any|accept_?all|trust_?all|dangerous|insecure|noop|allow_?all", re.I)
VERIFIED = lazy(r"(?P<host>host)|(?P<sig>signature|sig\b|jwt|token|webhook|hmac)|"
                r"(?P<tls>ssl|tls|cert|zertifikat|https|peer|server)|^(?:[\w.]*[._])?verify$", re.I)
INSECURE = lazy(r"insecure|trust_?all|trust_?server|accept_?(?:any|all|invalid)|allow_?(?:insecure|invalid|untrusted)|"
                r"dangerous|(?:skip|no|disable|ignore)_?(?:tls|ssl|cert|verif)|(?P<clear>cleartext)", re.I)
ORIGINS = lazy(r"origin", re.I)
ANY_ORIGIN = lazy(r"(?:all|any)_?origins?|origins?_?(?:all|any)", re.I)
WILDCARD = lazy(r"\[?\s*[\"']?(?:\*|\.\*|https?://\*)[\"']?(?:\s*,\s*[\"']?(?:\*|\.\*|https?://\*)[\"']?)*\s*\]?")
CREDENTIALS = lazy(r"(?:allow_?)?credentials[\"'`]?\s*[:=]\s*[\"']?true\b", re.I)
COST = lazy(r"(?:bcrypt|hash|password|salt|log)_?(?:cost|rounds|work_?factor)|^(?:[\w.]*[._])?(?:cost|rounds)$|"
            r"bcrypt\w*cost|cost\w*bcrypt", re.I)
TOLERANCE = lazy(r"clock_?(?:tolerance|skew)|leeway", re.I)
ASYMMETRIC = lazy(r"[\"'](?:RS|ES|PS)(?:256|384|512)[\"']|[\"']EdDSA[\"']")
SHARED = lazy(r"[\"']HS(?:256|384|512)[\"']")
SCOPED = lazy(r"\btests?\b|\bspecs?\b|fixture|pytest|jest|conftest|_test\.|\.test\.|\blocal(?:ly|host)?\b|"
              r"\bdev(?:elopment)?[\s-]only\b|\bdebug\b|emulator|\bmocks?\b", re.I)
SHIPPED = lazy(r"`[^`\n]*(?:\*|prod)[^`\n]*\.(?:json|ya?ml|toml|ini|properties|env|conf|config|py|go|ts|xml)\b[^`\n]*`|"
               r"`\.env\.[^`\n]*(?:\*|prod)[^`\n]*`", re.I)
# Counted only beside another weakened control: each has common benign uses alone.
SECOND = lazy(r"<certificates\s+src=[\"']user[\"']|\bsame_?site[\"'`]?\s*[:=]?\s*[\"'`]?None\b", re.I)
MARKS = (b"verif", b"valid", b"check", b"require", b"pruef", b"insecure", b"trust", b"accept", b"allow", b"dangerous", b"skip",
         b"cleartext", b"cors", b"origin", b"cost", b"rounds", b"tolerance", b"leeway", b"skew", b"hs256", b"hs384")


def _value(match: re.Match[str]) -> tuple[str, str, int]:
    if match.group("key"):
        return match.group("key"), match.group("value").strip("\"'"), match.start("value")
    if match.group("list"):
        return "", match.group("list"), match.start("list")
    return match.group("key2"), match.group("value2").strip("`\"'"), match.start("value2")


def reading(key: str, value: str, text: str) -> tuple[str, str] | None:
    """(the control, what is said about it) for one key and value, or None when the value is not a weaker one."""
    low = value.lower()
    if VERIFY.search(key) and low in OFF:
        named = VERIFIED.search(key)
        if named is None:
            return None
        control = "hostname" if named.group("host") else "token-signature" if named.group("sig") else "tls-chain"
        return control, f"a verification switched off by its setting: {key} = {value}"
    if VERIFY.search(key) and re.search(r"callback|verifier|validator|strategy|manager", key, re.I) \
            and ACCEPTS_ANY.search(value):
        return "tls-chain", f"a verifier that accepts anything: {key} = {value}"
    if (insecure := INSECURE.search(key)) and low in ON:
        return ("cleartext" if insecure.group("clear") else "tls-chain"), f"an insecure mode switched on: {key} = {value}"
    if ORIGINS.search(key) and WILDCARD.fullmatch(low) and re.search(r"csrf|xsrf", key, re.I):
        return "csrf", f"every origin trusted for CSRF: {key} = {value}"
    if ORIGINS.search(key) and (low in ON and ANY_ORIGIN.search(key) or WILDCARD.fullmatch(low)) \
            and CREDENTIALS.search(text):
        return "cors", f"every origin allowed, with credentials: {key} = {value}"
    if COST.search(key) and value.isdigit() and int(value) < 10 and re.search(r"bcrypt|argon|scrypt|hash|password",
                                                                               key + text, re.I):
        return "password-hash", f"a password hash's cost lowered: {key} = {value}"
    if TOLERANCE.search(key) and value.isdigit() and int(value) >= 3600:
        return "token-expiry", f"a token's clock tolerance of {value} s: {key}"
    if re.search(r"algorithm|^$", key, re.I) and ASYMMETRIC.search(value) and SHARED.search(value):
        return "token-signature", f"a token accepted signed with a public key or a shared secret: {key + ' = ' if key else ''}{value}"
    return None


def loosened(doc: Document, taken: list[Flow]) -> list[Flow]:
    from guard.scan.actions.audit import in_production
    from guard.scan.actions.controls import judged_control
    from guard.scan.actions.flows import Flow
    from guard.scan.actions.prose import paragraph

    text = doc.text
    if not any(mark in doc.ascii_lower for mark in MARKS):
        return []
    spans = [(f.start, f.end) for f in taken if f.id == "ACT008"]
    found: list[Flow] = []
    for match in PAIR.finditer(text):
        key, value, at = _value(match)
        got = reading(key, value, text)
        start = match.start("key") if match.group("key") else match.start("key2") if key else at
        if got is None or any(a <= start < b or a < at + len(value) <= b for a, b in spans):
            continue
        control, message = got
        lo, hi = paragraph(text, start)
        if SCOPED.search(text, max(lo, text.rfind("\n", 0, start)), hi if text.find("\n", at) < 0 else
                         min(hi, text.find("\n", at) + 1)) or SCOPED.search(_lead_in(doc, start)):
            continue  # (kept to tests, a local server, a debug build: the common benign use)
        for a, b, said, severity in judged_control(doc, start, at + len(value), message, False, True):
            if severity == "warning" and (SHIPPED.search(text, lo, hi) or in_production(doc, b)):
                severity, said = "error", f"{said}, in the production config"
            found.append(Flow(a, b, "ACT008", said, severity, f"control:{control}"))
    return found


def second(doc: Document) -> set[str]:
    """Controls weakened by a setting that is common alone (a user certificate store trusted, SameSite None)."""
    from guard.scan.actions.controls import warned_against

    if not any(m in doc.ascii_lower for m in (b"certificates", b"same")):
        return set()
    return {"tls-user-store" if m.group().startswith("<") else "cookie" for m in SECOND.finditer(doc.text)
            if not warned_against(doc, m.start())}


def _lead_in(doc: Document, start: int) -> str:
    """The line ending with a colon above a list item, or the section's heading: where a list says "in tests:"."""
    text = doc.text
    line = doc.line_of(start)
    for above in range(line - 1, max(0, line - 12), -1):
        row = text[doc.line_starts[above - 1]:doc.line_starts[above] - 1 if above < len(doc.line_starts) else len(text)]
        if row.strip().startswith("#") or row.rstrip().endswith(":"):
            return row
        if not row.strip():
            break
    heading = text.rfind("\n#", 0, start)
    return text[heading:text.find("\n", heading + 1)] if heading >= 0 else ""
