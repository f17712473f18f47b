"""Fault injection: the guard under kill -9, parallel runs, folders swapped for symlinks and damaged state.

Each probe prints `probe: trials N, failures F` (and what failed). A failure is any lost line, any internal
error (exit 70) or traceback, a temp file left behind after the next command, a write outside the root, or a
decision neither completed nor rolled back.

    python bench/fault_injection.py [--probe NAME ...] [--trials 200] [--ways 8 32] [--seed 1] [--json]
"""
from __future__ import annotations

import argparse
import json
import os
import random
import signal
import subprocess
import sys
import sysconfig
import tempfile
import threading
import time
from pathlib import Path

KGUARD = str(Path(sysconfig.get_path("scripts")) / "kguard")


def environment(base: Path) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith(("GIT_", "KGUARD_"))}
    home = base / "home"
    home.mkdir(parents=True, exist_ok=True)
    (base / "gitconfig").write_text("[user]\n\tname = T\n\temail = t@example.com\n[commit]\n\tgpgsign = false\n")
    env.update(HOME=str(home), KGUARD_HOME=str(home), GIT_CONFIG_GLOBAL=str(base / "gitconfig"),
               GIT_CONFIG_NOSYSTEM="1", NO_COLOR="1")
    return env


class Repo:
    def __init__(self, base: Path, files: dict[str, str] | None = None) -> None:
        self.env = environment(base)
        self.path = base / "repo"
        self.path.mkdir()
        self.git("init", "-q", "-b", "main")
        for rel, text in (files or {"AGENTS.md": "# rules\n"}).items():
            (self.path / rel).parent.mkdir(parents=True, exist_ok=True)
            (self.path / rel).write_text(text)
        self.git("add", "-A")
        self.git("commit", "-q", "-m", "start")
        self.kguard("snapshot")

    def git(self, *args: str) -> str:
        return subprocess.run(["git", *args], cwd=self.path, env=self.env, capture_output=True, text=True).stdout

    def kguard(self, *args: str) -> subprocess.CompletedProcess[str]:
        return subprocess.run([KGUARD, *args], cwd=self.path, env=self.env, capture_output=True, text=True,
                              stdin=subprocess.DEVNULL, timeout=300)

    def popen(self, *args: str) -> subprocess.Popen[bytes]:
        return subprocess.Popen([KGUARD, *args], cwd=self.path, env=self.env, stdin=subprocess.DEVNULL,
                                stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, start_new_session=True)

    def blobs(self) -> str:
        out = subprocess.run(["git", "cat-file", "--batch-all-objects", "--batch"], cwd=self.path,
                             env=self.env, capture_output=True).stdout
        return out.decode("utf-8", "replace")

    def leftovers(self) -> list[str]:
        return [str(p) for p in self.path.rglob("*") if p.name.endswith((".kguard-tmp", ".kguard-link"))]


def crashed(*results: subprocess.CompletedProcess[str]) -> bool:
    return any(r.returncode == 70 or "Traceback" in r.stderr or "internal error" in r.stderr for r in results)


# -- probes -------------------------------------------------------------------------------------------------

def concurrency(base: Path, ways: int, keep_racing: bool) -> tuple[int, int, list[str]]:
    """`ways` parallel wrapped commands, each appending two lines to AGENTS.md and writing a rules file;
    then `kguard keep`. Trials: lines and rules files written; failures: those in neither the file nor
    a journal blob."""
    repo = Repo(base, {"AGENTS.md": "# rules\n", ".agents/rules/base.md": "base\n"})
    procs = []
    for n in range(ways):
        script = f"echo LINE_{n} >> AGENTS.md; echo RULE_{n} > .agents/rules/r{n}.md; echo LINE_{n}b >> AGENTS.md"
        procs.append(repo.popen("run", "--on-change", "hold", "--", "sh", "-c", script))
        if keep_racing and n % 4 == 0:
            procs.append(repo.popen("keep"))
    errors = [p.communicate()[1].decode("utf-8", "replace") for p in procs]
    notes = [e.strip().splitlines()[-1] for p, e in zip(procs, errors) if p.returncode not in (0, 3)]
    final = repo.kguard("keep")
    if final.returncode != 0:
        notes.append(f"final keep: {final.stderr.strip()}")
    text = (repo.path / "AGENTS.md").read_text()
    blobs = repo.blobs()
    wanted = [f"LINE_{n}\n" for n in range(ways)] + [f"LINE_{n}b\n" for n in range(ways)]
    lost = [w.strip() for w in wanted if w not in text and w not in blobs]
    lost += [f"r{n}.md" for n in range(ways) if not (repo.path / f".agents/rules/r{n}.md").is_file()
             and f"RULE_{n}\n" not in blobs]
    return len(wanted) + ways, len(lost) + len(notes), lost + notes


def kill(base: Path, mode: str, trials: int, rng: random.Random) -> tuple[int, int, list[str]]:
    """SIGKILL `kguard reset|keep|run` at a random moment, then check what the next commands find."""
    repo = Repo(base)
    agents = repo.path / "AGENTS.md"
    failures: list[str] = []
    for trial in range(trials):
        line = f"CHANGE_{trial}\n"
        if mode == "keep":
            repo.kguard("run", "--on-change", "hold", "--", "sh", "-c", f"printf '{line}' >> AGENTS.md")
            args = ["keep"]
        elif mode == "reset":
            with agents.open("a") as handle:
                handle.write(line)
            args = ["reset"]
        else:
            args = ["run", "--on-change", "hold", "--", "sh", "-c", f"printf '{line}' >> AGENTS.md"]
        proc = repo.popen(*args)
        time.sleep(rng.uniform(0.0, 0.6))
        try:
            os.killpg(proc.pid, signal.SIGKILL)
        except ProcessLookupError:
            pass
        proc.wait()
        after = repo.kguard("status")
        problem = ""
        if crashed(after):
            problem = f"status after the kill: {after.stderr.strip()[-200:]}"
        elif repo.leftovers():
            problem = f"temp files left: {repo.leftovers()}"
        else:
            # The decision was completed or rolled back: the user's next decision works and loses nothing.
            final = repo.kguard("keep") if mode != "reset" else repo.kguard("reset")
            text = agents.read_text()
            if crashed(final) or final.returncode != 0:
                problem = f"{args[0]} after the kill: {final.stderr.strip()[-200:]}"
            elif mode == "keep" and line not in text:
                problem = "the held-back line is not in the file after keep"
            elif mode == "reset" and line in text:
                problem = "reset after the kill left the change in place"
            elif mode == "run" and line not in text and line not in repo.blobs():
                problem = ""  # killed before the command wrote: nothing to keep
            elif repo.kguard("status").returncode != 0:
                problem = "status not clean after the decision"
        if problem:
            failures.append(f"trial {trial}: {problem}")
            repo.kguard("keep")
        repo.kguard("reset")
        agents.write_text("# rules\n")
        repo.kguard("snapshot")
    return trials, len(failures), failures


def symlink_swap(base: Path, trials: int) -> tuple[int, int, list[str]]:
    """While `kguard reset` restores .agents/rules/a.md, the folder is swapped for a symlink to a folder
    outside the root, again and again, staying swapped and back for random spells of up to 5 ms (a file
    kguard saw a moment ago can be gone when it reads it). Nothing may be written outside, and no internal
    error."""
    repo = Repo(base, {"AGENTS.md": "# rules\n", ".agents/rules/a.md": "a\n"})
    outside = base / "outside"
    outside.mkdir()
    rules = repo.path / ".agents" / "rules"
    aside = repo.path / ".agents" / "rules-aside"
    failures = []
    for trial in range(trials):
        (rules / "a.md").write_text(f"changed {trial}\n")
        (rules / f"new{trial}.md").write_text("added\n")
        stop = threading.Event()
        spells = random.Random(trial)

        def swap() -> None:
            while not stop.is_set():
                try:
                    os.rename(rules, aside)
                    os.symlink(outside, rules)
                    time.sleep(spells.uniform(0, 0.005))
                    os.unlink(rules)
                    os.rename(aside, rules)
                    time.sleep(spells.uniform(0, 0.005))
                except OSError:
                    pass

        thread = threading.Thread(target=swap)
        thread.start()
        result = repo.kguard("reset")
        stop.set()
        thread.join()
        if rules.is_symlink():
            rules.unlink()
        if aside.exists() and not rules.exists():
            os.rename(aside, rules)
        escaped = sorted(p.name for p in outside.iterdir())
        if escaped or crashed(result):
            failures.append(f"trial {trial}: outside={escaped} exit={result.returncode} {result.stderr[-160:]}")
            for path in outside.iterdir():
                path.unlink()
        repo.kguard("reset")
    return trials, len(failures), failures


DAMAGE = ["state-json", "ref-garbage", "ref-deleted", "ref-lock", "cache", "marker", "state-head", "blob"]
COMMANDS = [["status"], ["run", "--on-change", "hold", "--", "true"], ["keep"], ["reset"], ["log"],
            ["diff"], ["run", "--on-change", "hold", "--", "sh", "-c", "echo EDIT >> AGENTS.md"]]


def bad_value(rng: random.Random) -> object:
    return rng.choice([None, "", "x" * 300, -1, 2**70, 1e308, float("nan"), float("inf"), [], {}, True,
                       {"oid": "zz", "mode": "x"}, "\x1b[31m\n", [None], {"id": 5}])


def damage_state(repo: Repo, rng: random.Random) -> str:
    import pygit2

    kind = rng.choice(DAMAGE)
    state = repo.path / ".git" / "kguard"
    store = pygit2.Repository(str(repo.path))
    ref = "refs/kguard/state"
    if kind in ("state-json", "blob"):
        tree = store.references[ref].peel(pygit2.Tree)
        data = json.loads(bytes(tree["state.json"].data))
        if kind == "blob" and data.get("pending"):
            data["pending"][0]["content"] = {"oid": "1" * 40, "mode": 33188}
        else:
            section = rng.choice(["journal", "pending", "baseline", "version", "todo"])
            if section == "baseline" and data["baseline"]:
                data["baseline"][rng.choice(sorted(data["baseline"]))] = bad_value(rng)
            elif section in ("journal", "pending") and data[section]:
                item = rng.choice(data[section])
                item[rng.choice(sorted(item))] = bad_value(rng)
            else:
                data[section] = bad_value(rng)
        builder = store.TreeBuilder()
        builder.insert("state.json", store.create_blob(json.dumps(data).encode()), pygit2.enums.FileMode.BLOB)
        signature = pygit2.Signature("t", "t@example.com")
        commit = store.create_commit(None, signature, signature, "damaged", builder.write(), [])
        store.references.create(ref, commit, force=True)
    elif kind == "ref-garbage":
        (repo.path / ".git" / ref).write_text(rng.choice(["garbage\n", "0" * 40 + "\n", "ref: refs/nowhere\n"]))
    elif kind == "ref-deleted":
        subprocess.run(["rm", "-rf", str(repo.path / ".git" / "refs" / "kguard")], check=True)
    elif kind == "ref-lock":
        (repo.path / ".git" / (ref + ".lock")).write_text("stale\n")
    elif kind == "cache":
        (state / "cache.json").write_text(rng.choice(["{", "[]", json.dumps({"version": 2, "roots": 5}),
                                                      json.dumps({"version": 2, "written_ns": "x", "roots": {},
                                                                  "consistent": True, "watch": []})]))
    elif kind == "marker":
        (state / "active").mkdir(exist_ok=True)
        (state / "active" / f"bad{rng.randrange(1000)}.json").write_text(json.dumps(
            {"pid": bad_value(rng), "command": bad_value(rng), "started": bad_value(rng)}))
    else:
        (state / "state-head").write_text(rng.choice(["", "zz\n", "1" * 40 + "\n"]))
    return kind


def damaged(base: Path, trials: int, rng: random.Random) -> tuple[int, int, list[str]]:
    """Damage kguard's own state in one of several ways, then run a command: never an internal error."""
    repo = Repo(base, {"AGENTS.md": "# rules\n", ".agents/rules/a.md": "a\n"})
    failures = []
    for trial in range(trials):
        repo.kguard("run", "--on-change", "hold", "--", "sh", "-c", f"echo HELD_{trial} >> .agents/rules/a.md")
        try:
            kind = damage_state(repo, rng)
        except Exception as exc:  # noqa: BLE001 - an earlier trial left the state unreadable to pygit2
            kind = f"(could not damage: {exc})"
        command = rng.choice(COMMANDS)
        results = [repo.kguard(*command), repo.kguard("status")]
        if crashed(*results):
            failures.append(f"trial {trial}: {kind} then {' '.join(command[:1])}: {results[0].stderr[-200:]}")
        if trial % 10 == 9:
            repo.kguard("keep")
    return trials, len(failures), failures


# -- main -----------------------------------------------------------------------------------------------

PROBES = ["concurrency", "kill-reset", "kill-keep", "kill-run", "symlink-swap", "damaged-state", "evasions"]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--probe", nargs="*", choices=PROBES, default=PROBES)
    parser.add_argument("--trials", type=int, default=200)
    parser.add_argument("--ways", type=int, nargs="*", default=[8, 32])
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--json", action="store_true", help="one JSON object per probe")
    args = parser.parse_args(argv)
    rng = random.Random(args.seed)
    total_failures = 0
    with tempfile.TemporaryDirectory(prefix="kguard-faults-") as tmp:
        runs: list[tuple[str, object]] = []
        for probe in args.probe:
            if probe == "concurrency":
                runs += [(f"concurrency-{w}{'-keep' if k else ''}", (concurrency, (w, k)))
                         for w in args.ways for k in (False, True)]
            elif probe.startswith("kill-"):
                runs.append((probe, (kill, (probe[5:], args.trials, rng))))
            elif probe == "symlink-swap":
                runs.append((probe, (symlink_swap, (args.trials,))))
            elif probe == "evasions":
                from fault_evasions import evasions  # (it imports this module's Repo)

                runs.append((probe, (evasions, (max(1, args.trials // 50),))))
            else:
                runs.append((probe, (damaged, (args.trials, rng))))
        for index, (name, (func, extra)) in enumerate(runs):  # type: ignore[misc]
            base = Path(tmp) / str(index)
            base.mkdir()
            started = time.monotonic()
            trials, failures, notes = func(base, *extra)
            total_failures += failures
            took = time.monotonic() - started
            if args.json:
                print(json.dumps({"probe": name, "trials": trials, "failures": failures, "notes": notes[:10],
                                  "seconds": round(took, 1)}), flush=True)
            else:
                print(f"{name}: trials {trials}, failures {failures} ({took:.0f} s)", flush=True)
                for note in notes[:10]:
                    print(f"    {note}", flush=True)
    return 1 if total_failures else 0


if __name__ == "__main__":
    sys.exit(main())
