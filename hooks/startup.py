"""Finishing the interpreter's start-up. The launcher starts Python with -S so that the path every
`kguard run` takes skips site's .pth hooks; any path that needs installed packages loads site first."""
from __future__ import annotations

import sys


def full_start() -> None:
    """Load site (and so every installed package) when the launcher started us with -S."""
    if sys.flags.no_site and "site" not in sys.modules:
        import site

        site.main()
