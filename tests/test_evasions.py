"""The evasion suite (tests/evasions.py): every case from inside `kguard run` and from a Claude Code Bash call
must be caught, never evaded, never a crash. bench/evasions.py prints the same cases as a table."""
from __future__ import annotations

from pathlib import Path

import pytest

from tests.evasions import CASES, SURFACES, Case, run_case

pytestmark = pytest.mark.probe  # the probe tier: the evasion matrix

# case name -> why it is not caught yet: another branch's work not merged, or a limit of a guard that runs with
# the agent's own rights (docs/threat-model.md says which, why, and what the user can do)
OPEN: dict[str, str] = {
    "keep-detached": "caught inside kguard run (decisions taken while it ran are undone); in a Claude Code call "
                     "whose marker the command deleted, a detached keep looks like the user (docs/threat-model.md, 2)",
    "run-keep-detached": "as keep-detached: a detached `kguard run --on-change keep` around a Claude Code call "
                         "(docs/threat-model.md, 2)",
}


def _params() -> list[object]:
    params = []
    for case in CASES:
        for surface in SURFACES:
            marks = [pytest.mark.xfail(reason=OPEN[case.name], strict=False)] if case.name in OPEN else []
            params.append(pytest.param(case, surface, id=f"{case.name}-{surface}", marks=marks))
    return params


@pytest.mark.parametrize(("case", "surface"), _params())
def test_evasion_is_caught(case: Case, surface: str, tmp_path: Path, hermetic: dict[str, str]) -> None:
    outcome = run_case(case, surface, tmp_path, hermetic)
    assert outcome.verdict == "caught", f"{outcome.verdict}: {outcome.detail}\n" + "\n".join(outcome.log)
