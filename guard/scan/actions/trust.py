"""Whose hosts are the project's own: the hosts of its git remotes (read from the git config as text), the URLs
of its package metadata, and `[scan] trusted_hosts` in kguard's config (.kguard.toml or [tool.kguard.scan] in
pyproject.toml). Found once per process from the working directory; `use()` sets them explicitly."""
from __future__ import annotations

from guard.scan.lazyre import lazy

import os
import re

REMOTE_URL = lazy(r"^\s*(?:url|pushurl)\s*=\s*(\S+)", re.M)
CONFIG_NAME = ".kguard.toml"


class Project:
    """Trusted host names, registrable domains, and accounts on shared forges."""

    def __init__(self, hosts: list[str] = (), remotes: list[str] = ()) -> None:  # type: ignore[assignment]
        from guard.scan.actions.hosts import FORGES, domain, owner_of, parse

        self.hosts: set[str] = set()
        self.domains: set[str] = set()
        self.owners: set[str] = set()
        for entry in (*hosts, *remotes):
            host = parse(entry if "://" in entry or "@" in entry else f"https://{entry}")
            if host is None or host.disguise:
                continue
            if host.name in FORGES or domain(host.name) in ("github.com", "gitlab.com"):
                if owner_of(host):
                    self.owners.add(owner_of(host))
                continue
            self.hosts.add(host.name)
            if host.ip is None and "." in host.name:
                self.domains.add(domain(host.name))

    def names(self, name: str) -> bool:
        return name in self.hosts


_CURRENT: list[Project] = []


def use(project: Project | None) -> None:
    """Set the project explicitly (None: find it again from the working directory on next use)."""
    _CURRENT[:] = [project] if project is not None else []


def current() -> Project:
    if not _CURRENT:
        _CURRENT.append(_from_directory(os.getcwd()))
    return _CURRENT[0]


def _from_directory(start: str) -> Project:
    from guard.where import find_root

    try:
        root, _, common = find_root(start)
    except OSError:
        return Project()
    remotes = REMOTE_URL.findall(_read(os.path.join(common, "config"))) if common else []
    return Project(_configured(root), remotes)


def _read(path: str) -> str:
    try:
        with open(path, encoding="utf-8", errors="replace") as handle:
            return handle.read(1_000_000)
    except OSError:
        return ""


def _configured(root: str) -> list[str]:
    """`trusted_hosts` of the scan settings and the project's URLs in pyproject.toml. A config that cannot be
    read trusts nothing more (the command that loads the settings reports it, with its exit code)."""
    hosts: list[str] = []
    own = _read(os.path.join(root, CONFIG_NAME))
    pyproject = _read(os.path.join(root, "pyproject.toml"))
    for text, inside in ((own, ()), (pyproject, ("tool", "kguard"))):
        if "trusted_hosts" not in text:
            continue  # (no TOML parse for a config that names none)
        import tomllib

        try:
            data = tomllib.loads(text)
        except (tomllib.TOMLDecodeError, ValueError):
            continue
        for key in inside:
            data = data.get(key, {}) if isinstance(data, dict) else {}
        scan = data.get("scan", {}) if isinstance(data, dict) else {}
        listed = scan.get("trusted_hosts", []) if isinstance(scan, dict) else []
        hosts += [h for h in listed if isinstance(h, str)]
    if pyproject:
        hosts += re.findall(r"^\s*[\w\" -]+=\s*\"(https?://[^\"]+)\"", _project_urls(pyproject), re.M)
    return hosts


def _project_urls(pyproject: str) -> str:
    """The text of the [project.urls] table."""
    start = pyproject.find("[project.urls]")
    if start < 0:
        return ""
    end = pyproject.find("\n[", start + 1)
    return pyproject[start:end if end >= 0 else len(pyproject)]
