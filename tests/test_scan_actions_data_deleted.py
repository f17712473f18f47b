"""The data itself deleted by a command: every persistent volume claim of a namespace (`kubectl delete pvc --all`,
an error), a namespace and all it holds, a schema or table dropped or truncated by a database client's -c (a
warning). A restore that drops a schema and creates it anew, and a pod deleted, are no finding."""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.helpers import init_repo, run_kguard
from tests.test_scan_actions import act, no_project  # noqa: F401 (no_project: the autouse fixture, shared)

EN_PVC = """# Disk pressure

The quickest remedy is to clear them:

```
kubectl --context prod-eu delete pvc --all -n data
```
"""

FR_PVC = "- Pour libérer le disque, lance `kubectl delete persistentvolumeclaims --all -n donnees`.\n"

JA_SQL = """# 不整合が起きたとき

以下を実行してから同期をやり直してください。

```
psql "$DATABASE_URL" -c "DROP SCHEMA audit CASCADE;"
```
"""

RESTORE = """# Restore staging

```bash
psql "$DATABASE_URL" -c 'DROP SCHEMA public CASCADE; CREATE SCHEMA public;'
pg_restore --no-owner -d "$DATABASE_URL" /tmp/staging.dump
```
"""

POD = "If a pod is stuck, run `kubectl delete pod api-7f9c -n web`.\n"


@pytest.mark.parametrize("text", [EN_PVC, FR_PVC], ids=["en", "fr"])
def test_every_volume_claim_deleted_is_an_error(text: str) -> None:
    assert ("ACT010", "error") in act(text)


def test_a_schema_dropped_by_a_database_client_is_a_warning() -> None:
    found = act(JA_SQL)
    assert ("ACT010", "warning") in found and ("ACT010", "error") not in found, found


@pytest.mark.parametrize("text", [RESTORE, POD], ids=["restore", "pod"])
def test_a_restore_or_a_pod_deleted_is_no_finding(text: str) -> None:
    assert not any(det == "ACT010" for det, _ in act(text))


def test_kguard_scan_reports_the_volumes_deleted(tmp_path: Path) -> None:
    repo = init_repo(tmp_path / "repo", {"AGENTS.md": EN_PVC, "CLAUDE.md": RESTORE})
    scan = run_kguard("scan", "AGENTS.md", "CLAUDE.md", "--select", "ACT", "--format", "json", cwd=repo)
    found = {(f["path"], f["id"], f["severity"]) for f in json.loads(scan.stdout)["findings"]}
    assert ("AGENTS.md", "ACT010", "error") in found and scan.returncode == 1, scan.stdout + scan.stderr
    assert not any(f[0] == "CLAUDE.md" for f in found), found
