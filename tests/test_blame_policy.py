"""The `agent_lines = "review"` policy of `kguard check`, and a commit an agent makes inside its own run:
the lines it committed are charged to the run in the commit's git note, accepted by nobody, until a person
keeps them."""
from __future__ import annotations

import json
from pathlib import Path

from tests.helpers import git, init_repo, run_kguard, write
from tests.test_blame import START, blame, by_text

REVIEW = '[provenance]\nagent_lines = "review"\n'


def _guarded(tmp_path: Path, config: str = REVIEW) -> Path:
    repo = init_repo(tmp_path / "r", {"AGENTS.md": START, ".kguard.toml": config})
    assert run_kguard("hooks", "install", "--git", cwd=repo).returncode == 0
    assert run_kguard("snapshot", cwd=repo).returncode == 0
    return repo


def test_an_agent_that_commits_inside_its_run_is_charged_and_check_fails_until_kept(tmp_path: Path) -> None:
    repo = _guarded(tmp_path)
    command = "echo '- agent line' >> AGENTS.md && git commit -qam 'agent commits'"
    ran = run_kguard("run", "--on-change", "fail", "--", "sh", "-c", command, cwd=repo)
    assert ran.returncode == 3, ran.stderr  # left in place, accepted by nobody
    note = json.loads(git("notes", "--ref=kguard", "show", "HEAD", cwd=repo))
    (group,) = note["files"]["AGENTS.md"]
    assert (group["lines"], group["origin"], group["accepted"]) == ([3], "agent", "none")
    assert group["command"] == f"sh -c '{command.replace(chr(39), chr(39) + chr(34) + chr(39) + chr(34) + chr(39))}'"
    line = by_text(blame(repo))["- agent line"]
    assert (line["origin"], line["accepted"]) == ("agent", "none")
    assert line["commit"] == git("rev-parse", "HEAD", cwd=repo).strip()
    checked = run_kguard("check", cwd=repo)
    assert checked.returncode == 1
    assert checked.stdout.startswith("AGENTS.md:3:1: PRV001 [error] written by an agent (kguard run, command "
                                     "`sh -c ")
    assert "accepted by nobody: read it, then accept it: kguard keep AGENTS.md" in checked.stdout
    kept = run_kguard("keep", "AGENTS.md", cwd=repo)
    assert kept.returncode == 0, kept.stderr
    line = by_text(blame(repo))["- agent line"]
    assert (line["origin"], line["accepted"]) == ("agent", "user")
    assert json.loads(git("notes", "--ref=kguard", "show", "HEAD", cwd=repo))["files"]["AGENTS.md"][0][
        "accepted"] == "user"
    assert run_kguard("check", cwd=repo).returncode == 0


def test_a_line_kept_by_policy_is_not_accepted_by_a_person(tmp_path: Path) -> None:
    repo = _guarded(tmp_path)
    assert run_kguard("run", "--on-change", "keep", "--", "sh", "-c", "echo '- agent' >> AGENTS.md",
                      cwd=repo).returncode == 0
    assert run_kguard("check", cwd=repo).returncode == 0  # not committed yet: nothing to enforce
    git("commit", "-qam", "agent's line", cwd=repo)
    checked = run_kguard("check", "--format", "json", cwd=repo)
    assert checked.returncode == 1
    (finding,) = [f for f in json.loads(checked.stdout)["findings"] if f["id"] == "PRV001"]
    assert (finding["path"], finding["line"]) == ("AGENTS.md", 3)
    assert "accepted by a policy" in finding["message"]
    # CI: a fresh clone with the notes fetched sees the same
    git("clone", "-q", str(repo), str(tmp_path / "ci"), cwd=tmp_path)
    ci = tmp_path / "ci"
    git("fetch", "-q", "origin", "refs/notes/kguard:refs/notes/kguard", cwd=ci)
    assert run_kguard("check", cwd=ci).returncode == 1
    assert run_kguard("keep", cwd=repo).returncode == 0  # no paths: every such line
    assert run_kguard("check", cwd=repo).returncode == 0


def test_the_policy_is_off_unless_asked_for(tmp_path: Path) -> None:
    repo = _guarded(tmp_path, config="")
    assert run_kguard("run", "--on-change", "keep", "--", "sh", "-c", "echo '- agent' >> AGENTS.md",
                      cwd=repo).returncode == 0
    git("commit", "-qam", "agent's line", cwd=repo)
    assert run_kguard("check", cwd=repo).returncode == 0


def test_a_bad_policy_value_names_the_file(tmp_path: Path) -> None:
    repo = init_repo(tmp_path / "r", {"AGENTS.md": START})
    write(repo / ".kguard.toml", '[provenance]\nagent_lines = "always"\n')
    result = run_kguard("check", cwd=repo)
    assert result.returncode == 2 and len(result.stderr.splitlines()) == 1
    assert result.stderr == (f"kguard: error: {repo / '.kguard.toml'}: bad value for 'provenance.agent_lines': "
                             "Input should be 'off' or 'review' (got 'always')\n")
