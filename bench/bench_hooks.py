"""How long the hooks take: each Claude Code event through `kguard hook claude-code`, and a `git commit` and a
`git checkout` with kguard's git hooks installed beside the same without them. Prints medians; run with
`python bench/bench_hooks.py [ROUNDS]`. Everything happens in a temporary folder with its own HOME."""
from __future__ import annotations

import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

KGUARD = str(Path(sys.executable).parent / "kguard") if (Path(sys.executable).parent / "kguard").exists() \
    else shutil.which("kguard") or "kguard"


def median_ms(action: Callable[[], object], rounds: int) -> float:
    times = []
    for _ in range(rounds):
        start = time.perf_counter()
        action()
        times.append(time.perf_counter() - start)
    return statistics.median(times) * 1000


def git(*args: str, cwd: Path) -> None:
    subprocess.run(["git", *args], cwd=cwd, check=True, capture_output=True)


def make_repo(path: Path) -> Path:
    path.mkdir(parents=True)
    git("init", "-q", "-b", "main", cwd=path)
    (path / "AGENTS.md").write_text("# Rules\n- Run the tests before you commit.\n")
    (path / "CLAUDE.md").write_text("@AGENTS.md\n")
    for i in range(200):
        (path / "src").mkdir(exist_ok=True)
        (path / "src" / f"m{i}.py").write_text(f"x = {i}\n")
    git("add", "-A", cwd=path)
    git("commit", "-q", "-m", "init", cwd=path)
    return path


def claude(repo: Path, rounds: int) -> None:
    def event(name: str, tool: str | None = None, **fields: object) -> str:
        data = {"session_id": "bench", "cwd": str(repo), "permission_mode": "default", "hook_event_name": name,
                **({"tool_name": tool, "tool_use_id": "toolu_bench"} if tool else {}), **fields}
        return json.dumps(data)

    cases = {
        "PreToolUse Bash": event("PreToolUse", "Bash", tool_input={"command": "ls"}),
        "PostToolUse Bash, nothing changed": event("PostToolUse", "Bash", tool_input={"command": "ls"},
                                                   tool_response={"stdout": "AGENTS.md\nsrc\n", "stderr": ""}),
        "PreToolUse Read (read-only tool)": event("PreToolUse", "Read", tool_input={
            "file_path": str(repo / "src" / "m1.py")}),
        "PreToolUse Write to AGENTS.md": event("PreToolUse", "Write", tool_input={
            "file_path": str(repo / "AGENTS.md"), "content": "# Rules\n- be brief\n"}),
        "PreToolUse Write to src/app.py": event("PreToolUse", "Write", tool_input={
            "file_path": str(repo / "src" / "app.py"), "content": "x = 1\n"}),
        "SessionStart": event("SessionStart", source="startup"),
    }
    for name, data in cases.items():
        ms = median_ms(lambda: subprocess.run([KGUARD, "hook", "claude-code"], input=data, text=True,
                                              capture_output=True, cwd=repo), rounds)
        print(f"  {name:<36} {ms:7.1f} ms")


def git_hooks(bare: Path, guarded: Path, rounds: int) -> None:
    def commit(repo: Path) -> Callable[[], None]:
        def run() -> None:
            with open(repo / "AGENTS.md", "a") as handle:
                handle.write("- one more rule\n")
            git("commit", "-q", "-am", "more", cwd=repo)
        return run

    def switch(repo: Path) -> Callable[[], None]:
        state = {"branch": "other"}

        def run() -> None:
            git("checkout", "-q", state["branch"], cwd=repo)
            state["branch"] = "main" if state["branch"] == "other" else "other"
        return run

    for label, make in (("git commit of AGENTS.md", commit), ("git checkout (no knowledge change)", switch)):
        for repo in (bare, guarded):
            git("branch", "-f", "other", "HEAD", cwd=repo)
        plain, hooked = make(bare), make(guarded)
        times_plain, times_hooked = [], []
        for _ in range(rounds):  # alternate, so both see the same machine state
            times_plain.append(median_ms(plain, 1))
            times_hooked.append(median_ms(hooked, 1))
        print(f"  {label:<36} {statistics.median(times_plain):7.1f} ms bare, "
              f"{statistics.median(times_hooked):7.1f} ms with kguard's hooks")


def main() -> int:
    rounds = int(sys.argv[1]) if len(sys.argv) > 1 else 9
    with tempfile.TemporaryDirectory() as tmp:
        base = Path(tmp)
        home = base / "home"
        home.mkdir()
        config = base / "gitconfig"
        config.write_text("[user]\n\tname = bench\n\temail = bench@example.com\n[commit]\n\tgpgsign = false\n")
        os.environ.update(HOME=str(home), KGUARD_HOME=str(home), GIT_CONFIG_GLOBAL=str(config),
                          GIT_CONFIG_NOSYSTEM="1", NO_COLOR="1")
        bare, guarded = make_repo(base / "bare"), make_repo(base / "guarded")
        subprocess.run([KGUARD, "hooks", "install", "--git"], cwd=guarded, check=True, capture_output=True)
        time.sleep(2.5)  # past the stat cache's racily-clean window, as between two real tool calls
        subprocess.run([KGUARD, "snapshot"], cwd=guarded, check=True, capture_output=True)
        print(f"kguard hook latency, median of {rounds} ({KGUARD}):")
        claude(guarded, rounds)
        print("git with and without kguard's hooks:")
        git_hooks(bare, guarded, rounds)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
