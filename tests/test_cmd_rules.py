from __future__ import annotations

import json
from datetime import date, timedelta
from pathlib import Path

import pytest

from hooks.commands.rules import recommend_hint_line
from hooks.session import open_session
from tests.helpers import git, init_repo, run_kguard, write

TODAY = date.today()
ENABLED = "[rules_promotion]\nenabled = true\n"
HAND = "# Project\n\nHand-written text.\n"


def rule_file(body: str, conf: float = 0.9, sessions: int = 5, always: bool = True,
              last_used: date | None = TODAY, extra: str = "") -> str:
    used = f"last_used: {last_used.isoformat()}\n" if last_used else ""
    return (f"---\ndescription: a rule\nalways: {str(always).lower()}\nconfidence: {conf}\nsessions: {sessions}\n"
            f"{used}{extra}---\n{body}\n")


RULES = {
    ".agents/rules/sqlite-writer.md": rule_file("All SQLite writes go through the single writer actor.", 0.92),
    ".agents/rules/atomic.md": rule_file("Never write files in place; use tmp + rename.", 0.85),
    ".agents/rules/caddy.md": rule_file("In July we chose Caddy over nginx.", 0.9),
}


@pytest.fixture
def repo(tmp_path: Path) -> Path:
    files: dict[str, str | bytes] = {"AGENTS.md": HAND, ".kguard.toml": ENABLED, **RULES}
    root = init_repo(tmp_path / "repo", files)
    assert run_kguard("snapshot", cwd=root).returncode == 0
    return root


def ok(root: Path, *args: str) -> str:
    result = run_kguard(*args, cwd=root)
    assert result.returncode == 0, result.stderr
    return result.stdout


def entry_id(stdout: str) -> str:
    return stdout.rsplit("kguard undo ", 1)[1].split()[0].rstrip(";")


TRAILER = "<!-- rule: sqlite-writer; src: .agents/rules/sqlite-writer.md; conf: 0.92 -->"
PROMOTED = (HAND + "\n<!-- ai-memory:start -->\n<!-- ai-memory: promoted rules (managed) -->\n"
            f"- All SQLite writes go through the single writer actor. {TRAILER}\n<!-- ai-memory:end -->\n")


def test_recommend_text_and_json(repo: Path) -> None:
    out = ok(repo, "rules", "recommend")
    assert out.splitlines()[0] == (
        "sqlite-writer  score 0.92  confidence 0.92  breadth 1.0  .agents/rules/sqlite-writer.md")
    assert "caddy" not in out
    data = json.loads(ok(repo, "rules", "recommend", "--format", "json"))
    assert [c["id"] for c in data["candidates"]] == ["sqlite-writer", "atomic"]
    first = data["candidates"][0]
    assert {k: first[k] for k in ("text", "source", "confidence", "breadth", "score", "eligible")} == {
        "text": "All SQLite writes go through the single writer actor.",
        "source": ".agents/rules/sqlite-writer.md", "confidence": 0.92, "breadth": 1.0, "score": 0.92,
        "eligible": True}
    assert [t["name"] for t in first["tests"]] == ["broad", "imperative", "durable", "compact"]
    everything = json.loads(ok(repo, "rules", "recommend", "--all", "--format", "json"))["candidates"]
    caddy = next(c for c in everything if c["id"] == "caddy")
    assert not caddy["eligible"] and "episode" in caddy["why"]


def test_recommend_top_five_by_default(tmp_path: Path) -> None:
    files: dict[str, str | bytes] = {f".agents/rules/r{i}.md": rule_file(f"Never do thing {i}.", 0.7 + i / 100)
                                     for i in range(7)}
    root = init_repo(tmp_path / "r", files)
    data = json.loads(ok(root, "rules", "recommend", "--format", "json"))
    assert [c["id"] for c in data["candidates"]] == ["r6", "r5", "r4", "r3", "r2"]
    assert "(2 more: kguard rules recommend --all)" in ok(root, "rules", "recommend")


def test_write_commands_refuse_when_disabled(repo: Path) -> None:
    write(repo / ".kguard.toml", "[rules_promotion]\nenabled = false\n")
    for args in (["approve", "sqlite-writer"], ["edit", "atomic", "--text", "Never x."], ["remove", "atomic"]):
        result = run_kguard("rules", *args, cwd=repo)
        assert result.returncode == 1
        assert result.stderr == ("kguard: error: rule promotion is off: set `enabled = true` under "
                                 "[rules_promotion] in .kguard.toml to let approve, edit and remove write the "
                                 "managed block of AGENTS.md\n")
    assert (repo / "AGENTS.md").read_text() == HAND


def test_disabled_message_names_pyproject(tmp_path: Path) -> None:
    root = init_repo(tmp_path / "p", {"pyproject.toml": "[tool.kguard.guard]\njournal_size = 50\n", **RULES})
    result = run_kguard("rules", "approve", "atomic", cwd=root)
    assert result.returncode == 1 and "[tool.kguard.rules_promotion] in pyproject.toml" in result.stderr


def test_approve_writes_block_through_the_guard_and_undo_takes_it_back(repo: Path) -> None:
    out = ok(repo, "rules", "approve", "sqlite-writer")
    assert out.startswith("kguard: promoted 'sqlite-writer' into AGENTS.md (1/15 rules, 1/40 lines); undo: ")
    assert (repo / "AGENTS.md").read_text() == PROMOTED
    log = json.loads(ok(repo, "log", "--format", "json"))
    assert (log[0]["id"], log[0]["action"], log[0]["paths"]) == (entry_id(out), "approve", ["AGENTS.md"])
    assert run_kguard("status", cwd=repo).returncode == 0  # the approve is the new baseline, nothing pending
    ok(repo, "undo", entry_id(out))
    assert (repo / "AGENTS.md").read_text() == HAND


def test_approve_twice_and_unknown_and_ineligible(repo: Path) -> None:
    ok(repo, "rules", "approve", "sqlite-writer")
    again = run_kguard("rules", "approve", "sqlite-writer", cwd=repo)
    assert again.returncode == 1 and "already promoted" in again.stderr
    unknown = run_kguard("rules", "approve", "nope", cwd=repo)
    assert unknown.returncode == 2 and "no rules file named 'nope'" in unknown.stderr
    bad = run_kguard("rules", "approve", "caddy", cwd=repo)
    assert bad.returncode == 1
    assert "does not qualify for promotion: not imperative: reads like an episode" in bad.stderr


def test_approve_at_the_cap_changes_nothing_and_names_the_lowest(repo: Path) -> None:
    write(repo / ".kguard.toml", ENABLED + "max_promoted = 1\n")
    ok(repo, "rules", "approve", "sqlite-writer")
    before = (repo / "AGENTS.md").read_bytes()
    result = run_kguard("rules", "approve", "atomic", cwd=repo)
    assert result.returncode == 1
    assert result.stderr == ("kguard: error: at 1/1 promoted rules: nothing changed; remove 'sqlite-writer' first "
                             "(the lowest score): kguard rules remove sqlite-writer -- or raise [rules_promotion] "
                             "max_promoted\n")
    assert (repo / "AGENTS.md").read_bytes() == before


def test_approve_over_max_lines(repo: Path) -> None:
    write(repo / ".kguard.toml", ENABLED + "max_lines = 1\n")
    ok(repo, "rules", "approve", "sqlite-writer")
    result = run_kguard("rules", "approve", "atomic", cwd=repo)
    assert result.returncode == 1
    assert "approving would make 2 lines, over max_lines = 1: nothing changed" in result.stderr
    assert "raise [rules_promotion] max_lines" in result.stderr


def test_edit_rewords_source_and_block_each_undoable(repo: Path) -> None:
    ok(repo, "rules", "approve", "sqlite-writer")
    out = ok(repo, "rules", "edit", "sqlite-writer", "--text", "SQLite writes go through the writer actor\n"
             "(never open a second connection).")
    assert out.startswith("kguard: reworded 'sqlite-writer' in .agents/rules/sqlite-writer.md, AGENTS.md")
    agents = (repo / "AGENTS.md").read_text()
    assert ("- SQLite writes go through the writer actor\n  (never open a second connection). "
            + TRAILER + "\n") in agents
    source = (repo / ".agents/rules/sqlite-writer.md").read_text()
    assert source.endswith("---\nSQLite writes go through the writer actor\n(never open a second connection).\n")
    assert json.loads(ok(repo, "rules", "list", "--format", "json"))["promoted"][0]["drift"] is False
    ids = out.split("undo: ")[1].replace("kguard undo ", "").split("; ")
    ok(repo, "undo", ids[1].strip())
    ok(repo, "undo", ids[0].strip())
    assert (repo / "AGENTS.md").read_text() == PROMOTED
    assert (repo / ".agents/rules/sqlite-writer.md").read_text() == RULES[".agents/rules/sqlite-writer.md"]


def test_edit_before_promoting_touches_only_the_rules_file(repo: Path) -> None:
    ok(repo, "rules", "edit", "atomic", "--text", "Never write a file in place.")
    assert (repo / "AGENTS.md").read_text() == HAND
    assert (repo / ".agents/rules/atomic.md").read_text().endswith("---\nNever write a file in place.\n")
    bad = run_kguard("rules", "edit", "atomic", "--text", "one\ntwo\nthree", cwd=repo)
    assert bad.returncode == 2 and "one or two lines; this one has 3" in bad.stderr


def test_remove_keeps_rules_file_and_restores_hand_text(repo: Path) -> None:
    ok(repo, "rules", "approve", "sqlite-writer")
    out = ok(repo, "rules", "remove", "sqlite-writer")
    assert "its rules file stays" in out
    assert (repo / "AGENTS.md").read_text() == HAND
    assert (repo / ".agents/rules/sqlite-writer.md").is_file()
    ok(repo, "undo", entry_id(out))
    assert (repo / "AGENTS.md").read_text() == PROMOTED
    missing = run_kguard("rules", "remove", "atomic", cwd=repo)
    assert missing.returncode == 1 and "'atomic' is not promoted" in missing.stderr


def test_crlf_bom_without_final_newline_round_trip(repo: Path) -> None:
    original = "\ufeff# Title\r\n\r\nHand text, no final newline".encode()
    write(repo / "AGENTS.md", original)
    ok(repo, "snapshot")
    ok(repo, "rules", "approve", "atomic")
    data = (repo / "AGENTS.md").read_bytes()
    assert data.startswith(original)
    assert data[len(original):] == (
        b"\r\n\r\n<!-- ai-memory:start -->\r\n<!-- ai-memory: promoted rules (managed) -->\r\n"
        b"- Never write files in place; use tmp + rename. <!-- rule: atomic; src: .agents/rules/atomic.md; "
        b"conf: 0.85 -->\r\n<!-- ai-memory:end -->")
    ok(repo, "rules", "remove", "atomic")
    assert (repo / "AGENTS.md").read_bytes() == original


def test_sub_block_goes_after_ai_memory_snippet(repo: Path) -> None:
    snippet = "<!-- ai-memory:start -->\n## Memory\nQuery memory first.\n<!-- ai-memory:end -->\n"
    write(repo / "AGENTS.md", HAND + snippet + "Tail.\n")
    ok(repo, "snapshot")
    ok(repo, "rules", "approve", "sqlite-writer")
    assert (repo / "AGENTS.md").read_text() == (
        HAND + "<!-- ai-memory:start -->\n## Memory\nQuery memory first.\n"
        "<!-- ai-memory: promoted rules (managed) -->\n" f"- All SQLite writes go through the single writer actor. "
        f"{TRAILER}\n<!-- ai-memory:end -->\nTail.\n")
    ok(repo, "rules", "remove", "sqlite-writer")
    assert (repo / "AGENTS.md").read_text() == HAND + snippet + "Tail.\n"


def test_broken_markers_refuse_with_line(repo: Path) -> None:
    write(repo / "AGENTS.md", HAND + "<!-- ai-memory:start -->\nno end\n")
    result = run_kguard("rules", "approve", "atomic", cwd=repo)
    assert result.returncode == 2
    assert result.stderr == ("kguard: error: AGENTS.md:4: <!-- ai-memory:start --> has no <!-- ai-memory:end --> "
                             "after it; fix the managed block by hand first\n")


def test_list_with_provenance_and_stale(repo: Path) -> None:
    write(repo / ".agents/rules/old.md", rule_file("Always pin versions.", last_used=TODAY - timedelta(days=100)))
    ok(repo, "rules", "approve", "sqlite-writer")
    ok(repo, "rules", "approve", "old")
    write(repo / ".agents/rules/old.md", rule_file("Always pin versions.", last_used=TODAY - timedelta(days=400)))
    data = json.loads(ok(repo, "rules", "list", "--format", "json"))
    assert (data["count"], data["max_promoted"], data["lines"], data["max_lines"]) == (2, 15, 2, 40)
    rows = {r["id"]: r for r in data["promoted"]}
    assert rows["old"]["stale"] is True and rows["sqlite-writer"]["stale"] is False
    assert rows["sqlite-writer"]["source"] == ".agents/rules/sqlite-writer.md"
    assert rows["sqlite-writer"]["line"] == 7 and rows["sqlite-writer"]["source_exists"] is True
    text = ok(repo, "rules", "list")
    assert "old  line 8  src .agents/rules/old.md  conf 0.90" in text and "[stale]" in text


def test_ai_memory_pages_are_candidates(repo: Path) -> None:
    write(repo / ".ai-memory/_rules/single-writer-db.md", rule_file("Never open a second DB writer.", 0.95))
    data = json.loads(ok(repo, "rules", "recommend", "--format", "json"))
    assert data["candidates"][0]["id"] == "single-writer-db"
    assert data["candidates"][0]["source"] == ".ai-memory/_rules/single-writer-db.md"


def test_recommend_hint_line_only_when_the_set_grows(repo: Path) -> None:
    write(repo / ".kguard.toml", ENABLED + "recommend_hint = true\n")
    session = open_session(repo)
    assert recommend_hint_line(session) == "2 new rule recommendations — kguard rules recommend"
    assert recommend_hint_line(session) is None
    write(repo / ".agents/rules/tabs.md", rule_file("Always indent with tabs."))
    assert recommend_hint_line(session) == "1 new rule recommendation — kguard rules recommend"
    write(repo / ".kguard.toml", ENABLED)
    assert recommend_hint_line(open_session(repo)) is None


def test_not_utf8_agents_md_is_read_but_not_edited(repo: Path) -> None:
    data = b"# ok\n\xff\xfe\n"
    write(repo / "AGENTS.md", data)
    assert ok(repo, "rules", "recommend").startswith("sqlite-writer  score 0.92")
    assert "nothing is promoted" in ok(repo, "rules", "list")
    for args in (("approve", "atomic"), ("remove", "atomic"), ("edit", "atomic", "--text", "Never.")):
        result = run_kguard("rules", *args, cwd=repo)
        assert result.returncode == 2, args
        assert result.stderr == "kguard: error: AGENTS.md:2: not UTF-8 (byte 0xff); the managed block cannot be edited\n"
    assert (repo / "AGENTS.md").read_bytes() == data
    git("status", cwd=repo)


def test_approve_refuses_over_an_unreviewed_change(repo: Path) -> None:
    write(repo / "AGENTS.md", HAND + "Appended by an agent.\n")
    result = run_kguard("rules", "approve", "atomic", cwd=repo)
    assert result.returncode == 1
    assert result.stderr == ("kguard: error: AGENTS.md has changes nobody reviewed yet: look at them (kguard diff "
                             "AGENTS.md) and keep or reset them (kguard keep AGENTS.md / kguard reset AGENTS.md) "
                             "first; nothing changed\n")
    assert (repo / "AGENTS.md").read_text() == HAND + "Appended by an agent.\n"
    ok(repo, "keep", "AGENTS.md")
    ok(repo, "rules", "approve", "atomic")


def test_status_prints_the_hint_once(repo: Path) -> None:
    write(repo / ".kguard.toml", ENABLED + "recommend_hint = true\n")
    ok(repo, "snapshot")
    first = run_kguard("status", cwd=repo)
    assert first.returncode == 0
    assert first.stdout.splitlines()[-1] == "2 new rule recommendations — kguard rules recommend"
    assert "recommend" not in run_kguard("status", cwd=repo).stdout


def test_edit_of_a_promoted_ai_memory_page_changes_only_the_block(repo: Path) -> None:
    page = rule_file("Never open a second DB writer.", 0.95)
    write(repo / ".ai-memory/_rules/single-writer-db.md", page)
    ok(repo, "rules", "approve", "single-writer-db")
    result = run_kguard("rules", "edit", "single-writer-db", "--text", "Never open two DB writers.", cwd=repo)
    assert result.returncode == 0 and result.stdout.startswith("kguard: reworded 'single-writer-db' in AGENTS.md;")
    assert "is not changed (kguard writes only .agents/rules/ files)" in result.stderr
    assert (repo / ".ai-memory/_rules/single-writer-db.md").read_text() == page
    check = json.loads(run_kguard("check", "--format", "json", cwd=repo).stdout)["findings"]
    assert [(f["id"], f["message"]) for f in check] == [
        ("BLK103", "rule 'single-writer-db': the text no longer matches .ai-memory/_rules/single-writer-db.md "
                   "(make the page and the block say the same)")]


def test_approve_creates_agents_md_when_missing(tmp_path: Path) -> None:
    root = init_repo(tmp_path / "new", {".kguard.toml": ENABLED, **RULES})
    ok(root, "snapshot")
    assert ok(root, "rules", "list") == "kguard: nothing is promoted in AGENTS.md (kguard rules recommend)\n"
    out = ok(root, "rules", "approve", "sqlite-writer")
    assert (root / "AGENTS.md").read_text() == PROMOTED[len(HAND) + 1:]
    assert json.loads(ok(root, "log", "--format", "json"))[0]["paths"] == ["AGENTS.md"]
    ok(root, "undo", entry_id(out))
    assert not (root / "AGENTS.md").exists()
