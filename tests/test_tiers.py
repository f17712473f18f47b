"""The suite's two tiers: `pytest` alone runs the fast tier (the README's contributor command), `pytest -m probe`
the probe tier, and .ci/run runs both. Checked with the real pytest on this checkout's own tests."""
from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

CHECKOUT = Path(__file__).resolve().parent.parent
PROBE_FILE = "tests/test_concurrency.py"  # marked probe as a whole (pytestmark)
FAST_FILE = "tests/test_tiers.py"


def _collect(*args: str) -> tuple[int, set[str], str]:
    """Collect with the checkout's own configuration; testpaths narrowed to two files stands in for `pytest`
    with no test named."""
    result = subprocess.run([sys.executable, "-m", "pytest", "--collect-only", "-q", "-n0", "-p", "no:cacheprovider",
                             *args], cwd=CHECKOUT, capture_output=True, text=True, timeout=300)
    ids = {line.split("::", 1)[0] for line in result.stdout.splitlines() if "::" in line}
    return result.returncode, ids, result.stdout + result.stderr


def test_a_plain_run_is_the_fast_tier_and_dash_m_probe_the_other() -> None:
    both = ["-o", f"testpaths={PROBE_FILE} {FAST_FILE}"]
    code, files, output = _collect(*both)
    assert code == 0 and files == {FAST_FILE}, output
    assert re.search(r"\d+ deselected", output), output
    code, files, output = _collect(*both, "-m", "probe")
    assert code == 0 and files == {PROBE_FILE}, output


def test_a_file_named_on_the_command_line_runs_whatever_its_tier() -> None:
    code, files, output = _collect(PROBE_FILE)
    assert code == 0 and files == {PROBE_FILE}, output


def test_a_mistyped_marker_is_an_error_not_a_test_in_the_wrong_tier(tmp_path: Path) -> None:
    test = tmp_path / "test_typo.py"
    test.write_text("import pytest\n\n\n@pytest.mark.prob\ndef test_x() -> None:\n    pass\n")
    code, _, output = _collect("--rootdir", str(CHECKOUT), "-c", str(CHECKOUT / "pyproject.toml"), str(test))
    assert code != 0 and "'prob' not found in `markers`" in output, output


def test_ci_runs_the_fast_tier_then_the_probe_tier_then_the_docs() -> None:
    lines = [line for line in (CHECKOUT / ".ci" / "run").read_text(encoding="utf-8").splitlines()
             if line and not line.startswith("#")]
    fast = next(i for i, line in enumerate(lines) if line.endswith("&& .venv/bin/pytest"))
    assert lines[fast + 1] == ".venv/bin/pytest -m probe"
    assert "mkdocs build --strict" in lines[fast + 2]
    assert "set -euo pipefail" in lines  # pytest's exit 5 (no test ran) or any failure stops CI


def test_fault_injection_files_are_in_the_probe_tier() -> None:
    """New tests/test_faults_*.py files join the probe tier as a whole."""
    unmarked = [p.name for p in sorted((CHECKOUT / "tests").glob("test_faults_*.py"))
                if "pytestmark = pytest.mark.probe" not in p.read_text(encoding="utf-8")]
    assert not unmarked, unmarked
