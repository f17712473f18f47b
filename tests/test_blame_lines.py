"""The pure parts of `kguard blame`: lines as git counts them, records carried through git's line diff, git
blame's porcelain read back, and the store's records surviving a round trip."""
from __future__ import annotations

from pathlib import Path

from guard.provenance import lines
from guard.provenance.blame import _porcelain
from guard.provenance.records import Record
from guard.provenance.store import Lines, LineStore, load


def test_lines_are_counted_as_git_blame_counts_them() -> None:
    assert lines.split(b"") == []
    assert lines.split(b"a\nb\n") == [b"a", b"b"]
    assert lines.split(b"a\nb") == [b"a", b"b"]
    assert lines.split(b"a\r\nb\n") == [b"a\r", b"b"]  # a CR stays inside its line


def test_unchanged_lines_keep_their_value_and_added_ones_get_none() -> None:
    old = b"one\ntwo\nthree\n"
    assert lines.carry(old, b"zero\none\ntwo\nthree\n", ["1", "2", "3"]) == [None, "1", "2", "3"]
    assert lines.carry(old, b"one\nTWO\nthree\nfour\n", ["1", "2", "3"]) == ["1", None, "3", None]
    assert lines.carry(old, b"three\n", ["1", "2", "3"]) == ["3"]
    assert lines.carry(old, old, ["1", "2", "3"]) == ["1", "2", "3"]
    assert lines.carry(old, b"a\0b\n", ["1", "2", "3"]) == [None]  # binary: nothing is carried
    assert lines.added(None, b"a\nb\n") == [0, 1]
    assert lines.added(old, b"one\nnew\ntwo\nthree\n") == [1]


def test_git_blame_porcelain_is_read_back_with_boundaries() -> None:
    commit = "a" * 40
    out = (f"{commit} 3 1 1\nauthor Ada Lovelace\nauthor-time 1700000000\nboundary\nfilename old/AGENTS.md\n"
           "\t- a line\n"
           f"{commit} 4 2\nauthor Ada Lovelace\nauthor-time 1700000000\nfilename old/AGENTS.md\n\t\n").encode()
    assert list(_porcelain(out, "AGENTS.md")) == [
        (0, (commit, "old/AGENTS.md", 3, "Ada Lovelace", 1.7e9), True),
        (1, (commit, "old/AGENTS.md", 4, "Ada Lovelace", 1.7e9), False)]


def test_the_line_store_round_trips_and_shares_equal_records(tmp_path: Path) -> None:
    agent = Record(origin="agent", who="Claude Code", session="s", command="Write", when=1.0, accepted="user")
    store = LineStore(tmp_path / "provenance.json")
    store.files["AGENTS.md"] = Lines("b" * 40, [None, agent, agent])
    store.save()
    again = load(tmp_path)
    assert again.problem == "" and again.files["AGENTS.md"].records == [None, agent, agent]
    assert store.dump().count(b'"Claude Code"') == 1
