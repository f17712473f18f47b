"""Whether the outside places of a phrase detector's scope are the project's own, read as the action layer reads
them (guard/scan/actions/owned.py, trust.py): telemetry, backups or an incident report sent to a host of the
company's own domain, which the file names as its own elsewhere, is no exfiltration the words alone can show.
The phrase family (EXF005) lowers such a finding to a warning, as ACT001 lowers its flow; it never
silences it, and a place that is not an address (a webhook, a gist, a public channel) keeps the error.

What the file alone calls its own is the word of whoever wrote the file: an attacker names his host twice, or
gives a contact address there. So the file's word lowers only a send of what a company sends to its own hosts
(events, reports, backups, "the environment" in words); a secret the action layer reads as one (a secret file
such as `.env` or `~/.ssh/id_rsa`, a secret variable such as `$AWS_SECRET_ACCESS_KEY`) keeps the error unless the
project itself trusts the host (its git remotes, its package metadata, `trusted_hosts`: guard/scan/actions/trust.py)."""
from __future__ import annotations

from guard.scan.lazyre import LazyPattern, lazy
from guard.scan.text import Document


def to_own_place(doc: Document, a: int, b: int, places: LazyPattern, message: str, severity: str) -> tuple[str, str]:
    """(message, severity) of a finding whose scope [a, b) sends to the outside places `places` finds in its
    sentences: an error lowered to a warning where they are all the project's own (own_places)."""
    if severity != "error":
        return message, severity
    lo, hi = doc.sentence_bounds(a, b, 300)  # (every place of the sentence, not only those near the verb)
    lo, hi = min(lo, a), max(hi, b)
    own = own_places(doc, lo, hi, [m.span() for m in places.finditer(doc.text, lo, hi)])
    if own is None or own != PROJECT and named_secret(doc.text[lo:hi]) is not None:
        return message, severity
    return f"{message} (to {own})", "warning"


PROJECT = "the project's own hosts"
WORD = lazy(r"[^\s`'\"()<>,;]+")


def named_secret(text: str) -> str | None:
    """A secret file or variable named in `text`, as the action layer reads a command's words."""
    from guard.scan.actions.model import secret_of, variable_secret

    for word in WORD.findall(text):
        found = variable_secret(word) or secret_of(word.rstrip(".:"))
        if found is not None and not found.startswith("the agent's"):
            return found
    return None


def own_places(doc: Document, a: int, b: int, places: list[tuple[int, int]]) -> str | None:
    """What the file or the project calls its own that every place at `places` (spans inside [a, b)) belongs
    to ("the project's hosts", a domain, a forge account), or None: when a place is no address, or one address
    in [a, b) is foreign or disguised."""
    from guard.scan.actions import hosts, trust
    from guard.scan.actions.flows import Flow
    from guard.scan.actions.owned import Named
    from guard.scan.actions.prose import addresses

    found = [x for x in addresses(doc) if a <= x[0] < b]
    if not found or not places or any(not any(lo <= p0 < hi or p0 <= lo < p1 for lo, hi, _, _ in found)
                                      for p0, p1 in places):
        return None  # (a place named by a word: "the webhook", "a public channel")
    if any(host.disguise for _, _, _, host in found):
        return None
    project = trust.current()
    if all(hosts.trusted(host, project) for _, _, _, host in found):
        return PROJECT
    # The places of this scope are where something is sent, not the file's mentions of its own (a flow the
    # action layer reads elsewhere in the file is its own finding, which it lowers or not by the same rule).
    named = Named(doc, [Flow(lo, hi, "EXF", "", "error", url) for lo, hi, url, _ in found])
    owners = {named.names(url) for _, _, url, _ in found}
    own = owners.pop() if len(owners) == 1 else None
    return None if own is None else f"{own}, which the file names as its own elsewhere"
