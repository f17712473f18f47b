"""An offline token estimator, for the context budget. No tokenizer is shipped, so this counts what a BPE
tokenizer (cl100k/o200k-like) roughly charges, erring on the high side so the budget is never optimistic:

- a run of letters costs 1 token per started 6 characters (`the` 1, `tokens` 1, `internationalization` 4),
  except CJK characters (Han, kana, Hangul), which cost 1 each;
- a run of digits costs 1 token per started 3 digits;
- every other visible character (punctuation, Markdown marks, an emoji, each CJK character) costs 1;
- whitespace is free except line breaks, which cost 1 each.

It is a deliberate over-estimate for English prose (real tokenizers merge a leading space and common
punctuation into the word), which keeps the budget on the safe side. Deterministic and dependency-free."""
from __future__ import annotations

import re

PIECE = re.compile(r"[^\W\d_]+|\d+|\n|[^\s]")
CJK = re.compile(r"[\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uac00-\ud7af\uf900-\ufaff]")


def estimate(text: str) -> int:
    total = 0
    for piece in PIECE.findall(text):
        first = piece[0]
        if first == "\n":
            total += 1
        elif first.isdigit():
            total += -(-len(piece) // 3)
        elif first.isalpha():
            cjk = 0 if piece.isascii() else len(CJK.findall(piece))
            total += cjk + -(-(len(piece) - cjk) // 6)
        else:
            total += 1
    return total
