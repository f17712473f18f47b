"""The path `kguard run` takes while nothing changed must still see every change."""
from __future__ import annotations

import os
import sys
import time
from pathlib import Path

import pytest

from tests.helpers import init_repo, run_kguard, write

FAST = "kguard: debug: fast path, nothing changed"


def warm(repo: Path) -> dict[str, str]:
    """Snapshot, then wait out the racily-clean second so the next runs take the fast path (shown, not
    assumed: each test then starts from a cache the fast path trusts)."""
    env = {**os.environ, "KGUARD_DEBUG": "1"}
    run_kguard("snapshot", cwd=repo)
    time.sleep(1.1)
    run_kguard("run", "--", "true", cwd=repo, env=env)  # rewrites the cache outside the racy window
    assert FAST in run_kguard("run", "--", "true", cwd=repo, env=env).stderr
    return env


def test_unchanged_repository_takes_the_fast_path(tmp_path: Path) -> None:
    repo = init_repo(tmp_path / "repo", {"AGENTS.md": "x\n", "src/deep/er/file.py": "pass\n"})
    env = warm(repo)
    result = run_kguard("run", "--", "true", cwd=repo, env=env)
    assert result.returncode == 0
    assert FAST in result.stderr


@pytest.mark.parametrize(
    ("script", "shown"),
    [
        ("echo y >> AGENTS.md", "modified      AGENTS.md"),
        ("echo n > src/deep/er/AGENTS.md", "added         src/deep/er/AGENTS.md"),
        ("mkdir -p new/folder && echo n > new/folder/AGENTS.md", "added         new/folder/AGENTS.md"),
        ("rm AGENTS.md", "deleted       AGENTS.md"),
        ("mkdir -p .agents/rules && echo r > .agents/rules/x.md", "added         .agents/rules/x.md"),
        ("printf '[guard]\\njournal_size = 5\\n' > .kguard.toml", "added         .kguard.toml"),
    ],
)
def test_warm_cache_still_sees_changes(tmp_path: Path, script: str, shown: str) -> None:
    repo = init_repo(tmp_path / "repo", {"AGENTS.md": "x\n", "src/deep/er/file.py": "pass\n"})
    env = warm(repo)
    result = run_kguard("run", "--on-change", "reset", "--", "sh", "-c", script, cwd=repo, env=env)
    assert shown in result.stderr
    assert FAST not in result.stderr
    assert (repo / "AGENTS.md").read_text() == "x\n"
    assert not (repo / "src/deep/er/AGENTS.md").exists()


def test_home_rule_created_in_a_new_folder(tmp_path: Path, home: Path) -> None:
    repo = init_repo(tmp_path / "repo", {"AGENTS.md": "x\n"})
    env = warm(repo)
    target = home / ".snotra" / "rules" / "new.md"
    result = run_kguard("run", "--on-change", "reset", "--", "sh", "-c",
                        f"mkdir -p {target.parent} && echo r > {target}", cwd=repo, env=env)
    assert "added         ~/.snotra/rules/new.md" in result.stderr
    assert not target.exists()


def test_same_second_edit_is_rehashed(tmp_path: Path) -> None:
    """A file rewritten with the same size right after the cache was written is racily clean."""
    repo = init_repo(tmp_path / "repo", {"AGENTS.md": "aaaa\n"})
    run_kguard("snapshot", cwd=repo)
    stat = (repo / "AGENTS.md").stat()
    write(repo / "AGENTS.md", "bbbb\n")
    os.utime(repo / "AGENTS.md", ns=(stat.st_atime_ns, stat.st_mtime_ns))
    result = run_kguard("status", cwd=repo)
    assert result.returncode == 1
    assert "modified      AGENTS.md" in result.stdout


def test_file_added_before_the_command_is_adopted_not_charged_to_it(tmp_path: Path) -> None:
    """The fast path looks for new files only after the command; a nested AGENTS.md made by hand before
    it (older ctime) is adopted, one the command makes is shown."""
    repo = init_repo(tmp_path / "repo", {"AGENTS.md": "x\n", "src/deep/file.py": "pass\n"})
    env = warm(repo)
    write(repo / "src" / "deep" / "AGENTS.md", "made by hand\n")
    time.sleep(0.5)
    result = run_kguard("run", "--on-change", "reset", "--", "sh", "-c", "echo cmd > src/AGENTS.md",
                        cwd=repo, env=env)
    assert "added         src/AGENTS.md" in result.stderr
    # shown as changed outside any guarded command, not on the command's card
    shown, _, card = result.stderr.partition("kguard: A command changed a knowledge file")
    assert "Taken as the baseline: changed outside any guarded command" in shown and "src/deep/AGENTS.md" in shown
    assert "src/deep/AGENTS.md" not in card
    assert (repo / "src" / "deep" / "AGENTS.md").read_text() == "made by hand\n"
    assert not (repo / "src" / "AGENTS.md").exists()
    log = [line for line in run_kguard("log", cwd=repo).stdout.splitlines() if "adopt" in line]
    assert log and "added src/deep/AGENTS.md" in log[0]


# A command that sets the mtime back after its write: the ctime it cannot set back still gives it away.
SET_BACK_FILE = """
import os
st = os.stat("AGENTS.md")
with open("AGENTS.md", "w") as handle:
    handle.write("y\\n")  # the same size as "x\\n"
os.utime("AGENTS.md", ns=(st.st_atime_ns, st.st_mtime_ns))
"""
SET_BACK_FOLDER = """
import os
st = os.stat("src/deep/er")
with open("src/deep/er/AGENTS.md", "w") as handle:
    handle.write("hidden\\n")
os.utime("src/deep/er", ns=(st.st_atime_ns, st.st_mtime_ns))
"""


@pytest.mark.parametrize(("script", "shown"), [(SET_BACK_FILE, "modified      AGENTS.md"),
                                              (SET_BACK_FOLDER, "added         src/deep/er/AGENTS.md")])
def test_a_write_whose_mtime_is_set_back_is_still_seen(tmp_path: Path, script: str, shown: str) -> None:
    repo = init_repo(tmp_path / "repo", {"AGENTS.md": "x\n", "src/deep/er/file.py": "pass\n"})
    env = warm(repo)
    result = run_kguard("run", "--on-change", "reset", "--", sys.executable, "-c", script, cwd=repo, env=env)
    assert FAST not in result.stderr
    assert shown in result.stderr
    assert (repo / "AGENTS.md").read_text() == "x\n"
    assert not (repo / "src/deep/er/AGENTS.md").exists()


@pytest.mark.probe  # the probe tier: fault injection: damaged state (the stat cache)
@pytest.mark.parametrize("cache", ['{"version": 1, "roots": {}}', "{not json", '{"version": 2, "written_ns": 0}',
                                   '{"version": 2, "written_ns": 0, "consistent": true, "watch": {}, "roots": '
                                   '{"project": {"base": "/", "signature": "", "files": {}, '
                                   '"folders": {"names": 5}}}}'])
def test_an_old_or_damaged_stat_cache_is_rebuilt_not_trusted(tmp_path: Path, cache: str) -> None:
    repo = init_repo(tmp_path / "repo", {"AGENTS.md": "x\n", "src/deep/file.py": "pass\n"})
    env = warm(repo)
    (repo / ".git" / "kguard" / "cache.json").write_text(cache)
    result = run_kguard("run", "--on-change", "reset", "--", "sh", "-c", "echo n > src/deep/AGENTS.md",
                        cwd=repo, env=env)
    assert "added         src/deep/AGENTS.md" in result.stderr
    assert not (repo / "src/deep/AGENTS.md").exists()
    warm(repo)
    assert FAST in run_kguard("run", "--", "true", cwd=repo, env=env).stderr  # rebuilt, and trusted again
