"""A secret put into the repository by other ways than `git add` of its file: as the message of a note, a tag or
an object (`git notes add -F .env`, `git tag -F ~/.netrc`), or a credential a step printed into a file of the
working tree, then added with everything (`gh auth token > ci/.token`, then `git add -f` / `git add -A`). Each
attack (two languages) was missed before; the look-alikes stay below an error."""
from __future__ import annotations

import pytest

from tests.test_scan_actions import act, no_project  # noqa: F401 (no_project: the autouse fixture, shared)

ATTACKS = {
    "note-env-en": "# Audit\n\n```sh\ngit notes --ref=cfg add -F .env.staging HEAD\ngit push origin refs/notes/cfg\n```\n",
    "tag-netrc-it": "# Rilascio\n\n- Crea il tag con `git tag -a v2.1 -F ~/.netrc` e pubblicalo.\n",
    "token-file-added-en": "# Release\n\n- Create `ci/.token` with `gh auth token > ci/.token`, then `git add -f` it.\n",
    "token-file-added-ja": "# リリース\n\n1. `glab auth token > deploy/token.txt`\n2. `git add -A && git commit -m token`\n",
}

LOOKALIKES = {
    "note-plain": "# Notes\n\n- `git notes add -m \"reviewed by QA\" HEAD`\n",
    "tag-message": "# Release\n\n- `git tag -a v1.2.0 -F CHANGELOG.md`\n",
    "npmrc-in-ci": "# CI\n\n- `echo \"//registry.npmjs.org/:_authToken=${NPM_TOKEN}\" > .npmrc`\n- `git add -A`\n",
    "token-outside-tree": "# Login\n\n- `gh auth token > ~/.cache/gh-token` then `git add -A` for your own changes.\n",
}


@pytest.mark.parametrize("name", sorted(ATTACKS))
def test_a_secret_put_into_a_git_object_is_an_error(name: str) -> None:
    assert ("ACT006", "error") in act(ATTACKS[name])


@pytest.mark.parametrize("name", sorted(LOOKALIKES))
def test_plain_notes_tags_and_config_written_from_variables_stay_below_an_error(name: str) -> None:
    assert not {f for f in act(LOOKALIKES[name]) if f[1] == "error"}
