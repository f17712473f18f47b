from __future__ import annotations

from datetime import date, timedelta

import pytest

from rules_engine import block as b
from rules_engine import promotion as p
from rules_engine.parse import parse_rule
from rules_engine.settings import PromotionSettings

TODAY = date(2026, 11, 1)
SETTINGS = PromotionSettings()


def rule(name: str, body: str = "Never write files in place; use tmp + rename.", *, always: bool = True,
         conf: float | None = 0.9, sessions: int | None = 5, last_used: date | None = TODAY,
         extra: str = "") -> p.Rule:
    meta = [f"description: {name} rule", f"always: {str(always).lower()}"]
    if conf is not None:
        meta.append(f"confidence: {conf}")
    if sessions is not None:
        meta.append(f"sessions: {sessions}")
    if last_used is not None:
        meta.append(f"last_used: {last_used.isoformat()}")
    text = "---\n" + "\n".join(meta) + "\n" + extra + "---\n" + body + "\n"
    return parse_rule(f".agents/rules/{name}.md", text.encode())


def test_eligible_rule_passes_all_four_tests_with_reasons() -> None:
    cand = p.evaluate(rule("atomic"), [], SETTINGS, TODAY)
    assert cand.eligible
    assert [t.name for t in cand.tests] == ["broad", "imperative", "durable", "compact"]
    assert cand.why == ("broad: always-on; imperative: says what to do or never do; durable: confidence 0.90, "
                        "5 sessions, no contradiction; compact: 1 line(s)")
    assert (cand.text, cand.source, cand.breadth, cand.recency, cand.score) == (
        "Never write files in place; use tmp + rename.", ".agents/rules/atomic.md", 1.0, 1.0, 0.9)


@pytest.mark.parametrize(
    ("kwargs", "test", "reason"),
    [
        ({"always": False}, "broad", "not broad: fetched only when its description applies"),
        ({"always": False, "extra": "globs: src/db.py\n"}, "broad", "not broad: applies only to src/db.py"),
        ({"body": "In July we chose Caddy over nginx."}, "imperative", "reads like an episode"),
        ({"body": "The cache lives in var/cache."}, "imperative", "no do/never/must wording"),
        ({"conf": 0.6}, "durable", "confidence 0.60 < min_confidence 0.70"),
        ({"conf": None}, "durable", "no confidence recorded"),
        ({"sessions": 1}, "durable", "1 session(s) < min_sessions 3"),
        ({"body": "Never push.\nAlways test.\nUse tabs."}, "compact", "not compact: 3 lines"),
        ({"body": "Never " + "x" * 300}, "compact", "a line of 306 characters"),
    ],
)
def test_each_failed_test_says_why(kwargs: dict[str, object], test: str, reason: str) -> None:
    cand = p.evaluate(rule("r", **kwargs), [], SETTINGS, TODAY)  # type: ignore[arg-type]
    failed = [t for t in cand.tests if not t.passed]
    assert [t.name for t in failed] == [test]
    assert reason in failed[0].reason


def test_broad_across_several_paths() -> None:
    cand = p.evaluate(rule("r", always=False, extra="globs: [src/**, tests/**]\n"), [], SETTINGS, TODAY)
    assert cand.tests[0].passed and cand.breadth == pytest.approx(0.8)


def test_open_contradiction_either_way() -> None:
    tabs = rule("tabs", "Always use tabs.", extra="contradicts: [spaces]\n")
    spaces = rule("spaces", "Never use tabs.")
    both = [tabs, spaces]
    assert "open contradiction with spaces" in p.evaluate(tabs, both, SETTINGS, TODAY).why
    assert "open contradiction with tabs" in p.evaluate(spaces, both, SETTINGS, TODAY).why
    # the contradicted rule is gone: nothing open any more
    assert p.evaluate(tabs, [tabs], SETTINGS, TODAY).eligible


def test_score_decays_with_disuse_and_ranks() -> None:
    fresh = rule("fresh", last_used=TODAY)
    old = rule("old", last_used=TODAY - timedelta(days=180))
    unknown = rule("unknown", last_used=None)
    ranked = p.evaluate_all([old, unknown, fresh], SETTINGS, TODAY)
    assert [c.id for c in ranked] == ["fresh", "unknown", "old"]
    assert [c.recency for c in ranked] == [1.0, 0.5, 0.25]
    assert ranked[2].score == pytest.approx(0.225)
    assert p.is_stale(TODAY - timedelta(days=181), TODAY, SETTINGS)
    assert not p.is_stale(TODAY - timedelta(days=180), TODAY, SETTINGS)


def test_recommend_top_n_and_all() -> None:
    rules = [rule(f"r{i}", conf=0.7 + i * 0.02) for i in range(8)] + [rule("bad", conf=0.1)]
    cands = p.evaluate_all(rules, SETTINGS, TODAY)
    top = p.recommend(cands, ["r7"], SETTINGS)
    assert [c.id for c in top] == ["r6", "r5", "r4", "r3", "r2"]
    everything = p.recommend(cands, ["r7"], SETTINGS, show_all=True)
    assert [c.id for c in everything][-1] == "bad" and len(everything) == 8


def test_lowest_promoted_and_source_gone_scores_zero() -> None:
    text = b.upsert(b.upsert(b.upsert("", "a", "Never a.", "a.md", 0.9), "b", "Never b.", "b.md", 0.9),
                    "gone", "Never c.", "c.md", 0.9)
    cands = p.evaluate_all([rule("a", conf=0.9), rule("b", conf=0.75)], SETTINGS, TODAY)
    assert p.lowest_promoted(b.parse(text).rules, cands).id == "gone"  # type: ignore[union-attr]
    assert p.lowest_promoted(b.parse(text).rules[:2], cands).id == "b"  # type: ignore[union-attr]


def _block(n: int, extra: str = "") -> str:
    text = "# Hand-written\n"
    for i in range(n):
        text = b.upsert(text, f"r{i}", f"Never do thing {i}.", f".agents/rules/r{i}.md", 0.9)
    return text.replace("<!-- ai-memory:end -->", extra + "<!-- ai-memory:end -->")


def _audit(text: str, settings: PromotionSettings = SETTINGS, sources: dict[str, p.Rule] | None = None,
           exists: set[str] | None = None) -> list[p.Issue]:
    n = 20
    sources = sources if sources is not None else {
        f".agents/rules/r{i}.md": rule(f"r{i}", f"Never do thing {i}.") for i in range(n)}
    exists = exists if exists is not None else set(sources)
    return p.audit(b.parse(text), "AGENTS.md", sources, exists, settings, TODAY)


def test_audit_at_exactly_the_cap_passes_one_over_fails() -> None:
    settings = PromotionSettings(max_promoted=3, max_lines=3)
    assert _audit(_block(3), settings) == []
    issues = _audit(_block(4), settings)
    assert [(i.code, i.line, i.rule) for i in issues] == [("BLK001", 8, "r3"), ("BLK002", 4, "")]
    assert issues[0].message == ("4 promoted rules, over max_promoted = 3 (from rule 'r3' on)")
    assert issues[1].message == "the promoted-rules block of AGENTS.md has 4 lines, over max_lines = 3"


def test_audit_warnings() -> None:
    sources = {".agents/rules/r0.md": rule("r0", "Never do thing 0.", conf=0.5),
               ".agents/rules/r1.md": rule("r1", "Always do something else."),
               ".agents/rules/r2.md": rule("r2", "Never do thing 2.", last_used=TODAY - timedelta(days=400))}
    issues = _audit(_block(4), sources=sources)
    assert [(i.code, i.severity, i.rule, i.line) for i in issues] == [
        ("BLK102", "warning", "r0", 5), ("BLK103", "warning", "r1", 6), ("BLK105", "info", "r2", 7),
        ("BLK101", "warning", "r3", 8)]
    assert issues[3].message == "rule 'r3': its source .agents/rules/r3.md no longer exists"


def test_audit_lost_trailer_names_its_line() -> None:
    text = _block(2, "- Hand-added rule without provenance.\n")
    (issue,) = _audit(text)
    assert (issue.code, issue.line, issue.severity) == ("BLK003", 7, "error")
    assert issue.message.startswith("rule 'Hand-added rule without provenance.' has no provenance")


def test_double_loading() -> None:
    agents = b.parse(_block(2))
    claude = b.parse(_block(1))
    (issue,) = p.double_loading(agents, claude, "CLAUDE.md")
    assert (issue.code, issue.line, issue.rule) == ("BLK104", 5, "r0")
    assert p.double_loading(agents, b.parse("@AGENTS.md\n"), "CLAUDE.md") == []


def test_every_check_id_documented() -> None:
    for code, (name, severity, doc) in p.CHECKS.items():
        assert code[:3] == "BLK" and name and severity in ("error", "warning", "info") and doc
