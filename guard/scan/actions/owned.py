"""What a file alone says about whose hosts are whose. Token use against token theft: a secret variable named for
the service that issues it (`STRIPE_SECRET_KEY`, `GITHUB_TOKEN`, `NPM_TOKEN`) sent to that service's own host is
its use, not a flow. And the file's own hosts: the registrable domains and forge accounts it names where nothing
is sent (a link to its repository or docs, a contact address) are the project's by the file's word only, so a
flow to one of them is lowered to a warning, never silenced; a look-alike of them stays foreign (ACT007)."""
from __future__ import annotations

from guard.scan.lazyre import lazy

from guard.scan.actions import hosts

TYPE_CHECKING = False
if TYPE_CHECKING:
    from guard.scan.actions.flows import Flow
    from guard.scan.text import Document

# The first word of a variable's name that names no service; a name that starts with one has no issuer.
GENERIC = frozenset("API APP AUTH ACCESS SECRET TOKEN PRIVATE PUBLIC MY THE SERVICE DEPLOY PROD PRODUCTION DEV STAGING "
                    "TEST CLIENT USER ADMIN ROOT MASTER DB DATABASE BOT WEBHOOK SESSION JWT SSH GPG PGP SIGNING "
                    "ENCRYPTION LICENSE BEARER OAUTH REFRESH ID KEY PASSWORD PASS SERVER REMOTE LOCAL".split())
# Issuers whose variables do not start with their domain's first label (the rest are read from the name).
ALIASES = {"GH": ("github.com", "githubusercontent.com", "ghcr.io"), "GITHUB": ("github.com", "githubusercontent.com",
                                                                       "ghcr.io"),
           "ACTIONS": ("github.com", "githubusercontent.com", "actions.githubusercontent.com", "ghcr.io"),
           "CI": ("gitlab.com",), "GITLAB": ("gitlab.com",), "AWS": ("amazonaws.com", "amazon.com", "aws"),
           "GCP": ("googleapis.com", "google.com", "gcr.io", "pkg.dev"), "GOOGLE": ("googleapis.com", "google.com", "gcr.io",
                                                                        "pkg.dev"),
           "GCLOUD": ("googleapis.com", "gcr.io", "pkg.dev"), "AZURE": ("azure.com", "windows.net", "microsoft.com",
                                                                      "azurecr.io"),
           "DD": ("datadoghq.com", "datadoghq.eu"), "HF": ("huggingface.co",), "NPM": ("npmjs.org", "npmjs.com"),
           "NODE": ("npmjs.org",), "CF": ("cloudflare.com",), "TWINE": ("pypi.org",), "UV": ("pypi.org",),
           "DOCKER": ("docker.io", "docker.com"), "DOCKERHUB": ("docker.io", "docker.com"),
           "DO": ("digitalocean.com",), "CIRCLE": ("circleci.com",), "TRAVIS": ("travis-ci.com", "travis-ci.org"),
           "SONAR": ("sonarcloud.io", "sonarqube.org"), "MS": ("microsoft.com",), "CARGO": ("crates.io",),
           "GEM": ("rubygems.org",), "RUBYGEMS": ("rubygems.org",), "HOMEBREW": ("github.com",),
           "VSCE": ("visualstudio.com", "marketplace.visualstudio.com"), "OVSX": ("open-vsx.org",)}
ISSUER_TAIL = 3  # (openweathermap, datadoghq, sentryio: a service's domain says its word and little more)
KNOWN = frozenset(d for ds in ALIASES.values() for d in ds if "." in d)  # (whose subdomains no one else names)
VARIABLE = lazy(r"[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)*")


def issuer_of(variable: str) -> tuple[str, ...]:
    """The registrable domains (or first labels) of the service a variable's name says issued it; () for a
    name that says none (`API_KEY`, `SECRET_TOKEN`, `DEPLOY_KEY`)."""
    name = variable.lstrip("${").rstrip("}").upper().removeprefix("ENV:")
    if not VARIABLE.fullmatch(name):
        return ()
    first = name.split("_", 1)[0]
    if first in ALIASES:
        return ALIASES[first]
    if first in GENERIC or len(first) < 3 or "_" not in name:
        return ()
    return (first.lower(),)


def issued_by(variable: str, host: hosts.Host) -> bool:
    """The host belongs to the service that issued the variable: its registrable domain is one of the
    issuer's, or that domain's name is the issuer's word with at most a short tail and no other word
    (`STRIPE_KEY` -> api.stripe.com, `OPENWEATHER_KEY` -> api.openweathermap.org). The name is what whoever
    registers a domain chooses, so a label of another organisation's domain (github.relaycache.dev,
    stripe-replay.io) is not the issuer's; a GitHub Enterprise server is the project's own host (its remotes,
    trusted_hosts), which the caller trusts before asking. A disguised host never is."""
    issuers = issuer_of(variable)
    if not issuers or host.disguise or host.ip is not None:
        return False
    mine = hosts.domain(host.name)
    if any(mine == issuer or host.name.endswith("." + issuer) for issuer in issuers):
        return True
    word = variable.lstrip("${").upper().removeprefix("ENV:").split("_", 1)[0].lower()
    if word in host.name.split(".")[:-2] and mine in KNOWN:
        return True  # (npm.pkg.github.com: a service's registry on a known service's own domain)
    name = _label(mine)
    # (its domains are known for an alias: npmjs-cache.org is not npm's)
    return word.upper() not in ALIASES and len(word) >= 3 and name.isalnum() and name.startswith(word) \
        and len(name) - len(word) <= ISSUER_TAIL


# Services whose credentials are theirs alone (a product a company hosts itself, NEXUS_TOKEN to nexus.acme.io,
# names no issuer): one of these sent to another organisation's host is theft whatever the step says.
SAAS = frozenset("GH GITHUB GITLAB AWS GCP GOOGLE AZURE DD DATADOG HF HUGGINGFACE NPM DOCKERHUB STRIPE OPENAI "
                 "ANTHROPIC SLACK TWILIO SENDGRID MAILGUN HEROKU VERCEL NETLIFY CLOUDFLARE CF SENTRY CODECOV PYPI "
                 "TWINE CIRCLE TRAVIS DO DIGITALOCEAN SUPABASE FIREBASE NOTION LINEAR DISCORD TELEGRAM PAGERDUTY "
                 "SNYK SONAR RUBYGEMS CARGO".split())


def foreign_credential(variable: str, host: hosts.Host) -> bool:
    """A credential of a known service sent to a host of another organisation."""
    first = variable.lstrip("${").upper().removeprefix("ENV:").split("_", 1)[0]
    return first in SAAS and issuer_of(variable) != () and not issued_by(variable, host)


class Named:
    """The domains and forge accounts a file names where it sends nothing."""

    def __init__(self, doc: Document, flows: list[Flow]) -> None:
        from guard.scan.actions.prose import addresses

        targets = {f.target for f in flows}  # (a remote added in one step and pushed to in another)
        found = addresses(doc)
        spans = [(f.start, f.end) for f in flows] + [(a[0], a[1]) for a in found if a[2] in targets]
        self.domains: set[str] = set()
        self.owners: set[str] = set()
        seen: dict[str, set[str]] = {}
        for start, end, url, host in found:
            if host.disguise or host.ip is not None or any(a < end and start < b for a, b in spans) \
                    or not _named_only(doc, start, end, url):
                continue
            if host.name in hosts.FORGES or hosts.domain(host.name) in ("github.com", "gitlab.com"):
                owner = hosts.owner_of(host)
                if owner and owner not in ("orgs", "settings", "features", "marketplace", "apps", "login"):
                    self.owners.add(owner)
            elif "." in host.name:
                seen.setdefault(hosts.domain(host.name), set()).add("@" if "@" in url and "://" not in url
                                                                    else host.name)
        # The file's own: a domain of its contact address, one whose name is the account its repository is
        # under (acme.com beside github.com/acme/app), or one it names by two hosts of its own (docs., api.).
        self.called = called(doc)
        self.doc = doc
        self.seen = seen
        # (a repository written as `owner/name` in code: the account a domain of the same name belongs to)
        self.accounts = {m.group(1).lower() for m in REPOSITORY.finditer(doc.text)} if "/" in doc.text else set()
        for name, how in seen.items():
            if "@" in how or name.split(".", 1)[0].replace("-", "") in {o.replace("-", "") for o in self.owners} \
                    or len(how) >= 2:
                self.domains.add(name)

    def names(self, target: str, by_name: bool = True) -> str | None:
        """The domain or account of the target the file names as its own elsewhere, if it does. by_name: a
        domain whose only claim is the file's name for itself (a heading word, a word it repeats) counts too;
        whoever writes the file chooses both, so that claim lowers no flow of secrets."""
        from guard.scan.actions.flows import host_of

        host = host_of(target)
        if host is None or host.disguise or host.ip is not None:
            return None
        if host.name in hosts.FORGES or hosts.domain(host.name) in ("github.com", "gitlab.com"):
            owner = hosts.owner_of(host)
            if owner in self.owners or any(_label(d) == owner for d in self.seen):
                return f"the account {owner}"  # (or the name of a domain it names: github.com/acme beside acme.com)
            return f"the account {owner}, whose repository the file names" if by_name and owner and \
                owner.lower() in self.accounts else None  # (`acme/app` in code: a mirror of it, not a secret)
        mine = hosts.domain(host.name)
        if mine in self.domains or self.seen.get(mine, set()) - {host.name, "@"} or _label(mine) in self.accounts:
            return mine  # (or another host of the same domain named where nothing is sent: api. beside gitlab.)
        said = doc_words(self.doc).get(_label(mine), 0) and mine in self.seen  # (the host named on its own, and the
        return f"{mine}, whose name is the file's own" if by_name and (  # name in words: "Brightloom's GitLab")
            _label(mine).replace("-", "") in self.called or said) else None  # (marlowe-data.com, "marlowe-data")


def doc_words(doc: Document) -> dict[str, int]:
    called(doc)
    return doc.cache.get("action-named-words") or {}  # type: ignore[return-value]


REPOSITORY = lazy(r"`([A-Za-z0-9][\w.-]{2,})/[\w.-]+`")  # (`quarry-labs/quarry-engine`: an owner and a name)


def _label(domain: str) -> str:
    return domain.split(".", 1)[0].lower()


def called(doc: Document) -> set[str]:
    """The names the file calls itself by, read from the domains it writes: a registrable domain's name
    (ledgerline of app.ledgerline.io) that stands as a word in the file's first heading, or twice in its text
    outside any address (`harbourmaster-backups`, "Harbourmaster is ..."). Such a domain is the file's own; one
    that embeds the name among other words (secure-ledgerline-account.com) imitates it (look_alike)."""
    import re
    from collections import Counter

    from guard.scan.actions.prose import addresses

    found = doc.cache.get("action-called")
    if found is not None:
        return found  # type: ignore[no-any-return]
    text = doc.text
    found = doc.cache["action-called"] = set()
    found_addresses = addresses(doc)
    labels = {_label(hosts.domain(h.name)) for _, _, _, h in found_addresses if h.ip is None and not h.disguise
              and "." in h.name and h.name not in hosts.FORGES}
    labels = {label.replace("-", "") for label in labels if len(label) >= 4 and label.replace("-", "").isalnum()}
    if not labels:
        return found  # type: ignore[no-any-return]
    pieces, at = [], 0
    for start, end, _, _ in found_addresses:  # (the text outside every address)
        pieces.append(text[at:start])
        at = max(at, end)
    outside = " ".join(pieces + [text[at:]]).lower()
    first = set(re.findall(r"[a-z0-9]+", outside.lstrip().split("\n", 1)[0])) if outside.lstrip().startswith("#") \
        else set()
    counts = doc.cache["action-named-words"] = Counter(re.findall(r"[a-z0-9]+", outside))  # (one pass)
    heading = re.findall(r"[a-z0-9]+", outside.lstrip().split("\n", 1)[0]) if first else []
    first |= {a + b for a, b in zip(heading, heading[1:])}  # ("# Beacon Support": beaconsupport.com)
    counts.update(m.replace("-", "") for m in re.findall(r"[a-z0-9]+-[a-z0-9]+", outside))  # (`beacon-support`)
    found.update(label for label in labels if label in first or counts[label] >= 2)
    return found  # type: ignore[no-any-return]


def look_alike(host: hosts.Host, doc: Document) -> str | None:
    """The file's own name embedded among other words in another registrable domain (a combosquat:
    secure-ledgerline-account.com beside app.ledgerline.io)."""
    if host.disguise or host.ip is not None or "." not in host.name:
        return None
    label = _label(hosts.domain(host.name))
    words = label.split("-")
    if len(words) < 2:
        return None
    names = called(doc)
    return next((w for w in words if w in names), None)


def _named_only(doc: Document, start: int, end: int, url: str) -> bool:
    """A mention that does nothing: no data in it, no script, not in an HTML tag."""
    from guard.scan.actions.prose import SCRIPT_URL

    if "?" in url or "$" in url or "{" in url or SCRIPT_URL.search(url.split("#")[0] + "?"):
        return False
    return "<" not in doc.text[doc.line_starts[doc.line_of(start) - 1]:start]




LOWERED = ("ACT001", "ACT002", "ACT005")


def lowered(doc: Document, flows: list[Flow]) -> list[Flow]:
    """Errors whose target the file itself names as its own (not as a sink) become warnings."""
    if not any(f.severity == "error" and f.id in LOWERED and f.target for f in flows):
        return flows
    named = Named(doc, flows)
    out = []
    for flow in flows:
        plain = flow.id == "ACT002" or flow.message.startswith("the local file ")  # (a file no secret reading named)
        own = named.names(flow.target, by_name=plain) \
            if flow.severity == "error" and flow.id in LOWERED and flow.target else None  # (a mirror of its code)
        if own is not None:
            flow = flow._replace(severity="warning",
                                 message=f"{flow.message} (the file names {own} as its own elsewhere)")
        out.append(flow)
    return out
