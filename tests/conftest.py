from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.helpers import hermetic_env

REAL_HOME = Path(os.path.expanduser("~"))
WATCHED = [REAL_HOME / ".snotra", REAL_HOME / ".agents", REAL_HOME / ".local" / "state" / "kguard"]


@pytest.fixture(autouse=True)
def hermetic(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[dict[str, str]]:
    """Every test runs with git and kguard pointed at temporary folders, and fails if the real home
    gains kguard state or knowledge files."""
    before = {p: p.exists() for p in WATCHED}
    env = hermetic_env(tmp_path / "_env")
    for key in [k for k in os.environ if k.startswith(("GIT_", "KGUARD_"))]:
        monkeypatch.delenv(key)
    for key, value in env.items():
        monkeypatch.setenv(key, value)
    monkeypatch.delenv("XDG_STATE_HOME", raising=False)
    yield env
    created = [str(p) for p, existed in before.items() if not existed and p.exists()]
    assert not created, f"a test wrote into the real home: {created}"


@pytest.fixture
def home(hermetic: dict[str, str]) -> Path:
    return Path(hermetic["KGUARD_HOME"])


@pytest.fixture
def shared_dir() -> Path:
    """The read-only shared folder (corpus, schemas) beside the project checkout."""
    root = Path(__file__).resolve().parent.parent
    for candidate in (root.parent / "shared", root / "shared"):
        if candidate.is_dir():
            return candidate
    pytest.skip("../shared is not beside this checkout")
    raise AssertionError  # unreachable
