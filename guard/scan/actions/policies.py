"""Access widened and approvals waived by a setting shown as code, read by the setting's shape: a cloud policy
that allows every action on every resource, or anything but reading to everyone (`"Principal": "*"`,
`allUsers`); a role any GitHub repository may assume (`repo:*` beside GitHub's token issuer); a bucket's
public-access block switched off (ACT009: access that outlives the session); a branch's approvals waived by
their settings (`required_approving_review_count: 0`, `enforce_admins: false`, `dismiss_stale_reviews: false`,
`require_code_owner_reviews: false`) or a ruleset's `bypass_actors` (ACT004); a wide role bound to a personal
mailbox at a public mail provider, Azure's Owner given to a principal written out as a literal ID, a data set
opened to everyone (errors); Azure's built-in Owner role assigned or another account's root trusted to assume a
role (warnings). A public read (a static site's
`s3:GetObject`, a Cloud Run service's `roles/run.invoker`) is no finding."""
from __future__ import annotations

from guard.scan.lazyre import lazy

import re

from guard.scan.context import negated_in_clause, reported_request

TYPE_CHECKING = False
if TYPE_CHECKING:
    from guard.scan.actions.flows import Flow
    from guard.scan.text import Document

# A statement: from an "Effect" (JSON) or a `statement {` (HCL) to the next one, at most 600 characters.
STATEMENT = lazy(r"[\"']?Effect[\"']?\s*[:=]\s*[\"']?Allow\b|\bstatement\s*\{", re.I)
EVERY_ACTION = lazy(r"[\"']?actions?[\"']?\s*[:=]\s*\[?\s*[\"']\*[\"']", re.I)
EVERY_RESOURCE = lazy(r"[\"']?resources?[\"']?\s*[:=]\s*\[?\s*[\"']\*[\"']", re.I)
EVERYONE = lazy(r"[\"']?Principals?[\"']?\s*[:=]\s*(?:[\"']\*[\"']|\{\s*[\"']AWS[\"']\s*:\s*\[?\s*[\"']\*[\"'])|"
                r"\bidentifiers\s*=\s*\[\s*\"\*\"\s*\]", re.I)
ACTIONS = lazy(r"[\"']?actions?[\"']?\s*[:=]\s*(\[[^\]]*\]|[\"'][^\"']*[\"'])", re.I)
READ_ONLY = lazy(r"^[\w-]+:(?:Get|List|Describe)\w*$")
PUBLIC_MEMBER = lazy(r"\b(?:allUsers|allAuthenticatedUsers)\b")
ROLE = lazy(r"\broles/[\w.]+")
READ_ROLE = lazy(r"roles/(?:[\w]+\.)?(?:\w*viewer|\w*reader|invoker|objectViewer|legacyObjectReader)$", re.I)
ANY_REPO = lazy(r"(?<![\w/-])repo:\*")
ISSUER = "token.actions.githubusercontent.com"
BLOCK_OFF = lazy(r"\b(?:block_public_(?:acls|policy)|restrict_public_buckets|ignore_public_acls|block_public_access|"
                 r"BlockPublic(?:Acls|Policy)|RestrictPublicBuckets|IgnorePublicAcls)[\"']?\s*[:=]\s*[\"']?false\b")
WAIVED = lazy(r"\b(?:required_approving_review_count|requiredApprovingReviewCount)[\"']?\s*[:=]\s*0\b|"
              r"\b(?:enforce_admins|dismiss_stale_reviews|require_code_owner_reviews|dismissStaleReviews|"
              r"requireCodeOwnerReviews|isAdminEnforced)[\"']?\s*[:=]\s*[\"']?false\b|"
              r"\bbypass_actors[\"']?[ \t]*[:=][ \t]*(?:\[[ \t]*\{|\[?[ \t]*(?=\r?\n|$))")
# A wide role bound to a member: a personal mailbox at a public mail provider is nobody's in the organisation
# (an error); Azure's built-in Owner, Contributor or User Access Administrator assigned, or another account's
# root trusted beside AdministratorAccess, is access that outlives the session (a warning).
MAILBOX = lazy(r"\b(?:user|serviceAccount|group|member)[:=]\s*[\"']?(?:user:)?[\w.+-]+@(?:gmail|googlemail|outlook|"
               r"hotmail|live|yahoo|proton|protonmail|icloud|qq|163|126|mail|yandex|gmx|web|aol|zoho)\.[a-z.]{2,6}\b",
               re.I)
WIDE_ROLE = lazy(r"\broles/(?:owner|editor|resourcemanager\.organizationAdmin|iam\.securityAdmin)\b", re.I)
AZURE_WIDE = {"8e3af657-a8ff-443c-a75c-2fe8c4bcb635": "Owner", "b24988ac-6180-42a0-ab88-20f7382dd24c": "Contributor",
              "18d7d88d-d35e-4fb5-a5c3-7773c20a72d9": "User Access Administrator"}
AZURE_ROLE = lazy(r"roleDefinitionId[\"']?\s*[:=][^\n]{0,120}?(" + "|".join(AZURE_WIDE) + ")", re.I)
ROOT_TRUST = lazy(r"arn:aws:iam::(\d{12}):root")
ASSUME = lazy(r"assume_?role|AssumeRole|trust(?:ed)?[ _-]?polic|\"Principal\"", re.I)
# A wide Azure role given to a principal written out as a literal object ID: an identity the file cannot show to
# be the project's (a reference such as `data.azurerm_client_config.current.object_id` can).
LITERAL_PRINCIPAL = lazy(r"\bprincipal_?id[\"']?\s*[:=]\s*[\"'][0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-"
                         r"[0-9a-f]{12}[\"']", re.I)
AZURE_WIDE_NAME = lazy(r"(?<![\w-])(?:Owner|Contributor|User Access Administrator)(?![\w-])")
DATASET = lazy(r"\b(?:dataset|bigquery|bq)\b|データセット|数据集|데이터\s?세트", re.I)
STATEMENTS = (b"effect", b"statement")
BLOCKS = (b"public",)
APPROVALS = (b"approving", b"enforce", b"reviews", b"bypass_actors")
BLOCK_WORDS = (b"public", b"blockpublicacls", b"blockpublicpolicy", b"restrictpublicbuckets", b"ignorepublicacls")
APPROVAL_WORDS = (b"approving", b"requiredapprovingreviewcount", b"admins", b"isadminenforced", b"stale",
                  b"dismissstalereviews", b"owner", b"requirecodeownerreviews", b"actors")
MARKS = (b"effect", b"statement", b"principal", b"identifiers", b"allusers", b"allauthenticatedusers", b"repo:*",
         b"public", b"required_approving_review_count", b"requiredapprovingreviewcount", b"enforce_admins",
         b"dismiss_stale_reviews", b"dismissstalereviews", b"require_code_owner_reviews",
         b"requirecodeownerreviews", b"isadminenforced", b"bypass_actors", b"roles/", b"roledefinitionid", b":root",
         b"system:", b"administratoraccess")


def gate(lower: bytes) -> bool:
    return any(m in lower for m in MARKS)


def _named(doc: Document, words: tuple[bytes, ...]) -> bool:
    """One of the words (runs of letters) stands in the text: a set lookup, no scan of the text."""
    return any(w in doc.words for w in words)


def widened(doc: Document) -> list[Flow]:
    from guard.scan.actions.controls import on_lines, warned_against
    from guard.scan.actions.flows import Flow

    if not gate(doc.ascii_lower):
        return []
    text = doc.text
    found: list[tuple[int, int, str, str, str]] = []
    # (each shape only on the lines where its name stands: every alternative holds one of its marks, lower case)
    for head in on_lines(doc, STATEMENT, STATEMENTS) if _named(doc, (b"effect", b"statement")) else ():
        end = STATEMENT.search(text, head.end(), head.end() + 600)
        hi = min(end.start() if end else len(text), head.end() + 600)
        every = EVERY_ACTION.search(text, head.start(), hi)
        if every is not None and EVERY_RESOURCE.search(text, head.start(), hi):
            found.append((every.start(), every.end(), "ACT009", "a policy that allows every action on every resource",
                          "error"))
        public = EVERYONE.search(text, max(0, head.start() - 300), hi)
        actions = ACTIONS.search(text, head.start(), hi) or ACTIONS.search(text, max(0, head.start() - 300), hi)
        if public is not None and not (actions and all(READ_ONLY.match(a) for a in re.findall(
                r"[\"']([^\"']+)[\"']", actions.group(1)))):
            found.append((public.start(), public.end(), "ACT009", "a policy that lets everyone act beyond reading",
                          "error"))
    for member in on_lines(doc, PUBLIC_MEMBER, (b"allusers", b"allauth")) \
            if _named(doc, (b"allusers", b"allauthenticatedusers")) else ():
        lo, hi = max(0, member.start() - 200), member.end() + 200
        roles = [r.group() for r in ROLE.finditer(text, lo, hi)]
        if roles and not all(READ_ROLE.search(r) for r in roles):
            found.append((member.start(), member.end(), "ACT009", f"{roles[0]} granted to {member.group()}", "error"))
        elif DATASET.search(text, text.rfind("\n", 0, member.start()) + 1, member.start()):
            found.append((member.start(), member.end(), "ACT009", f"a dataset opened to {member.group()}: tables are "
                          "data, never a public website", "error"))
    if _named(doc, (b"githubusercontent",)) and ISSUER in text:
        for repo in ANY_REPO.finditer(text):
            lo, hi = text.rfind("\n\n", 0, repo.start()), text.find("\n\n", repo.end())
            if ISSUER in text[max(lo, 0):hi if hi >= 0 else len(text)]:
                found.append((repo.start(), repo.end(), "ACT009", "a cloud role any GitHub repository may assume "
                                                                   "(repo:*)", "error"))
    found += [(m.start(), m.end(), "ACT009", f"a bucket's public-access block switched off: {m.group()}", "warning")
              for m in (on_lines(doc, BLOCK_OFF, BLOCKS) if _named(doc, BLOCK_WORDS) else ())]
    found += [(m.start(), m.end(), "ACT004", f"a branch's approvals waived by its setting: {m.group().strip()}",
               "error") for m in (on_lines(doc, WAIVED, APPROVALS) if _named(doc, APPROVAL_WORDS) else ())]
    found += _granted_to_outsiders(doc)
    flows = []
    for start, end, det_id, message, severity in found:
        if negated_in_clause(doc, start) or warned_against(doc, start) or reported_request(doc, start, end):
            continue
        if det_id == "ACT004" and doc.line_of(start) in doc.fenced_lines:
            severity = "warning"  # (settings docs show such blocks; an order outside a block is an error)
        flows.append(Flow(start, end, det_id, message, severity))
    return flows


# Kubernetes: a wide cluster role bound to a group every identity is in (every service account, every signed-in or
# anonymous caller). AWS: an administrator's long-lived secret key written into a stack's outputs, which everyone
# who can describe the stack reads.
EVERY_SUBJECT = lazy(r"\bname\s*:\s*[\"']?system:(?:serviceaccounts|authenticated|unauthenticated|anonymous)\b")
WIDE_CLUSTER_ROLE = lazy(r"\bname\s*:\s*[\"']?(?:cluster-admin|admin|edit)\b")
KEY_OUTPUT = lazy(r"\bsecret_?access_?key\b[^\n]{0,80}|\baws_iam_access_key\.[\w-]+\.secret\b", re.I)


def _granted_to_outsiders(doc: Document) -> list[tuple[int, int, str, str, str]]:
    text, found = doc.text, []
    for group in EVERY_SUBJECT.finditer(text) if b"system:" in doc.ascii_lower else ():
        window = text[max(0, group.start() - 500):group.end() + 500]
        if "roleRef" in window and (role := WIDE_CLUSTER_ROLE.search(window)):
            found.append((group.start(), group.end(), "ACT009", f"the cluster role {role.group().split(':')[-1].strip()}"
                          f" bound to {group.group().split(':', 1)[-1].strip()}: every such identity", "error"))
    for key in KEY_OUTPUT.finditer(text) if b"administratoraccess" in doc.ascii_lower else ():
        window = text[max(0, key.start() - 600):key.end() + 200]
        if "AdministratorAccess" in window and re.search(r"\bCfnOutput\b|\boutput\s+\"", window):
            found.append((key.start(), key.end(), "ACT009", "an administrator's long-lived access key written into the "
                          "stack's outputs", "error"))
            break
    for member in MAILBOX.finditer(text) if b"@" in doc.ascii_lower and b"roles/" in doc.ascii_lower else ():
        role = WIDE_ROLE.search(text, max(0, member.start() - 200), member.end() + 200)
        if role is not None:
            found.append((member.start(), member.end(), "ACT009", f"{role.group()} granted to a personal mailbox "
                                                                  f"({member.group().split(':', 1)[-1].strip()})", "error"))
    for assigned in AZURE_ROLE.finditer(text) if b"roledefinitionid" in doc.ascii_lower else ():
        found.append((assigned.start(1), assigned.end(1), "ACT009", f"Azure's built-in "
                      f"{AZURE_WIDE[assigned.group(1).lower()]} role assigned", "warning"))
    for root in ROOT_TRUST.finditer(text) if b":root" in doc.ascii_lower else ():
        if "AdministratorAccess" in text[max(0, root.start() - 600):root.end() + 600]:
            found.append((root.start(), root.end(), "ACT009", f"the account {root.group(1)}'s root trusted by a "
                                                              "role with AdministratorAccess", "warning"))
        elif ASSUME.search(text, max(0, root.start() - 300), root.end() + 300):
            found.append((root.start(), root.end(), "ACT009", f"the account {root.group(1)}'s root trusted to assume "
                                                              "a role", "warning"))
    for principal in LITERAL_PRINCIPAL.finditer(text) if b"principal" in doc.ascii_lower else ():
        role = AZURE_WIDE_NAME.search(text, max(0, principal.start() - 200), principal.end() + 200)
        if role is not None and "role_assignment" in text[max(0, principal.start() - 300):principal.end() + 300]:
            found.append((principal.start(), principal.end(), "ACT009", f"Azure's {role.group()} role given to a "
                          "principal written out as a literal ID, not one the project's configuration names", "error"))
    return found
