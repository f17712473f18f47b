"""What each detector and each detector module is worth (issue 21 C): leave-one-out over the scanner's own parts.

One pass scans every case of bench/eval_sources.py as bench/eval_detection.py places it (attacks as AGENTS.md
and as memory), the learned model counted (as `--scorer`), and records for each placement the findings before
they agree (ID, severity, lines, what agreement and the phrase lists' second opinion read of each) and whether
each learned model leans to an injection. The pass is cached as JSON (default /tmp/module_value.json, keyed by the
bytes of guard/scan and its model) so re-analysis is free. Offline, for any set of retired IDs, each placement's
level is recomputed as the scanner computes it: the retired findings gone, agreement and the second opinion run
again on what is left (a phrase list's error with no second is a warning), the learned hits they covered standing
again.

Reported per detector and per module (IDs grouped by the file that defines them), split into blind sources (not
in bench/devset/LOOKED: only these predict unseen text) and looked ones:
- lost: attack placements caught at error (at any level) now that fall below it without the part;
- gained: benign placements with an error (a warning or more) now that lose it without the part.

`--retire-below N` retires, one at a time, the candidate module whose value on blind sources (attacks lost at any
level plus those lost at error, less benign errors it alone causes) is smallest per line, while that value is
at most N and its value on our own blind sets (knowledge files, not chat jailbreaks) at most `--own-below`; then
it goes on until guard/scan/ is at most `--lines` lines (a module goes with its last user), and prints the
recall each step costs; `--keep` names modules kept by judgement. Candidates are the word-reading modules
(guard/scan/intents/ and the old phrase modules); hiding places (INV, HMD, ENC), the file family, the action
layer and the learned model are not. The lead's re-run after a new intent.bin: the cache key changes, one pass.

`--verify --sources a,b` scans each placement of those sources both ways and counts where the offline level (nothing
retired) differs from the real scanner's: it must be none (names of blind sources' cases are never printed).

Run: python bench/module_value.py [--verify] [--rescan] [--cache FILE] [--sources a,b] [--ids]
         [--retire-below N --own-below M --keep intents.exfil --lines 9000]"""
from __future__ import annotations

import argparse
import hashlib
import json
import sys
import time
from collections import Counter, defaultdict
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from eval_detection import looked, placements  # noqa: E402
from eval_sources import ROOT, SOURCES  # noqa: E402

from guard.scan.agreement import PHRASE_LISTS, SECOND_OPINIONS, STANDS_BACK, TABLE  # noqa: E402

RANK = {"error": 3, "warning": 2, "info": 1}
SCAN = ROOT / "guard" / "scan"
# Word-reading modules that may be retired; everything else in guard/scan is kept whatever its figures.
KEPT_PREFIXES = ("guard.scan.actions", "guard.scan.learned", "guard.scan.invisible", "guard.scan.disguise",
                 "guard.scan.markdown", "guard.scan.encoded", "guard.scan.filelevel")


def _cache_key() -> str:
    """The scanner's own bytes (its Python and the model): the pass is reused until either changes."""
    digest = hashlib.sha1()
    for path in sorted(SCAN.rglob("*")):
        if path.suffix in (".py", ".bin") and "__pycache__" not in path.parts:
            digest.update(path.relative_to(SCAN).as_posix().encode() + b"\0" + path.read_bytes())
    return digest.hexdigest()[:16]


def _record(text: str, path: str) -> dict:
    """One placement as guard.scan.engine.scan_text sees it before its one agreement step: every finding of the
    text and its views (and the learned hits) as [ID, severity, line, last line of its hit, raised by a hidden
    reading, in the text view, a long blank run inside its match, its detector's own severity], and whether each
    learned model leans to an injection (the phrase lists' second opinion: guard/scan/agreement.py:seconded)."""
    from guard.scan.engine import LEANS, _active, _learned, _placed
    from guard.scan.finding import TEXT_VIEW
    from guard.scan.registry import REGISTRY
    from guard.scan.runs import LONG_BLANKS
    from guard.scan.text import Document
    from guard.scan.views.report import view_findings

    doc = Document(text, path)
    detectors = _active(None)
    scored = [(det, hit) for det in detectors if det.family == "LRN" for hit in det.check(doc)]
    found = [_placed(det, doc, hit) for det in detectors if det.family != "LRN" for hit in det.check(doc)]
    found += [(f, f.line, False) for f in view_findings(doc, detectors, [p.finding for p in found])]
    found += [_learned(det, doc, hit) for det, hit in scored]
    rows = [[f.id, f.severity, f.line, last, raised, f.view == TEXT_VIEW, LONG_BLANKS.search(f.matched) is not None,
             REGISTRY[f.id].severity] for f, last, raised in found]
    return {"f": rows, "lean": {det_id: lean(doc.text) for det_id, lean in LEANS}}


def scan_pass(names: list[str]) -> list[dict]:
    cases = []
    started = time.perf_counter()
    for name in names:
        for case in SOURCES[name]():
            for path, text in placements(case):
                cases.append({"source": name, "attack": case.attack, "name": case.name, "path": path,
                              **_record(text, path)})
        print(f"  {name}: {len(cases)} placements so far, {time.perf_counter() - started:.0f} s", file=sys.stderr)
    return cases


def _agreed(found: list[list]) -> list[list]:
    """guard/scan/agreement.py:agreed on recorded rows (a raised row's severity becomes "error", its raised flag
    True)."""
    for row in TABLE:
        if not any(f[1] == "warning" and f[0].startswith(row.raises) for f in found):
            continue
        raisers = [i for i, f in enumerate(found) if f[0].startswith(row.by)
                   and (f[1] == "error" or row.level == "warning" and f[1] == "warning")]
        out = []
        for i, f in enumerate(found):
            if f[1] == "warning" and f[0].startswith(row.raises):
                last = f[3] if row.where == "lines" else f[2]
                if any(j != i and (row.where == "file" or f[2] <= found[j][2] <= last) for j in raisers):
                    f = [f[0], "error", f[2], f[3], True, *f[5:]]
            out.append(f)
        found = out
    return found


def level(case: dict, retired: frozenset[str] = frozenset()) -> int:
    """The placement's highest level with the `retired` IDs gone, as guard.scan.engine.scan_text gives it:
    agreement (agreement.agreed), the phrase lists' second opinion (agreement.seconded), the learned findings
    standing back (merge.uncovered); merging keeps the strongest of one sentence, so it never changes the highest
    level."""
    found = _agreed([f for f in case["f"] if f[0] not in retired])
    alone = [f[1] == "error" and f[0].startswith(PHRASE_LISTS) and not f[4] and f[5] and not f[6] for f in found]
    asked = [lean for det_id, lean in case["lean"].items() if det_id not in retired]
    if asked and any(alone) and not any(
            f[1] == "error" if f[0].startswith("ACT") else f[1] != "info" and f[0].startswith(SECOND_OPINIONS)
            for f in found) and not any(asked):
        found = [[f[0], "warning", *f[2:]] if lone else f for f, lone in zip(found, alone)]
    specific = [f for f in found if not f[0].startswith(STANDS_BACK)]
    top = max((RANK[f[1]] for f in specific), default=0)
    for f in found:
        if not f[0].startswith(STANDS_BACK):
            continue
        rank = RANK[f[1]]  # (merge.uncovered: stands back beside a finding as strong, or, unless raised, beside
        # one its detector lowered on the context)
        if not any(f[2] <= o[2] <= f[3] and o[1] != "info" and (RANK[o[1]] >= rank or not f[4] and o[5]
                                                                 and RANK[o[1]] < RANK[o[7]]) for o in specific):
            top = max(top, rank)
    return top


def verify(names: list[str]) -> int:
    """Placements whose offline level (nothing retired) differs from the real scanner's highest level."""
    from guard.scan.engine import scan_text

    placed = wrong = 0
    for name in names:
        for case in SOURCES[name]():
            for path, text in placements(case):
                real = max((RANK[f.severity] for f in scan_text(text, path)), default=0)
                offline = level(_record(text, path))
                placed += 1
                if offline != real:
                    wrong += 1
                    print(f"  {name}: a placement as {path}: offline {offline}, scanner {real}", file=sys.stderr)
        print(f"verify {name}: {placed} placements so far, {wrong} mismatched")
    return wrong


def modules() -> dict[str, list[str]]:
    from guard.scan.registry import REGISTRY

    by_module: dict[str, list[str]] = defaultdict(list)
    for det in REGISTRY.values():
        by_module[det.check.__module__].append(det.id)
    return dict(by_module)


def lines_of(module: str) -> int:
    path = ROOT / (module.replace(".", "/") + ".py")
    if not path.exists():
        path = ROOT / module.replace(".", "/") / "__init__.py"
    if not path.exists():
        return 0  # (deleted since the registry was imported: a retirement made while the pass ran)
    return len(path.read_text(encoding="utf-8").splitlines())


def scan_lines() -> int:
    return sum(len(p.read_text(encoding="utf-8").splitlines()) for p in SCAN.rglob("*.py"))


def _imports() -> dict[str, set[str]]:
    """guard.scan module -> the guard.scan modules it imports (anywhere in it, late imports too)."""
    import ast

    graph: dict[str, set[str]] = {}
    for path in SCAN.rglob("*.py"):
        rel = path.relative_to(ROOT).with_suffix("")
        name = ".".join(rel.parts[:-1] if rel.name == "__init__" else rel.parts)
        found: set[str] = set()
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ImportFrom) and node.module and node.module.startswith("guard.scan"):
                found.add(node.module)
                found.update(f"{node.module}.{a.name}" for a in node.names)  # (a module imported from a package)
            elif isinstance(node, ast.Import):
                found.update(a.name for a in node.names if a.name.startswith("guard.scan"))
        graph[name] = found
    return {name: {m for m in found if m in graph} for name, found in graph.items()}


def _roots() -> set[str]:
    """The guard.scan modules the rest of kguard imports (hooks/, guard/*.py), the engine, the registry and the
    detector modules it lists."""
    import re

    from guard.scan.registry import LISTED

    roots = {"guard.scan.engine", "guard.scan.registry", *(f"guard.scan.{module}" for _, module, _ in LISTED)}
    # (the registry imports each detector module by name on first use: no import statement names them)
    for path in [*ROOT.glob("hooks/**/*.py"), *ROOT.glob("guard/*.py"), *ROOT.glob("guard/provenance/**/*.py")]:
        roots.update(re.findall(r"(?:from|import)\s+(guard\.scan(?:\.\w+)*)", path.read_text(encoding="utf-8")))
    return roots


def kept_lines(retired_modules: set[str]) -> int:
    """Lines of guard/scan still imported once `retired_modules` are deleted: a module goes with its last user
    (shared infrastructure shrinks with the detectors that used it)."""
    graph = _imports()
    seen: set[str] = set()
    todo = [m for m in _roots() if m in graph and m not in retired_modules]
    while todo:
        name = todo.pop()
        if name in seen:
            continue
        seen.add(name)
        parts = name.split(".")
        todo += [".".join(parts[:i]) for i in range(3, len(parts))]  # (its packages' __init__)
        todo += [m for m in graph[name] if m not in retired_modules and m not in seen]
    return sum(lines_of(name) for name in seen)


GROUPS = ("blind own", "blind public", "looked")
# Our own sets (knowledge files with attacks planted in them, look-alikes) against the public collections (mostly
# chat jailbreaks): both blind, but only the first reads like what kguard guards.
OWN_PREFIXES = ("own", "adapt", "prec")


def group_of(source: str, seen: set[str]) -> str:
    if source in seen:
        return "looked"
    return "blind own" if source.startswith(OWN_PREFIXES) else "blind public"


class Figures:
    """Levels of every placement under a retired set, summed per group (blind / looked)."""

    def __init__(self, cases: list[dict], seen: set[str]) -> None:
        self.cases = cases
        self.groups = [group_of(c["source"], seen) for c in cases]

    def totals(self, retired: frozenset[str] = frozenset()) -> dict[str, Counter]:
        out = {group: Counter() for group in GROUPS}
        for case, group in zip(self.cases, self.groups):
            top = level(case, retired)
            row = out[group]
            kind = "attack" if case["attack"] else "benign"
            row[kind] += 1
            row[f"{kind}_error"] += top >= 3
            row[f"{kind}_any"] += top >= 2
        out["blind"] = out["blind own"] + out["blind public"]
        return out

    def delta(self, retired: frozenset[str], before: frozenset[str] = frozenset()) -> dict[str, Counter]:
        """What retiring `retired` on top of `before` changes, net: attack placements lost at error and at any
        level (less those that rise: a retired warning no longer covers a stronger learned hit) and benign
        placements that lose an error or a warning (less those that gain one)."""
        out = {group: Counter() for group in GROUPS}
        for case, group in zip(self.cases, self.groups):
            if not any(f[0] in retired for f in case["f"]) and not any(d in retired for d in case["lean"]):
                continue
            old, new = level(case, before), level(case, before | retired)
            row = out[group]
            if case["attack"]:
                row["lost_error"] += (old >= 3) - (new >= 3)
                row["lost_any"] += (old >= 2) - (new >= 2)
            else:
                row["gained_error"] += (old >= 3) - (new >= 3)
                row["gained_warn"] += (old >= 2) - (new >= 2)
        out["blind"] = Counter({k: out["blind own"][k] + out["blind public"][k]
                                for k in ("lost_error", "lost_any", "gained_error", "gained_warn")})
        return out


def pct(part: int, whole: int) -> str:
    return f"{100 * part / whole:5.1f}%" if whole else "    -"


def summary(figures: Figures, retired: frozenset[str], label: str, lines: int) -> str:
    t = figures.totals(retired)
    b, o, lk = t["blind"], t["blind own"], t["looked"]
    return (f"{label:34} {lines:6} {pct(b['attack_error'], b['attack']):>7} {pct(b['attack_any'], b['attack']):>7} "
            f"{b['benign_error']:4}/{b['benign']:<4} {pct(o['attack_error'], o['attack']):>7} "
            f"{pct(o['attack_any'], o['attack']):>7} {o['benign_error']:3}/{o['benign']:<3} "
            f"{pct(lk['attack_error'], lk['attack']):>7} "
            f"{pct(lk['attack_any'], lk['attack']):>7} {lk['benign_error']:4}/{lk['benign']:<4}")


SUMMARY_HEAD = (f"{'':34} {'lines':>6} {'blind':>7} {'blind':>7} {'blind':>9} {'own':>7} {'own':>7} {'own':>7} "
                f"{'looked':>7} {'looked':>7} {'looked':>9}\n{'':34} {'':>6} {'err':>7} {'any':>7} {'ben.err':>9} "
                f"{'err':>7} {'any':>7} {'ben.err':>7} {'err':>7} {'any':>7} {'ben.err':>9}")


def value_table(figures: Figures, parts: dict[str, list[str]], retired: frozenset[str]) -> str:
    head = (f"{'part':40} {'lines':>5} | blind: {'-err':>4} {'-any':>4} {'+ben':>4} {'+bw':>4} | of which own: "
            f"{'-err':>4} {'-any':>4} {'+ben':>4} | looked: {'-err':>4} {'-any':>4} {'+ben':>4} {'+bw':>4}")
    rows = [head, "-" * len(head)]
    for part, ids in sorted(parts.items()):
        d = figures.delta(frozenset(ids), retired)
        b, o, lk = d["blind"], d["blind own"], d["looked"]
        size = lines_of(part) if part.startswith("guard.") else 0
        rows.append(f"{part.removeprefix('guard.scan.'):40} {size:5} | blind: {b['lost_error']:4} {b['lost_any']:4} "
                    f"{b['gained_error']:4} {b['gained_warn']:4} | of which own: {o['lost_error']:4} "
                    f"{o['lost_any']:4} {o['gained_error']:4} | looked: {lk['lost_error']:4} "
                    f"{lk['lost_any']:4} {lk['gained_error']:4} {lk['gained_warn']:4}")
    return "\n".join(rows)


def candidates(parts: dict[str, list[str]]) -> dict[str, list[str]]:
    return {m: ids for m, ids in parts.items() if not m.startswith(KEPT_PREFIXES) and "LRN001" not in ids}


def loss(d: dict[str, Counter], group: str = "blind") -> int:
    """A module's value on a group of sources: attacks it alone keeps at any level plus those it alone keeps at
    error, less the benign errors it alone causes (a module that costs precision for nothing has a negative
    value; one whose warnings hide a stronger learned hit too)."""
    b = d[group]
    return b["lost_any"] + b["lost_error"] - b["gained_error"]


def retire_order(figures: Figures, parts: dict[str, list[str]], below: int, own_below: int, target: int,
                 keep: frozenset[str] = frozenset()) -> list[tuple]:
    """Greedy, recomputed after every step (a case two modules caught becomes the survivor's own once the other
    goes). First the modules whose blind value is at most `below` and whose value on our own blind sets is at
    most `own_below`, the least value per line first ("retire"); then, to show what the size goal costs, the
    rest in the same order until guard/scan is at most `target` lines ("cost")."""
    pool = candidates(parts)
    retired: frozenset[str] = frozenset()
    gone: set[str] = set()
    lines = kept_lines(gone)
    steps = []
    for phase in ("retire", "cost"):
        while pool and (phase == "retire" or lines > target):
            scored = []
            for module, ids in pool.items():
                d = figures.delta(frozenset(ids), retired)
                if phase == "cost" or (loss(d) <= below and loss(d, "blind own") <= own_below
                                       and module.removeprefix("guard.scan.") not in keep):
                    scored.append((loss(d) / max(1, lines_of(module)), loss(d), module, d))
            if not scored:
                break
            scored.sort(key=lambda s: (s[0], -lines_of(s[2])))
            _, value, module, d = scored[0]
            retired |= frozenset(pool.pop(module))
            gone.add(module)
            lines = kept_lines(gone)
            steps.append((phase, module, value, loss(d, "blind own"), lines, retired))
    return steps


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--cache", default="/tmp/module_value.json")
    parser.add_argument("--rescan", action="store_true", help="scan again even when the cache matches")
    parser.add_argument("--sources", default=",".join(SOURCES))
    parser.add_argument("--ids", action="store_true", help="also the table per detector ID")
    parser.add_argument("--retire-below", type=int, default=None, metavar="N",
                        help="retire candidate modules whose blind value is at most N, then report the way to --lines")
    parser.add_argument("--own-below", type=int, default=1, metavar="M",
                        help="and whose value on our own blind sets (own*, adapt*, prec*) is at most M")
    parser.add_argument("--keep", default="", metavar="M,..",
                        help="modules kept whatever their blind value, by judgement (say why in the report)")
    parser.add_argument("--lines", type=int, default=9000, help="the size goal of guard/scan (lines of Python)")
    parser.add_argument("--retired", default="", help="IDs (or modules) already taken as retired, comma-separated")
    parser.add_argument("--verify", action="store_true",
                        help="check that the offline levels equal the real scanner's on --sources, then stop")
    args = parser.parse_args(argv)
    names = [n for n in args.sources.split(",") if n in SOURCES]
    if args.verify:
        return 1 if verify(names) else 0
    cache = Path(args.cache)
    key = f"{_cache_key()}:{','.join(names)}"
    data = json.loads(cache.read_text(encoding="utf-8")) if cache.exists() and not args.rescan else {}
    if data.get("key") != key:
        print(f"scanning {len(names)} sources (cache {cache} does not match {key})", file=sys.stderr)
        data = {"key": key, "cases": scan_pass(names)}
        cache.write_text(json.dumps(data), encoding="utf-8")
    figures = Figures(data["cases"], looked())
    parts = modules()
    retired = frozenset(i for part in args.retired.split(",") if part for i in parts.get(part, [part.upper()]))
    print(SUMMARY_HEAD)
    print(summary(figures, frozenset(), "now", scan_lines()))
    print(f"({scan_lines() - kept_lines(set())} of the {scan_lines()} lines are imported by nothing; the steps below "
          "count only what the engine, the registry and the rest of kguard import)")
    if retired:
        print(summary(figures, retired, f"with {args.retired} retired", scan_lines()))
    print("\nPer module: what retiring it loses (-err, -any: attack placements) and gains (+ben: benign placements "
          "no longer with an error, +bw: no longer warned)")
    print(value_table(figures, parts, retired))
    if args.ids:
        print("\nPer detector ID:")
        print(value_table(figures, {i: [i] for ids in parts.values() for i in ids}, retired))
    if args.retire_below is not None:
        print(f"\nRetire: blind value (-any + -err - +ben, placements) at most {args.retire_below} and on our own "
              f"blind sets at most {args.own_below}, least value per line first; then what reaching {args.lines} "
              "lines costs (value: blind/own):")
        print(SUMMARY_HEAD)
        steps = retire_order(figures, parts, args.retire_below, args.own_below, args.lines,
                             frozenset(filter(None, args.keep.split(","))))
        for phase, module, value, own, lines, gone in steps:
            print(summary(figures, gone, f"{phase} {module.removeprefix('guard.scan.')} ({value:+d}/{own:+d})", lines))
        print("retire: " + ",".join(m.removeprefix("guard.scan.") for phase, m, *_ in steps if phase == "retire"))
    return 0


if __name__ == "__main__":
    sys.exit(main())
