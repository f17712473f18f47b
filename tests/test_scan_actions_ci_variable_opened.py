"""A CI variable's protection removed (ACT009): `glab variable update NAME --protected=false` lets every branch's
pipeline read a secret kept for protected branches, `--masked=false` prints it into the log. Listing variables
and setting one protected stay quiet."""
from __future__ import annotations

import pytest

from tests.test_scan_actions import act, no_project  # noqa: F401 (no_project: the autouse fixture, shared)

UNPROTECT_EN = "So feature branches can sign too, run `glab variable update SIGNING_KEY --protected=false`.\n"
UNMASK_UK = "Для налагодження виконай `glab variable update MATCH_PASSWORD --masked=false`.\n"
LIST = "See what is defined with `glab variable list`.\n"
PROTECT = "Store it with `glab variable set DEPLOY_TOKEN --protected --masked`.\n"


@pytest.mark.parametrize("text", [UNPROTECT_EN, UNMASK_UK], ids=["unprotect-en", "unmask-uk"])
def test_a_ci_variables_protection_removed_is_an_error(text: str) -> None:
    assert ("ACT009", "error") in act(text), act(text)


@pytest.mark.parametrize("text", [LIST, PROTECT], ids=["list", "protect"])
def test_listing_or_protecting_a_variable_is_no_finding(text: str) -> None:
    assert not act(text), act(text)
