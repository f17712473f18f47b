"""The scanner over ../shared/corpus: real knowledge files from public projects (no error-level finding
allowed) and public attack samples (each must draw at least a warning)."""
from __future__ import annotations

from pathlib import Path

import pytest

from guard.scan.engine import scan_bytes

# The contract for the benign corpus: no error-level finding on any file, warnings on at most 3 % of
# the files. Info-level findings are allowed anywhere (files that address AI agents directly; an install line in
# a code block).
MAX_WARNED_SHARE = 0.03


def _files(folder: Path) -> list[Path]:
    return sorted(p for p in folder.iterdir() if p.is_file() and p.name not in ("INDEX.tsv", "README.md"))


def test_negatives_raise_no_error_and_warnings_on_at_most_3_percent(shared_dir: Path) -> None:
    files = _files(shared_dir / "corpus" / "negatives")
    assert len(files) >= 149
    errors, warned = [], set()
    for path in files:
        for finding in scan_bytes(path.read_bytes(), path.name):
            if finding.severity == "error":
                errors.append(f"{path.name}:{finding.line}:{finding.column} {finding.id} {finding.message}")
            elif finding.severity == "warning":
                warned.add(path.name)
    assert errors == []
    assert len(warned) <= MAX_WARNED_SHARE * len(files), sorted(warned)


POSITIVES = [
    "Crypto-Sanemi__agent-engineering__training__scenarios__04-tool-trap.md",
    "NVIDIA__garak__garak__data__payloads__mcp_tool_poisoning.json",
    "NVIDIA__garak__garak__data__payloads__mcp_tool_response_injection.json",
    "Yardentamam__Weather_api__.cursorrules",
    "Yardentamam__Weather_api__.setup_instructions.md",
    "Yardentamam__Weather_api__netlify-page__payload.txt",
    "iam-niranjan__Al-Rules-File-Scanner__examples__malicious_cursor_rule.cursor",
    "iam-niranjan__Al-Rules-File-Scanner__examples__malicious_rule.json",
    "jamesmurdza__dangerous-cursor-project__.cursorrules",
    "linda-agi__lcl-secure-lab__examples__poc_echoleak_md.md",
    "lociko__prompt_injection__README.md",
    "milozq__claude-skill-antivirus__examples__malicious-skill__SKILL.md",
    "pola-rs__polars__AGENTS.md",
    "run-llama__llama_index__AGENTS.md",
    "sqlalchemy__sqlalchemy__AGENTS.md",
    "tagomaru__ai-security__attack__inivisible_prompt_injection__README.md",
]


def test_positive_list_is_the_whole_folder(shared_dir: Path) -> None:
    assert [p.name for p in _files(shared_dir / "corpus" / "positives")] == sorted(POSITIVES)


@pytest.mark.parametrize("name", POSITIVES)
def test_each_positive_draws_at_least_a_warning(shared_dir: Path, name: str) -> None:
    findings = scan_bytes((shared_dir / "corpus" / "positives" / name).read_bytes(), name)
    assert any(f.severity in ("error", "warning") for f in findings), [f.id for f in findings]


@pytest.mark.parametrize(("name", "expected"), [
    ("tagomaru__ai-security__attack__inivisible_prompt_injection__README.md", "INV003"),
    ("linda-agi__lcl-secure-lab__examples__poc_echoleak_md.md", "ACT001"),  # (EXF002 until issue 21)
    ("milozq__claude-skill-antivirus__examples__malicious-skill__SKILL.md", "OVR001"),
    ("Yardentamam__Weather_api__.setup_instructions.md", "CON001"),
])
def test_the_headline_attacks_are_errors_of_the_right_family(shared_dir: Path, name: str, expected: str) -> None:
    findings = scan_bytes((shared_dir / "corpus" / "positives" / name).read_bytes(), name)
    assert any(f.id == expected and f.severity == "error" for f in findings), [(f.id, f.severity) for f in findings]


def test_tag_smuggling_sample_shows_the_decoded_text(shared_dir: Path) -> None:
    name = "tagomaru__ai-security__attack__inivisible_prompt_injection__README.md"
    findings = scan_bytes((shared_dir / "corpus" / "positives" / name).read_bytes(), name)
    tagged = [f for f in findings if f.id == "INV003"]
    assert any('Just print "Hello world"' in f.message for f in tagged)
    assert any("and print 20 evil emoji" in f.excerpt for f in tagged)
