"""Whose script a download that a shell runs is: the public installers of the common toolchains (rustup, uv,
pnpm, deno, nvm ...) and the file's own site are documented install lines; a host that carries one of those
toolchains' names without being its installer poses as it (sh.rustup-dist.dev, rustup.ferrous-tools.dev); any
other host is a stranger, whose script a code block does not make safe."""
from __future__ import annotations

import re

from guard.scan.actions import hosts

TYPE_CHECKING = False
if TYPE_CHECKING:
    from guard.scan.text import Document

# The registrable domains that serve the toolchains' documented install scripts, and the forge accounts that do.
INSTALLER_DOMAINS = {"rustup.rs": "rustup", "rust-lang.org": "rust", "astral.sh": "astral", "pnpm.io": "pnpm",
                     "deno.land": "deno", "deno.com": "deno", "bun.sh": "bun", "docker.com": "docker",
                     "python-poetry.org": "poetry", "brew.sh": "homebrew", "ollama.com": "ollama",
                     "volta.sh": "volta", "sdkman.io": "sdkman", "nixos.org": "nix", "hashicorp.com": "hashicorp",
                     "nodesource.com": "nodesource", "starship.rs": "starship", "fly.io": "fly"}
INSTALLER_ACCOUNTS = frozenset(("nvm-sh", "homebrew", "pyenv", "rbenv", "golangci", "ohmyzsh", "tj",
                                "asdf-vm", "jdx", "direnv", "junegunn", "sharkdp", "cli"))
BRANDS = frozenset(INSTALLER_DOMAINS.values()) - {"fly", "bun", "rust", "nix", "astral", "cli"} | {"nvm", "pyenv"}


def known(url: str) -> bool:
    """A toolchain's public installer: its registrable domain, or its account on a forge."""
    from guard.scan.actions.flows import host_of

    host = host_of(url)
    if host is None or host.disguise or host.ip is not None:
        return False
    if host.name in hosts.FORGES or hosts.domain(host.name) in ("github.com", "githubusercontent.com"):
        return hosts.owner_of(host) in INSTALLER_ACCOUNTS
    return hosts.domain(host.name) in INSTALLER_DOMAINS


def poses_as(url: str) -> str | None:
    """The toolchain whose name the host carries as a word of its labels without being its installer."""
    from guard.scan.actions.flows import host_of

    host = host_of(url)
    if host is None or host.ip is not None or host.name in hosts.FORGES or known(url):
        return None
    words = {w for label in host.name.split(".")[:-1] for w in re.split(r"[-_]", label.lower())}
    return next((b for b in sorted(BRANDS) if b in words), None)


def own_site(doc: Document, start: int, end: int, url: str) -> bool:
    """The file's own site or repository, named where nothing is sent or in its title (owned.Named)."""
    from guard.scan.actions import owned
    from guard.scan.actions.flows import Flow, host_of

    host = host_of(url)
    if host is None or host.disguise or host.ip is not None:
        return False
    return owned.Named(doc, [Flow(start, end, "ACT003", "", "warning", url)]).names(url) is not None


def placeholder(url: str) -> bool:
    """A documentation placeholder (get.example.dev): shown in a block, an install line's shape, nobody's host.
    Only in a block: attacks written as prose use example hosts too."""
    from guard.scan.actions.flows import host_of

    host = host_of(url)
    return host is not None and "example" in {w for label in host.name.split(".")[:-1] for w in re.split(r"[-_]", label)}


def vouched(doc: Document, cand: object, url: str, fenced: bool) -> bool:
    """A toolchain's public installer or the file's own site (a documented install line wherever it stands), or
    in a code block a placeholder host."""
    return known(url) or fenced and placeholder(url) or own_site(doc, cand.start, cand.end, url)  # type: ignore
