"""What one simple command does, in the terms of the flows: the sources it reads (secret files and variables,
the environment, the agent's own instructions, the repository), the sink it sends to (uploads, posts, form
fields, copies to another host, pushes, gists, mail, DNS names, socket and HTTP one-liners), whether it
executes what it is fed, the safeguard it changes, and the package source it installs from."""
from __future__ import annotations

import re

from guard.scan.lazyre import lazy
from guard.scan.actions.commands import Simple
from guard.scan.actions.payloads import UPLOAD_FLAGS, archive_file, bucket_copy
from guard.scan.actions import clis
from guard.scan.actions.clis import PRINTED_TOKEN

SECRET_FILE = lazy(
    r"(?:^|[/@=~])(?:\.env(?:\.(?!example|sample|template|dist|defaults?\b)[\w.-]+)?|\.ssh(?:/|$)|id_(?:rsa|dsa|ecdsa|"
    r"ed25519)(?!\.pub)\b|\.aws(?:/(?:credentials|config))?|\.kube|\.docker|\.config/gh|\.netrc|_netrc|\.npmrc|\.pypirc|\.git-credentials|\.docker/"
    r"config\.json|\.kube/config|\.m2/settings\.xml|\.gradle/gradle\.properties|"
    r"\.gnupg|shadow$|[\w-]*\.(?:pem|p12|pfx|key|keystore|jks)$|credentials(?:\.json)?$|"
    r"secrets?\.(?:json|ya?ml|toml|txt)$|\.config/gh/hosts\.yml|wallet\.dat|service[-_]account[\w-]*\.json|"
    r"\.vault-token|\.terraformrc|terraform\.tfstate|kubeconfig|\.envrc|\.dev\.vars|\.pgpass|\.my\.cnf|\.boto|"
    r"\.s3cfg|\.dockercfg|\.htpasswd|\.config/gcloud(?:/[\w./-]*)?|[\w-]*application_default_credentials\.json|"
    r"\.mc/config\.json|rclone\.conf|\.cargo/credentials(?:\.toml)?|\.config/hub|\.azure(?:/[\w./-]*)?|\.config/git/credentials|"
    r"sops/age/keys\.txt|\.terraform\.d/credentials\.tfrc\.json|\.config/hcloud/cli\.toml|configstore/firebase-tools\.json|"
    r"\.config/doctl/config\.yaml|\.fly/config\.yml|\.vercel/auth\.json)$", re.I)
CONTEXT_FILE = lazy(r"(?:^|/)(?:CLAUDE\.md|AGENTS\.md|GEMINI\.md|\.cursorrules|copilot-instructions\.md|"
                          r"\.claude(?:/|$)|\.cursor/rules|memory(?:/|\.md$)|\.codex(?:/|$))", re.I)
SECRET_VAR = lazy(r"\$\{?([A-Z][A-Z0-9_]*(?:TOKEN|SECRET|PASSWORD|PASSWD|API_?KEY|ACCESS_KEY|PRIVATE_KEY|"
                        r"CREDENTIALS?|AUTH)[A-Z0-9_]*|(?:DATABASE|DB|REDIS|MONGO(?:DB)?|POSTGRES|PG|MYSQL|AMQP|"
                        r"RABBITMQ)_?(?:URL|URI|DSN))\}?|\$env:(\w*(?:token|secret|password|key)\w*)", re.I)
ENV_DUMP = lazy(r"^(?:env|printenv|set|export|declare)$|^(?:get-childitem|gci|dir|ls)$")
SAFEGUARD_PATH = lazy(
    r"(?:^|/)(?:\.git/hooks|\.githooks|\.husky|\.pre-commit-config\.ya?ml|\.github/workflows|\.gitlab-ci\.ya?ml|"
    r"\.circleci|Jenkinsfile|azure-pipelines\.ya?ml|\.claude/settings(?:\.local)?\.json|\.claude/hooks|"
    r"\.cursor/hooks\.json|\.codex/(?:hooks|config)|\.gemini/settings\.json|\.kguard\.toml|\.kguard[\w-]*baseline"
    r"[\w.-]*|CODEOWNERS|\.github/settings\.yml|\.?lefthook(?:-local)?\.ya?ml|\.secrets\.baseline|"
    r"\.github/dependabot\.ya?ml|\.aider\.conf\.ya?ml|\.cursor/(?:settings|mcp)\.json|\.overcommit\.yml|"
    r"\.gitleaks(?:\.toml|ignore))(?:/|$|\.)", re.I)
SHELLS = frozenset("sh bash zsh dash ksh fish python python3 python2 perl ruby node deno bun php pwsh powershell "
                   "iex invoke-expression eval source .".split())
PROGRAM_SINK = lazy(r"(?:requests|httpx|aiohttp|niquests)\.(?:post|put|patch)|\.(?:post|put)\(\s*[\"']https?:|urlopen|urllib\.request|http\.client|socket\.|"
                          r"fetch\(|axios\.(?:post|put)|XMLHttpRequest|Net::HTTP|IO::Socket|smtplib|"
                          r"Invoke-(?:WebRequest|RestMethod)|WebClient|\.(?:Upload|Post)\w*\(|"
                          r"(?:HTTP|SysLog|Socket)Handler\(", re.I)
PROGRAM_SECRET = lazy(r"os\.environ|process\.env|getenv|\$ENV|ENV\[|\.env\b|id_rsa|id_ed25519|\.ssh|"
                            r"\.aws/credentials|\.netrc|\.git-credentials|Get-ChildItem\s+env:", re.I)
PROGRAM_FETCH_EXEC = lazy(r"(?:exec|eval|Invoke-Expression|iex)\s*\(?[^\n]{0,80}?(?:urlopen|requests\.get|"
                                r"fetch|DownloadString|Invoke-WebRequest|iwr|irm)", re.I)
FORGE_SPEC = lazy(r"^(github|gitlab):(?=[\w.-]+/[\w.-]+)")
CLIENTS = ("curl", "wget", "iwr", "irm", "invoke-webrequest", "invoke-restmethod", "fetch")
CI_SECRET = lazy(r"\$\{\{\s*(?:secrets\.(\w+)|(toJSON\(\s*secrets\s*\)))")
URL_WORD = lazy(r"^(?:[a-z][\w+.-]*://|[\w.-]+@[\w.-]+:)|^git\+", re.I)


def name_of(cmd: Simple) -> str:
    return cmd.name


def secret_of(word: str) -> str | None:
    """What secret a word names: a secret file, the agent's context, a secret variable."""
    path = word.split("=", 1)[1] if "=" in word and not word.startswith("$") else word
    path = path.lstrip("@<").rstrip(",;")
    if SECRET_FILE.search(path):
        return f"the secret file {path}"
    if CONTEXT_FILE.search(path):
        return f"the agent's own instructions ({path})"
    return None


def variable_secret(word: str) -> str | None:
    found = SECRET_VAR.search(word)
    if found:
        return f"the secret variable {found.group(1) or found.group(2)}"
    ci = CI_SECRET.search(word) if "${{" in word else None  # a CI workflow's expression
    if ci is None:
        return None
    return f"the CI secret {ci.group(1)}" if ci.group(1) else "every CI secret (toJSON(secrets))"


def reads(cmd: Simple) -> list[str]:
    """The sources a command reads itself (its file arguments, a dump of the environment)."""
    name = name_of(cmd)
    found = [s for word in cmd.argv[1:] for s in [secret_of(word)] if s]
    found += [s for word in cmd.inputs for s in [secret_of(word)] if s]
    if ENV_DUMP.match(name) and (len(cmd.argv) == 1 or any(a.lower() in ("env:", "-p") for a in cmd.argv[1:])):
        if name not in ("ls", "dir") or any(a.lower() == "env:" for a in cmd.argv[1:]):
            found.append("the whole environment")
    if name in ("gh",) and cmd.argv[1:3] == ["auth", "token"]:
        found.append("the GitHub token")
    elif (printed := PRINTED_TOKEN.get(name)) and any(" ".join(cmd.argv[1:]).startswith(a) for a in printed[0]):
        found.append(printed[1])  # (a credential store or CLI asked to print what it holds)
    if "169.254.169.254" in " ".join(cmd.argv):
        found.append("the cloud metadata credentials")
    if cmd.body and PROGRAM_SECRET.search(cmd.body):
        found.append("secrets read by the inline program")
    return found


def urls_of(cmd: Simple) -> list[str]:
    words = [w.removeprefix("git+") for w in cmd.argv[1:] if URL_WORD.match(w)]
    if cmd.body:
        words += re.findall(r"[a-z][\w+.-]*://[^\s'\"`)]+", cmd.body, re.I)
    return words


def sink(cmd: Simple) -> tuple[str, str] | None:
    """(target, how) when the command carries data out: the target is a URL, host:path, address or DNS name."""
    name, argv = name_of(cmd), cmd.argv
    lowered = [a.lower() for a in argv]
    targets = urls_of(cmd)
    if name in ("curl", "wget", "http", "https", "xh", "iwr", "irm", "invoke-webrequest", "invoke-restmethod"):
        if not targets:
            bare = [a for a in argv[1:] if re.match(r"[\w-]+(?:\.[\w-]+)+(?:[:/]|$)", a) and not a.startswith("-")]
            targets = bare[-1:]
        if not targets:
            return None
        method = next((lowered[i + 1] for i, a in enumerate(lowered[:-1]) if a in ("-x", "--request", "-method")), "")
        posts = (any(a.split("=")[0] in UPLOAD_FLAGS or a.startswith("--post") for a in argv)
                 or any(a in ("-body", "-infile") for a in lowered)
                 or method in ("post", "put", "patch") or name in ("http", "https", "xh") and "post" in lowered)
        carried = any("SUB" in t or "$" in t for t in targets)
        return (targets[-1], "uploads to" if posts else "puts data into the URL of") if posts or carried else None
    if name in ("scp", "rsync", "sftp", "rclone"):
        remote = [a for a in argv[1:]
                  if re.match(r"^(?:[\w.-]+@)?[\w.-]+\.[\w.-]+:|^[a-z]+://", a) and not a.startswith("-")]
        if remote and remote[-1] == [a for a in argv[1:] if not a.startswith("-")][-1]:
            return remote[-1], "copies to"
    if name in ("nc", "ncat", "netcat", "telnet", "socat"):
        hosts = [a for a in argv[1:] if not a.startswith("-") and not a.isdigit()]
        return (hosts[0], "sends over a socket to") if hosts else None
    if name == "logger":  # a log line shipped to a remote syslog collector
        server = [argv[i + 1] for i, a in enumerate(lowered[:-1]) if a in ("-n", "--server")]
        return (server[0], "ships a log line to") if server else None
    if name in ("mail", "mailx", "sendmail", "mutt"):
        address = [a for a in argv[1:] if "@" in a]
        return (address[-1], "mails to") if address else None
    if name in ("dig", "nslookup", "host", "ping", "drill"):
        named = [a for a in argv[1:] if ("SUB" in a or "$" in a) and "." in a]
        return (named[0], "puts data into the DNS name") if named else None
    if name == "gh" and lowered[1:3] == ["gist", "create"]:
        return "https://gist.github.com/", "publishes a gist of"
    if name in ("aws", "gsutil") and any(a.startswith(("s3://", "gs://")) for a in lowered[2:]) \
            and not {"ls", "rm", "mb", "rb"} & set(lowered[1:3]):
        return next(a for a in argv if a.lower().startswith(("s3://", "gs://"))), bucket_copy(lowered)
    if (copied := clis.sink(name, argv, lowered)) is not None:
        return copied
    if cmd.body and PROGRAM_SINK.search(cmd.body) and targets:
        return targets[0], "sends from an inline program to"
    if _feed(name, lowered) and targets and {"--password", "-password", "-p"} & set(lowered):
        return targets[0], "given as a package feed's password to"  # (sent at every restore)
    return None


def _feed(name: str, lowered: list[str]) -> bool:
    """`dotnet nuget add source URL`, `nuget sources add -Source URL`: a package feed registered."""
    return name in ("dotnet", "nuget") and bool({"source", "sources"} & set(lowered[1:4])) and "add" in lowered


CREDENTIAL_FLAGS = frozenset("-h --header -u --user --oauth2-bearer -headers --auth --auth-type".split())


def credentials(cmd: Simple, any_url: bool = False) -> list[tuple[str, str, str]]:
    """(variable, target, header): the secret variables an HTTP client sends as a header or a user, where to
    ("" where no URL is written out, with any_url), and the header's name ("" for a user or a bare value)."""
    if name_of(cmd) not in (*CLIENTS[:-1], "http", "https", "xh"):
        return []
    targets = urls_of(cmd) or ([""] if any_url else [])
    if not targets:
        return []
    argv = cmd.argv
    sent = [(argv[i + 1], a.lower() in ("-u", "--user")) for i, a in enumerate(argv[:-1])
            if a.lower() in CREDENTIAL_FLAGS]
    sent += [(a.split("=", 1)[1], a.lower().startswith("--user=")) for a in argv
             if a.lower().startswith(("--header=", "--user="))]
    sent += [(a, False) for a in argv[1:] if re.match(r"^[\w-]+:\S*\$", a) and "://" not in a]  # httpie: H:$VAR
    return [(m.group(1) or m.group(2), targets[-1], word.split(":", 1)[0].strip() if ":" in word and not user
             else "") for word, user in sent for m in SECRET_VAR.finditer(word)]  # (user:password names no header)


def downloads(cmd: Simple) -> str | None:
    """The URL a command fetches (not an upload)."""
    name = name_of(cmd)
    if name in CLIENTS and (sink(cmd) or ("", "puts data"))[1].startswith("puts data"):  # (a GET's URL may carry data)
        targets = urls_of(cmd)
        return targets[-1] if targets else None
    if cmd.body and PROGRAM_FETCH_EXEC.search(cmd.body):
        targets = urls_of(cmd)
        return targets[0] if targets else "an inline program's download"
    return None


def copies(cmd: Simple) -> tuple[str, set[str], list[str]] | None:
    """cp, mv, install: (the destination, the secrets it now holds, those copied from the home folder or root)."""
    plain = [a for a in cmd.argv[1:] if not a.startswith("-")]
    if cmd.name not in ("cp", "mv", "install") or len(plain) < 2:
        return None
    held = {s for a in plain[:-1] for s in [secret_of(a)] if s}
    home = sorted(s for a in plain[:-1] if a.startswith(("~", "$HOME", "/")) for s in [secret_of(a)]
                  if s and "instructions" not in s)
    return plain[-1].rstrip("/"), held, home


def output_files(cmd: Simple) -> list[str]:
    argv = cmd.argv
    files = list(cmd.outputs)
    for i, arg in enumerate(argv[:-1]):
        if arg in ("-o", "--output", "-O", "-outfile", "-OutFile", "--output-document"):
            files.append(argv[i + 1])
    if name_of(cmd) == "tee":
        files += [a for a in argv[1:] if not a.startswith("-")]
    archive = archive_file(cmd)
    return [*files, archive] if archive else files


def executes(cmd: Simple) -> bool:
    """A shell or interpreter that runs what it is fed: stdin, a -c/-Command argument, eval, source, a script's path."""
    name = name_of(cmd)
    if name not in SHELLS:
        return False
    if "-s" in cmd.argv[1:cmd.argv.index("--") if "--" in cmd.argv else None]:
        return True  # (sh -s -- args: the program from stdin, the words after it its arguments)
    rest = [a for a in cmd.argv[1:] if a == "-" or not a.startswith("-")]  # (python3 - : the program from stdin)
    return not rest or name in ("eval", "iex", "invoke-expression", "source", ".") or bool(cmd.body) \
        or rest[0].startswith(("-", "SUB")) or name in ("sh", "bash", "zsh", "dash", "ksh") and "/" in rest[0]


def safeguard(cmd: Simple) -> str | None:
    """A safeguard the command switches off or rewrites."""
    name, argv = name_of(cmd), cmd.argv
    lowered = [a.lower() for a in argv]
    if name == "git" and "core.hookspath" in lowered:
        value = lowered[lowered.index("core.hookspath") + 1:]
        if value and (value[0].startswith(("/", "~", "$", ".git/")) or ".." in value[0]
                      or value[0] in ("nul", "''", '""')) and value[0].rstrip("/") != ".git/hooks":
            return f"points git's hooks at {argv[lowered.index('core.hookspath') + 1]}"
        if "--unset" in lowered:
            return None
    if name == "git" and any(a in lowered for a in ("--assume-unchanged", "--skip-worktree")):
        hit = [a for a in argv if SAFEGUARD_PATH.search(a)]
        if hit:
            return f"hides changes to {hit[0]} from git"
    if name == "git" and "commit" in lowered and any("[bot]" in a for a in lowered if a.startswith("--author")
                                                     or a.startswith(("user.name=", "user.email="))):
        return "commits under a bot's identity, which review rules let through"
    if name == "gh" and lowered[1:3] == ["pr", "merge"] and "--admin" in lowered:
        return "merges past branch protection (gh pr merge --admin)"
    if name == "gh" and lowered[1:3] == ["pr", "review"] and ("--approve" in lowered or "-a" in lowered):
        return "approves a pull request in place of a reviewer (gh pr review --approve)"
    if name == "gh" and "api" in lowered and any("protection" in a for a in lowered) \
            and any(a in lowered for a in ("delete", "-xdelete", "--method=delete")):
        return "deletes branch protection"
    written = [f for f in output_files(cmd) if SAFEGUARD_PATH.search(f)]
    if written and name in ("detect-secrets", "gitleaks"):  # (its own tool: the documented way, yet every hit accepted)
        return f"regenerates {written[0]}, accepting every secret the scan finds now"
    if name in ("rm", "mv", "truncate", "unlink", "shred", "del", "remove-item", "ln") or \
            (name == "chmod" and any(a.startswith(("-x", "a-x", "u-x", "000", "0")) for a in argv[1:])) or \
            (name in ("sed", "perl") and any(a.startswith("-i") for a in argv[1:])):
        targets = [a for a in argv[1:] if not a.startswith("-")]
        if name in ("mv", "ln"):
            targets = targets[:-1] if name == "mv" else targets[-1:]
        written += [t for t in targets if SAFEGUARD_PATH.search(t)]
    plain = [a for a in argv[1:] if not a.startswith("-")] if name == "cp" else []
    if len(plain) >= 2 and SAFEGUARD_PATH.search(plain[-1]) and plain[0].startswith(("/tmp", "/dev", "~", "$")):
        written.append(plain[-1])
    written = [w for w in written if not w.endswith((".sample", ".legacy", ".bak", ".orig", "~"))]  # (inactive)
    return f"rewrites or removes {written[0]}" if written else None


def dependency(cmd: Simple) -> str | None:
    """The package index or URL an installer is pointed at (the default index is no finding)."""
    name, argv = name_of(cmd), cmd.argv
    lowered = [a.lower() for a in argv]
    installers = ("pip", "pip3", "uv", "uvx", "poetry", "pipx", "npm", "npx", "yarn", "pnpm", "gem", "cargo", "go",
                  "bun")
    if _feed(name, lowered):
        return next((w for w in argv[2:] if URL_WORD.match(w)), None)
    if name not in installers and not (name.startswith("python") and "pip" in lowered):
        return None
    for i, arg in enumerate(lowered[:-1]):
        if arg in ("-i", "--index-url", "--extra-index-url", "--index", "--registry", "--source", "--default-index",
                   "--find-links", "-f", "--git", "--spec"):
            return argv[i + 1]
        if (arg in ("registry", "global.index-url", "global.extra-index-url") or arg.endswith(":registry")) and i > 1 \
                and lowered[i - 1] == "set":  # (@scope:registry: every package of the scope)
            return argv[i + 1]
    for arg in [FORGE_SPEC.sub(r"https://\1.com/", a) for a in argv[1:]]:  # (npx github:owner/repo: that account's)
        low = arg.lower()
        if low.startswith(("--index-url=", "--extra-index-url=", "--registry=", "--index=")):
            return arg.split("=", 1)[1]
        if name == "go" and low.startswith("goproxy="):  # (go env -w GOPROXY=URL,direct)
            return arg.split("=", 1)[1].split(",")[0]
        if ("install" in lowered or "add" in lowered or name in ("uvx", "npx")) and URL_WORD.match(arg):
            return arg
    return None


def pr_body(cmd: Simple) -> bool:
    return cmd.name == "gh" and len(low := [a.lower() for a in cmd.argv]) > 2 and low[1] in ("pr", "issue", "release") \
        and any(a.startswith(("--body", "-b", "--notes", "--title", "-t")) for a in low)
