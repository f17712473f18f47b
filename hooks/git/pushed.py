"""`--staged` under the pre-commit framework's pre-push stage: what is pushed is the commit
PRE_COMMIT_TO_REF, not the index, so kguard-check and kguard-scan both read that commit's tree through a
temporary index (GIT_INDEX_FILE), the way they read the index at pre-commit."""
from __future__ import annotations

import os
import subprocess
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager

from rules_engine.errors import KguardError


@contextmanager
def stage_index() -> Iterator[None]:
    """Inside: GIT_INDEX_FILE names the index of the commit being pushed, when pre-commit runs a pre-push
    stage (PRE_COMMIT=1 with PRE_COMMIT_TO_REF); otherwise nothing changes."""
    to_ref = os.environ.get("PRE_COMMIT_TO_REF", "")
    if not os.environ.get("PRE_COMMIT") or not to_ref or os.environ.get("PRE_COMMIT_CHECKOUT_TYPE"):
        yield
        return
    folder = tempfile.mkdtemp(prefix="kguard-pushed-")
    index = os.path.join(folder, "index")
    result = subprocess.run(["git", "read-tree", f"--index-output={index}", to_ref], capture_output=True,
                            text=True)
    if result.returncode != 0:
        raise KguardError(f"cannot read the pushed commit {to_ref}: {result.stderr.strip()}")
    before = os.environ.get("GIT_INDEX_FILE")
    os.environ["GIT_INDEX_FILE"] = index
    try:
        yield
    finally:
        if before is None:
            os.environ.pop("GIT_INDEX_FILE", None)
        else:
            os.environ["GIT_INDEX_FILE"] = before
        for name in os.listdir(folder):
            os.unlink(os.path.join(folder, name))
        os.rmdir(folder)
