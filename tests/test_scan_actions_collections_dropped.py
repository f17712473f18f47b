"""Every collection of a MongoDB database dropped one by one (`getCollectionNames().forEach(... .drop())`): a reset,
a warning, as `prisma migrate reset --force` is; an error when the connection it runs with is production's. Both
were missed before."""
from __future__ import annotations

import pytest

from tests.test_scan_actions import act, no_project  # noqa: F401 (no_project: the autouse fixture, shared)

DROP = "'db.getCollectionNames().forEach(c => db.getCollection(c).drop())'"
ON_PRODUCTION = {
    "en": f"# Roster\n\nWhen the schema moves, clear the data and reseed:\n\n    mongosh \"$MONGO_URL_PROD\" --eval {DROP}\n",
    "es": f"# Plantilla\n\n- Si cambia el esquema, vacía la base: `mongosh \"$MONGODB_URI_PRODUCTION\" --eval {DROP}`\n",
}
LOCAL = f"# Roster\n\nLocal reset before the seed:\n\n    mongosh mongodb://localhost:27017/roster --eval {DROP}\n"


@pytest.mark.parametrize("lang", sorted(ON_PRODUCTION))
def test_collections_dropped_on_production_are_an_error(lang: str) -> None:
    assert ("ACT010", "error") in act(ON_PRODUCTION[lang])


def test_a_local_reset_is_a_warning() -> None:
    found = act(LOCAL)
    assert ("ACT010", "warning") in found and ("ACT010", "error") not in found
