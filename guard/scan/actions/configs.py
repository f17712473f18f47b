"""Settings shown as code, read by the shape of the setting: a package source (`.npmrc`'s `registry=`, pip's
`index-url`, `GOPROXY=`, a NuGet source, a dependency given as a tarball URL or as another account's GitHub repository) and a registry credential sent
to it (ACT005, ACT001); the agent's confirmations switched off (`"defaultMode": "bypassPermissions"`,
`Bash(*)`, `autoApprove: true`, the session's `--dangerously-skip-permissions`: ACT004; a headless sub-agent
launched with a task and that flag is a real files' pattern, not read here); an SSH login key written out beside `authorized_keys` (ACT009); an MCP
server whose command fetches and runs a script, or whose headers carry a known service's credential to another
host (ACT003, ACT001)."""
from __future__ import annotations

from guard.scan.lazyre import lazy

import re

from guard.scan.actions import hosts, owned, packages
from guard.scan.actions.footholds import lead_in
from guard.scan.context import negated_in_clause, reported_request

TYPE_CHECKING = False
if TYPE_CHECKING:
    from guard.scan.actions.flows import Flow, Walk
    from guard.scan.text import Document

URL = r"((?:git\+)?https?://[^\s\"'`<>,;)]+)"
SOURCE = lazy(
    rf"(?:^|[\s\"'`_])(?:@[\w.-]+:)?registry\s*=\s*[\"']?{URL}|"
    rf"(?:^|[\s\"'`_-])(?:extra[-_])?index[-_]url\s*[= ]\s*[\"']?{URL}|"
    rf"\bhosted\s*:\s*(?:\n\s*name\s*:[^\n]*\n\s*url\s*:\s*)?[\"']?{URL}|"  # (pub's `hosted:` source, PIP_INDEX_URL=)
    rf"\bGOPROXY\s*=\s*[\"']?{URL}|<add\s+key=\"[^\"]*\"\s+value=\"{URL}\"|"
    rf"\"[@\w./-]+\"\s*:\s*\"{URL[:-1]}\.(?:tgz|tar\.gz|whl|zip))\"|"
    rf"^\[\[tool\.(?:uv\.index|poetry\.source|pdm\.source|rye\.sources)\]\][^\[]*?^url\s*=\s*[\"']{URL}|"
    rf"\bmaven\s*\{{\s*url\s*=?\s*(?:uri\()?[\"']{URL}", re.I | re.M)  # (a Gradle repository)
# A requirement taken from a URL (PEP 508 `name @ git+https://...`): a popular package's name there is the package
# replaced by whatever that repository holds.
DIRECT = lazy(r"(?:^[ \t]*|`)[\"']?([A-Za-z0-9][\w.-]*)(?:\[[\w,.-]*\])?[ \t]*@[ \t]*((?:git\+)?https?://[^\s\"'`<>;]+)", re.M)
FORK_DEPENDENCY = lazy(r"\"[@\w./-]+\"\s*:\s*\"github:([\w.-]+/[\w.-]+)")
REGISTRY_TOKEN = lazy(r"^[ \t]*//([\w.-]+)[^\s:]*:_(?:authToken|auth|password)\s*=\s*\$\{?(\w+)\}?", re.M)
AGENT_OPEN = lazy(
    r"(?:[\"']?defaultMode[\"']?\s*[:=]\s*[\"']?)?\bbypassPermissions\b|\bBash\(\*\)|[\"']?[\w.]*auto(?:Approve|Run)[\"']?"
    r"\s*[:=]\s*true\b|allowList[\"']?\s*:\s*\{\s*[\"']\*[\"']\s*:\s*true|"
    r"--dangerously-(?:skip-permissions|bypass-approvals-and-sandbox)\b|--yolo\b", re.I)
# A headless run handed a task (`claude -p ... "prompt"`, `codex exec`): a sub-agent the file launches, whose flag
# is DNG003's to weigh; the same flag on the agent's own session opens every later step.
HEADLESS = lazy(r"\s(?:-p|--print|exec|--prompt)\b|[\"'][^\"'`]{8,}[\"']")
SETTINGS_FILE = lazy(r"\.(?:claude|vscode|cursor|gemini|codex|windsurf|continue)/[\w./-]*(?:settings|config|mcp)"
                     r"[\w.-]*\.(?:json|toml|ya?ml)", re.I)
LOGIN_KEY = lazy(r"(?:ssh-(?:rsa|ed25519|dss)|ecdsa-sha2-nistp\d+|sk-ssh-ed25519@openssh\.com)\s+AAAA[\w+/=]{16,}")
MCP_COMMAND = lazy(r"\"command\"\s*:\s*\"([^\"]+)\"\s*,\s*\"args\"\s*:\s*\[((?:\s*\"(?:[^\"\\]|\\.)*\"\s*,?)*)\]")
MCP_URL = lazy(r"\"url\"\s*:\s*\"(https?://[^\"]+)\"\s*,\s*\"headers\"\s*:\s*\{((?:[^{}]|\$\{[^}]*\})*)\}")
HEADER_VAR = lazy(r"\"([\w-]+)\"\s*:\s*\"[^\"]*\$\{(?:env:)?(\w+)\}")


def read(doc: Document, walk: Walk, in_commands: list[tuple[int, int]]) -> list[Flow]:
    from guard.scan.actions.flows import Flow

    text = doc.text
    found: list[Flow] = []
    lower = doc.ascii_lower  # (each reading tried only where its setting's name stands)
    sources = "://" in text and any(m in lower for m in (b"registry", b"index-url", b"index_url", b"hosted", b"goproxy",
                                                          b"<add", b".tgz",
                                                          b".tar.gz", b".whl", b".zip", b"[[tool.", b"maven"))
    for match in SOURCE.finditer(text) if sources else ():
        url = next(g for g in match.groups() if g)
        start = match.start(match.lastindex or 0)
        if any(a <= start < b for a, b in in_commands) or _against(doc, start, match.end()):
            continue  # (an install command's own flags are the command flow's)
        flow = walk.package_flow(url)
        if flow is not None and (host := walk.host(url)) is not None and hosts.domain(host.name) in scoped(text):
            flow = (f"{flow[0]} (the registry of the scope @{hosts.domain(host.name).split('.')[0]})", "info", flow[2])
        if flow is not None:
            found.append(Flow(start, start + len(url), "ACT005", *_popular(text, start, flow)))
    for match in DIRECT.finditer(text) if " @ " in text or "@git+" in text else ():
        if any(a <= match.start() < b for a, b in in_commands) or _against(doc, match.start(), match.end()) \
                or (flow := walk.package_flow(match.group(2))) is None:
            continue
        popular = "popular " if match.group(1).lower() in packages.PYPI else \
            "published " if _published(text, match.group(1), match.start(1), match.end(2)) else ""
        found.append(Flow(match.start(1), match.end(2), "ACT005", f"{flow[0]}, in place of the {popular}package "
                          f"{match.group(1)}" if popular else flow[0], "error" if popular else flow[1], flow[2]))
    for match in FORK_DEPENDENCY.finditer(text) if "\"github:" in text else ():  # ("pkg": "github:owner/repo#ref")
        url = f"https://github.com/{match.group(1)}"
        if not _against(doc, match.start(1), match.end()) and (flow := walk.package_flow(url)) is not None:
            found.append(Flow(match.start(1) - 7, match.end(1), "ACT005", *_popular(text, match.start(1) - 7, flow)))
    for match in REGISTRY_TOKEN.finditer(text) if ":_" in text else ():
        host = walk.host("https://" + match.group(1))
        if host is not None and not walk.trusted("https://" + match.group(1)) \
                and owned.foreign_credential(match.group(2), host):
            found.append(Flow(match.start(1), match.end(), "ACT001", f"the credential {match.group(2)} sent to the "
                              f"registry {match.group(1)}, which is neither its issuer's nor the project's", "error",
                              match.group(1)))
    agent = any(m in lower for m in (b"bypasspermissions", b"bash(*)", b"autoapprove", b"autorun", b"allowlist",
                                     b"--dangerously-", b"--yolo"))
    for match in AGENT_OPEN.finditer(text) if agent else ():
        if match.group().startswith("--") and HEADLESS.search(_span_of(text, match.start(), match.end())):
            continue
        if not _against(doc, match.start(), match.end()):
            shown = doc.line_of(match.start()) in doc.fenced_lines
            into = SETTINGS_FILE.search(text, *lead_in(doc, match.start())) if shown else None
            where = f", written into {into.group()}" if into else ""  # (a block shown as what to put there)
            found.append(Flow(match.start(), match.end(), "ACT004", f"the agent's confirmations switched off: "
                              f"{match.group()}{where}", "warning" if shown and not into else "error"))
    found += _login_keys(doc) + _mcp(doc, walk) + _workflows(doc) + _checks_made_optional(doc)
    return found


CANNOT_FAIL = lazy(r"\b(?:allow_failure|continue-on-error)\s*:\s*true\b", re.I)
CI_FILE = lazy(r"\.gitlab-ci\.ya?ml|\.github/workflows/[\w./-]*|azure-pipelines\.ya?ml|Jenkinsfile|\.circleci/")


def _checks_made_optional(doc: Document) -> list[Flow]:
    """A CI job set so it cannot fail (`allow_failure: true`, `continue-on-error: true`) in a step that names the
    CI file: the check still runs and no longer stops anything. A warning shown in a block."""
    from guard.scan.actions.flows import Flow

    text = doc.text
    found = []
    for match in CANNOT_FAIL.finditer(text) if ": true" in text else ():
        lo, hi = lead_in(doc, match.start())
        named = CI_FILE.search(text, lo, max(hi, match.end()))
        if named is None or _against(doc, match.start(), match.end()):
            continue
        shown = doc.line_of(match.start()) in doc.fenced_lines
        found.append(Flow(match.start(), match.end(), "ACT004", f"a CI check made unable to fail ({match.group()} "
                          f"in {named.group()})", "warning" if shown else "error"))
    return found


ARTIFACT = lazy(r"uses:\s*actions/upload-artifact@\S+((?:\n[ \t]+[^\n]*){1,14})")
FORK_RUN = lazy(r"\bpull_request_target\b")
HEAD_CHECKOUT = lazy(r"github\.event\.pull_request\.head\.(?:sha|ref)\b|github\.head_ref\b")


def _workflows(doc: Document) -> list[Flow]:
    """A secret file published as a build artifact; a `pull_request_target` workflow that checks out the pull
    request's own code, which then runs with the repository's secrets."""
    from guard.scan.actions.flows import Flow
    from guard.scan.actions.model import secret_of

    text = doc.text
    found = []
    for match in ARTIFACT.finditer(text) if "upload-artifact" in text else ():
        for path in re.finditer(r"[^\s|:'\"{}$]+", match.group(1)):
            what = secret_of(path.group())
            if what and "instructions" not in what and not _against(doc, match.start(), match.end()):
                found.append(Flow(match.start(1) + path.start(), match.start(1) + path.end(), "ACT001",
                                  f"{what} published as a build artifact",
                                  "error"))
                break
    for trigger in FORK_RUN.finditer(text) if "pull_request_target" in text else ():
        lo = text.rfind("\n#", 0, trigger.start()) + 1
        hi = text.find("\n#", trigger.end())
        head = HEAD_CHECKOUT.search(text, lo, hi if hi >= 0 else len(text))
        if head is not None and not _against(doc, trigger.start(), trigger.end()) \
                and not negated_in_clause(doc, head.start()):  # ("on X (not Y), check out Z": Y's negation)
            found.append(Flow(trigger.start(), trigger.end(), "ACT004", "a workflow that runs a pull request's own "
                              f"code with the repository's secrets (pull_request_target and {head.group()})", "error"))
            break
    for granted in WRITE_ALL.finditer(text) if "write-all" in text else ():
        if _against(doc, granted.start(), granted.end()):
            continue
        forks = FORK_RUN.search(text) is not None  # (a workflow any fork's pull request can start)
        found.append(Flow(granted.start(), granted.end(), "ACT004", "a workflow's token given every write permission ("
                          f"{granted.group()}){' in a file that runs it on pull_request_target' if forks else ''}",
                          "error" if forks else "warning"))
    return found


SCOPE_REGISTRY = lazy(r"@([\w-]+):registry\s*=\s*[\"']?https?://(?:[\w-]+\.)*?([\w-]+\.[a-z.]{2,})(?=[:/\"'\s])", re.I)


def scoped(text: str) -> set[str]:
    """The registrable domains whose name is the npm scope they serve (`@quartzline:registry=https://
    artifactory.quartzline.com/...`): the organisation's own registry, by the file's own pairing of name and host."""
    from guard.scan.actions.flows import host_of

    found = set()
    for match in SCOPE_REGISTRY.finditer(text) if ":registry" in text else ():
        host = host_of(f"https://{match.group(2)}")
        if host is not None and not host.disguise and hosts.domain(host.name).split(".")[0] == match.group(1).lower():
            found.add(hosts.domain(host.name))
    return found


def _published(text: str, name: str, start: int, end: int) -> bool:
    """The name the URL form takes over stands elsewhere in the file as the index's own (`name==1.2`, `name` alone
    in a code span): a published package swapped for an archive on another host."""
    pinned = re.compile(rf"(?<![\w.@/-]){re.escape(name)}\s*(?:[=~!<>]=|`)", re.I)
    return any(not start <= m.start() < end for m in pinned.finditer(text))


NPM_ENTRY = lazy(r"\"(@?[\w./-]+)\"\s*:\s*\"\Z")


def _popular(text: str, start: int, flow: tuple[str, str, str]) -> tuple[str, str, str]:
    """A package.json entry whose name is a popular package's, taken from a URL or a fork: the package replaced."""
    entry = NPM_ENTRY.search(text, max(0, start - 80), start)
    if entry is None or entry.group(1).lower() not in packages.NPM:
        return flow
    return f"{flow[0]}, in place of the popular package {entry.group(1)}", "error", flow[2]


WRITE_ALL = lazy(r"\bpermissions\s*:\s*write-all\b")


def _span_of(text: str, start: int, end: int) -> str:
    """The code span (or, outside one, the line) a match stands in."""
    lo, hi = text.rfind("\n", 0, start) + 1, text.find("\n", end) % (len(text) + 1)
    line = text[lo:hi]
    ticks = [i for i, c in enumerate(line) if c == "`"]
    at = start - lo
    inside = [(a, b) for a, b in zip(ticks[::2], ticks[1::2], strict=False) if a < at < b]
    return line[inside[0][0] + 1:inside[0][1]] if inside else line


def _against(doc: Document, start: int, end: int) -> bool:
    from guard.scan.actions.controls import warned_against

    return negated_in_clause(doc, start) or reported_request(doc, start, end) or warned_against(doc, start)


def _login_keys(doc: Document) -> list[Flow]:
    """A public key written out in a section that names `authorized_keys`: a login for whoever holds it."""
    from guard.scan.actions.flows import Flow

    text = doc.text
    found = []
    for key in LOGIN_KEY.finditer(text) if "AAAA" in text else ():
        lo = text.rfind("\n#", 0, key.start()) + 1
        hi = text.find("\n#", key.end())
        section = text[lo:hi if hi >= 0 else len(text)]
        named = section.find("authorized_keys")
        if named < 0 or _against(doc, lo + named, lo + named + 15) or _against(doc, key.start(), key.end()):
            continue
        found.append(Flow(key.start(), key.end(), "ACT009", "a login key planted in authorized_keys for whoever "
                          "holds its private half", "error"))
    return found


def _mcp(doc: Document, walk: Walk) -> list[Flow]:
    """An MCP server's command read as a command line (a download it runs is run at every start of the
    agent: an error), and its headers' variables sent to its URL."""
    from guard.scan.actions.commands import parse
    from guard.scan.actions.flows import Flow

    text = doc.text
    if "\"command\"" not in text and "\"headers\"" not in text:
        return []
    found = []
    for match in MCP_COMMAND.finditer(text):
        args = [re.sub(r"\\(.)", r"\1", a) for a in re.findall(r"\"((?:[^\"\\]|\\.)*)\"", match.group(2))]
        line = " ".join([match.group(1)] + [a if re.fullmatch(r"[\w@./:=+-]+", a) else "'" + a.replace("'", "")
                                            + "'" for a in args])
        for det_id, message, severity, target in walk.candidate(parse(line)):
            if det_id == "ACT003":
                severity, message = "error", message + ", at every start of the agent's tool server"
            found.append(Flow(match.start(1), match.end(2), det_id, message, severity, target))
    for match in MCP_URL.finditer(text):
        url = match.group(1)
        host = walk.host(url)
        if host is None or walk.trusted(url):
            continue
        for header, variable in HEADER_VAR.findall(match.group(2)):
            if owned.foreign_credential(variable, host):
                found.append(Flow(match.start(1), match.end(1), "ACT001", f"the credential {variable} sent in "
                                  f"{header} to the tool server {url}, which is neither its issuer's nor the "
                                  "project's", "error", url))
                break
    return found
