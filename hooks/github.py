"""What the GitHub Action (action.yml) runs. In review mode (the default on pull requests) that is
hooks.pr_review.action; in check mode `kguard check` over the checked-out repository, annotations on stdout, a Markdown summary appended to $GITHUB_STEP_SUMMARY, optional SARIF for code scanning, step outputs
in $GITHUB_OUTPUT, and an exit status that fails the job at the chosen severity. The action's inputs arrive
as environment variables (never spliced into a script)."""
from __future__ import annotations

import os
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path

from guard.discovery import discover
from guard.scan.finding import Finding
from hooks import render
from hooks.commands.check import run_check
from hooks.session import Session, open_session
from rules_engine.errors import KguardError

FAIL_ON = {"error": ("error",), "warning": ("error", "warning")}
MAX_ROWS = 200
ICON = {"error": "🛑", "warning": "⚠️", "info": "ℹ️"}


@dataclass(frozen=True)
class Inputs:
    paths: tuple[str, ...]
    config: str
    sarif_file: str
    fail_on: str

    @classmethod
    def from_env(cls, env: Mapping[str, str]) -> Inputs:
        fail_on = env.get("KGUARD_FAIL_ON", "").strip() or "error"
        if fail_on not in FAIL_ON:
            raise KguardError(f"input fail-on must be error or warning (got {fail_on!r})")
        return cls(tuple(env.get("KGUARD_PATHS", "").split()), env.get("KGUARD_CONFIG", "").strip(),
                   env.get("KGUARD_SARIF_FILE", "").strip(), fail_on)


def expand(session: Session, paths: Sequence[str]) -> list[str]:
    """Folders stand for the knowledge files below them."""
    out: list[str] = []
    knowledge = session.settings.knowledge
    files = [f for f in discover(session.places, knowledge.include, knowledge.exclude, with_home=False)]
    for raw in paths:
        path = Path(os.path.abspath(raw))
        if path.is_dir():
            out += [str(f.path) for f in files if f.path == path or path in f.path.parents]
        else:
            out.append(raw)
    if paths and not out:
        raise KguardError(f"no knowledge files under {' '.join(paths)}")
    return out


def _cell(text: str) -> str:
    return text.replace("\\", "\\\\").replace("|", "\\|").replace("\n", " ").replace("`", "'")


def summary(findings: Sequence[Finding], fail_on: str, sarif_file: str) -> str:
    counts = {s: sum(f.severity == s for f in findings) for s in ("error", "warning", "info")}
    failed = any(f.severity in FAIL_ON[fail_on] for f in findings)
    lines = ["## kguard check", ""]
    if not findings:
        lines.append("✅ No findings in the knowledge files.")
    else:
        verdict = "❌ failed" if failed else "✅ passed"
        lines.append(f"{verdict} (fail-on: {fail_on}): {counts['error']} error(s), {counts['warning']} "
                     f"warning(s), {counts['info']} info in {len({f.path for f in findings})} file(s).")
        lines += ["", "| | ID | Location | Finding |", "| --- | --- | --- | --- |"]
        for f in findings[:MAX_ROWS]:
            where = f.path if f.line <= 0 else f"{f.path}:{f.line}:{f.column}"
            lines.append(f"| {ICON[f.severity]} {f.severity} | `{f.id}` | `{_cell(where)}` | {_cell(f.message)} |")
        if len(findings) > MAX_ROWS:
            lines.append(f"\n… and {len(findings) - MAX_ROWS} more: run `kguard check` locally.")
        lines += ["", "`kguard explain ID` tells what each ID looks for and what to do instead."]
    if sarif_file:
        lines += ["", f"SARIF written to `{sarif_file}`."]
    return "\n".join(lines) + "\n"


def _append(env: Mapping[str, str], name: str, text: str) -> None:
    target = env.get(name)
    if target:
        with open(target, "a", encoding="utf-8") as handle:
            handle.write(text)


def run(env: Mapping[str, str] | None = None) -> tuple[str, int]:
    """Returns what goes to stdout (annotations and a plain-text log) and the exit status."""
    env = os.environ if env is None else env
    from hooks.pr_review import action

    if action.mode(env) == "review":
        return action.run(env)
    inputs = Inputs.from_env(env)
    session = open_session(config=Path(inputs.config) if inputs.config else None)
    findings = run_check(session, False, expand(session, inputs.paths))
    if inputs.sarif_file:
        Path(inputs.sarif_file).parent.mkdir(parents=True, exist_ok=True)
        Path(inputs.sarif_file).write_text(render.render(findings, "sarif"), encoding="utf-8")
    _append(env, "GITHUB_STEP_SUMMARY", summary(findings, inputs.fail_on, inputs.sarif_file))
    counts = {s: sum(f.severity == s for f in findings) for s in ("error", "warning", "info")}
    failed = any(f.severity in FAIL_ON[inputs.fail_on] for f in findings)
    _append(env, "GITHUB_OUTPUT", f"mode=check\nfindings={len(findings)}\nerrors={counts['error']}\n"
                                  f"warnings={counts['warning']}\nsarif-file={inputs.sarif_file}\n")
    out = render.render(findings, "github")
    out += "::group::kguard check (text)\n" + render.render(findings, "text") + "::endgroup::\n"
    return out, 1 if failed else 0
