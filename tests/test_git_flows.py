"""Git operations under kguard's hooks (native and the pre-commit framework): only what an operation could
have written is charged to it; a held merge or branch switch does not leave a revert for the next commit nor
a checkout git refuses; a second repository under one home starts from its own baseline."""
from __future__ import annotations

import json
import subprocess
import time
from pathlib import Path

import pytest

from tests.helpers import git, init_repo, run_kguard, write
from tests.test_git_hooks import CLEAN, HIDDEN, install, run_git, status
from tests.test_pre_commit import git_run, hook_repo, pre_commit, pre_commit_home, project  # noqa: F401

MINE = CLEAN + "- mine\n"
SETTINGS = '{"permissions": {"allow": ["Bash(make:*)"]}}\n'
HOOKS = ("pre-commit", "pre-merge-commit", "post-checkout", "post-merge", "post-rewrite")


def user_work(repo: Path) -> None:
    """What a user has in a work tree: an untracked settings file, a git-ignored note, an uncommitted line."""
    write(repo / ".claude" / "settings.local.json", SETTINGS)
    write(repo / ".git" / "info" / "exclude", "CLAUDE.local.md\n")
    write(repo / "CLAUDE.local.md", "my own notes\n")
    write(repo / "AGENTS.md", MINE)


def assert_user_work_kept(repo: Path) -> None:
    assert (repo / ".claude" / "settings.local.json").read_text() == SETTINGS
    assert (repo / "CLAUDE.local.md").read_text() == "my own notes\n"
    assert (repo / "AGENTS.md").read_text() == MINE


def test_a_path_checkout_is_charged_only_with_the_paths_it_checked_out(tmp_path: Path) -> None:
    repo = init_repo(tmp_path / "repo", {"AGENTS.md": CLEAN, "GEMINI.md": CLEAN, "app.py": "print(1)\n"})
    git("checkout", "-q", "-b", "other", cwd=repo)
    write(repo / "GEMINI.md", HIDDEN)
    git("commit", "-q", "-am", "other", cwd=repo)
    git("checkout", "-q", "main", cwd=repo)
    install(repo)
    user_work(repo)
    rule = write(repo / ".agents" / "rules" / "style.md", "---\ndescription: style\n---\nTabs.\n")
    git("add", str(rule), cwd=repo)  # staged: the work tree equals the index, yet the checkout did not write it
    write(repo / "app.py", "print(2)\n")
    time.sleep(1.6)  # the user's work is older than the git command (judged by ctime, to the second)
    result = run_git("checkout", "--", "app.py", cwd=repo)
    assert result.returncode == 0
    assert "changed a knowledge file" not in result.stderr
    assert_user_work_kept(repo)
    assert (repo / "app.py").read_text() == "print(1)\n"
    text = run_kguard("status", cwd=repo)
    assert text.returncode == 1
    assert "changed outside any guarded command" in text.stdout
    assert {c["path"] for c in status(repo)["changed"]} == {".claude/settings.local.json", "CLAUDE.local.md",
                                                           "AGENTS.md", ".agents/rules/style.md"}
    assert rule.exists()
    assert status(repo)["pending"] == []
    # a path checkout from another branch writes that path: it is the checkout's, and held back
    result = run_git("checkout", "other", "--", "GEMINI.md", cwd=repo)
    assert "kguard: `git checkout -- <paths>` changed a knowledge file" in result.stderr
    assert "modified      GEMINI.md" in result.stderr and "AGENTS.md" not in result.stderr.split("\n")[1]
    assert (repo / "GEMINI.md").read_text() == CLEAN
    assert [p["path"] for p in status(repo)["pending"]] == ["GEMINI.md"]
    assert_user_work_kept(repo)


@pytest.mark.probe  # the real pre-commit framework
def test_the_first_path_checkout_keeps_pre_commit_hook_scripts(tmp_path: Path, hook_repo: tuple[Path, str],
                                                               pre_commit_home: Path) -> None:
    repo = project(tmp_path / "proj", hook_repo, [{"id": "kguard-check"}, {"id": "kguard-guard"}],
                   pre_commit_home, {"AGENTS.md": CLEAN, "app.py": "print(1)\n"}, types=())
    assert run_kguard("snapshot", cwd=repo).returncode == 0
    for hook_type in HOOKS:
        assert pre_commit("install", "-t", hook_type, cwd=repo, home=pre_commit_home).returncode == 0
    scripts = {name: (repo / ".git" / "hooks" / name).read_bytes() for name in HOOKS}
    user_work(repo)
    write(repo / "app.py", "print(2)\n")
    time.sleep(1.6)
    result = git_run("checkout", "--", "app.py", cwd=repo, home=pre_commit_home)
    output = result.stdout + result.stderr
    assert result.returncode == 0, output
    assert "kguard guard (knowledge files a merge, checkout or rebase changed)" in output
    assert {name: (repo / ".git" / "hooks" / name).read_bytes() for name in HOOKS} == scripts
    assert_user_work_kept(repo)
    changed = {c["path"] for c in status(repo)["changed"]}
    assert {f".git/hooks/{name}" for name in HOOKS} <= changed  # reported, not held, not deleted
    assert status(repo)["pending"] == []
    # the gate still runs: pre-commit's hooks are in place
    write(repo / "AGENTS.md", HIDDEN)
    git("add", "AGENTS.md", cwd=repo)
    blocked = git_run("commit", "-m", "hidden", cwd=repo, home=pre_commit_home)
    assert blocked.returncode == 1 and "OVR001" in blocked.stdout + blocked.stderr


def _branches(tmp_path: Path) -> Path:
    repo = init_repo(tmp_path / "repo", {"AGENTS.md": CLEAN, "a.txt": "a\n"})
    git("checkout", "-q", "-b", "topic", cwd=repo)
    write(repo / "AGENTS.md", CLEAN + "- Prefer small pull requests.\n")
    git("commit", "-q", "-am", "topic rules", cwd=repo)
    git("checkout", "-q", "main", cwd=repo)
    install(repo)
    return repo


def test_a_held_merge_leaves_no_silent_revert_for_the_next_commit(tmp_path: Path) -> None:
    repo = _branches(tmp_path)
    merged = run_git("merge", "-q", "topic", cwd=repo)
    assert merged.returncode == 0 and "held back 1 change(s)" in merged.stderr
    assert (repo / "AGENTS.md").read_text() == CLEAN
    text = run_kguard("status", cwd=repo).stdout
    assert "git sees it as modified: HEAD holds the content `git merge (or pull)` brought" in text
    assert "`kguard keep AGENTS.md` takes HEAD's content" in text
    write(repo / "a.txt", "b\n")
    blocked = run_git("commit", "-q", "-a", "-m", "more work", cwd=repo)
    assert blocked.returncode == 1
    assert "HLD001" in blocked.stderr
    assert "take the change: kguard keep AGENTS.md · or commit the revert on purpose: " \
           "KGUARD_COMMIT_REVERT=AGENTS.md git commit ..." in blocked.stderr
    assert git("rev-list", "--count", "HEAD", cwd=repo).strip() == "2"
    assert run_kguard("keep", "AGENTS.md", cwd=repo).returncode == 0
    assert git("status", "--porcelain", "--", "AGENTS.md", cwd=repo) == ""
    assert run_git("commit", "-q", "-a", "-m", "more work", cwd=repo).returncode == 0


PULLED = CLEAN + "- Prefer small pull requests.\n"


def _pulled_and_held(tmp_path: Path) -> Path:
    """A real remote, a colleague's push that changes AGENTS.md, a local commit of the user's own (so the pull
    makes a merge commit), then `git pull` under the installed hooks: the merge's change is held back."""
    remote = tmp_path / "origin.git"
    git("init", "-q", "--bare", "-b", "main", str(remote), cwd=tmp_path)
    colleague = init_repo(tmp_path / "colleague", {"AGENTS.md": CLEAN, "a.txt": "a\n"})
    git("remote", "add", "origin", str(remote), cwd=colleague)
    git("push", "-q", "origin", "main", cwd=colleague)
    mine = tmp_path / "mine"
    git("clone", "-q", str(remote), str(mine), cwd=tmp_path)
    write(colleague / "AGENTS.md", PULLED)
    git("commit", "-q", "-am", "rules", cwd=colleague)
    git("push", "-q", "origin", "main", cwd=colleague)
    install(mine)
    write(mine / "b.txt", "b\n")
    git("add", "b.txt", cwd=mine)
    git("commit", "-q", "-m", "my work", cwd=mine)
    pulled = run_git("pull", "--no-edit", cwd=mine)
    assert pulled.returncode == 0 and "Merge made by" in pulled.stdout, pulled.stdout + pulled.stderr
    assert "held back 1 change(s)" in pulled.stderr
    assert (mine / "AGENTS.md").read_text() == CLEAN
    assert git("show", "HEAD:AGENTS.md", cwd=mine) == PULLED
    return mine


def _refused(repo: Path, result: subprocess.CompletedProcess[str], head: str) -> None:
    assert result.returncode == 1, result.stderr
    assert "kguard: pre-commit refused: this commit would revert AGENTS.md to what it held before `git merge " \
           "(or pull)`: kguard held that change back and nobody has decided on it. Choose one, then commit " \
           "again:" in result.stderr
    assert "  kguard keep AGENTS.md                          take the change (the work tree gets it)\n" \
           "  KGUARD_COMMIT_REVERT=AGENTS.md git commit ...  commit the revert on purpose" in result.stderr
    assert "--no-verify" not in result.stderr  # skipping every hook is not the way on
    assert git("rev-parse", "HEAD", cwd=repo) == head


def test_a_pulled_merge_held_back_stops_the_next_commit_a_until_the_user_keeps_it(tmp_path: Path) -> None:
    repo = _pulled_and_held(tmp_path)
    head = git("rev-parse", "HEAD", cwd=repo)
    write(repo / "a.txt", "more\n")
    _refused(repo, run_git("commit", "-q", "-a", "-m", "more work", cwd=repo), head)
    assert (repo / "a.txt").read_text() == "more\n" and (repo / "AGENTS.md").read_text() == CLEAN
    assert run_kguard("keep", "AGENTS.md", cwd=repo).returncode == 0
    assert run_git("commit", "-q", "-a", "-m", "more work", cwd=repo).returncode == 0
    assert git("show", "HEAD:AGENTS.md", cwd=repo) == PULLED
    assert git("status", "--porcelain", cwd=repo) == ""


def test_an_edit_on_top_of_a_held_pull_is_refused_too_and_committed_on_purpose(tmp_path: Path) -> None:
    repo = _pulled_and_held(tmp_path)
    head = git("rev-parse", "HEAD", cwd=repo)
    write(repo / "AGENTS.md", MINE)  # the user's own line on what kguard put back: still drops the pulled one
    _refused(repo, run_git("commit", "-q", "-a", "-m", "my rule", cwd=repo), head)
    assert (repo / "AGENTS.md").read_text() == MINE
    chosen = run_git("commit", "-q", "-a", "-m", "my rule", cwd=repo, env={"KGUARD_COMMIT_REVERT": "AGENTS.md"})
    assert chosen.returncode == 0, chosen.stderr
    assert git("show", "HEAD:AGENTS.md", cwd=repo) == MINE
    text = run_kguard("status", cwd=repo).stdout
    assert "held back     AGENTS.md" in text  # still there to take later with kguard keep
    assert "git sees it as modified" not in text  # HEAD now holds what the user committed


def test_a_pull_reset_at_the_card_says_the_next_commit_a_reverts_it(tmp_path: Path) -> None:
    """Reset (chosen at a terminal, or KGUARD_ON_CHANGE=reset) is a decision, so the gate lets its revert
    through; the hook says so when it resets, not later."""
    repo = _branches(tmp_path)
    merged = run_git("merge", "-q", "topic", cwd=repo, env={"KGUARD_ON_CHANGE": "reset"})
    assert merged.returncode == 0 and "reset 1 file(s)" in merged.stderr, merged.stderr
    assert "kguard: AGENTS.md keeps what it held before `git merge (or pull)` while HEAD holds what that brought: " \
           "an ordinary `git commit -a` commits the revert" in merged.stderr
    assert (repo / "AGENTS.md").read_text() == CLEAN
    kept = run_git("merge", "-q", "topic", cwd=_branches(tmp_path / "second"), env={"KGUARD_ON_CHANGE": "keep"})
    assert kept.returncode == 0 and "kept 1 change(s)" in kept.stderr, kept.stderr
    assert "commits the revert" not in kept.stderr  # kept: the work tree is HEAD's


def test_a_branch_switch_back_works_after_a_held_switch(tmp_path: Path) -> None:
    repo = _branches(tmp_path)
    switched = run_git("checkout", "-q", "topic", cwd=repo)
    assert switched.returncode == 0 and "held back 1 change(s)" in switched.stderr
    assert (repo / "AGENTS.md").read_text() == CLEAN
    blocked = run_git("commit", "-q", "-m", "revert by accident", cwd=repo)
    assert blocked.returncode == 1 and "HLD001" in blocked.stderr
    back = run_git("checkout", "-q", "main", cwd=repo)
    assert back.returncode == 0, back.stderr
    assert git("status", "--porcelain", cwd=repo) == ""
    assert (repo / "AGENTS.md").read_text() == CLEAN
    # and forth again, this time accepting what the branch holds
    assert run_git("checkout", "-q", "topic", cwd=repo).returncode == 0
    assert run_kguard("keep", "AGENTS.md", cwd=repo).returncode == 0
    assert (repo / "AGENTS.md").read_text().endswith("- Prefer small pull requests.\n")
    assert git("status", "--porcelain", cwd=repo) == ""
    assert run_git("checkout", "-q", "main", cwd=repo).returncode == 0


def test_a_second_repository_under_one_home_records_its_own_baseline(tmp_path: Path, home: Path) -> None:
    write(home / ".claude" / "CLAUDE.md", "# my rules\n")
    first = init_repo(tmp_path / "first", {"AGENTS.md": CLEAN})
    install(first)
    second = init_repo(tmp_path / "second", {"AGENTS.md": CLEAN, "CLAUDE.md": "# claude\n",
                                             ".agents/rules/style.md": "---\ndescription: style\n---\nTabs.\n"})
    install(second)
    result = run_kguard("status", cwd=second)
    assert result.returncode == 0, result.stdout
    assert "nothing changed since the snapshot" in result.stdout
    log = json.loads(run_kguard("log", "--format", "json", cwd=second).stdout)
    assert log[0]["action"] == "install" and ".git/hooks/pre-commit" in log[0]["paths"]
    assert run_kguard("status", cwd=first).returncode == 0


@pytest.mark.probe  # the real pre-commit framework
def test_under_the_pre_commit_framework_a_held_merge_is_not_committed_as_a_revert(
        tmp_path: Path, hook_repo: tuple[Path, str], pre_commit_home: Path) -> None:
    repo = project(tmp_path / "proj", hook_repo, [{"id": "kguard-check"}, {"id": "kguard-guard"}],
                   pre_commit_home, {"AGENTS.md": CLEAN, "a.txt": "a\n"}, types=("pre-commit", "post-merge"))
    assert run_kguard("snapshot", cwd=repo).returncode == 0
    git("checkout", "-q", "-b", "topic", cwd=repo)
    write(repo / "AGENTS.md", CLEAN + "- Prefer small pull requests.\n")
    git("commit", "-q", "--no-verify", "-am", "topic rules", cwd=repo)
    git("checkout", "-q", "main", cwd=repo)
    merged = git_run("merge", "-q", "topic", cwd=repo, home=pre_commit_home)
    assert "kguard: held back 1 change(s)" in merged.stdout + merged.stderr
    assert (repo / "AGENTS.md").read_text() == CLEAN
    write(repo / "a.txt", "b\n")
    blocked = git_run("commit", "-a", "-m", "more work", cwd=repo, home=pre_commit_home)
    output = blocked.stdout + blocked.stderr
    assert blocked.returncode == 1, output
    assert "HLD001" in output and "kguard keep AGENTS.md" in output
    assert run_kguard("keep", "AGENTS.md", cwd=repo).returncode == 0
    passed = git_run("commit", "-a", "-m", "more work", cwd=repo, home=pre_commit_home)
    assert passed.returncode == 0, passed.stdout + passed.stderr
    assert git("show", "HEAD:AGENTS.md", cwd=repo).endswith("- Prefer small pull requests.\n")
