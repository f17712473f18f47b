"""The one-line hint `kguard status` shows when new rules qualify for promotion."""
from __future__ import annotations

import json

from hooks.promotion.state import load
from hooks.session import Session
from rules_engine.errors import KguardError

HINT_STATE = "rules-hint.json"


def recommend_hint_line(session: Session) -> str | None:
    """For `kguard status`: one line when the set of eligible, unpromoted rules has grown since last shown."""
    settings = session.settings.rules_promotion
    if not settings.recommend_hint:
        return None
    try:
        state = load(session)
    except KguardError:
        return None
    promoted = {r.id for r in state.block.rules}
    current = sorted(c.id for c in state.candidates if c.eligible and c.id not in promoted)
    path = session.places.project_state / HINT_STATE
    try:
        seen = set(json.loads(path.read_text(encoding="utf-8")).get("seen", []))
    except (OSError, ValueError, AttributeError):
        seen = set()
    new = [c for c in current if c not in seen]
    if not new:
        return None
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        tmp = path.with_suffix(".tmp")
        tmp.write_text(json.dumps({"version": 1, "seen": sorted(seen | set(current))}), encoding="utf-8")
        tmp.replace(path)
    except OSError:
        pass
    return f"{len(new)} new rule recommendation{'s' if len(new) != 1 else ''} — kguard rules recommend"
