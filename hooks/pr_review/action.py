"""The GitHub Action's review mode: `kguard review` on the pull request's range (base and head from the event
file, or the action's base/head inputs), annotations on stdout, the Markdown summary in $GITHUB_STEP_SUMMARY,
SARIF of the added lines for the upload step, outputs in $GITHUB_OUTPUT."""
from __future__ import annotations

import json
import os
from collections.abc import Mapping
from pathlib import Path

from guard.paths import find_places
from hooks.pr_review.gitrange import bad_range, open_range
from hooks.pr_review.output import github, markdown, output, text
from hooks.pr_review.review import review
from rules_engine.errors import KguardError

PR_EVENTS = ("pull_request", "pull_request_target")
DEFAULT_SARIF = "kguard-review.sarif"


def mode(env: Mapping[str, str]) -> str:
    chosen = env.get("KGUARD_MODE", "").strip() or "auto"
    if chosen not in ("auto", "check", "review"):
        raise KguardError(f"input mode must be auto, check or review (got {chosen!r})")
    if chosen == "auto":
        return "review" if env.get("GITHUB_EVENT_NAME", "") in PR_EVENTS else "check"
    return chosen


def pr_range(env: Mapping[str, str]) -> str | None:
    """BASE..HEAD from the inputs, else from the pull request in the event file; None: the default range."""
    base, head = env.get("KGUARD_BASE", "").strip(), env.get("KGUARD_HEAD", "").strip()
    event_path = env.get("GITHUB_EVENT_PATH", "")
    if not base and event_path and os.path.isfile(event_path):
        try:
            pull = json.loads(Path(event_path).read_text(encoding="utf-8")).get("pull_request") or {}
            base, head = base or pull["base"]["sha"], head or pull["head"]["sha"]
        except (ValueError, KeyError, TypeError, AttributeError):
            raise bad_range("the event file has no pull_request.base.sha: give the base input") from None
    if not base:
        return None
    return f"{base}..{head or 'HEAD'}"


def _append(env: Mapping[str, str], name: str, data: str) -> None:
    target = env.get(name)
    if target:
        with open(target, "a", encoding="utf-8") as handle:
            handle.write(data)


def run(env: Mapping[str, str]) -> tuple[str, int]:
    places = find_places()
    result = review(open_range(places.root, pr_range(env)), places)
    sarif_file = env.get("KGUARD_SARIF_FILE", "").strip() or os.path.join(env.get("RUNNER_TEMP", "."),
                                                                           DEFAULT_SARIF)
    Path(sarif_file).parent.mkdir(parents=True, exist_ok=True)
    Path(sarif_file).write_text(output(result, "sarif"), encoding="utf-8")
    _append(env, "GITHUB_STEP_SUMMARY", markdown(result))
    errors = sum(f.severity == "error" for f in result.findings)
    warnings = sum(f.severity == "warning" for f in result.findings)
    _append(env, "GITHUB_OUTPUT", f"mode=review\nfindings={len(result.findings)}\nerrors={errors}\n"
                                  f"warnings={warnings}\nsarif-file={sarif_file}\n")
    out = github(result) + "::group::kguard review (text)\n" + text(result) + "::endgroup::\n"
    return out, result.exit_code
