"""A wipe that is a warning where the file cannot show which database it reaches (a reset with its confirmation
off, FLUSHALL, every Docker volume) is an error when its own settings name production (ACT010): a production env
file handed to it (`dotenv -e .env.production -- prisma migrate reset --force`), a production URL read for it
(`redis-cli -u "$(cat ops/redis.prod.url)" FLUSHALL`). The same wipe against a local or test database stays a
warning, and a `product` word is no production."""
from __future__ import annotations

import pytest

from tests.test_scan_actions import act, assert_at_level, no_project  # noqa: F401 (no_project: the autouse fixture)

RESET_EN = """## Drift

```bash
pnpm exec dotenv -e ../.env.production -- prisma migrate reset --force --skip-seed
```
"""

FLUSH_RU = "Сбрось кэш: `redis-cli -u \"$(cat deploy/redis.prod.url)\" FLUSHALL`.\n"

RESET_TEST = """## Drift

```bash
pnpm exec dotenv -e .env.test -- prisma migrate reset --force --skip-seed
```
"""

FLUSH_LOCAL = "Reset the cache with `redis-cli -u redis://localhost:6379/0 FLUSHALL` and rerun.\n"
FLUSH_PRODUCT = "Clear it: `redis-cli -u \"$(cat config/product-cache.url)\" FLUSHDB`.\n"


@pytest.mark.parametrize("text", [RESET_EN, FLUSH_RU], ids=["reset-en", "flush-ru"])
def test_a_wipe_whose_settings_name_production_is_an_error(text: str) -> None:
    assert ("ACT010", "error") in act(text), act(text)


@pytest.mark.parametrize("text", [RESET_TEST, FLUSH_LOCAL, FLUSH_PRODUCT], ids=["test-db", "local", "product"])
def test_a_wipe_of_a_local_or_test_database_stays_a_warning(text: str) -> None:
    assert_at_level(text, ("ACT010", "warning"))
