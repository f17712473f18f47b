"""The post-commit hook's fast path (standard library only): with no line records kept in this repository and
no guarded command running, a commit has no line whose origin the guard knows, so there is no note to write and
nothing heavier is loaded."""
from __future__ import annotations

import os

from guard import runs, where


def nothing_to_note() -> bool:
    try:
        state = where.state_for(os.getcwd())
    except OSError:
        return False
    if os.path.exists(os.path.join(state, "provenance.json")):
        return False
    return not any(marker.alive for marker in runs.markers(state))
