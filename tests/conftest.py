from __future__ import annotations

import os
import shutil
import tempfile
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.helpers import hermetic_env

CHECKOUT = Path(__file__).resolve().parent.parent
SHARED_HELP = (
    "needs the project's shared folder: real AGENTS.md/CLAUDE.md/rules files gathered from public repositories "
    "(shared/corpus) and the SARIF 2.1.0 schema (shared/schemas), which are not ours to commit. Put the folder "
    "`shared` beside this checkout or beside any folder above it (e.g. ../shared), or point KGUARD_SHARED_DIR at it"
)
_WATCHED = (".snotra", ".agents", ".local/state/kguard", ".claude")
# The two tiers. A run that names no tests and no -m (`pytest`, the README's contributor command) is the fast
# tier; `pytest -m probe` is the probe tier (.ci/run runs both); a run that names files or tests runs what it
# names, in either tier. Parallel workers get the same arguments, so they choose alike.
FAST_TIER = "not probe"


def pytest_configure(config: pytest.Config) -> None:
    """Each test process gets its own stand-in for the user's home before any test module is imported, so
    nothing a test starts can reach the real home, and what leaks past a test's own home is seen by that
    process alone (parallel workers and other test runs on the machine cannot be blamed for each other).
    A run that names neither tests nor -m is the fast tier."""
    outer = Path(tempfile.mkdtemp(prefix="kguard-tests-home-"))
    config.stash[_OUTER] = outer
    real_pip_cache = os.environ.get("PIP_CACHE_DIR") or os.path.join(os.path.expanduser("~"), ".cache", "pip")
    os.environ.setdefault("PIP_CACHE_DIR", real_pip_cache)  # the hook and action tests pip-install offline-fast
    os.environ["HOME"] = str(outer)
    for key in ("KGUARD_HOME", "XDG_STATE_HOME"):
        os.environ.pop(key, None)
    if not config.option.markexpr and config.args_source == pytest.Config.ArgsSource.TESTPATHS:
        config.option.markexpr = FAST_TIER


# Test files whose tests share a venv built once per run (tests.helpers.built_once): all their tests go to one
# worker as one unit, so the other worker keeps running other tests instead of waiting for the same build.
SHARED_BUILD_MODULES = {"tests/test_action.py", "tests/test_pre_commit.py"}

try:
    from xdist.scheduler import LoadScopeScheduling
except ImportError:  # pytest without xdist: nothing to schedule
    pass
else:
    class _OneWorkerPerSharedBuild(LoadScopeScheduling):
        def _split_scope(self, nodeid: str) -> str:
            module = nodeid.split("::", 1)[0]
            return module if module in SHARED_BUILD_MODULES else nodeid

    def pytest_xdist_make_scheduler(config: pytest.Config, log: object) -> LoadScopeScheduling:
        return _OneWorkerPerSharedBuild(config, log)

    def pytest_xdist_auto_num_workers(config: pytest.Config) -> int:
        """`-n auto`: two workers a core. Most tests wait on the kguard and git processes they start, and
        some wait out the stat cache's racily-clean second; with one worker a core the cores sat idle for a
        sixth of the run (on 2 cores: 254 s with 2 workers, 223 s with 4, the same CPU time)."""
        return 2 * (len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else (os.cpu_count() or 1))


def pytest_unconfigure(config: pytest.Config) -> None:
    outer = config.stash.get(_OUTER, None)
    if outer is not None:
        shutil.rmtree(outer, ignore_errors=True)


_OUTER = pytest.StashKey[Path]()


@pytest.fixture(autouse=True)
def hermetic(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, request: pytest.FixtureRequest
             ) -> Iterator[dict[str, str]]:
    """Every test runs with git and kguard pointed at temporary folders, and fails if the process's home
    (a stand-in for the user's, see pytest_configure) gains kguard state or knowledge files."""
    outer = request.config.stash[_OUTER]
    before = {name: (outer / name).exists() for name in _WATCHED}
    env = hermetic_env(tmp_path / "_env")
    for key in [k for k in os.environ if k.startswith(("GIT_", "KGUARD_"))]:
        monkeypatch.delenv(key)
    for key, value in env.items():
        monkeypatch.setenv(key, value)
    monkeypatch.delenv("XDG_STATE_HOME", raising=False)
    yield env
    created = [name for name, existed in before.items() if not existed and (outer / name).exists()]
    for name in created:
        shutil.rmtree(outer / name, ignore_errors=True)  # blame the next leak on its own test
    assert not created, f"a test wrote into the home outside its hermetic environment: {created}"


@pytest.fixture
def home(hermetic: dict[str, str]) -> Path:
    return Path(hermetic["KGUARD_HOME"])


def find_shared() -> Path | None:
    """The read-only shared folder: $KGUARD_SHARED_DIR, else `shared` beside the checkout or a folder above it."""
    given = os.environ.get("KGUARD_SHARED_DIR")
    if given:
        return Path(given) if Path(given).is_dir() else None
    for folder in (CHECKOUT, *CHECKOUT.parents):
        candidate = folder / "shared"
        if (candidate / "corpus").is_dir() or (candidate / "schemas").is_dir():
            return candidate
    return None


_SHARED = find_shared()


@pytest.fixture
def shared_dir() -> Path:
    """The shared folder (corpus, schemas); the test skips, saying what to do, when it is absent."""
    if _SHARED is None:
        pytest.skip(SHARED_HELP)
    return _SHARED
