"""What every command starts from: where we are, the settings, and the guard."""
from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from guard.engine import Guard
from guard.paths import Places, find_places
from hooks.config import Settings, config_path, load_settings, named_config
from rules_engine.errors import KguardError


@dataclass
class Session:
    places: Places
    settings: Settings
    config_file: Path | None

    @property
    def guard(self) -> Guard:
        return Guard(self.places, self.settings.knowledge, self.settings.guard, warn=_warn)


def _warn(message: str) -> None:
    import sys

    from hooks.style import one_line

    print(one_line(f"kguard: warning: {message}"), file=sys.stderr)


def open_session_or_defaults(cwd: Path | None = None) -> tuple[Session, KguardError | None]:
    """The session, or one with the default settings when the config is broken (and the error, for the caller
    to report): a config an agent broke must not switch the guard off."""
    try:
        return open_session(cwd), None
    except KguardError as exc:
        return Session(find_places(cwd), Settings(), None), exc


def open_session(cwd: Path | None = None, config: Path | None = None) -> Session:
    """`config`, else the file `--config` or KGUARD_CONFIG names, else the project's own (or the defaults)."""
    places = find_places(cwd)
    config = config or named_config()
    source = config or config_path(places.root)
    return Session(places, load_settings(places.root, config), source)
