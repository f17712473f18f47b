"""Ages from one `git log` (guard/history_log.py) for files added once, blame for the rest: the same ages
as blaming every file, on the histories where the short cut could go wrong (rename, re-add, a change in a
merge, a deletion-only change, an addition beside a deletion)."""
from __future__ import annotations

import os
from pathlib import Path

import pytest

from guard.discovery import discover
from guard.history import DAY, ages
from guard.history_log import added_once
from guard.paths import find_places
from tests.helpers import git, write

NOW = 1_800_000_000.0
T0 = 1_000_000_000


def commit(root: Path, when: int, message: str = "x") -> None:
    os.environ.update(GIT_AUTHOR_DATE=f"@{when} +0000", GIT_COMMITTER_DATE=f"@{when + 500} +0000")
    try:
        git("add", "-A", cwd=root)
        git("commit", "-q", "-m", message, cwd=root)
    finally:
        del os.environ["GIT_AUTHOR_DATE"], os.environ["GIT_COMMITTER_DATE"]


def history(root: Path) -> None:
    root.mkdir()
    git("init", "-q", "-b", "main", cwd=root)
    for n in range(1, 7):
        write(root / f".agents/rules/r{n}.md", f"- rule {n} always test\n- second line {n}\n")
    write(root / "other.txt", "x\n")
    commit(root, T0)
    git("mv", ".agents/rules/r1.md", ".agents/rules/renamed.md", cwd=root)
    commit(root, T0 + 100_000)
    write(root / ".agents/rules/r2.md", "- rule 2 always test\n- second line 2\n- changed\n")
    commit(root, T0 + 200_000)
    git("rm", "-q", ".agents/rules/r3.md", cwd=root)
    commit(root, T0 + 300_000)
    write(root / ".agents/rules/r3.md", "- rule 3 always test\n- second line 3\n")
    commit(root, T0 + 400_000)
    git("checkout", "-q", "-b", "side", cwd=root)
    write(root / ".agents/rules/r4.md", "- rule 4 always test\n- side\n")
    write(root / ".claude/rules/side.md", "- new on side\n")
    commit(root, T0 + 500_000)
    git("checkout", "-q", "main", cwd=root)
    write(root / ".agents/rules/r4.md", "- rule 4 always test\n- main\n")  # conflicts with side
    write(root / ".cursor/rules/no-newline.mdc", "- no newline")
    write(root / ".cursor/rules/empty.mdc", "")
    commit(root, T0 + 600_000)
    git("merge", "-q", "side", "-m", "merge", cwd=root, check=False)
    write(root / ".agents/rules/r4.md", "- rule 4 always test\n- resolved\n")  # changed in the merge only
    write(root / ".claude/rules/side.md", "- new on side\n- and in the merge\n")  # `git log` lists no merge
    commit(root, T0 + 700_000)
    write(root / ".claude/rules/deletion-only.md", "- gone\n- keep\n")
    commit(root, T0 + 800_000)
    write(root / ".claude/rules/deletion-only.md", "- keep\n")
    commit(root, T0 + 900_000)
    git("rm", "-q", "other.txt", cwd=root)
    write(root / ".claude/rules/beside-a-deletion.md", "- added with a delete\n")
    commit(root, T0 + 1_000_000)
    write(root / ".agents/rules/r6.md", "- rule 6 always test\n- second line 6\n- work tree\n")


def test_only_files_added_once_beside_no_deletion_skip_the_blame(tmp_path: Path) -> None:
    root = tmp_path / "repo"
    history(root)
    rels = [kf.rel for kf in discover(find_places(root), with_home=False)]
    found = added_once(root, rels)
    assert sorted(found) == [".agents/rules/r5.md", ".agents/rules/r6.md", ".claude/rules/side.md",
                             ".cursor/rules/empty.mdc", ".cursor/rules/no-newline.mdc"]
    assert found[".claude/rules/side.md"][1] == T0 + 500_000  # the author time, as pygit2's blame reports


def test_ages_are_the_ones_blaming_every_file_gives(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    root = tmp_path / "repo"
    history(root)
    places = find_places(root)
    files = discover(places, with_home=False)
    quick = ages(places, files, now=NOW)
    monkeypatch.setattr("guard.history.added_once", lambda *_: {})
    blamed = ages(places, files, now=NOW)
    assert quick == blamed
    assert round(quick.lines[(".agents/rules/renamed.md", 1)] * DAY) == NOW - T0  # blame follows the rename
    assert round(quick.lines[(".agents/rules/r4.md", 2)] * DAY) == NOW - T0 - 700_000  # the merge's line
    assert round(quick.lines[(".claude/rules/side.md", 2)] * DAY) == NOW - T0 - 700_000  # not the addition's
