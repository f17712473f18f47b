from __future__ import annotations

import json
import os
import subprocess
import time
from datetime import datetime, timedelta, timezone
from itertools import combinations
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rules_engine.hints import LISTED_SIMILAR, classify, distance, duplicates, fact_hints, shared_ratio, similar_names
from rules_engine.models import Line, Rule
from tests.helpers import git, run_kguard, write


def hints(root: Path) -> list[tuple[str, str, int | None]]:
    result = run_kguard("hints", "--format", "json", cwd=root)
    assert result.returncode == 0, result.stderr
    return [(h["id"], h["path"], h["line"]) for h in json.loads(result.stdout)["hints"]]


def fresh(root: Path, files: dict[str, str]) -> Path:
    """A folder outside git whose files are brand new (no age hints)."""
    for name, text in files.items():
        write(root / name, text)
    return root


@pytest.mark.parametrize(
    ("entry", "hid"),
    [
        ("Use pnpm, not npm.", "H001"),
        ("Never push to main directly.", "H001"),
        ("You should run the linter before committing.", "H001"),
        ("To release: first bump the version, then tag it.", "H002"),
        ("How to deploy: build the image and push it.", "H002"),
        ("First run make, then make install, finally restart.", "H002"),
        ("The test is failing on CI.", "H003"),
        ("Yesterday the staging server was down.", "H003"),
        ("Right now the build takes ten minutes.", "H003"),
        ("The user always wants answers in German.", "H004"),
        ("Today we fixed the login.", "H004"),
    ],
)
def test_each_reads_like_hint(tmp_path: Path, entry: str, hid: str) -> None:
    root = fresh(tmp_path / "repo", {".agents/memory.md": f"# Notes\n- The bed is 2 m wide.\n- {entry}\n"})
    assert hints(root) == [(hid, ".agents/memory.md", 3)]


def test_hint_text_and_action(tmp_path: Path) -> None:
    root = fresh(tmp_path / "repo", {".agents/memory.md": "- Today we fixed the login.\n- Use tabs.\n"})
    result = run_kguard("hints", cwd=root)
    assert result.stdout.splitlines() == [
        '.agents/memory.md:1: H004 sorted-wrongly: a fact with "today" in it reads like an episode (suggested: remove)',
        ".agents/memory.md:2: H001 reads-like-rule: reads like a rule, not a fact (suggested: move to rules)",
    ]


def test_duplicates_at_80_percent_shared_words(tmp_path: Path) -> None:
    root = fresh(tmp_path / "repo", {
        ".agents/memory.md": "- The API server listens on port 8080 locally.\n"
                             "- The API server listens on port 8080.\n"
                             "- The web server listens on port 3000 locally.\n",
    })
    assert hints(root) == [("H005", ".agents/memory.md", 2)]
    data = json.loads(run_kguard("hints", "--format", "json", cwd=root).stdout)["hints"][0]
    assert (data["other_path"], data["other_line"], data["action"]) == (".agents/memory.md", 1, "remove one of them")


def test_duplicate_across_memory_and_rules(tmp_path: Path, home: Path) -> None:
    root = fresh(tmp_path / "repo", {".agents/memory.md": "- Commit messages are written in English.\n"})
    write(home / ".snotra/rules/commits.md", "---\ndescription: commits\n---\n- Commit messages are written in English\n")
    assert hints(root) == [("H005", "~/.snotra/rules/commits.md", 4)]


def test_opposites_are_not_duplicates(tmp_path: Path) -> None:
    root = fresh(tmp_path / "repo", {
        ".agents/rules/a.md": "---\ndescription: a\n---\n- Indent with tabs in Makefiles\n",
        ".agents/rules/b.md": "---\ndescription: b\n---\n- Never indent with tabs in Makefiles\n",
    })
    assert hints(root) == []


def test_rules_files_with_similar_names(tmp_path: Path) -> None:
    body = "---\ndescription: {0}\n---\n- {0} rule body\n"
    root = fresh(tmp_path / "repo", {
        ".agents/rules/commit-message.md": body.format("one"),
        ".agents/rules/commit-messages.md": body.format("two"),
        ".agents/rules/testing.md": body.format("three"),
        ".agents/rules/tsting.md": body.format("four"),
        ".agents/rules/docs.md": body.format("five"),
        ".agents/rules/deps.md": body.format("six"),
    })
    assert hints(root) == [("H007", ".agents/rules/commit-messages.md", None),
                           ("H007", ".agents/rules/tsting.md", None)]


def _commit(root: Path, message: str, when: datetime) -> None:
    stamp = when.strftime("%Y-%m-%dT%H:%M:%SZ")
    env = {**os.environ, "GIT_AUTHOR_DATE": stamp, "GIT_COMMITTER_DATE": stamp}
    subprocess.run(["git", "add", "-A"], cwd=root, check=True, env=env)
    subprocess.run(["git", "commit", "-q", "-m", message], cwd=root, check=True, env=env)


def test_old_entries_from_git_history(tmp_path: Path) -> None:
    now = datetime.now(timezone.utc)
    root = tmp_path / "repo"
    root.mkdir()
    git("init", "-q", cwd=root)
    write(root / ".agents/memory.md", "- The bed is 2 m wide.\n")
    _commit(root, "old", now - timedelta(days=400))
    write(root / ".agents/memory.md", "- The soil is heavy clay.\n- The bed is 2 m wide.\n")
    _commit(root, "new", now - timedelta(days=10))
    with (root / ".agents/memory.md").open("a") as handle:
        handle.write("- The shed is blue.\n")  # not committed: as old as the file's mtime
    os.utime(root / ".agents/memory.md")
    assert hints(root) == [("H006", ".agents/memory.md", 2)]
    text = run_kguard("hints", cwd=root).stdout
    assert ".agents/memory.md:2: H006 old-entry: older than 180 days (400 days): still true?" in text


def test_old_entries_outside_git_from_mtime(tmp_path: Path, home: Path) -> None:
    memory = write(home / ".snotra/memory.md", "- The bed is 2 m wide.\n")
    rule = write(home / ".snotra/rules/style.md", "---\ndescription: style\n---\n- Indent with four spaces.\n")
    old = time.time() - 200 * 86_400
    os.utime(memory, (old, old))
    os.utime(rule, (old, old))
    root = fresh(tmp_path / "repo", {".agents/memory.md": "- The shed is blue.\n"})
    assert hints(root) == [("H006", "~/.snotra/memory.md", 1), ("H006", "~/.snotra/rules/style.md", None)]


def test_max_age_from_config(tmp_path: Path, home: Path) -> None:
    memory = write(home / ".snotra/memory.md", "- The bed is 2 m wide.\n")
    old = time.time() - 20 * 86_400
    os.utime(memory, (old, old))
    root = fresh(tmp_path / "repo", {".kguard.toml": "[hints]\nmax_age_days = 10\n"})
    assert hints(root) == [("H006", "~/.snotra/memory.md", 1)]


def test_nothing_changes(tmp_path: Path) -> None:
    root = fresh(tmp_path / "repo", {".agents/memory.md": "- Today we fixed the login.\n"})
    before = (root / ".agents/memory.md").read_bytes()
    run_kguard("hints", cwd=root)
    assert (root / ".agents/memory.md").read_bytes() == before


def test_pure_functions() -> None:
    assert classify("The bed is 2 m wide.") is None
    assert shared_ratio("a b c d e", "a b c d f") == 0.8
    assert shared_ratio("a b", "a b") == 0.0  # too short to call a duplicate
    assert distance("testing", "tsting") == 1
    assert fact_hints(Line("m", 1, "Please always use tabs"))[0].id == "H004"


@settings(max_examples=200, deadline=None)
@given(st.lists(st.lists(st.sampled_from([f"w{i}" for i in range(10)]), min_size=1, max_size=8), max_size=25),
       st.sampled_from([0.5, 0.8, 1.0]))
def test_duplicates_index_finds_exactly_the_pairs_brute_force_finds(texts: list[list[str]], ratio: float) -> None:
    entries = [Line("m.md", n + 1, " ".join(words)) for n, words in enumerate(texts)]
    fast = {(h.other_line, h.line) for h in duplicates(entries, ratio)}
    slow = {(a.line, b.line) for a, b in combinations(entries, 2) if shared_ratio(a.text, b.text) >= ratio}
    assert fast == slow


def test_rules_statements_that_read_like_episodes_or_procedures(tmp_path: Path) -> None:
    root = fresh(tmp_path / "repo", {
        ".agents/rules/ci.md": "---\ndescription: CI\n---\n- The deploy job is failing right now.\n"
                               "- To release: first bump the version, then tag it.\n- Never skip CI.\n",
    })
    assert hints(root) == [("H003", ".agents/rules/ci.md", 4), ("H002", ".agents/rules/ci.md", 5)]


def _rules_named(root: Path, names: list[str]) -> Path:
    for name in names:
        write(root / f".agents/rules/{name}.md", f"---\ndescription: {name}\n---\n- Keep {name} short.\n")
    return root


def test_similar_names_past_twenty_pairs_are_counted_in_one_hint(tmp_path: Path) -> None:
    stems = ("apple banana cherry dragon engine forest guitar harbor island jungle kernel ladder mirror needle "
             "orange pencil quartz rocket silver tunnel umbrella violet window yellow zipper").split()
    root = _rules_named(fresh(tmp_path / "repo", {}), stems + [s + "yz" for s in stems])  # 25 pairs
    found = json.loads(run_kguard("hints", "--format", "json", cwd=root).stdout)["hints"]
    similar = [h for h in found if h["id"] == "H007"]
    assert len(similar) == 21
    assert sum(h["other_path"] is not None for h in similar) == 20
    last = next(h for h in similar if h["other_path"] is None)
    assert last["message"] == ("and 5 more pairs of rules files whose names differ only slightly, "
                               "from this one on (not listed)")


@pytest.mark.probe  # 2,000 files written and read: a few seconds
def test_similar_names_stay_bounded_for_two_thousand_near_identical_names(tmp_path: Path) -> None:
    root = _rules_named(fresh(tmp_path / "repo", {}), [f"rule{n}" for n in range(2000)])
    result = run_kguard("hints", cwd=root, timeout=60)
    assert result.returncode == 0, result.stderr
    similar = [line for line in result.stdout.splitlines() if " H007 " in line]
    assert len(similar) == 21  # most pairs of these names are within two edits: about 400,000 of them
    assert similar[-1].endswith("H007 similar-rule-names: and over 980 more pairs of rules files whose names "
                                "differ only slightly, from this one on (not listed) (suggested: merge them, or "
                                "name them apart)")


def test_many_files_of_one_name_in_two_spellings_give_a_bounded_list() -> None:
    # 1,500 "Testing" and 1,500 "testing" in as many folders: 2,250,000 pairs the same once normalised
    rules = [Rule(path=f"r/{n:04d}/{'Testing' if n % 2 else 'testing'}.md", name="Testing" if n % 2 else "testing",
                  description="", description_derived=True, always=False, body="", body_line=1) for n in range(3000)]
    found = similar_names(rules, LISTED_SIMILAR)
    assert len(found) == LISTED_SIMILAR + 1
    assert found[-1].message.startswith("and over 980 more pairs")
    assert all(h.path.endswith("esting.md") and h.id == "H007" for h in found)
