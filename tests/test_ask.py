"""On a TTY, `kguard run` asks Keep or Reset per file or once for all (driven through a real pseudo-terminal)."""
from __future__ import annotations

import os
import pty
import select
import subprocess
import time
from pathlib import Path

from tests.helpers import init_repo, kguard_argv, run_kguard


def run_on_tty(argv: list[str], cwd: Path, answers: list[str], timeout: float = 60) -> tuple[int, str]:
    main, child = pty.openpty()
    proc = subprocess.Popen(argv, cwd=cwd, stdin=child, stdout=child, stderr=child, close_fds=True)
    os.close(child)
    output = b""
    pending = list(answers)
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        ready, _, _ = select.select([main], [], [], 0.1)
        if ready:
            try:
                chunk = os.read(main, 4096)
            except OSError:
                break
            if not chunk:
                break
            output += chunk
            if pending and output.rstrip().endswith(b":"):
                os.write(main, (pending.pop(0) + "\n").encode())
        elif proc.poll() is not None:
            break
    proc.wait(timeout=10)
    os.close(main)
    return proc.returncode, output.decode("utf-8", "replace")


def test_ask_per_file(tmp_path: Path) -> None:
    repo = init_repo(tmp_path / "repo", {"AGENTS.md": "a\n", "CLAUDE.md": "c\n"})
    run_kguard("snapshot", cwd=repo)
    code, output = run_on_tty(
        [*kguard_argv(), "run", "--", "sh", "-c", "echo 1 >> AGENTS.md; echo 2 >> CLAUDE.md"], repo, ["k", "r"])
    assert code == 0, output
    assert "modified AGENTS.md: [k]eep, [r]eset, [K]eep all, [R]eset all:" in output
    assert (repo / "AGENTS.md").read_text() == "a\n1\n"
    assert (repo / "CLAUDE.md").read_text() == "c\n"
    assert run_kguard("status", cwd=repo).returncode == 0


def test_ask_reset_all(tmp_path: Path) -> None:
    repo = init_repo(tmp_path / "repo", {"AGENTS.md": "a\n", "CLAUDE.md": "c\n"})
    run_kguard("snapshot", cwd=repo)
    code, output = run_on_tty(
        [*kguard_argv(), "run", "--", "sh", "-c", "echo 1 >> AGENTS.md; echo 2 >> CLAUDE.md"], repo, ["R"])
    assert code == 0, output
    assert output.count("[k]eep, [r]eset") == 1
    assert (repo / "AGENTS.md").read_text() == "a\n"
    assert (repo / "CLAUDE.md").read_text() == "c\n"
