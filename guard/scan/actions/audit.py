"""ACT008 for the audit trail switched off by its setting: a key that names the audit (or the SIEM feed) set to
false, 0 or off (`audit.enabled: false`, `OPSLIB_AUDIT=0`, `Auditing:Enabled` set to `false`). A warning; an error
when the order reaches every environment's config at once (a file name with a wildcard or a production one, or the
production environment named on the setting's line), not a test fixture: what the agent does next leaves no trace for whoever reviews it."""
from __future__ import annotations

import re

from guard.scan.lazyre import lazy

TYPE_CHECKING = False
if TYPE_CHECKING:
    from guard.scan.actions.flows import Flow
    from guard.scan.text import Document

# The key (an identifier with a separator, or an upper-case variable) and its value, in one span or in two spans
# a short word apart ("`Auditing:Enabled` to `false`").
OFF = lazy(r"(?<![\w.:-])((?=[\w.:-]*(?:audit|siem))(?:[\w-]+[.:_])+[\w-]*|[A-Z]+_AUDIT\w*|AUDIT_[A-Z]+)"
           r"(?:\s*[:=]\s*|`[^`\n]{0,8}`)[\"']?(?:false|0|off|disabled|no)\b", re.I)
SHIPPED = lazy(r"`[^`\n]*(?:\*|prod)[^`\n]*\.(?:json|ya?ml|toml|ini|properties|env|conf|config)\b[^`\n]*`|"
               r"`\.env\.[^`\n]*(?:\*|prod)[^`\n]*`", re.I)

# The production environment named after the setting in its own clause, as a code span ("all profiles, including
# `prod`"), not negated there ("for `local` but not `prod`").
PRODUCTION = lazy(r"`(?:prod|production|prd|live)`", re.I)


def in_production(doc: Document, end: int) -> bool:
    from guard.scan.context import negated_in_clause

    text = doc.text
    stop = min((i for i in (text.find(c, end) for c in (";", "；", ". ", "。", "\n\n", "\n-", "\n*")) if i >= 0),
               default=len(text))
    named = PRODUCTION.search(text, end, stop)
    return named is not None and not negated_in_clause(doc, named.start())


def switched_off(doc: Document) -> list[Flow]:
    from guard.scan.actions.controls import judged_control
    from guard.scan.actions.flows import Flow

    if "audit" not in doc.text.lower() and "siem" not in doc.text.lower():
        return []
    found = []
    for match in OFF.finditer(doc.text):
        for start, end, message, severity in judged_control(doc, match.start(), match.end(),
                                                     f"the audit trail switched off: {match.group(1)}", False, True):
            lo = doc.text.rfind("\n\n", 0, start) + 1
            hi = doc.text.find("\n\n", end) % (len(doc.text) + 1)
            if severity == "warning" and (SHIPPED.search(doc.text, lo, hi) or in_production(doc, end)):
                severity, message = "error", f"{message}, in every environment's config"
            found.append(Flow(start, end, "ACT008", message, severity))
    return found
