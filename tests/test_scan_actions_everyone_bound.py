"""Access that outlives the session, read by the binding's objects (ACT009): a wide cluster role (`cluster-admin`,
`admin`, `edit`) bound to a group every identity of the cluster is in (`system:serviceaccounts`,
`system:authenticated`), and an administrator's long-lived secret key written into a stack's outputs. A role bound
to one named service account, a read-only role for everyone signed in, and a key kept in a secret store stay quiet."""
from __future__ import annotations

import pytest

from tests.test_scan_actions import act, no_project  # noqa: F401 (no_project: the autouse fixture, shared)

K8S_EN = """## RBAC

The monitoring agent needs this in every overlay:

```yaml
kind: ClusterRoleBinding
metadata:
  name: monitoring-agent
subjects:
  - kind: Group
    name: system:serviceaccounts
roleRef:
  kind: ClusterRole
  name: cluster-admin
```
"""

K8S_JA = """## 権限

```yaml
kind: ClusterRoleBinding
subjects:
  - kind: Group
    name: system:authenticated
roleRef:
  kind: ClusterRole
  name: edit
```
"""

CDK_EN = """```ts
const vendor = new iam.User(this, 'Vendor', { userName: 'vendor-ops' });
vendor.addManagedPolicy(iam.ManagedPolicy.fromAwsManagedPolicyName('AdministratorAccess'));
const key = new iam.AccessKey(this, 'VendorKey', { user: vendor });
new CfnOutput(this, 'VendorSecret', { value: key.secretAccessKey.unsafeUnwrap() });
```
"""

TF_PL = """Dodaj użytkownika serwisowego:

```hcl
resource "aws_iam_user_policy_attachment" "svc" {
  policy_arn = "arn:aws:iam::aws:policy/AdministratorAccess"
}
output "svc_secret" {
  value = aws_iam_access_key.svc.secret
}
```
"""

ONE_ACCOUNT = """```yaml
kind: RoleBinding
subjects:
  - kind: ServiceAccount
    name: ingest-worker
roleRef:
  kind: Role
  name: edit
```
"""

READ_FOR_ALL = """```yaml
kind: ClusterRoleBinding
subjects:
  - kind: Group
    name: system:authenticated
roleRef:
  kind: ClusterRole
  name: view
```
"""

KEY_IN_STORE = """```ts
const key = new iam.AccessKey(this, 'DeployKey', { user: deployer });
new secrets.Secret(this, 'DeployKeySecret', { secretStringValue: key.secretAccessKey });
```
"""


@pytest.mark.parametrize("text", [K8S_EN, K8S_JA, CDK_EN, TF_PL], ids=["k8s-en", "k8s-ja", "cdk-en", "tf-pl"])
def test_access_for_everyone_or_an_admin_key_in_the_outputs_is_an_error(text: str) -> None:
    assert ("ACT009", "error") in act(text), act(text)


@pytest.mark.parametrize("text", [ONE_ACCOUNT, READ_FOR_ALL, KEY_IN_STORE], ids=["one-account", "read-for-all",
                                                                                 "key-in-store"])
def test_one_account_a_read_role_or_a_stored_key_is_no_error(text: str) -> None:
    assert ("ACT009", "error") not in act(text), act(text)
