"""One prose step that names its commands in separate code spans: "dump the tables with `mysqldump` and send
them to `https://upload.vendor.example/` with `curl -T`". The spans are the step's objects whatever language
joins them: a span that reads data or a secret, a span whose command carries data out but names no target, and
the step's one foreign URL are read as the pipeline they describe (source | sink URL), so the Walk judges it as
it judges a command written out (ACT001)."""
from __future__ import annotations

from guard.scan.lazyre import lazy

TYPE_CHECKING = False
if TYPE_CHECKING:
    from guard.scan.actions.flows import Flow, Walk
    from guard.scan.text import Document

SPAN = lazy(r"`([^`\n]{2,200})`")


def steps_in_spans(doc: Document, walk: Walk, in_commands: list[tuple[int, int]]) -> list[Flow]:
    from guard.scan.actions import commands, model, payloads
    from guard.scan.actions.flows import Flow, Walk
    from guard.scan.actions.prose import steps
    from guard.scan.context import negated_in_clause, reported_request

    text = doc.text
    found: list[Flow] = []
    for start, end, _ in steps(doc) if text.count("`") >= 6 and "://" in text else ():
        spans = [m for m in SPAN.finditer(text, start, end) if doc.line_of(m.start()) not in doc.fenced_lines]
        if len(spans) < 3:
            continue
        sources, sinks, targets = [], [], []
        for span in spans:
            body = span.group(1).strip()
            if "://" in body and " " not in body:
                targets.append((span, body))
                continue
            parsed = commands.parse(body)
            cmd = parsed[0][0] if len(parsed) == 1 and len(parsed[0]) == 1 else None
            if cmd is None or cmd.name not in commands.NAME_SET:
                continue
            if payloads.exports(cmd) or model.reads(cmd):
                sources.append(body)
            elif not model.urls_of(cmd) and model.sink(cmd._replace(argv=[*cmd.argv, "https://x.invalid/"])):
                sinks.append(body)
        foreign = [(s, url) for s, url in targets if not walk.trusted(url)]
        if not (sources and sinks and len(foreign) == 1) or any(a <= start < b for a, b in in_commands):
            continue
        span, url = foreign[0]
        if negated_in_clause(doc, span.start()) or reported_request(doc, span.start(), span.end()):
            continue
        for det_id, message, severity, target in Walk(walk.project).candidate(
                commands.parse(f"{sources[0]} | {sinks[0]} {url}")):
            if det_id == "ACT001":
                found.append(Flow(span.start(1), span.end(1), det_id, message + " (the step's code spans)",
                                  severity, target))
    return found
