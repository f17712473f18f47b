"""What every `kguard rules` command loads: the candidate rules files, AGENTS.md and its managed block, and
each rule evaluated for promotion. Reads only (an AGENTS.md that is not UTF-8 is read all the same; the
commands that write refuse it)."""
from __future__ import annotations

from dataclasses import dataclass
from datetime import date
from pathlib import Path

from hooks.session import Session
from rules_engine import block as blk
from rules_engine import files
from rules_engine import promotion as prom
from rules_engine.errors import KguardError
from rules_engine.models import Rule
from rules_engine.parse import parse_rule
from rules_engine.settings import PromotionSettings

AGENTS = "AGENTS.md"
RULES_DIR = ".agents/rules"


@dataclass
class Promotion:
    session: Session
    settings: PromotionSettings
    rules: list[Rule]
    errors: list[KguardError]
    agents: Path
    text: str
    raw: bytes | None
    block: blk.Block
    candidates: list[prom.Candidate]
    undecodable: KguardError | None = None  # AGENTS.md is not UTF-8: it can be read, not edited

    def candidate(self, rule_id: str) -> prom.Candidate:
        found = next((c for c in self.candidates if c.id == rule_id), None)
        if found is None:
            bad = next((e for e in self.errors if Path(e.path or "").stem == rule_id), None)
            if bad is not None:
                raise bad
            raise KguardError(f"no rules file named '{rule_id}' in {RULES_DIR}/ or "
                              f"{self.settings.memory_store}/_rules/ (kguard rules recommend --all lists them)")
        return found

    def rule(self, rule_id: str) -> Rule | None:
        return next((r for r in self.rules if r.name == rule_id), None)


def rule_sources(root: Path, settings: PromotionSettings) -> list[tuple[str, Path]]:
    """(display path, path) of every candidate source: `.agents/rules/*.md`, then an ai-memory store's
    `_rules/*.md` pages when the store exists."""
    found = []
    for folder in (root / RULES_DIR, root / settings.memory_store / "_rules"):
        if folder.is_dir():
            for path in sorted(folder.glob("*.md")):
                if path.is_file():
                    found.append((path.relative_to(root).as_posix(), path))
    return found


def load_rules(sources: list[tuple[str, bytes | Path]]) -> tuple[list[Rule], list[KguardError]]:
    rules: list[Rule] = []
    errors: list[KguardError] = []
    names: set[str] = set()
    for display, source in sources:
        try:
            data = source if isinstance(source, bytes) else source.read_bytes()
            rule = parse_rule(display, data)
        except KguardError as exc:
            errors.append(exc)
            continue
        except OSError as exc:
            errors.append(KguardError(f"cannot read: {exc.strerror or exc}", display))
            continue
        if rule.name not in names:  # the project's own file wins over a page of the same name
            names.add(rule.name)
            rules.append(rule)
    return rules, errors


def decode(data: bytes, display: str) -> str:
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as exc:
        line = data[: exc.start].count(b"\n") + 1
        raise KguardError(f"not UTF-8 (byte 0x{data[exc.start]:02x}); the managed block cannot be edited",
                          display, line) from None


def load(session: Session) -> Promotion:
    settings = session.settings.rules_promotion
    root = session.places.root
    rules, errors = load_rules(list(rule_sources(root, settings)))
    agents = root / AGENTS
    raw = files.read(agents, AGENTS) if agents.is_file() else None  # unreadable: one line naming it
    undecodable = None
    try:
        text = decode(raw, AGENTS) if raw is not None else ""
    except KguardError as exc:  # reading the block needs only its ASCII markers; writing refuses
        undecodable = exc
        text = (raw or b"").decode("utf-8", "surrogateescape")
    candidates = prom.evaluate_all(rules, settings, date.today())
    return Promotion(session, settings, rules, errors, agents, text, raw,
                     blk.parse(text, settings.marker_prefix), candidates, undecodable)


def usage(block: blk.Block, settings: PromotionSettings) -> str:
    """How full the block is, e.g. "2/5 rules, 3/12 lines"."""
    return (f"{len(block.rules)}/{settings.max_promoted} rules, "
            f"{block.line_count}/{settings.max_lines} lines")
