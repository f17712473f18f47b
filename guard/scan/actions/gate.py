"""Whether the action layer can fire on a text at all, tested on its bytes and words before any action module is
imported (guard/scan/actions/detectors.py): most files hold none of what an action needs to name, and a scan of
them costs a few set lookups instead of the layer's imports."""
from __future__ import annotations

TYPE_CHECKING = False
if TYPE_CHECKING:
    from guard.scan.text import Document

# What an action needs to name, tested on the text's bytes and words before any action module is imported: an
# address ("://", "@", a host with a common top-level domain), a command that carries data without a URL, a
# safeguard, a PowerShell encoded command. A file with none of them (most files) costs two set lookups.
MARKS = (b"://", b"hookspath", b".kguard", b"pre-commit-config", b".githooks", b".husky", b"gitlab-ci",
         b".claude/settings", b".git/hooks", b".github/workflows", b"-enc", b".com", b".net",
         b".org", b".io", b".dev", b".app", b".xyz", b".site", b".top", b".ru", b".cn", b".me", b".cc", b".info",
         b".biz", b".online", b".cloud", b".tech", b".live", b".click",  # (then ACT008's settings, ACT009's footholds)
         b"verify=false", b"verify = false", b"trust-all", b"verify-host", b"rejectunauthorized", b"insecure", b"sslverify", b"ssl_verify",
         b"verify_ssl", b"strict-ssl", b"no-check-certificate", b"cert_none", b"unverified_context",
         b"skipcertificatecheck", b"stricthostkeychecking", b"trusted-host", b"nosec", b"nosemgrep", b"nosonar",
         b"gitleaks:allow", b"allowlist secret", b"eslint-disable", b"noqa: s", b"csrf", b"tls_reject",
         b"gosumdb", b"httpsverify", b"ssl_no_verify", b"auth_disabled", b"disable_auth", b"skip_auth",
         b"certificatevalidation", b"curl -k", b"bashrc", b"zshrc", b".profile", b"zprofile", b"zshenv",
         b"crontab", b"authorized_keys", b"systemctl", b"launchctl", b"launchagents", b"launchdaemons", b"schtasks",
         b"scheduledtask", b"currentversion\\run", b"@reboot", b"includeif", b"fsmonitor", b"sshcommand",
         b"/etc/cron", b"systemd/", b"autostart/", b"sudoers", b".gitconfig", b"ld.so.preload", b"rc.local",
         b"$profile", b"config.fish", b"${{ secrets", b"tojson(secrets",
         b"registry=", b"index-url", b"github:", b"goproxy", b"bypasspermissions", b"bash(*)", b"autoapprove", b"autorun",
         b"authorized_keys", b"mcpservers", b"upload-artifact", b"pull_request_target", b"write-all", b"hostnameverifier",
         b"trustmanager", b"ecb", b"pr merge", b"pr review", b"trustallstrategy", b"validateissuersigningkey",
         b"requirehttpsmetadata", b"validatelifetime", b"ignoreexpiration", b"verify_signature", b"algorithms",
         b"allow_failure", b"continue-on-error", b"md5", b"sha1", b"[bot]", b"bcrypt", b"cleartext", b"leeway", b"hs256",
         b"hs512", b"cors_", b"untrusted", b"skiptls", b"customize.py", b".ipython", b"--restart",  # (configs: settings shown as code)
         b"pip install", b"pip3 install", b"npm install", b"npm i ", b"yarn add", b"pnpm add", b"uv add",
         b"poetry add", b"bun add",  # (ACT005: a package name one slip from a popular one; then ACT010, ACT004)
         b"--force", b"--mirror", b"--all -f", b"-auto-approve", b"snapshot", b"push -f", b"origin +", b"origin :", b"--delete", b"--prune",
         b"git clean", b"rm -r", b"prune", b"reset", b"flush", b"dropdb", b"db:drop", b"kubectl delete", b"drop schema", b"drop database", b"truncate",
         b"dropdatabase", b"user.email", b"--trailer", b"gpgsign", b"--dangerously-", b"--yolo", b"/dev/tcp/", b"/dev/udp/", b"printenv",
         b"gh api", b"deploy-key", b"aws iam", b"iam-policy", b"role assignment", b"chmod 0", b"chmod 6", b"chmod 7",
         b"chmod -r", b"o+r", b"o+w", b"a+r", b"a+w", b"auth refresh", b"--scopes",  # (ACT009: access granted)
         b"principal", b"allusers", b"allauthenticatedusers", b"repo:*", b"--visibility", b"public-read", b"--public-access", b"block_public", b"blockpublic", b"restrict_public", b"approving_review", b"approvingreview", b"enforce_admins", b"isadminenforced", b"dismiss_stale", b"dismissstale", b"code_owner_reviews", b"codeownerreviews", b"bypass_actors",
         b'"effect"', b"effect =", b"arn:aws:iam", b"audit", b"siem", b"--no-verify", b'install"', b"bash_aliases", b".pth", b"tasks.json", b"lefthook", b"secrets.baseline", b"dependabot", b"aider.conf", b"overcommit",
         b"gitleaks", b"ssh-key add", b"clusterrolebinding", b"administratoraccess", b"--protected=false", b"--masked=false", b"tmate", b"flushall", b"flushdb", b"db reset", b"delete-db-", b"ca_bundle", b"ssl_cert_file", b"ssl_verify", b"pg_hba", b"allowany", b"credentials: true", b"allow_origin_regex",
         b"--push", b"--body-file", b"mc mirror", b"mc cp", b"credential fill", b"credential get", b"print-access-token", b"cat >", b"croc ", b"wormhole send", b"tailscale", b"templatedir", b"uses:", b"rev:", b"docker run", b"podman run", b"docker push", b"iam ch", b"getcollectionnames", b"huggingface-cli upload", b"ossutil", b"rclone")  # (policies.py: access widened, approvals waived by a setting)
WORDS = frozenset((b"hooks", b"hook", b"nc", b"ncat", b"netcat",
                   b"socat", b"telnet", b"scp", b"rsync", b"sftp", b"dig", b"nslookup", b"codeowners", b"husky",
                   b"workflows", b"kguard", b"protection", b"circleci", b"jenkinsfile", b"sendmail", b"mutt",
                   b"tls", b"ssl", b"xsrf", b"mfa", b"2fa", b"codeql", b"semgrep", b"bandit", b"dependabot",
                   b"gitleaks", b"trufflehog", b"-k", b"logger", b"gist", b"ngrok", b"cloudflared", b"frpc", b"kubectl"))

INTO_GIT_WORDS = ("提交", "コミット", "커밋", "коммит")  # (ACT006 in prose, outside ASCII)
SECRET_MARKS = (b".env", b"id_rsa", b"id_ed25519", b"id_ecdsa", b".ssh", b"credentials", b".pem", b".netrc", b".npmrc",
                b".pypirc", b"secret", b".kube", b"kubeconfig", b".docker/config", b".m2/settings",
                b".gradle/gradle", b"auth token", b".config/gh", b"show-token")  # (ACT006: a secret added to git or written into a pull request)
INSTRUCTION_MARKS = (b"agents.md", b".agents/", b"claude.", b"gemini.md", b"copilot-instr", b"rules", b"skill.md")


def _address_at(haystack: bytes) -> bool:
    """An "@" followed by a host name with a dot (a mail or scp-like address), not a decorator or a handle."""
    at = haystack.find(b"@")
    while at >= 0:
        tail = haystack[at + 1:at + 64].split(None, 1)[0] if haystack[at + 1:at + 2].strip() else b""
        if b"." in tail.strip(b".,;:)"):
            return True
        at = haystack.find(b"@", at + 1)
    return False


def _into_git(doc: Document, haystack: bytes) -> bool:
    return any(word in haystack for word in (b"git", b"gh ", b"commit", b"pull request", b"pr ")) \
        or any(word in doc.text for word in INTO_GIT_WORDS)


def _instructions_outside(haystack: bytes) -> bool:
    """An instruction file named beside a place outside the project (spread.py's gate, without its import)."""
    return any(m in haystack for m in INSTRUCTION_MARKS) \
        and any(m in haystack for m in (b"~/", b"../", b"$home", b"${home}", b"/home/", b"/users/",
                                        b"%userprofile%", b"gh repo list"))


# A setting loosened (loosened.py): a key's word alone ("verify", "require": a third of real files) opens nothing.
LOOSE_KEYS = (b"verif", b"valid", b"check", b"require", b"pruef", b"tolerance", b"skew", b"cost", b"rounds", b"origin")
LOOSE_VALUES = (b"false", b"=0", b"= 0", b": 0", b":0", b"= off", b": off", b": no", b"= no", b"=no", b": none",
                b"= none", b"disabled", b"'*'", b'"*"', b"`*`", b"=*", b" to 4", b" to 1", b"3600", b"86400")
OFF_VERBS = (b"skip", b"disabl", b"turn off", b"switch off", b"bypass")  # ("skip signature verification": controls.py)


def _loosened(haystack: bytes) -> bool:
    if any(m in haystack for m in LOOSE_KEYS) and any(v in haystack for v in LOOSE_VALUES):
        return True
    at = haystack.find(b"verif")
    while at >= 0:  # (a verb that switches it off just before it)
        if any(v in haystack[max(0, at - 40):at] for v in OFF_VERBS):
            return True
        at = haystack.find(b"verif", at + 5)
    return False


def opens(doc: Document) -> bool:
    haystack = doc.ascii_lower
    return any(mark in haystack for mark in MARKS) or any(word in doc.words for word in WORDS) \
        or _address_at(haystack) or any(mark in haystack for mark in SECRET_MARKS) and _into_git(doc, haystack) \
        or _instructions_outside(haystack) or _loosened(haystack)
