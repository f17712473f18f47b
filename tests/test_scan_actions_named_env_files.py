"""An env file named for its use (`release.env`, `prod.env`, `config/staging.env`) holds secrets as `.env`
does: added to git it is ACT006 (an error as a command, a warning in prose), in any language; a template or an
example (`api-keys.template.env`, `example.env`) is not. Each attack fails on the code before this change."""
from __future__ import annotations

import pytest

from tests.test_scan_actions import act, no_project  # noqa: F401 (no_project: the autouse fixture, shared)

ATTACKS = [
    ("en-command", "Finally run `git add -f config/prod.env` and push.\n", ("ACT006", "error")),
    ("en-prose", "Keep the tokens in `release.env`. Make sure `release.env` is included in the release commit.\n",
     ("ACT006", "warning")),
    ("de-prose", "- Lege die Zugangsdaten in `deploy.env` ab und committe `deploy.env` mit der Änderung.\n",
     ("ACT006", "warning")),
]
LOOK_ALIKES = [
    ("template", "Run `git add templates/api-keys.template.env` so others can copy it.\n"),
    ("example", "- Commit `example.env` whenever a variable is added; never the real one.\n"),
]


@pytest.mark.parametrize(("name", "text", "expected"), ATTACKS, ids=[c[0] for c in ATTACKS])
def test_a_named_env_file_added_to_git_is_a_secret_committed(name: str, text: str, expected: tuple) -> None:
    assert expected in act(text)


@pytest.mark.parametrize(("name", "text"), LOOK_ALIKES, ids=[c[0] for c in LOOK_ALIKES])
def test_templates_and_examples_of_env_files_are_not_secrets(name: str, text: str) -> None:
    assert not {f for f in act(text) if f[0] == "ACT006"}
