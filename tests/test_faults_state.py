"""kguard's own state, damaged or left half-written, fails closed and never off (issue 10 "Crash
recovery", "Damaged state"; issue 14 "Damage fails closed"): recovered where it can be, held with a card
where it cannot, never an internal error (exit 70) and never a knowledge file deleted from disk."""
from __future__ import annotations

import json
import shutil
from pathlib import Path

import pygit2
import pytest

from tests.helpers import init_repo, run_kguard, write

pytestmark = pytest.mark.probe  # the probe tier: fault injection: damaged state

FILES = {"AGENTS.md": "# rules\n", ".agents/rules/a.md": "a\n", "CLAUDE.md": "# claude\n"}


def _repo(tmp_path: Path) -> Path:
    repo = init_repo(tmp_path / "repo", FILES)
    write(repo / ".agents/memory.md", "untracked memory\n")
    assert run_kguard("snapshot", cwd=repo).returncode == 0
    return repo


def _no_crash(*results: object) -> None:
    for result in results:
        assert result.returncode != 70 and "Traceback" not in result.stderr, result.stderr  # type: ignore[attr-defined]


def _edit_in_run(repo: Path, line: str = "injected") -> object:
    return run_kguard("run", "--on-change", "hold", "--", "sh", "-c", f"echo {line} >> AGENTS.md", cwd=repo)


def _rewrite_state(repo: Path, change: object) -> None:
    store = pygit2.Repository(str(repo))
    tree = store.references["refs/kguard/state"].peel(pygit2.Tree)
    data = json.loads(bytes(tree["state.json"].data))
    change(data)  # type: ignore[operator]
    builder = store.TreeBuilder()
    builder.insert("state.json", store.create_blob(json.dumps(data).encode()), pygit2.enums.FileMode.BLOB)
    signature = pygit2.Signature("t", "t@example.com")
    commit = store.create_commit(None, signature, signature, "damaged", builder.write(), [])
    store.references.create("refs/kguard/state", commit, force=True)
    (repo / ".git/kguard/state-head").unlink()  # so the damaged commit is what kguard finds


def test_a_stale_ref_lock_is_recovered(tmp_path: Path) -> None:
    repo = _repo(tmp_path)
    (repo / ".git/refs/kguard/state.lock").write_text("left by a killed kguard\n")
    held = _edit_in_run(repo)
    _no_crash(held)
    assert held.returncode == 3
    assert (repo / "AGENTS.md").read_text() == "# rules\n"
    assert not (repo / ".git/refs/kguard/state.lock").exists()
    reset = run_kguard("reset", cwd=repo)
    assert reset.returncode == 0, reset.stderr


def test_deleted_state_refs_plus_an_edit_delete_nothing_and_keep_the_journal(tmp_path: Path) -> None:
    repo = _repo(tmp_path)
    assert _edit_in_run(repo, "earlier").returncode == 3  # earlier held content in the journal
    shutil.rmtree(repo / ".git/refs/kguard")
    held = _edit_in_run(repo, "now")
    _no_crash(held)
    assert held.returncode == 3
    assert "refs/kguard/state is missing" in held.stderr
    for rel, text in FILES.items():
        assert (repo / rel).read_text() == text
    assert (repo / ".agents/memory.md").read_text() == "untracked memory\n"
    assert run_kguard("keep", cwd=repo).returncode == 0
    assert (repo / "AGENTS.md").read_text() == "# rules\nearlier\nnow\n"


def test_a_damaged_state_ref_is_recovered_and_the_edit_held(tmp_path: Path) -> None:
    repo = _repo(tmp_path)
    (repo / ".git/refs/kguard/state").write_text("garbage\n")
    held = _edit_in_run(repo)
    _no_crash(held)
    assert held.returncode == 3, held.stderr
    assert (repo / "AGENTS.md").read_text() == "# rules\n"
    assert pygit2.Repository(str(repo)).references["refs/kguard/state"].peel(pygit2.Commit)


def test_a_lost_state_fails_closed_without_deleting(tmp_path: Path) -> None:
    repo = _repo(tmp_path)
    shutil.rmtree(repo / ".git/refs/kguard")
    (repo / ".git/kguard/state-head").write_text("garbage\n")
    with (repo / "AGENTS.md").open("a") as handle:
        handle.write("edited while the state was gone\n")
    status = run_kguard("status", cwd=repo)
    _no_crash(status)
    assert status.returncode == 1
    assert "modified      AGENTS.md" in status.stdout  # compared with git's HEAD
    assert "held back     .agents/memory.md" in status.stdout  # untracked: no baseline to trust
    assert (repo / ".agents/memory.md").read_text() == "untracked memory\n"
    assert run_kguard("reset", "AGENTS.md", cwd=repo).returncode == 0
    assert (repo / "AGENTS.md").read_text() == "# rules\n"
    assert (repo / "CLAUDE.md").read_text() == "# claude\n"


def test_a_damaged_journal_entry_is_skipped_with_one_warning(tmp_path: Path) -> None:
    repo = _repo(tmp_path)
    assert _edit_in_run(repo, "one").returncode == 3
    assert _edit_in_run(repo, "two").returncode == 3

    def damage(data: dict) -> None:  # type: ignore[type-arg]
        data["journal"][0]["time"] = float("nan")
        data["journal"].append({"id": 7})

    _rewrite_state(repo, damage)
    log = run_kguard("log", cwd=repo)
    _no_crash(log)
    assert log.returncode == 0
    warnings = [line for line in log.stderr.splitlines() if "journal entry" in line]
    assert len(warnings) == 2, log.stderr
    assert len(log.stdout.splitlines()) == 1 and " hold " in log.stdout  # the rest still reads


def test_a_damaged_baseline_entry_is_taken_as_changed(tmp_path: Path) -> None:
    repo = _repo(tmp_path)

    def damage(data: dict) -> None:  # type: ignore[type-arg]
        data["baseline"][".agents/memory.md"] = {"oid": 5, "mode": "x"}

    _rewrite_state(repo, damage)
    status = run_kguard("status", cwd=repo)
    _no_crash(status)
    assert status.returncode == 1
    assert "held back     .agents/memory.md" in status.stdout
    assert "baseline of .agents/memory.md: damaged" in status.stderr
    assert (repo / ".agents/memory.md").read_text() == "untracked memory\n"
    assert run_kguard("keep", cwd=repo).returncode == 0
    assert run_kguard("status", cwd=repo).returncode == 0


def test_a_held_change_whose_blob_is_missing_is_reported_alone(tmp_path: Path) -> None:
    repo = _repo(tmp_path)
    assert _edit_in_run(repo).returncode == 3
    assert run_kguard("run", "--on-change", "hold", "--", "sh", "-c", "echo b >> .agents/rules/a.md",
                      cwd=repo).returncode == 3

    def damage(data: dict) -> None:  # type: ignore[type-arg]
        for item in data["pending"]:
            if item["rel"] == "AGENTS.md":
                item["content"]["oid"] = "1" * 40

    _rewrite_state(repo, damage)
    keep = run_kguard("keep", cwd=repo)
    _no_crash(keep)
    assert keep.returncode == 0
    assert "AGENTS.md: held-back content of entry" in keep.stderr
    assert (repo / ".agents/rules/a.md").read_text() == "a\nb\n"


def test_garbage_cache_and_markers_are_discarded(tmp_path: Path) -> None:
    repo = _repo(tmp_path)
    state = repo / ".git/kguard"
    (state / "cache.json").write_text(json.dumps({"version": 2, "written_ns": "x", "consistent": True,
                                                  "roots": {}, "watch": {}}))
    (state / "active").mkdir(exist_ok=True)
    (state / "active/junk.json").write_text(json.dumps({"pid": "1; rm -rf /", "command": 5, "started": 1e400}))
    (state / "active/huge.json").write_text(json.dumps({"pid": 2**80, "command": "x", "started": 1}))
    held = _edit_in_run(repo)
    _no_crash(held)
    assert held.returncode == 3
    assert not (state / "active/junk.json").exists() and not (state / "active/huge.json").exists()
    assert (repo / "AGENTS.md").read_text() == "# rules\n"


def test_a_decision_whose_write_failed_is_completed_by_the_next_command(tmp_path: Path) -> None:
    repo = _repo(tmp_path)
    run = run_kguard("run", "--on-change", "hold", "--", "sh", "-c", "echo new > .agents/rules/b.md", cwd=repo)
    assert run.returncode == 3
    (repo / ".agents/rules/b.md").mkdir()  # keep cannot write the file now
    keep = run_kguard("keep", cwd=repo)
    _no_crash(keep)
    assert keep.returncode == 2
    assert "a folder stands where a file should be" in keep.stderr
    (repo / ".agents/rules/b.md").rmdir()
    status = run_kguard("status", cwd=repo)
    assert "completed an interrupted decision" in status.stderr
    assert (repo / ".agents/rules/b.md").read_text() == "new\n"
    assert status.returncode == 0, status.stdout


def test_state_ref_and_backup_both_removed_still_fail_closed(tmp_path: Path) -> None:
    repo = _repo(tmp_path)
    shutil.rmtree(repo / ".git/refs/kguard")
    (repo / ".git/kguard/state-head").unlink()
    held = _edit_in_run(repo)
    _no_crash(held)
    assert held.returncode == 3
    assert "and its backup are missing" in held.stderr
    assert (repo / "AGENTS.md").read_text() == "# rules\n"  # compared with HEAD: the edit is held
    assert (repo / ".agents/memory.md").read_text() == "untracked memory\n"


def test_a_temp_file_of_a_killed_state_save_is_removed(tmp_path: Path) -> None:
    repo = _repo(tmp_path)
    leftover = repo / ".git/kguard/.state-head.acc1000a.kguard-tmp"
    leftover.write_text("half a commit id")
    held = _edit_in_run(repo)
    assert held.returncode == 3
    assert not leftover.exists()
