from __future__ import annotations

import os
import subprocess
from pathlib import Path

from guard.discovery import discover
from guard.history import DAY, ages
from guard.paths import find_places
from tests.helpers import write

NOW = 1_800_000_000.0  # a fixed "now" (2027-01-15), so ages are exact


def commit(root: Path, when: float) -> None:
    stamp = f"@{int(when)} +0000"
    env = {**os.environ, "GIT_AUTHOR_DATE": stamp, "GIT_COMMITTER_DATE": stamp}
    subprocess.run(["git", "add", "-A"], cwd=root, check=True, env=env)
    subprocess.run(["git", "commit", "-q", "-m", "x"], cwd=root, check=True, env=env)


def test_line_ages_follow_blame_and_the_work_tree(tmp_path: Path) -> None:
    root = tmp_path / "repo"
    root.mkdir()
    subprocess.run(["git", "init", "-q"], cwd=root, check=True)
    memory = write(root / ".agents/memory.md", "- one\n- two\n")
    commit(root, NOW - 300 * DAY)
    write(memory, "- zero\n- one\n- two\n")
    commit(root, NOW - 20 * DAY)
    write(memory, "- zero\n- one\n- three\n")  # line 3 changed in the work tree only
    os.utime(memory, (NOW - DAY, NOW - DAY))
    places = find_places(root)
    found = ages(places, discover(places, with_home=False), now=NOW)
    assert [round(found.lines[(".agents/memory.md", n)]) for n in (1, 2, 3)] == [20, 300, 1]
    assert round(found.files[".agents/memory.md"]) == 1
    assert found.modified[".agents/memory.md"] == NOW - DAY


def test_untracked_and_outside_git_use_the_mtime(tmp_path: Path) -> None:
    root = tmp_path / "plain"
    memory = write(root / ".agents/memory.md", "- one\n")
    os.utime(memory, (NOW - 7 * DAY, NOW - 7 * DAY))
    places = find_places(root)
    found = ages(places, discover(places, with_home=False), now=NOW)
    assert round(found.lines[(".agents/memory.md", 1)]) == 7


def test_a_rules_file_unchanged_since_an_old_commit_is_as_old_as_that_commit(tmp_path: Path) -> None:
    """A fresh checkout gives every file a new mtime; the nothing after the final newline used to count as
    a line of that mtime, so a file's age was never older than its checkout and H006 never fired for it."""
    root = tmp_path / "repo"
    root.mkdir()
    subprocess.run(["git", "init", "-q"], cwd=root, check=True)
    rule = write(root / ".agents/rules/testing.md", "- Always run the tests.\n")
    commit(root, NOW - 300 * DAY)
    os.utime(rule, (NOW - DAY, NOW - DAY))  # checked out yesterday
    places = find_places(root)
    found = ages(places, discover(places, with_home=False), now=NOW)
    assert round(found.files[".agents/rules/testing.md"]) == 300
    assert (".agents/rules/testing.md", 2) not in found.lines
