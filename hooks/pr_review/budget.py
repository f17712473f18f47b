"""The context budget of a commit: its knowledge files read from git, parsed and planned as `kguard budget`
plans the work tree's (home files are not part of a repository, so they are left out)."""
from __future__ import annotations

import pygit2

from guard.discovery import Rules
from guard.paths import Places
from hooks.commands.knowledge_model import Model
from hooks.config import Settings
from hooks.pr_review.gitrange import Range
from rules_engine.budget import Report
from rules_engine.errors import KguardError
from rules_engine.models import Knowledge
from rules_engine.parse import PARSERS



def budget_at(rng: Range, commit: pygit2.Commit, rules: Rules, places: Places,
              settings: Settings) -> tuple[Report, list[str]]:
    """The report, and the files that could not be read into it ("path:line: message")."""
    entries: list[tuple[str, object, Knowledge | KguardError]] = []
    for path in sorted(rng.tree_files(commit)):
        location = rules.classify(path)
        parser = PARSERS.get(location.kind) if location is not None else None
        data = rng.blob(commit, path) if parser is not None else None
        if parser is None or data is None:
            continue
        try:
            entries.append((path, location, parser(path, data)))
        except KguardError as exc:
            entries.append((path, location, exc))
    model = Model(places, settings, [], entries)  # type: ignore[arg-type]
    return model.budget(), [str(error) for error in model.errors]
