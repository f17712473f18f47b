"""ACT006 in prose: a secret file named beside committing it or pasting it into a pull request or issue, in one
sentence, in any of the ten languages. What must be named is the file (`.env`, `id_rsa`, `credentials.json`, a
key or keystore): a path, not a word such as "secrets"; the verbs are the few that put something into git or a
review, and a rule that forbids it or keeps the file out (`.gitignore`) is no finding."""
from __future__ import annotations

from guard.scan.lazyre import lazy

import re

from guard.scan.actions.controls import warned_against
from guard.scan.context import NEGATION_ANY, negated_in_clause, quoted_mention, reported_request

TYPE_CHECKING = False
if TYPE_CHECKING:
    from guard.scan.actions.flows import Flow
    from guard.scan.text import Document

SECRET_PATH = lazy(
    r"(?<![\w/.-])~?/?(?:[\w.-]+/)*(?:\.env(?:\.(?!example|sample|template|dist|defaults?\b)[\w-]+)?|"
    r"id_(?:rsa|dsa|ecdsa|ed25519)(?!\.pub)|\.aws/credentials|\.netrc|\.npmrc|\.pypirc|\.git-credentials|"
    r"[\w-]*\.(?:pem|p12|pfx|key|keystore|jks)|credentials\.json|secrets?\.(?:json|ya?ml|toml)|"
    r"service[-_]account[\w-]*\.json|terraform\.tfstate|kubeconfig)(?![\w/-]|\.\w)", re.I)
INTO_GIT = lazy(
    r"\b(?:commit\w*|check(?:ed|s)?\s+in|git\s+add|add\w*\s+(?:it|them|\S+)\s+to\s+(?:git|the\s+(?:repo|repository|"
    r"index))|version(?:ier\w*|ne\w*)?|committ\w*|commite\w*|comite\w*|einchecken|eingecheckt|"
    r"pull\s+request|PR\s+(?:body|description)|merge\s+request|issue\s+(?:body|description))\b|"
    r"提交|コミット|커밋|коммит\w*|закоммит\w*|プルリクエスト|풀\s?리퀘스트", re.I)
FORBIDDEN = lazy(r"不得|不能|不可|切勿|勿|别|不准|严禁|禁止|不要|してはいけない|しないで|禁止|ません|않|말[고아]|금지|нельзя|запрещ\w*")
KEPT_OUT = lazy(r"\.gitignore|\bignor\w*|\bexclu\w*|\bgit-?crypt\b|\bsops\b|\bencrypt\w*|\bsealed\b|\.example\b",
                re.I)


def secret_committed(doc: Document, in_commands: list[tuple[int, int]]) -> list[Flow]:
    from guard.scan.actions.flows import Flow

    text = doc.text
    found = []
    for named in SECRET_PATH.finditer(text):
        if any(a <= named.start() < b for a, b in in_commands) or doc.line_of(named.start()) in doc.fenced_lines:
            continue
        lo, hi = doc.sentence_bounds(named.start(), named.end(), 200)
        lo = max(lo, doc.line_starts[doc.line_of(named.start()) - 1])
        verb = INTO_GIT.search(text, lo, hi)
        if verb is None or KEPT_OUT.search(text, lo, hi) or NEGATION_ANY.search(text, lo, hi) \
                or FORBIDDEN.search(text, lo, hi) or negated_in_clause(doc, named.start()) \
                or reported_request(doc, named.start(), named.end()) or warned_against(doc, named.start()):
            continue  # (a rule against it, in its sentence or in the list or section it stands in)
        # A warning: prose names the file, no command adds it (an error hidden, or beside concealment: see
        # the engine's agreement table, guard/scan/agreement.py); `git add -f .env` is the command flow's error.
        severity = "info" if quoted_mention(doc, named.start(), named.end()) else "warning"
        found.append(Flow(named.start(), named.end(), "ACT006",
                          f"the secret file {named.group()} put into git or a review ({verb.group()})", severity))
        if len(found) >= 20:
            break
    return found


def gate(text: str) -> bool:
    """Worth reading: some word for git or a review stands in the text (most files have none)."""
    return any(word in text for word in ("commit", "Commit", "git", "PR ", "PR-", "ull request", "ull Request",
                                         "merge request", "Merge Request", "MR ", "issue body",
                                         "提交", "コミット", "커밋", "коммит", "einchecken", "versionier"))


# Where a review's text goes, named as the object it is (a pull or merge request, its description, an issue's body).
REVIEW = lazy(r"\b(?:pull[\s-]+requests?|merge\s+requests?|PRs?|MRs?|issue\s+(?:body|description)|commit\s+messages?)\b|"
              r"プルリクエスト|풀\s?리퀘스트|拉取请求|合并请求", re.I)
NARROWED = frozenset(("grep", "egrep", "rg", "head", "tail", "cut", "awk", "sed", "wc", "jq", "tr", "md5sum",
                      "sha256sum", "shasum"))


def output_into_review(doc: Document) -> list[Flow]:
    """Commands that print secrets (the whole environment, a credential file) whose block or span is introduced
    as what a pull request or issue must contain ("Every PR description must end with the output of:"): the
    secrets written into a review, read from the commands and the object the lead-in names."""
    from guard.scan.actions import commands, model
    from guard.scan.actions.flows import Flow

    found: list[Flow] = []
    leads: set[int] = set()
    for cand in commands.candidates(doc):
        secret = next((s for p in cand.pipelines for i, c in enumerate(p) for s in model.reads(c)
                       if "instructions" not in s and not any(n.name in NARROWED for n in p[i + 1:])
                       and c.name not in ("source", ".")), None)  # (a file sourced is read, not printed)
        lead = _lead_in(doc, cand.start, cand.end) if secret else None
        if lead is None or lead[0] in leads:
            continue
        lo, hi = lead
        review = REVIEW.search(doc.text, lo, hi)
        if review is None or NEGATION_ANY.search(doc.text, lo, hi) or FORBIDDEN.search(doc.text, lo, hi) \
                or warned_against(doc, cand.start) or reported_request(doc, cand.start, cand.end):
            continue
        leads.add(lo)
        found.append(Flow(cand.start, cand.end, "ACT006", f"{secret} printed into a review ({review.group()}: "
                                                          f"{cand.text.strip()[:60]})", "error"))
    return found


def _lead_in(doc: Document, start: int, end: int) -> tuple[int, int] | None:
    """The text that says what a command is for: for a command in a block, or alone in an item of a list of
    commands, the paragraph just above the block or list when it ends with a colon; for one inline in a sentence,
    that sentence (within its list item, whose lines may wrap)."""
    line = doc.line_of(start)
    text_line = doc.text[doc.line_starts[line - 1]:start]
    alone = ITEM_ONLY.match(_row(doc, line)) is not None  # (`- \`env | sort\``: an item that is only the command)
    if text_line.strip() and not text_line.strip().startswith(("$", ">")) and not alone:
        lo, hi = doc.sentence_bounds(start, end, 200)
        item = line
        while item > 1 and _row(doc, item).startswith((" ", "\t")) and not BULLET.match(_row(doc, item)) \
                and _row(doc, item - 1).strip():
            item -= 1  # (a wrapped line of the item above it)
        return max(lo, doc.line_starts[item - 1]), hi
    above = line - 1
    while above >= 1 and (above in doc.fenced_lines or doc.text[doc.line_starts[above - 1]:].startswith(
            ("    ", "\t", "```", "~~~")) or not _row(doc, above).strip()
                           or alone and ITEM_ONLY.match(_row(doc, above))):
        above -= 1  # (the block's other lines, its fence, the blank line before it, the list's other commands)
    if above < 1 or not _row(doc, above).rstrip().endswith((":", "：")):
        return None
    first = above
    while first > 1 and _row(doc, first - 1).strip() and not _row(doc, first - 1).lstrip().startswith("#"):
        first -= 1
    return doc.line_starts[first - 1], doc.line_starts[above - 1] + len(_row(doc, above))


BULLET = lazy(r"^\s*(?:[-*+]|\d+[.)])\s")
ITEM_ONLY = lazy(r"^\s*(?:[-*+]|\d+[.)])\s+`[^`\n]+`[\s.;,]*$")


def _row(doc: Document, line: int) -> str:
    lo = doc.line_starts[line - 1]
    hi = doc.text.find("\n", lo)
    return doc.text[lo:hi if hi >= 0 else len(doc.text)]
