"""A tool named by its function name ("call delete_file on src/", "invoke http_post with the .env"): the
name says what the call does (it destroys, or it sends), and the argument says whether that is harm: sources,
the home folder or everything for a destroying name; a secret, the environment or the conversation for a
sending one. Part of TCH002 (a named tool called with a harmful argument)."""
from __future__ import annotations

import re
from collections.abc import Iterator

from guard.scan.reported import NEGATION_ANY
from guard.scan.lazyre import lazy
from guard.scan.patterns import Span
from guard.scan.text import Document

DESTROYING = ("delete", "remove", "rm", "drop", "wipe", "erase", "destroy", "truncate", "purge", "unlink")
SENDING = ("send", "post", "upload", "email", "mail", "transfer", "http", "webhook", "fetch", "publish", "share")
TOOL_NAME = lazy(r"(?:{})(?:_[a-z0-9]+)+\b".format("|".join(DESTROYING + SENDING)), re.I)
NAME_STARTS = tuple(f"{verb}_".encode() for verb in DESTROYING + SENDING)
# The call is ordered: a verb of calling right before the name (a sentence that only documents the tool
# says what it does, "delete_file removes one file").
CALLED = lazy(
    r"(?:\b(?:call|invoke|use|run|trigger|execute|fire|rufe|ruf|nutze|verwende|appelle|utilise|llama|usa|invoca|"
    r"chame|use|chiama|вызови|используй|запусти)\b|调用|使用|呼び出|使って|호출|사용)[^.;\n]{0,24}$",
    re.I,
)
# Sources, tests, the home folder, the root, or everything (build output is cleared every day).
WIDE_TARGET = lazy(
    r"(?:^|[\s`'\"(=])(?:\.?/?(?:src|lib|app|tests?|docs|\.git)/?|~/?|/|\.|\*|\$HOME)(?=[\s`'\")]|$)"
    r"|\b(?:every|all|each)\s+(?:files?|folders?|directories|repos(?:itory|itories)?)\b|\beverything\b"
    r"|\bthe\s+(?:whole\s+|entire\s+)?(?:repo(?:sitory)?|project|workspace|home\s+(?:folder|directory))(?:\s+root)?\b",
    re.I,
)
SENT_SECRET = lazy(
    r"(?:^|[\s/\"'(`])\.env\b|`env`|\bprintenv\b|\benv(?:ironment)?\s+var(?:iable)?s\b|\benvironment\b|"
    r"(?-i:\b[A-Z][A-Z0-9]*_(?:[A-Z0-9]+_)*(?:KEY|TOKEN|SECRET|PASSWORD)\b)|\bsecrets?\b|\bcredentials?\b|"
    r"\bapi[\s_-]?keys?\b|\btokens?\b|\bpasswords?\b|~/\.ssh|\bid_rsa\b|\bconversation\b|\bchat\s+history\b|"
    r"\bsystem\s+prompt\b",
    re.I,
)


def _names(text: str, lower: bytes) -> Iterator[re.Match[str]]:
    """TOOL_NAME's matches, tried only where a "verb_" stands (substring searches in C: the verbs themselves
    are in every other file, the names are rare)."""
    found = []
    for key in NAME_STARTS:
        position = lower.find(key)
        while position != -1:
            if position == 0 or not (chr(lower[position - 1]).isalnum() or lower[position - 1] == 95):
                match = TOOL_NAME.match(text, position)
                if match is not None:
                    found.append(match)
            position = lower.find(key, position + 1)
    return iter(sorted(found, key=lambda m: m.start()))


def named_function_calls(doc: Document) -> Iterator[tuple[Span, int, int]]:
    """Each ordered call of a destroying or sending tool name with a harmful argument, with its clause."""
    text, lower = doc.text, doc.ascii_lower  # (one byte per character: the same offsets as the text)
    for match in _names(text, lower):
        start, end = match.start(), match.end()
        if text.startswith("=", end) or text.startswith('="', end):
            continue  # a setting's name ("share_mode=public"), not a call
        a, b = doc.sentence_bounds(start, end, 200)
        if not CALLED.search(text[max(a, start - 40):start].rstrip("`")):
            continue
        if NEGATION_ANY.search(text, max(a, start - 60), start):
            continue  # "never call delete_file on src/"
        argument = text[end:min(b, end + 160)]
        destroying = re.match(r"(?i)(?:{})".format("|".join(DESTROYING)), match.group())
        if (WIDE_TARGET if destroying else SENT_SECRET).search(argument):
            yield match, a, b
