"""Study (issue 21 B): does a semantic representation make per-UNIT scoring precise enough to find one bad
instruction inside a whole real file? Writes nothing; prints figures (bench/devset/SOURCES.md, last section).

Units as on the `units` branch (a list item with its continuation lines, a table row, a line or paragraph, a
sentence of a long one) and each adjacent pair in one section; a document's score: its highest piece (max) or that
less half its median piece where above 0 (contrast). Representations: hashed (the shipped features, 2**18),
emb256 / emb64 (mean of wordllama 0.4.0.post1's l2_supercat token vectors, MIT, inside its wheel; first 64 dims for
emb64), concat / concat64 (hashed beside either); logistic regression, mlp (128 hidden, on emb256). Attack pieces
by multiple instances: a first fit on all pieces, the second on each attack text's TOP best by the first. Each
source left out in turn (the benign documents of its own set with it, the rest spread over the folds): every
score is out of fold. Warning: at most 1 % of each benign kind of 100 or more (look-alikes left out); error: 1 in
500 of the hard kinds together. Held sets (own13; own10, own12 blind): the model of all, totals only.

    pip install scikit-learn numpy scipy tokenizers safetensors wordllama==0.4.0.post1   # study only
    python bench/embed_study.py --reps hashed,emb256,emb64,concat,concat64,mlp"""
from __future__ import annotations

import argparse
import math
import random
import re
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import train_scorer as ts  # noqa: E402
from eval_sources import own  # noqa: E402

from guard.scan import learned  # noqa: E402
from guard.scan.learned import lines  # noqa: E402

ts.LOADERS.update(train3=lambda: own("train3"), train4=lambda: own("train4"))
SOURCES = [*ts.ATTACK_SOURCES, "train3", "train4"]
HELD = ["own13", "own12", "own10"]
BUDGET = 16_000
CUT = lines.CUT
TOP = 2
WORD = re.compile(r"\w+")


def units(text: str):
    """The line model's units (guard/scan/learned/lines.py), each with whether it opens a section."""
    for start, end in lines.units(text):
        yield start, end, text.startswith("#", start)


def pieces(text: str) -> list[tuple[str, int]]:
    """(unit text, index of the previous unit in one section or -1), units of 3 words or more, up to BUDGET."""
    out: list[tuple[str, int]] = []
    budget, previous = BUDGET, -1
    for start, end, opens in units(text):
        budget -= end - start
        if budget < 0:
            break
        if opens:
            previous = -1
        if len(WORD.findall(text[start:end])) < 3:
            continue
        out.append((text[start:end], previous))
        previous = len(out) - 1
    return out or [(text[:CUT], -1)]


class Table:
    """Every piece of every document: its unit(s), hashed buckets and token-vector sum."""

    def __init__(self) -> None:
        import numpy as np
        from safetensors.numpy import load_file
        from tokenizers import Tokenizer

        base = next(Path(p) for p in sys.path if (Path(p) / "wordllama").is_dir()) / "wordllama"
        self.tok = Tokenizer.from_file(str(base / "tokenizers" / "l2_supercat_tokenizer_config.json"))
        self.vectors = load_file(str(base / "weights" / "l2_supercat_256.safetensors"))["embedding.weight"]
        self.vectors = self.vectors.astype(np.float32)
        self.units: list[str] = []
        self.doc_pieces: list[list[tuple[int, int]]] = []  # per document: (unit, previous unit or -1)

    def add(self, text: str) -> int:
        ids = []
        local: dict[int, int] = {}
        for i, (unit, previous) in enumerate(pieces(text)):
            local[i] = len(self.units)
            self.units.append(unit)
            ids.append((local[i], local.get(previous, -1)))
        self.doc_pieces.append(ids)
        return len(self.doc_pieces) - 1

    def build(self) -> None:
        import numpy as np
        from scipy.sparse import csr_matrix

        sums = np.zeros((len(self.units), 256), np.float32)
        counts = np.zeros(len(self.units), np.float32)
        for at in range(0, len(self.units), 2048):
            for j, enc in enumerate(self.tok.encode_batch(self.units[at:at + 2048], add_special_tokens=False)):
                if enc.ids:
                    sums[at + j] = self.vectors[enc.ids].sum(0)
                    counts[at + j] = len(enc.ids)
        buckets = [learned.features(learned.folded(ts.OWN_NAME.sub("tool", unit))) for unit in self.units]
        # pieces: every unit, and each unit with its previous one in the section
        self.piece_units: list[tuple[int, int]] = []
        self.doc_rows: list[list[int]] = []
        for ids in self.doc_pieces:
            rows_of = []
            for unit, previous in ids:
                rows_of.append(len(self.piece_units))
                self.piece_units.append((unit, -1))
                if previous >= 0:
                    rows_of.append(len(self.piece_units))
                    self.piece_units.append((unit, previous))
            self.doc_rows.append(rows_of)
        first, second = np.array(self.piece_units).T
        has = second >= 0
        self.emb, self.ntok = sums[first], counts[first]  # sums: truncated and normalised per representation
        self.emb[has] += sums[second[has]]
        self.ntok[has] += counts[second[has]]
        rows, cols = [], []
        for r, (a, b) in enumerate(self.piece_units):
            feats = buckets[a] | buckets[b] if b >= 0 else buckets[a]
            rows.extend([r] * len(feats))
            cols.extend(feats)
        self.hashed = csr_matrix((np.ones(len(rows), np.float32), (rows, cols)),
                                 shape=(len(self.piece_units), 1 << learned.BITS))

    def matrix(self, rep: str):
        import numpy as np
        from scipy.sparse import csr_matrix, hstack

        if rep == "hashed":
            return self.hashed
        dims = 64 if rep in ("emb64", "concat64") else 256
        e = self.emb[:, :dims] / np.maximum(np.linalg.norm(self.emb[:, :dims], axis=1, keepdims=True), 1e-6)
        e = (e - e.mean(0)) / (e.std(0) + 1e-6)
        e = np.hstack([e, np.log1p(self.ntok)[:, None] - 2.5])
        if rep.startswith("concat"):
            return hstack([self.hashed, csr_matrix(e * 0.25)]).tocsr()
        return e


def fit(rep: str, x, y, w, c: float):
    if rep == "mlp":
        from sklearn.neural_network import MLPClassifier

        model = MLPClassifier((128,), alpha=1e-3, max_iter=30, early_stopping=False, random_state=0)
        return model.fit(x, y, sample_weight=w / w.mean())
    from sklearn.linear_model import LogisticRegression

    return LogisticRegression(C=c, max_iter=1000).fit(x, y, sample_weight=w)


def train(rep, x, table, attack_docs, benign_docs, c):
    """Two fits (multiple instances): all attack pieces, then each attack text's top TOP pieces."""
    import numpy as np

    groups: dict[str, list[int]] = {}
    for doc, source in attack_docs:
        groups.setdefault(ts.group(source), []).append(doc)
    per_doc = {doc: len(docs) ** -0.5 for docs in groups.values() for doc in docs}
    b_rows = [r for doc, kind in benign_docs for r in table.doc_rows[doc]]
    b_w = [3.0 if kind == "corpus" else 1.0 for doc, kind in benign_docs for _ in table.doc_rows[doc]]
    model = None
    for _ in range(2):
        a_rows, a_w = [], []
        for doc, _ in attack_docs:
            rows = table.doc_rows[doc]
            if model is not None and len(rows) > TOP:
                scores = logit(model, x[rows])
                rows = [rows[i] for i in np.argsort(-scores)[:TOP]]
            a_rows += rows
            a_w += [per_doc[doc] / len(rows)] * len(rows)
        a_w = np.array(a_w) * (sum(b_w) / sum(a_w))
        rows = a_rows + b_rows
        y = np.r_[np.ones(len(a_rows)), np.zeros(len(b_rows))]
        model = fit(rep, x[rows], y, np.r_[a_w, b_w], c)
    return model


def logit(model, x):
    """Each piece's logit, in float64 (a float32 probability rounds every score above 0.99999994 to 1)."""
    import numpy as np

    if hasattr(model, "decision_function"):
        return np.asarray(model.decision_function(x), np.float64)
    p = np.clip(np.asarray(model.predict_proba(x)[:, 1], np.float64), 1e-15, 1 - 1e-15)
    return np.log(p / (1 - p))


def contrast(z) -> float:
    """The highest piece less half of the document's median piece where that is above 0: a file whose every line
    speaks to an agent lifts its best line less than one whose best line stands out."""
    return float(z.max()) - (0.5 * max(0.0, float(sorted(z)[len(z) // 2])) if len(z) > 2 else 0.0)


AGGREGATES = {"max": lambda z: float(z.max()), "contrast": contrast}


def doc_logits(model, x, table, docs):
    """Each document's pieces' logits."""
    rows = [r for d in docs for r in table.doc_rows[d]]
    z = logit(model, x[rows]) if rows else []
    out, at = [], 0
    for d in docs:
        n = len(table.doc_rows[d])
        out.append(z[at:at + n])
        at += n
    return out


def report(rep, c, aggregate, found, oof, benign_docs, held) -> None:
    """Recall per left-out source at the out-of-fold thresholds, benign counts per kind, held totals."""
    agg = AGGREGATES[aggregate]
    by_kind: dict[str, list[float]] = {}
    for doc, kind in benign_docs:
        if doc in oof:
            by_kind.setdefault(kind, []).append(agg(oof[doc]))
    per_kind = {k: ts.threshold_for(v, 0.01) for k, v in by_kind.items() if len(v) >= 100 and k not in ts.LOOK_ALIKES}
    warning = max(per_kind.values(), default=0.5)  # (a quick run with --folds has few benign documents)
    hard = [s for k, v in by_kind.items() if k not in ts.EASY_KINDS for s in v]
    error = max(warning, ts.threshold_for(hard, 1 / 500))
    shown = [1 / (1 + math.exp(-t)) for t in (warning, error)]
    print(f"\n== {rep} (C {c}, {aggregate}): thresholds warning {shown[0]:.7f}, error {shown[1]:.7f} (warning set "
          f"by {max(per_kind, key=per_kind.get, default=None)})", flush=True)
    total = [0, 0, 0]
    for name, docs in found.items():
        scores = [agg(z) for z in docs]
        a, e = sum(s >= warning for s in scores), sum(s >= error for s in scores)
        total = [total[0] + len(scores), total[1] + a, total[2] + e]
        print(f"  {name:10} {len(scores):5}  any {100 * a / max(1, len(scores)):5.1f} %  "
              f"error {100 * e / max(1, len(scores)):5.1f} %")
    print(f"  {'all':10} {total[0]:5}  any {100 * total[1] / total[0]:5.1f} %  "
          f"error {100 * total[2] / total[0]:5.1f} %")
    print("  benign out of fold (warned / error / docs): " + ", ".join(
        f"{k} {sum(s >= warning for s in v)}/{sum(s >= error for s in v)}/{len(v)}" for k, v in by_kind.items()))
    for name, (a_z, b_z) in held.items():
        a_s, b_s = [agg(z) for z in a_z], [agg(z) for z in b_z]
        print(f"  held {name}: attacks {len(a_s)} any {100 * sum(s >= warning for s in a_s) / len(a_s):5.1f} % "
              f"error {100 * sum(s >= error for s in a_s) / len(a_s):5.1f} %; benign {len(b_s)}: warned "
              f"{sum(s >= warning for s in b_s)}, error {sum(s >= error for s in b_s)}", flush=True)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--reps", default="emb256,hashed,emb64,concat")
    parser.add_argument("--c", type=float, default=0.5)
    parser.add_argument("--folds", default="", help="only these left-out sources (quick runs)")
    parser.add_argument("--aggregate", default="max,contrast", help="max, contrast: a document's score")
    args = parser.parse_args(argv)
    t0 = time.time()
    attacks, kinds = ts.collect(SOURCES)
    table = Table()
    attack_docs = [(table.add(t), s) for s, texts in attacks.items() for t in texts]
    benign_docs = [(table.add(t), k) for k, texts in kinds.items() for t in texts]
    held = {name: ([table.add(c.text) for c in own(name) if c.attack], [table.add(c.text) for c in own(name)
                                                                        if not c.attack]) for name in HELD}
    table.build()
    print(f"{len(attack_docs)} attack texts from {len(attacks)} sources, {len(benign_docs)} benign documents, "
          f"{len(table.piece_units)} pieces; {time.time() - t0:.0f} s", flush=True)
    folds = list(attacks)
    rng = random.Random(11)
    fold_of = {doc: (kind if kind in attacks else rng.choice(folds)) for doc, kind in benign_docs}
    for rep in args.reps.split(","):
        x = table.matrix("emb256" if rep == "mlp" else rep)
        oof: dict[int, object] = {}
        found: dict[str, list] = {}
        for name in args.folds.split(",") if args.folds else folds:
            model = train(rep, x, table, [(d, s) for d, s in attack_docs if s != name],
                          [(d, k) for d, k in benign_docs if fold_of[d] != name], args.c)
            found[name] = doc_logits(model, x, table, [d for d, s in attack_docs if s == name])
            held_out = [d for d, k in benign_docs if fold_of[d] == name]
            oof.update(zip(held_out, doc_logits(model, x, table, held_out)))
        model = train(rep, x, table, attack_docs, benign_docs, args.c)
        held_z = {name: (doc_logits(model, x, table, a), doc_logits(model, x, table, b))
                  for name, (a, b) in held.items()}
        for aggregate in args.aggregate.split(","):
            report(rep, args.c, aggregate, found, oof, benign_docs, held_z)
        print(f"  ({time.time() - t0:.0f} s)", flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
