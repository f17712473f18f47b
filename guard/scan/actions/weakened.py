"""Several security controls weakened together (ACT008 as an error). One switched-off setting asked in prose is a
warning: a runbook may need it once. A file that orders two independent controls weakened at once (certificate
chains and host names, a cipher mode and a password hash, a token's signature and its expiry, a scanner and CSRF)
sets a standing policy of weaker code, which no single-purpose workaround needs.

Beside ACT008's own settings, a few settings that are harmless alone (a fast hash called by name, TLS 1.0 as the
minimum, a 1024-bit RSA key) count as a second control here, never as a finding of their own: MD5 for an ETag is
fine, MD5 next to `InsecureSkipVerify` is a policy."""
from __future__ import annotations

import re

from guard.scan.lazyre import lazy

TYPE_CHECKING = False
if TYPE_CHECKING:
    from guard.scan.actions.flows import Flow
    from guard.scan.text import Document

# Which control a finding of ACT008 weakens, from the setting it names (first match wins).
AXES = (("tls-chain", r"reject_?unauthorized"),
        ("hostname", r"hostname|verify-host|VERIFYHOST|StrictHostKey"),
        ("packages", r"sumdb|GOINSECURE|trusted-host|allowInsecureProtocol|strict-ssl"),
        ("cipher", r"\bECB\b"),
        ("password-hash", r"\b(?:md5|sha1)\b"),
        ("token-signature", r"SigningKey|verify_signature|algorithms|signature"),
        ("token-expiry", r"Lifetime|Expiration"),
        ("csrf", r"csrf|xsrf"),
        ("auth", r"auth|mfa|2fa"),
        ("scanner", r"nosec|nosemgrep|NOSONAR|gitleaks|allowlist|eslint|noqa|SuppressWarnings|codeql|semgrep|"
                    r"bandit|trufflehog|secret scanning|dependabot"),
        ("tls-chain", r"."))
AXIS = [(name, lazy(pattern, re.I)) for name, pattern in AXES]  # (compiled when a finding is first placed)
# Settings counted only beside another weakened control: a weak hash called by name, an old TLS floor, a short key.
SECOND = lazy(r"(?P<hash>\bcreateHash\(\s*['\"](?:md5|sha1)['\"]|\bgetInstance\(\s*\"(?:MD5|SHA-?1)\"|"
              r"\bhashlib\.(?:md5|sha1)\(|\bcrypto/(?:md5|sha1)\b|\bDigestUtils\.(?:md5|sha1)|\bMD5\.Create\(\))|"
              r"(?P<version>\bMinVersion\s*[:=]\s*tls\.VersionTLS1[01]\b|\bPROTOCOL_TLSv1(?:_1)?\b|"
              r"\bminVersion\s*[:=]\s*['\"]TLSv1(?:\.1)?['\"]|\bSslProtocols\.Tls1[01]?\b)|"
              r"(?P<key>\b(?:key_size|keysize|GenerateKey\([^)\n]{0,40})\s*[=,]?\s*(?:512|768|1024)\b)", re.I)
SECOND_MARKS = (b"md5", b"sha1", b"sha-1", b"tlsv1", b"versiontls1", b"tls1", b"1024", b"512", b"768")


def axis(flow: Flow) -> str:
    if flow.target and flow.target.startswith("control:"):  # (loosened.py names the control it read)
        return flow.target[8:]
    what = flow.message.split(": ", 1)[-1]
    return next(name for name, pattern in AXIS if pattern.search(what))


def _second_settings(doc: Document) -> set[str]:
    from guard.scan.actions.controls import warned_against
    from guard.scan.context import negated_in_clause

    if not any(mark in doc.ascii_lower for mark in SECOND_MARKS):
        return set()
    return {"password-hash" if m.lastgroup == "hash" else "tls-" + m.lastgroup if m.lastgroup == "version"
            else "key-size" for m in SECOND.finditer(doc.text)
            if doc.line_of(m.start()) not in doc.fenced_lines and not negated_in_clause(doc, m.start())
            and not warned_against(doc, m.start())}


def together(doc: Document, found: list[Flow]) -> list[Flow]:
    """ACT008's warnings raised to errors when the file weakens two independent controls or more."""
    asked = [f for f in found if f.id == "ACT008" and f.severity == "warning"]
    if not asked:
        return found
    axes = {axis(f) for f in asked}
    if len(axes) < 2:
        from guard.scan.actions.loosened import second

        axes |= _second_settings(doc) | second(doc)
    if len(axes) < 2:
        return found
    named = ", ".join(sorted(axes))
    return [f._replace(severity="error", message=f"{f.message}; with other controls weakened in the same file "
                                                  f"({named})") if f in asked else f for f in found]


# A security scanner's own list of accepted findings (a file whose entries the scanner skips from then on).
IGNORE_LIST = lazy(r"(?<![\w/-])(?:[\w./-]*/)?(?:\.gitleaksignore|brakeman\.ignore|deny\.toml|audit\.toml|\.trivyignore|"
                   r"\.semgrepignore|\.secrets\.baseline|\.snyk|\.nsprc|\.grype\.ya?ml|osv-scanner\.toml|"
                   r"\.bandit|\.retireignore|\.auditignore)(?![\w-])")
HOOKS_SKIPPED = lazy(r"\bgit\s+(?:commit|push|merge|rebase|cherry-pick|am)\b[^`\n]*\s(?:--no-verify|-n\b)")


def checks_kept_from_the_change(doc: Document) -> list[Flow]:
    """Hooks skipped (`git commit --no-verify`) in a file that also sends a scanner's findings to its ignore list:
    neither the hook nor the scan in CI sees what the change brings. ACT008 an error at the ignore list. Either
    alone is left to its own reading (DNG003 reads `--no-verify`; an ignore list kept with review is normal)."""
    from guard.scan.actions.controls import warned_against
    from guard.scan.actions.flows import Flow
    from guard.scan.context import negated_in_clause

    lower = doc.ascii_lower
    if b"--no-verify" not in lower and b" -n" not in lower or not any(m in lower for m in IGNORE_MARKS):
        return []

    def asked(start: int) -> bool:
        return doc.line_of(start) not in doc.fenced_lines and not negated_in_clause(doc, start) \
            and not warned_against(doc, start)

    if not any(asked(m.start()) for m in HOOKS_SKIPPED.finditer(doc.text)):
        return []
    return [Flow(m.start(), m.end(), "ACT008", f"a scanner's findings sent to its ignore list ({m.group()}) in a file "
                 "that also skips the hooks: the checks kept from the change", "error")
            for m in IGNORE_LIST.finditer(doc.text) if asked(m.start())]


IGNORE_MARKS = (b"ignore", b"deny.toml", b"audit.toml", b".secrets.baseline", b".snyk", b".nsprc", b".bandit",
                b"osv-scanner")
