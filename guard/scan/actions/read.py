"""One reading of a file for the whole ACT family: command flows, prose flows, disguised hosts."""
from __future__ import annotations

from guard.scan.actions import committed, configs, controls, footholds, hosts, owned, programs
from guard.scan.actions.flows import Flow, Walk, command_flows
from guard.scan.actions.prose import addresses, prose_actions, prose_flows

TYPE_CHECKING = False
if TYPE_CHECKING:
    from guard.scan.text import Document


def read(doc: Document) -> list[Flow]:
    found, spans = command_flows(doc)
    walk = Walk()
    found += [Flow(*flow) for flow in prose_flows(doc, walk, spans) + prose_actions(doc, walk, spans)]
    found += disguised(doc, walk) + controls.cron_lines(doc, walk) + configs.read(doc, walk, spans)
    found += programs.whole_environment_sent(doc, walk) + footholds.written_into_startup(doc, walk)
    found += controls.settings_off(doc, walk, spans, found)
    if committed.gate(doc.text):
        found += committed.secret_committed(doc, spans)
    return owned.lowered(doc, found)


def disguised(doc: Document, walk: Walk) -> list[Flow]:
    found = []
    for start, end, url, host in addresses(doc):
        why = host.disguise
        own = hosts.look_alike(host, walk.project)
        if own is not None:
            why = f"{host.name} imitates the project's own {own}"
        if why:
            severity = "warning" if why.startswith("a punycode") else "error"
            found.append(Flow(start, end, "ACT007", f"a disguised host in {url}: {why}", severity))
    return found
