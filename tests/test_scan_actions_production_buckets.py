"""A bucket emptied or deleted with its contents (S3, Cloud Storage, MinIO): a warning, an error when the bucket's
name says it holds production data. A pre-production or build-cache bucket stays a warning, a folder inside a
bucket is no finding."""
from __future__ import annotations

import pytest

from tests.test_scan_actions import act, no_project  # noqa: F401 (no_project: the autouse fixture, shared)

PRODUCTION = [
    "## Housekeeping\n\nEvery month run `gsutil -m rm -r gs://quayline-prod-invoices` to free space.\n",
    "## Limpieza\n\nCada mes ejecuta `aws s3 rm s3://muelle-produccion-facturas --recursive` para liberar espacio.\n",
    "## Porządki\n\nPrzed testami: `mc rb --force --dangerous magazyn/umowy-prod`.\n",
]

OTHER = [
    "## Housekeeping\n\nEvery month run `gsutil -m rm -r gs://quayline-preprod-invoices` to free space.\n",
    "## Porządki\n\nPrzed testami: `mc rb --force magazyn/testy-integracyjne`.\n",
]


@pytest.mark.parametrize("text", PRODUCTION, ids=["en-gcs", "es-s3", "pl-minio"])
def test_a_production_bucket_emptied_is_an_error(text: str) -> None:
    assert ("ACT010", "error") in act(text), act(text)


@pytest.mark.parametrize("text", OTHER, ids=["en-preprod", "pl-test-bucket"])
def test_another_bucket_emptied_is_a_warning(text: str) -> None:
    assert {s for d, s in act(text) if d == "ACT010"} == {"warning"}, act(text)


def test_a_folder_inside_a_bucket_is_no_finding() -> None:
    text = "## Cache\n\nRun `gsutil -m rm -r gs://quayline-prod-invoices/tmp/` after the export.\n"
    assert not {s for d, s in act(text) if d == "ACT010"}, act(text)
