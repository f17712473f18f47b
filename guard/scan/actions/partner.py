"""ACT001 by its objects: the project's own code pointed at another organisation's endpoint. A paragraph or list
item that names a source file of the project (`src/services/diagnostics.ts`) and a URL with a path on a host
that is not the project's (`https://ingest.partner-metrics.eu/v1/state`) asks the app to send there: a warning,
since what is sent is said in words. An error where a code span of the same step names what the app holds for
its users: credential headers (`Authorization`, `Cookie`), the browser's storage, the device's contacts or
position, the whole store or request, a whole table (`SELECT *`). Also read: a snippet of the app's code that
POSTs a body or a beacon to such a host (posted_by_code; an error with its masking off)."""
from __future__ import annotations

from guard.scan.lazyre import lazy

import re

from guard.scan.actions import hosts, owned
from guard.scan.context import negated_in_clause, reported_request

TYPE_CHECKING = False
if TYPE_CHECKING:
    from guard.scan.actions.flows import Flow, Walk
    from guard.scan.text import Document

CODE_PATH = lazy(r"`(?:\.?/)?(?:[\w.@-]+/)+[\w.-]+\.(?:tsx?|jsx?|mjs|cjs|py|go|rb|java|kt|swift|dart|php|cs|rs|vue|"
                 r"svelte|ex|scala)`")
SPAN = lazy(r"`([^`\n]+)`")
USER_DATA = lazy(r"^(?:Authorization|Cookie|Set-Cookie|X-Api-Key)$|document\.cookie|localStorage|sessionStorage|"
                 r"Contacts\.getAll|getState\(\)|^req(?:uest)?\.(?:body|headers)$|getCurrentPosition|"
                 r"getLastKnownPosition|SELECT\s+\*", re.I)
PAGE = lazy(r"\.(?:html?|md|pdf|txt|rst)$|/(?:docs?|wiki|blob|tree|issues|pull)/", re.I)
ITEM = lazy(r"\n[ \t]*\n|\n[ \t]*(?:[-*+]|\d{1,3}[.)])[ \t]")


def sent_by_the_app(doc: Document, walk: Walk, taken: list[tuple[int, int]]) -> list[Flow]:
    from guard.scan.actions.controls import warned_against
    from guard.scan.actions.flows import Flow
    from guard.scan.actions.prose import addresses

    text = doc.text
    if "`" not in text or CODE_PATH.search(text) is None:
        return []
    found = []
    named = None
    for start, end, url, host in addresses(doc):
        if "://" not in url or not host.path.strip("/") or doc.line_of(start) in doc.fenced_lines \
                or any(a <= start < b for a, b in taken) or host.ip is not None or host.name in hosts.FORGES \
                or host.name.endswith(".example") or hosts.domain(host.name).startswith("example.") \
                or PAGE.search(host.path.split("?")[0].split("#")[0]) or walk.trusted(url):
            continue  # (a page to read, a forge, a placeholder: no endpoint)
        lo, hi = _item(text, start)
        path = CODE_PATH.search(text, lo, hi)
        if path is None or (named := named or owned.Named(doc, [])).names(url) is not None \
                or negated_in_clause(doc, start) or warned_against(doc, start) \
                or reported_request(doc, start, end):
            continue
        held = next((s.group(1) for s in SPAN.finditer(text, lo, hi) if USER_DATA.search(s.group(1))), None)
        where = path.group().strip("`")
        if held is not None:
            found.append(Flow(start, end, "ACT001", f"the project's code ({where}) sending what it holds for its "
                              f"users ({held}) to {url}", "error", url))
        else:
            found.append(Flow(start, end, "ACT001", f"the project's code ({where}) pointed at {url}, a host that "
                              "is not the project's", "warning", url))
    return found


def _item(text: str, at: int) -> tuple[int, int]:
    """The paragraph or list item around `at`."""
    lo = max((m.start() + 1 for m in ITEM.finditer(text, max(0, at - 2000), at)), default=max(0, at - 2000))
    after = ITEM.search(text, at)
    return lo, after.start() if after else len(text)


# A call in the app's code that sends to a URL written into it: a POST with a body, a beacon, a client's `.post`, a
# capture middleware given an endpoint.
SEND_CALL = lazy(r"(?:\bfetch\(\s*|\bsendBeacon\(\s*|\.post\(\s*|\(\{\s*endpoint\s*:\s*)[\"'`](https?://[^\"'`\s]+)[\"'`]"
                 r"([^\n]{0,160})", re.I)
SEND_SHAPE = lazy(r"\bbody\s*:|\bdata\s*=|\bjson\s*=|\bmethod\s*:\s*[\"']POST|^\s*,|\bmask\s*:", re.I)
UNMASKED = lazy(r"\b(?:mask|redact\w*|scrub\w*|sanitiz\w*)\s*:\s*(?:\[\s*\]|false\b)", re.I)
BEACON = lazy(r"`[^`\n]*\bsendBeacon\b[^`\n]*`")


def posted_by_code(doc: Document, walk: Walk, taken: list[tuple[int, int]]) -> list[Flow]:
    """ACT001 a warning for the app's code sending a request body to a host that is not the project's (a
    snippet with `fetch(url, {method: "POST", body})`, `sendBeacon`, a client's `.post(url, json=...)`, or the
    beacon named beside the URL in one step); an error where the same call switches its masking off (`mask: []`)."""
    from guard.scan.actions.controls import warned_against
    from guard.scan.actions.flows import Flow

    text = doc.text
    if not any(m in doc.ascii_lower for m in (b"fetch(", b"sendbeacon", b".post(", b"endpoint")):
        return []
    found = []
    for call in SEND_CALL.finditer(text):
        url, rest = call.group(1), call.group(2)
        if "sendbeacon" not in call.group().lower() and not SEND_SHAPE.search(rest) \
                or not _foreign_endpoint(doc, walk, url, taken, call.start()):
            continue
        masked_off = UNMASKED.search(rest)
        if not warned_against(doc, call.start()):
            found.append(Flow(call.start(1), call.end(1), "ACT001", f"the app's code sending a request body to {url}, "
                              "a host that is not the project's" + (f", with its masking off ({masked_off.group()})"
                              if masked_off else ""), "error" if masked_off else "warning", url))
    for beacon in BEACON.finditer(text) if not found and b"sendbeacon" in doc.ascii_lower else ():
        lo, hi = _item(text, beacon.start())
        for span in SPAN.finditer(text, lo, hi):
            url = span.group(1)
            if url.startswith(("http://", "https://")) and _foreign_endpoint(doc, walk, url, taken, span.start()) \
                    and not warned_against(doc, span.start()):
                found.append(Flow(span.start(1), span.end(1), "ACT001", f"the app's code sending a beacon to {url}, "
                                  "a host that is not the project's", "warning", url))
    return found


def _foreign_endpoint(doc: Document, walk: Walk, url: str, taken: list[tuple[int, int]], at: int) -> bool:
    host = hosts.parse(url)
    return host is not None and bool(host.path.strip("/")) and host.ip is None and host.name not in hosts.FORGES \
        and not host.name.endswith(".example") and not hosts.domain(host.name).startswith("example.") \
        and not walk.trusted(url) and not any(a <= at < b for a, b in taken) \
        and not negated_in_clause(doc, at) and not reported_request(doc, at, at + len(url)) \
        and owned.Named(doc, []).names(url) is None
