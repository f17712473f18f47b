"""Helpers shared by the tests: real git repositories in temporary folders and the real `kguard`."""
from __future__ import annotations

import fcntl
import os
import shutil
import subprocess
import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest

def _find_kguard() -> str:
    """The `kguard` installed with this interpreter (not a version manager's shim in front of it)."""
    beside = Path(sys.executable).parent / "kguard"
    return str(beside) if beside.exists() else shutil.which("kguard") or ""


KGUARD = _find_kguard()


def kguard_python() -> str:
    """The interpreter the installed `kguard` runs with (the shebang of `kguard-py` beside it), which is what
    the commands kguard writes into settings name; it may differ from this test's `sys.executable` by name
    (`python` against `python3.11`)."""
    entry = Path(KGUARD).parent / "kguard-py"
    first = entry.read_text().splitlines()[0] if entry.exists() else ""
    return first[2:].strip() if first.startswith("#!") else sys.executable


def kguard_argv() -> list[str]:
    if not KGUARD:
        raise RuntimeError("the `kguard` command is not installed: run `pip install -e '.[test]'` first")
    return [KGUARD]


def run_kguard(
    *args: str,
    cwd: Path,
    input: str | bytes | None = None,
    env: dict[str, str] | None = None,
    timeout: float = 120,
) -> subprocess.CompletedProcess[str]:
    """Run the installed `kguard` as a user would; text mode, stdout and stderr captured."""
    if isinstance(input, bytes):
        input = input.decode("utf-8")
    return subprocess.run(
        [*kguard_argv(), *args],
        cwd=cwd,
        input=input if input is not None else "",
        capture_output=True,
        text=True,
        env=env,
        timeout=timeout,
    )


def git(*args: str, cwd: Path, check: bool = True) -> str:
    result = subprocess.run(["git", *args], cwd=cwd, capture_output=True, text=True)
    if check and result.returncode != 0:
        raise AssertionError(f"git {' '.join(args)} failed: {result.stderr}")
    return result.stdout


def init_repo(path: Path, files: dict[str, str | bytes] | None = None) -> Path:
    path.mkdir(parents=True, exist_ok=True)
    git("init", "-q", "-b", "main", cwd=path)
    for name, content in (files or {"README.md": "# demo\n"}).items():
        write(path / name, content)
    git("add", "-A", cwd=path)
    git("commit", "-q", "-m", "initial", cwd=path)
    return path


def write(path: Path, content: str | bytes) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    if isinstance(content, str):
        content = content.encode("utf-8")
    path.write_bytes(content)
    return path


def python() -> str:
    return sys.executable


def hermetic_env(base: Path) -> dict[str, str]:
    """An environment in which git and kguard see only folders under `base`."""
    home = base / "home"
    home.mkdir(parents=True, exist_ok=True)
    template = base / "git-template"
    template.mkdir(exist_ok=True)
    gitconfig = base / "gitconfig"
    gitconfig.write_text(
        "[user]\n\tname = Test User\n\temail = test@example.com\n"
        "[init]\n\tdefaultBranch = main\n[commit]\n\tgpgsign = false\n"
        "[advice]\n\tdetachedHead = false\n[pull]\n\trebase = false\n"
    )
    env = {k: v for k, v in os.environ.items() if not k.startswith(("GIT_", "KGUARD_"))}
    env.update(
        HOME=str(home),
        KGUARD_HOME=str(home),
        GIT_CONFIG_GLOBAL=str(gitconfig),
        GIT_CONFIG_NOSYSTEM="1",
        GIT_TEMPLATE_DIR=str(template),
        GIT_AUTHOR_DATE="2026-01-01T00:00:00Z",
        GIT_COMMITTER_DATE="2026-01-01T00:00:00Z",
        NO_COLOR="1",
    )
    env.pop("XDG_STATE_HOME", None)
    env.pop("PRE_COMMIT", None)
    return env


@contextmanager
def locked(path: Path) -> Iterator[None]:
    """An exclusive lock on `path` (created if missing), shared by every test process of the run."""
    with open(path, "a") as handle:
        fcntl.flock(handle, fcntl.LOCK_EX)
        try:
            yield
        finally:
            fcntl.flock(handle, fcntl.LOCK_UN)


def built_once(factory: pytest.TempPathFactory, name: str, build: Callable[[Path], None]) -> Path:
    """A folder built by `build` once per test run, however many parallel workers ask for it: the first
    builds it under a lock, the others wait and reuse it."""
    root = factory.getbasetemp()
    if os.environ.get("PYTEST_XDIST_WORKER"):
        root = root.parent  # the run's folder, above each worker's own
    folder = root / name
    with locked(root / f"{name}.lock"):
        if not (root / f"{name}.done").exists():
            shutil.rmtree(folder, ignore_errors=True)
            folder.mkdir()
            build(folder)
            (root / f"{name}.done").touch()
    return folder


def scan_lists(text: str, path: str = "<text>", select: list[str] | None = None) -> list:
    """What the detectors read in `text`, each at its own level: a scan without the learned models, so before the
    second opinion that a phrase list's error needs in a full scan (guard/scan/agreement.py:seconded, tested in
    tests/test_scan_second_opinion.py). The tests of what a list reads and at which level use this."""
    from guard.scan.engine import scan_text
    from guard.scan.registry import REGISTRY, matches

    select = select or list(REGISTRY)
    return scan_text(text, path, [det_id for det_id in REGISTRY if det_id[:3] != "LRN" and matches(det_id, select)])


def assert_error_from(det_id: str, text: str, path: str = "AGENTS.md") -> None:
    """The detector `det_id` reads `text` at error (the scan tests' cases by intent; a phrase list's before the
    second opinion, a learned model's in the full scan)."""
    from guard.scan.engine import scan_text

    found = {(f.id, f.severity) for f in (scan_text if det_id.startswith("LRN") else scan_lists)(text, path)}
    assert (det_id, "error") in found, found


def assert_no_error(text: str, path: str = "AGENTS.md") -> None:
    """A look-alike draws no error from any detector."""
    from guard.scan.engine import scan_text

    found = [(f.id, f.severity) for f in scan_text(text, path) if f.severity == "error"]
    assert not found, found
