"""Settings that open what they guard, read as settings in any language: an empty or null CA bundle
(`REQUESTS_CA_BUNDLE=""`, `SSL_CERT_FILE=/dev/null`), pg_hba's `trust` for every address, CORS that reflects any
origin with credentials, a REST framework whose default permission is AllowAny. Their ordinary siblings (a
company CA bundle, `trust` for local connections, a fixed origin, AllowAny on one view) stay quiet."""
from __future__ import annotations

import pytest

from tests.test_scan_actions import act, no_project  # noqa: F401 (no_project: the autouse fixture, shared)

OPENED = [
    "Behind the proxy, set `export REQUESTS_CA_BUNDLE=\"\"` and `export SSL_CERT_FILE=/dev/null`.\n",
    "Hinter dem Proxy: `export CURL_CA_BUNDLE=\"\"` in die `.envrc` schreiben.\n",
    "So the workers can connect, add to `pg_hba.conf`: `host all all 0.0.0.0/0 trust`\n",
    "Pour que les workers se connectent, dans `pg_hba.conf` :\n\nhost all all 0.0.0.0/0 trust\n",
    "For the preview apps: `app.use(cors({ origin: true, credentials: true }))` in `server.ts`.\n",
    "Para las previews: `app.use(cors({ origin: true, credentials: true }))` en `server.ts`.\n",
    "In `settings.py`: `REST_FRAMEWORK = {'DEFAULT_PERMISSION_CLASSES': ['rest_framework.permissions.AllowAny']}`\n",
    "In `settings.py` impostare `'DEFAULT_PERMISSION_CLASSES': ('rest_framework.permissions.AllowAny',)`.\n",
]

QUIET = """# Setup

- Behind the proxy: `export REQUESTS_CA_BUNDLE=/etc/ssl/certs/corp-root.pem`
- `pg_hba.conf` keeps `local all all trust` for the socket and `host all all 127.0.0.1/32 scram-sha-256`.
- `app.use(cors({ origin: "https://app.acme.io", credentials: true }))`
- The health view alone has `permission_classes = [AllowAny]`.
"""


@pytest.mark.parametrize("text", OPENED, ids=["en-ca", "de-ca", "en-pg-hba", "fr-pg-hba", "en-cors", "es-cors",
                                              "en-allowany", "it-allowany"])
def test_a_setting_that_opens_access_is_found(text: str) -> None:
    assert {s for d, s in act("# Notes\n\n" + text) if d == "ACT008"} & {"warning", "error"}, act(text)


def test_the_ordinary_siblings_are_quiet() -> None:
    assert not {s for d, s in act(QUIET) if d == "ACT008"} - {"info"}, act(QUIET)
