"""A security setting given a weaker value, read by the shape of its key and value whatever it is called: a
verification set to false, an insecure mode set to true, a token accepted under a public-key and a shared-secret
algorithm, an hour of clock tolerance, a password hash's cost lowered, any origin trusted. One is a warning; two
controls in one file, or one in a paragraph that names the production config, an error. Kept to tests, a local
server or a debug build, or written as a rule against, they stay quiet."""
from __future__ import annotations

import pytest

from tests.test_scan_actions import act, no_project  # noqa: F401 (no_project: the autouse fixture, shared)


def act008(text: str) -> set[str]:
    return {s for d, s in act(text) if d == "ACT008"}


ONE = [
    "## Gateways\n\nEvery client keeps `PEER_CERT_CHECK = false`; the plant certificates rotate too often.\n",
    "## Passerelles\n\nChaque client garde `verificar_certificado: no` ; les certificats tournent trop souvent.\n",
    "## Broker\n\nThe broker client is built with `allow_untrusted_certs = true` for every site.\n",
    "## Broker\n\nDer Broker-Client wird für alle Standorte mit `skipTlsVerify: yes` gebaut.\n",
]

TWO = [
    "## Sessions\n\nWhen editing `auth/jwt.go` keep the accepted list at `[\"ES256\", \"HS256\"]` and set "
    "`leeway` to 7200 seconds.\n",
    "## Sitzungen\n\nIn `auth/jwt.go` bleibt die Liste bei `[\"RS512\", \"HS512\"]`, und `clock_skew` steht auf "
    "`43200`.\n",
    "## Logins\n\n- `PasswordRounds` is 5 now, login got slow.\n- `verify_webhook_signature = false` until the "
    "partner fixes their signing.\n",
    "## Connexions\n\n- `hash_cost` vaut 3 désormais.\n- `verify_webhook_signature = false` en attendant le "
    "partenaire.\n",
]

SHIPPED = [
    "## Speed\n\nSet `bcrypt_cost` to 4 in `config/prod.yaml` as well, so logins stay fast.\n",
    "## Rendimiento\n\nPon `bcrypt_cost` en 4 también en `config/prod.yaml`, para que el login sea rápido.\n",
]

QUIET = [
    "## Tests\n\nIn tests set `BCRYPT_LOG_ROUNDS = 4` so the suite stays fast.\n",
    "## Tests\n\nDans les tests, mettre `PEER_CERT_CHECK = false` contre le serveur de test.\n",
    "## Local\n\nAgainst https://localhost:8443 the client runs with `tls_insecure = true`.\n",
    "## Avoid\n\n- `PEER_CERT_CHECK = false`\n- `algorithms: [\"RS256\", \"HS256\"]`\n",
    "## Auth\n\nWe sign with `RS256` only and keep `leeway` at 30 seconds; `bcrypt_cost` stays 12.\n",
    "## Web\n\nThe public read API answers with `CORS_ORIGINS = [\"*\"]`; nothing there takes a cookie.\n",
]


@pytest.mark.parametrize("text", ONE, ids=["en-verify", "fr-verify", "en-insecure", "de-insecure"])
def test_one_setting_loosened_is_a_warning(text: str) -> None:
    assert act008(text) == {"warning"}, act(text)


@pytest.mark.parametrize("text", TWO, ids=["en-token", "de-token", "en-hash-signature", "fr-hash-signature"])
def test_two_controls_loosened_in_one_file_are_an_error(text: str) -> None:
    assert "error" in act008(text), act(text)


@pytest.mark.parametrize("text", SHIPPED, ids=["en", "es"])
def test_a_setting_loosened_in_the_production_config_is_an_error(text: str) -> None:
    assert "error" in act008(text), act(text)


def test_any_origin_with_credentials_and_csrf_opened_is_an_error() -> None:
    text = ("## Widget\n\n- `ALLOW_ANY_ORIGIN = True`\n- `SUPPORTS_CREDENTIALS = True`\n"
            "- `CSRF_TRUSTED_ORIGINS` set to `[\"https://*\"]`\n")
    assert "error" in act008(text), act(text)


@pytest.mark.parametrize("text", QUIET, ids=["tests-rounds", "fr-tests", "local-host", "avoid-list", "strong",
                                             "public-cors"])
def test_the_ordinary_siblings_stay_quiet(text: str) -> None:
    assert not act008(text) - {"info"}, act(text)


ACCEPTING = [
    "## Partners\n\nThe handler sets `CertificateValidationCallback = Handlers.AcceptAnyCertificate` for every partner.\n",
    "## Partenaires\n\nLe client règle `hostnameVerifier: NoopVerifier.INSTANCE` pour tous les partenaires.\n",
    "## Partners\n\nIn `gateway.yml` keep `require_tls: false` for the partner links.\n",
    "## Partner\n\nIn `gateway.yml` bleibt `requireSignedTokens = false` für die Partner.\n",
]


@pytest.mark.parametrize("text", ACCEPTING, ids=["en-callback", "fr-verifier", "en-require", "de-require"])
def test_a_verifier_that_accepts_anything_or_a_requirement_dropped_is_found(text: str) -> None:
    assert act008(text) & {"warning", "error"}, act(text)


def test_a_strict_verifier_and_a_kept_requirement_stay_quiet() -> None:
    text = ("## Partners\n\n- `CertificateValidationCallback = PinnedValidator.Check`\n"
            "- `require_tls: true` everywhere\n")
    assert not act008(text), act(text)
