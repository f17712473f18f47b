from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rules_engine import block as b

SRC = ".agents/rules/{}.md"
SNIPPET = "## Memory\nUse memory_query before planning.\n<!-- ai-memory:routing v2 -->\nmore routing\n"


def _add(text: str, rule_id: str, words: str = "Never write files in place.", conf: float = 0.9) -> str:
    return b.upsert(text, rule_id, words, SRC.format(rule_id), conf)


# --- parsing --------------------------------------------------------------------------------------------


def test_parse_design_example() -> None:
    text = (
        "# Project\n\n<!-- ai-memory:start -->\n<!-- ai-memory: promoted rules (managed) -->\n"
        "- All SQLite writes go through the single writer actor. "
        "<!-- rule: sqlite-writer; src: .agents/rules/sqlite-writer.md; conf: 0.92 -->\n"
        "<!-- ai-memory:end -->\n"
    )
    block = b.parse(text)
    assert (block.start, block.sub, block.end, block.sub_end) == (2, 3, 5, 5)
    assert block.problems == ()
    assert block.line_count == 1
    (rule,) = block.rules
    assert rule == b.PromotedRule("sqlite-writer", "All SQLite writes go through the single writer actor.",
                                  ".agents/rules/sqlite-writer.md", 0.92, 5, 5)


def test_continuation_line_and_render_match() -> None:
    rendered = b.render_rule("tmp", "Never write files in place\nuse tmp + rename", "x.md", 0.8)
    assert rendered == "- Never write files in place\n  use tmp + rename <!-- rule: tmp; src: x.md; conf: 0.80 -->\n"
    text = _add("", "tmp", "Never write files in place\nuse tmp + rename")
    (rule,) = b.parse(text).rules
    assert (rule.text, rule.line, rule.end_line) == ("Never write files in place\nuse tmp + rename", 3, 4)


def test_sub_block_runs_to_next_marker_inside_ai_memory_block() -> None:
    text = ("<!-- ai-memory:start -->\n" + SNIPPET + "<!-- ai-memory: promoted rules (managed) -->\n"
            "- Rule one. <!-- rule: a; src: a.md; conf: 0.90 -->\n<!-- ai-memory:footer -->\nnot ours\n"
            "<!-- ai-memory:end -->\n")
    block = b.parse(text)
    assert [r.id for r in block.rules] == ["a"]
    assert block.line_count == 1 and block.problems == ()


@pytest.mark.parametrize(
    ("line", "expected"),
    [
        ("- No trailer here.", "has no provenance trailer"),
        ("- Bad. <!-- rule: a; src: a.md -->", "malformed provenance trailer"),
        ("- Bad. <!-- rule: a; src: a.md; conf: high -->", "bad conf"),
        ("- Bad. <!-- rule: a; src: a.md; conf: 1.5 -->", "bad conf"),
        ("- Bad. <!-- rule: ; src: a.md; conf: 0.5 -->", "bad rule id"),
        ("stray text", "not a rule bullet"),
    ],
)
def test_lost_or_malformed_trailer_is_reported_with_its_line(line: str, expected: str) -> None:
    text = _add("intro\n", "ok") .replace("<!-- ai-memory:end -->", line + "\n<!-- ai-memory:end -->")
    block = b.parse(text)
    (problem,) = block.problems
    assert problem.code == "BLK003" and problem.line == 6 and expected in problem.message


@pytest.mark.parametrize(
    ("text", "line", "expected"),
    [
        ("<!-- ai-memory:start -->\nx\n", 1, "has no <!-- ai-memory:end --> after it"),
        ("x\n<!-- ai-memory:end -->\n", 2, "without a <!-- ai-memory:start -->"),
        ("<!-- ai-memory:start -->\n<!-- ai-memory:start -->\n<!-- ai-memory:end -->\n", 2, "nested"),
        ("<!-- ai-memory:start -->\n<!-- ai-memory:end -->\n<!-- ai-memory:start -->\n<!-- ai-memory:end -->\n",
         3, "duplicated block"),
        ("<!-- ai-memory: promoted rules (managed) -->\n", 1, "outside"),
        ("<!-- ai-memory:start -->\n<!-- ai-memory: promoted rules (managed) -->\n"
         "<!-- ai-memory: promoted rules (managed) -->\n<!-- ai-memory:end -->\n", 3, "duplicated 'promoted"),
    ],
)
def test_broken_markers(text: str, line: int, expected: str) -> None:
    block = b.parse(text)
    assert block.broken
    problem = next(p for p in block.problems if p.code == "BLK004")
    assert problem.line == line and expected in problem.message
    with pytest.raises(b.BlockError) as err:
        _add(text, "new")
    assert err.value.line == line


def test_duplicate_rule_id_is_reported_and_blocks_edits() -> None:
    text = _add("", "a")
    text = text.replace("<!-- ai-memory:end -->", "- Again. <!-- rule: a; src: a.md; conf: 0.50 -->\n"
                        "<!-- ai-memory:end -->")
    (problem,) = b.parse(text).problems
    assert (problem.code, problem.line, problem.rule) == ("BLK005", 4, "a")
    with pytest.raises(b.BlockError):
        b.remove(text, "a")


def test_hand_written_file_without_block() -> None:
    block = b.parse("# Rules\n\n- Use tabs.\n<!-- a comment -->\n")
    assert block.start is None and block.rules == () and block.problems == ()


def test_marker_prefix_is_configurable() -> None:
    text = b.upsert("x\n", "a", "Never do x.", "a.md", 0.7, prefix="kguard")
    assert "<!-- kguard:start -->" in text and "<!-- kguard: promoted rules (managed) -->" in text
    assert [r.id for r in b.parse(text, "kguard").rules] == ["a"]
    assert b.parse(text).rules == ()


def test_bom_and_crlf_file() -> None:
    text = "\ufeff# Title\r\n\r\nbody\r\n"
    out = _add(text, "a")
    assert out.startswith(text)
    assert out[len(text):] == ("\r\n<!-- ai-memory:start -->\r\n<!-- ai-memory: promoted rules (managed) -->\r\n"
                               "- Never write files in place. <!-- rule: a; src: .agents/rules/a.md; conf: 0.90 -->"
                               "\r\n<!-- ai-memory:end -->\r\n")
    (rule,) = b.parse(out).rules
    assert rule.line == 7
    assert b.remove(out, "a") == text


def test_bom_on_the_start_marker_line() -> None:
    text = "\ufeff<!-- ai-memory:start -->\nsnippet\n<!-- ai-memory:end -->\n"
    out = _add(text, "a")
    assert out == ("\ufeff<!-- ai-memory:start -->\nsnippet\n<!-- ai-memory: promoted rules (managed) -->\n"
                   "- Never write files in place. <!-- rule: a; src: .agents/rules/a.md; conf: 0.90 -->\n"
                   "<!-- ai-memory:end -->\n")
    assert b.remove(out, "a") == text


def test_edit_in_place_keeps_position() -> None:
    text = _add(_add(_add("x\n", "a"), "b"), "c")
    edited = b.upsert(text, "b", "Always run the tests\nbefore a commit", "b.md", 0.75)
    assert [r.id for r in b.parse(edited).rules] == ["a", "b", "c"]
    assert b.parse(edited).rule("b") == b.PromotedRule("b", "Always run the tests\nbefore a commit", "b.md", 0.75,
                                                       6, 7)


def test_remove_unknown_rule() -> None:
    with pytest.raises(b.BlockError, match="'zz' is not in the managed block"):
        b.remove(_add("", "a"), "zz")


@pytest.mark.parametrize("bad", ["", "one\ntwo\nthree", "has <!-- comment -->", "   \n  "])
def test_rule_text_must_be_one_or_two_clean_lines(bad: str) -> None:
    with pytest.raises(b.BlockError):
        b.render_rule("a", bad, "a.md", 0.5)


def test_only_imports() -> None:
    assert b.only_imports("@AGENTS.md\n")
    assert b.only_imports("\ufeff<!-- see AGENTS -->\r\n@./AGENTS.md\r\n\r\n")
    assert not b.only_imports("@AGENTS.md\nAlso: use tabs.\n")
    assert not b.only_imports("")


def test_split_lines_only_on_newline() -> None:
    assert b.split_lines("a\x0bb\u2028c\x85d\re\nf") == ["a\x0bb\u2028c\x85d\re\n", "f"]


# --- properties: text outside the sub-block never changes -------------------------------------------------

LINE = st.one_of(
    st.text(alphabet=st.characters(blacklist_categories=("Cs",), blacklist_characters="\n"), max_size=30),
    st.sampled_from(["", "- a bullet", "  indented", "<!-- note -->", "```", "\u00e9t\u00e9 \u2028 x\x0b",
                     "<!-- rule: x; src: y.md; conf: 0.5 -->", "\r", "# Heading", "<!-- other:start -->"]),
)


@st.composite
def documents(draw: st.DrawFn) -> str:
    lines = draw(st.lists(LINE, max_size=8))
    newline = draw(st.sampled_from(["\n", "\r\n"]))
    text = newline.join(lines)
    if lines and draw(st.booleans()):
        text += newline
    if draw(st.booleans()):
        text = "\ufeff" + text
    return "".join(c for c in text if c != "\x00")


def _clean(text: str) -> bool:
    return all(b.marker_kind(line, "ai-memory") is None for line in b.split_lines(text.removeprefix("\ufeff")))


WORDS = st.sampled_from(["Never push to main.", "Always run the tests\nbefore a commit.", "Use tabs, not spaces."])
IDS = st.sampled_from(["a", "b", "c", "sqlite-writer"])


@settings(max_examples=300)
@given(documents(), st.lists(st.tuples(IDS, WORDS), min_size=1, max_size=4))
def test_approve_then_remove_all_restores_a_file_without_block(text: str, adds: list[tuple[str, str]]) -> None:
    if not _clean(text):
        return
    out = text
    for rule_id, words in adds:
        out = b.upsert(out, rule_id, words, SRC.format(rule_id), 0.8)
        assert out.encode("utf-8").startswith(text.encode("utf-8"))
        assert b.parse(out).problems == ()
    ids = list(dict.fromkeys(rule_id for rule_id, _ in adds))
    assert [r.id for r in b.parse(out).rules] == ids
    for rule_id in ids:
        out = b.remove(out, rule_id)
    assert out.encode("utf-8") == text.encode("utf-8")


@st.composite
def documents_with_block(draw: st.DrawFn) -> tuple[str, str, str, list[str]]:
    """(everything up to and including the sub-block marker, the rules, the end marker and what follows it,
    the promoted ids) of a file that has a block; head and tail are arbitrary text."""
    newline = draw(st.sampled_from(["\n", "\r\n"]))
    head = draw(documents().filter(_clean))
    if head.removeprefix("\ufeff") and not head.endswith("\n"):
        head += newline
    snippet = draw(st.sampled_from(["", SNIPPET])).replace("\n", newline)
    opening = f"<!-- ai-memory:start -->{newline}{snippet}"
    sub = f"<!-- ai-memory: promoted rules (managed) -->{newline}"
    ids = draw(st.lists(IDS, min_size=1, max_size=3, unique=True))
    rules = "".join(b.render_rule(i, draw(WORDS), SRC.format(i), 0.9, newline) for i in ids)
    tail = "<!-- ai-memory:end -->"
    if draw(st.booleans()):
        tail += newline + draw(documents().filter(_clean)).removeprefix("\ufeff")
    return head, opening + sub, rules + "\x00" + tail, ids


@settings(max_examples=400)
@given(documents_with_block(), IDS, WORDS, st.sampled_from(["approve", "edit", "remove"]))
def test_approve_edit_remove_change_only_the_sub_block(
    parts: tuple[str, str, str, list[str]], rule_id: str, words: str, op: str
) -> None:
    head, opening, rest, promoted = parts
    rules, tail = rest.split("\x00")
    text = head + opening + rules + tail
    if op == "edit" and rule_id not in promoted:
        rule_id = promoted[0]
    if op == "remove" and rule_id not in promoted:
        with pytest.raises(b.BlockError):
            b.remove(text, rule_id)
        return
    if op == "remove":
        out = b.remove(text, rule_id)
        expected = [i for i in promoted if i != rule_id]
    else:
        out = b.upsert(text, rule_id, words, SRC.format(rule_id), 0.7)
        expected = promoted if rule_id in promoted else [*promoted, rule_id]
    block = b.parse(out)
    assert block.problems == ()
    assert [r.id for r in block.rules] == expected
    if op == "remove" and not expected and SNIPPET[:9] not in opening:
        # the block held only our sub-block: it goes, with at most the blank line that separated it
        following = tail.split("\n", 1)[1] if "\n" in tail else ""
        if following:
            assert out == head + following
        else:
            assert head.startswith(out) and set(head[len(out):]) <= {"\r", "\n"}
            assert head[len(out):].count("\n") <= 2
        return
    kept_head = head + opening if expected else head + opening.rsplit("<!-- ai-memory: promoted", 1)[0]
    assert out.encode("utf-8").startswith(kept_head.encode("utf-8"))
    assert out.encode("utf-8").endswith(tail.encode("utf-8"))
    if op != "remove":
        rule = block.rule(rule_id)
        assert rule is not None and rule.text == words


MARKERISH = st.sampled_from(["<!-- ai-memory:start -->", "<!-- ai-memory:end -->", "<!-- ai-memory:x -->",
                             "<!-- ai-memory: promoted rules (managed) -->", "- r <!-- rule: a; src: a.md; conf: 0.5 -->",
                             "- r <!-- rule: b; src: ; conf: 2 -->", "  cont", "- bare"])


@settings(max_examples=300)
@given(st.lists(st.one_of(LINE, MARKERISH), max_size=12), st.sampled_from(["\n", "\r\n"]), IDS, WORDS)
def test_parse_and_edit_never_crash_on_arbitrary_text(lines: list[str], newline: str, rule_id: str,
                                                      words: str) -> None:
    text = newline.join(lines).replace("\x00", "")
    block = b.parse(text)
    count = len(b.split_lines(text))
    assert all(1 <= p.line <= count for p in block.problems)
    assert all(1 <= r.line <= r.end_line <= count for r in block.rules)
    try:
        out = b.upsert(text, rule_id, words, "x.md", 0.5)
    except b.BlockError as exc:
        assert exc.line is not None and 1 <= exc.line <= count
        return
    assert b.parse(out).rule(rule_id) is not None
    assert b.remove(out, rule_id).count("\n") <= out.count("\n")
