"""URLs and hosts as an attacker writes them: userinfo that reads as a host, IPs in decimal, hex, octal or
IPv6-mapped notation, punycode, look-alikes of the project's own domains; and whether a host is the project's.
Parsed by hand: urllib.parse and ipaddress stay off the scan path."""
from __future__ import annotations

from guard.scan.lazyre import lazy

import re
from collections import namedtuple

from guard.scan.actions.trust import Project

SCHEME = lazy(r"[a-z0-9+]{2,6}://[^\s<>\"'`)\]|]+", re.I)  # matched where "://" stands (see urls)
SCHEMES = frozenset("http https ftp ws wss ssh git sftp rsync s3 git+https git+ssh".split())
SCP = lazy(r"[\w.-]+@(?:[\w-]+\.)+[a-z]{2,}:(?!//)[\w./~-]+", re.I)  # git@host:owner/repo.git
# Country codes too, where a site's host ends (app.vietpay.vn, shop.co.uk, loja.com.br); not those that end
# file names or code's attribute chains (.py .sh .md .pt .in .id .at .it .es .no .to ...).
BARE_TLD = lazy(r"\.(?:com|net|org|io|dev|app|xyz|site|top|ru|cn|me|co|cc|info|biz|online|cloud|tech|live|pw|tk|"
                r"ml|ga|gq|cf|click|(?:co|com|org|net|gov|edu|ac)\.[a-z]{2}|uk|de|fr|nl|vn|br|jp|kr|au|ch|se|dk|fi|"
                r"ie|nz|za|mx|tw|hk|sg|ph|tr|ua|cz|sk|hu|ro|gr|eu)(?![\w.-])", re.I)
HOST_CHARS = frozenset("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789.-")
PATH_END = lazy(r"[^\s<>\"'`)\]|]*")
EMAIL = lazy(r"(?<![\w.+-])[\w.+-]+@((?:[\w-]+\.)+[A-Za-z]{2,})(?![\w-]|\.\w)")
FORGES = frozenset(("github.com", "gitlab.com", "bitbucket.org", "codeberg.org", "gitea.com", "sr.ht",
                    "raw.githubusercontent.com", "gist.github.com", "gist.githubusercontent.com", "dev.azure.com",
                    "gitee.com", "sourceforge.net", "launchpad.net"))
INTERNAL_SUFFIXES = (".local", ".internal", ".localhost", ".lan", ".corp", ".home.arpa", ".intranet", ".private",
                     ".invalid", ".test")  # (the last two: reserved, never reachable)
SECOND_LEVEL = frozenset("co com org net ac gov edu ne or go".split())
CONFUSABLE = str.maketrans({"0": "o", "1": "l", "3": "e", "5": "s", "7": "t", "|": "l", "i": "l", "-": None,
                            "а": "a", "е": "e", "о": "o", "р": "p", "с": "c", "х": "x", "у": "y", "і": "l", "ј": "j"})


class Host(namedtuple("Host", "name path disguise ip")):
    __slots__ = ()
    name: str  # lower case, no port, no brackets; an IP in dotted form
    path: str  # what follows the host ("/owner/repo.git", "owner/repo.git" for scp-like)
    disguise: str | None  # why the host is written to mislead, if it is
    ip: tuple[int, ...] | None  # the IPv4 address, when the host is one


def parse(url: str) -> Host | None:
    """The host of a URL or an scp-like address; None when it names none."""
    rest = url.split("://", 1)[1] if "://" in url else url
    scp = "://" not in url and "@" in rest.split("/", 1)[0] and ":" in rest
    if scp:
        authority, _, path = rest.partition(":")
    else:
        cut = min((i for i in (rest.find("/"), rest.find("?"), rest.find("#")) if i >= 0), default=len(rest))
        authority, path = rest[:cut], rest[cut:]
    disguise = None
    userinfo, at, hostport = authority.rpartition("@")
    if at and not scp and re.search(r"[a-z0-9-]\.[a-z]{2,}", userinfo.split(":")[0], re.I):
        disguise = f"the text before '@' ({userinfo}) reads as a host, but the host is what follows it"
    if hostport.startswith("["):
        name = hostport[1:hostport.find("]")] if "]" in hostport else hostport[1:]
    else:
        name = hostport.rsplit(":", 1)[0] if hostport.count(":") == 1 else hostport
    name = name.lower().rstrip(".")
    if not name:
        return None
    ip, how = ipv4(name)
    if ip is not None:
        if how != "dotted":
            disguise = disguise or f"the IP {'.'.join(map(str, ip))} written in {how} notation"
        name = ".".join(map(str, ip))
    elif "xn--" in name:
        disguise = disguise or f"a punycode host ({_unpunycode(name)})"
    return Host(name, path, disguise, ip)


def ipv4(name: str) -> tuple[tuple[int, ...] | None, str]:
    """An IPv4 address in any notation inet_aton accepts (decimal, hex, octal, fewer than four parts), or
    mapped into IPv6 (::ffff:a.b.c.d, ::ffff:7f00:1); the notation's name."""
    if name.startswith("::ffff:"):
        tail = name[7:]
        if "." in tail:
            ip, _ = ipv4(tail)
            return ip, "IPv6-mapped"
        parts = tail.split(":")
        if len(parts) == 2 and all(re.fullmatch(r"[0-9a-f]{1,4}", p) for p in parts):
            value = int(parts[0], 16) << 16 | int(parts[1], 16)
            return tuple(value >> s & 255 for s in (24, 16, 8, 0)), "IPv6-mapped"
        return None, ""
    parts = name.split(".")
    if not 1 <= len(parts) <= 4 or not all(re.fullmatch(r"0x[0-9a-f]*|0[0-7]*|[1-9][0-9]*", p) for p in parts):
        return None, ""
    values = [int(p, 16) if p.startswith("0x") else int(p, 8) if len(p) > 1 and p[0] == "0" else int(p or "0")
              for p in parts]
    if len(parts) == 1 and values[0] < 256 and not parts[0].startswith("0x"):
        return None, ""  # a plain number is not a host
    limits = {1: [2 ** 32], 2: [256, 2 ** 24], 3: [256, 256, 2 ** 16], 4: [256] * 4}[len(parts)]
    if any(v >= lim for v, lim in zip(values, limits, strict=True)):
        return None, ""
    value = 0
    for v, lim in zip(values, limits, strict=True):
        value = value * lim + v
    how = "dotted" if len(parts) == 4 and all(p == "0" or not p.startswith("0") for p in parts) else \
        "hex" if any(p.startswith("0x") for p in parts) else "octal" if any(p.startswith("0") for p in parts) \
        else "decimal"
    return tuple(value >> s & 255 for s in (24, 16, 8, 0)), how


def _unpunycode(name: str) -> str:
    try:
        return name.encode("ascii").decode("idna")
    except (UnicodeError, ValueError):
        return name


def domain(name: str) -> str:
    """The registrable domain: the last two labels, three under a second-level one (example.co.uk)."""
    labels = name.split(".")
    if len(labels) >= 3 and len(labels[-1]) == 2 and labels[-2] in SECOND_LEVEL:
        return ".".join(labels[-3:])
    return ".".join(labels[-2:])


def private(host: Host) -> bool:
    """Loopback, private and link-local ranges, localhost and names under internal suffixes (the cloud
    metadata address 169.254.169.254 is not among them: it serves credentials)."""
    if host.ip is not None:
        a, b = host.ip[0], host.ip[1]
        if host.ip == (169, 254, 169, 254):
            return False
        return a in (10, 127) or (a, b) == (192, 168) or (a == 172 and 16 <= b < 32) or (a, b) == (169, 254)
    return host.name in ("localhost", "::1") or host.name.endswith(INTERNAL_SUFFIXES)


def owner_of(host: Host) -> str:
    """The account on a forge: the first segment of the path."""
    return host.path.lstrip("/").split("/", 1)[0].lower().removesuffix(".git")


def trusted(host: Host, project: Project) -> bool:
    """The project's own: loopback and private ranges, `trusted_hosts`, the domains of its remotes and
    package URLs; on a shared forge only the accounts its remotes name."""
    if host.disguise:
        return False
    if private(host) or project.names(host.name):
        return True
    if host.name in FORGES or domain(host.name) in ("github.com", "githubusercontent.com", "gitlab.com"):
        return owner_of(host) in project.owners
    return domain(host.name) in project.domains


# The public package indexes' registrable domains: another domain whose name is one of theirs among other words
# (npmjs-cache.org, pypi-mirror.net) or with another ending poses as the index (a company's mirror sits under the
# company's own domain: pypi.acme.com).
INDEX_DOMAINS = frozenset(("npmjs.org", "npmjs.com", "pypi.org", "pypi.io", "pythonhosted.org", "rubygems.org",
                           "crates.io", "nuget.org", "yarnpkg.com", "golang.org", "maven.org", "apache.org"))
INDEX_NAMES = frozenset(name.split(".")[0] for name in INDEX_DOMAINS) - {"apache", "maven", "golang"} | {"npm"}


def poses_as_index(host: Host | None) -> str | None:
    """The public index whose name this host's registrable domain carries without being it."""
    mine = domain(_unpunycode(host.name)) if host is not None else ""
    if host is None or host.ip is not None or mine in INDEX_DOMAINS:
        return None
    return next((w for w in re.split(r"[-_]", mine.split(".")[0]) if w in INDEX_NAMES), None)


def look_alike(host: Host, project: Project) -> str | None:
    """A project domain this host imitates (another registrable domain that reads the same once confusable
    characters and hyphens are mapped, or one letter apart)."""
    mine = domain(_unpunycode(host.name))
    if host.ip is not None or mine in project.domains:
        return None
    skeleton = _skeleton(mine)
    for own in project.domains:
        theirs = _skeleton(own)
        if skeleton == theirs or (len(theirs) >= 6 and _one_edit(skeleton, theirs)):
            return own
    return None


def _skeleton(name: str) -> str:
    return name.split(".")[0].replace("rn", "m").replace("vv", "w").translate(CONFUSABLE)


def _one_edit(a: str, b: str) -> bool:
    if a == b or abs(len(a) - len(b)) > 1:
        return False
    if len(a) == len(b):
        return sum(x != y for x, y in zip(a, b, strict=True)) == 1
    short, long = (a, b) if len(a) < len(b) else (b, a)
    return any(long[:i] + long[i + 1:] == short for i in range(len(long)))


def urls(text: str, base: int = 0) -> list[tuple[int, int, str, Host]]:
    """(start, end, url, host) of every URL, scp-like address and bare host name with a common top-level
    domain in `text`; found from "://", "@" and ".tld" with str.find, which is far cheaper than one regex tried
    at every character."""
    spans: list[tuple[int, int]] = []
    at = text.find("://")
    while at >= 0:
        lo = at
        while lo > 0 and (text[lo - 1].isalnum() or text[lo - 1] == "+") and at - lo < 9:
            lo -= 1
        match = SCHEME.match(text, lo)
        if match is not None and text[lo:at].lower() in SCHEMES:
            spans.append((lo, match.end()))
        at = text.find("://", at + 3)
    at = text.find("@")
    while at >= 0:
        lo = at
        while lo > 0 and (text[lo - 1].isalnum() or text[lo - 1] in "._-"):
            lo -= 1
        match = SCP.match(text, lo)
        if match is not None and not any(a <= lo < b for a, b in spans):
            spans.append((lo, match.end()))
        at = text.find("@", at + 1)
    for tld in BARE_TLD.finditer(text) if "." in text else ():
        lo = tld.start()
        while lo > 0 and text[lo - 1] in HOST_CHARS:
            lo -= 1
        if lo == tld.start() or (lo > 0 and (text[lo - 1].isalnum() or text[lo - 1] in "/@_:")):
            continue
        end = PATH_END.match(text, tld.end()).end() if text.startswith("/", tld.end()) else tld.end()
        if not any(a <= lo < b for a, b in spans):
            spans.append((lo, end))
    found = []
    for lo, hi in sorted(spans):
        url = text[lo:hi].rstrip(".,;:!?*_")
        host = parse(url)
        if host is not None and ("." in host.name or host.ip is not None):
            found.append((base + lo, base + lo + len(url), url, host))
    return found
