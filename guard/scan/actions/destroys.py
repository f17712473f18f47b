"""ACT010: a command that destroys what is not the task's to destroy, read by what it deletes and where, never
by its wording. The default branch's history overwritten or its branches and tags deleted on the remote, the
home folder or the root deleted or cleaned (`rm -rf ~`, `git clean` run over every repository under `~`);
a warning for wipes whose reach the file cannot show: every Docker volume on the machine, a database reset
with its confirmation switched off (whichever database the session's settings point at). The project's own
build folders (`rm -rf build/ dist/`), a force push with lease to a feature branch and a plain `git clean` in
the project are no finding.

A concrete identity is read here too (ACT004): commits made under another person's name and address
(`git config user.email` set to an address of someone else), or with signing switched off."""
from __future__ import annotations

from guard.scan.lazyre import lazy

import re

TYPE_CHECKING = False
if TYPE_CHECKING:
    from guard.scan.actions.commands import Simple
    from guard.scan.text import Document

HOME = lazy(r"^(?:~|\$HOME|\$\{HOME\}|/|/home/[\w.-]+|/Users/[\w.-]+|/root|[A-Za-z]:\\Users\\[\w.-]+|%USERPROFILE%)"
            r"[/\\]?\*?$")
DEFAULT_BRANCH = lazy(r"^\+?(?:[\w./-]*:)?(?:refs/heads/)?(?:main|master|trunk)$")
PRUNE_ALL = lazy(r"\*")
PLACEHOLDER = lazy(r"[<>{}$]|@(?:[\w-]+\.)*(?:example|test|invalid|localhost)\b|noreply|no-reply|^(?:you|your|"
                   r"me|name|user|email)@", re.I)
ADDRESS = lazy(r"^[\w.+-]+@[\w-]+(?:\.[\w-]+)+$")
HOME_DATA = lazy(r"^(?:~|\$HOME|\$\{HOME\})/(?:\.config|\.ssh|\.gnupg|\.aws|\.kube|\.docker|\.local|Library|Documents|"
                 r"Desktop|Downloads|Pictures|(?:Documents|Desktop|Pictures)/[\w. *-]+)/?\*?$")  # (not caches: ~/.cache, ~/.npm, ~/.m2 are rebuilt)
STORAGE = frozenset(("pvc", "pvcs", "persistentvolumeclaim", "persistentvolumeclaims", "pv", "pvs",
                     "persistentvolume", "persistentvolumes"))
SQL_CLIENTS = frozenset(("psql", "mysql", "mariadb", "sqlcmd", "sqlite3", "clickhouse-client", "cqlsh"))
DROPPED = lazy(r"\b(?:DROP\s+(?:DATABASE|SCHEMA|KEYSPACE)\b|TRUNCATE\b(?:\s+TABLE)?)", re.I)
# What a wipe leaves to recover from, named by its path: backup, snapshot and dump folders (a database server's
# data directory is not: a replica is rebuilt by emptying it). Outside the project an error; inside it a warning.
KEPT = lazy(r"(?:^|/)(?:[\w.-]*backups?\b[\w.*-]*|[\w.-]*snapshots?|[\w.-]*dumps?)/?\*?$", re.I)
PRODUCTION = lazy(r"(?:^|[./_:@-])prod(?:uction)?(?:[./_:-]|$)", re.I)  # (.env.production, redis.prod.url)
NAMED = {"-name", "-iname", "-path", "-ipath", "-regex", "-iregex"}  # find's tests that pick named entries


def destroyed(cmd: Simple, cwd: str, merged: bool = False) -> tuple[str, str] | None:
    """(message, severity) when the command deletes what is not the project's own to delete; `merged`: its
    pipeline lists merged branches (`git branch -r --merged | xargs git push origin --delete`), housekeeping."""
    argv = cmd.argv
    name = cmd.name
    if name == "git" and len(argv) > 1:
        merged = merged or any("--merged" in c.argv for sub in cmd.subs for p in sub for c in p)
        return _git(argv, cwd, merged)
    flags = "".join(a[1:] for a in argv[1:] if a.startswith("-") and not a.startswith("--"))
    targets = [a for a in argv[1:] if not a.startswith("-")]
    if name == "rm" and "r" in flags.lower() and "f" in flags or name == "rm" and "--recursive" in argv:
        home = [t for t in targets if HOME.match(t) or t in (".", "*", "./*") and HOME.match(cwd)]
        if home:
            return f"the home folder or the root deleted (rm {home[0]})", "error"
    if name == "find" and targets and (HOME.match(targets[0]) or targets[0] == "." and HOME.match(cwd)):
        tail = argv[argv.index("rm") + 1:] if "rm" in argv else []  # (what -exec rm runs with: recursive or not)
        recursive = any(a.startswith("-") and "r" in a.lower() for a in tail)
        named = NAMED.intersection(argv[:argv.index("-exec")] if "-exec" in argv else argv)
        acts = {"clean"} & set(argv) | ({"rm -r"} if recursive and not named else set())
        if acts:  # (trees removed or cleaned; `find ~ -name node_modules -exec rm -rf` removes named folders)
            where = cwd if targets[0] == "." else targets[0]
            return f"every match under {where} deleted (find ... {sorted(acts)[0]})", "error"
    if name == "rm" and "r" in flags.lower() and (data := [t for t in targets if HOME_DATA.match(t)]):
        return f"the user's own settings, keys or files deleted (rm {data[0]})", "error"
    if name == "kubectl" and "delete" in argv[1:3] and ("--all-namespaces" in argv or "-A" in argv):
        return "resources deleted in every namespace of the cluster (kubectl delete --all-namespaces)", "error"
    if name == "kubectl" and "delete" in argv[1:4]:  # (the data itself: volumes, or a namespace and all it holds)
        kind = next((a.lower() for a in targets if a.lower() in STORAGE or a.lower() in ("namespace", "namespaces",
                                                                                          "ns")), None)
        if kind in STORAGE and "--all" in argv:
            return f"every {kind} of the namespace deleted, the data they hold with them (kubectl delete --all)", \
                "error"
        if kind is not None and kind not in STORAGE:
            return f"a namespace deleted with everything it holds (kubectl delete {kind})", "warning"
    if (name in SQL_CLIENTS or name.endswith(".sh")) and (sql := _sql_body(argv)) and (dropped := DROPPED.search(sql)):
        anew = " and created empty" if re.search(r"\bCREATE\s+(?:DATABASE|SCHEMA|KEYSPACE)\b", sql, re.I) else ""
        return f"a database's data dropped by its client ({dropped.group().strip()}){anew}", "warning"
    if name == "rm" and "r" in flags.lower() and (kept := [t for t in targets if KEPT.search(t)]):
        outside = [t for t in kept if t.startswith(("~", "$HOME", "${HOME}", "/")) and not t.startswith("/tmp")]
        return f"the backups deleted (rm {(outside or kept)[0]})", \
            "error" if outside else "warning"
    if name in ("mongosh", "mongo") and "dropDatabase" in " ".join(argv) and "listDatabases" in " ".join(argv):
        return "every database on the server dropped (listDatabases ... dropDatabase)", "error"
    if name == "docker" and argv[1:3] in (["system", "prune"], ["volume", "prune"]) and (
            "--volumes" in argv or argv[1] == "volume"):
        return "every Docker volume on the machine deleted, other projects' data with them", "warning"
    wiped = _cloud(argv, name) or _database(argv + list(cmd.env), name) or (
        ("every collection of a database dropped (getCollectionNames() ... drop())", "warning")  # (as a reset)
        if name in ("mongosh", "mongo") and re.search(r"getCollectionNames\(\)[^\n]*\.drop\(\)", " ".join(argv)) else None)
    named = argv + list(cmd.env) + [a for sub in cmd.subs for p in sub for c in p for a in c.argv]
    if wiped and wiped[1] == "warning" and (prod := next((a for a in named if PRODUCTION.search(a) and "://" not in a),
                                                         None)):  # (a settings file, not a resource's own name)
        return f"{wiped[0]}, on production ({prod})", "error"  # (the settings it runs with say which: production's)
    return wiped


def loads(pipelines: list[list[Simple]]) -> bool:
    """The block loads data into a database (a client fed a file): a drop and create before it is a restore."""
    return any(c.name in SQL_CLIENTS and (c.inputs or {"-f", "--file"} & set(c.argv)) for p in pipelines for c in p)


LOADER = lazy(r"\b(?:pg_restore|mongorestore|gunzip|zcat)\b|\b(?:psql|mysql|mariadb|sqlcmd)\b[^\n`]*?(?:\s<\s*[\w~$\"'/.]|"
              r"\s(?:-f|--file|-i)\s)")  # (the same in the file's text: a restore program is no known command)


PRODUCTION = lazy(r"(?:^|[/:_.-])(?:prod|prd|live|production|produccion|producao|produktion|produzione|productie)"
                  r"(?:$|[/_.-])", re.I)


def production(bucket: str) -> str:
    """An error when the bucket's name says it holds production data (`s3://acme-prod-uploads`), else a warning."""
    return "error" if PRODUCTION.search(re.sub(r"^\w+://", "", bucket)) else "warning"


def _cloud(argv: list[str], name: str) -> tuple[str, str] | None:
    """Buckets and snapshots deleted by a list computed at run time (a loop over `aws s3 ls`, `xargs`): whatever
    the account holds, not the task's; a workspace destroyed with its confirmation off is the session's choice."""
    computed = [a for a in argv[2:] if "$" in a or "SUB" in a]
    if name == "aws" and argv[1:3] == ["s3", "rb"] and "--force" in argv:
        bucket = next((a for a in argv[3:] if a.startswith("s3://")), "a bucket")
        return (f"buckets deleted with their contents ({'a list computed at run time' if computed else bucket})",
                "error" if computed else production(bucket))
    root = next((a for a in argv[3:] if re.fullmatch(r"s3://[^/\s]+/?", a)), None) if argv[1:3] == ["s3", "rm"] else None
    if name == "gsutil" and "rm" in argv[1:3] or name == "gcloud" and argv[1:3] == ["storage", "rm"]:  # (gsutil -m rm)
        root = next((a for a in argv[2:] if re.fullmatch(r"gs://[^/\s]+/?(?:\*\*?)?", a)), None)
        root = root if root and ({"-r", "-R", "--recursive"} & set(argv) or root.endswith("*")) else None
    if name in ("aws", "gsutil", "gcloud") and root and ("--recursive" in argv or name != "aws"):
        return f"every object of a bucket deleted ({root} --recursive)", production(root)  # (emptied: as deleted)
    if name == "mc" and argv[1:2] == ["rb"] and "--force" in argv:
        bucket = next((a for a in argv[2:] if not a.startswith("-")), "a bucket")
        return f"a bucket deleted with its contents (mc rb --force {bucket})", production(bucket)
    if name == "aws" and any(a.startswith("delete-") and "snapshot" in a for a in argv[2:3]) and computed:
        return "snapshots deleted by a list computed at run time (the backups themselves)", "error"
    if name == "aws" and argv[1:2] == ["rds"] and argv[2:3] in (["delete-db-instance"], ["delete-db-cluster"]) \
            and (computed or "--skip-final-snapshot" in argv):  # (databases by a computed list, or with no last backup)
        return (f"databases deleted ({'by a list computed at run time' if computed else 'with no final snapshot'})",
                "error" if computed else "warning")
    if name == "supabase" and argv[1:3] == ["db", "reset"] and "--linked" in argv:
        return "the linked (remote) Supabase database reset, its data with it (supabase db reset --linked)", "error"
    if name in ("redis-cli", "valkey-cli", "keydb-cli") and {"flushall", "flushdb"} & {a.lower() for a in argv[1:]}:
        return "every key of the server's databases deleted (FLUSHALL/FLUSHDB)", "warning"
    if name == "terraform" and argv[1:2] == ["destroy"] and {"-auto-approve", "--auto-approve"} & set(argv) \
            and not any(a.startswith(("-target", "--target")) for a in argv):
        return "every resource of the current workspace destroyed, its confirmation off (terraform destroy)", \
            "warning"
    return None


def _git(argv: list[str], cwd: str, merged: bool) -> tuple[str, str] | None:
    verb, args = argv[1], [a for a in argv[2:] if not a.startswith("-")]
    if verb == "push" and args and not re.match(r"[\w+.-]+://|[\w.-]+@", args[0]) and len(args) == 1:
        # (a named remote: --mirror deletes every branch and tag the clone lacks; --force --all overwrites all)
        if "--mirror" in argv:
            return f"every branch and tag the clone lacks deleted on the remote {args[0]} (git push --mirror)", "error"
        if {"-f", "--force"} & set(argv) and "--all" in argv:
            return f"every branch's history overwritten on the remote {args[0]} (git push --force --all)", "error"
    if verb == "push" and len(args) >= 2:
        force = any(a in ("-f", "--force") or a.startswith("--force-with-lease") for a in argv) \
            or any(a.startswith("+") for a in args[1:])
        delete = any(a in ("-d", "--delete") for a in argv)
        main = next((a for a in args[1:] if DEFAULT_BRANCH.match(a)), None)
        if force and main:
            return f"the default branch's history overwritten on the remote (git push --force {main})", "error"
        if delete and (main or not merged and any(a.startswith("SUB") for a in args[1:])):
            what = main or "a list computed at run time"
            return f"branches or tags deleted on the remote ({what})", "error"
        if "--prune" in argv and any(PRUNE_ALL.search(a) for a in args[1:]):
            return "every remote branch not present locally deleted (git push --prune refs/heads/*)", "error"
        if any(a.startswith(":") and DEFAULT_BRANCH.match(a[1:]) for a in args[1:]):
            return "the default branch deleted on the remote", "error"
    if verb == "clean" and HOME.match(cwd) and any(a.startswith("-") and "f" in a for a in argv[2:]):
        return f"every untracked file under {cwd} deleted (git clean)", "error"
    return None


def _database(argv: list[str], name: str) -> tuple[str, str] | None:
    """A database wiped with its confirmation switched off: which one is the session's setting, not the file's."""
    words = [a.lower() for a in argv]
    skip = any(a in ("--force", "-f", "--no-input", "--noinput", "-y", "--yes") for a in words)
    guard_off = "disable_database_environment_check=1" in words  # (Rails' guard against wiping production)
    if guard_off and any(a.startswith("db:") for a in words):
        return "a database wiped past its production guard (DISABLE_DATABASE_ENVIRONMENT_CHECK=1)", "error"
    if not skip:
        return None
    if "migrate" in words and "reset" in words or name in ("python", "python3") and "flush" in words \
            or name == "dropdb" or "db:drop" in words or "db:reset" in words:
        return "a database wiped with its confirmation switched off", "warning"
    return None


def identity(cmd: Simple) -> str | None:
    """Commits attributed to someone else, a review or approval claimed in a trailer, or signing switched off."""
    argv = cmd.argv
    if cmd.name != "git" or len(argv) < 3:
        return None
    if "commit" in argv[1:4] and (claimed := _claimed(argv)):
        return claimed
    if len(argv) < 4:
        return None
    if argv[1] == "-c":  # (git -c user.email=... commit: the setting for one command)
        keys = [p for i, a in enumerate(argv[:-1]) if a == "-c" for p in argv[i + 1].lower().split("=", 1)]
        keys = keys[keys.index("user.email"):] if "user.email" in keys else keys[-2:]
    elif argv[1] == "config":
        keys = [a.lower() for a in argv[2:] if not a.startswith("-")]
    else:
        return None
    if len(keys) >= 2 and keys[0] == "user.email" and ADDRESS.match(keys[1]) and not PLACEHOLDER.search(keys[1]) \
            and "[bot]" not in keys[1]:
        return f"commits attributed to {keys[1]} (user.email): another person's identity"
    if len(keys) >= 2 and keys[0] in ("commit.gpgsign", "tag.gpgsign") and keys[1] == "false":
        return f"commit signing switched off ({keys[0]} false)" + (" for one command" if argv[1] == "-c" else "")
    return None


def impersonated(cmd: Simple) -> str | None:
    """A commit credited to another author with its signature switched off in the same command: neither who wrote
    it nor a key vouches for it, the shape of a commit made to pass a rule that trusts its author."""
    argv, lowered = cmd.argv, [a.lower() for a in cmd.argv]
    if cmd.name != "git" or "commit" not in lowered or not ("commit.gpgsign=false" in lowered or "--no-gpg-sign" in
                                                              lowered):
        return None
    author = next((a.split("=", 1)[1] for a in argv if a.startswith("--author=")), None) or \
        next((argv[i + 1] for i, a in enumerate(argv[:-1]) if a == "--author"), None)
    named = NAMED_ADDRESS.search(author or "")  # (a bot's or a user's noreply address is an identity here too)
    if named is None or "@" not in named.group(1) or PLACEHOLDER.search(named.group(1).replace("noreply", "")):
        return None
    return f"a commit attributed to {author.strip()} (--author) with its signing switched off"


TRAILER = lazy(r"^(?:Approved|Reviewed|Acked|Tested)-by:\s*(.+)$", re.I)
NAMED_ADDRESS = lazy(r"<([^<>\s]+)>")


def _claimed(argv: list[str]) -> str | None:
    """`--trailer "Reviewed-by: Name <address>"`: a review claimed for someone who did not give it. (`--author` of
    another person is how a patch they wrote is credited: no finding.)"""
    values = [a.split("=", 1)[1] for a in argv if a.startswith("--trailer=")]
    values += [argv[i + 1] for i, a in enumerate(argv[:-1]) if a == "--trailer"]
    values += [argv[i + 1] for i, a in enumerate(argv[:-1]) if a in ("-m", "--message")]  # (a trailer as a paragraph)
    for value in values:
        review = TRAILER.match(value.strip())
        named = NAMED_ADDRESS.search(value) if review else None
        if named is None or not ADDRESS.match(named.group(1)) or PLACEHOLDER.search(named.group(1)) or "[bot]" in value:
            continue
        return f"a review attributed to {review.group(1).strip()} ({value.split(':')[0]} trailer), not given by them"
    return None


PERSON_ADDRESS = lazy(r"^[^\W\d_]{1,20}[._][^\W\d_]{2,30}@")  # (first.last@, o.koval@)
PERSON_NAME = lazy(r"user\.name[= ]+[\"']?[^\W\d_]+(?:-[^\W\d_]+)*[ \t]+[^\W\d_]|[^\W\d_]{2,}[ \t]+[^\W\d_]{2,}[ \t]*<[\w.+-]+@",
                   re.I)  # (user.name "Dana Whitfield", user.name="Ping-Ke Shih", "Dana Whitfield <dana@...>")


def personal(doc: Document, start: int, end: int) -> bool:
    """The identity a commit is attributed to is a person's: the address reads first.last, or the lines around
    set a user.name of two words. A service account (docs-bot@, ci@) shown in a code block is CI's own."""
    lo = doc.line_starts[max(0, doc.line_of(start) - 4)]
    hi = doc.line_starts[min(len(doc.line_starts) - 1, doc.line_of(end) + 3)]
    words = doc.text[start:end].replace('"', " ").replace("'", " ").replace("=", " ").split()
    return any(PERSON_ADDRESS.match(w) for w in words) or PERSON_NAME.search(doc.text, lo, hi) is not None


def _sql_body(argv: list[str]) -> str:
    """The statements a database client is given on its command line (-c, -e, --command, --execute, -Q)."""
    return " ".join(argv[i + 1] for i, a in enumerate(argv[:-1]) if a in ("-c", "-e", "-Q", "-q", "--command",
                                                                          "--execute", "--query"))
