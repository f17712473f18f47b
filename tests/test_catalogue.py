from __future__ import annotations

import json
from pathlib import Path

from tests.helpers import init_repo, run_kguard, write


def catalogue(root: Path) -> tuple[int, dict[str, dict], str]:
    result = run_kguard("knowledge", "--format", "json", cwd=root)
    return result.returncode, {row["path"]: row for row in json.loads(result.stdout)["files"]}, result.stderr


def test_every_file_by_kind_and_reader_with_treatment(tmp_path: Path, home: Path) -> None:
    root = init_repo(tmp_path / "repo", {
        "AGENTS.md": "# Project\n- run make test\n",
        "docs/AGENTS.md": "- docs use British spelling\n",
        ".agents/memory.md": "- the API lives in api/\n",
        ".agents/rules/commits.md": "---\ndescription: When you write a commit message\n---\n- English\n",
        ".agents/rules/german.md": "---\nalways: true\n---\n- Answer in German.\n",
        ".agents/skills/release/SKILL.md": "---\nname: release\ndescription: Cut a release\n---\n1. tag\n",
        ".cursor/rules/ts.mdc": "---\nglobs: **/*.ts\nalwaysApply: false\n---\nUse strict mode.\n",
    })
    write(home / ".agents/rules/other-tool.md", "---\ndescription: shared\n---\n- be brief\n")
    write(home / ".snotra/memory.md", "- my name is Ada\n")
    code, rows, stderr = catalogue(root)
    assert code == 0 and stderr == ""
    got = {path: (r["kind"], r["reader"], r["treatment"]) for path, r in rows.items()}
    assert got == {
        "AGENTS.md": ("instructions", "every-tool", ["always"]),
        "docs/AGENTS.md": ("instructions", "every-tool", ["fetched when it applies"]),
        ".agents/memory.md": ("fact", "this-tool", ["always"]),
        "~/.snotra/memory.md": ("fact", "you", ["always"]),
        ".agents/rules/commits.md": ("rule", "this-tool", ["fetched when it applies"]),
        ".agents/rules/german.md": ("rule", "this-tool", ["always", "description derived"]),
        ".agents/skills/release/SKILL.md": ("procedure", "this-tool", ["fetched when it applies"]),
        ".cursor/rules/ts.mdc": ("rule", "every-tool", ["fetched when it applies", "description derived"]),
        "~/.agents/rules/other-tool.md": ("rule", "you", ["fetched when it applies", "read-only"]),
    }
    assert rows[".agents/rules/german.md"]["description"] == "Answer in German."
    text = run_kguard("knowledge", cwd=root).stdout
    assert "rule — this tool, this folder\n" in text
    assert "  .agents/rules/german.md  [always, description derived]  german: Answer in German.\n" in text


def test_bad_files_are_named_and_the_others_still_load(tmp_path: Path, home: Path) -> None:
    root = tmp_path / "repo"
    write(root / ".agents/rules/good.md", "---\ndescription: fine\n---\n- ok\n")
    write(root / ".agents/rules/yaml.md", "---\ndescription: fine\nalways: [yes\n---\n- ok\n")
    write(root / ".agents/rules/list.md", "---\n- a\n---\n- ok\n")
    write(root / ".agents/rules/type.md", "---\nalways: 3\n---\n- ok\n")
    write(root / ".agents/rules/latin1.md", b"- caf\xe9\n")
    write(root / ".agents/rules/empty.md", "")
    (root / ".agents/memory.md").mkdir(parents=True)
    result = run_kguard("knowledge", cwd=root)
    assert result.returncode == 2
    assert "Traceback" not in result.stderr
    assert result.stderr.splitlines() == [
        "kguard: error: .agents/rules/empty.md:1: empty file",
        "kguard: error: .agents/rules/latin1.md:1: not UTF-8 (byte 0xe9 at offset 5)",
        "kguard: error: .agents/rules/list.md:2: the frontmatter must be a mapping of keys to values, not a list",
        "kguard: error: .agents/rules/type.md:2: 'always' must be true or false, got int '3'",
        "kguard: error: .agents/rules/yaml.md:3: broken YAML in the frontmatter: "
        "expected ',' or ']', but got '<stream end>'",
        "kguard: error: .agents/memory.md: is a folder, expected a file",
    ]
    assert "  .agents/rules/good.md  [fetched when it applies]  good: fine" in result.stdout
    for command in ("budget", "hints", "conflicts"):
        assert run_kguard(command, cwd=root).returncode == 2


def test_no_knowledge_files(tmp_path: Path) -> None:
    root = tmp_path / "repo"
    root.mkdir()
    result = run_kguard("knowledge", cwd=root)
    assert (result.returncode, result.stdout) == (0, "no knowledge files found\n")


def test_agents_md_shortened_label_and_invalid_row(tmp_path: Path) -> None:
    root = tmp_path / "repo"
    write(root / "AGENTS.md", "".join(f"- line {n}: always run the full test suite first\n" for n in range(50)))
    write(root / ".agents/rules/bad.md", "---\nsessions: many\n---\n- x\n")
    write(root / ".kguard.toml", "[budget]\ncontext_window = 400\n")
    code, rows, stderr = catalogue(root)
    assert code == 2
    assert stderr == "kguard: error: .agents/rules/bad.md:2: 'sessions' must be a whole number, got str 'many'\n"
    assert rows["AGENTS.md"]["treatment"] == ["always", "shortened to fit the budget"]
    bad = rows[".agents/rules/bad.md"]
    assert (bad["treatment"], bad["error"], bad["line"]) == (
        ["not loaded: invalid"], "'sessions' must be a whole number, got str 'many'", 2)
