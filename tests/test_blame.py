"""`kguard blame`: each line's origin (human, agent, git, promotion) and who accepted it, from the installed
`kguard` in real repositories: before a commit (the records kept beside the state), after it (the git note the
post-commit hook wrote) and in a fresh clone that fetched the notes; damaged records fall back to git blame."""
from __future__ import annotations

import json
import subprocess
from pathlib import Path
from typing import Any

from tests.helpers import git, init_repo, run_kguard, write
from tests.test_claude_code import SESSION, bash, hook

RULE = "---\ndescription: tabs\nalways: true\nconfidence: 0.9\nsessions: 5\n---\nNever use tabs.\n"
START = "# Rules\n- human line\n"


def blame(repo: Path, path: str = "AGENTS.md") -> list[dict[str, Any]]:
    result = run_kguard("blame", "--format", "json", path, cwd=repo)
    assert result.returncode == 0, result.stderr
    return json.loads(result.stdout)


def by_text(lines: list[dict[str, Any]]) -> dict[str, dict[str, Any]]:
    return {line["text"]: line for line in lines}


def origins(lines: list[dict[str, Any]]) -> dict[str, tuple[str, str]]:
    return {line["text"]: (line["origin"], line["accepted"]) for line in lines}


def shell(command: str, cwd: Path) -> None:
    subprocess.run(["sh", "-c", command], cwd=cwd, check=True)


def _every_origin(tmp_path: Path) -> tuple[Path, Path]:
    """A clone that pulled a line, kept an agent's line by policy, kept a Claude Code call's line on the
    card, and promoted a rule."""
    upstream = init_repo(tmp_path / "upstream", {"AGENTS.md": START, ".agents/rules/tabs.md": RULE,
                                                 ".kguard.toml": "[rules_promotion]\nenabled = true\n"})
    git("clone", "-q", str(upstream), str(tmp_path / "work"), cwd=tmp_path)
    work = tmp_path / "work"
    assert run_kguard("hooks", "install", "--git", cwd=work).returncode == 0
    assert run_kguard("snapshot", cwd=work).returncode == 0
    write(upstream / "AGENTS.md", START + "- pulled line\n")
    git("commit", "-qam", "upstream adds a line", cwd=upstream)
    pulled = subprocess.run(["git", "pull", "-q"], cwd=work, capture_output=True, text=True,
                            env={**__import__("os").environ, "KGUARD_ON_CHANGE": "keep"})
    assert pulled.returncode == 0, pulled.stderr
    ran = run_kguard("run", "--on-change", "keep", "--", "sh", "-c", "echo '- policy line' >> AGENTS.md", cwd=work)
    assert ran.returncode == 0, ran.stderr
    command = "echo '- claude line' >> AGENTS.md"
    assert hook(bash(work, "PreToolUse", command), work)[0] == 0
    shell(command, work)
    code, out, _ = hook(bash(work, "PostToolUse", command, tool_response={"stdout": ""}), work)
    assert code == 0 and out["decision"] == "block"  # held back: no one at a terminal to ask
    assert run_kguard("keep", "AGENTS.md", cwd=work).returncode == 0
    approved = run_kguard("rules", "approve", "tabs", cwd=work)
    assert approved.returncode == 0, approved.stderr
    return upstream, work


EXPECTED = {
    "# Rules": ("human", "user"),
    "- human line": ("human", "user"),
    "- pulled line": ("git", "policy"),
    "- policy line": ("agent", "policy"),
    "- claude line": ("agent", "user"),
}


def _check_every_origin(lines: list[dict[str, Any]], committed: bool) -> None:
    found = origins(lines)
    assert {text: found[text] for text in EXPECTED} == EXPECTED
    rule = next(line for line in lines if line["text"].startswith("- Never use tabs."))
    assert (rule["origin"], rule["accepted"], rule["rule"], rule["who"]) == ("promotion", "user", "tabs", "rule tabs")
    named = by_text(lines)
    assert named["- human line"]["who"] == "Test User"
    assert named["- claude line"]["session"] == SESSION
    assert named["- claude line"]["who"] == f"Claude Code session {SESSION}: echo '- claude line' >> AGENTS.md"
    assert named["- policy line"]["command"] == "sh -c 'echo '\"'\"'- policy line'\"'\"' >> AGENTS.md'"
    assert named["- pulled line"]["who"].startswith("git merge (or pull) ")
    assert named["- pulled line"]["commit"] is not None  # it came with the upstream's commit
    assert (named["- policy line"]["commit"] is not None) == committed
    assert (rule["commit"] is not None) == committed


def test_each_origin_is_reported_before_and_after_a_commit_and_in_a_clone(tmp_path: Path) -> None:
    _, work = _every_origin(tmp_path)
    _check_every_origin(blame(work), committed=False)
    git("add", "AGENTS.md", cwd=work)
    git("commit", "-qm", "knowledge", cwd=work)
    note = json.loads(git("notes", "--ref=kguard", "show", "HEAD", cwd=work))
    assert note["kguard"] == 1 and set(note["files"]) == {"AGENTS.md"}
    _check_every_origin(blame(work), committed=True)
    git("clone", "-q", str(work), str(tmp_path / "fresh"), cwd=tmp_path)
    fresh = tmp_path / "fresh"
    assert by_text(blame(fresh))["- claude line"]["origin"] == "human"  # no notes fetched yet: git's blame
    git("fetch", "-q", "origin", "refs/notes/kguard:refs/notes/kguard", cwd=fresh)
    _check_every_origin(blame(fresh), committed=True)
    assert not (fresh / ".git" / "kguard" / "provenance.json").exists()  # read from the notes alone


def test_text_output_is_shaped_like_git_blame(tmp_path: Path) -> None:
    repo = init_repo(tmp_path / "r", {"AGENTS.md": START})
    assert run_kguard("snapshot", cwd=repo).returncode == 0
    assert run_kguard("run", "--on-change", "keep", "--", "sh", "-c", "echo '- agent' >> AGENTS.md",
                      cwd=repo).returncode == 0
    result = run_kguard("blame", "AGENTS.md", cwd=repo)
    assert result.returncode == 0 and result.stderr == ""
    first, second, third = result.stdout.splitlines()
    head = git("rev-parse", "HEAD", cwd=repo).strip()
    assert first.startswith(f"{head[:8]} (Test User ") and first.endswith(" human     user   1) # Rules")
    assert second.endswith(" human     user   2) - human line")
    assert third.startswith("00000000 (kguard run: sh -c ") and third.endswith(" agent     policy 3) - agent")


def test_a_file_edited_by_hand_is_git_blame(tmp_path: Path) -> None:
    repo = init_repo(tmp_path / "r", {"AGENTS.md": START})
    write(repo / "AGENTS.md", START + "- mine\n")
    lines = blame(repo)
    assert origins(lines) == {"# Rules": ("human", "user"), "- human line": ("human", "user"),
                              "- mine": ("human", "user")}
    assert [line["commit"] is None for line in lines] == [False, False, True]
    assert lines[2]["who"] == "Not Committed Yet"  # as git blame says


MOVED = "- The agent wrote this rule, long enough for git to see it move."  # git's -M wants 20 characters


def test_a_moved_line_keeps_its_origin(tmp_path: Path) -> None:
    """As `git blame -M` does: a line moved within the file is still the agent's."""
    repo = init_repo(tmp_path / "r", {"AGENTS.md": "# Rules\n" + "".join(f"- rule {n}\n" for n in range(8))})
    assert run_kguard("hooks", "install", "--git", cwd=repo).returncode == 0
    assert run_kguard("snapshot", cwd=repo).returncode == 0
    assert run_kguard("run", "--on-change", "keep", "--", "sh", "-c", f"echo '{MOVED}' >> AGENTS.md",
                      cwd=repo).returncode == 0
    git("commit", "-qam", "agent", cwd=repo)
    text = (repo / "AGENTS.md").read_text().splitlines(keepends=True)
    write(repo / "AGENTS.md", "".join([text[0], text[-1], *text[1:-1]]))  # the agent's line moves up
    assert run_kguard("snapshot", cwd=repo).returncode == 0  # a person's own edit, taken as it is
    git("commit", "-qam", "reorder by hand", cwd=repo)
    (tmp_path / "r" / ".git" / "kguard" / "provenance.json").unlink()  # only the note can tell now
    found = by_text(blame(repo))
    assert found[MOVED]["origin"] == "agent"
    assert found["- rule 3"]["origin"] == "human"


def test_a_damaged_or_hostile_note_warns_once_and_falls_back_to_git_blame(tmp_path: Path) -> None:
    repo = init_repo(tmp_path / "r", {"AGENTS.md": START})
    head = git("rev-parse", "HEAD", cwd=repo).strip()
    hostile = [
        "not json",
        "[" * 100_000 + "]" * 100_000,
        json.dumps({"kguard": 1, "files": {"AGENTS.md": [{"origin": "agent", "lines": [0]}]}}),
        json.dumps({"kguard": 1, "files": {"AGENTS.md": [{"origin": "root", "lines": [1]}]}}),
        json.dumps({"kguard": 2, "files": {}}),
    ]
    for text in hostile:
        write(tmp_path / "note", text)
        git("notes", "--ref=kguard", "add", "-f", "-F", str(tmp_path / "note"), "HEAD", cwd=repo)
        result = run_kguard("blame", "--format", "json", "AGENTS.md", cwd=repo)
        assert result.returncode == 0, result.stderr
        assert origins(json.loads(result.stdout)) == {"# Rules": ("human", "user"), "- human line": ("human", "user")}
        (warning,) = result.stderr.splitlines()
        assert warning.startswith(f"kguard: warning: the kguard note on commit {head[:12]} (refs/notes/kguard) is "
                                  "damaged (")


def test_an_escape_sequence_in_a_note_is_shown_not_obeyed(tmp_path: Path) -> None:
    repo = init_repo(tmp_path / "r", {"AGENTS.md": START})
    note = {"kguard": 1, "files": {"AGENTS.md": [{"origin": "agent", "who": "evil\x1b[2K\x1b[1A", "lines": [2],
                                                  "command": "x\ny"}]}}
    git("notes", "--ref=kguard", "add", "-m", json.dumps(note), "HEAD", cwd=repo)
    result = run_kguard("blame", "AGENTS.md", cwd=repo)
    assert result.returncode == 0 and "\x1b" not in result.stdout
    assert len(result.stdout.splitlines()) == 2
    assert by_text(blame(repo))["- human line"]["origin"] == "agent"


def test_damaged_local_records_warn_and_fall_back(tmp_path: Path) -> None:
    repo = init_repo(tmp_path / "r", {"AGENTS.md": START})
    assert run_kguard("snapshot", cwd=repo).returncode == 0
    assert run_kguard("run", "--on-change", "keep", "--", "sh", "-c", "echo '- agent' >> AGENTS.md",
                      cwd=repo).returncode == 0
    store = repo / ".git" / "kguard" / "provenance.json"
    store.write_bytes(b'{"version": 1, "records": [], "files": {"AGENTS.md": {"oid": "xyz", "lines": [0]}}}')
    before = (repo / "AGENTS.md").read_bytes()
    result = run_kguard("blame", "--format", "json", "AGENTS.md", cwd=repo)
    assert result.returncode == 0
    assert origins(json.loads(result.stdout))["- agent"] == ("human", "user")
    (warning,) = result.stderr.splitlines()
    assert warning.startswith(f"kguard: warning: {store}: damaged (")
    assert (repo / "AGENTS.md").read_bytes() == before


def test_bad_paths_are_one_line_errors(tmp_path: Path) -> None:
    repo = init_repo(tmp_path / "r", {"AGENTS.md": START})
    (repo / "docs").mkdir()
    write(repo / "bin.md", b"a\0b")
    for path, message in [("missing.md", "missing.md: not a regular file"),
                          ("docs", "docs: not a regular file"),
                          ("bin.md", "bin.md: binary content")]:
        result = run_kguard("blame", path, cwd=repo)
        assert result.returncode == 2, (path, result.stderr)
        assert result.stderr.startswith(f"kguard: error: {message}") and len(result.stderr.splitlines()) == 1


def test_review_shows_each_added_lines_origin_and_counts_them(tmp_path: Path) -> None:
    repo = init_repo(tmp_path / "r", {"AGENTS.md": START})
    assert run_kguard("hooks", "install", "--git", cwd=repo).returncode == 0
    assert run_kguard("snapshot", cwd=repo).returncode == 0
    git("checkout", "-qb", "pr", cwd=repo)
    assert run_kguard("run", "--on-change", "keep", "--", "sh", "-c", "echo '- agent' >> AGENTS.md",
                      cwd=repo).returncode == 0
    write(repo / "AGENTS.md", (repo / "AGENTS.md").read_text() + "- mine\n")
    git("commit", "-qam", "two lines", cwd=repo)
    text = run_kguard("review", "main..pr", cwd=repo)
    assert text.returncode == 0, text.stderr
    assert "  + 3: - agent  [agent, accepted policy: kguard run: sh -c " in text.stdout
    assert "  + 4: - mine  [human: Test User]" in text.stdout
    data = json.loads(run_kguard("review", "main..pr", "--format", "json", cwd=repo).stdout)
    assert data["added_lines_by_origin"] == {"human": 1, "agent": 1, "git": 0, "promotion": 0}
    agent, mine = data["files"][0]["lines"]
    assert (agent["origin"]["origin"], agent["origin"]["accepted"]) == ("agent", "policy")
    assert agent["origin"]["commit"] == git("rev-parse", "pr", cwd=repo).strip()
    assert (mine["origin"]["origin"], mine["origin"]["who"]) == ("human", "Test User")
    markdown = run_kguard("review", "main..pr", "--format", "markdown", cwd=repo).stdout
    assert ("Added lines by origin: human 1, agent 1, git 0, promotion 0 (1 agent line(s) accepted by no "
            "person).") in markdown
    assert "| 3 | agent | policy | kguard run: sh -c " in markdown


def test_shared_notes_travel_with_git_push_and_fetch(tmp_path: Path) -> None:
    hub = tmp_path / "hub.git"
    git("init", "-q", "--bare", str(hub), cwd=tmp_path)
    work = init_repo(tmp_path / "work", {"AGENTS.md": START})
    git("remote", "add", "origin", str(hub), cwd=work)
    git("push", "-q", "-u", "origin", "main", cwd=work)
    first = run_kguard("hooks", "install", "--git", "--share-notes", cwd=work)
    assert first.returncode == 0, first.stderr
    assert "notes: fetched from and pushed to origin (refs/notes/kguard; fetched into " \
           "refs/notes/remotes/origin/kguard)" in first.stdout
    again = run_kguard("hooks", "install", "--share-notes", cwd=work)
    assert again.stdout.startswith("notes: already shared with origin")
    assert git("config", "--get-all", "remote.origin.push", cwd=work).split() == ["HEAD",
                                                                                "refs/notes/kguard:refs/notes/kguard"]
    assert run_kguard("snapshot", cwd=work).returncode == 0
    assert run_kguard("run", "--on-change", "keep", "--", "sh", "-c", "echo '- agent' >> AGENTS.md",
                      cwd=work).returncode == 0
    git("commit", "-qam", "agent's line", cwd=work)
    git("push", "-q", cwd=work)  # the branch and the notes, as configured
    assert git("rev-parse", "refs/notes/kguard", cwd=hub).strip() == git("rev-parse", "refs/notes/kguard",
                                                                          cwd=work).strip()
    git("clone", "-q", str(hub), str(tmp_path / "other"), cwd=tmp_path)
    other = tmp_path / "other"
    assert run_kguard("hooks", "install", "--share-notes", cwd=other).returncode == 0
    git("fetch", "-q", cwd=other)
    assert by_text(blame(other))["- agent"]["origin"] == "agent"


def test_a_memory_entry_written_through_the_permission_prompt_is_the_agents_accepted_by_the_user(
        tmp_path: Path) -> None:
    from tests.test_claude_code import payload

    repo = init_repo(tmp_path / "r", {".agents/memory.md": "- The API is at /v2.\n"})
    assert run_kguard("snapshot", cwd=repo).returncode == 0
    memory = repo / ".agents" / "memory.md"
    new = "- The API is at /v2.\n- Deploys happen on Fridays.\n"
    write_input = {"file_path": str(memory), "content": new}
    asked = hook(payload(repo, "PreToolUse", tool_name="Write", tool_use_id="toolu_mem", tool_input=write_input), repo)
    assert asked[1]["hookSpecificOutput"]["permissionDecision"] == "ask"
    write(memory, new)  # the user allowed it; Claude Code wrote the file
    assert hook(payload(repo, "PostToolUse", tool_name="Write", tool_use_id="toolu_mem", tool_input=write_input,
                        tool_response={"success": True}), repo)[0] == 0
    found = by_text(blame(repo, ".agents/memory.md"))
    fact = found["- Deploys happen on Fridays."]
    assert (fact["origin"], fact["accepted"], fact["session"]) == ("agent", "user", SESSION)
    assert fact["who"] == f"Claude Code session {SESSION}: Claude Code Write"
    assert found["- The API is at /v2."]["origin"] == "human"


def test_a_commit_with_nothing_recorded_writes_no_note(tmp_path: Path) -> None:
    repo = init_repo(tmp_path / "r", {"AGENTS.md": START})
    assert run_kguard("hooks", "install", "--git", cwd=repo).returncode == 0
    write(repo / "AGENTS.md", START + "- mine\n")
    git("commit", "-qam", "by hand", cwd=repo)
    assert git("notes", "--ref=kguard", "list", cwd=repo) == ""
    assert not (repo / ".git" / "kguard" / "provenance.json").exists()


def test_a_record_that_cannot_be_written_never_stops_the_decision(tmp_path: Path) -> None:
    repo = init_repo(tmp_path / "r", {"AGENTS.md": START})
    assert run_kguard("snapshot", cwd=repo).returncode == 0
    (repo / ".git" / "kguard" / "provenance.json").mkdir()  # in the way of the record
    ran = run_kguard("run", "--on-change", "keep", "--", "sh", "-c", "echo '- agent' >> AGENTS.md", cwd=repo)
    assert ran.returncode == 0, ran.stderr
    assert (repo / "AGENTS.md").read_text() == START + "- agent\n"
    assert "Traceback" not in ran.stderr
    warnings = [line for line in ran.stderr.splitlines() if "provenance.json" in line]
    assert warnings and all(line.startswith("kguard: warning: ") for line in warnings)
    assert json.loads(run_kguard("status", "--format", "json", cwd=repo).stdout)["pending"] == []
    result = run_kguard("blame", "--format", "json", "AGENTS.md", cwd=repo)
    assert result.returncode == 0 and origins(json.loads(result.stdout))["- agent"] == ("human", "user")
