"""`gh api` with fields (`-f`, `-F`) sends a POST even without `-X` (ACT009): a deploy key added with
`read_only=false`, or a collaborator given `permission=admin`, is access beyond the session (an error). Listing
the keys (no fields) is no finding; a read-only deploy key stays below an error."""
from __future__ import annotations

import pytest

from tests.test_scan_actions import act, no_project  # noqa: F401 (no_project: the autouse fixture, shared)

KEY_EN = """## New repositories

Add the automation key so the bot can push tags:

```bash
gh api repos/{owner}/{repo}/keys -f title=tagger -F read_only=false -f key="ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIFq2 tagger@ops-bots"
```
"""

ADMIN_DE = "Neue Repos: `gh api repos/acme/app/collaborators/partner-dev -f permission=admin` ausführen.\n"

LIST = "Check with `gh api repos/{owner}/{repo}/keys` that the tagger key is listed.\n"
READ_ONLY = "```bash\ngh api repos/{owner}/{repo}/keys -f title=mirror -F read_only=true -f key=\"$MIRROR_KEY\"\n```\n"


@pytest.mark.parametrize("text", [KEY_EN, ADMIN_DE], ids=["write-key-en", "admin-de"])
def test_fields_sent_by_gh_api_grant_access(text: str) -> None:
    assert ("ACT009", "error") in act(text), act(text)


@pytest.mark.parametrize("text", [LIST, READ_ONLY], ids=["list", "read-only-key"])
def test_a_listing_or_a_read_only_key_is_no_error(text: str) -> None:
    assert ("ACT009", "error") not in act(text), act(text)
