"""Loads the knowledge model of the place kguard runs in: discovery (guard), then parsing (rules_engine).
Shared by `kguard knowledge`, `budget`, `hints` and `conflicts`."""
from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from guard.discovery import KnowledgeFile, discover
from guard.paths import Places, find_places
from hooks.config import Settings, load_settings
from rules_engine.budget import Report, plan
from rules_engine.errors import KguardError
from rules_engine.layout import PROJECT, Location, display_path, home_locations
from rules_engine.models import Document, Knowledge, Memory, Rule, Skill
from rules_engine.files import MODEL_MAX_BYTES
from rules_engine.parse import PARSERS, read


@dataclass
class Model:
    places: Places
    settings: Settings
    files: list[KnowledgeFile]
    entries: list[tuple[str, Location, Knowledge | KguardError]]

    @property
    def errors(self) -> list[KguardError]:
        return [item for _, _, item in self.entries if isinstance(item, KguardError)]

    def items(self, kind: type) -> list[tuple[str, Location, Knowledge]]:
        return [(p, loc, item) for p, loc, item in self.entries if isinstance(item, kind)]

    def budget(self, context_window: int | None = None) -> Report:
        rules = [(item, loc.scope == "project") for _, loc, item in self.items(Rule)]
        agents = next((item for p, _, item in self.items(Document) if p == "AGENTS.md"), None)
        return plan(
            [item for _, _, item in self.items(Memory)],  # type: ignore[misc]
            rules,  # type: ignore[arg-type]
            [item for _, _, item in self.items(Skill)],  # type: ignore[misc]
            agents,  # type: ignore[arg-type]
            context_window or self.settings.budget.context_window,
            self.settings.budget.share,
        )


def folders_in_place_of_files(base: Path, scope: str, locations: tuple[Location, ...]) -> list[tuple[str, Location]]:
    """A folder where a knowledge file should be (say `.agents/memory.md/`): discovery walks into folders, so
    look for them here, for the patterns that are cheap to expand (no `**`)."""
    found = []
    for location in locations:
        if "**" in location.pattern or location.kind == "control":
            continue
        for path in base.glob(location.pattern):
            if path.is_dir():
                rel = path.relative_to(base).as_posix()
                found.append((display_path(location.scope, rel), location))
    return found


def load(cwd: Path | None = None) -> Model:
    places = find_places(cwd)
    settings = load_settings(places.root)
    knowledge = settings.knowledge
    files = discover(places, knowledge.include, knowledge.exclude, with_home=knowledge.home)
    entries: list[tuple[str, Location, Knowledge | KguardError]] = []
    for kf in files:
        parser = PARSERS.get(kf.location.kind)
        if parser is None:
            continue
        try:
            entries.append((kf.display, kf.location, parser(kf.display, read(kf.path, kf.display, MODEL_MAX_BYTES))))
        except KguardError as exc:
            entries.append((kf.display, kf.location, exc))
    folders = folders_in_place_of_files(places.root, "project", PROJECT)
    if knowledge.home:
        folders += folders_in_place_of_files(places.home, "home", home_locations(str(places.root)))
    seen = {display for display, _, _ in entries}
    for display, location in folders:
        if display not in seen:
            entries.append((display, location, KguardError("is a folder, expected a file", display)))
    return Model(places, settings, files, entries)
