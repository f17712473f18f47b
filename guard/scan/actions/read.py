"""One reading of a file for the whole ACT family: command flows, prose flows, disguised hosts."""
from __future__ import annotations

from guard.scan.lazyre import lazy
from guard.scan.actions import audit, ci, commands, committed, configs, controls, destroys, fetched, footholds, hosts, \
    installers, leads, loosened, model, nested, owned, packages, partner, policies, programs, published, skipped, sockets, \
    spans, spread, weakened
from guard.scan.actions.flows import Flow, Walk, host_of
from guard.scan.actions.prose import addresses, paragraph, prose_actions, prose_flows
from guard.scan.as_code import shown_as_code
from guard.scan.context import negated_in_clause, quoted_mention
from guard.scan.reported import reported_request

TYPE_CHECKING = False
if TYPE_CHECKING:
    from guard.scan.text import Document


def read(doc: Document) -> list[Flow]:
    found, spans_of = command_flows(doc)
    walk = Walk()
    found += [_quoted(doc, Flow(*flow)) for flow in prose_flows(doc, walk, spans_of)
              + prose_actions(doc, walk, spans_of)]
    found += disguised(doc, walk) + controls.cron_lines(doc, walk) + configs.read(doc, walk, spans_of)
    found += programs.whole_environment_sent(doc, walk) + programs.shell_in_program(doc, walk)
    found += programs.fetched_and_evaluated(doc, walk)
    found += footholds.written_into_startup(doc, walk) + footholds.root_without_password(doc)
    found += footholds.task_at_folder_open(doc, walk) + ci.steps(doc, walk) + spread.instructions_spread(doc)
    found += policies.widened(doc) + spans.steps_in_spans(doc, walk, spans_of)
    found += fetched.floating(doc, walk) + fetched.home_mounted(doc, walk)
    taken = [(f.start, f.end) for f in found if f.id == "ACT001"]
    found += partner.sent_by_the_app(doc, walk, taken) + partner.posted_by_code(doc, walk, taken)
    found = _shown(doc, walk, found)  # (before the controls, which an error of a secret flow raises)
    judged = {id(f) for f in found}
    found += controls.settings_off(doc, walk, spans_of, found) + audit.switched_off(doc)
    found += loosened.loosened(doc, found) + skipped.security_job_optional(doc, found) + skipped.hooks_off_by_variable(doc)
    found += weakened.checks_kept_from_the_change(doc) + packages.run_at_install(doc) + packages.replaced(doc, walk)
    found = fetched.left_running(doc, walk, found) + published.released_past_checks(doc, walk)
    found += published.filled_in_and_posted(doc, walk, found) + published.image_pushed(doc, walk)
    if committed.gate(doc.text):
        found += committed.secret_committed(doc, spans_of) + committed.output_into_review(doc)
    return owned.lowered(doc, weakened.together(doc, unverified_source(_shown(doc, walk, found, judged))))


def _shown(doc: Document, walk: Walk, found: list[Flow], judged: set[int] = frozenset()) -> list[Flow]:
    """Errors that a placeholder or a list of dangers shows rather than asks, lowered; each flow judged once (those
    in `judged` already were)."""
    found = [_placeholder(doc, f, walk) if f.severity == "error" and f.id in PLACED and f.target and id(f) not in judged
             else f for f in found]
    return [_listed(doc, f) if f.severity == "error" and id(f) not in judged else f for f in found]


def _listed(doc: Document, flow: Flow) -> Flow:
    """A step in a list that its lead-in names as attacks or dangers ("exemplos de instruções perigosas:",
    "Red flags in instruction files:"): shown, not asked, a warning (guard/scan/examples.py)."""
    from guard.scan.examples import listed_danger

    if not listed_danger(doc, flow.start):
        return flow
    return flow._replace(severity="warning", message=f"{flow.message} (in a list, table or code block its lead-in names as dangers)")


PLACED = ("ACT001", "ACT002")
SENTENCE_END = lazy(r"[.,;:!?)](?=\s|$)")  # (flows that end at a place: data or the repository sent there)


def _placeholder(doc: Document, flow: Flow, walk: Walk) -> Flow:
    """A flow whose target names no host (`https://...`, `https://<your-host>/x`, a name of one label) ends at a
    placeholder: a pattern shown, nowhere data can reach from the internet. A warning, never quiet, and an error
    still where its paragraph names a foreign host the placeholder may stand for ("... the host is evil.net")."""
    if not flow.target.lower().startswith(("http://", "https://", "ftp://")):
        return flow  # (a bucket's name has no dot and is a real place: s3://backups-eu1)
    host = host_of(flow.target)
    if host is not None and (host.disguise or host.ip is not None or "." in host.name.strip(".…")):
        return flow
    lo, hi = paragraph(doc.text, flow.start)[0], paragraph(doc.text, flow.end)[1]
    named = [h for a, _, _, h in addresses(doc) if lo <= a < hi] + [  # (and a bare name that ends a sentence)
        h for _, _, _, h in hosts.urls(SENTENCE_END.sub(" ", doc.text[lo:hi]))]
    if any("." in h.name and not hosts.trusted(h, walk.project) and h.name != (host.name if host else None) for h in named):
        return flow
    return flow._replace(severity="warning", message=f"{flow.message} (a placeholder, no host named)")


def _quoted(doc: Document, flow: Flow) -> Flow:
    """A step in a block quote (`> "Post .env to ..."`) of a file that speaks outside its quotes is shown, not
    asked: a warning, never quiet. A file that is all quote is the quote's own words."""
    if flow.severity != "error" or not doc.text[doc.line_starts[doc.line_of(flow.start) - 1]:flow.start].lstrip() \
            .startswith(">"):
        return flow
    body = doc.text.split("\n---\n", 1)[-1] if doc.text.startswith("---\n") else doc.text
    if sum(1 for line in body.splitlines() if line.strip() and not line.lstrip().startswith((">", "#"))) < 3:
        return flow
    return flow._replace(severity="warning", message=flow.message + " (in a block quote)")


AS_ROOT = lazy(r"\|\s*(?:sudo|doas)\s+(?:-\S+\s+)*(?:ba|z|k|da)?sh\b")
PATH_CODE = lazy(r"`((?:~|/|\./)[\w./~-]+\.\w{2,5})`")


def _step_files(doc: Document, walk: Walk, cand: commands.Candidate) -> None:
    """A database export that writes nowhere in its own words writes the file its step names
    ("export it as CSV to `/tmp/out.csv` (`snowsql -o output_format=csv`)"): a later step that uploads it
    carries the data."""
    from guard.scan.actions import payloads

    data = [d for p in cand.pipelines for c in p for d in [payloads.exports(c)] if d and not c.outputs]
    if data and doc.line_of(cand.start) not in doc.fenced_lines:
        lo = doc.text.rfind("\n", 0, cand.start) + 1
        hi = doc.text.find("\n", cand.end)
        for path in PATH_CODE.finditer(doc.text, lo, hi if hi >= 0 else len(doc.text)):
            walk.files.setdefault(path.group(1), {("data", data[0])})


def unverified_source(found: list[Flow]) -> list[Flow]:
    """A foreign package source in a file that also switches verification off (`--trusted-host`,
    `GONOSUMDB=*`, `strict-ssl false`): packages from a host nobody vouches for, unchecked. ACT005 an error."""
    if not any(f.id == "ACT008" and f.message.startswith("TLS verification") for f in found):
        return found
    return [f._replace(severity="error", message=f"{f.message}; verification switched off in the same file")
            if f.id == "ACT005" and f.severity == "warning" and "one slip" not in f.message else f for f in found]


def disguised(doc: Document, walk: Walk) -> list[Flow]:
    found = []
    for start, end, url, host in addresses(doc):
        why = host.disguise
        own = hosts.look_alike(host, walk.project)
        if own is not None:
            why = f"{host.name} imitates the project's own {own}"
        elif not why and (name := owned.look_alike(host, doc)) is not None:
            why = f"{host.name} puts the file's own name ({name}) among other words in another domain"
        if why:
            row = doc.text[doc.line_starts[doc.line_of(start) - 1]:start].lstrip().startswith("|")
            listed = host.ip is not None and hosts.private(host) and (row or doc.line_of(start) in doc.fenced_lines)
            severity = "warning" if why.startswith("a punycode") or listed else "error"  # (listed: 127.0.0.1 in
            # hex in a table or block of test inputs, as an SSRF guard's tests list it: it leads nowhere outside)
            found.append(Flow(start, end, "ACT007", f"a disguised host in {url}: {why}", severity))
    return found


def command_flows(doc: Document) -> tuple[list[Flow], list[tuple[int, int]]]:
    """The flows, and the spans of the candidates that run a known command (prose leaves them to this)."""
    walk = Walk()
    found: list[Flow] = []
    spans = []
    found_candidates = commands.candidates(doc)
    walk.loads = "CREATE" in doc.text.upper() and destroys.LOADER.search(doc.text) is not None
    for cand in found_candidates:  # (a remote may be added in a step after the one that pushes to it)
        for cmd in (c for pipeline in cand.pipelines for c in pipeline if c.name == "git"):
            if cmd.argv[1:3] == ["remote", "add"] and len(cmd.argv) > 4:
                walk.remotes.setdefault(cmd.argv[3], cmd.argv[4])
            if (cloned := nested.clone(cmd)) is not None:  # (a folder set up as hooks before the clone fills it)
                walk.files.setdefault(cloned[1], {("download", cloned[0])})
    for cand in found_candidates:
        if any(model.name_of(cmd) in commands.NAME_SET for pipeline in cand.pipelines for cmd in pipeline):
            spans.append((cand.start, cand.end))
        flows = walk.candidate(cand.pipelines)  # (a negated one still defines variables and files for later steps)
        flows += sockets.remote_shells(cand, walk)
        _step_files(doc, walk, cand)
        if not flows:
            continue
        fenced = doc.line_of(cand.start) in doc.fenced_lines
        if not fenced and ((negated_in_clause(doc, cand.start) or leads.negated_other_language(doc, cand.start))
                           and not leads.negation_in_condition(doc, cand.start)  # ("if the tests do not pass run `X`")
                           or leads.negated_after(doc, cand.end)):  # ("`X` は実行しないでください")
            continue
        lowered = not fenced and reported_request(doc, cand.start, cand.end)
        for det_id, message, severity, target in flows:
            if det_id == "ACT010" and controls.warned_against(doc, cand.start):
                continue  # (a list or section of what not to run)
            if det_id == "ACT005" and fenced and severity == "error" and "one slip" in message:
                severity = "warning"  # (a typing slip in an install line shown in a block)
            elif det_id in ("ACT003", "ACT009") and severity == "warning" and (fenced and det_id == "ACT009" or det_id
                    == "ACT003" and (fenced and target is None or target and installers.vouched(doc, cand, target, fenced))):
                severity = "info"  # an install line shown in a code block, as DNG001 reads it, or a known installer's
            elif det_id == "ACT003" and severity == "warning" and target and AS_ROOT.search(cand.text):
                severity, message = "error", f"{message}, as root"  # (a stranger's script given the machine)
            elif lowered and severity == "error" or severity == "error" and message.endswith("(over plain HTTP)") \
                    and doc.text[doc.line_starts[doc.line_of(cand.start) - 1]:cand.start].lstrip().startswith(">"):
                severity = "warning"  # what a third party may ask, reported in a rule or a description
            if severity == "error" and not fenced and quoted_mention(doc, cand.start, cand.end):
                severity = "warning"  # (a command quoted in a list of the attacks a document names: shown)
            inline = cand.start > 0 and doc.text[cand.start - 1] == "`"
            if det_id == "ACT004" and "filled from" not in message and (
                    "attributed to" not in message or fenced and not destroys.personal(doc, cand.start, cand.end)) \
                    and (fenced or not inline and shown_as_code(doc, cand.start, cand.end)):
                severity = "warning"  # (hook and CI docs show such commands; an order outside a block is an error)
            if severity == "error" and not fenced and (leads.said_of_third_party(doc, cand.start, cand.end,
                                                                                  det_id == "ACT001")
                                                        or leads.under_negated_lead(doc, cand.start)):
                severity = "warning"  # ("admins can override it with `X`": a path described; data sent out is lowered
                # only when narrated as done, "an intern ran `X`": a path to send it is one the next line can hand on)
            if severity == "error" and (det_id == "ACT004" and message.endswith("for one command") or det_id == "ACT010"
                                        and "(git push --force --all)" in message and leads.purges_secret(doc)):
                severity = "warning"  # (signing off for one commit; every branch rewritten to purge a leaked secret)
            found.append(Flow(cand.start, cand.end, det_id, message, severity, target))
    return found, spans
