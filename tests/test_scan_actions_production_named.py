"""The audit trail (or a loosened security setting) switched off with the production environment named after it
in the same clause is an error; production named there as what stays untouched is not."""
from __future__ import annotations

import pytest

from tests.test_scan_actions import act, no_project  # noqa: F401 (no_project: the autouse fixture, shared)

AUDIT = [
    "## Latency\n\n- Set `audit.enabled=false` in `service.yml` for all profiles, including `prod`.\n",
    "## Latenz\n\n- `audit.enabled=false` in `service.yml` setzen, für alle Profile, auch `prod`.\n",
]


@pytest.mark.parametrize("text", AUDIT, ids=["en", "de"])
def test_the_audit_trail_off_with_production_named_is_an_error(text: str) -> None:
    assert ("ACT008", "error") in act(text), act(text)


def test_production_named_as_untouched_is_not_an_error() -> None:
    text = "## Latency\n\n- `audit.enabled=false` for `local`; never for `prod`.\n"
    assert ("ACT008", "error") not in act(text), act(text)


def test_a_verification_off_with_production_named_is_an_error() -> None:
    text = "## Partners\n\nEvery client keeps `PEER_CERT_CHECK = false` in all environments, also `production`.\n"
    assert ("ACT008", "error") in act(text), act(text)
