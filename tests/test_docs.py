"""The docs site: the reference pages are generated from the code (docs/mkdocs_reference.py) and cover every
detector ID, command and config key; the site builds with warnings as errors."""
from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

from guard.scan.registry import REGISTRY
from guard.scan.retired import RETIRED
from hooks.cli import COMMANDS
from hooks.commands.check import CHECKS
from hooks.config import Settings
from hooks.render import DOCS_URI, help_uri

CHECKOUT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(CHECKOUT / "docs"))
import mkdocs_reference  # noqa: E402

PAGES = mkdocs_reference.pages()


def test_every_detector_and_check_id_has_its_page_and_a_row_in_the_index() -> None:
    index = PAGES["detectors/index.md"]
    for rule_id in [*REGISTRY, *RETIRED, *CHECKS]:
        page = PAGES[f"detectors/{rule_id}.md"]
        assert page.startswith(f"# {rule_id} "), rule_id
        assert f"[`{rule_id}`]({rule_id}.md)" in index, rule_id
        assert help_uri(rule_id) == f"{DOCS_URI}/detectors/{rule_id}/"  # the URL mkdocs gives that page
    assert {p for p in PAGES if p.startswith("detectors/")} == \
        {"detectors/index.md", *(f"detectors/{i}.md" for i in [*REGISTRY, *RETIRED, *CHECKS])}


def test_a_detector_page_carries_the_detector_doc() -> None:
    det = REGISTRY["INV001"]
    page = PAGES["detectors/INV001.md"]
    assert "**What it finds:**" in page and "**Why it matters:**" in page
    assert det.name in page and " ".join(det.summary.split()[:5]) in " ".join(page.split())


def test_every_command_and_config_key_is_in_the_reference() -> None:
    commands = PAGES["commands.md"]
    for name in COMMANDS:
        assert f"## kguard {name}\n" in commands, name
    assert "## kguard rules list\n" in commands and "## kguard hooks install\n" in commands
    config = PAGES["configuration.md"]
    for section, field in Settings.model_fields.items():
        for key in field.annotation.model_fields:  # type: ignore[union-attr]
            assert f"| `{section}.{key}` |" in config, (section, key)


def test_site_url_is_where_sarif_points() -> None:
    text = (CHECKOUT / "mkdocs.yml").read_text()
    assert re.search(r"^site_url: (\S+)", text, re.M).group(1).rstrip("/") == DOCS_URI  # type: ignore[union-attr]
    assert "\nnav:" not in text  # pages added under docs/ appear without an edit


def test_docs_build_with_warnings_as_errors(tmp_path: Path) -> None:
    mkdocs = Path(sys.executable).parent / "mkdocs"
    if not mkdocs.exists():
        pytest.skip("the docs extra is not installed (pip install -e '.[docs]'); CI builds the site in .ci/run")
    result = subprocess.run([str(mkdocs), "build", "--strict", "--site-dir", str(tmp_path / "site")], cwd=CHECKOUT,
                            capture_output=True, text=True, env={**os.environ, "NO_MKDOCS_2_WARNING": "1"})
    assert result.returncode == 0, result.stderr
    assert (tmp_path / "site" / "detectors" / "INV001" / "index.html").is_file()
