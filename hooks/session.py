"""What every command starts from: where we are, the settings, and the guard."""
from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from guard.engine import Guard
from guard.paths import Places, find_places
from hooks.config import CONFIG_NAME, Settings, config_path, load_settings, named_config, parse_settings
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


def _baseline_config(places: Places) -> tuple[bool, Settings] | None:
    """(whether the config on disk differs from the baseline's, the settings of the baseline's config);
    None when there is no baseline to go by."""
    from guard.store import Store

    try:
        store = Store.for_project(places)
        loaded = store.load()
    except KguardError:
        return None  # damaged state: the caller keeps what it has (the damage shows elsewhere)
    if loaded is None or loaded.lost:
        return None
    state = loaded.state
    differs = False
    chosen = Settings()
    picked = False
    for name in (CONFIG_NAME, "pyproject.toml"):
        entry = state.baseline.get(name)
        path = places.root / name
        try:
            now: bytes | None = path.read_bytes() if not path.is_symlink() else None
        except OSError:
            now = None
        try:
            then = store.read_blob(entry.oid) if entry is not None else None
        except KguardError:
            return None
        if then != now and (then is not None or name == CONFIG_NAME or b"kguard" in (now or b"")):
            differs = True
        if then is not None and not picked:
            try:
                chosen = parse_settings(then, path)
            except KguardError:
                chosen = Settings()
            picked = True
    return differs, chosen


def judging_session(session: Session) -> tuple[Session, bool]:
    """The session whose settings judge a guarded command: when the command changed kguard's config, the
    config of the baseline (the config change itself is a change, decided like any other), so that the
    command's other changes are seen as the old config saw them (an `exclude` it added does not hide its
    edit; `home = false` does not hide its edit of a home rule). The flag says whether the config moved."""
    found = _baseline_config(session.places)
    if found is None or not found[0]:
        return session, False
    return Session(session.places, found[1], session.config_file), True


def open_session(cwd: Path | None = None, config: Path | None = None) -> Session:
    """`config`, else the file `--config` or KGUARD_CONFIG names, else the project's own (or the defaults)."""
    places = find_places(cwd)
    config = config or named_config()
    source = config or config_path(places.root)
    return Session(places, load_settings(places.root, config), source)
