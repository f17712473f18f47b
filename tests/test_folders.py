"""The stat cache's folder record: stored compactly, read back whole, and the check that no folder moved."""
from __future__ import annotations

import os
import time
from pathlib import Path

from hypothesis import given
from hypothesis import strategies as st

from guard import folders
from guard.folders import ABSENT

NOW = 2**62  # a racy limit no stamp on disk reaches (year 2116; a time taken at import was passed in slow runs)


def record_of(base: Path, present: list[str], absent: list[str] = ()) -> dict[str, object]:  # type: ignore[assignment]
    dirs = {rel: [folders.stamp(os.lstat(base / rel)), True] for rel in present}
    dirs.update({rel: [ABSENT, False] for rel in absent})
    return folders.encode(dirs)


def tree(tmp_path: Path) -> Path:
    for rel in ("a/b", "c"):
        (tmp_path / rel).mkdir(parents=True)
    return tmp_path


@given(st.dictionaries(st.text(alphabet="ab/._- é\n", min_size=1, max_size=12).filter(lambda s: s != "."),
                       st.tuples(st.one_of(st.just(ABSENT), st.integers(0, 2**63 - 1)), st.booleans()),
                       max_size=20))
def test_the_stored_form_reads_back_whole(dirs: dict[str, tuple[int, bool]]) -> None:
    dirs = {rel: [when, recursive] for rel, (when, recursive) in dirs.items()}
    dirs[""] = [5, True]  # the root itself is stored as "."
    assert folders.decode(folders.encode(dirs)) == dirs


def test_unchanged_until_a_folder_gains_an_entry(tmp_path: Path) -> None:
    base = tree(tmp_path)
    record = record_of(base, ["", "a", "a/b", "c"])
    assert folders.unchanged(str(base), record, NOW)
    (base / "a" / "b" / "AGENTS.md").write_text("x\n")
    assert not folders.unchanged(str(base), record, NOW)


def test_setting_the_mtime_back_does_not_hide_a_new_entry(tmp_path: Path) -> None:
    base = tree(tmp_path)
    before = os.stat(base / "c")
    record = record_of(base, ["", "a", "a/b", "c"])
    time.sleep(0.01)
    (base / "c" / "AGENTS.md").write_text("x\n")
    os.utime(base / "c", ns=(before.st_atime_ns, before.st_mtime_ns))
    assert os.stat(base / "c").st_mtime_ns == before.st_mtime_ns
    assert not folders.unchanged(str(base), record, NOW)


def test_a_vanished_folder_and_a_returning_one_are_changes(tmp_path: Path) -> None:
    base = tree(tmp_path)
    record = record_of(base, ["", "a", "a/b", "c"], absent=[".cursor/rules"])
    assert folders.unchanged(str(base), record, NOW)
    (base / ".cursor").mkdir()
    (base / ".cursor" / "rules").write_text("a file where a folder was expected\n")
    assert folders.unchanged(str(base), record_of(base, ["", "a", "a/b", "c", ".cursor"], [".cursor/rules"]), NOW)
    (base / ".cursor" / "rules").unlink()
    (base / ".cursor" / "rules").mkdir()
    assert not folders.unchanged(str(base), record, NOW)
    record = record_of(base, ["", "a", "a/b", "c"])
    os.rmdir(base / "c")
    assert not folders.unchanged(str(base), record, NOW)


def test_a_stamp_in_the_racy_second_counts_as_changed(tmp_path: Path) -> None:
    base = tree(tmp_path)
    record = record_of(base, ["", "a", "a/b", "c"])
    assert not folders.unchanged(str(base), record, racy_after=int(record["newest"]))  # type: ignore[call-overload]


def test_the_check_leaves_the_current_folder_where_it_was(tmp_path: Path) -> None:
    base = tree(tmp_path)
    record = record_of(base, ["", "a"])
    here = os.getcwd()
    assert folders.unchanged(str(base), record, NOW)
    assert os.getcwd() == here
    assert not folders.unchanged(str(base / "gone"), record, NOW)
    assert os.getcwd() == here


def test_a_damaged_record_is_never_unchanged(tmp_path: Path) -> None:
    base = tree(tmp_path)
    good = record_of(base, ["", "a"])
    for damage in ({"stamps": "zz"}, {"present": "x"}, {"names": 5}, {"byteorder": "middle"}, {"newest": None}):
        assert not folders.unchanged(str(base), {**good, **damage}, NOW)
    assert not folders.unchanged(str(base), {}, NOW)


def test_a_folder_name_with_a_newline(tmp_path: Path) -> None:
    base = tree(tmp_path)
    (base / "odd\nname").mkdir()
    record = record_of(base, ["", "a", "odd\nname"])
    assert isinstance(record["names"], list)
    assert folders.unchanged(str(base), record, NOW)
    (base / "odd\nname" / "AGENTS.md").write_text("x\n")
    assert not folders.unchanged(str(base), record, NOW)
    assert "odd\nname" in folders.decode(record)
