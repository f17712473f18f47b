"""A process the guarded command leaves behind writes AGENTS.md through a shared mapping after the command
ended: a page it dirtied during the command takes later writes without moving the file's mtime or ctime,
so only reading the file again can see them (guard.observe.REREAD)."""
from __future__ import annotations

import os
import sys
import time
from pathlib import Path

import pytest

pytestmark = pytest.mark.probe

from tests.helpers import hermetic_env, init_repo, run_kguard

MAPPER = """
import mmap, os, sys, time
fd = os.open("AGENTS.md", os.O_RDWR)
size = os.fstat(fd).st_size
m = mmap.mmap(fd, size, mmap.MAP_SHARED, mmap.PROT_READ | mmap.PROT_WRITE)
m[0:1] = m[0:1]  # dirty the page now, while the command runs: the same bytes
open(sys.argv[2], "w").close()
while not os.path.exists(sys.argv[1]):
    time.sleep(0.02)
m[size - 6:size] = b"#EVIL\\n"
m.flush()
open(sys.argv[3], "w").close()
"""


def _wait_for(path: Path, seconds: float = 60) -> None:
    deadline = time.monotonic() + seconds
    while not path.exists():
        assert time.monotonic() < deadline, f"{path} never appeared"
        time.sleep(0.05)


@pytest.mark.probe
def test_a_write_through_a_mapping_left_behind_is_seen_and_held_by_the_next_command(tmp_path: Path) -> None:
    repo = init_repo(tmp_path / "repo", {"AGENTS.md": "# rules\nbe careful with the database\n"})
    env = hermetic_env(tmp_path)
    assert run_kguard("snapshot", cwd=repo, env=env).returncode == 0
    mapper = tmp_path / "mapper.py"
    mapper.write_text(MAPPER)
    go, mapped, written = tmp_path / "go", tmp_path / "mapped", tmp_path / "written"
    command = f"{sys.executable} {mapper} {go} {mapped} {written} >/dev/null 2>&1 & " \
              f"while [ ! -e {mapped} ]; do sleep 0.05; done"
    run = run_kguard("run", "--", "sh", "-c", command, cwd=repo, env=env)
    assert run.returncode == 0, run.stderr  # nothing changed while the command ran
    stamp = os.stat(repo / "AGENTS.md")
    go.touch()
    _wait_for(written)
    agents = repo / "AGENTS.md"
    assert agents.read_text().endswith("#EVIL\n")
    if os.stat(agents).st_mtime_ns != stamp.st_mtime_ns:
        pytest.skip("this kernel moved the mtime for the write through the mapping: the stat cache sees it anyway")
    status = run_kguard("status", cwd=repo, env=env)
    assert status.returncode == 1 and "modified      AGENTS.md" in status.stdout, status.stdout
    later = run_kguard("run", "--", "true", cwd=repo, env=env)
    assert later.returncode == 3, later.stderr  # held, not taken as the baseline
    assert agents.read_text() == "# rules\nbe careful with the database\n"
    assert "held back     AGENTS.md" in run_kguard("status", cwd=repo, env=env).stdout
