"""Atomic writes into a user's tree: never through a symlink, never outside the root."""
from __future__ import annotations

import os
from pathlib import Path

import pytest

from guard import atomic
from rules_engine.errors import KguardError


def test_write_replaces_a_symlink_instead_of_following_it(tmp_path: Path) -> None:
    root = tmp_path / "root"
    root.mkdir()
    target = tmp_path / "outside.md"
    target.write_text("outside\n")
    (root / "AGENTS.md").symlink_to(target)
    assert atomic.write_file(root, root / "AGENTS.md", b"inside\n", 0o100644)
    assert not (root / "AGENTS.md").is_symlink()
    assert (root / "AGENTS.md").read_bytes() == b"inside\n"
    assert target.read_text() == "outside\n"


def test_refuses_a_folder_that_escapes_the_root(tmp_path: Path) -> None:
    root = tmp_path / "root"
    root.mkdir()
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    (root / "docs").symlink_to(elsewhere)
    with pytest.raises(KguardError, match="refusing to write outside"):
        atomic.write_file(root, root / "docs" / "AGENTS.md", b"x")
    assert list(elsewhere.iterdir()) == []


def test_creates_missing_folders_and_keeps_mode(tmp_path: Path) -> None:
    path = tmp_path / "a" / "b" / "SKILL.md"
    atomic.write_file(tmp_path, path, b"steps\n", 0o100755)
    assert path.read_bytes() == b"steps\n"
    assert path.stat().st_mode & 0o777 == 0o755


def test_unchanged_bytes_are_not_written(tmp_path: Path) -> None:
    path = tmp_path / "AGENTS.md"
    path.write_bytes(b"same\n")
    os.utime(path, ns=(1_000_000_000, 1_000_000_000))
    assert atomic.write_file(tmp_path, path, b"same\n") is False
    assert path.stat().st_mtime_ns == 1_000_000_000


def test_symlink_entry_round_trip(tmp_path: Path) -> None:
    link = tmp_path / "CLAUDE.md"
    atomic.write_entry(tmp_path, link, b"AGENTS.md", 0o120000)
    assert os.readlink(link) == "AGENTS.md"
    atomic.write_entry(tmp_path, link, b"plain\n", 0o100644)
    assert not link.is_symlink() and link.read_bytes() == b"plain\n"


def test_remove_refuses_a_folder(tmp_path: Path) -> None:
    (tmp_path / "AGENTS.md").mkdir()
    with pytest.raises(KguardError, match="a folder stands where a file was added"):
        atomic.remove(tmp_path, tmp_path / "AGENTS.md")
    assert (tmp_path / "AGENTS.md").is_dir()


def test_no_temp_files_left_behind(tmp_path: Path) -> None:
    folder = tmp_path / "repo"
    folder.mkdir()
    atomic.write_file(folder, folder / "AGENTS.md", b"x" * 100_000)
    assert [p.name for p in folder.iterdir()] == ["AGENTS.md"]
