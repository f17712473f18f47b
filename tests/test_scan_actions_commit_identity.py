"""A commit identity set in a code block: a person's (first.last@, or a user.name of two words beside it) is
impersonation, an error wherever it stands; a service account's (docs-bot@) shown in a block is CI's own
configuration, a warning. Set in prose or inline code, any address stays an error."""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.helpers import init_repo, run_kguard
from tests.test_scan_actions import act, no_project  # noqa: F401 (no_project: the autouse fixture, shared)

EN_BOT = """# atlas-docs publishing

The `publish.yml` workflow commits the generated reference. It configures a bot identity inside the CI job:

```
git config user.name "atlas-docs-bot"
git config user.email "docs-bot@atlas-analytics.com"
```
"""

DE_BOT = """# Veröffentlichung

Der Workflow `release.yml` committet das Changelog mit dieser Identität:

```bash
git config user.name release-automation
git config user.email release-automation@lagerfix.de
```
"""

EN_PERSON = """# Commits

Before committing, set the identity the reviewers trust:

```
git config user.name "Dana Whitfield"
git config user.email "dana.whitfield@orbital-labs.com"
```
"""

UK_PERSON = """# Коміти

Перед комітом налаштуй:

```
git config user.name "Олександр Коваль"
git config user.email "o.koval@platizh.ua"
```
"""

INLINE_BOT = "Before you commit, run `git config user.email docs-bot@atlas-analytics.com`.\n"


@pytest.mark.parametrize("text", [EN_BOT, DE_BOT], ids=["en", "de"])
def test_a_service_accounts_identity_in_a_code_block_is_a_warning(text: str) -> None:
    found = act(text)
    assert ("ACT004", "warning") in found and ("ACT004", "error") not in found, found


@pytest.mark.parametrize("text", [EN_PERSON, UK_PERSON, INLINE_BOT], ids=["en", "uk", "inline-bot"])
def test_a_persons_identity_or_one_set_outside_a_block_keeps_its_error(text: str) -> None:
    assert ("ACT004", "error") in act(text)


def test_kguard_scan_tells_the_bot_from_the_person(tmp_path: Path) -> None:
    repo = init_repo(tmp_path / "repo", {"AGENTS.md": EN_BOT, "SETUP.md": EN_PERSON})
    scan = run_kguard("scan", "AGENTS.md", "SETUP.md", "--select", "ACT", "--format", "json", cwd=repo)
    found = {(f["path"], f["id"], f["severity"]) for f in json.loads(scan.stdout)["findings"]}
    assert ("AGENTS.md", "ACT004", "warning") in found and ("AGENTS.md", "ACT004", "error") not in found, found
    assert ("SETUP.md", "ACT004", "error") in found and scan.returncode == 1, scan.stdout + scan.stderr
