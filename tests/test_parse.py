from __future__ import annotations

from datetime import date
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rules_engine.errors import KguardError
from rules_engine.parse import load_all, parse_document, parse_memory, parse_rule, parse_skill

RULE = b"""---
description: When you write a commit message
confidence: 0.92
sessions: 7
last_used: 2026-01-02
contradicts: [loose-commits]
---

- Write it in English, in the imperative.
- Link the issue with "Closes #...".
"""


def test_rule_with_all_fields() -> None:
    rule = parse_rule(".agents/rules/commit-messages.md", RULE)
    assert rule.name == "commit-messages"
    assert rule.description == "When you write a commit message"
    assert not rule.description_derived and not rule.always
    assert (rule.confidence, rule.sessions, rule.last_used) == (0.92, 7, date(2026, 1, 2))
    assert rule.contradicts == ("loose-commits",)
    assert rule.body_line == 8
    assert [(s.line, s.text) for s in rule.statements] == [
        (9, "Write it in English, in the imperative."), (10, 'Link the issue with "Closes #...".')]
    assert rule.key_line("confidence") == 3


def test_description_derived_from_first_line() -> None:
    rule = parse_rule("r/tabs.md", b"---\nalways: true\n---\n\n# Indent with **tabs**\n- never spaces\n")
    assert rule.description == "Indent with **tabs**" and rule.description_derived and rule.always


def test_rule_without_frontmatter() -> None:
    rule = parse_rule(".agents/rules/x.md", "\ufeff- Answer in German.\r\n".encode())
    assert rule.description == "Answer in German." and rule.description_derived and not rule.always


def test_cursor_mdc_with_unquoted_globs() -> None:
    data = b"---\ndescription:\nglobs: **/*.ts, src/*.tsx\nalwaysApply: true\n---\nUse strict mode.\n"
    rule = parse_rule(".cursor/rules/ts.mdc", data)
    assert rule.format == "cursor" and rule.name == "ts" and rule.always
    assert rule.globs == ("**/*.ts", "src/*.tsx")
    assert rule.description == "Use strict mode." and rule.description_derived


def test_claude_code_rules_paths() -> None:
    scoped = parse_rule(".claude/rules/api.md", b'---\npaths:\n  - "src/api/**/*.ts"\n---\n# API rules\n')
    assert scoped.format == "claude" and scoped.globs == ("src/api/**/*.ts",) and not scoped.always
    global_rule = parse_rule("~/.claude/rules/style.md", b"# Style\nUse gofmt.\n")
    assert global_rule.always and global_rule.description == "Style"


@pytest.mark.parametrize(
    ("data", "line", "message"),
    [
        (b"---\ndescription: [oops\n---\nbody\n", 2, "broken YAML"),
        (b"---\ndescription: a\nalways: true\n  bad: indent\n---\nbody\n", 4, "broken YAML"),
        (b"---\n- a\n- b\n---\nbody\n", 2, "must be a mapping"),
        (b"---\njust text\n---\nbody\n", 2, "must be a mapping"),
        (b"---\ndescription: x\nalways: sometimes\n---\nbody\n", 3, "'always' must be true or false"),
        (b"---\ndescription: x\nconfidence: high\n---\nbody\n", 3, "'confidence' must be a number"),
        (b"---\ndescription: x\nconfidence: 1.5\n---\nbody\n", 3, "between 0 and 1"),
        (b"---\ndescription: x\nsessions: 2.5\n---\nbody\n", 3, "'sessions' must be a whole number"),
        (b"---\ndescription: x\nlast_used: someday\n---\nbody\n", 3, "'last_used' must be a date"),
        (b"---\ndescription: x\ncontradicts: {a: 1}\n---\nbody\n", 3, "'contradicts' must be a list"),
        (b"---\ndescription: 42\n---\nbody\n", 2, "'description' must be text"),
        (b"---\ndescription: x\ncreated: 2024-13-45\n---\nbody\n", 3, "month must be in 1..12"),
        (b"---\ndescription: x\ntags:\n  - a\n  - 2024-02-30\n---\nbody\n", 5, "day is out of range"),
        (b"---\ndescription: x\nwhen: {a: 1, b: 2024-99-01}\n---\nbody\n", 3, "month must be in 1..12"),
        (b"---\ndescription: x\n", 1, "not closed"),
        (b"---\nalways: true\n---\n\n", 4, "empty body"),
        (b"", 1, "empty file"),
        (b"  \n\n", 1, "empty file"),
        (b"- fine\n- caf\xe9\n", 2, "not UTF-8"),
        (b"text\x00more", 1, "binary"),
    ],
)
def test_bad_rules_name_file_and_line(data: bytes, line: int, message: str) -> None:
    with pytest.raises(KguardError) as info:
        parse_rule(".agents/rules/bad.md", data)
    assert info.value.path == ".agents/rules/bad.md"
    assert info.value.line == line
    assert message in info.value.message


def test_skill() -> None:
    skill = parse_skill(".agents/skills/release/SKILL.md", b"---\ndescription: Cut a release\n---\n1. tag\n")
    assert (skill.name, skill.name_derived, skill.description) == ("release", True, "Cut a release")
    named = parse_skill("s/SKILL.md", b"---\nname: cut\ndescription: d\n---\n")
    assert (named.name, named.name_derived) == ("cut", False)
    with pytest.raises(KguardError, match="needs a 'description'"):
        parse_skill("s/SKILL.md", b"---\nname: cut\n---\nsteps\n")


def test_memory_one_entry_per_bullet() -> None:
    data = b"# Garden\n- The bed is 2 m\n  wide.\n* Soil is clay.\n\n```\n- not an entry\n```\n1. numbered\n"
    memory = parse_memory(".agents/memory.md", data)
    assert [(e.line, e.text, e.section) for e in memory.entries] == [
        (2, "The bed is 2 m wide.", "Garden"), (4, "Soil is clay.", "Garden"), (9, "numbered", "Garden")]
    assert parse_memory("m.md", b"").entries == ()


def test_document_statements() -> None:
    doc = parse_document("AGENTS.md", b"# Rules\nAlways use tabs.\n\n- never commit secrets\n")
    assert [(s.line, s.text, s.bullet) for s in doc.statements] == [
        (2, "Always use tabs.", False), (4, "never commit secrets", True)]


def test_load_all_collects_errors_per_file(tmp_path: Path) -> None:
    good = tmp_path / "good.md"
    good.write_bytes(b"---\ndescription: d\n---\nbody\n")
    folder = tmp_path / "folder.md"
    folder.mkdir()
    items, errors = load_all([
        ("rule", "good.md", good), ("rule", "folder.md", folder), ("rule", "bad.md", b"---\n[\n---\n"),
        ("fact", "memory.md", b"- one\n"), ("control", ".kguard.toml", b"x"),
        ("rule", "missing.md", tmp_path / "missing.md"),
    ])
    assert [type(i).__name__ for i in items] == ["Rule", "Memory"]
    assert [(e.path, e.line) for e in errors] == [("folder.md", None), ("bad.md", 2), ("missing.md", None)]
    assert "is a folder" in errors[0].message


FRONT = st.sampled_from(["---\n", "---\r\n", "----\n", "", "\ufeff---\n"])
YAMLISH = st.text(alphabet=st.sampled_from(list("ab:-[]{}!&*|>'\"#%@`\t\n ,?0123456789.\\")), max_size=80)


@settings(max_examples=400, deadline=None)
@given(FRONT, YAMLISH, st.sampled_from(["---\n", "", "--- \n"]), st.text(max_size=40),
       st.sampled_from([".agents/rules/x.md", ".cursor/rules/x.mdc", ".claude/rules/x.md"]))
def test_parse_rule_never_raises_anything_but_kguard_error(
    start: str, meta: str, end: str, body: str, path: str
) -> None:
    data = (start + meta + "\n" + end + body).encode("utf-8", "surrogatepass")
    try:
        parse_rule(path, data)
        parse_skill(path, data)
        parse_memory(path, data)
    except KguardError as exc:
        assert exc.path == path


@settings(max_examples=300, deadline=None)
@given(st.binary(max_size=200))
def test_arbitrary_bytes_never_raise_anything_but_kguard_error(data: bytes) -> None:
    for parser in (parse_rule, parse_skill, parse_memory, parse_document):
        try:
            parser("f.md", b"---\n" + data)
            parser("f.md", data)
        except KguardError:
            pass


def test_real_cursor_rules_and_skills_from_the_corpus_parse(shared_dir: Path) -> None:
    """Files public projects wrote (../shared/corpus): every .mdc rule and SKILL.md loads without error."""
    folder = shared_dir / "corpus" / "negatives"
    mdc = sorted(folder.glob("*.mdc"))
    skills = sorted(folder.glob("*SKILL.md"))
    assert mdc and skills
    for path in mdc:
        rule = parse_rule(f".cursor/rules/{path.name}", path.read_bytes())
        assert rule.description
    described = 0
    for path in skills:
        try:
            described += bool(parse_skill(path.name, path.read_bytes()).description)
        except KguardError as exc:  # a real SKILL.md with no frontmatter: refused in one line, naming it
            assert "needs a 'description'" in exc.message and path.name in str(exc)
    assert described
    for path in sorted(folder.glob("*AGENTS.md")):
        assert parse_document(path.name, path.read_bytes()).statements


@settings(max_examples=300, deadline=None)
@given(st.lists(st.tuples(st.sampled_from(["- ", "* ", "1. ", "  - ", "", "# ", "    "]),
                          st.text(alphabet=st.characters(blacklist_categories=("Cs", "Zl", "Zp", "Cc")), max_size=20)),
                max_size=12),
       st.sampled_from(["\n", "\r\n"]))
def test_memory_entries_start_on_their_reported_line(lines: list[tuple[str, str]], newline: str) -> None:
    text = newline.join(marker + body for marker, body in lines)
    file_lines = text.split("\n")
    for entry in parse_memory("m.md", text.encode()).entries:
        first_words = entry.text.split(" ")[0]
        assert first_words in file_lines[entry.line - 1]
