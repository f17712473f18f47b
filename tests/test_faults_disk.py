"""A full disk, a read-only state folder or object store, a baseline path that is a folder: each ends in
a one-line error, never an internal error, and no knowledge file loses a byte (issue 10, "Big and slow
inputs"). The disk cases need to mount a tmpfs (root in a container); elsewhere they are skipped."""
from __future__ import annotations

import os
import subprocess
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.helpers import init_repo, run_kguard, write

pytestmark = pytest.mark.probe  # the probe tier: fault injection: full and failing disks


def _mount(*args: str) -> bool:
    return subprocess.run(["mount", *args], capture_output=True).returncode == 0


@pytest.fixture
def tiny_disk(tmp_path: Path) -> Iterator[Path]:
    folder = tmp_path / "disk"
    folder.mkdir()
    if not _mount("-t", "tmpfs", "-o", "size=1m", "tmpfs", str(folder)):
        pytest.skip("cannot mount a tmpfs here (needs root)")
    try:
        yield folder
    finally:
        subprocess.run(["umount", "-l", str(folder)], capture_output=True)


@pytest.fixture
def read_only(tmp_path: Path) -> Iterator[list[Path]]:
    mounted: list[Path] = []
    yield mounted
    for folder in reversed(mounted):
        subprocess.run(["umount", "-l", str(folder)], capture_output=True)


def _make_read_only(folder: Path, mounted: list[Path]) -> None:
    if not (_mount("--bind", str(folder), str(folder)) and _mount("-o", "remount,bind,ro", str(folder))):
        pytest.skip("cannot bind-mount read-only here (needs root)")
    mounted.append(folder)


def _one_line_error(result: subprocess.CompletedProcess[str]) -> None:
    assert result.returncode not in (0, 70), result.stderr
    assert "Traceback" not in result.stderr and "internal error" not in result.stderr, result.stderr
    errors = [line for line in result.stderr.splitlines() if line.startswith("kguard: error:")]
    assert len(errors) == 1, result.stderr


def _fill(disk: Path, leave_kb: int) -> None:
    st = os.statvfs(disk)
    free_kb = st.f_bavail * st.f_frsize // 1024
    with (disk / "filler").open("wb") as handle:
        handle.write(b"\0" * max(0, (free_kb - leave_kb) * 1024))


@pytest.mark.parametrize("leave_kb", [0, 8, 512])
def test_a_full_disk_ends_in_one_line_and_loses_nothing(tiny_disk: Path, leave_kb: int) -> None:
    """Without room to hold a change back (guard.room.MIN_FREE), the command is not run: a change it made
    would stay on disk unreviewed. Every file stays as it was."""
    repo = init_repo(tiny_disk / "repo", {"AGENTS.md": "# rules\n"})
    assert run_kguard("snapshot", cwd=repo).returncode == 0
    _fill(tiny_disk, leave_kb)
    result = run_kguard("run", "--on-change", "hold", "--", "sh", "-c", "echo injected >> AGENTS.md", cwd=repo)
    _one_line_error(result)
    assert result.returncode == 2 and "the command was not run" in result.stderr, result.stderr
    text = (repo / "AGENTS.md").read_text()
    assert text == "# rules\n"
    status = run_kguard("status", cwd=repo)
    assert status.returncode != 70 and "internal error" not in status.stderr, status.stderr
    (tiny_disk / "filler").unlink()
    assert run_kguard("keep", cwd=repo).returncode == 0
    assert (repo / "AGENTS.md").read_text() == text
    assert run_kguard("status", cwd=repo).returncode == 0


def test_a_read_only_state_folder_ends_in_one_line(tmp_path: Path, read_only: list[Path]) -> None:
    repo = init_repo(tmp_path / "repo", {"AGENTS.md": "# rules\n"})
    assert run_kguard("snapshot", cwd=repo).returncode == 0
    _make_read_only(repo / ".git/kguard", read_only)
    result = run_kguard("run", "--on-change", "hold", "--", "sh", "-c", "echo injected >> AGENTS.md", cwd=repo)
    _one_line_error(result)
    assert (repo / "AGENTS.md").read_text() == "# rules\n"  # refused before the command ran
    _one_line_error(run_kguard("status", cwd=repo))


def test_a_read_only_object_store_ends_in_one_line(tmp_path: Path, read_only: list[Path]) -> None:
    repo = init_repo(tmp_path / "repo", {"AGENTS.md": "# rules\n"})
    assert run_kguard("snapshot", cwd=repo).returncode == 0
    _make_read_only(repo / ".git/objects", read_only)
    result = run_kguard("run", "--on-change", "hold", "--", "sh", "-c", "echo injected >> AGENTS.md", cwd=repo)
    _one_line_error(result)
    assert "cannot write to the object store" in result.stderr and "the command was not run" in result.stderr
    assert (repo / "AGENTS.md").read_text() == "# rules\n"  # refused before the command ran
    status = run_kguard("status", cwd=repo)
    assert status.returncode == 0 and "AGENTS.md" not in status.stdout, status.stdout + status.stderr


def test_a_scan_baseline_that_is_a_folder_is_a_config_error(tmp_path: Path) -> None:
    repo = init_repo(tmp_path / "repo", {"AGENTS.md": "# rules\n"})
    write(repo / ".kguard.toml", '[scan]\nbaseline = "."\n')
    for command in ("scan", "check"):
        result = run_kguard(command, cwd=repo)
        _one_line_error(result)
        assert "the baseline is a folder" in result.stderr
