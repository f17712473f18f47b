"""How long the hooks take: each Claude Code event through `kguard hook claude-code`, a benign call of each
harness adapter (`kguard hook cursor|codex|gemini|copilot`) and a PostToolUse whose PreToolUse never came, as
ratios of CPU time (the hook's and its children's) to a bare `python -c pass` (issue 22's goals), and a `git
commit` and a `git checkout` with kguard's git hooks installed beside the same without them. Prints medians;
run with `python bench/bench_hooks.py [ROUNDS]`. Everything happens in a temporary folder with its own HOME.
bench_instructions.py counts the same adapter cases in instructions, for two installs side by side."""
from __future__ import annotations

import json
import os
import resource
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
OUTPUT = "collected 12 items\n\n12 passed in 0.31s\n"  # a Bash call's output: something to scan
GOALS = {"Cursor afterFileEdit src/app.py": 3.0, "PostToolUse Bash without PreToolUse": 4.0}


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


def warm_repo(repo: Path, snapshot: list[str], run: list[str], env: dict[str, str] | None = None) -> Path:
    """A repository whose stat cache the hooks trust, as between two real tool calls: AGENTS.md and
    src/app.py among 200 files, a snapshot, then a `kguard run -- true` past the racily-clean second."""
    (repo / "src").mkdir(parents=True)
    subprocess.run(["git", "init", "-q", str(repo)], env=env, check=True)
    (repo / "AGENTS.md").write_text("# Rules\n- Run the tests before you commit.\n")
    (repo / "CLAUDE.md").write_text("@AGENTS.md\n")
    for i in range(200):
        (repo / "src" / f"m{i}.py").write_text(f"x = {i}\n")
    (repo / "src" / "app.py").write_text("print(1)\n")
    time.sleep(1.1)
    for argv in (snapshot, run):
        subprocess.run(argv, cwd=repo, env=env, check=True, capture_output=True)
        time.sleep(1.1)
    return repo


def adapter_cases(repo: Path) -> dict[str, tuple[list[str], str, str | None]]:
    """Issue 22's cases in each harness's documented payload shape (tests/test_agent_hooks.py): name ->
    (the arguments after `kguard hook`, stdin, stdin of the event that comes before it or None)."""
    app = str(repo / "src" / "app.py")
    cursor = {"hook_event_name": "afterFileEdit", "conversation_id": "conv-7", "generation_id": "gen-3",
              "workspace_roots": [str(repo)], "file_path": app,
              "edits": [{"old_string": "print(1)", "new_string": "print(2)"}]}
    codex = {"session_id": "019a-codex", "turn_id": "turn-2", "cwd": str(repo), "model": "gpt-5-codex",
             "permission_mode": "default", "tool_name": "Bash", "tool_use_id": "call_bench",
             "tool_input": {"command": "pytest -q"}}
    gemini = {"session_id": "gem-1", "cwd": str(repo), "hook_event_name": "AfterTool", "tool_name": "write_file",
              "tool_input": {"file_path": app, "content": "print(2)\n"},
              "tool_response": {"llmContent": "Wrote src/app.py", "returnDisplay": "ok"}}
    copilot = {"timestamp": 1704614600000, "cwd": str(repo), "toolName": "edit",
               "toolArgs": json.dumps({"path": app, "old_str": "print(1)", "new_str": "print(2)"}),
               "toolResult": {"resultType": "success", "textResultForLlm": "edited"}}
    claude = {"session_id": "bench", "cwd": str(repo), "permission_mode": "default", "tool_name": "Bash",
              "tool_input": {"command": "pytest -q"}}
    return {
        "Cursor afterFileEdit src/app.py": (["cursor"], json.dumps(cursor), None),
        "Cursor preToolUse Write src/app.py": (["cursor"], json.dumps(
            {**cursor, "hook_event_name": "preToolUse", "tool_name": "Write", "tool_use_id": "t1",
             "tool_input": {"file_path": app, "content": "print(2)\n"}}), None),
        "Codex PostToolUse Bash (output)": (["codex"], json.dumps({**codex, "hook_event_name": "PostToolUse",
                                                                   "tool_response": OUTPUT}),
                                            json.dumps({**codex, "hook_event_name": "PreToolUse"})),
        "Gemini AfterTool write_file src/app.py": (["gemini"], json.dumps(gemini), None),
        "Copilot postToolUse edit src/app.py": (["copilot", "postToolUse"], json.dumps(copilot), None),
        "PostToolUse Bash after PreToolUse": (["claude-code"], json.dumps(
            {**claude, "hook_event_name": "PostToolUse", "tool_use_id": "toolu_paired",
             "tool_response": {"stdout": OUTPUT, "stderr": ""}}), json.dumps(
            {**claude, "hook_event_name": "PreToolUse", "tool_use_id": "toolu_paired"})),
        "PostToolUse Bash without PreToolUse": (["claude-code"], json.dumps(
            {**claude, "hook_event_name": "PostToolUse", "tool_use_id": "toolu_alone",
             "tool_response": {"stdout": OUTPUT, "stderr": ""}}), None),
    }


def child_cpu(argv: list[str], stdin: str | None, cwd: Path) -> float:
    """CPU seconds (user + system) of one run of `argv` and every process it waited for (git, for one)."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    subprocess.run(argv, input=stdin, text=True, capture_output=True, cwd=cwd, check=False)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def adapters(repo: Path, rounds: int) -> None:
    """Each case and a bare `python -c pass` interleaved round by round (one uncounted round first)."""
    cases = adapter_cases(repo)
    bare_argv = [str(Path(sys.executable).parent / "python3"), "-c", "pass"]
    cpu: dict[str, list[float]] = {name: [] for name in ["python -c pass", *cases]}
    for round_number in range(rounds + 1):
        cpu_bare = child_cpu(bare_argv, None, repo)
        for name, (args, stdin, before) in cases.items():
            if before is not None:
                subprocess.run([KGUARD, "hook", *args], input=before, text=True, capture_output=True, cwd=repo)
            spent = child_cpu([KGUARD, "hook", *args], stdin, repo)
            if round_number:
                cpu[name].append(spent)
        if round_number:
            cpu["python -c pass"].append(cpu_bare)
    bare = statistics.median(cpu["python -c pass"])
    for name, values in cpu.items():
        goal = f" (goal <= {GOALS[name]:.0f}x)" if name in GOALS else ""
        print(f"  {name:40} {statistics.median(values) * 1000:7.1f} ms CPU  {statistics.median(values) / bare:5.2f}x"
              f"{goal}")


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
        print(f"harness adapters and a PostToolUse alone, median CPU of {rounds}, ratio to python -c pass:")
        adapters(warm_repo(base / "adapters", [KGUARD, "snapshot"], [KGUARD, "run", "--", "true"]), rounds)
        print("git with and without kguard's hooks:")
        git_hooks(bare, guarded, rounds)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
