"""What a command carries besides secrets: a database export, an archive of the repository, the content of the
local files it uploads; and the encoders a CI secret is printed through to get past the log's masking."""
from __future__ import annotations

import re

from guard.scan.lazyre import lazy
from guard.scan.actions.commands import DATABASE, Simple

UPLOAD_FLAGS = frozenset("-d --data --data-binary --data-raw --data-urlencode -F --form --form-string -T "
                         "--upload-file --json --post-data --post-file --body-data --body-file -body -infile".split())
ENCODERS = frozenset("base64 base32 xxd od rev hexdump basenc".split())


def exports(cmd: Simple) -> str | None:
    """The data a database client or dump prints or writes (its query, or the dump)."""
    name, lowered = cmd.name, [a.lower() for a in cmd.argv]
    if name.startswith("python") and lowered[1:2] == ["manage.py"] and lowered[2:3] in (["dumpdata"], ["dbshell"]):
        return "the database (manage.py dumpdata)"
    if name not in DATABASE or cmd.inputs or any(a in ("-f", "--file", "-i", "restore") for a in lowered[1:]) \
            and name in ("psql", "sqlcmd", "mysql", "mariadb", "bq"):
        return None
    return f"a database export ({name})"


# Where a database dump writes (pg_dump -f, mongodump --archive=, mysqldump --result-file): the file holds the data.
DUMP_FILE = frozenset("-f --file --archive --out -o --output --result-file -r --outfile".split())


def dump_file(cmd: Simple) -> str | None:
    """The file a database dump or export writes its data into (not a restore: those read it)."""
    if cmd.name not in DATABASE or exports(cmd) is None or cmd.name in ("psql", "sqlcmd", "mysql", "mariadb", "bq"):
        return None
    for i, arg in enumerate(cmd.argv[1:], 1):
        key, _, value = arg.partition("=")
        if key in DUMP_FILE and (value or i + 1 < len(cmd.argv)) and (value or cmd.argv[i + 1])[:1] != "-":
            return value or cmd.argv[i + 1]
    return None


def bucket_copy(lowered: list[str]) -> str:
    """How a copy to a bucket is told: made readable by anyone (`--acl public-read`, `-a public-read`), it is
    published, not stored."""
    public = any(a in ("--acl", "-a", "--predefined-acl") and lowered[i + 1].replace("_", "-") in (
        "public-read", "public-read-write", "publicread") for i, a in enumerate(lowered[:-1])) \
        or any(a.startswith(("--acl=public-read", "--predefined-acl=publicread")) or "allusers" in a for a in lowered)
    return "publishes to the publicly readable bucket" if public else "copies to the bucket"


def archive_file(cmd: Simple) -> str | None:
    """The file an archiver or `git bundle`/`git archive` writes."""
    name, argv = cmd.name, cmd.argv
    if name == "git" and argv[1:3] == ["bundle", "create"] and len(argv) > 3:
        return argv[3]
    if name == "git" and argv[1:2] == ["archive"]:
        out = [argv[i + 1] for i, a in enumerate(argv[:-1]) if a in ("-o", "--output")]
        return (out or [a.split("=", 1)[1] for a in argv if a.startswith("--output=")] or [None])[0]
    if name == "tar":
        for i, arg in enumerate(argv[1:-1], 1):
            if arg in ("-f", "--file") or re.fullmatch(r"-?[a-zA-Z]*f", arg) and not arg.startswith("--"):
                return argv[i + 1]
    if name in ("zip", "7z"):
        plain = [a for a in argv[1:] if not a.startswith("-")]
        return plain[1] if name == "7z" and len(plain) > 1 else plain[0] if name == "zip" and plain else None
    return dump_file(cmd)


def uploaded(cmd: Simple) -> list[str]:
    """The local files (or "-", standard input) whose content a command sends: curl's -T, -F k=@file and
    --data* @file, wget's --post-file, the files of scp, rsync and a gist."""
    name, argv = cmd.name, cmd.argv
    found = []
    for i, arg in enumerate(argv[:-1]):
        value = argv[i + 1]
        if arg in ("-T", "--upload-file", "--post-file", "--body-file", "-InFile", "-infile"):
            found.append(value)
        elif arg.split("=")[0] in UPLOAD_FLAGS and "@" in value:
            found.append(value.split("@", 1)[1].split(";")[0])
    if name in ("scp", "rsync", "sftp") or name == "gh" and argv[1:3] == ["gist", "create"]:
        found += [a for a in argv[1 if name != "gh" else 3:-1 if name != "gh" else None]
                  if not a.startswith("-") and ":" not in a and a != "create"]
    return [f for f in found if f]


AUTH_HEADER = lazy(r"auth|token|key|cookie|secret|session|bearer|signature|credential|password|pass\b|jwt", re.I)


def authenticates(cmd: Simple) -> bool:
    """The request logs in (a user, a bearer token, an auth header): an account at the host, not a drop."""
    argv = [a.lower() for a in cmd.argv]
    return any(a in ("-u", "--user", "--oauth2-bearer", "--auth") or a in ("-h", "--header", "-headers")
               and AUTH_HEADER.search(argv[i + 1]) for i, a in enumerate(argv[:-1]))


# A form field whose key names a credential, filled from a variable (`-d "password=$P"`, `-F otp=$CODE`): what the
# user typed in, sent on. The keys are the field names forms use for a password, a one-time code or a PIN.
CREDENTIAL_FIELD = lazy(r"^(?:pass(?:word|wd|code)?|pwd|otp|totp|mfa|2fa|pin|passwort|kennwort|wachtwoord|senha|"
                        r"contrase[nñ]a|mot_?de_?passe|mdp|parola|[sş]ifre|l[oö]senord|has[lł]o|heslo|salasana|"
                        r"passord|adgangskode|jelsz[oó]|parol|mat_?khau|kata_?sandi|sandi|sms(?:_?code)?|kod)$", re.I)


def credential_field(cmd: Simple) -> str | None:
    """The key of the first form field that names a credential and takes a variable's value."""
    argv = cmd.argv
    for i, arg in enumerate(argv[1:-1], 1):
        if arg.split("=")[0] in UPLOAD_FLAGS and "=" in argv[i + 1] and "$" in argv[i + 1].split("=", 1)[1]:
            key = argv[i + 1].split("=", 1)[0]
            if CREDENTIAL_FIELD.match(key):
                return key
    return None
