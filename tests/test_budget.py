from __future__ import annotations

import json
from pathlib import Path

from rules_engine.budget import catalogue_line, plan
from rules_engine.parse import parse_document, parse_memory, parse_rule
from rules_engine.tokens import estimate
from tests.helpers import run_kguard, write

MEMORY = "- The garden bed is two metres wide.\n- The soil is heavy clay.\n"
ALWAYS_RULE = "---\nalways: true\ndescription: style\n---\n" + "- Indent with four spaces in every file.\n" * 10
AGENTS = "".join(f"- Line {n}: run the whole test suite before you push anything.\n" for n in range(20))


def project(tmp_path: Path, home: Path, *, agents: str = AGENTS) -> Path:
    root = tmp_path / "repo"
    write(root / ".agents/memory.md", MEMORY)
    write(root / ".agents/rules/style.md", ALWAYS_RULE)
    write(root / ".agents/rules/commits.md", "---\ndescription: When you write a commit message\n---\n- English\n")
    write(home / ".snotra/rules/mine.md", "---\nalways: true\n---\n- Answer in German.\n")
    write(root / "AGENTS.md", agents)
    return root


def budget(root: Path, window: int) -> tuple[int, dict]:
    result = run_kguard("budget", "--context-window", str(window), "--format", "json", cwd=root)
    assert result.stderr == ""
    return result.returncode, json.loads(result.stdout)


def sizes() -> dict[str, int]:
    style_body = ALWAYS_RULE.split("---\n", 2)[2]
    return {
        "memory": estimate(MEMORY),
        "always_rules": estimate(style_body) + estimate("- Answer in German.\n"),
        "agents_md": estimate(AGENTS),
        "catalogue": estimate(catalogue_line("commits", "When you write a commit message")),
        "names": estimate(catalogue_line("commits", None)),
        "style": estimate(style_body),
    }


def test_everything_fits_without_steps(tmp_path: Path, home: Path) -> None:
    root = project(tmp_path, home)
    code, data = budget(root, 200_000)
    s = sizes()
    assert code == 0 and data["fits"] and data["steps"] == []
    assert data["limit"] == 50_000
    assert data["parts"] == {k: s[k] for k in ("memory", "always_rules", "agents_md", "catalogue")}


def test_step_one_catalogue_shrinks_to_names(tmp_path: Path, home: Path) -> None:
    root = project(tmp_path, home)
    s = sizes()
    total = s["memory"] + s["always_rules"] + s["agents_md"] + s["catalogue"]
    code, data = budget(root, (total - 1) * 4)  # a quarter of the window is one token short
    assert code == 0 and data["fits"]
    assert [step["step"] for step in data["steps"]] == ["catalogue-names"]
    assert data["steps"][0]["tokens_saved"] == s["catalogue"] - s["names"]
    assert data["after"]["catalogue"] == s["names"]


def test_step_two_folder_always_rules_on_demand(tmp_path: Path, home: Path) -> None:
    root = project(tmp_path, home)
    s = sizes()
    limit = s["memory"] + s["always_rules"] - s["style"] + s["agents_md"] + 2 * s["names"]
    code, data = budget(root, limit * 4)
    assert code == 0 and data["fits"]
    assert [step["step"] for step in data["steps"]] == ["catalogue-names", "rules-on-demand"]
    assert data["steps"][1]["paths"] == [".agents/rules/style.md"]  # never the user's own ~/.snotra rule
    assert data["after"]["always_rules"] == estimate("- Answer in German.\n")
    text = run_kguard("knowledge", cwd=root).stdout  # the catalogue shows the label at the default window
    assert "[always]" in text
    result = run_kguard("budget", "--context-window", str(limit * 4), cwd=root)
    assert "step 2: the folder's always rules are fetched on demand: 1 of 1 (" in result.stdout
    assert "  .agents/rules/style.md" in result.stdout


def test_catalogue_label_over_the_always_budget(tmp_path: Path, home: Path) -> None:
    root = project(tmp_path, home)
    s = sizes()
    limit = s["memory"] + s["always_rules"] - s["style"] + s["agents_md"] + 2 * s["names"]
    write(root / ".kguard.toml", f"[budget]\ncontext_window = {limit * 4}\n")
    data = json.loads(run_kguard("knowledge", "--format", "json", cwd=root).stdout)
    rows = {row["path"]: row["treatment"] for row in data["files"]}
    assert rows[".agents/rules/style.md"] == ["over the always budget, fetched when it applies"]
    assert rows["~/.snotra/rules/mine.md"] == ["always", "description derived"]


def test_step_three_agents_md_shortened_says_by_how_much(tmp_path: Path, home: Path) -> None:
    root = project(tmp_path, home)
    s = sizes()
    per_line = estimate(AGENTS.splitlines(keepends=True)[0])
    rest = s["memory"] + estimate("- Answer in German.\n") + 2 * s["names"]
    code, data = budget(root, (rest + 5 * per_line) * 4)
    assert code == 0 and data["fits"]
    assert [step["step"] for step in data["steps"]] == ["catalogue-names", "rules-on-demand", "agents-md-shortened"]
    step = data["steps"][2]
    assert step["tokens_saved"] == 15 * per_line
    assert step["message"] == f"AGENTS.md shortened by {15 * per_line} tokens (75 %): the first 5 of 20 lines are kept"
    assert data["after"]["memory"] == s["memory"]  # memory stays whole


def test_memory_alone_over_budget_exits_1(tmp_path: Path, home: Path) -> None:
    root = project(tmp_path, home)
    window = (estimate(MEMORY) - 1) * 4
    result = run_kguard("budget", "--context-window", str(window), cwd=root)
    assert result.returncode == 1
    assert f"memory alone needs {estimate(MEMORY)} tokens, over the budget of {estimate(MEMORY) - 1}" in result.stdout
    code, data = budget(root, window)
    assert code == 1 and data["memory_over"] and not data["fits"]


def test_share_from_config_and_bad_window(tmp_path: Path, home: Path) -> None:
    root = project(tmp_path, home)
    write(root / ".kguard.toml", "[budget]\nshare = 0.5\n")
    assert budget(root, 1000)[1]["limit"] == 500
    bad = run_kguard("budget", "--context-window", "0", cwd=root)
    assert bad.returncode == 2 and "Traceback" not in bad.stderr


def test_plan_is_pure() -> None:
    memory = parse_memory("m.md", b"- a fact\n")
    rule = parse_rule("r.md", b"---\nalways: true\n---\n- Use tabs.\n")
    report = plan([memory], [(rule, True)], [], parse_document("AGENTS.md", b"hello\n"), 100, 0.25)
    assert report.limit == 25 and report.fits and report.steps == []
