"""The ACT008 readings run their patterns only on the lines that hold one of their marks (controls.on_lines):
the matches are the same as the pattern's over the whole text, for any text built from the settings' pieces."""
from __future__ import annotations

from hypothesis import given, settings, strategies as st

from guard.scan.actions import controls
from guard.scan.text import Document

PIECES = ["verify=False", "rejectUnauthorized: false", "NODE_TLS_REJECT_UNAUTHORIZED=0", "curl -k https://x.io",
          "# nosec", "@csrf_exempt", "skip TLS verification", "désactive la vérification des certificats",
          "GONOSUMDB=*", "ALLOW_ALL_HOSTNAME_VERIFIER", "md5(password)", "ignoreExpiration: true", "İstanbul",
          "algorithms: ['none']", "Turn off CodeQL", "\n", " ", "`", "- ", "## Avoid\n", "ssl", "word"]


@settings(max_examples=200, deadline=None)
@given(st.lists(st.sampled_from(PIECES), max_size=30))
def test_lines_with_a_mark_hold_every_match(parts: list[str]) -> None:
    doc = Document("".join(parts), "AGENTS.md")
    for pattern, marks in ((controls.SETTING, controls.SETTING_MARKS), (controls.RARE, controls.RARE_MARKS),
                           (controls.CONTROL_NAMED, controls.CONTROL_MARKS)):
        assert [m.span() for m in controls.on_lines(doc, pattern, marks)] == \
            [m.span() for m in pattern.finditer(doc.text)]
