from __future__ import annotations

from rules_engine.block_text import BOM, content, detect_newline, ending, split_bom, split_lines


def test_split_lines_ends_lines_only_at_newline() -> None:
    assert split_lines("a\r\nb\x0bc\u2028d\ne") == ["a\r\n", "b\x0bc\u2028d\n", "e"]
    assert split_lines("") == []


def test_split_bom_takes_one_bom_off_and_keeps_it() -> None:
    assert split_bom(BOM + BOM + "x\n") == (BOM, [BOM + "x\n"])
    assert split_bom("x\ny") == ("", ["x\n", "y"])


def test_content_ending_and_newline() -> None:
    assert (content("a\r\n"), ending("a\r\n")) == ("a", "\r\n")
    assert (content("a\r"), ending("a\r")) == ("a\r", "")
    assert detect_newline("a\r\nb\n") == "\r\n"
    assert detect_newline("\nb\r\n") == "\n"
    assert detect_newline("no newline") == "\n"
