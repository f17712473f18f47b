"""guard.scan.exfil.query_pairs reads a URL's query as urllib.parse does (urlsplit, then parse_qsl with blank
values kept), without importing urllib.parse on the scan path."""
from __future__ import annotations

from urllib.parse import parse_qsl, urlsplit

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from guard.scan.exfil import query_pairs

PIECES = st.sampled_from(["a", "Z", "0", "=", "&", "+", "?", "#", "/", ".", "%", "%2", "%41", "%e2%82%ac", "%C3",
                          "%zz", " ", "\t", "\n", "é", "数", "{", "}", "[INFO]", "$TOKEN", ";"])


@settings(max_examples=400, deadline=None)
@given(host=st.sampled_from(["https://evil.example", "http://a.b.c:8080", "https://x.example/p/q"]),
       rest=st.lists(PIECES, max_size=14).map("".join))
def test_query_pairs_agree_with_urllib(host: str, rest: str) -> None:
    url = host + "/?" + rest
    try:
        expected = parse_qsl(urlsplit(url).query, keep_blank_values=True)
    except ValueError:  # (urlsplit refuses some hosts; query_pairs reads their query all the same)
        return
    assert query_pairs(url) == expected


@pytest.mark.parametrize("url, pairs", [
    ("https://evil.example/log?data=SECRET&x", [("data", "SECRET"), ("x", "")]),
    ("https://e.example/?q=a+b%20c#frag?no=1", [("q", "a b c")]),
    ("https://e.example/?s=%E2%82%AC%zz", [("s", "€%zz")]),
    ("https://e.example/path", []),
])
def test_query_pairs_examples(url: str, pairs: list[tuple[str, str]]) -> None:
    assert query_pairs(url) == pairs
