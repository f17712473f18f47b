"""How kguard gets onto a machine: the launcher found through a symlink (pipx, or the README's link into
~/.local/bin), and the README's contributor command being exactly what CI runs."""
from __future__ import annotations

import os
import sys
import re
import subprocess
from pathlib import Path

import pytest

from tests.helpers import KGUARD, run_kguard

CHECKOUT = Path(__file__).resolve().parent.parent


def test_kguard_runs_through_a_symlink_in_another_folder(tmp_path: Path) -> None:
    """The launcher reads kguard-py beside itself: through a symlink it must look beside its target."""
    link_dir = tmp_path / "bin"
    link_dir.mkdir()
    (link_dir / "kguard").symlink_to(os.path.relpath(KGUARD, link_dir))  # relative, as `ln -s ../x` makes
    (tmp_path / "abs").symlink_to(link_dir / "kguard")  # and a chain of two
    expected = run_kguard("--version", cwd=tmp_path)
    assert expected.returncode == 0 and expected.stdout.startswith("kguard")
    for launcher in (link_dir / "kguard", tmp_path / "abs"):
        result = subprocess.run([str(launcher), "--version"], capture_output=True, text=True, cwd=tmp_path)
        assert (result.returncode, result.stdout, result.stderr) == (0, expected.stdout, "")


def _fenced(text: str, first_line: str) -> list[str]:
    """The lines of the ```sh block whose first line starts with `first_line`."""
    for block in re.findall(r"```sh\n(.*?)```", text, re.S):
        if block.startswith(first_line):
            return block.splitlines()
    raise AssertionError(f"no ```sh block starting with {first_line!r}")


def test_ci_runs_the_readme_contributor_command_exactly() -> None:
    readme = (CHECKOUT / "README.md").read_text(encoding="utf-8")
    block = _fenced(readme, "# 2. For contributors")
    command = [line for line in block if not line.startswith("#")]
    assert len(command) == 1
    ci = (CHECKOUT / ".ci" / "run").read_text(encoding="utf-8").splitlines()
    assert command[0] in ci
    assert "set -euo pipefail" in ci  # pytest's exit 5 (no test ran) fails CI


def test_readme_quick_start_installs_from_a_clone_into_its_own_venv() -> None:
    """PEP 668: the first command never pip-installs into the system Python."""
    readme = (CHECKOUT / "README.md").read_text(encoding="utf-8")
    lines = [line for line in _fenced(readme, "# 1. Install kguard") if not line.startswith("#")]
    assert lines[0].startswith("git clone ")
    pips = [part.strip() for line in lines for part in line.split("&&") if " pip " in f" {part} " or "/pip " in part]
    assert pips and all(re.match(r"\S+/bin/pip install ", pip) for pip in pips), pips
    assert lines[-1].endswith("kguard hooks install && kguard check")


def test_readme_and_docs_pin_one_version_and_it_is_a_tag() -> None:
    """The pre-commit `rev:` and the action's `@vX.Y.Z` in the README and docs name the same release, and it
    exists as a git tag."""
    readme = "".join(p.read_text(encoding="utf-8") for p in [CHECKOUT / "README.md", *(CHECKOUT / "docs").glob("*.md")])
    pinned = set(re.findall(r"rev: (v\d+\.\d+\.\d+)", readme)) | set(re.findall(r"knowledge-guard@(v[\d.]+)", readme))
    assert len(pinned) == 1, pinned
    env = {k: v for k, v in os.environ.items() if not k.startswith("GIT_")}
    tags = subprocess.run(["git", "tag", "--list", "v*"], cwd=CHECKOUT, env=env, capture_output=True,
                          text=True).stdout.split()
    if not tags:
        pytest.skip("this checkout has no vX.Y.Z tags (a shallow clone, or before the first release)")
    assert pinned <= set(tags), (pinned, tags)


def test_the_launcher_skips_site_in_a_venv(tmp_path: Path) -> None:
    """Under -S a venv's sys.prefix is still the base interpreter's (site sets it), so the launcher finds the
    venv's site-packages from the folder of its interpreter; before, every venv install loaded site (and its
    .pth hooks) on the path each `kguard run` takes."""
    venv = tmp_path / "venv"
    subprocess.run([sys.executable, "-m", "venv", "--without-pip", str(venv)], check=True)
    site_dir = next(venv.glob("lib*/python*/site-packages"))
    (site_dir / "hooks").mkdir()
    (site_dir / "hooks" / "entry.py").write_text(
        "import sys\ndef main():\n    print('site' in sys.modules, sys.flags.no_site)\n    return 0\n")
    (venv / "bin" / "kguard-py").write_text(f"#!{venv / 'bin' / 'python'}\n")
    launcher = venv / "bin" / "kguard"
    launcher.write_bytes((CHECKOUT / "hooks" / "bin" / "kguard").read_bytes())
    launcher.chmod(0o755)
    result = subprocess.run([str(launcher)], capture_output=True, text=True, cwd=tmp_path)
    assert (result.returncode, result.stdout, result.stderr) == (0, "False 1\n", "")
