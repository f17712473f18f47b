"""Study (issue 21 B): a per-line model on line labels (bench/devset/lines.txt: the lines of each labelled whole-file
attack and fragment that carry it). Positives: those units (--items: the item sets' attacks; --fragments: public
short attacks of at most --max-units units, a set weighing --fragment-weight x sqrt of its cases); negatives: every
other unit of those files, look-alikes (benign halves, prec7/9/11, WIDE_POOL), real agent files, benign items. A
file's score: its highest unit, weights quantised as shipped. Each labelled source left out in turn (its benign half
with it; every other set whole in one fold, real files spread): every score is out of fold, and so are the thresholds
(warning: 1 % of the real files and 2 % of the look-alikes; error: 1 in 500 of both), quantiles of the benign scores
pooled over the deals of SEEDS. Beside: LRN001, the scanner, both, each attack as AGENTS.md and as memory (the first
deal); --probes: only scored. `--blind own12`: totals only. `--write PATH`: the model of all, as lines.bin. Needs
sklearn:
    python bench/line_study.py --items --item-weight 3 --features shipped,pairs,prev [--more] [--show] [--blind own12]"""
from __future__ import annotations

import argparse
import json
import math
import random
import sys
import zlib
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from eval_detection import RANK, placements  # noqa: E402
from eval_sources import DEVSET, SOURCES, own  # noqa: E402

from guard.scan.learned import lines  # noqa: E402
from guard.scan.learned.lines import doc_features  # noqa: E402

LABELLED = ["own13", "own15", "own16", "own17", "own18", "own11", "own3", "own2", "own"]
WHOLE_FILE, ITEM_SETS = {"own13", "own15", "own16", "own17", "own18"}, ["train3", "train4", "trainlines"]
# Look-alikes of sets whose attacks are not labelled (their benign halves): the thresholds are set on every readable
# look-alike (--pool narrow: without them, as before session 13).
WIDE_POOL = ["own4", "own5", "own7", "adapt6", "pa-benign"]
BITS, MORE = lines.BITS, (["own19", "own20", "own21"], ["trainlines2", "trainlines3", "trainlines4"])  # --more: sources, items
# The thresholds' rule (issue 21 B, session 16, fixed before any result was seen): one deal of the real files over
# the folds moved the error threshold by a logit; each quantile is taken over the benign scores of all SEEDS pooled.
SEEDS = (11, 12, 13, 14, 15)
CACHE = Path(f"/tmp/line_study_scan.{Path(__file__).resolve().parent.parent.name}.json")  # per work tree


def labels() -> dict[tuple[str, int], set[int]]:
    rows = [line.split("\t") for line in (DEVSET / "lines.txt").read_text(encoding="utf-8").splitlines()
            if line.strip() and not line.startswith("#")]
    return {(name, int(index)): {int(n) for n in numbers.split(",") if n} for name, index, numbers in rows}


class Doc:
    def __init__(self, kind, source, text, marked=None, case=None, path="AGENTS.md", weight=1.0):
        self.kind, self.source, self.text, self.case, self.path, self.weight = kind, source, text, case, path, weight
        spans = lines.spans(text)
        self.units = [text[a:b] for a, b in spans]
        rows = [(text.count("\n", 0, a) + 1, text.count("\n", 0, b) + 1) for a, b in spans]
        self.positive = [marked == "all" or any(f <= n <= e for n in marked or ()) for f, e in rows]


def load(with_items: bool, pool="wide", by_source=True, fragments="", probes="", weight=1.0, most=99) -> list[Doc]:
    marks = labels()
    docs: list[Doc] = []
    for name in LABELLED:
        cases = list(own(name))
        for i, case in enumerate(c for c in cases if c.attack):
            docs.append(Doc("attack", name, case.text, marks.get((name, i), set()), case))
        docs += [Doc("lookalike", name, c.text, None, c, c.path) for c in cases if not c.attack]
    for name in ["prec7", "prec9", "prec11", *(WIDE_POOL if pool == "wide" else [])]:
        docs += [Doc("lookalike", name, c.text, None, c, c.path) for c in SOURCES[name]() if not c.attack]
    docs += [Doc("real", "corpus", c.text, None, c, c.path) for c in SOURCES["corpus"]() if not c.attack]
    for name in ITEM_SETS:
        docs += [Doc("item" if c.attack else "itembenign", name, c.text, "all" if c.attack else None, c)
                 for c in own(name) if with_items or not c.attack]
    for kind, name in [(k, n) for k, some in (("fragment", fragments), ("probe", probes)) for n in some.split(",")]:
        every = list(SOURCES[name]()) if name else []  # a fragment set's benign half: negatives, not thresholds
        cases = [c for c in every if c.attack and (kind == "probe" or len(lines.spans(c.text)) <= most)]
        docs += [Doc("itembenign", name, c.text, None, c) for c in every if kind == "fragment" and not c.attack]
        docs += [Doc(kind, name, c.text, "all", c, weight=weight * len(cases) ** -0.5) for c in cases]
    return deal(docs, SEEDS[0], by_source)


def deal(docs: list[Doc], seed: int, by_source=True) -> list[Doc]:
    """Folds: a labelled source's own; real files dealt by the seed, other sets whole, rotated (SEEDS[0]: as before)."""
    rng = random.Random(seed)
    sets = sorted({d.source for d in docs if d.kind == "lookalike" and d.source not in LABELLED})
    sets += [s for k in ("fragment", "probe") for s in sorted({d.source for d in docs if d.kind == k}) if s not in sets]
    for d in docs:
        d.fold = d.source if d.source in LABELLED else rng.choice(LABELLED) if d.kind in ("real", "lookalike") else None
        if (by_source or d.kind in ("fragment", "probe")) and d.source in sets:  # a set whole in one fold
            d.fold = LABELLED[(sets.index(d.source) + seed - SEEDS[0]) % len(LABELLED)]
    return docs


def scanner_levels(docs: list[Doc]) -> dict[int, list]:
    """(everything, LRN alone) levels per placement of each attack, look-alike and real file, cached."""
    from guard.scan.engine import scan_text

    cache = json.loads(CACHE.read_text()) if CACHE.exists() else {}
    out = {}
    for d in (d for d in docs if d.kind in ("attack", "lookalike", "real")):
        key = f"{d.source}|{d.kind}|{d.path}|{zlib.crc32(d.text.encode('utf-8', 'surrogateescape'))}"
        if key not in cache:
            cache[key] = [[max((RANK[f.severity] for f in found if f.id != "LRN002"), default=0),
                           max((RANK[f.severity] for f in found if f.id == "LRN001"), default=0)]
                          for found in (scan_text(text, path) for path, text in placements(d.case))]
        out[id(d)] = cache[key]
    CACHE.write_text(json.dumps(cache))
    return out


def matrix(docs, kinds, window, args):
    """The units' features, document, label and weight: a file's positives share its weight (one, an item's
    item_weight, a fragment's), a negative unit weighs real_weight, hard_weight (attack file), alike_weight or one."""
    import numpy as np
    from scipy.sparse import csr_matrix

    rows, cols, owner, y, w = [], [], [], [], []
    for i, d in enumerate(docs):
        share = (args.item_weight if d.kind == "item" else d.weight) / max(1, sum(d.positive))
        other = {"real": args.real_weight, "attack": args.hard_weight, "lookalike": args.alike_weight}.get(d.kind, 1.0)
        for feats, positive in zip(doc_features(d.units, kinds, window), d.positive):
            rows.extend([len(owner)] * len(feats))
            cols.extend(feats)
            owner.append(i)
            y.append(positive)
            w.append(share if positive else other)
    x = csr_matrix((np.ones(len(rows), np.float32), (rows, cols)), shape=(len(owner), 1 << BITS))
    return x, np.array(owner), np.array(y, float), np.array(w)


def fit(x, owner, y, w, train_ids, args):
    """Logistic regression on the units of train_ids, all positives weighing balance x all negatives."""
    import numpy as np
    from sklearn.linear_model import LogisticRegression

    rows = np.flatnonzero(np.isin(owner, train_ids))
    weights = w[rows].copy()
    weights[y[rows] == 1] *= args.balance * weights[y[rows] == 0].sum() / weights[y[rows] == 1].sum()
    return LogisticRegression(C=args.c, max_iter=2000).fit(x[rows], y[rows], sample_weight=weights)


UNIT_SCORES: dict[int, list[float]] = {}  # each scored document's unit logits, for --show


def quantised(model):
    """The model as shipped (and so as scored out of fold): bias, scale, one signed byte per bucket."""
    import numpy as np

    scale = float(np.abs(model.coef_[0]).max()) / 127 or 1.0
    return float(model.intercept_[0]), scale, np.clip(np.round(model.coef_[0] / scale), -127, 127).astype(np.int8)


def doc_max(model, x, owner, ids, keep=True):
    import numpy as np

    best: dict[int, float] = {}
    bias, scale, weights = quantised(model)
    for i, v in zip(owner[np.isin(owner, ids)], bias + scale * (x[np.isin(owner, ids)] @ weights.astype(np.float64))):
        best[i] = max(best.get(i, -1e9), v)
        if keep:  # the first deal's, for --show
            UNIT_SCORES.setdefault(int(i), []).append(float(v))
    return best


def show(docs, levels, warning, new_level) -> None:
    """The highest benign units out of fold; per intent of the whole-file attacks: any / error / p >= 0.5."""
    for v, i, k in sorted(((v, i, k) for i, d in enumerate(docs) if d.kind in ("real", "lookalike")
                           for k, v in enumerate(UNIT_SCORES[i])), reverse=True)[:20]:
        print(f"    benign {docs[i].kind} {docs[i].source} {v - warning:+6.2f} {docs[i].units[k][:150]!r}")
    intents: dict[str, list[int]] = {}
    for i in (i for i, d in enumerate(docs) if d.kind == "attack" and d.source in WHOLE_FILE):
        row = intents.setdefault(docs[i].case.name.split()[0], [0, 0, 0, 0])
        row[:] = [a + b for a, b in zip(row, (True, new_level(i) >= 2, new_level(i) >= 3, max(UNIT_SCORES[i]) >= 0))]
    print("  per intent, new any/error/p>=.5 of n: " + ", ".join(f"{k} {a}/{e}/{h} of {n}" for k, (n, a, e, h) in
                                                          sorted(intents.items(), key=lambda kv: kv[1][1] / kv[1][0])))


quantile = lambda scores, rate: sorted(scores)[min(len(scores) - 1, int(len(scores) * (1 - rate)))] + 1e-9  # noqa


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    for flag, default, about in (
            ("--features", "shipped,pairs", "of shipped, pairs (2..window apart), prev"),
            ("--fragments", "", "public short attack sets trained on (all units positive)"),
            ("--probes", "own7,adapt6,own4,own5", "attack sets only scored, out of fold"),
            ("--untrained", "", "labelled sources held out but never trained on (before)"),
            ("--blind", "", "a blind set: its totals only, by the model of all"),
            ("--write", "", "fit the model of all and write it here (lines.bin)")):
        parser.add_argument(flag, default=default, help=about)
    for flag, default in (("--window", 4), ("--item-weight", 0.3), ("--fraction", 1.0), ("--c", 0.5),
                          ("--balance", 1.0), ("--real-weight", 3.0), ("--hard-weight", 1.0), ("--alike-weight", 1.0),
                          ("--fragment-weight", 1.0), ("--max-units", 1), ("--seeds", len(SEEDS)), ("--tail", 0)):
        parser.add_argument(flag, type=type(default), default=default)  # fraction: of whole-file attacks trained
    for flag, about in (("--items", "train3/train4/trainlines attack items as positives"), ("--show", "top benign "
                        "units, the scanner's misses"), ("--spread", "look-alike sets spread over the folds (before "
                        "13)"), ("--more", "own19-21's labels, trainlines2/3's items")):  # --seeds: the rule is 5
        parser.add_argument(flag, action="store_true", help=about)
    parser.add_argument("--pool", choices=("wide", "narrow"), default="wide", help="look-alikes (WIDE_POOL)")
    args = parser.parse_args(argv)
    if args.more:  # own19.. after own18, the folds' order own19 was measured in
        LABELLED[5:5], _ = MORE[0], WHOLE_FILE.update(MORE[0])
        ITEM_SETS.extend(name for name in MORE[1] if (DEVSET / f"{name}_attacks.txt").exists())
    docs = load(args.items, args.pool, not args.spread, args.fragments, args.probes, args.fragment_weight,
                args.max_units)
    untrained = set(filter(None, args.untrained.split(",")))
    kinds = set(args.features.split(","))
    if args.write and (kinds != lines.KINDS or args.window != lines.WINDOW):  # the features lines.py reads
        raise SystemExit(f"line_study --write needs --features {','.join(sorted(lines.KINDS))} --window {lines.WINDOW}")
    levels = scanner_levels(docs)  # (cached per work tree; --write reports the figures of what it writes)
    x, owner, y, w = matrix(docs, kinds, args.window, args)
    print(f"{len(docs)} documents, {x.shape[0]} units, {sum(sum(d.positive) for d in docs)} positive", flush=True)
    every = [i for i, d in enumerate(docs) if d.source not in untrained and d.kind != "probe"
             and not (d.kind == "attack" and d.source in WHOLE_FILE and zlib.crc32(d.text.encode()) % 100
                      >= 100 * args.fraction)]
    real, alike, scores = [], [], []
    for seed in SEEDS[:args.seeds]:
        score, _ = {}, deal(docs, seed, not args.spread)
        for name in LABELLED:
            model = fit(x, owner, y, w, [i for i in every if docs[i].fold != name
                                         and not (docs[i].kind == "attack" and docs[i].source == name)], args)
            score.update(doc_max(model, x, owner, [i for i, d in enumerate(docs) if d.fold == name
                                                   or (d.kind == "attack" and d.source == name)], not scores))
        real += [score[i] for i, d in enumerate(docs) if d.kind == "real"]
        alike += [score[i] for i, d in enumerate(docs) if d.kind == "lookalike"]
        scores.append(score)
    score, _ = scores[0], deal(docs, SEEDS[0], not args.spread)
    warning = max(quantile(real, 0.01), quantile(alike, 0.02))
    error = max(warning, quantile(real + alike, 1 / 500))
    print(f"features {sorted(kinds)} window {args.window}, items {args.items} ({args.item_weight}), C {args.c}: "
          f"thresholds warning {1 / (1 + math.exp(-warning)):.6f}, error {1 / (1 + math.exp(-error)):.6f}")
    print("  benign files at error per deal (real/look-alike): " + ", ".join(f"{seed}: {n(scores[k], 'real')}/"
          f"{n(scores[k], 'lookalike')}" for k, seed in enumerate(SEEDS[:args.seeds])
          for n in [lambda sc, kind: sum(sc[i] >= error for i, d in enumerate(docs) if d.kind == kind)]))

    if args.tail:
        tail(docs, scores, error, args.tail)
    if args.write:
        write(args.write, fit(x, owner, y, w, every, args), warning, error)
    new_level = lambda i: 3 if score[i] >= error else 2 if score[i] >= warning else 0  # noqa: E731
    report(docs, levels, new_level, score)
    if args.show:
        show(docs, levels, warning, new_level)
    if args.blind:
        blind_totals(args, fit(x, owner, y, w, every, args), kinds, warning, error)
    return 0


def tail(docs, scores, error, count: int) -> None:
    """The benign files (real and look-alike) highest out of fold: best logit over the deals less the error
    threshold, deals at error, and the first deal's highest unit."""
    ids = [i for i, d in enumerate(docs) if d.kind in ("real", "lookalike")]
    for i in sorted(ids, key=lambda i: -max(sc[i] for sc in scores))[:count]:
        d, top = docs[i], max(range(len(UNIT_SCORES[i])), key=UNIT_SCORES[i].__getitem__)
        print(f"    tail {d.kind} {d.source} {d.path} {max(sc[i] for sc in scores) - error:+6.2f} "
              f"{sum(sc[i] >= error for sc in scores)}/{len(scores)} {d.case.name[:40]!r} {d.units[top][:140]!r}")


def write(path: str, model, warning: float, error: float) -> int:
    """The model of all, quantised to one signed byte per bucket, with the out-of-fold thresholds (logits)."""
    bias, scale, weights = quantised(model)
    Path(path).write_bytes(lines.pack(bias, scale, warning, error, weights.tobytes()))
    print(f"wrote {path}: {Path(path).stat().st_size} bytes, {int((weights != 0).sum())} non-zero buckets")
    return 0


def report(docs, levels, new_level, score) -> None:
    """Per left-out source, any / at error (%): B alone (LRN001 or new), everything (without LRN002), new, both, the
    gain; its look-alikes error / warned, attacks and look-alikes at p >= 0.5; benign files; short attacks."""
    print("  source     n |   B    | everything |  new   | every+new | gain (any/error) | look-alikes err/warned | p>=.5 att / alike")
    gains = []
    for name in LABELLED:
        ids = [i for i, d in enumerate(docs) if d.kind == "attack" and d.source == name]
        counts = [[0, 0] for _ in range(4)]
        for i in ids:
            for every, lrn in levels[id(docs[i])]:
                for k, level in enumerate((max(lrn, new_level(i)), every, new_level(i), max(every, new_level(i)))):
                    counts[k][0] += level >= 2
                    counts[k][1] += level >= 3
        p = [(100 * a / (2 * len(ids)), 100 * e / (2 * len(ids))) for a, e in counts]
        gains.append((name, p[3][0] - p[1][0], p[3][1] - p[1][1]))
        alike = [i for i, d in enumerate(docs) if d.kind == "lookalike" and d.source == name]
        both = [max(max(e for e, _ in levels[id(docs[i])]), new_level(i)) for i in alike]
        high = [f"{100 * sum(score[i] >= 0 for i in group) / len(group):.0f}" for group in (ids, alike)]
        print(f"  {name:6} {2 * len(ids):4} | " + " | ".join(f"{a:5.1f}/{e:5.1f}" for a, e in p)
              + f" | {gains[-1][1]:+5.1f}/{gains[-1][2]:+5.1f} | {len(alike)}: new "
              f"{sum(new_level(i) >= 3 for i in alike)}/{sum(new_level(i) >= 2 for i in alike)}, every+new "
              f"{sum(v >= 3 for v in both)}/{sum(v >= 2 for v in both)} | p>=.5 {high[0]} % / {high[1]} %")
    for label, rows in (("whole-file sources", [g for g in gains if g[0] in WHOLE_FILE]), ("all", gains)):
        print(f"  mean gain, {label}: any {sum(g[1] for g in rows) / len(rows):+.1f}, error "
              f"{sum(g[2] for g in rows) / len(rows):+.1f}")
    for kind in ("real", "lookalike"):
        ids = [i for i, d in enumerate(docs) if d.kind == kind]
        every = {i: max(e for e, _ in levels[id(docs[i])]) for i in ids}
        line = [sum(lv >= t for lv in column) for column in ([new_level(i) for i in ids], every.values(),
                [max(every[i], new_level(i)) for i in ids]) for t in (2, 3)]
        print(f"  benign {kind:9} {len(ids):4}: warned / error: new {line[0]}/{line[1]}, everything "
              f"{line[2]}/{line[3]}, everything+new {line[4]}/{line[5]}; p>=.5 "
              f"{100 * sum(score[i] >= 0 for i in ids) / len(ids):.1f} %")
    sets = sorted({d.source for d in docs if d.kind == "lookalike" and d.source not in LABELLED})
    print("  look-alike sets, new error/warned: " + ", ".join(f"{s} {sum(new_level(i) >= 3 for i in ids)}/"
          f"{sum(new_level(i) >= 2 for i in ids)} of {len(ids)}" for s in sets
          for ids in [[i for i, d in enumerate(docs) if d.kind == "lookalike" and d.source == s]]))
    bars = (lambda i: score[i] >= 0, lambda i: new_level(i) >= 2, lambda i: new_level(i) >= 3)
    print("  short attacks (f: trained, p: probes), % at logit >= 0 / warning / error: " + ", ".join(
        f"{k[0]}:{s} " + "/".join(f"{100 * sum(map(bar, ids)) / len(ids):.0f}" for bar in bars)
        for k, s in sorted({(d.kind, d.source) for d in docs if d.kind in ("fragment", "probe")})
        for ids in [[i for i, d in enumerate(docs) if (d.kind, d.source) == (k, s)]]))


def blind_totals(args, model, kinds, warning, error) -> None:
    """A blind set's totals only (never a case): the model of all, placements as blind_totals.py."""
    import numpy as np
    from scipy.sparse import csr_matrix

    from guard.scan.engine import scan_text

    for name in args.blind.split(","):  # (the model was never fit on it: LABELLED holds no blind set)
        rows = {"attack": [0] * 5, "benign": [0] * 5}  # n, every any, every err, +new any, +new err
        for case in own(name):
            feats = doc_features([case.text[a:b] for a, b in lines.spans(case.text)], kinds, args.window)
            r, c = [k for k, f in enumerate(feats) for _ in f], [b for f in feats for b in f]
            z = model.decision_function(csr_matrix((np.ones(len(r)), (r, c)), shape=(len(feats), 1 << BITS))).max()
            nl = 3 if z >= error else 2 if z >= warning else 0
            for path, text in placements(case):
                every = max((RANK[f.severity] for f in scan_text(text, path) if f.id != "LRN002"), default=0)
                for k, hit in enumerate((True, every >= 2, every >= 3, max(every, nl) >= 2, max(every, nl) >= 3)):
                    rows["attack" if case.attack else "benign"][k] += hit
        a, b = rows["attack"], rows["benign"]
        print(f"  blind {name} totals: attacks {a[0]}: everything any {100 * a[1] / a[0]:.1f} % error "
              f"{100 * a[2] / a[0]:.1f} %; everything+new any {100 * a[3] / a[0]:.1f} % error {100 * a[4] / a[0]:.1f} %"
              f"; benign {b[0]}: everything warned {b[1]} error {b[2]}; everything+new warned {b[3]} error {b[4]}")


if __name__ == "__main__":
    raise SystemExit(main())
