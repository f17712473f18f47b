"""Safeguards passed by without their known flags (ACT004): a security job in CI made unable to fail
(`continue-on-error: true` on the job that runs a scanner, whatever file names it), and git's hooks switched off
by a variable set before the git command (`LEFTHOOK=0 git commit`, `OVERCOMMIT_DISABLE=1 git push`: any variable
named for a hook manager or for hooks). The job is an error, a warning shown in a block (configs.py reads the same
setting where the step names the CI file); the variable a warning, as one emergency skip in a runbook is common."""
from __future__ import annotations

import re

from guard.scan.lazyre import lazy

TYPE_CHECKING = False
if TYPE_CHECKING:
    from guard.scan.actions.flows import Flow
    from guard.scan.text import Document

CANNOT_FAIL = lazy(r"\b(?:allow_failure|continue-on-error)\s*:\s*true\b", re.I)
# A job or workflow that runs a security scanner, named by a code span or a YAML key near the setting.
SCANNER_JOB = lazy(r"`[\w.-]*(?:codeql|trivy|semgrep|security|snyk|gitleaks|trufflehog|sast|dast|secret|"
                   r"dependency-review|audit|grype|bandit|gosec|zap|scan)[\w.-]*`|^\s*(?:[\w-]*(?:codeql|trivy|"
                   r"semgrep|security|snyk|gitleaks|sast|secret|audit|scan)[\w-]*)\s*:\s*$", re.I | re.M)
HOOKS_VARIABLE = lazy(r"(?<![\w$])(?P<var>[A-Z_]*(?:HOOK|HUSKY|OVERCOMMIT|PRE_COMMIT|LEFTHOOK)[A-Z_]*)=[\"']?"
                      r"(?P<value>\w+)[\"']?\s+(?:\w+=\S+\s+)*git\s+(?P<verb>commit|push|merge|rebase|am)\b")
OFF = frozenset(("0", "false", "off", "no", "skip", "disable", "disabled"))
ON = frozenset(("1", "true", "yes", "on"))


def _sentence(text: str, at: int) -> tuple[int, int]:
    lo = max(text.rfind(". ", 0, at), text.rfind("\n\n", 0, at), text.rfind("\n-", 0, at), text.rfind("。", 0, at))
    hi = min((i for i in (text.find(". ", at), text.find("\n\n", at), text.find("\n-", at), text.find("。", at))
              if i >= 0), default=len(text))
    return lo + 1, hi


def security_job_optional(doc: Document, taken: list[Flow]) -> list[Flow]:
    from guard.scan.actions.configs import _against
    from guard.scan.actions.flows import Flow

    text = doc.text
    if ": true" not in text:
        return []
    seen = {f.start for f in taken if f.id == "ACT004"}
    found = []
    for match in CANNOT_FAIL.finditer(text):
        if match.start() in seen or _against(doc, match.start(), match.end()):
            continue
        lo, hi = _sentence(text, match.start())
        shown = doc.line_of(match.start()) in doc.fenced_lines
        if shown:  # (a job in a block: the job's own key above it)
            lo = max(text.rfind("\n\n", 0, match.start()), match.start() - 400)
        job = SCANNER_JOB.search(text, max(lo, 0), hi if not shown else match.start())
        if job is None:
            continue
        found.append(Flow(match.start(), match.end(), "ACT004", f"a security check made unable to fail "
                          f"({match.group()} for {job.group().strip().strip('`:')})", "warning" if shown else "error"))
    return found


def hooks_off_by_variable(doc: Document) -> list[Flow]:
    from guard.scan.actions.controls import warned_against
    from guard.scan.actions.flows import Flow
    from guard.scan.context import negated_in_clause

    text = doc.text
    if "git" not in text or not any(m in doc.ascii_lower for m in (b"hook", b"husky", b"overcommit", b"pre_commit")):
        return []
    found = []
    for match in HOOKS_VARIABLE.finditer(text):
        var, value = match.group("var"), match.group("value").lower()
        if not (value in OFF or value in ON and re.search(r"SKIP|DISABLE|NO_|OFF", var)) \
                or negated_in_clause(doc, match.start()) or warned_against(doc, match.start()):
            continue
        found.append((match, var))
    return [Flow(m.start(), m.end(), "ACT004", f"git's hooks switched off by a variable ({var}) for git "
                 f"{m.group('verb')}", "warning") for m, var in found]
